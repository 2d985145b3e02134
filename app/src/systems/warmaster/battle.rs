//! The Battle tab, the turn tracker: the current turn and player, the
//! control of every objective and zone (stated, or computed from the
//! stands on the table with the reason, W4), this turn's EP preview line
//! by line (W5), units lost and the special-rule prompts (Killbox,
//! Verbranntes Land, Lang lebe der Koenig), and the EP per player turn as
//! a table and a chart.

use eframe::egui;
use feldherr_play::Id;
use feldherr_table::Table;
use feldherr_warmaster::{
    Control, ControlDetail, MarkerKind, Player, SpecialRule, Stage, TurnEp, WarmasterEdit,
    WarmasterGame,
};

use super::{edit, name};
use crate::i18n::Texts;
use crate::systems::GameCommand;
use crate::systems::View;

/// Runtime state of the Battle tab.
#[derive(Debug, Default)]
pub struct BattleTab {
    /// The new general chosen per player (W10).
    new_general: [Option<Id>; 2],
}

/// The colour of a player in charts.
pub fn player_colour(player: Player) -> egui::Color32 {
    // The same colour as the player's stands on the table (issue #27).
    crate::ui::palette::player_colour(player.index())
}

/// How a control reads.
pub fn control_text(texts: &Texts, game: &WarmasterGame, control: Control) -> String {
    match control.by {
        None => texts.t("wm.control.nobody").to_owned(),
        Some(p) if control.alone => texts.f("wm.control.alone", &[("name", name(game, p))]),
        Some(p) => name(game, p).to_owned(),
    }
}

fn detail_text(texts: &Texts, game: &WarmasterGame, detail: &ControlDetail) -> String {
    match detail {
        ControlDetail::Marker(m) => texts.f(
            "wm.control.marker_detail",
            &[
                ("a", name(game, Player::A)),
                ("touch_a", &m.touching[0].len().to_string()),
                ("near_a", &m.near[0].len().to_string()),
                ("b", name(game, Player::B)),
                ("touch_b", &m.touching[1].len().to_string()),
                ("near_b", &m.near[1].len().to_string()),
            ],
        ),
        ControlDetail::Zone(z) => texts.f(
            "wm.control.zone_detail",
            &[
                ("a", name(game, Player::A)),
                ("n_a", &z.stands[0].to_string()),
                ("b", name(game, Player::B)),
                ("n_b", &z.stands[1].to_string()),
            ],
        ),
    }
}

impl BattleTab {
    /// Draws the tab.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &WarmasterGame,
        table: &Table,
        commands: &mut Vec<GameCommand>,
        view: &mut View,
    ) {
        egui::ScrollArea::vertical()
            .id_salt("wm.battle")
            .show(ui, |ui| {
                let Some(battle) = &game.battle else {
                    ui.weak(texts.t("wm.battle.not_begun"));
                    return;
                };
                let running = matches!(game.stage(), Stage::Turn { .. });
                ui.heading(texts.f(
                    "wm.turn.title",
                    &[
                        ("round", &battle.round.to_string()),
                        ("name", name(game, battle.turn_of)),
                    ],
                ));
                ui.label(texts.f("wm.battle.rounds", &[("n", &battle.rounds.to_string())]));
                if let Some(end) = &game.end {
                    let names = super::names(game);
                    for r in &end.reasons {
                        ui.colored_label(
                            ui.visuals().warn_fg_color,
                            format!("! {}", texts.message(&r.message(&names))),
                        );
                    }
                    if ui.button(texts.t("wm.guide.to_result")).clicked() {
                        *view = View::System("result");
                    }
                }
                if running {
                    self.control(ui, texts, game, table, commands);
                    preview(ui, texts, game);
                }
                ui.separator();
                self.units(ui, texts, game, running, commands);
                ui.separator();
                ep_table(ui, texts, game);
                ep_chart(ui, texts, game, &game.ep_per_turn());
                ep_lines(ui, texts, game);
            });
    }

    fn control(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &WarmasterGame,
        table: &Table,
        commands: &mut Vec<GameCommand>,
    ) {
        ui.separator();
        ui.label(egui::RichText::new(texts.t("wm.control.title")).strong());
        let current = game.battle.as_ref().and_then(|b| b.turns.last());
        let computed = game.control_from_stands(table);
        if game.stands.is_empty() {
            ui.weak(texts.t("wm.control.no_stands"));
        } else if ui.button(texts.t("wm.control.from_stands")).clicked() {
            edit(commands, WarmasterEdit::ControlFromStands);
        }
        egui::Grid::new("wm.control")
            .striped(true)
            .num_columns(4)
            .show(ui, |ui| {
                for o in &game.objectives {
                    let kind = match o.kind {
                        MarkerKind::Objective => texts.t("wm.control.marker"),
                        MarkerKind::Zone => texts.t("wm.control.zone"),
                    };
                    ui.label(format!("{} ({kind})", o.label));
                    let entry =
                        current.and_then(|t| t.control.iter().find(|c| c.objective == o.id));
                    let shown = entry.map_or_else(
                        || texts.t("wm.control.unset").to_owned(),
                        |c| control_text(texts, game, c.control),
                    );
                    let options = Control::options(o.kind);
                    egui::ComboBox::new(("wm.control.set", o.id.0), texts.t("wm.control.holds"))
                        .selected_text(shown)
                        .show_ui(ui, |ui| {
                            for c in options {
                                if ui
                                    .selectable_label(
                                        entry.is_some_and(|e| e.control == c),
                                        control_text(texts, game, c),
                                    )
                                    .clicked()
                                {
                                    edit(
                                        commands,
                                        WarmasterEdit::SetControl {
                                            objective: o.id,
                                            control: c,
                                        },
                                    );
                                }
                            }
                        });
                    ui.label(if entry.is_some_and(|e| e.from_stands) {
                        texts.t("wm.control.by_stands")
                    } else if entry.is_some() {
                        texts.t("wm.control.stated")
                    } else {
                        ""
                    });
                    let why = computed
                        .iter()
                        .find(|(id, _)| *id == o.id)
                        .map(|(_, d)| {
                            format!(
                                "{} = {}",
                                detail_text(texts, game, d),
                                control_text(texts, game, d.control())
                            )
                        })
                        .unwrap_or_default();
                    ui.weak(why);
                    ui.end_row();
                }
            });
    }

    fn units(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &WarmasterGame,
        running: bool,
        commands: &mut Vec<GameCommand>,
    ) {
        let Some(battle) = &game.battle else {
            return;
        };
        let rule = game.special_rule;
        ui.label(egui::RichText::new(texts.t("wm.units.title")).strong());
        if rule == Some(SpecialRule::LongLiveTheKing) && running {
            ui.horizontal_wrapped(|ui| {
                for p in Player::BOTH {
                    if ui
                        .button(texts.f("wm.units.general_fought", &[("name", name(game, p))]))
                        .clicked()
                    {
                        edit(
                            commands,
                            WarmasterEdit::GeneralFought {
                                player: p,
                                now_ms: super::clock_now(game),
                            },
                        );
                    }
                }
            });
        }
        ui.columns(2, |cols| {
            for p in Player::BOTH {
                let ui = &mut cols[p.index()];
                let bp = game.break_point(p);
                ui.label(
                    egui::RichText::new(
                        texts.f(
                            "wm.units.side",
                            &[
                                ("name", name(game, p)),
                                ("bp", &bp.value.to_string()),
                                (
                                    "lost",
                                    &game
                                        .army(p)
                                        .units
                                        .iter()
                                        .filter(|u| {
                                            u.counts_for_break_point()
                                                && battle.unit_state(p, u.id).destroyed
                                        })
                                        .count()
                                        .to_string(),
                                ),
                            ],
                        ),
                    )
                    .strong()
                    .color(player_colour(p)),
                );
                let general = battle.generals[p.index()];
                let characters: Vec<(Id, String)> = game
                    .army(p)
                    .units
                    .iter()
                    .filter(|u| u.kind.is_character() && Some(u.id) != general)
                    .filter(|u| {
                        let s = battle.unit_state(p, u.id);
                        !s.destroyed && !s.pillaged
                    })
                    .map(|u| (u.id, u.name.clone()))
                    .collect();
                for unit in &game.army(p).units {
                    let s = battle.unit_state(p, unit.id);
                    ui.horizontal_wrapped(|ui| {
                        let mut text = format!("{} ({})", unit.name, unit.points);
                        if general == Some(unit.id) {
                            text.push_str(" (*)");
                        }
                        if s.destroyed {
                            ui.label(
                                egui::RichText::new(format!(
                                    "{text}: {}",
                                    texts.t("wm.units.destroyed")
                                ))
                                .strikethrough(),
                            );
                            return;
                        }
                        if s.pillaged {
                            ui.label(format!("{text}: {}", texts.t("wm.units.pillaged")));
                            return;
                        }
                        ui.label(text);
                        if unit.stands > 1 {
                            let mut lost = s.stands_lost;
                            let label = ui.label(texts.t("wm.units.lost_prefix"));
                            let r = ui
                                .add(
                                    egui::DragValue::new(&mut lost)
                                        .range(0..=unit.stands - 1)
                                        .suffix(format!("/{}", unit.stands)),
                                )
                                .labelled_by(label.id);
                            if lost != s.stands_lost && !r.dragged() {
                                edit(
                                    commands,
                                    WarmasterEdit::StandsLost {
                                        player: p,
                                        unit: unit.id,
                                        lost,
                                    },
                                );
                            }
                        }
                        let slain_general = general == Some(unit.id)
                            && rule == Some(SpecialRule::LongLiveTheKing)
                            && !characters.is_empty();
                        if slain_general {
                            let slot = &mut self.new_general[p.index()];
                            if slot.is_none_or(|id| !characters.iter().any(|(c, _)| *c == id)) {
                                *slot = characters.first().map(|(id, _)| *id);
                            }
                            let chosen = characters
                                .iter()
                                .find(|(id, _)| Some(*id) == *slot)
                                .map_or("-", |(_, n)| n.as_str());
                            egui::ComboBox::new(
                                ("wm.units.new_general", p.index()),
                                texts.t("wm.units.new_general"),
                            )
                            .selected_text(chosen)
                            .show_ui(ui, |ui| {
                                for (id, n) in &characters {
                                    ui.selectable_value(slot, Some(*id), n);
                                }
                            });
                        }
                        if ui
                            .small_button(texts.t("wm.units.destroy"))
                            .on_hover_text(&unit.name)
                            .clicked()
                        {
                            edit(
                                commands,
                                WarmasterEdit::UnitDestroyed {
                                    player: p,
                                    unit: unit.id,
                                    new_general: if slain_general {
                                        self.new_general[p.index()]
                                    } else {
                                        None
                                    },
                                    now_ms: super::clock_now(game),
                                },
                            );
                        }
                        if rule == Some(SpecialRule::ScorchedEarth)
                            && running
                            && ui
                                .small_button(texts.t("wm.units.pillage"))
                                .on_hover_text(&unit.name)
                                .clicked()
                        {
                            edit(
                                commands,
                                WarmasterEdit::Pillaged {
                                    player: p,
                                    unit: unit.id,
                                    now_ms: super::clock_now(game),
                                },
                            );
                        }
                    });
                }
            }
        });
    }
}

fn preview(ui: &mut egui::Ui, texts: &Texts, game: &WarmasterGame) {
    let Stage::Turn { scoring, .. } = game.stage() else {
        return;
    };
    ui.label(egui::RichText::new(texts.t("wm.preview.title")).strong());
    if !scoring {
        ui.weak(texts.t("wm.turn.not_scoring"));
        return;
    }
    for p in Player::BOTH {
        match game.preview_scoring(p) {
            Ok(lines) => {
                let total: i32 = lines.iter().map(|l| l.ep).sum();
                ui.label(
                    egui::RichText::new(texts.f(
                        "wm.preview.side",
                        &[("name", name(game, p)), ("ep", &total.to_string())],
                    ))
                    .color(player_colour(p)),
                );
                for l in lines {
                    ui.label(format!(
                        "   {:+}  {}",
                        l.ep,
                        texts.message(&l.source.message())
                    ));
                }
            }
            Err(e) => {
                ui.colored_label(ui.visuals().error_fg_color, e.to_string());
            }
        }
    }
}

fn ep_table(ui: &mut egui::Ui, texts: &Texts, game: &WarmasterGame) {
    ui.label(egui::RichText::new(texts.t("wm.ep.title")).strong());
    let rows = game.ep_per_turn();
    if rows.is_empty() {
        ui.weak(texts.t("wm.ep.none"));
        return;
    }
    egui::Grid::new("wm.ep.table")
        .striped(true)
        .num_columns(4)
        .show(ui, |ui| {
            ui.strong(texts.t("wm.ep.turn"));
            ui.strong(texts.t("wm.ep.player_turn"));
            ui.strong(name(game, Player::A));
            ui.strong(name(game, Player::B));
            ui.end_row();
            for r in &rows {
                ui.label(r.round.to_string());
                ui.label(name(game, r.turn_of));
                ui.label(format!("{:+} = {}", r.gained[0], r.total[0]));
                ui.label(format!("{:+} = {}", r.gained[1], r.total[1]));
                ui.end_row();
            }
        });
}

/// The EP totals per player turn, painted.
pub fn ep_chart(ui: &mut egui::Ui, texts: &Texts, game: &WarmasterGame, rows: &[TurnEp]) {
    if rows.is_empty() {
        return;
    }
    let width = ui.available_width().clamp(200.0, 600.0);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, 170.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let visuals = ui.visuals();
    painter.rect_filled(rect, 4.0, visuals.extreme_bg_color);
    let plot = rect.shrink2(egui::vec2(28.0, 18.0));
    let max = rows.iter().flat_map(|r| r.total).max().unwrap_or(0).max(10) as f32;
    let n = rows.len().max(1) as f32;
    let to_screen = |i: usize, ep: i32| {
        egui::pos2(
            plot.left() + plot.width() * (i as f32 + 1.0) / n,
            plot.bottom() - plot.height() * ep.max(0) as f32 / max,
        )
    };
    let stroke = egui::Stroke::new(1.0, visuals.weak_text_color());
    painter.line_segment([plot.left_bottom(), plot.right_bottom()], stroke);
    painter.line_segment([plot.left_bottom(), plot.left_top()], stroke);
    for ep in [0, 5, 10] {
        let y = plot.bottom() - plot.height() * ep as f32 / max;
        painter.text(
            egui::pos2(plot.left() - 4.0, y),
            egui::Align2::RIGHT_CENTER,
            ep.to_string(),
            egui::FontId::proportional(11.0),
            visuals.text_color(),
        );
        if ep == 10 {
            painter.line_segment(
                [egui::pos2(plot.left(), y), egui::pos2(plot.right(), y)],
                egui::Stroke::new(1.0, visuals.warn_fg_color),
            );
        }
    }
    for p in Player::BOTH {
        let mut points = vec![egui::pos2(plot.left(), plot.bottom())];
        points.extend(
            rows.iter()
                .enumerate()
                .map(|(i, r)| to_screen(i, r.total[p.index()])),
        );
        let colour = player_colour(p);
        painter.add(egui::Shape::line(
            points.clone(),
            egui::Stroke::new(2.5, colour),
        ));
        for q in points.iter().skip(1) {
            painter.circle_filled(*q, 3.0, colour);
        }
        painter.text(
            egui::pos2(
                plot.left() + 6.0,
                rect.top() + 4.0 + 13.0 * p.index() as f32,
            ),
            egui::Align2::LEFT_TOP,
            format!("{}: {}", name(game, p), game.ep(p)),
            egui::FontId::proportional(12.0),
            colour,
        );
    }
    for (i, r) in rows.iter().enumerate() {
        painter.text(
            egui::pos2(to_screen(i, 0).x, plot.bottom() + 2.0),
            egui::Align2::CENTER_TOP,
            format!(
                "{}{}",
                r.round,
                if r.turn_of == Player::A { "a" } else { "b" }
            ),
            egui::FontId::proportional(10.0),
            visuals.weak_text_color(),
        );
    }
    let _ = texts;
}

fn ep_lines(ui: &mut egui::Ui, texts: &Texts, game: &WarmasterGame) {
    let lines = game.ep_lines();
    if lines.is_empty() {
        return;
    }
    egui::CollapsingHeader::new(texts.t("wm.ep.lines"))
        .id_salt("wm.ep.lines")
        .show(ui, |ui| {
            for e in lines {
                ui.label(format!(
                    "{} {}: {:+} {} — {}",
                    texts.t("wm.ep.turn"),
                    e.round,
                    e.line.ep,
                    name(game, e.line.player),
                    texts.message(&e.line.source.message())
                ));
            }
        });
}
