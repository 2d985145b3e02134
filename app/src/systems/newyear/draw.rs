//! The pairing generator of one battle game (issue 10): draw with a seed
//! (shown, and typed in again to repeat a draw), swap two players, confirm.
//! The first game is drawn at random, the second by the standings so far;
//! same-club games, rematches and repeated byes are avoided where possible
//! (the crate decides, P23).

use eframe::egui;
use feldherr_pairing::Compromise;
use feldherr_wfb_newyear::{BattleKind, Event, EventDraft};

use super::event_edit;
use crate::app::Command;
use crate::i18n::Texts;
use feldherr_wfb_newyear::EventEdit;

/// The draw panel's state.
#[derive(Debug, Default)]
pub struct DrawPanel {
    seed: String,
    draft: Option<EventDraft>,
    swap: [String; 2],
    error: Option<String>,
    /// The bye points as typed, while they differ from the event's.
    bye_points: Option<String>,
    bye_error: Option<String>,
}

/// A seed for a new draw: the clock's nanoseconds, shown so the draw can
/// be repeated.
fn fresh_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64 % 1_000_000)
}

/// A compromise of the draw in the interface language.
pub fn compromise_text(texts: &Texts, c: &Compromise) -> String {
    match c {
        Compromise::Rematch { table, a, b } => texts.f(
            "draw.rematch",
            &[("table", &table.to_string()), ("a", a), ("b", b)],
        ),
        Compromise::SameClub { table, a, b, club } => texts.f(
            "draw.same_club",
            &[
                ("table", &table.to_string()),
                ("a", a),
                ("b", b),
                ("club", club),
            ],
        ),
        Compromise::RepeatedBye { player } => texts.f("draw.repeated_bye", &[("player", player)]),
    }
}

impl DrawPanel {
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        event: &Event,
        kind: BattleKind,
        commands: &mut Vec<Command>,
    ) {
        let game = event.game(kind);
        if self.seed.is_empty() {
            self.seed = game.seed.unwrap_or_else(fresh_seed).to_string();
        }
        let name = |id: &str| event.player_name(id);
        egui::CollapsingHeader::new(texts.t("draw.heading"))
            .id_salt(("draw", kind as u8))
            .default_open(game.pairings.is_empty())
            .show(ui, |ui| {
                ui.label(texts.t(match kind {
                    BattleKind::RaeuberWarhammer => "draw.help.random",
                    BattleKind::NewYearScenario => "draw.help.standings",
                }));
                if game.pairings.iter().any(|p| p.result.is_some()) {
                    ui.label(texts.t("draw.help.keep"));
                }
                if let Some(seed) = game.seed {
                    ui.weak(texts.f("draw.saved_seed", &[("seed", &seed.to_string())]));
                }
                ui.horizontal_wrapped(|ui| {
                    let label = ui.label(texts.t("draw.seed"));
                    ui.add(egui::TextEdit::singleline(&mut self.seed).desired_width(90.0))
                        .labelled_by(label.id);
                    if ui.button(texts.t("draw.new_seed")).clicked() {
                        self.seed = fresh_seed().to_string();
                    }
                    if ui.button(texts.t("draw.draw")).clicked() {
                        match self.seed.trim().parse::<u64>() {
                            Ok(seed) => match event.draft(kind, seed) {
                                Ok(draft) => {
                                    self.draft = Some(draft);
                                    self.error = None;
                                }
                                Err(e) => self.error = Some(said(texts, &e)),
                            },
                            Err(_) => {
                                self.error =
                                    Some(texts.f("draw.bad_seed", &[("value", self.seed.trim())]));
                            }
                        }
                    }
                });
                self.bye_points(ui, texts, event, kind, commands);
                if let Some(e) = &self.error {
                    ui.colored_label(ui.visuals().error_fg_color, e);
                }
                let Some(drafted) = &self.draft else {
                    return;
                };
                let draft = &drafted.draft;
                ui.separator();
                ui.label(
                    egui::RichText::new(
                        texts.f("draw.draft", &[("seed", &draft.seed.to_string())]),
                    )
                    .strong(),
                );
                if !drafted.kept_tables.is_empty() {
                    let kept = drafted
                        .kept_tables
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(", ");
                    ui.label(texts.f("draw.kept", &[("tables", &kept)]));
                }
                for table in &draft.tables {
                    ui.label(texts.f(
                        "draw.table",
                        &[
                            ("table", &table.number.to_string()),
                            ("a", &name(&table.a)),
                            ("b", &name(&table.b)),
                        ],
                    ));
                }
                if let Some(bye) = &draft.bye {
                    ui.label(texts.f(
                        "draw.bye",
                        &[
                            ("player", &name(bye)),
                            ("points", &game.bye_points.to_string()),
                        ],
                    ));
                }
                if draft.compromises.is_empty() {
                    ui.weak(texts.t("draw.no_compromise"));
                }
                for c in &draft.compromises {
                    ui.colored_label(ui.visuals().warn_fg_color, compromise_text(texts, c));
                }
                // Stale when the players or the results changed since the
                // draw: said before the click, the draft kept (issue 26).
                let changes = drafted.changes(event).unwrap_or_default();
                let stale = !changes.is_empty();
                if stale {
                    egui::Frame::group(ui.style())
                        .stroke(egui::Stroke::new(2.0, ui.visuals().error_fg_color))
                        .show(ui, |ui| {
                            ui.label(super::battles::alarm(ui, texts.t("draw.stale")));
                            for change in &changes {
                                ui.colored_label(
                                    ui.visuals().error_fg_color,
                                    format!("•  {}", texts.message(&change.message())),
                                );
                            }
                        });
                }
                self.swap_row(ui, texts, event, kind);
                let mut redraw = false;
                ui.horizontal(|ui| {
                    let confirm =
                        ui.add_enabled(!stale, egui::Button::new(texts.t("draw.confirm")));
                    let confirm = if stale {
                        confirm.on_disabled_hover_text(texts.t("draw.stale"))
                    } else {
                        confirm
                    };
                    if confirm.clicked()
                        && let Some(draft) = self.draft.take()
                    {
                        commands.push(event_edit(EventEdit::ConfirmDraft(draft)));
                    }
                    if stale && ui.button(texts.t("draw.again")).clicked() {
                        redraw = true;
                    }
                    if ui.button(texts.t("draw.discard")).clicked() {
                        self.draft = None;
                    }
                });
                if redraw && let Some(seed) = self.draft.as_ref().map(|d| d.draft.seed) {
                    match event.draft(kind, seed) {
                        Ok(draft) => {
                            self.draft = Some(draft);
                            self.error = None;
                        }
                        Err(e) => self.error = Some(said(texts, &e)),
                    }
                }
            });
    }

    fn bye_points(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        event: &Event,
        kind: BattleKind,
        commands: &mut Vec<Command>,
    ) {
        let game = event.game(kind);
        ui.horizontal(|ui| {
            let label = ui.label(texts.t("draw.bye_points"));
            let text = self
                .bye_points
                .get_or_insert_with(|| game.bye_points.to_string());
            let field = ui
                .add(egui::TextEdit::singleline(text).desired_width(40.0))
                .labelled_by(label.id);
            // Taken when the field is left (Enter or elsewhere); a value that
            // is not a whole number of 0 or more is refused, not clamped.
            if field.lost_focus() {
                match text.trim().parse::<u32>() {
                    Ok(points) => {
                        self.bye_error = None;
                        self.bye_points = None;
                        if points != game.bye_points {
                            commands
                                .push(event_edit(EventEdit::SetByePoints { game: kind, points }));
                        }
                    }
                    Err(_) => {
                        self.bye_error =
                            Some(texts.f("draw.bye_points.bad", &[("value", text.trim())]));
                    }
                }
            } else if !field.has_focus()
                && self.bye_error.is_none()
                && *text != game.bye_points.to_string()
            {
                // Changed elsewhere (undo): show the event's value.
                self.bye_points = None;
            }
        });
        // The rules say nothing about byes: the organiser decides (P21, PN3).
        ui.weak(texts.message(&event.bye_points_note(kind)));
        if let Some(e) = &self.bye_error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
    }

    fn swap_row(&mut self, ui: &mut egui::Ui, texts: &Texts, event: &Event, kind: BattleKind) {
        let Some(draft) = &mut self.draft else {
            return;
        };
        let seats: Vec<String> = draft
            .draft
            .tables
            .iter()
            .flat_map(|t| [t.a.clone(), t.b.clone()])
            .chain(draft.draft.bye.clone())
            .collect();
        let mut swap = false;
        let [first, second] = &mut self.swap;
        ui.horizontal_wrapped(|ui| {
            for (slot, key, salt) in [(first, "draw.swap_a", "sx"), (second, "draw.swap_b", "sy")] {
                let label = ui.label(texts.t(key));
                let selected = if slot.is_empty() {
                    texts.t("pairing.choose").to_owned()
                } else {
                    event.player_name(slot)
                };
                egui::ComboBox::from_id_salt((salt, kind as u8))
                    .selected_text(selected)
                    .show_ui(ui, |ui| {
                        for id in &seats {
                            ui.selectable_value(slot, id.clone(), event.player_name(id));
                        }
                    })
                    .response
                    .labelled_by(label.id);
            }
            swap = ui.button(texts.t("draw.swap")).clicked();
        });
        if swap {
            let [x, y] = &self.swap;
            if x.is_empty() || y.is_empty() || x == y {
                self.error = Some(texts.t("draw.swap_two").to_owned());
                return;
            }
            let result = draft.swap(x, y, event).map_err(|e| said(texts, &e));
            match result {
                Ok(()) => {
                    self.error = None;
                    self.swap = Default::default();
                }
                Err(e) => self.error = Some(e),
            }
        }
    }
}

/// An error of the draw in the interface language: its catalogue message
/// when it has one (the pairing draw's refusals), else its English
/// sentence.
fn said(texts: &Texts, e: &feldherr_wfb_newyear::NewYearError) -> String {
    texts.message_or(e.message().as_ref(), &e.to_string())
}
