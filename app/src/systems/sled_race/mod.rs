//! The sled race of the New Year event as a game of its own: the game of
//! `feldherr-sled-race` (track, drivers, rounds inch by inch). The side
//! panel holds the setup forms (settings, drivers) and, once the race runs,
//! the turn and round, whose move it is, every driver's movement dice and
//! the button that opens the next step; the generic resolution panel drives
//! its rolls and choices. The table shows the sleds with their facing,
//! speed and wounds, the six zones of the selected sled and the planned
//! path of the next move. An event hosts the race in its `sled_race` role
//! ([`take_in`]); the record sheet is [`sheet::race_sheet`].

mod forms;
mod on_table;
mod panel;
pub mod sheet;
pub mod take_in;

use eframe::egui;
use feldherr_play::{Game, Lang};
use feldherr_sled_race::{NextStep, Race, RaceEdit};
use feldherr_table::geometry::{Angle, Point};

use super::{GameContext, SystemEdit, SystemGame, SystemInfo, SystemUi};
use crate::app::Command;
use crate::document::{DocumentEdit, GameDoc, GameEdit};
use crate::ui::table_canvas::{HandleEvent, Overlay, PathEvent};

pub use forms::{EntrantForm, SettingsForm};
pub use on_table::{race_overlay, turn_between};
pub use panel::{AngleFor, StepPanel};

/// A sled race.
pub type SledRace = feldherr_sled_race::Race;

/// What the start screen and the sheets know of the sled race.
pub const INFO: SystemInfo = SystemInfo {
    id: "sled_race",
    key: "system.sled",
    playable: true,
    tools: &[],
    catalogues: &[
        ("en", include_str!("i18n/en.json")),
        ("de", include_str!("i18n/de.json")),
    ],
    messages: |code| Lang::from_code(code).map(SledRace::messages),
    record_sheet: Some(record_sheet),
    tool_screen: None,
};

fn record_sheet(
    texts: &crate::i18n::Texts,
    doc: &GameDoc,
) -> Result<feldherr_sheet::Document, String> {
    sheet::race_sheet(texts, doc, crate::sheets::SheetOptions::default())
}

/// The race of a game document; `None` for another system's game.
pub fn race(doc: &GameDoc) -> Option<&Race> {
    match &doc.game {
        SystemGame::SledRace(race) => Some(race),
        _ => None,
    }
}

/// The command that applies a race edit to the open game.
pub fn edit(edit: RaceEdit) -> Command {
    Command::Edit(DocumentEdit::Game(GameEdit::System(SystemEdit::SledRace(
        edit,
    ))))
}

/// Tries `edit` on a copy of the game: the error the engine gives, in its
/// words (with its rule id), or nothing when it would be taken.
pub fn trial(doc: &GameDoc, edit: &RaceEdit) -> Result<(), String> {
    let mut race = race(doc).cloned().ok_or("not a sled race")?;
    let mut table = doc.table_or_default();
    race.apply(edit, &mut table).map_err(|e| e.to_string())
}

/// The sled race screens of one open game.
#[derive(Debug, Default)]
pub struct SledRaceUi {
    settings: SettingsForm,
    entrant: EntrantForm,
    steps: StepPanel,
}

impl SystemUi for SledRaceUi {
    fn side_panel(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_>) {
        let Some(race) = race(ctx.doc) else {
            return;
        };
        if race.state().is_none() {
            self.settings.show(ui, ctx.texts, ctx.doc, ctx.commands);
            ui.separator();
            if let Some(entrant) = forms::entrants_list(
                ui,
                ctx.texts,
                race,
                ctx.players,
                self.entrant.editing(),
                ctx.commands,
            ) {
                self.entrant.load(entrant);
            }
            ui.separator();
            self.entrant
                .show(ui, ctx.texts, ctx.doc, ctx.players, ctx.commands);
            ui.separator();
            forms::start_button(ui, ctx.texts, ctx.doc, ctx.commands);
        } else {
            self.steps.show(ui, ctx);
        }
    }

    fn resolution_header(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_>, index: usize) {
        panel::apply_button(ui, ctx, index);
    }

    fn table_header(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_>) -> Overlay {
        let Some(race) = race(ctx.doc) else {
            return Overlay::default();
        };
        self.steps.table_header(ui, ctx, race)
    }

    fn handle_event(&mut self, event: HandleEvent, ctx: &mut GameContext<'_>) {
        if let Some(race) = race(ctx.doc) {
            self.steps.handle_event(event, race);
        }
    }

    fn path_event(&mut self, event: PathEvent, ctx: &mut GameContext<'_>) {
        let Some(race) = race(ctx.doc) else {
            return;
        };
        self.steps.path_event(event, race, ctx);
    }
}

/// The sled whose move or turn comes next.
pub fn sled_to_act(race: &Race) -> Option<feldherr_play::Id> {
    match race.next_step()? {
        NextStep::Move(id) | NextStep::Turn(id) => Some(id),
        _ => None,
    }
}

/// The bearing (degrees, CCW from +x) from `from` to `to`, if they differ.
pub fn bearing(from: Point, to: Point) -> Option<f64> {
    (to - from).angle().map(Angle::degrees)
}
