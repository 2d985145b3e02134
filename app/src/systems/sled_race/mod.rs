//! The sled race of the New Year event as a game of its own: the game of
//! `feldherr-sled-race` (track, drivers, rounds inch by inch). The side
//! panel holds the setup forms (settings, drivers) and, once the race runs,
//! the turn and round, whose move it is, every driver's movement dice and
//! the button that opens the next step; the generic resolution panel drives
//! its rolls and choices. The table shows the sleds with their facing,
//! speed and wounds, the six zones of the selected sled and the planned
//! path of the next move. An event hosts the race in its `sled_race` role
//! ([`take_in`]); the record sheet is the crate's
//! (`feldherr_sled_race::race_sheet`).

mod flow;
mod forms;
mod on_table;
mod panel;
pub mod take_in;

use eframe::egui;
use feldherr_host::document::GameDoc;
use feldherr_sled_race::{NextStep, Race, RaceEdit};
use feldherr_table::geometry::{Angle, Point};

use super::{GameCommand, GameContext, SystemScreens, check_edit, game_of};
use crate::i18n::Texts;
use crate::ui::table_canvas::{HandleEvent, Overlay, PathEvent};

pub use forms::{EntrantForm, SettingsForm};
pub use on_table::{race_overlay, turn_between};
pub use panel::{AngleFor, StepPanel};

/// The race of a game document; `None` for another system's game.
pub fn race(doc: &GameDoc) -> Option<&Race> {
    game_of::<Race>(doc)
}

/// The command that applies a race edit to the open game.
pub fn edit(edit: RaceEdit) -> GameCommand {
    GameCommand::edit::<Race>(edit)
}

/// Whether `edit` would be taken: the engine's refusal in the interface
/// language (with its rule id), or nothing.
pub fn trial(doc: &GameDoc, texts: &Texts, edit: &RaceEdit) -> Result<(), String> {
    check_edit::<Race>(doc, edit).map_err(|e| texts.error(&e))
}

/// The sled race screens of one open game.
#[derive(Debug, Default)]
pub struct SledRaceUi {
    settings: SettingsForm,
    entrant: EntrantForm,
    steps: StepPanel,
}

impl SystemScreens for SledRaceUi {
    type Game = Race;
    const CATALOGUES: &'static [(&'static str, &'static str)] = &[
        ("en", include_str!("i18n/en.json")),
        ("de", include_str!("i18n/de.json")),
    ];
    const PLAYABLE: bool = true;

    fn side_panel(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, Race>) {
        let race = ctx.game();
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

    fn resolution_header(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, Race>,
        index: usize,
    ) {
        panel::apply_button(ui, ctx, index);
    }

    fn table_header(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, Race>) -> Overlay {
        let race = ctx.game();
        self.steps.table_header(ui, ctx, race)
    }

    fn handle_event(&mut self, event: HandleEvent, ctx: &mut GameContext<'_, Race>) {
        self.steps.handle_event(event, ctx.game());
    }

    fn path_event(&mut self, event: PathEvent, ctx: &mut GameContext<'_, Race>) {
        let race = ctx.game();
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
