//! The Result tab: the victory points of both players line by line (W8),
//! the difference, the draw threshold and the verdict (with the clock loss
//! of W9), provisional until the game has ended.

use eframe::egui;
use feldherr_warmaster::{DRAW_THRESHOLD, Player, WarmasterGame};

use super::battle::player_colour;
use super::{name, names};
use crate::i18n::Texts;

/// Draws the tab.
pub fn show(ui: &mut egui::Ui, texts: &Texts, game: &WarmasterGame) {
    egui::ScrollArea::vertical()
        .id_salt("wm.result")
        .show(ui, |ui| {
            let names = names(game);
            match &game.end {
                Some(end) => {
                    ui.heading(texts.f(
                        "wm.end.title",
                        &[
                            ("round", &end.round.to_string()),
                            ("name", name(game, end.turn_of)),
                        ],
                    ));
                    for r in &end.reasons {
                        ui.label(format!("- {}", texts.message(&r.message(&names))));
                    }
                }
                None => {
                    ui.colored_label(ui.visuals().warn_fg_color, texts.t("wm.result.provisional"));
                }
            }
            ui.separator();
            let v = game.victory();
            ui.columns(2, |cols| {
                for p in Player::BOTH {
                    let ui = &mut cols[p.index()];
                    let side = &v.sides[p.index()];
                    ui.label(
                        egui::RichText::new(name(game, p))
                            .strong()
                            .size(18.0)
                            .color(player_colour(p)),
                    );
                    if side.lines.is_empty() {
                        ui.weak(texts.t("wm.result.no_lines"));
                    }
                    for line in &side.lines {
                        ui.horizontal(|ui| {
                            ui.label(
                                egui::RichText::new(format!("{:>5}", line.points)).monospace(),
                            );
                            ui.add(egui::Label::new(texts.message(&line.kind.message())).wrap());
                        });
                    }
                    ui.separator();
                    ui.label(
                        egui::RichText::new(format!(
                            "{:>5}  {}",
                            side.total,
                            texts.t("wm.result.total")
                        ))
                        .monospace()
                        .strong(),
                    );
                }
            });
            ui.separator();
            ui.label(texts.f(
                "wm.result.difference",
                &[
                    ("diff", &v.difference.abs().to_string()),
                    ("threshold", &DRAW_THRESHOLD.to_string()),
                ],
            ));
            if game.settings.clock {
                ui.label(texts.t("wm.result.clock_rule"));
            }
            ui.label(
                egui::RichText::new(texts.message(&v.verdict.message(&names)))
                    .strong()
                    .size(20.0),
            );
        });
}
