//! Standings: live as results come in, every column sortable (names by
//! surname, tie-breaker values too), "decided by" with the deciding values,
//! the organiser's tie-breakers, and the projector view for the room (N7,
//! issue 10).

use eframe::egui;
use feldherr_wfb_newyear::{
    BattleKind, Event, EventEdit, EventTieBreaker, StandingsColumn, StandingsRow, sort_rows,
    standings_rows, tie_value_text,
};

use super::event_edit;
use crate::app::Command;
use crate::i18n::Texts;

/// The standings rows of an event, best first, or why there are none.
fn rows(event: &Event) -> Result<Vec<StandingsRow>, String> {
    standings_rows(event).map_err(|e| e.to_string())
}

/// The columns of the standings table: catalogue key and sort column.
const COLUMNS: [(&str, StandingsColumn); 12] = [
    ("standings.place", StandingsColumn::Place),
    ("event.player", StandingsColumn::Name),
    ("event.club", StandingsColumn::Club),
    ("event.army", StandingsColumn::Army),
    ("standings.raeuber", StandingsColumn::RaeuberWarhammer),
    ("standings.newyear", StandingsColumn::NewYearScenario),
    ("standings.sled", StandingsColumn::SledRace),
    ("standings.total", StandingsColumn::Total),
    (
        "standings.col.vp_difference",
        StandingsColumn::TieBreaker(EventTieBreaker::VpDifference),
    ),
    (
        "standings.col.treasures",
        StandingsColumn::TieBreaker(EventTieBreaker::TreasuresRecovered),
    ),
    (
        "standings.col.sled_placing",
        StandingsColumn::TieBreaker(EventTieBreaker::SledPlacing),
    ),
    ("standings.decided", StandingsColumn::DecidedBy),
];

/// Which page of `pages` shows `elapsed` seconds after the projector view
/// opened, turning every `seconds`.
pub fn page_at(elapsed: f64, seconds: u32, pages: usize) -> usize {
    if pages <= 1 || seconds == 0 {
        return 0;
    }
    let turns = (elapsed.max(0.0) / f64::from(seconds)).floor();
    // Far below usize::MAX: seconds since the view opened.
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a small non-negative whole number"
    )]
    let turns = turns as usize;
    turns % pages
}

/// Where the event stands, for the projector's header: the last game with
/// pairings and how many of its results are in.
pub fn round_text(texts: &Texts, event: &Event) -> String {
    if event.sled_race.is_some() {
        return texts.t("projector.round.sled").to_owned();
    }
    for kind in [BattleKind::NewYearScenario, BattleKind::RaeuberWarhammer] {
        let game = event.game(kind);
        if !game.pairings.is_empty() {
            let done = game.pairings.iter().filter(|p| p.result.is_some()).count();
            return texts.f(
                "projector.round.game",
                &[
                    ("game", super::players::game_label(texts, kind)),
                    ("done", &done.to_string()),
                    ("total", &game.pairings.len().to_string()),
                ],
            );
        }
    }
    texts.t("projector.round.registration").to_owned()
}

/// How the projector fits many players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Fit {
    /// Pages turn every few seconds.
    #[default]
    Pages,
    /// One long list to scroll.
    Scroll,
}

/// The standings tab's state.
#[derive(Debug)]
pub struct StandingsTab {
    sort: StandingsColumn,
    descending: bool,
    projector: bool,
    /// Seconds per page on the projector.
    seconds: u32,
    fit: Fit,
    /// When the projector view opened (egui time, seconds).
    opened: Option<f64>,
    fullscreen: bool,
}

impl Default for StandingsTab {
    fn default() -> Self {
        Self {
            sort: StandingsColumn::Place,
            descending: false,
            projector: false,
            seconds: 10,
            fit: Fit::Pages,
            opened: None,
            fullscreen: false,
        }
    }
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
        ui.horizontal_wrapped(|ui| {
            ui.heading(texts.t("event.tab.standings"));
            if ui.button(texts.t("standings.projector")).clicked() {
                self.open_projector(ui.ctx());
            }
            let label = ui.label(texts.t("projector.seconds"));
            ui.add(egui::DragValue::new(&mut self.seconds).range(3..=120))
                .labelled_by(label.id);
            ui.radio_value(&mut self.fit, Fit::Pages, texts.t("projector.fit.pages"));
            ui.radio_value(&mut self.fit, Fit::Scroll, texts.t("projector.fit.scroll"));
        });
        self.tie_breakers(ui, texts, event, commands);
        ui.add_space(6.0);
        let mut rows = match rows(event) {
            Ok(rows) => rows,
            Err(e) => {
                ui.colored_label(ui.visuals().error_fg_color, e);
                return;
            }
        };
        sort_rows(&mut rows, self.sort, self.descending);
        ui.weak(texts.t("standings.sort"));
        egui::Grid::new("standings.table")
            .striped(true)
            .num_columns(12)
            .show(ui, |ui| {
                for (key, column) in &COLUMNS {
                    let on = self.sort == *column;
                    let arrow = match (on, self.descending) {
                        (false, _) => "",
                        (true, false) => " ^",
                        (true, true) => " v",
                    };
                    if ui
                        .selectable_label(
                            on,
                            egui::RichText::new(format!("{}{arrow}", texts.t(key))).strong(),
                        )
                        .clicked()
                    {
                        if on {
                            self.descending = !self.descending;
                        } else {
                            self.sort = *column;
                            // Numbers read best first; texts A to Z.
                            self.descending = matches!(
                                column,
                                StandingsColumn::RaeuberWarhammer
                                    | StandingsColumn::NewYearScenario
                                    | StandingsColumn::SledRace
                                    | StandingsColumn::Total
                                    | StandingsColumn::TieBreaker(
                                        EventTieBreaker::VpDifference
                                            | EventTieBreaker::TreasuresRecovered
                                    )
                            );
                        }
                    }
                }
                ui.end_row();
                for row in &rows {
                    ui.label(row.place_label());
                    let name = egui::RichText::new(row.name_label(texts));
                    ui.label(if row.dropped {
                        name.strikethrough()
                    } else {
                        name
                    });
                    ui.label(&row.club);
                    ui.label(&row.army);
                    ui.label(row.points.raeuber_warhammer.to_string());
                    ui.label(row.points.new_year_scenario.to_string());
                    ui.label(row.points.sled_race.to_string());
                    ui.label(egui::RichText::new(row.points.total().to_string()).strong());
                    for tb in EventTieBreaker::ALL {
                        ui.label(
                            super::sled::place_cell(texts, tb, &row.points)
                                .unwrap_or_else(|| tie_value_text(tb, row.points.tie_value(tb))),
                        );
                    }
                    ui.weak(texts.message(&row.decided_by.message()));
                    ui.end_row();
                }
            });
    }

    fn open_projector(&mut self, ctx: &egui::Context) {
        self.projector = true;
        self.opened = None;
        self.fullscreen = true;
        ctx.send_viewport_cmd(egui::ViewportCommand::Fullscreen(true));
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
                    Some(i) => format!(
                        "{}. {}",
                        i + 1,
                        texts.t(&format!("newyear.tiebreak.{}", tb.key()))
                    ),
                    None => texts
                        .t(&format!("newyear.tiebreak.{}", tb.key()))
                        .to_owned(),
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

    /// The whole window as a big standings board for a projector: event
    /// name, round and clock on top; the rows in pages that turn by
    /// themselves, or one list to scroll. F11 toggles full screen, Esc
    /// leaves.
    pub fn projector_view(&mut self, ui: &mut egui::Ui, texts: &Texts, event: &Event) {
        let now = ui.input(|i| i.time);
        let opened = *self.opened.get_or_insert(now);
        if ui.input(|i| i.key_pressed(egui::Key::F11)) {
            self.fullscreen = !self.fullscreen;
            ui.ctx()
                .send_viewport_cmd(egui::ViewportCommand::Fullscreen(self.fullscreen));
        }
        egui::CentralPanel::default().show(ui, |ui| {
            let height = ui.available_height();
            // Letters grow with the window: about 22 rows on any screen.
            let size = (height / 30.0).clamp(14.0, 40.0);
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new(&event.name).size(size * 1.4).strong());
                ui.separator();
                ui.label(egui::RichText::new(round_text(texts, event)).size(size * 0.8));
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui.button(texts.t("standings.projector.exit")).clicked()
                        || ui.input(|i| i.key_pressed(egui::Key::Escape))
                    {
                        self.projector = false;
                        if self.fullscreen {
                            self.fullscreen = false;
                            ui.ctx()
                                .send_viewport_cmd(egui::ViewportCommand::Fullscreen(false));
                        }
                    }
                    ui.weak(texts.t("projector.f11"));
                    let clock = jiff::Zoned::now().strftime("%H:%M").to_string();
                    ui.label(egui::RichText::new(clock).size(size * 1.2).strong());
                });
            });
            ui.add_space(size * 0.4);
            let rows = match rows(event) {
                Ok(rows) => rows,
                Err(e) => {
                    ui.colored_label(ui.visuals().error_fg_color, e);
                    return;
                }
            };
            // A row is the text's line plus the grid's spacing; the
            // heading row and the page line take three more.
            let row_height = size * 1.6;
            let per_page = ((ui.available_height() - row_height * 3.0) / row_height)
                .floor()
                .max(1.0);
            #[expect(
                clippy::cast_possible_truncation,
                clippy::cast_sign_loss,
                reason = "a small positive whole number"
            )]
            let per_column = per_page as usize;
            // A wide screen (a projector is 16:9 or 16:10) shows two columns
            // side by side once one does not hold everybody.
            let columns = if ui.available_width() >= ui.available_height() * 1.5
                && rows.len() > per_column
                && self.fit == Fit::Pages
            {
                2
            } else {
                1
            };
            let per_page = per_column * columns;
            let pages = rows.len().div_ceil(per_page).max(1);
            let (shown, page) = match self.fit {
                Fit::Scroll => (&rows[..], 0),
                Fit::Pages => {
                    let page = page_at(now - opened, self.seconds, pages);
                    let start = (page * per_page).min(rows.len());
                    let end = (start + per_page).min(rows.len());
                    ui.ctx()
                        .request_repaint_after(std::time::Duration::from_secs(1));
                    (&rows[start..end], page)
                }
            };
            let board = |ui: &mut egui::Ui, column: usize, shown: &[StandingsRow]| {
                // Name and club share what the place and the total leave,
                // cut short with "…" rather than pushed off the screen.
                let gap = size * 1.3;
                // Room for the place and the total, the gaps, and a margin
                // to the next column.
                let free =
                    (ui.available_width() - size * 2.4 - size * 1.6 - gap * 4.0).max(size * 6.0);
                let (name_w, club_w) =
                    ((free * 0.5).min(size * 12.0), (free * 0.5).min(size * 10.0));
                let cell = |ui: &mut egui::Ui, width: f32, text: egui::RichText| {
                    ui.allocate_ui_with_layout(
                        egui::vec2(width, size * 1.15),
                        egui::Layout::left_to_right(egui::Align::Center),
                        |ui| {
                            ui.set_min_width(width);
                            ui.add(egui::Label::new(text).truncate());
                        },
                    );
                };
                egui::Grid::new(("projector", column))
                    .striped(true)
                    .spacing([gap, size * 0.45])
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
                        for row in shown {
                            ui.label(egui::RichText::new(row.place_label()).size(size).strong());
                            cell(
                                ui,
                                name_w,
                                egui::RichText::new(row.name_label(texts)).size(size),
                            );
                            cell(ui, club_w, egui::RichText::new(&row.club).size(size * 0.8));
                            ui.label(
                                egui::RichText::new(row.points.total().to_string())
                                    .size(size)
                                    .strong(),
                            );
                            ui.end_row();
                        }
                    });
            };
            match self.fit {
                Fit::Scroll => {
                    egui::ScrollArea::vertical().show(ui, |ui| board(ui, 0, shown));
                }
                Fit::Pages => {
                    if columns == 1 {
                        board(ui, 0, shown);
                    } else {
                        ui.columns(columns, |uis| {
                            for (c, ui) in uis.iter_mut().enumerate() {
                                let start = (c * per_column).min(shown.len());
                                let end = (start + per_column).min(shown.len());
                                if start < end {
                                    board(ui, c, &shown[start..end]);
                                }
                            }
                        });
                    }
                    if pages > 1 {
                        ui.label(
                            egui::RichText::new(texts.f(
                                "projector.page",
                                &[
                                    ("page", &(page + 1).to_string()),
                                    ("pages", &pages.to_string()),
                                ],
                            ))
                            .size(size * 0.7),
                        );
                    }
                }
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::page_at;

    #[test]
    fn pages_turn_every_n_seconds_and_wrap() {
        assert_eq!(page_at(0.0, 10, 3), 0);
        assert_eq!(page_at(9.9, 10, 3), 0);
        assert_eq!(page_at(10.0, 10, 3), 1);
        assert_eq!(page_at(25.0, 10, 3), 2);
        assert_eq!(page_at(30.0, 10, 3), 0);
        assert_eq!(page_at(500.0, 10, 1), 0);
        assert_eq!(page_at(500.0, 0, 4), 0);
    }
}
