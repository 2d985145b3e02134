//! What a rule system's folder gives the app: [`SystemInfo`] for the start
//! screen, the command line and the sheets, and a [`SystemUi`] per open
//! game for its screens.

use eframe::egui;
use feldherr_dice::Dice;
use feldherr_sheet::Document as SheetDocument;

use crate::app::Command;
use crate::document::GameDoc;
use crate::i18n::Texts;
use crate::ui::table_canvas::{HandleEvent, Overlay, PathEvent, TableCanvas};

/// A tab of the game screen a system adds beside Table and Resolution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tab {
    /// Stable id, e.g. `units`.
    pub id: &'static str,
    /// Catalogue key of its label.
    pub label: &'static str,
}

/// What the central area of the game screen shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum View {
    /// The table canvas.
    #[default]
    Table,
    /// The selected resolution.
    Resolution,
    /// A tab of the system.
    System(&'static str),
}

/// A start-screen tool that works without a document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StartTool {
    /// Stable id, passed back to [`super::tool_screen`].
    pub id: &'static str,
    /// Catalogue key of its button.
    pub label: &'static str,
}

/// Lays out the record sheet of a game.
pub type RecordSheet = fn(&Texts, &GameDoc) -> Result<SheetDocument, String>;

/// Makes the screen of a start-screen tool, by tool id.
pub type MakeTool = fn(&str) -> Option<Box<dyn ToolScreen>>;

/// What the app knows of a system without an open game.
#[derive(Debug, Clone, Copy)]
pub struct SystemInfo {
    /// The `system` tag of its games.
    pub id: &'static str,
    /// Catalogue key prefix: `<prefix>.name`, `<prefix>.about`,
    /// `<prefix>.works`, `<prefix>.missing`.
    pub key: &'static str,
    /// Whether a game of it can be played in the app today.
    pub playable: bool,
    /// Its tools on the start screen.
    pub tools: &'static [StartTool],
    /// Its catalogue of UI strings per language: (code, JSON).
    pub catalogues: &'static [(&'static str, &'static str)],
    /// The message catalogue of its rule crate for a language code.
    pub messages: fn(&str) -> Option<&'static str>,
    /// Its record sheet of a game, if it has one.
    pub record_sheet: Option<RecordSheet>,
    /// The screen of one of its [`StartTool`]s, by tool id.
    pub tool_screen: Option<MakeTool>,
}

/// A screen that works without a document (a start-screen tool).
pub trait ToolScreen: std::fmt::Debug {
    /// Draws the screen.
    fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        dice: &mut Dice,
        commands: &mut Vec<Command>,
    );
}

/// Everything a system's screens get for one frame.
#[derive(Debug)]
pub struct GameContext<'a> {
    /// The strings of the current language.
    pub texts: &'a Texts,
    /// The game document.
    pub doc: &'a GameDoc,
    /// Commands applied after the frame.
    pub commands: &'a mut Vec<Command>,
    /// Dice for random rolls.
    pub dice: &'a mut Dice,
    /// The table canvas (to start a path, for example).
    pub canvas: &'a mut TableCanvas,
    /// The view shown; a system may switch it.
    pub view: &'a mut View,
    /// The selected resolution.
    pub selected: Option<usize>,
    /// The players (by name) an event names for the game it hosts; empty
    /// for a game of its own.
    pub players: &'a [String],
}

/// A system's screens of one open game. Every method has a default that
/// shows nothing, so a system implements only what it has.
pub trait SystemUi: std::fmt::Debug {
    /// The tabs it adds.
    fn tabs(&self) -> &'static [Tab] {
        &[]
    }

    /// Draws tab `tab`.
    fn show_tab(&mut self, tab: &'static str, ui: &mut egui::Ui, ctx: &mut GameContext<'_>) {
        let _ = (tab, ui, ctx);
    }

    /// Its section of the side panel (forms that start resolutions).
    fn side_panel(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_>) {
        let _ = (ui, ctx);
    }

    /// Drawn above the selected resolution (e.g. an apply button).
    fn resolution_header(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_>, index: usize) {
        let _ = (ui, ctx, index);
    }

    /// Drawn above the table canvas; returns what to draw over the table.
    fn table_header(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_>) -> Overlay {
        let _ = (ui, ctx);
        Overlay::default()
    }

    /// A path drawn on the canvas changed, finished or was cancelled.
    fn path_event(&mut self, event: PathEvent, ctx: &mut GameContext<'_>) {
        let _ = (event, ctx);
    }

    /// Whether a view of its own fills the window (a clock for the
    /// table): the app then leaves out its top bar.
    fn full_screen(&self) -> bool {
        false
    }

    /// A handle of its overlay (see [`crate::ui::table_canvas::OverlayHandle`])
    /// is being dragged or was let go.
    fn handle_event(&mut self, event: HandleEvent, ctx: &mut GameContext<'_>) {
        let _ = (event, ctx);
    }
}

/// The screens of a system that has none of its own yet.
#[derive(Debug, Default)]
pub struct NoUi;

impl SystemUi for NoUi {}

/// The screens of one open event.
pub trait EventUi: std::fmt::Debug {
    /// Draws the event; `revision` changes with every edit of the document.
    fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        doc: &crate::document::EventDoc,
        revision: u64,
        commands: &mut Vec<Command>,
    );

    /// Where the document is saved (`None`: not saved yet), told before
    /// each frame; an event's printing defaults to a folder beside it.
    fn set_location(&mut self, _location: Option<&std::path::Path>) {}

    /// Whether a view of its own fills the window (the projector): the
    /// app then leaves out its top bar.
    fn full_screen(&self) -> bool {
        false
    }
}

/// How `feldherr standings` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StandingsFormat {
    /// An aligned text table.
    Table,
    /// CSV with a header line.
    Csv,
    /// JSON.
    Json,
}

/// What the command line and the sheets need of a kind of event, without
/// any window.
pub trait EventHeadless: Sized {
    /// The standings, printed.
    fn standings(&self, texts: &Texts, format: StandingsFormat) -> Result<String, String>;
    /// Every sheet of the event.
    fn sheets(
        &self,
        texts: &Texts,
        options: crate::sheets::SheetOptions,
    ) -> Result<Vec<crate::sheets::NamedSheet>, String>;
    /// A new, empty event named `name`.
    fn new_named(name: &str) -> Self;
    /// The event from a bare event file of this kind (not wrapped in a
    /// Feldherr document); `None` when the text is not of this kind.
    fn from_bare(text: &str) -> Option<Result<Self, String>>;
}
