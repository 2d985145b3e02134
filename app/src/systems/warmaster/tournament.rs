//! The Warmaster tournament as a kind of event: players, rounds and
//! tournament points, the pairings of each round with results typed in
//! or taken from a game document's report, the standings with the VP
//! difference and EP as tie-breakers (with a projector view), and the
//! standings printed and as sheets.

use std::collections::HashMap;

use eframe::egui;
use feldherr_host::document::{Document, DocumentEdit, EventDoc, EventEdit};
use feldherr_host::registry::{SystemEvent, SystemEventEdit};
use feldherr_play::{EventRules, Game};
use feldherr_warmaster::{
    GameTerms, TournamentEdit, TournamentPoints, TournamentResult, TournamentSide, WarmasterGame,
    WarmasterTournament, player_name, result_text, standings_table,
};

use crate::app::Command;
use crate::i18n::Texts;
use crate::systems::game_of;

/// Why the tournament would refuse `edit`, in the interface language
/// (the crate's English where it has no message); `None` when it takes
/// it. A tournament is small: the check runs the edit on a copy, which
/// changes nothing (EventRules::apply is all or nothing).
fn refusal(t: &WarmasterTournament, texts: &Texts, edit: &TournamentEdit) -> Option<String> {
    let mut trial = t.clone();
    EventRules::apply(&mut trial, edit)
        .err()
        .map(|e| texts.error(&e))
}

/// A button for `edit`, disabled with the refusal as its hover when the
/// tournament would refuse it; pushes the edit when clicked.
fn edit_button(
    ui: &mut egui::Ui,
    t: &WarmasterTournament,
    texts: &Texts,
    commands: &mut Vec<Command>,
    label: &str,
    hover: &str,
    change: TournamentEdit,
) {
    let refused = refusal(t, texts, &change);
    if crate::ui::checked_button::checked_small_button(ui, label, hover, refused.as_deref()) {
        edit(commands, change);
    }
}

/// Pushes a tournament edit.
fn edit(commands: &mut Vec<Command>, edit: TournamentEdit) {
    commands.push(Command::Edit(DocumentEdit::Event(EventEdit::Event(
        SystemEventEdit::WarmasterTournament(edit),
    ))));
}

/// Typed result of one pairing.
#[derive(Debug, Clone, Default)]
struct ResultForm {
    vp: [String; 2],
    ep: [String; 2],
    path: String,
}

/// Which part of the tournament is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum TTab {
    #[default]
    Players,
    Rounds,
    Standings,
    Print,
}

/// The screens of one open Warmaster tournament.
#[derive(Debug, Default)]
pub struct TournamentScreen {
    tab: TTab,
    new_player: String,
    /// Names being typed, by player id.
    renames: HashMap<String, String>,
    /// The tournament's name while it is typed.
    name: Option<String>,
    /// The game size while its field is dragged.
    terms_size: Option<u32>,
    print: crate::ui::print_tab::PrintTab,
    /// The projector's page of the standings, and when it last turned.
    projector_page: usize,
    projector_turned: Option<std::time::Instant>,
    points: Option<[String; 4]>,
    forms: HashMap<(u32, u32), ResultForm>,
    message: Option<String>,
    projector: bool,
}

/// The result a typed form gives: the higher VP wins, under 50 apart is a
/// draw (W8).
fn typed_result(texts: &Texts, form: &ResultForm) -> Result<TournamentResult, String> {
    let number = |field: &str, v: &str| {
        v.trim().parse::<i64>().map_err(|_| {
            texts.f(
                "wm.unit.not_number",
                &[("field", field), ("value", v.trim())],
            )
        })
    };
    let vp = [number("VP A", &form.vp[0])?, number("VP B", &form.vp[1])?];
    let ep = [number("EP A", &form.ep[0])?, number("EP B", &form.ep[1])?];
    let verdict = feldherr_warmaster::verdict(vp[0], vp[1], None);
    let side = |i: usize, p: feldherr_warmaster::Player| TournamentSide {
        vp: vp[i],
        ep: ep[i],
        result: verdict.result_for(p),
    };
    // A typed result is won on VP; a clock win comes from the game's
    // report.
    let r = TournamentResult::new(
        side(0, feldherr_warmaster::Player::A),
        side(1, feldherr_warmaster::Player::B),
    );
    r.check().map_err(|e| e.to_string())?;
    Ok(r)
}

impl crate::systems::EventUi for TournamentScreen {
    fn full_screen(&self) -> bool {
        self.projector
    }

    /// The Rounds tab with the table's VP and EP filled in from the
    /// report (a typed result is won on VP, as the form always is).
    fn correct_result(
        &mut self,
        table: &feldherr_play::EntryTable,
        values: &feldherr_play::ReportValues,
    ) {
        let Some(round) = table
            .round
            .strip_prefix("round-")
            .and_then(|r| r.parse::<u32>().ok())
        else {
            return;
        };
        let get = |key: &str| values.get(key).map_or_else(String::new, i64::to_string);
        let form = self.forms.entry((round, table.table)).or_default();
        form.vp = [get("a.vp"), get("b.vp")];
        form.ep = [get("a.ep"), get("b.ep")];
        self.tab = TTab::Rounds;
    }

    fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        doc: &EventDoc,
        _revision: u64,
        commands: &mut Vec<Command>,
    ) {
        let SystemEvent::WarmasterTournament(t) = &doc.event else {
            return;
        };
        if self.projector {
            self.projector_view(ui, texts, t);
            return;
        }
        egui::Panel::top("wmt.tabs").show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label(egui::RichText::new(&t.name).strong().size(16.0));
                ui.separator();
                for (tab, key) in [
                    (TTab::Players, "wmt.tab.players"),
                    (TTab::Rounds, "wmt.tab.rounds"),
                    (TTab::Standings, "wmt.tab.standings"),
                    (TTab::Print, "wmt.tab.print"),
                ] {
                    if ui.selectable_label(self.tab == tab, texts.t(key)).clicked() {
                        self.tab = tab;
                    }
                }
            });
        });
        egui::CentralPanel::default().show(ui, |ui| {
            if let Some(m) = &self.message {
                ui.colored_label(ui.visuals().error_fg_color, m);
            }
            egui::ScrollArea::vertical()
                .id_salt("wmt.scroll")
                .show(ui, |ui| match self.tab {
                    TTab::Players => self.players(ui, texts, t, commands),
                    TTab::Rounds => self.rounds(ui, texts, doc, t, commands),
                    TTab::Standings => self.standings(ui, texts, t),
                    TTab::Print => self
                        .print
                        .show(ui, texts, &TournamentSheets(t, &doc.sharing)),
                });
        });
    }
}

impl TournamentScreen {
    fn players(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        t: &WarmasterTournament,
        commands: &mut Vec<Command>,
    ) {
        ui.horizontal_wrapped(|ui| {
            // The tournament's own name, on every screen, sheet and
            // hosted game; a refused one (empty, too long) is said inline.
            let label = ui.label(texts.t("doc.name"));
            let name = self.name.get_or_insert_with(|| t.name.clone());
            let r = ui
                .add(egui::TextEdit::singleline(name).desired_width(260.0))
                .labelled_by(label.id);
            let rename = TournamentEdit::Rename {
                name: name.trim().to_owned(),
            };
            if name.trim() != t.name {
                match refusal(t, texts, &rename) {
                    Some(why) => {
                        ui.colored_label(ui.visuals().error_fg_color, why);
                    }
                    None if r.lost_focus() => {
                        commands.push(Command::Edit(DocumentEdit::Rename(name.trim().to_owned())));
                        self.name = None;
                    }
                    None => {}
                }
            } else if !r.has_focus() {
                self.name = None;
            }
        });
        ui.horizontal_wrapped(|ui| {
            let mut rounds = t.rounds;
            let label = ui.label(texts.t("wmt.rounds"));
            let r = ui
                .add(egui::DragValue::new(&mut rounds).range(1..=20))
                .labelled_by(label.id);
            if rounds != t.rounds && !r.dragged() {
                edit(commands, TournamentEdit::SetRounds { rounds });
            }
        });
        ui.horizontal_wrapped(|ui| {
            let fields = self.points.get_or_insert_with(|| {
                [
                    t.points.win.to_string(),
                    t.points.draw.to_string(),
                    t.points.loss.to_string(),
                    t.points.bye.to_string(),
                ]
            });
            for (i, key) in ["wmt.win", "wmt.draw", "wmt.loss", "wmt.bye"]
                .into_iter()
                .enumerate()
            {
                let label = ui.label(texts.t(key));
                ui.add(egui::TextEdit::singleline(&mut fields[i]).desired_width(40.0))
                    .labelled_by(label.id);
            }
            if ui.button(texts.t("wmt.set_points")).clicked() {
                let parsed: Result<Vec<i64>, String> = fields
                    .iter()
                    .map(|f| {
                        f.trim()
                            .parse::<i64>()
                            .map_err(|_| format!("\"{}\" is not a whole number", f.trim()))
                    })
                    .collect();
                match parsed {
                    Ok(v) => {
                        edit(
                            commands,
                            TournamentEdit::SetPoints {
                                points: TournamentPoints {
                                    win: v[0],
                                    draw: v[1],
                                    loss: v[2],
                                    bye: v[3],
                                },
                            },
                        );
                        self.points = None;
                        self.message = None;
                    }
                    Err(e) => self.message = Some(e),
                }
            }
        });
        self.terms(ui, texts, t, commands);
        ui.separator();
        egui::Grid::new("wmt.players")
            .num_columns(3)
            .striped(true)
            .show(ui, |ui| {
                let heading = ui.strong(texts.t("wmt.player_name"));
                ui.end_row();
                for p in &t.players {
                    let typed = self
                        .renames
                        .entry(p.id.clone())
                        .or_insert_with(|| p.name.clone());
                    let r = ui
                        .add(egui::TextEdit::singleline(typed).desired_width(180.0))
                        .labelled_by(heading.id);
                    let rename = TournamentEdit::RenamePlayer {
                        id: p.id.clone(),
                        name: typed.trim().to_owned(),
                    };
                    if typed.trim() != p.name {
                        match refusal(t, texts, &rename) {
                            Some(why) => {
                                ui.colored_label(ui.visuals().error_fg_color, why);
                            }
                            None => {
                                ui.weak(texts.t("wmt.rename.enter"));
                                if r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                                    edit(commands, rename);
                                }
                            }
                        }
                    } else {
                        match p.dropped_after {
                            Some(after) => ui.weak(
                                texts.f("wmt.dropped_after", &[("round", &after.to_string())]),
                            ),
                            None => ui.label(""),
                        };
                    }
                    ui.horizontal(|ui| {
                        if p.dropped_after.is_some() {
                            edit_button(
                                ui,
                                t,
                                texts,
                                commands,
                                texts.t("wmt.reinstate"),
                                &texts.f("wmt.reinstate.hover", &[("name", &p.name)]),
                                TournamentEdit::ReinstatePlayer { id: p.id.clone() },
                            );
                        } else {
                            edit_button(
                                ui,
                                t,
                                texts,
                                commands,
                                texts.t("wmt.drop"),
                                &texts.f("wmt.drop.hover", &[("name", &p.name)]),
                                TournamentEdit::DropPlayer { id: p.id.clone() },
                            );
                        }
                        edit_button(
                            ui,
                            t,
                            texts,
                            commands,
                            texts.t("wm.unit.remove"),
                            &p.name,
                            TournamentEdit::RemovePlayer { id: p.id.clone() },
                        );
                    });
                    ui.end_row();
                }
            });
        // Names typed for players who are gone are forgotten.
        self.renames
            .retain(|id, _| t.players.iter().any(|p| p.id == *id));
        ui.horizontal(|ui| {
            let label = ui.label(texts.t("wmt.new_player"));
            let r = ui
                .text_edit_singleline(&mut self.new_player)
                .labelled_by(label.id);
            let next = (1..)
                .map(|n| format!("p{n}"))
                .find(|id| !t.players.iter().any(|p| p.id == *id))
                .unwrap_or_default();
            let add = TournamentEdit::AddPlayer {
                id: next,
                name: self.new_player.trim().to_owned(),
            };
            let refused = if self.new_player.trim().is_empty() {
                None
            } else {
                refusal(t, texts, &add)
            };
            let ready = !self.new_player.trim().is_empty() && refused.is_none();
            let clicked = ui
                .add_enabled(ready, egui::Button::new(texts.t("wmt.add_player")))
                .clicked();
            let entered = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if ready && (clicked || entered) {
                edit(commands, add);
                self.new_player.clear();
                r.request_focus();
            }
            if let Some(why) = refused {
                ui.colored_label(ui.visuals().error_fg_color, why);
            }
        });
    }

    /// The game size and Guardians options every game of the tournament is
    /// played under (W11, text line 266); fixed once a result is in.
    fn terms(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        t: &WarmasterTournament,
        commands: &mut Vec<Command>,
    ) {
        ui.separator();
        ui.label(egui::RichText::new(texts.t("wmt.terms")).strong());
        let mut terms: GameTerms = t.terms;
        let probe = TournamentEdit::SetTerms { terms };
        let locked = refusal(t, texts, &probe);
        let mut dragging = false;
        ui.add_enabled_ui(locked.is_none(), |ui| {
            ui.horizontal_wrapped(|ui| {
                let label = ui.label(texts.t("wm.settings.size"));
                // The size follows the drag here and is sent when it ends.
                let size = self.terms_size.get_or_insert(t.terms.game_size);
                dragging = ui
                    .add(egui::DragValue::new(size).range(500..=10_000).speed(50))
                    .labelled_by(label.id)
                    .dragged();
                terms.game_size = *size;
                if !dragging {
                    self.terms_size = None;
                }
            });
            ui.checkbox(
                &mut terms.options.dying_race,
                texts.t("wm.option.dying_race"),
            );
            ui.checkbox(&mut terms.options.arrogant, texts.t("wm.option.arrogant"));
            ui.checkbox(
                &mut terms.options.destructive,
                texts.t("wm.option.destructive"),
            );
        });
        if let Some(why) = locked {
            ui.weak(why);
        } else if terms != t.terms && !dragging {
            let change = TournamentEdit::SetTerms { terms };
            match refusal(t, texts, &change) {
                None => edit(commands, change),
                Some(why) => self.message = Some(why),
            }
        }
    }

    fn rounds(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        doc: &EventDoc,
        t: &WarmasterTournament,
        commands: &mut Vec<Command>,
    ) {
        for round in 1..=t.rounds {
            ui.heading(texts.f("wmt.round", &[("n", &round.to_string())]));
            let Some(r) = t.round_list.get(round as usize - 1) else {
                if round as usize == t.round_list.len() + 1
                    && ui.button(texts.t("wmt.pair")).clicked()
                {
                    edit(commands, TournamentEdit::PairRound { round });
                }
                continue;
            };
            if let Some(bye) = &r.bye {
                ui.label(texts.f("wmt.bye_of", &[("name", &player_name(t, bye))]));
            }
            // Who won and how ("Anna wins on the clock (W9)"), from the
            // tournament's own round lines, as on the round sheet.
            let lines = t.round_lines(round).unwrap_or_default();
            for p in &r.pairings {
                let key = (round, p.table);
                ui.horizontal_wrapped(|ui| {
                    ui.strong(texts.f(
                        "wmt.pairing",
                        &[
                            ("table", &p.table.to_string()),
                            ("a", &player_name(t, &p.a)),
                            ("b", &player_name(t, &p.b)),
                        ],
                    ));
                    match &p.result {
                        Some(res) => {
                            if let Some(line) = lines.iter().find(|l| l.table == p.table) {
                                ui.label(texts.message(&line.message()));
                            }
                            ui.weak(result_text(texts, res));
                            if ui
                                .small_button(texts.t("wmt.clear"))
                                .on_hover_text(key.1.to_string())
                                .clicked()
                            {
                                edit(
                                    commands,
                                    TournamentEdit::ClearResult {
                                        round,
                                        table: p.table,
                                    },
                                );
                            }
                        }
                        None => {
                            let form = self.forms.entry(key).or_default();
                            for (i, side) in ["A", "B"].into_iter().enumerate() {
                                let label = ui.label(format!("VP {side}"));
                                ui.add(
                                    egui::TextEdit::singleline(&mut form.vp[i]).desired_width(40.0),
                                )
                                .labelled_by(label.id);
                                let label = ui.label(format!("EP {side}"));
                                ui.add(
                                    egui::TextEdit::singleline(&mut form.ep[i]).desired_width(30.0),
                                )
                                .labelled_by(label.id);
                            }
                            if ui.button(texts.t("wmt.record")).clicked() {
                                match typed_result(texts, form) {
                                    Ok(result) => {
                                        edit(
                                            commands,
                                            TournamentEdit::RecordResult {
                                                round,
                                                table: p.table,
                                                result,
                                            },
                                        );
                                        self.message = None;
                                    }
                                    Err(e) => self.message = Some(e),
                                }
                            }
                        }
                    }
                });
                hosted_game_line(ui, texts, doc, t, round, p, commands);
                if p.result.is_none() {
                    ui.horizontal_wrapped(|ui| {
                        let form = self.forms.entry(key).or_default();
                        let label = ui.label(texts.t("wmt.game_file"));
                        ui.add(egui::TextEdit::singleline(&mut form.path).desired_width(260.0))
                            .labelled_by(label.id);
                        if ui.button(texts.t("wmt.from_file")).clicked() {
                            match from_game_file(t, round, p.table, &form.path) {
                                Ok(e) => {
                                    edit(commands, e);
                                    self.message = None;
                                }
                                Err(e) => self.message = Some(e),
                            }
                        }
                    });
                }
            }
        }
    }

    fn standings(&mut self, ui: &mut egui::Ui, texts: &Texts, t: &WarmasterTournament) {
        if ui.button(texts.t("wmt.projector")).clicked() {
            self.projector = true;
        }
        match standings_table(t, texts) {
            Ok(table) => crate::ui::standings_view::show(ui, &table, 14.0),
            Err(e) => {
                ui.colored_label(ui.visuals().error_fg_color, e.to_string());
            }
        }
    }

    /// The standings large enough to read across the hall, as many rows a
    /// page as fit the screen; the pages turn by themselves every
    /// [`PROJECTOR_PAGE_SECONDS`] (or with the arrow keys).
    fn projector_view(&mut self, ui: &mut egui::Ui, texts: &Texts, t: &WarmasterTournament) {
        egui::CentralPanel::default().show(ui, |ui| {
            if ui.button(texts.t("wmt.projector_off")).clicked()
                || ui.input(|i| i.key_pressed(egui::Key::Escape))
            {
                self.projector = false;
            }
            let Ok(table) = standings_table(t, texts) else {
                return;
            };
            // The text grows with the screen: a 1080-line projector shows
            // about 12 rows at 40 points.
            let size = (ui.available_height() / 26.0).clamp(18.0, 48.0);
            let per_page = ((ui.available_height() - 4.0 * size) / (size * 1.6))
                .floor()
                .max(3.0) as usize;
            let pages = table.rows.len().div_ceil(per_page).max(1);
            let now = std::time::Instant::now();
            let turned = *self.projector_turned.get_or_insert(now);
            let (next, back) = ui.input(|i| {
                (
                    i.key_pressed(egui::Key::ArrowRight) || i.key_pressed(egui::Key::PageDown),
                    i.key_pressed(egui::Key::ArrowLeft) || i.key_pressed(egui::Key::PageUp),
                )
            });
            if next || now.duration_since(turned).as_secs() >= PROJECTOR_PAGE_SECONDS {
                self.projector_page += 1;
                self.projector_turned = Some(now);
            } else if back {
                self.projector_page += pages - 1;
                self.projector_turned = Some(now);
            }
            self.projector_page %= pages;
            ui.vertical_centered(|ui| {
                ui.label(egui::RichText::new(&t.name).size(size * 1.3).strong());
                if pages > 1 {
                    ui.label(egui::RichText::new(texts.f(
                        "wmt.projector.page",
                        &[
                            ("page", &(self.projector_page + 1).to_string()),
                            ("pages", &pages.to_string()),
                        ],
                    )));
                }
            });
            let mut page = table.clone();
            page.rows = table
                .rows
                .iter()
                .skip(self.projector_page * per_page)
                .take(per_page)
                .cloned()
                .collect();
            crate::ui::standings_view::show(ui, &page, size);
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs(1));
        });
    }
}

/// Seconds a page of the projector's standings stays before the next.
const PROJECTOR_PAGE_SECONDS: u64 = 12;

/// What a Warmaster tournament prints (the generic print tab's sheets):
/// the standings, each round's pairings and a result slip per table.
/// With each table's code while the tournament is shared (issue 30).
struct TournamentSheets<'a>(
    &'a WarmasterTournament,
    &'a feldherr_host::document::sharing::Sharing,
);

impl crate::ui::print_tab::EventSheets for TournamentSheets<'_> {
    fn kind_keys(&self) -> &'static [&'static str] {
        &["wmt.print.slips", "wmt.print.rounds", "wmt.print.standings"]
    }

    fn kind_of(&self, name: &str) -> usize {
        if name.starts_with("slip-") {
            0
        } else if name.starts_with("round-") {
            1
        } else {
            2
        }
    }

    fn sheets(
        &self,
        texts: &Texts,
        options: feldherr_sheet::SheetOptions,
        _two_up: bool,
    ) -> Result<Vec<feldherr_sheet::NamedSheet>, String> {
        let codes = |round: u32, table: u32| {
            self.1
                .code(&WarmasterTournament::round_key(round), table)
                .map(str::to_owned)
        };
        feldherr_warmaster::tournament_sheets_coded(self.0, texts, options, &codes)
            .map_err(|e| e.to_string())
    }
}

/// The game of a pairing played in the app, inside the tournament: start
/// it (the pairing's players are seated as players A and B) or open it.
/// Its result comes into the pairing as soon as the game is over.
fn hosted_game_line(
    ui: &mut egui::Ui,
    texts: &Texts,
    doc: &EventDoc,
    t: &WarmasterTournament,
    round: u32,
    p: &feldherr_warmaster::TournamentPairing,
    commands: &mut Vec<Command>,
) {
    use feldherr_host::document::{DocumentEdit, EventEdit};
    let role = feldherr_warmaster::tournament_role(round, p.table);
    if doc.hosted(&role).is_none() && p.result.is_some() {
        return;
    }
    let table = p.table.to_string();
    ui.horizontal_wrapped(|ui| match doc.hosted(&role) {
        Some(hosted) => {
            let state = match hosted.game.game.report() {
                Some(r) if r.finished => texts.t("wmt.hosted.over"),
                Some(_) => texts.t("wmt.hosted.battle"),
                None => texts.t("wmt.hosted.setup"),
            };
            ui.weak(texts.f(
                "wmt.hosted",
                &[("name", &hosted.game.name), ("state", state)],
            ));
            if ui
                .button(texts.t("wmt.hosted.open"))
                .on_hover_text(texts.f("wmt.hosted.open.for", &[("table", &table)]))
                .clicked()
            {
                commands.push(Command::OpenHosted(role));
            }
        }
        None if p.result.is_none()
            && ui
                .button(texts.t("wmt.hosted.play"))
                .on_hover_text(texts.f("wmt.hosted.play.for", &[("table", &table)]))
                .clicked() =>
        {
            let name = texts.f(
                "wmt.hosted.name",
                &[
                    ("round", &round.to_string()),
                    ("table", &table),
                    ("a", &player_name(t, &p.a)),
                    ("b", &player_name(t, &p.b)),
                ],
            );
            commands.push(Command::Edit(DocumentEdit::Event(EventEdit::Host {
                role: role.clone(),
                name,
            })));
            commands.push(Command::OpenHosted(role));
        }
        None => {}
    });
}

/// The result edit of round `round`, table `table` from a saved Warmaster
/// game document's report (the players are found by name).
pub fn from_game_file(
    t: &WarmasterTournament,
    round: u32,
    table: u32,
    path: &str,
) -> Result<TournamentEdit, String> {
    let doc = feldherr_host::document::load(std::path::Path::new(path.trim()))
        .map_err(|e| e.to_string())?;
    let Document::Game(game) = doc else {
        return Err(format!("{}: not a game document", path.trim()));
    };
    let Some(g) = game_of::<WarmasterGame>(&game) else {
        return Err(format!("{}: not a Warmaster game", path.trim()));
    };
    let report = g
        .report()
        .ok_or_else(|| format!("{}: the battle has not begun", path.trim()))?;
    let role = feldherr_warmaster::tournament_role(round, table);
    // A game played in a file of its own: its players are the pairing's
    // by their names now.
    let seats = t
        .slots()
        .into_iter()
        .find(|s| s.role == role)
        .map(|s| s.players)
        .unwrap_or_default();
    t.feed(&role, &seats, &report)
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("{}: the game is not over", path.trim()))
}
