//! Pairings and results of one battle game (Raeuber-Warhammer or the New
//! Year scenario): the pairing generator, byes, live validation and the
//! event points as you type. Typed results are kept per table while other
//! tabs are shown and other edits happen; a table's fields reload only when
//! its saved result changes (issue 10).

use std::collections::BTreeMap;

use eframe::egui;
use feldherr_wfb_newyear::{
    BattleKind, BattleResult, Event, NewYearError, Pairing, ScorePreview, SideResult,
};

use super::event_edit;
use crate::app::Command;
use crate::i18n::Texts;
use feldherr_wfb_newyear::EventEdit;

/// The six result fields of a pairing as typed: VP, standards, treasures
/// for side A, then for side B.
type ResultFields = [String; 6];

/// A table's typed fields and the saved result they were loaded from
/// (kept with the app's session while they differ, issue 26).
#[derive(Debug, Default, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Typed {
    fields: ResultFields,
    loaded: Option<BattleResult>,
}

/// Fields being typed on a battle tab.
#[derive(Debug, Default)]
pub struct BattleTab {
    table: String,
    player_a: String,
    player_b: String,
    pairing_error: Option<String>,
    /// Typed results by table number.
    results: BTreeMap<u32, Typed>,
    draw: super::draw::DrawPanel,
    /// The late arrival chosen for each bye (by the bye player's id).
    late: BTreeMap<String, String>,
}

/// The width of a VP field: six digits of the body font plus the frame,
/// so at least five digits always show (issue 10).
fn vp_width(ui: &egui::Ui) -> f32 {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let digits = ui.fonts_mut(|f| {
        f.layout_no_wrap("000000".into(), font, egui::Color32::WHITE)
            .size()
            .x
    });
    digits + 2.0 * ui.spacing().button_padding.x
}

fn fields_of(result: Option<&BattleResult>) -> ResultFields {
    match result {
        None => Default::default(),
        Some(r) => [
            r.a.victory_points.to_string(),
            r.a.standards_captured.to_string(),
            r.a.treasures_recovered.to_string(),
            r.b.victory_points.to_string(),
            r.b.standards_captured.to_string(),
            r.b.treasures_recovered.to_string(),
        ],
    }
}

/// Reads typed result fields; every problem names its field.
pub fn parse_result(
    texts: &Texts,
    kind: BattleKind,
    fields: &ResultFields,
) -> Result<BattleResult, Vec<String>> {
    let names = [
        texts.f("result.vp", &[("side", "A")]),
        texts.f("result.standards", &[("side", "A")]),
        texts.f("result.treasures", &[("side", "A")]),
        texts.f("result.vp", &[("side", "B")]),
        texts.f("result.standards", &[("side", "B")]),
        texts.f("result.treasures", &[("side", "B")]),
    ];
    let mut values = [0i64; 6];
    let mut problems = Vec::new();
    for (i, (text, name)) in fields.iter().zip(&names).enumerate() {
        let text = text.trim();
        let treasures = i == 2 || i == 5;
        if text.is_empty() && (treasures || i == 1 || i == 4) {
            continue; // no standards or treasures: 0
        }
        if treasures && kind == BattleKind::RaeuberWarhammer {
            continue;
        }
        match text.parse::<i64>() {
            Ok(v) if v < 0 => {
                problems.push(texts.f("result.negative", &[("field", name), ("value", text)]))
            }
            Ok(v) => values[i] = v,
            Err(_) => {
                problems.push(texts.f("result.not_whole", &[("field", name), ("value", text)]))
            }
        }
    }
    if kind == BattleKind::NewYearScenario && values[2] + values[5] > 3 {
        problems.push(texts.f(
            "result.treasures_total",
            &[("n", &(values[2] + values[5]).to_string())],
        ));
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let side = |o: usize| SideResult {
        victory_points: values[o],
        standards_captured: values[o + 1],
        treasures_recovered: values[o + 2],
    };
    let result = BattleResult {
        a: side(0),
        b: side(3),
    };
    kind.score(&result.a, &result.b)
        .map_err(|e| vec![e.to_string()])?;
    Ok(result)
}

/// Where a table's result stands (issue 26: entered or visibly not).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultState {
    /// Nothing saved and nothing typed.
    Missing,
    /// Typed values that differ from what is saved (or nothing saved).
    Typed,
    /// The saved result, untouched.
    Saved,
}

/// The state of one table from its saved result, its typed fields and
/// what they parse to.
fn result_state(
    saved: Option<&BattleResult>,
    fields: &ResultFields,
    parsed: Option<&BattleResult>,
) -> ResultState {
    if saved.is_some() && (parsed == saved || *fields == fields_of(saved)) {
        ResultState::Saved
    } else if saved.is_none() && fields.iter().all(|f| f.trim().is_empty()) {
        ResultState::Missing
    } else {
        ResultState::Typed
    }
}

/// The marker beside a table's *Save result*: green when saved, red on a
/// red ground when not, so a missing result cannot be overlooked.
fn state_badge(ui: &mut egui::Ui, texts: &Texts, state: ResultState) {
    ui.add(egui::Label::new(state_text(ui, texts, state)));
}

/// The marker text of a state, coloured.
pub fn state_text(ui: &egui::Ui, texts: &Texts, state: ResultState) -> egui::RichText {
    match state {
        ResultState::Saved => egui::RichText::new(texts.t("result.state.saved"))
            .color(saved_colour(ui))
            .strong(),
        ResultState::Missing => alarm(ui, texts.t("result.state.missing")),
        ResultState::Typed => alarm(ui, texts.t("result.state.typed")),
    }
}

/// Green that reads on the dark and the light theme.
pub fn saved_colour(ui: &egui::Ui) -> egui::Color32 {
    if ui.visuals().dark_mode {
        egui::Color32::from_rgb(110, 210, 110)
    } else {
        egui::Color32::from_rgb(0, 120, 0)
    }
}

/// A text that cannot be missed: strong, white on the theme's error red.
pub fn alarm(ui: &egui::Ui, text: impl Into<String>) -> egui::RichText {
    egui::RichText::new(text)
        .strong()
        .color(egui::Color32::WHITE)
        .background_color(ui.visuals().error_fg_color.gamma_multiply(0.9))
}

/// The players whose standing before a later game's draw a correction at
/// `table` would change (PN8), named; `None` when it changes none or a
/// later game has not been drawn by the standings.
fn correction_changes_draw(
    event: &Event,
    kind: BattleKind,
    table: u32,
    result: &BattleResult,
) -> Option<String> {
    let later = match kind {
        BattleKind::RaeuberWarhammer => BattleKind::NewYearScenario,
        BattleKind::NewYearScenario => return None,
    };
    if event.game(later).drawn_from.is_empty() {
        return None;
    }
    let before = event.standings_changed_since_draw(later).ok()?;
    let mut next = event.clone();
    next.apply(&EventEdit::SetResult {
        game: kind,
        table,
        result: Some(*result),
    })
    .ok()?;
    let after = next.standings_changed_since_draw(later).ok()?;
    let names: Vec<String> = after
        .iter()
        .filter(|c| !before.contains(c))
        .filter_map(|c| match c {
            feldherr_wfb_newyear::DraftChange::StandingChanged { name, .. } => Some(name.clone()),
            _ => None,
        })
        .collect();
    (!names.is_empty()).then(|| names.join(", "))
}

/// The typed result checked against the event (PN1, PN2: what the armies
/// can give) and scored, with the band edges the rulings decide.
fn preview(
    texts: &Texts,
    event: &Event,
    kind: BattleKind,
    table: u32,
    result: BattleResult,
) -> Result<(BattleResult, ScorePreview), Vec<String>> {
    match event.preview_result(kind, table, &result) {
        Ok(preview) => Ok((result, preview)),
        Err(NewYearError::Implausible {
            player,
            field,
            value,
            max,
            rule,
            ..
        }) => {
            let side = if field.starts_with("a.") { "A" } else { "B" };
            let (name, key) = if field.ends_with("victory_points") {
                (
                    texts.f("result.vp", &[("side", side)]),
                    "result.implausible.vp",
                )
            } else {
                (
                    texts.f("result.standards", &[("side", side)]),
                    "result.implausible.standards",
                )
            };
            Err(vec![texts.f(
                key,
                &[
                    ("field", &name),
                    ("player", &player),
                    ("value", &value.to_string()),
                    ("max", &max.to_string()),
                    ("army", &event.army_size.to_string()),
                    ("rule", rule),
                ],
            )])
        }
        Err(e) => Err(vec![e.to_string()]),
    }
}

impl BattleTab {
    /// The tables of the game whose typed result is not saved, in table
    /// order (issue 26: leaving them asks first).
    pub fn unsaved(&self, texts: &Texts, event: &Event, kind: BattleKind) -> Vec<u32> {
        let game = event.game(kind);
        self.results
            .iter()
            .filter(|(table, typed)| {
                let saved = game.at_table(**table).and_then(|p| p.result.as_ref());
                let parsed = parse_result(texts, kind, &typed.fields).ok();
                game.at_table(**table).is_some()
                    && result_state(saved, &typed.fields, parsed.as_ref()) == ResultState::Typed
            })
            .map(|(table, _)| *table)
            .collect()
    }

    /// The tables whose typed fields differ from the saved result they
    /// were loaded from (to keep them over a restart).
    pub(super) fn kept(&self) -> BTreeMap<u32, Typed> {
        self.results
            .iter()
            .filter(|(_, typed)| typed.fields != fields_of(typed.loaded.as_ref()))
            .map(|(table, typed)| (*table, typed.clone()))
            .collect()
    }

    /// Takes back typed fields kept by [`BattleTab::kept`]; a table whose
    /// saved result changed since shows the saved result (as after any
    /// change of it).
    pub(super) fn restore(&mut self, kept: BTreeMap<u32, Typed>) {
        self.results.extend(kept);
    }

    /// Fills the fields of `table` with reported `values` (by the keys of
    /// [`feldherr_wfb_newyear::Event::entry_tables`]), over its `saved`
    /// result: the organiser corrects them and saves as any typed result.
    pub fn prefill(
        &mut self,
        table: u32,
        values: &feldherr_play::ReportValues,
        saved: Option<BattleResult>,
    ) {
        let get = |key: &str| values.get(key).map_or_else(String::new, i64::to_string);
        let fields = [
            get("a.victory_points"),
            get("a.standards_captured"),
            get("a.treasures_recovered"),
            get("b.victory_points"),
            get("b.standards_captured"),
            get("b.treasures_recovered"),
        ];
        self.results.insert(
            table,
            Typed {
                fields,
                loaded: saved,
            },
        );
    }

    /// Throws the typed values of `tables` away: their fields show the
    /// saved result again.
    pub fn discard(&mut self, tables: &[u32]) {
        for table in tables {
            if let Some(typed) = self.results.get_mut(table) {
                typed.fields = fields_of(typed.loaded.as_ref());
            }
        }
    }

    /// The edits that save the typed results of `tables`, or the problems
    /// that keep one from being saved (each naming its table).
    pub fn save(
        &self,
        texts: &Texts,
        event: &Event,
        kind: BattleKind,
        tables: &[u32],
    ) -> Result<Vec<EventEdit>, Vec<String>> {
        let mut edits = Vec::new();
        let mut problems = Vec::new();
        for table in tables {
            let Some(typed) = self.results.get(table) else {
                continue;
            };
            match parse_result(texts, kind, &typed.fields)
                .and_then(|r| preview(texts, event, kind, *table, r))
            {
                Ok((result, _)) => edits.push(EventEdit::SetResult {
                    game: kind,
                    table: *table,
                    result: Some(result),
                }),
                Err(list) => problems.extend(list.into_iter().map(|p| {
                    texts.f(
                        "result.problem_at",
                        &[("table", &table.to_string()), ("problem", &p)],
                    )
                })),
            }
        }
        if problems.is_empty() {
            Ok(edits)
        } else {
            Err(problems)
        }
    }

    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        event: &Event,
        kind: BattleKind,
        commands: &mut Vec<Command>,
    ) {
        let game = event.game(kind);
        // A table's fields follow its saved result when that changes (undo,
        // a save, another tab); typed text stays otherwise.
        for pairing in &game.pairings {
            let typed = self.results.entry(pairing.table).or_default();
            if typed.loaded != pairing.result {
                typed.fields = fields_of(pairing.result.as_ref());
                typed.loaded = pairing.result;
            }
        }
        self.results
            .retain(|table, _| game.pairings.iter().any(|p| p.table == *table));
        let name_of = |id: &str| event.player_name(id);
        let key = match kind {
            BattleKind::RaeuberWarhammer => "event.tab.raeuber",
            BattleKind::NewYearScenario => "event.tab.newyear",
        };
        ui.heading(texts.t(key));
        ui.weak(texts.t(match kind {
            BattleKind::RaeuberWarhammer => "result.bands.raeuber",
            BattleKind::NewYearScenario => "result.bands.newyear",
        }));
        ui.add_space(6.0);
        // A corrected result under a later draw (PN8): on every game tab
        // until the pairings are kept or drawn again.
        for warning in event.warnings().unwrap_or_default() {
            if let feldherr_wfb_newyear::EventWarning::StandingsChangedSinceDraw { game, .. } =
                &warning
            {
                ui.horizontal_wrapped(|ui| {
                    ui.label(alarm(ui, texts.message(&warning.message())));
                    if ui.button(texts.t("standings.keep_pairings")).clicked() {
                        commands.push(event_edit(EventEdit::KeepDrawnPairings { game: *game }));
                    }
                });
            }
        }
        self.draw.show(ui, texts, event, kind, commands);
        self.byes(ui, texts, event, kind, commands);
        ui.add_space(6.0);
        for pairing in &game.pairings {
            let index = pairing.table;
            let fields = &mut self.results.entry(index).or_default().fields;
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal(|ui| {
                    ui.label(
                        egui::RichText::new(texts.f(
                            "pairing.title",
                            &[
                                ("table", &pairing.table.to_string()),
                                ("a", &name_of(&pairing.player_a)),
                                ("b", &name_of(&pairing.player_b)),
                            ],
                        ))
                        .strong(),
                    );
                    if pairing.result.is_some()
                        && ui.small_button(texts.t("result.cleared")).clicked()
                    {
                        commands.push(event_edit(EventEdit::SetResult {
                            game: kind,
                            table: index,
                            result: None,
                        }));
                    }
                    if ui.small_button(texts.t("pairing.remove")).clicked() {
                        commands.push(event_edit(EventEdit::RemovePairing {
                            game: kind,
                            table: index,
                        }));
                    }
                });
                result_fields(ui, texts, kind, index, fields);
                let parsed = parse_result(texts, kind, fields)
                    .and_then(|result| preview(texts, event, kind, index, result));
                let all_empty = fields.iter().all(|f| f.trim().is_empty());
                let state = result_state(
                    pairing.result.as_ref(),
                    fields,
                    parsed.as_ref().ok().map(|(r, _)| r),
                );
                // The button first and always in the same place; what the
                // typed values would give and any problem come below it
                // (issue 26: a hint above pushed the button down).
                ui.horizontal_wrapped(|ui| {
                    let savable = parsed.is_ok() && state == ResultState::Typed;
                    let label = if state == ResultState::Saved {
                        texts.t("result.saved")
                    } else {
                        texts.t("result.save")
                    };
                    if ui
                        .add_enabled(savable, egui::Button::new(label))
                        .on_hover_text(texts.f(
                            "result.save_table",
                            &[("table", &pairing.table.to_string())],
                        ))
                        .clicked()
                        && let Ok((result, _)) = &parsed
                    {
                        commands.push(event_edit(EventEdit::SetResult {
                            game: kind,
                            table: index,
                            result: Some(*result),
                        }));
                    }
                    state_badge(ui, texts, state);
                });
                match &parsed {
                    Err(problems) => {
                        if !all_empty {
                            for p in problems {
                                ui.colored_label(ui.visuals().error_fg_color, p);
                            }
                        }
                    }
                    Ok((result, preview)) => {
                        if state == ResultState::Typed
                            && pairing.result.is_some()
                            && let Some(names) = correction_changes_draw(event, kind, index, result)
                        {
                            // Said before the click (PN8): a later game was
                            // drawn by the standings this correction changes.
                            ui.label(alarm(
                                ui,
                                texts.f("result.correction_under_draw", &[("names", &names)]),
                            ));
                        }
                        let outcome = &preview.outcome;
                        let key = if state == ResultState::Saved {
                            "result.preview"
                        } else {
                            "result.preview.would"
                        };
                        ui.label(texts.f(
                            key,
                            &[
                                ("a_total", &outcome.a.total_vp.to_string()),
                                ("b_total", &outcome.b.total_vp.to_string()),
                                ("diff", &outcome.score.difference.to_string()),
                                ("a_points", &outcome.a.event_points.to_string()),
                                ("b_points", &outcome.b.event_points.to_string()),
                            ],
                        ));
                        for note in &preview.notes {
                            ui.colored_label(
                                ui.visuals().warn_fg_color,
                                texts.message(&note.message()),
                            );
                        }
                    }
                }
            });
            ui.add_space(4.0);
        }
        ui.separator();
        self.new_pairing(ui, texts, event, kind, commands);
    }

    /// The byes, each with *Remove bye* and a late arrival to take the
    /// bye's slot (PN4: the bye player and the late arrival play); the
    /// players not seated in the game, each with *Give a bye*.
    fn byes(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        event: &Event,
        kind: BattleKind,
        commands: &mut Vec<Command>,
    ) {
        let game = event.game(kind);
        let unseated: Vec<&feldherr_wfb_newyear::Player> = event
            .players
            .iter()
            .filter(|p| {
                !p.dropped
                    && !game.byes.contains(&p.id)
                    && !game
                        .pairings
                        .iter()
                        .any(|q| q.player_a == p.id || q.player_b == p.id)
            })
            .collect();
        for bye in &game.byes {
            let name = event.player_name(bye);
            ui.horizontal_wrapped(|ui| {
                ui.label(texts.f(
                    "pairing.bye",
                    &[("player", &name), ("points", &game.bye_points.to_string())],
                ));
                if ui
                    .small_button(texts.f("bye.remove", &[("player", &name)]))
                    .clicked()
                {
                    commands.push(event_edit(EventEdit::RemoveBye {
                        game: kind,
                        player: bye.clone(),
                    }));
                }
                let dropped = event.player(bye).is_some_and(|p| p.dropped);
                if unseated.is_empty() || dropped {
                    return;
                }
                let late = self.late.entry(bye.clone()).or_default();
                let label = ui.label(texts.f("bye.late", &[("player", &name)]));
                let selected = event
                    .player(late)
                    .map_or_else(|| texts.t("pairing.choose").to_owned(), |p| p.name.clone());
                egui::ComboBox::from_id_salt(("late", kind as u8, bye.as_str()))
                    .selected_text(selected)
                    .show_ui(ui, |ui| {
                        for player in &unseated {
                            ui.selectable_value(late, player.id.clone(), &player.name);
                        }
                    })
                    .response
                    .labelled_by(label.id);
                let chosen = unseated.iter().any(|p| p.id == *late);
                if ui
                    .add_enabled(chosen, egui::Button::new(texts.t("bye.pair")))
                    .clicked()
                {
                    commands.push(event_edit(EventEdit::PairBye {
                        game: kind,
                        bye: bye.clone(),
                        late: late.clone(),
                    }));
                    late.clear();
                }
            });
        }
        if !unseated.is_empty() && (!game.pairings.is_empty() || !game.byes.is_empty()) {
            ui.horizontal_wrapped(|ui| {
                ui.label(egui::RichText::new(texts.t("bye.unseated")).strong());
                for player in &unseated {
                    if ui
                        .small_button(texts.f("bye.give", &[("player", &player.name)]))
                        .clicked()
                    {
                        commands.push(event_edit(EventEdit::AddBye {
                            game: kind,
                            player: player.id.clone(),
                        }));
                    }
                }
            });
        }
    }

    fn new_pairing(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        event: &Event,
        kind: BattleKind,
        commands: &mut Vec<Command>,
    ) {
        ui.label(egui::RichText::new(texts.t("pairing.new")).strong());
        let game = event.game(kind);
        if self.table.is_empty() {
            self.table = (game.pairings.iter().map(|p| p.table).max().unwrap_or(0) + 1).to_string();
        }
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(texts.t("pairing.table"));
            ui.add(egui::TextEdit::singleline(&mut self.table).desired_width(40.0))
                .labelled_by(label.id);
            for (slot, key, salt) in [
                (&mut self.player_a, "pairing.player_a", "pa"),
                (&mut self.player_b, "pairing.player_b", "pb"),
            ] {
                let selected = event
                    .player(slot)
                    .map_or_else(|| texts.t("pairing.choose").to_owned(), |p| p.name.clone());
                let label = ui.label(texts.t(key));
                egui::ComboBox::from_id_salt(format!("{salt}{kind:?}"))
                    .selected_text(selected)
                    .show_ui(ui, |ui| {
                        for player in event.players.iter().filter(|p| !p.dropped) {
                            ui.selectable_value(slot, player.id.clone(), &player.name);
                        }
                    })
                    .response
                    .labelled_by(label.id);
            }
            if ui.button(texts.t("pairing.add")).clicked() {
                match self.table.trim().parse::<u32>() {
                    Ok(table) if table > 0 => {
                        let pairing =
                            Pairing::new(table, self.player_a.clone(), self.player_b.clone());
                        if self.player_a.is_empty() || self.player_b.is_empty() {
                            self.pairing_error = Some(texts.t("pairing.both").to_owned());
                        } else {
                            commands.push(event_edit(EventEdit::AddPairing {
                                game: kind,
                                pairing,
                            }));
                            self.player_a.clear();
                            self.player_b.clear();
                            self.table.clear();
                            self.pairing_error = None;
                        }
                    }
                    _ => {
                        self.pairing_error =
                            Some(texts.f("pairing.bad_table", &[("value", self.table.trim())]));
                    }
                }
            }
        });
        if let Some(e) = &self.pairing_error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
    }
}

fn result_fields(
    ui: &mut egui::Ui,
    texts: &Texts,
    kind: BattleKind,
    index: u32,
    fields: &mut ResultFields,
) {
    let vp = vp_width(ui);
    egui::Grid::new(("result", kind as u8, index))
        .num_columns(4)
        .show(ui, |ui| {
            for (side, offset) in [("A", 0usize), ("B", 3usize)] {
                let names = [
                    texts.f("result.vp", &[("side", side)]),
                    texts.f("result.standards", &[("side", side)]),
                    texts.f("result.treasures", &[("side", side)]),
                ];
                let count = if kind == BattleKind::NewYearScenario {
                    3
                } else {
                    2
                };
                for (i, name) in names.iter().enumerate().take(count) {
                    let label = ui.label(name);
                    if let Some(text) = fields.get_mut(offset + i) {
                        // VP run to five digits and more (the field is
                        // sized exactly, a grid cell never narrows it);
                        // counts are small.
                        let width = if i == 0 { vp } else { 44.0 };
                        let height = ui.spacing().interact_size.y;
                        ui.add_sized([width, height], egui::TextEdit::singleline(text))
                            .labelled_by(label.id);
                    }
                }
                ui.end_row();
            }
        });
}
