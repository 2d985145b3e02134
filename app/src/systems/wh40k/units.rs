//! The Units tab: the battle at a glance. One row per unit in its
//! player's colour: models left of models at the start, its state
//! (fleeing since when, destroyed by whom and how, taken off the table),
//! whom it is locked in close combat with and the combats it fought;
//! below, each unit's history from the game's record (PF1-PF3). The
//! combats recorded change the units; only losses outside close combat
//! (shooting and the like, PF3) are typed here, checked before the click.

use eframe::egui;
use feldherr_play::Id;
use feldherr_wh40k_ffa::words::{combat_named, history_lines, name_of, status_text, unit_of};
use feldherr_wh40k_ffa::{FfaEdit, FreeForAll, Seat, UnitRow, UnitStatus};

use super::{error_line, ffa, rounds::refusal_text};
use crate::i18n::Texts;
use crate::systems::GameContext;
use crate::ui::palette::player_colour;

/// The state of a unit in its row: destroyed and removed units greyed
/// and struck through, fleeing ones in the warning colour.
fn status_cell(ui: &egui::Ui, game: &FreeForAll, texts: &Texts, row: &UnitRow) -> egui::RichText {
    let text = egui::RichText::new(status_text(game, texts, &row.status));
    match row.status {
        UnitStatus::Active => text,
        UnitStatus::Fleeing { .. } => text.color(ui.visuals().warn_fg_color).strong(),
        UnitStatus::Destroyed { .. } | UnitStatus::Removed { .. } => text.weak().strikethrough(),
    }
}

/// The form for losses outside close combat.
#[derive(Debug, Default)]
pub struct UnitsTab {
    unit: Option<Id>,
    lost: String,
    by: Option<Seat>,
}

impl UnitsTab {
    /// Draws the tab.
    pub fn show(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, FreeForAll>) {
        show(ui, ctx);
        ui.separator();
        self.losses(ui, ctx);
    }

    /// Losses outside close combat (PF3), in the current turn.
    fn losses(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, FreeForAll>) {
        let texts = ctx.texts;
        let game = ffa(ctx.doc);
        ui.label(egui::RichText::new(texts.t("ffa.losses.title")).strong());
        if game.current_turn().is_none() {
            ui.weak(texts.t("ffa.combat.no_turn"));
            return;
        }
        let rows: Vec<UnitRow> = game
            .unit_rows()
            .into_iter()
            .filter(|r| !r.status.gone())
            .collect();
        let shown =
            |id: Option<Id>| id.map_or_else(|| "-".to_owned(), |id| unit_of(game, texts, id));
        ui.horizontal_wrapped(|ui| {
            egui::ComboBox::from_label(texts.t("ffa.losses.unit"))
                .selected_text(shown(self.unit))
                .show_ui(ui, |ui| {
                    for r in &rows {
                        ui.selectable_value(&mut self.unit, Some(r.unit), shown(Some(r.unit)));
                    }
                });
            let label = ui.label(texts.t("ffa.losses.lost"));
            ui.add(egui::TextEdit::singleline(&mut self.lost).desired_width(40.0))
                .labelled_by(label.id);
            let by = |seat: Option<Seat>| {
                seat.map_or_else(
                    || texts.t("ffa.losses.nobody").to_owned(),
                    |s| name_of(game, texts, s),
                )
            };
            egui::ComboBox::from_label(texts.t("ffa.losses.by"))
                .selected_text(by(self.by))
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut self.by, None, by(None));
                    for seat in 0..game.players().len() {
                        ui.selectable_value(&mut self.by, Some(seat), by(Some(seat)));
                    }
                });
        });
        let edit = match (self.unit, self.lost.trim().parse::<u32>()) {
            (Some(unit), Ok(lost)) => Ok(FfaEdit::RecordLosses {
                unit,
                lost,
                by: self.by,
            }),
            (None, _) => Err(texts.t("ffa.losses.pick").to_owned()),
            (Some(_), Err(_)) => Err(texts.f(
                "ffa.combat.bad_number",
                &[
                    ("field", texts.t("ffa.losses.lost")),
                    ("value", self.lost.trim()),
                ],
            )),
        }
        .and_then(|edit| match ctx.check(&edit) {
            Ok(()) => Ok(edit),
            Err(e) => Err(refusal_text(texts, &e)),
        });
        if ui
            .add_enabled(
                edit.is_ok(),
                egui::Button::new(texts.t("ffa.losses.record")),
            )
            .clicked()
            && let Ok(edit) = &edit
        {
            ctx.edit(edit.clone());
            self.lost.clear();
        }
        if let Err(why) = &edit
            && (self.unit.is_some() || !self.lost.trim().is_empty())
        {
            error_line(ui, why);
        }
    }
}

/// Draws the list of units and their histories.
fn show(ui: &mut egui::Ui, ctx: &mut GameContext<'_, FreeForAll>) {
    let texts = ctx.texts;
    let game = ffa(ctx.doc);
    ui.heading(texts.t("ffa.units.title"));
    let rows = game.unit_rows();
    if rows.is_empty() {
        ui.weak(texts.t("ffa.units.none"));
        return;
    }
    ui.weak(texts.t("ffa.units.help"));
    // One block per unit: a line with the player, the unit, its models and
    // its state, then (wrapped to the width, so nothing runs off at 1024 x
    // 700) whom it is locked with and the combats it fought.
    for row in &rows {
        let gone = row.status.gone();
        ui.horizontal_wrapped(|ui| {
            super::swatch(ui, row.seat);
            ui.label(
                egui::RichText::new(&row.player)
                    .color(player_colour(row.seat))
                    .strong(),
            );
            let name = egui::RichText::new(&row.name).strong();
            ui.label(if gone {
                name.weak().strikethrough()
            } else {
                name
            });
            ui.label(texts.f(
                "ffa.units.models_of",
                &[
                    ("left", &row.models_left.to_string()),
                    ("start", &row.models_at_start.to_string()),
                ],
            ));
            ui.label(status_cell(ui, game, texts, row));
        });
        let mut details = Vec::new();
        if !row.in_combat_with.is_empty() {
            let locked: Vec<String> = row
                .in_combat_with
                .iter()
                .map(|&u| unit_of(game, texts, u))
                .collect();
            details.push(texts.f("ffa.units.locked_with", &[("units", &locked.join(", "))]));
        }
        if !row.combats.is_empty() {
            let combats: Vec<String> = row
                .combats
                .iter()
                .map(|&c| combat_named(game, texts, c))
                .collect();
            details.push(texts.f("ffa.units.fought", &[("combats", &combats.join("; "))]));
        }
        if !details.is_empty() {
            ui.indent(("ffa.units.details", row.unit), |ui| {
                for line in details {
                    ui.weak(line);
                }
            });
        }
        ui.add_space(2.0);
    }
    ui.separator();
    ui.label(egui::RichText::new(texts.t("ffa.units.histories")).strong());
    for row in &rows {
        let name = unit_of(game, texts, row.unit);
        egui::CollapsingHeader::new(
            egui::RichText::new(texts.f("ffa.units.history", &[("unit", &name)]))
                .color(player_colour(row.seat)),
        )
        .id_salt(("ffa.units.history", row.unit))
        .show(ui, |ui| {
            for line in history_lines(game, texts, row.unit) {
                ui.label(line);
            }
        });
    }
}
