//! What a rule system's folder gives the app: its screens of one game
//! ([`SystemScreens`], typed by the system's game), its interface strings
//! and start-screen tools; and for a kind of event its [`EventUi`].
//!
//! A system's screens see their game through [`GameContext`]:
//! `ctx.game()` is the typed game, `ctx.edit(edit)` sends one of its
//! edits, `ctx.check(&edit)` says before the click whether it would be
//! refused. They emit only [`GameCommand`]s (an edit of their game, a
//! tone, an error to show): never close, undo or language.

use eframe::egui;
use feldherr_dice::Dice;
use feldherr_dice::step::Answer;
use feldherr_host::document::{EventDoc, GameDoc, GameEdit};
use feldherr_host::registry::Registered;
use feldherr_play::PlayError;
use feldherr_table::{Table, TableEdit};

use crate::app::Command;
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
    /// Stable id, passed back to [`SystemScreens::tool_screen`].
    pub id: &'static str,
    /// Catalogue key of its button.
    pub label: &'static str,
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

/// What a system's screens may ask of the app: only what concerns their
/// game.
#[derive(Debug, Clone, PartialEq)]
#[allow(
    clippy::large_enum_variant,
    reason = "a few commands a frame; its size follows the largest system edit, which depends on the systems registered"
)]
pub enum GameCommand {
    /// A change to the game (a system edit, an answer, a table edit).
    Edit(GameEdit),
    /// Play a tone (the clock's warning).
    PlaySound(crate::sound::Tone),
    /// Show an error the screen could not foresee.
    ShowError(String),
}

impl GameCommand {
    /// The command that sends `edit` of game `G`.
    pub fn edit<G: Registered>(edit: G::Edit) -> Self {
        GameCommand::Edit(GameEdit::System(G::wrap(edit)))
    }
}

/// What the generic game screen hands a system's screens for one frame,
/// before it knows the system.
#[derive(Debug)]
pub struct ScreenContext<'a> {
    /// The strings of the current language.
    pub texts: &'a Texts,
    /// The game document.
    pub doc: &'a GameDoc,
    /// Commands applied after the frame.
    pub commands: &'a mut Vec<GameCommand>,
    /// Dice for random rolls.
    pub dice: &'a mut Dice,
    /// The table canvas.
    pub canvas: &'a mut TableCanvas,
    /// The view shown.
    pub view: &'a mut View,
    /// The selected resolution.
    pub selected: Option<usize>,
    /// The players (by name) an event names for the game it hosts.
    pub players: &'a [String],
}

/// Everything a system's screens get for one frame, typed by its game `G`.
#[derive(Debug)]
pub struct GameContext<'a, G> {
    /// The strings of the current language.
    pub texts: &'a Texts,
    game: &'a G,
    /// The game document (name, notes, table).
    pub doc: &'a GameDoc,
    /// Commands applied after the frame; a screen's own helpers push
    /// [`GameCommand`]s here.
    pub commands: &'a mut Vec<GameCommand>,
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

impl<'a, G: Registered> GameContext<'a, G> {
    /// The typed context, when the document's game is of system `G`.
    pub fn of<'b: 'a>(ctx: &'a mut ScreenContext<'b>) -> Option<Self> {
        let game = G::of(&ctx.doc.game)?;
        Some(Self {
            texts: ctx.texts,
            game,
            doc: ctx.doc,
            commands: ctx.commands,
            dice: ctx.dice,
            canvas: ctx.canvas,
            view: ctx.view,
            selected: ctx.selected,
            players: ctx.players,
        })
    }

    /// The game.
    pub fn game(&self) -> &'a G {
        self.game
    }

    /// The table (the system's default table until the first edit).
    pub fn table(&self) -> Table {
        self.doc.table_or_default()
    }

    /// Sends `edit` of the game, applied after the frame (once, by the
    /// host; a refusal is shown).
    pub fn edit(&mut self, edit: G::Edit) {
        self.commands.push(GameCommand::edit::<G>(edit));
    }

    /// Whether `edit` would be accepted now, without sending it: for a
    /// form that says why before the click and disables its button.
    ///
    /// # Errors
    /// What the game would refuse.
    pub fn check(&self, edit: &G::Edit) -> Result<(), PlayError> {
        check_edit::<G>(self.doc, edit)
    }

    /// A button that sends `edit`, enabled only when the game would take
    /// it; otherwise disabled with the refusal beside it, in the words
    /// `why` gives. True when it was clicked (and the edit sent).
    pub fn edit_button(
        &mut self,
        ui: &mut egui::Ui,
        label: &str,
        edit: G::Edit,
        why: &dyn Fn(&PlayError) -> String,
    ) -> bool {
        let refused = self.check(&edit).err().map(|e| why(&e));
        let clicked = crate::ui::checked_button::checked_button(ui, label, refused.as_deref());
        if clicked {
            self.edit(edit);
        }
        clicked
    }

    /// Answers the current prompt of resolution `index`.
    pub fn answer(&mut self, index: usize, answer: Answer) {
        self.commands
            .push(GameCommand::Edit(GameEdit::Answer { index, answer }));
    }

    /// Takes back the last answer of resolution `index`.
    pub fn take_back(&mut self, index: usize) {
        self.commands
            .push(GameCommand::Edit(GameEdit::TakeBack { index }));
    }

    /// Changes the table.
    pub fn table_edit(&mut self, edit: TableEdit) {
        self.commands.push(GameCommand::Edit(GameEdit::Table(edit)));
    }

    /// Shows an error the screen could not foresee.
    pub fn show_error(&mut self, message: String) {
        self.commands.push(GameCommand::ShowError(message));
    }
}

/// The game of system `G` in `doc`, if it is one.
pub fn game_of<G: Registered>(doc: &GameDoc) -> Option<&G> {
    G::of(&doc.game)
}

/// Whether `edit` of game `G` would be accepted by the game in `doc` now,
/// without sending it (tried on a copy of the game and its table): for a
/// form that says why before the click. The one way every system's
/// screens ask this.
///
/// # Errors
/// What the game would refuse; a document of another system refuses too.
pub fn check_edit<G: Registered>(doc: &GameDoc, edit: &G::Edit) -> Result<(), PlayError> {
    let Some(game) = game_of::<G>(doc) else {
        return Err(PlayError::refused(
            format!("this is a {} game", doc.system()),
            None,
        ));
    };
    let mut game = game.clone();
    let mut table = doc.table_or_default();
    game.apply(edit, &mut table)
}

/// A system's screens of one open game, typed by its game. Every method
/// but the constants has a default that shows nothing, so a system
/// implements only what it has; the catalogues and the playable flag it
/// must give (a system without them does not compile).
pub trait SystemScreens: std::fmt::Debug + Default + 'static {
    /// The game these screens show.
    type Game: Registered;

    /// Its interface strings per language: (code, JSON), with the keys
    /// `system.<key>.name`, `.about`, `.works`, `.missing` and its
    /// screens' strings.
    const CATALOGUES: &'static [(&'static str, &'static str)];

    /// Whether a game of it can be played in the app today.
    const PLAYABLE: bool;

    /// Its tools on the start screen.
    const TOOLS: &'static [StartTool] = &[];

    /// The screen of one of its [`StartTool`]s, by tool id.
    fn tool_screen(tool: &str) -> Option<Box<dyn ToolScreen>> {
        let _ = tool;
        None
    }

    /// The tabs it adds.
    fn tabs(&self) -> &'static [Tab] {
        &[]
    }

    /// Draws tab `tab`.
    fn show_tab(
        &mut self,
        tab: &'static str,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, Self::Game>,
    ) {
        let _ = (tab, ui, ctx);
    }

    /// Its section of the side panel (forms that start resolutions).
    fn side_panel(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, Self::Game>) {
        let _ = (ui, ctx);
    }

    /// Drawn above the selected resolution (e.g. an apply button).
    fn resolution_header(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, Self::Game>,
        index: usize,
    ) {
        let _ = (ui, ctx, index);
    }

    /// Drawn above the table canvas; returns what to draw over the table.
    fn table_header(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, Self::Game>,
    ) -> Overlay {
        let _ = (ui, ctx);
        Overlay::default()
    }

    /// A path drawn on the canvas changed, finished or was cancelled.
    fn path_event(&mut self, event: PathEvent, ctx: &mut GameContext<'_, Self::Game>) {
        let _ = (event, ctx);
    }

    /// Whether a view of its own fills the window (a clock for the
    /// table): the app then leaves out its top bar.
    fn full_screen(&self) -> bool {
        false
    }

    /// A handle of its overlay (see [`crate::ui::table_canvas::OverlayHandle`])
    /// is being dragged or was let go.
    fn handle_event(&mut self, event: HandleEvent, ctx: &mut GameContext<'_, Self::Game>) {
        let _ = (event, ctx);
    }
}

/// A system's screens as the generic game screen calls them, before it
/// knows the system: [`Screens`] turns each call into the typed one.
pub trait SystemUi: std::fmt::Debug {
    /// The tabs it adds.
    fn tabs(&self) -> &'static [Tab];
    /// Draws tab `tab`.
    fn show_tab(&mut self, tab: &'static str, ui: &mut egui::Ui, ctx: &mut ScreenContext<'_>);
    /// Its section of the side panel.
    fn side_panel(&mut self, ui: &mut egui::Ui, ctx: &mut ScreenContext<'_>);
    /// Drawn above the selected resolution.
    fn resolution_header(&mut self, ui: &mut egui::Ui, ctx: &mut ScreenContext<'_>, index: usize);
    /// Drawn above the table canvas.
    fn table_header(&mut self, ui: &mut egui::Ui, ctx: &mut ScreenContext<'_>) -> Overlay;
    /// A path drawn on the canvas changed.
    fn path_event(&mut self, event: PathEvent, ctx: &mut ScreenContext<'_>);
    /// Whether its own view fills the window.
    fn full_screen(&self) -> bool;
    /// A handle of its overlay moved.
    fn handle_event(&mut self, event: HandleEvent, ctx: &mut ScreenContext<'_>);
}

/// The one generic adapter: a system's typed screens behind [`SystemUi`].
#[derive(Debug, Default)]
pub struct Screens<S>(pub S);

impl<S: SystemScreens> SystemUi for Screens<S> {
    fn tabs(&self) -> &'static [Tab] {
        self.0.tabs()
    }

    fn show_tab(&mut self, tab: &'static str, ui: &mut egui::Ui, ctx: &mut ScreenContext<'_>) {
        if let Some(mut ctx) = GameContext::of(ctx) {
            self.0.show_tab(tab, ui, &mut ctx);
        }
    }

    fn side_panel(&mut self, ui: &mut egui::Ui, ctx: &mut ScreenContext<'_>) {
        if let Some(mut ctx) = GameContext::of(ctx) {
            self.0.side_panel(ui, &mut ctx);
        }
    }

    fn resolution_header(&mut self, ui: &mut egui::Ui, ctx: &mut ScreenContext<'_>, index: usize) {
        if let Some(mut ctx) = GameContext::of(ctx) {
            self.0.resolution_header(ui, &mut ctx, index);
        }
    }

    fn table_header(&mut self, ui: &mut egui::Ui, ctx: &mut ScreenContext<'_>) -> Overlay {
        match GameContext::of(ctx) {
            Some(mut ctx) => self.0.table_header(ui, &mut ctx),
            None => Overlay::default(),
        }
    }

    fn path_event(&mut self, event: PathEvent, ctx: &mut ScreenContext<'_>) {
        if let Some(mut ctx) = GameContext::of(ctx) {
            self.0.path_event(event, &mut ctx);
        }
    }

    fn full_screen(&self) -> bool {
        self.0.full_screen()
    }

    fn handle_event(&mut self, event: HandleEvent, ctx: &mut ScreenContext<'_>) {
        if let Some(mut ctx) = GameContext::of(ctx) {
            self.0.handle_event(event, &mut ctx);
        }
    }
}

/// The screens of one open event.
pub trait EventUi: std::fmt::Debug {
    /// Draws the event; `revision` changes with every edit of the document.
    fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        doc: &EventDoc,
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

    /// Whether something typed is not saved in the document yet: the app
    /// asks before the document is closed or another one is chosen.
    fn has_unsaved_input(&self) -> bool {
        false
    }

    /// The typed, unsaved input as text of the screen's own format, kept
    /// with the app's session (`None`: nothing to keep).
    fn unsaved_input(&self) -> Option<String> {
        None
    }

    /// Takes back input kept by [`EventUi::unsaved_input`] (the screen was
    /// made anew: another document was shown, the app restarted). Input
    /// the screen cannot read is dropped.
    fn restore_input(&mut self, _input: &str) {}

    /// Opens the screen's own result entry for `table`, filled with
    /// `values` (a result reported from a phone that the organiser
    /// corrects: the share panel's *Correct*).
    fn correct_result(
        &mut self,
        _table: &feldherr_play::EntryTable,
        _values: &feldherr_play::ReportValues,
    ) {
    }
}
