//! Standings: live as results come in, sortable, with the organiser's
//! tie-breakers, and a big-font projector view for the room (N7).

use eframe::egui;
use feldherr_scoring::Decision;
use feldherr_wfb_newyear::{Event, EventTieBreaker, PlayerPoints};

use super::{NewYearEdit as EventEdit, event_edit};
use crate::app::Command;
use crate::i18n::Texts;

/// How the table is sorted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SortBy {
    /// By place (the ranking).
    #[default]
    Place,
    /// By name.
    Name,
    /// By club.
    Club,
}

/// One row as shown.
#[derive(Debug, Clone)]
pub struct Row {
    /// Place, shared places repeat.
    pub place: usize,
    /// Whether the place is shared.
    pub shared: bool,
    /// The player's points per game.
    pub points: PlayerPoints,
    /// Club.
    pub club: String,
    /// Army.
    pub army: String,
    /// What decided the place, in words.
    pub decided_by: String,
}

/// The standings rows of an event, best first.
pub fn rows(texts: &Texts, event: &Event) -> Result<Vec<Row>, String> {
    let standings = event.standings().map_err(|e| e.to_string())?;
    let points = event.player_points().map_err(|e| e.to_string())?;
    let mut rows = Vec::new();
    for row in standings.rows() {
        let Some(p) = points.iter().find(|p| p.player == row.id) else {
            continue;
        };
        let player = event.player(&row.id);
        let shared = standings
            .rows()
            .iter()
            .filter(|r| r.place == row.place)
            .count()
            > 1;
        rows.push(Row {
            place: row.place,
            shared,
            points: p.clone(),
            club: player.map(|p| p.club.clone()).unwrap_or_default(),
            army: player.map(|p| p.army.clone()).unwrap_or_default(),
            decided_by: match &row.decided_by {
                Decision::Total => texts.t("standings.by_total").to_owned(),
                Decision::TieBreaker { key, .. } => texts.t(&format!("tiebreak.{key}")).to_owned(),
                Decision::Shared => texts.t("standings.shared").to_owned(),
            },
        });
    }
    Ok(rows)
}

impl Row {
    /// The row's cells as printed and exported: place, player, club, army,
    /// points per game, total, what decided the place.
    pub fn cells(&self) -> [String; 9] {
        [
            place_label(self),
            self.points.name.clone(),
            self.club.clone(),
            self.army.clone(),
            self.points.raeuber_warhammer.to_string(),
            self.points.new_year_scenario.to_string(),
            self.points.sled_race.to_string(),
            self.points.total().to_string(),
            self.decided_by.clone(),
        ]
    }
}

/// Place as printed: "2" or "2=" for a shared place.
pub fn place_label(row: &Row) -> String {
    if row.shared {
        format!("{}=", row.place)
    } else {
        row.place.to_string()
    }
}

/// The standings tab's state.
#[derive(Debug, Default)]
pub struct StandingsTab {
    sort: SortBy,
    projector: bool,
}

impl StandingsTab {
    /// Whether the projector view is on.
    pub fn projector(&self) -> bool {
        self.projector
    }

    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        event: &Event,
        commands: &mut Vec<Command>,
    ) {
        ui.horizontal(|ui| {
            ui.heading(texts.t("event.tab.standings"));
            if ui.button(texts.t("standings.projector")).clicked() {
                self.projector = true;
            }
        });
        self.tie_breakers(ui, texts, event, commands);
        ui.add_space(6.0);
        let mut rows = match rows(texts, event) {
            Ok(rows) => rows,
            Err(e) => {
                ui.colored_label(ui.visuals().error_fg_color, e);
                return;
            }
        };
        match self.sort {
            SortBy::Place => {}
            SortBy::Name => rows.sort_by(|a, b| a.points.name.cmp(&b.points.name)),
            SortBy::Club => rows.sort_by(|a, b| a.club.cmp(&b.club).then(a.place.cmp(&b.place))),
        }
        egui::Grid::new("standings.table")
            .striped(true)
            .num_columns(9)
            .show(ui, |ui| {
                for (key, sort) in [
                    ("standings.place", Some(SortBy::Place)),
                    ("event.player", Some(SortBy::Name)),
                    ("event.club", Some(SortBy::Club)),
                    ("event.army", None),
                    ("standings.raeuber", None),
                    ("standings.newyear", None),
                    ("standings.sled", None),
                    ("standings.total", None),
                    ("standings.decided", None),
                ] {
                    match sort {
                        Some(sort) => {
                            if ui
                                .selectable_label(
                                    self.sort == sort,
                                    egui::RichText::new(texts.t(key)).strong(),
                                )
                                .on_hover_text(texts.t("standings.sort"))
                                .clicked()
                            {
                                self.sort = sort;
                            }
                        }
                        None => {
                            ui.label(egui::RichText::new(texts.t(key)).strong());
                        }
                    }
                }
                ui.end_row();
                for row in &rows {
                    ui.label(place_label(row));
                    ui.label(&row.points.name);
                    ui.label(&row.club);
                    ui.label(&row.army);
                    ui.label(row.points.raeuber_warhammer.to_string());
                    ui.label(row.points.new_year_scenario.to_string());
                    ui.label(row.points.sled_race.to_string());
                    ui.label(egui::RichText::new(row.points.total().to_string()).strong());
                    ui.weak(&row.decided_by);
                    ui.end_row();
                }
            });
    }

    fn tie_breakers(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        event: &Event,
        commands: &mut Vec<Command>,
    ) {
        ui.label(texts.t("standings.tiebreakers"));
        let current = &event.tie_breakers;
        let mut next = current.clone();
        ui.horizontal_wrapped(|ui| {
            for tb in EventTieBreaker::ALL {
                let mut on = current.contains(&tb);
                let label = match current.iter().position(|t| *t == tb) {
                    Some(i) => format!("{}. {}", i + 1, texts.t(&format!("tiebreak.{}", tb.key()))),
                    None => texts.t(&format!("tiebreak.{}", tb.key())).to_owned(),
                };
                if ui.checkbox(&mut on, label).changed() {
                    if on {
                        next.push(tb);
                    } else {
                        next.retain(|t| *t != tb);
                    }
                }
            }
        });
        ui.weak(texts.t("standings.tiebreakers.help"));
        if &next != current {
            commands.push(event_edit(EventEdit::SetTieBreakers(next)));
        }
    }

    /// The whole window as a big standings board for a projector.
    pub fn projector_view(&mut self, ui: &mut egui::Ui, texts: &Texts, event: &Event) {
        egui::CentralPanel::default().show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new(&event.name).size(40.0).strong());
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui.button(texts.t("standings.projector.exit")).clicked()
                        || ui.input(|i| i.key_pressed(egui::Key::Escape))
                    {
                        self.projector = false;
                    }
                });
            });
            ui.add_space(16.0);
            let Ok(rows) = rows(texts, event) else {
                return;
            };
            let size = 30.0;
            egui::ScrollArea::vertical().show(ui, |ui| {
                egui::Grid::new("projector")
                    .striped(true)
                    .spacing([40.0, 12.0])
                    .show(ui, |ui| {
                        for key in [
                            "standings.place",
                            "event.player",
                            "event.club",
                            "standings.total",
                        ] {
                            ui.label(egui::RichText::new(texts.t(key)).size(size * 0.7).weak());
                        }
                        ui.end_row();
                        for row in &rows {
                            ui.label(egui::RichText::new(place_label(row)).size(size).strong());
                            ui.label(egui::RichText::new(&row.points.name).size(size));
                            ui.label(egui::RichText::new(&row.club).size(size * 0.8));
                            ui.label(
                                egui::RichText::new(row.points.total().to_string())
                                    .size(size)
                                    .strong(),
                            );
                            ui.end_row();
                        }
                    });
            });
        });
    }
}
