//! The resolution panel: renders any step-by-step resolution of the
//! `feldherr_dice::step` protocol.
//!
//! It shows the current prompt (which dice and why, with the exact odds as
//! numbers and bars, or the choice with its options), a button to roll at
//! random, fields to type in physical dice, and the growing log of steps
//! with their rule ids. The panel only emits [`PanelAction`]s; the screen
//! applies them after the frame with [`ResolutionPanel::apply`].

use eframe::egui;
use feldherr_dice::step::{Answer, Prompt, Resolution};
use feldherr_dice::{Dice, DiceError, Roller};
use feldherr_play::ResolutionList;

use crate::i18n::Texts;
use crate::ui::odds_chart;

/// What the user did in the panel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PanelAction {
    /// Give this answer (typed-in dice or a chosen option).
    Answer(Answer),
    /// Roll the current prompt's dice at random.
    RollRandom,
    /// Take back the last answer.
    Undo,
    /// Copy the log as text.
    CopyLog,
}

/// What should happen to the resolution after an action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PanelOutcome {
    /// Give this (checked) answer.
    Answer(Answer),
    /// Take back the last answer.
    TakeBack,
}

/// A resolution's title and outcome in the current language: the system's
/// catalogue messages where it gives them, its English texts otherwise.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResolutionWords {
    /// The title.
    pub title: String,
    /// The outcome, once finished.
    pub outcome: Option<String>,
}

impl ResolutionWords {
    /// The resolver's own (English) title and outcome, for a resolution
    /// that is not part of a game.
    pub fn plain(resolution: &dyn Resolution) -> Self {
        Self {
            title: resolution.title(),
            outcome: resolution.outcome_text(),
        }
    }

    /// The words of resolution `index` of `list`.
    pub fn of(
        texts: &Texts,
        list: &dyn ResolutionList,
        index: usize,
        resolution: &dyn Resolution,
    ) -> Self {
        Self {
            title: texts.message_or(list.title_message_at(index).as_ref(), &resolution.title()),
            outcome: resolution
                .outcome_text()
                .map(|text| texts.message_or(list.outcome_message_at(index).as_ref(), &text)),
        }
    }
}

/// The panel's own state: the typed-in fields and the last error.
#[derive(Debug, Default, Clone)]
pub struct ResolutionPanel {
    typed: Vec<String>,
    /// Whose each die of the current prompt is (empty: numbered).
    owners: Vec<String>,
    error: Option<String>,
    copied: bool,
}

/// The label of die field `i`: named for its owner ("Anna's die") when
/// the prompt says whose each die is, else numbered ("Die 1").
fn die_label(texts: &Texts, owners: &[String], i: usize) -> String {
    match owners.get(i) {
        Some(owner) => texts.f("panel.die_of", &[("owner", owner)]),
        None => texts.f("panel.die_field", &[("n", &(i + 1).to_string())]),
    }
}

impl ResolutionPanel {
    /// The error shown under the dice fields, if any.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// Draws the panel for `resolution`; returns what the user did.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        resolution: &dyn Resolution,
        words: &ResolutionWords,
    ) -> Option<PanelAction> {
        let mut action = None;
        ui.heading(&words.title);
        ui.add_space(4.0);
        match resolution.prompt() {
            Some(Prompt::Roll(request)) => {
                let dice = describe_dice(&request.dice);
                ui.label(
                    egui::RichText::new(texts.f(
                        "panel.dice",
                        &[
                            ("dice", &dice),
                            (
                                "purpose",
                                &texts.message_or(request.message.as_ref(), &request.purpose),
                            ),
                        ],
                    ))
                    .strong(),
                );
                if let Some(rule) = &request.rule {
                    ui.weak(format!("{}: {rule}", texts.t("panel.rule")));
                }
                if !request.odds.is_empty() {
                    odds_chart::show(ui, texts, "prompt.odds", &request.odds);
                }
                ui.add_space(6.0);
                if ui.button(texts.t("panel.roll")).clicked() {
                    action = Some(PanelAction::RollRandom);
                }
                ui.add_space(4.0);
                self.typed.resize(request.dice.len(), String::new());
                self.owners.clone_from(&request.owners);
                ui.horizontal_wrapped(|ui| {
                    ui.label(texts.t("panel.type"));
                    let mut submitted = false;
                    for (i, text) in self.typed.iter_mut().enumerate() {
                        let label = ui.label(die_label(texts, &self.owners, i));
                        let field = egui::TextEdit::singleline(text).desired_width(32.0);
                        let response = ui.add(field).labelled_by(label.id);
                        // Enter in a dice field submits, as the button does.
                        submitted |= response.lost_focus()
                            && ui.input(|input| input.key_pressed(egui::Key::Enter));
                    }
                    let enter = ui.button(texts.t("panel.enter")).clicked() || submitted;
                    if enter {
                        match self.parse_typed(texts) {
                            Ok(values) => action = Some(PanelAction::Answer(Answer::Dice(values))),
                            Err(message) => self.error = Some(message),
                        }
                    }
                });
            }
            Some(Prompt::Choice(request)) => {
                ui.label(
                    egui::RichText::new(texts.f(
                        "panel.choose",
                        &[(
                            "question",
                            &texts.message_or(request.message.as_ref(), &request.question),
                        )],
                    ))
                    .strong(),
                );
                if let Some(rule) = &request.rule {
                    ui.weak(format!("{}: {rule}", texts.t("panel.rule")));
                }
                for (i, option) in request.options.iter().enumerate() {
                    if ui.button(texts.choice_option(option)).clicked() {
                        action = Some(PanelAction::Answer(Answer::Choice(i)));
                    }
                }
            }
            None => {
                if let Some(outcome) = &words.outcome {
                    ui.label(
                        egui::RichText::new(format!("{}: {outcome}", texts.t("panel.result")))
                            .strong()
                            .size(18.0),
                    );
                }
            }
        }
        if let Some(error) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, error);
        }
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            let can_undo = !resolution.answers().is_empty();
            if ui
                .add_enabled(can_undo, egui::Button::new(texts.t("panel.undo")))
                .clicked()
            {
                action = Some(PanelAction::Undo);
            }
            if ui.button(texts.t("panel.copy")).clicked() {
                action = Some(PanelAction::CopyLog);
            }
            if self.copied {
                ui.weak(texts.t("panel.copied"));
            }
        });
        ui.separator();
        ui.label(egui::RichText::new(texts.t("panel.log")).strong());
        egui::ScrollArea::vertical()
            .id_salt("panel.log")
            .auto_shrink([false, true])
            .stick_to_bottom(true)
            .show(ui, |ui| {
                if resolution.log().is_empty() {
                    ui.weak(texts.t("panel.empty_log"));
                }
                for (i, step) in resolution.log().iter().enumerate() {
                    ui.horizontal_wrapped(|ui| {
                        ui.label(
                            egui::RichText::new(format!("{:>2}.", i + 1))
                                .monospace()
                                .weak(),
                        );
                        if let Some(rule) = &step.rule {
                            ui.label(
                                egui::RichText::new(format!("[{rule}]"))
                                    .monospace()
                                    .strong(),
                            );
                        }
                        ui.label(texts.log_text(step));
                    });
                }
            });
        action
    }

    fn parse_typed(&self, texts: &Texts) -> Result<Vec<u32>, String> {
        self.typed
            .iter()
            .enumerate()
            .map(|(i, text)| {
                text.trim().parse::<u32>().map_err(|_| {
                    texts.f(
                        "panel.not_number",
                        &[
                            ("die", &die_label(texts, &self.owners, i)),
                            ("value", text.trim()),
                        ],
                    )
                })
            })
            .collect()
    }

    /// Turns an action into what should happen to the resolution: an
    /// answer (random dice are rolled here, typed ones checked against the
    /// prompt), or taking back the last answer. Copying the log happens
    /// here. Errors are kept for display and give `None`.
    pub fn resolve(
        &mut self,
        ctx: &egui::Context,
        action: PanelAction,
        resolution: &dyn Resolution,
        dice: &mut Dice,
    ) -> Option<PanelOutcome> {
        self.copied = false;
        let result: Result<Option<PanelOutcome>, DiceError> = match action {
            PanelAction::Answer(answer) => match resolution.prompt() {
                Some(prompt) => prompt
                    .check(&answer)
                    .map(|()| Some(PanelOutcome::Answer(answer))),
                None => Err(DiceError::AlreadyFinished),
            },
            PanelAction::RollRandom => match resolution.prompt() {
                Some(Prompt::Roll(request)) => Roller::roll(dice, request.clone())
                    .map(|faces| Some(PanelOutcome::Answer(Answer::Dice(faces)))),
                Some(Prompt::Choice(request)) => Err(DiceError::UnexpectedAnswer {
                    expected: format!("a choice for {}", request.question),
                }),
                None => Err(DiceError::AlreadyFinished),
            },
            PanelAction::Undo => Ok(Some(PanelOutcome::TakeBack)),
            PanelAction::CopyLog => {
                ctx.copy_text(resolution.log_text());
                self.copied = true;
                Ok(None)
            }
        };
        match result {
            Ok(outcome) => {
                if matches!(outcome, Some(PanelOutcome::Answer(_))) {
                    self.error = None;
                    self.typed.iter_mut().for_each(String::clear);
                }
                outcome
            }
            Err(e) => {
                self.error = Some(e.to_string());
                None
            }
        }
    }

    /// Applies an action straight to a resolution the caller owns (tools
    /// without a document).
    pub fn apply(
        &mut self,
        ctx: &egui::Context,
        action: PanelAction,
        resolution: &mut dyn Resolution,
        dice: &mut Dice,
    ) {
        match self.resolve(ctx, action, resolution, dice) {
            Some(PanelOutcome::Answer(answer)) => {
                if let Err(e) = resolution.answer(answer) {
                    self.error = Some(e.to_string());
                }
            }
            Some(PanelOutcome::TakeBack) => {
                resolution.undo();
            }
            None => {}
        }
    }

    /// Forgets typed values and errors (for a new resolution).
    pub fn reset(&mut self) {
        *self = Self::default();
    }
}

fn describe_dice(dice: &[feldherr_dice::Die]) -> String {
    match dice {
        [] => String::new(),
        [one] => one.to_string(),
        [first, rest @ ..] if rest.iter().all(|d| d == first) => format!("{}{first}", dice.len()),
        _ => dice
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" + "),
    }
}
