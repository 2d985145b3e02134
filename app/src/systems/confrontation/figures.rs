//! The figures on a Confrontation table: RES, INI and height level of each
//! model piece that is not a machine (needed by shots, collisions, blades
//! and blasts), and the mines that can go off (C10: STR 6 within 10 cm).

use std::collections::BTreeMap;

use eframe::egui;
use feldherr_table::Layer;

use super::{ConfrontationEdit, ConfrontationKind, FigureStats, conf};
use crate::i18n::Texts;
use feldherr_host::document::GameDoc;

/// Typed values per piece: RES, INI, level.
#[derive(Debug, Default)]
pub struct FiguresPanel {
    typed: BTreeMap<u64, [String; 3]>,
    error: Option<String>,
}

fn typed_of(stats: Option<&FigureStats>) -> [String; 3] {
    match stats {
        Some(s) => [s.res.to_string(), s.ini.to_string(), s.level.to_string()],
        None => [String::new(), String::new(), "0".into()],
    }
}

impl FiguresPanel {
    /// Draws the figure list and the mines; edits go to `out`.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &GameDoc,
        out: &mut Vec<ConfrontationEdit>,
    ) {
        let table = game.table_or_default();
        let figures: Vec<_> = table
            .pieces()
            .iter()
            .filter(|p| p.layer == Layer::Model)
            .filter(|p| conf(game).machine_on(p.id).is_none())
            .collect();
        ui.label(egui::RichText::new(texts.t("conf.fig.heading")).strong());
        if figures.is_empty() {
            ui.weak(texts.t("conf.fig.none"));
        }
        self.typed
            .retain(|id, _| figures.iter().any(|p| p.id == *id));
        egui::Grid::new("conf.fig.grid")
            .num_columns(5)
            .striped(true)
            .show(ui, |ui| {
                if !figures.is_empty() {
                    ui.strong(texts.t("conf.fig.name"));
                    ui.strong("RES");
                    ui.strong("INI");
                    ui.strong(texts.t("conf.fig.level"));
                    ui.end_row();
                }
                for p in &figures {
                    let saved = conf(game).figures.get(&p.id);
                    let typed = self.typed.entry(p.id).or_insert_with(|| typed_of(saved));
                    let label = ui.label(&p.name);
                    let mut commit = false;
                    for value in typed.iter_mut() {
                        let r = ui
                            .add(egui::TextEdit::singleline(value).desired_width(32.0))
                            .labelled_by(label.id);
                        commit |= r.lost_focus();
                    }
                    if conf(game).is_dead(p.id) {
                        ui.horizontal(|ui| {
                            ui.colored_label(ui.visuals().error_fg_color, texts.t("conf.fig.dead"));
                            if ui
                                .button(texts.f("conf.fig.remove", &[("name", &p.name)]))
                                .clicked()
                            {
                                out.push(ConfrontationEdit::RemoveFigure(p.id));
                            }
                        });
                    } else if saved.is_none() {
                        ui.colored_label(ui.visuals().warn_fg_color, texts.t("conf.fig.unset"));
                    }
                    ui.end_row();
                    if commit && typed != &typed_of(saved) && !typed[0].trim().is_empty() {
                        let parse = |i: usize, field: &str| {
                            typed[i].trim().parse::<i32>().map_err(|_| {
                                texts.f(
                                    "conf.card.not_number",
                                    &[("field", field), ("value", typed[i].trim())],
                                )
                            })
                        };
                        let stats = (|| {
                            // The figure's other values (side, card,
                            // abilities) stay as they were.
                            let first = conf(game).sides.first().map(|s| s.id);
                            let mut stats = saved.cloned().unwrap_or_else(|| {
                                FigureStats::new(0, first.unwrap_or(feldherr_play::Id(1)))
                            });
                            stats.res = parse(0, "RES")?;
                            stats.ini = if typed[1].trim().is_empty() {
                                0
                            } else {
                                parse(1, "INI")?
                            };
                            stats.level = parse(2, texts.t("conf.fig.level"))?;
                            stats.check().map_err(|e| {
                                format!("{}: {}", p.name, super::refusal(texts, &e))
                            })?;
                            Ok::<_, String>(stats)
                        })();
                        match stats {
                            Ok(stats) => {
                                self.error = None;
                                out.push(ConfrontationEdit::SetFigureStats {
                                    piece: p.id,
                                    stats: Some(stats),
                                });
                            }
                            Err(e) => self.error = Some(e),
                        }
                    }
                }
            });
        self.mines(ui, texts, game, out);
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
    }

    fn mines(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &GameDoc,
        out: &mut Vec<ConfrontationEdit>,
    ) {
        let table = game.table_or_default();
        let mines: Vec<_> = table.pieces().iter().filter(|p| p.kind == "mine").collect();
        if mines.is_empty() {
            return;
        }
        ui.add_space(4.0);
        ui.label(egui::RichText::new(texts.t("conf.mine.heading")).strong());
        let status = conf(game).mine_status(&table);
        for mine in mines {
            if let Some(st) = status.iter().find(|s| s.mine == mine.id) {
                let placement = match &st.layer {
                    None => (false, texts.t("conf.mine.no_layer").to_owned()),
                    Some(layer) => (
                        st.placement_ok,
                        texts.f(
                            if st.placement_ok {
                                "conf.mine.placed"
                            } else {
                                "conf.mine.too_far"
                            },
                            &[
                                ("name", &st.name),
                                ("machine", &layer.name),
                                ("distance", &texts.decimal(layer.distance_cm, 1)),
                            ],
                        ),
                    ),
                };
                if placement.0 {
                    ui.label(placement.1);
                } else {
                    ui.colored_label(ui.visuals().warn_fg_color, placement.1);
                }
                if !st.triggered_by.is_empty() {
                    ui.colored_label(
                        ui.visuals().warn_fg_color,
                        texts.f(
                            "conf.mine.triggered",
                            &[("name", &st.name), ("who", &st.triggered_by.join(", "))],
                        ),
                    );
                }
            }
            if ui
                .button(texts.f("conf.mine.blast", &[("name", &mine.name)]))
                .clicked()
            {
                let result = conf(game)
                    .mine_inputs(&table, mine.id)
                    .map(ConfrontationKind::Hits)
                    .map_err(|e| e.to_string());
                match result {
                    Ok(saved) => {
                        self.error = None;
                        out.push(ConfrontationEdit::AddResolution(saved));
                    }
                    Err(e) => self.error = Some(e),
                }
            }
        }
    }
}
