//! Standings: live as results come in, every column sortable (names by
//! surname, tie-breaker values too), "decided by" with the deciding values,
//! the organiser's tie-breakers, and the projector view for the room (N7,
//! issue 10).

use eframe::egui;
use feldherr_wfb_newyear::{
    BattleKind, Event, EventEdit, EventTieBreaker, EventWarning, StandingsColumn, StandingsRow,
    sort_rows, standings_rows, tie_value_text,
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
    // Beside the total it decided, so it reads without scrolling at
    // 1024 px (issue 26); the tie-breaker values follow.
    ("standings.decided", StandingsColumn::DecidedBy),
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
];

/// The widest a name, a club (or army) and the "Decided by" text show in
/// the standings table before they wrap or are cut short with "…" (the
/// whole text on hover): narrow so a 1024 px window needs no sideways
/// scrolling, wider where the window has room (issue 26).
fn cell_widths(available: f32) -> (f32, f32, f32) {
    if available >= 1400.0 {
        (320.0, 220.0, 260.0)
    } else {
        (210.0, 120.0, 170.0)
    }
}

/// A cell of the standings table at most `width` wide: wrapped at spaces,
/// or cut short with "…" and the whole text on hover.
fn narrow_cell(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>, width: f32, wrap: bool) {
    ui.scope(|ui| {
        ui.set_max_width(width);
        let label = egui::Label::new(text);
        if wrap {
            ui.add(label.wrap());
        } else {
            ui.add(label.truncate());
        }
    });
}

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

/// Where the event stands, for the projector's header: the first game
/// with tables still without a result ("Game: 10 of 12 results", with the
/// sled race named when it was run already), else "after the sled race"
/// once it was run, else the last game drawn, else registration. Never
/// "after the sled race" while a table has no result (issue 26).
pub fn round_text(texts: &Texts, event: &Event) -> String {
    let games = [BattleKind::RaeuberWarhammer, BattleKind::NewYearScenario]
        .into_iter()
        .filter(|kind| !event.game(*kind).pairings.is_empty())
        .map(|kind| {
            let game = event.game(kind);
            let done = game.pairings.iter().filter(|p| p.result.is_some()).count();
            (kind, done, game.pairings.len())
        })
        .collect::<Vec<_>>();
    let game_text = |key: &str, (kind, done, total): (BattleKind, usize, usize)| {
        texts.f(
            key,
            &[
                ("game", super::players::game_label(texts, kind)),
                ("done", &done.to_string()),
                ("total", &total.to_string()),
            ],
        )
    };
    let sled = event.sled_race.is_some();
    if let Some(open) = games.iter().find(|(_, done, total)| done < total) {
        let key = if sled {
            "projector.round.game_after_sled"
        } else {
            "projector.round.game"
        };
        return game_text(key, *open);
    }
    if sled {
        return texts.t("projector.round.sled").to_owned();
    }
    match games.last() {
        Some(last) => game_text("projector.round.game", *last),
        None => texts.t("projector.round.registration").to_owned(),
    }
}

/// "3 tables without a result": the count over both games, or `None`
/// when every drawn table has its result.
pub fn missing_text(texts: &Texts, event: &Event) -> Option<String> {
    let missing = event.progress().tables_without_result();
    match missing {
        0 => None,
        1 => Some(texts.t("standings.missing.one").to_owned()),
        n => Some(texts.f("standings.missing.many", &[("n", &n.to_string())])),
    }
}

/// Above the standings: the tables without a result (the standings are
/// provisional) and every warning of the event, e.g. a corrected result
/// under a later draw with the choice to keep its pairings (PN8).
fn warnings(ui: &mut egui::Ui, texts: &Texts, event: &Event, commands: &mut Vec<Command>) {
    if let Some(text) = missing_text(texts, event) {
        ui.label(super::battles::alarm(ui, text).size(16.0));
    }
    for warning in event.warnings().unwrap_or_default() {
        match &warning {
            EventWarning::MissingResults { .. } => {
                ui.colored_label(
                    ui.visuals().error_fg_color,
                    texts.message(&warning.message()),
                );
            }
            EventWarning::StandingsChangedSinceDraw { game, .. } => {
                egui::Frame::group(ui.style())
                    .stroke(egui::Stroke::new(2.0, ui.visuals().warn_fg_color))
                    .show(ui, |ui| {
                        ui.colored_label(
                            ui.visuals().warn_fg_color,
                            egui::RichText::new(texts.message(&warning.message())).strong(),
                        );
                        if ui.button(texts.t("standings.keep_pairings")).clicked() {
                            commands.push(event_edit(EventEdit::KeepDrawnPairings { game: *game }));
                        }
                    });
            }
            EventWarning::TooManyDrivers { .. } => {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    texts.message(&warning.message()),
                );
            }
        }
    }
    ui.add_space(4.0);
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

/// The round timer of a battle game (issue 26): minutes set, started,
/// paused and reset on the standings tab; counted down on the projector.
#[derive(Debug, Clone, PartialEq)]
pub struct RoundTimer {
    /// The round's length in minutes.
    pub minutes: u32,
    /// When it was last started (egui time, seconds), while it runs.
    started: Option<f64>,
    /// Seconds run before the last start.
    run_before: f64,
    /// Play a tone when the time is up.
    pub tone: bool,
    /// Whether the tone for this round was played.
    rang: bool,
}

impl Default for RoundTimer {
    fn default() -> Self {
        Self {
            minutes: 150,
            started: None,
            run_before: 0.0,
            tone: true,
            rang: false,
        }
    }
}

impl RoundTimer {
    /// Seconds left at `now` (negative once the time is up).
    pub fn remaining(&self, now: f64) -> f64 {
        let run = self.run_before + self.started.map_or(0.0, |s| (now - s).max(0.0));
        f64::from(self.minutes) * 60.0 - run
    }

    /// Whether it counts down now.
    pub fn running(&self) -> bool {
        self.started.is_some()
    }

    /// Whether it was started since the last reset.
    pub fn in_use(&self) -> bool {
        self.started.is_some() || self.run_before > 0.0
    }

    fn start(&mut self, now: f64) {
        self.started.get_or_insert(now);
    }

    fn pause(&mut self, now: f64) {
        if let Some(started) = self.started.take() {
            self.run_before += (now - started).max(0.0);
        }
    }

    fn reset(&mut self) {
        self.started = None;
        self.run_before = 0.0;
        self.rang = false;
    }
}

/// Seconds as a countdown: `2:30:00`, `45:00`, `0:09`; whole seconds,
/// rounded up (a round is over only at 0:00).
pub fn countdown_text(seconds: f64) -> String {
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a round is hours long, far inside i64"
    )]
    let total = seconds.max(0.0).ceil() as i64;
    let (h, m, s) = (total / 3600, (total / 60) % 60, total % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// "Time left 45:00", "Paused: 12:00 left", "Time is up".
fn timer_text(texts: &Texts, timer: &RoundTimer, now: f64) -> String {
    let left = timer.remaining(now);
    if left <= 0.0 {
        texts.t("timer.up").to_owned()
    } else if timer.running() {
        texts.f("timer.left", &[("time", &countdown_text(left))])
    } else {
        texts.f("timer.paused", &[("time", &countdown_text(left))])
    }
}

/// Who shows the projector board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Board {
    /// The main window, in place of the tabs.
    InPlace,
    /// Its own window (a second screen), the main window keeps working.
    OwnWindow,
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
    /// The projector in its own window (egui viewport) is open.
    window: bool,
    window_fullscreen: bool,
    /// The round timer.
    timer: RoundTimer,
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
            window: false,
            window_fullscreen: false,
            timer: RoundTimer::default(),
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
            let window_label = if self.window {
                texts.t("projector.window.close")
            } else {
                texts.t("projector.window.open")
            };
            if ui.button(window_label).clicked() {
                self.window = !self.window;
                self.opened = None;
            }
            if ui.button(texts.t("standings.export_csv")).clicked() {
                commands.push(Command::ExportStandingsCsv);
            }
            let label = ui.label(texts.t("projector.seconds"));
            ui.add(egui::DragValue::new(&mut self.seconds).range(3..=120))
                .labelled_by(label.id);
            ui.radio_value(&mut self.fit, Fit::Pages, texts.t("projector.fit.pages"));
            ui.radio_value(&mut self.fit, Fit::Scroll, texts.t("projector.fit.scroll"));
        });
        self.timer_row(ui, texts);
        self.tie_breakers(ui, texts, event, commands);
        ui.add_space(6.0);
        warnings(ui, texts, event, commands);
        let mut rows = match rows(event) {
            Ok(rows) => rows,
            Err(e) => {
                ui.colored_label(ui.visuals().error_fg_color, e);
                return;
            }
        };
        sort_rows(&mut rows, self.sort, self.descending);
        ui.weak(texts.t("standings.sort"));
        let (name_width, club_width, decided_width) = cell_widths(ui.available_width());
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
                    let name = if row.dropped {
                        name.strikethrough()
                    } else {
                        name
                    };
                    narrow_cell(ui, name, name_width, true);
                    narrow_cell(ui, &row.club, club_width, false);
                    narrow_cell(ui, &row.army, club_width, false);
                    ui.label(row.points.raeuber_warhammer.to_string());
                    ui.label(row.points.new_year_scenario.to_string());
                    ui.label(row.points.sled_race.to_string());
                    ui.label(egui::RichText::new(row.points.total().to_string()).strong());
                    let decided = egui::RichText::new(texts.message(&row.decided_by.message()))
                        .color(ui.visuals().weak_text_color());
                    narrow_cell(ui, decided, decided_width, true);
                    for tb in EventTieBreaker::ALL {
                        ui.label(
                            super::sled::place_cell(texts, tb, &row.points)
                                .unwrap_or_else(|| tie_value_text(tb, row.points.tie_value(tb))),
                        );
                    }
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
        self.board(ui, texts, event, Board::InPlace);
    }

    /// The projector in its own window while it is open (egui's immediate
    /// viewports; embedded as a window where the platform has only one):
    /// the main window keeps working beside it.
    pub fn projector_window(&mut self, ctx: &egui::Context, texts: &Texts, event: &Event) {
        if !self.window {
            return;
        }
        let builder = egui::ViewportBuilder::default()
            .with_title(texts.f("projector.window.title", &[("event", &event.name)]))
            .with_inner_size([1280.0, 720.0]);
        ctx.show_viewport_immediate(
            egui::ViewportId::from_hash_of("newyear.projector"),
            builder,
            |ui, _class| {
                if ui.input(|i| i.viewport().close_requested()) {
                    self.window = false;
                    return;
                }
                self.board(ui, texts, event, Board::OwnWindow);
            },
        );
    }

    /// Each frame, whatever tab shows: the tone when the round's time is
    /// up, and a repaint every second while the timer runs.
    pub fn tick(&mut self, ctx: &egui::Context, commands: &mut Vec<Command>) {
        if !self.timer.running() {
            return;
        }
        let now = ctx.input(|i| i.time);
        if self.timer.remaining(now) <= 0.0 && !self.timer.rang {
            self.timer.rang = true;
            if self.timer.tone {
                commands.push(Command::PlaySound(crate::sound::Tone::TimeUp));
            }
        }
        ctx.request_repaint_after(std::time::Duration::from_millis(250));
    }

    /// The round timer's controls: minutes, start, pause, reset, tone.
    fn timer_row(&mut self, ui: &mut egui::Ui, texts: &Texts) {
        let now = ui.input(|i| i.time);
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(texts.t("timer.heading")).strong());
            let label = ui.label(texts.t("timer.minutes"));
            ui.add_enabled(
                !self.timer.in_use(),
                egui::DragValue::new(&mut self.timer.minutes).range(1..=600),
            )
            .labelled_by(label.id);
            if self.timer.running() {
                if ui.button(texts.t("timer.pause")).clicked() {
                    self.timer.pause(now);
                }
            } else if ui.button(texts.t("timer.start")).clicked() {
                self.timer.start(now);
            }
            if ui
                .add_enabled(
                    self.timer.in_use(),
                    egui::Button::new(texts.t("timer.reset")),
                )
                .clicked()
            {
                self.timer.reset();
            }
            ui.checkbox(&mut self.timer.tone, texts.t("timer.tone"));
            if self.timer.in_use() {
                ui.label(timer_text(texts, &self.timer, now));
            }
        });
    }

    /// The board for the room: in place of the tabs or in its own window.
    fn board(&mut self, ui: &mut egui::Ui, texts: &Texts, event: &Event, mode: Board) {
        let now = ui.input(|i| i.time);
        let opened = *self.opened.get_or_insert(now);
        if ui.input(|i| i.key_pressed(egui::Key::F11)) {
            let full = match mode {
                Board::InPlace => &mut self.fullscreen,
                Board::OwnWindow => &mut self.window_fullscreen,
            };
            *full = !*full;
            ui.ctx()
                .send_viewport_cmd(egui::ViewportCommand::Fullscreen(*full));
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
                    let exit = match mode {
                        Board::InPlace => texts.t("standings.projector.exit"),
                        Board::OwnWindow => texts.t("projector.window.close_here"),
                    };
                    if ui.button(exit).clicked()
                        || (mode == Board::InPlace
                            && ui.input(|i| i.key_pressed(egui::Key::Escape)))
                    {
                        match mode {
                            Board::InPlace => {
                                self.projector = false;
                                if self.fullscreen {
                                    self.fullscreen = false;
                                    ui.ctx()
                                        .send_viewport_cmd(egui::ViewportCommand::Fullscreen(
                                            false,
                                        ));
                                }
                            }
                            Board::OwnWindow => self.window = false,
                        }
                    }
                    ui.weak(texts.t("projector.f11"));
                    let clock = jiff::Zoned::now().strftime("%H:%M").to_string();
                    ui.label(egui::RichText::new(clock).size(size * 1.2).strong());
                });
            });
            if let Some(text) = missing_text(texts, event) {
                ui.label(super::battles::alarm(ui, text).size(size * 0.8));
            }
            // The round's countdown, large (issue 26).
            if self.timer.in_use() {
                let left = self.timer.remaining(now);
                let text = egui::RichText::new(timer_text(texts, &self.timer, now))
                    .size(size * 1.6)
                    .strong();
                ui.label(if left <= 0.0 {
                    text.color(ui.visuals().error_fg_color)
                } else {
                    text
                });
            }
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
    use super::{RoundTimer, countdown_text, page_at};

    #[test]
    fn the_round_timer_counts_down_pauses_and_resets() {
        let mut timer = RoundTimer {
            minutes: 2,
            ..RoundTimer::default()
        };
        assert!(!timer.in_use());
        assert_eq!(timer.remaining(100.0), 120.0);
        timer.start(100.0);
        assert_eq!(timer.remaining(130.0), 90.0);
        timer.pause(130.0);
        // Paused: the time stands.
        assert_eq!(timer.remaining(500.0), 90.0);
        timer.start(500.0);
        assert_eq!(timer.remaining(560.0), 30.0);
        assert!(timer.remaining(600.0) < 0.0);
        timer.reset();
        assert!(!timer.in_use());
        assert_eq!(timer.remaining(1000.0), 120.0);
    }

    #[test]
    fn countdowns_read_as_clocks() {
        assert_eq!(countdown_text(9000.0), "2:30:00");
        assert_eq!(countdown_text(2700.0), "45:00");
        assert_eq!(countdown_text(8.2), "0:09");
        assert_eq!(countdown_text(-5.0), "0:00");
    }

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
