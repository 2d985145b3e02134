//! The fighters' states at a glance (side panel): T and Mor now, states,
//! group and (where the viewer may know it) the commander; states set by
//! hand; the winner as the players record it.

use eframe::egui;
use feldherr_warheim::Warheim;
use feldherr_warheim::{Condition, WarheimEdit};

use super::{error_line, player_label, try_edit, wh};
use crate::systems::GameContext;

/// States a player sets by hand (the others follow from attacks and tests).
const BY_HAND: [Condition; 3] = [Condition::Hidden, Condition::Stupor, Condition::Panic];

/// Draws the side panel section.
pub fn show(
    ui: &mut egui::Ui,
    ctx: &mut GameContext<'_, Warheim>,
    viewer: Option<usize>,
    error: &mut Option<String>,
) {
    let texts = ctx.texts;
    let game = wh(ctx.doc);
    ui.label(egui::RichText::new(texts.t("wh.states.title")).strong());
    if game.rosters.is_empty() {
        ui.label(texts.t("wh.states.none"));
    }
    for (p, roster) in game.rosters.iter().enumerate() {
        ui.label(egui::RichText::new(player_label(texts, game, p)).underline());
        let commander = match viewer {
            None => roster.commander,
            Some(v) => game.commander_seen(p, v),
        };
        for f in &roster.fighters {
            let state = f.current();
            let mut marks: Vec<&str> = state.conditions.iter().map(|c| texts.t(c.key())).collect();
            if marks.is_empty() {
                marks.push(texts.t("warheim.state.standing"));
            }
            let star = if commander == Some(f.id) {
                format!(" ({})", texts.t("wh.commander_mark"))
            } else {
                String::new()
            };
            let line = texts.f(
                "wh.states.line",
                &[
                    ("name", &format!("{}{star}", f.name)),
                    ("t", &state.t.to_string()),
                    ("t0", &f.profile.t.to_string()),
                    ("mor", &state.mor.to_string()),
                    ("states", &marks.join(", ")),
                ],
            );
            let colour = if f.down() {
                ui.visuals().error_fg_color
            } else if f.has(Condition::Panic) || f.has(Condition::Stupor) {
                ui.visuals().warn_fg_color
            } else {
                ui.visuals().text_color()
            };
            egui::CollapsingHeader::new(egui::RichText::new(line).color(colour))
                .id_salt(("wh.state", f.id.0))
                .show(ui, |ui| {
                    if let Some(g) = roster.group_of(f.id) {
                        ui.label(texts.f("wh.states.group", &[("group", &g.name)]));
                    }
                    ui.horizontal_wrapped(|ui| {
                        for c in BY_HAND {
                            let mut on = f.has(c);
                            if ui.checkbox(&mut on, texts.t(c.key())).changed() {
                                *error = try_edit(
                                    ctx.doc,
                                    ctx.commands,
                                    ctx.texts,
                                    WarheimEdit::SetCondition {
                                        fighter: f.id,
                                        condition: c,
                                        on,
                                    },
                                )
                                .err();
                            }
                        }
                    });
                });
        }
    }
    error_line(ui, error.as_ref());
    if game.rosters.len() >= 2 {
        ui.separator();
        ui.label(egui::RichText::new(texts.t("wh.result.title")).strong());
        let shown = match game.result {
            None => texts.t("wh.result.open").to_owned(),
            Some(None) => texts.t("wh.result.draw").to_owned(),
            Some(Some(w)) => texts.f(
                "wh.result.winner",
                &[("player", &player_label(texts, game, w))],
            ),
        };
        ui.label(shown);
        ui.horizontal_wrapped(|ui| {
            for p in 0..game.rosters.len() {
                if ui
                    .button(texts.f("wh.result.won", &[("name", &player_label(texts, game, p))]))
                    .clicked()
                {
                    *error = try_edit(
                        ctx.doc,
                        ctx.commands,
                        ctx.texts,
                        WarheimEdit::RecordResult(Some(p)),
                    )
                    .err();
                }
            }
            if ui.button(texts.t("wh.result.record_draw")).clicked() {
                *error = try_edit(
                    ctx.doc,
                    ctx.commands,
                    ctx.texts,
                    WarheimEdit::RecordResult(None),
                )
                .err();
            }
        });
    }
}
