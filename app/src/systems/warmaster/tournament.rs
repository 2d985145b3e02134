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
    TournamentEdit, TournamentPoints, TournamentResult, TournamentSide, WarmasterGame,
    WarmasterTournament, player_name, result_text, standings_table,
};

use crate::app::Command;
use crate::i18n::Texts;
use crate::systems::game_of;

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
}

/// The screens of one open Warmaster tournament.
#[derive(Debug, Default)]
pub struct TournamentScreen {
    tab: TTab,
    new_player: String,
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
        ui.separator();
        for p in &t.players {
            ui.horizontal(|ui| {
                ui.label(&p.name);
                if ui
                    .small_button(texts.t("wm.unit.remove"))
                    .on_hover_text(&p.name)
                    .clicked()
                {
                    edit(commands, TournamentEdit::RemovePlayer { id: p.id.clone() });
                }
            });
        }
        ui.horizontal(|ui| {
            let label = ui.label(texts.t("wmt.new_player"));
            ui.text_edit_singleline(&mut self.new_player)
                .labelled_by(label.id);
            if ui.button(texts.t("wmt.add_player")).clicked() && !self.new_player.trim().is_empty()
            {
                let next = (1..)
                    .map(|n| format!("p{n}"))
                    .find(|id| !t.players.iter().any(|p| p.id == *id))
                    .unwrap_or_default();
                edit(
                    commands,
                    TournamentEdit::AddPlayer {
                        id: next,
                        name: self.new_player.trim().to_owned(),
                    },
                );
                self.new_player.clear();
            }
        });
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
                            ui.label(result_text(texts, res));
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

    fn projector_view(&mut self, ui: &mut egui::Ui, texts: &Texts, t: &WarmasterTournament) {
        egui::CentralPanel::default().show(ui, |ui| {
            if ui.button(texts.t("wmt.projector_off")).clicked()
                || ui.input(|i| i.key_pressed(egui::Key::Escape))
            {
                self.projector = false;
            }
            ui.vertical_centered(|ui| {
                ui.label(egui::RichText::new(&t.name).size(36.0).strong());
            });
            if let Ok(table) = standings_table(t, texts) {
                crate::ui::standings_view::show(ui, &table, 28.0);
            }
        });
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
