//! The Combat tab and the combat's header in the resolution view (F3,
//! F4). The tab starts from the units' state (PF1, PF2): the active
//! player's fleeing units are asked about (rallied, still fleeing, off
//! the table), the close combats with his units are offered to be
//! fought, the others' are shown waiting, and only units that can fight
//! are offered as fighters (destroyed, removed, fleeing units and units
//! that fought in this turn are shown with the reason). For each unit the
//! players type only its casualties of the round; the game knows the
//! models it has. The form says inline why the combat would be refused
//! before the click. The resolution panel then leads through the
//! Leadership tests and sweeping advances with their odds, and the
//! header shows what recording the result will do to each unit. The
//! outnumbering table and the options of F3 and F4 are edited here too.

use std::collections::BTreeMap;

use eframe::egui;
use feldherr_play::Id;
use feldherr_wh40k_ffa::combat::MAX_CASUALTIES;
use feldherr_wh40k_ffa::{
    Combat, CombatOffer, CombatOutcome, CombatRules, EngagedUnit, Engagement, FfaEdit, FfaOutcome,
    FfaResolution, FreeForAll, OutnumberStep, OutnumberTable, Seat, SeveralWinners, SideEntry,
    SweepRule,
};

use feldherr_wh40k_ffa::words::{
    combat_lines, end_lines, entry_lines, name_of, player_of, players_named, several_label,
    status_text, unit_of,
};

use super::{command, error_line, ffa, rounds::refusal_text, try_edit};
use crate::i18n::Texts;
use crate::systems::GameContext;

/// One unit of a side as entered.
#[derive(Debug, Clone, Default)]
struct UnitDraft {
    fights: bool,
    /// The casualties it suffered in this round of the combat, as typed
    /// (empty: none). The models it has come from the game.
    lost: String,
}

/// One side as entered.
#[derive(Debug, Clone, Default)]
struct SideDraft {
    takes_part: bool,
    casualties: String,
    units: BTreeMap<Id, UnitDraft>,
}

/// One row of the outnumbering table as typed.
#[derive(Debug, Clone, Default, PartialEq)]
struct StepDraft {
    ratio: String,
    strictly: bool,
    penalty: String,
}

/// The Combat tab's fields.
#[derive(Debug, Default)]
pub struct CombatTab {
    sides: BTreeMap<Seat, SideDraft>,
    /// The round and turn the form was filled in: a new turn starts with
    /// an empty form.
    turn: Option<(usize, Seat)>,
    seen_rules: Option<CombatRules>,
    steps: Vec<StepDraft>,
    several: SeveralWinners,
    sweep: SweepRule,
    rules_errors: Vec<String>,
}

/// Drawn above a combat in the resolution view.
pub fn combat_header(
    ui: &mut egui::Ui,
    texts: &Texts,
    combat: &Combat,
    outcome: Option<&FfaOutcome>,
) {
    let outcome = match outcome {
        Some(FfaOutcome::Combat(o)) => Some(o),
        _ => None,
    };
    ui.label(egui::RichText::new(texts.t("ffa.combat.summary")).strong());
    ui.weak(texts.f(
        "ffa.combat.options",
        &[
            ("sweep", texts.t(combat.rules.sweep.label_key())),
            (
                "several",
                several_label(texts, combat.rules.several_winners),
            ),
        ],
    ));
    // Results, tests and advances are in the panel's log below; here the
    // combat as entered and, at the end, who flees or was destroyed.
    for line in entry_lines(texts, combat) {
        ui.label(line);
    }
    if let Some(o) = outcome {
        for line in end_lines(texts, combat, o) {
            ui.label(egui::RichText::new(line).strong());
        }
    }
}

/// What recording a finished combat does to each of its units (PF2):
/// "Orkboyz of Ben: from 5 to 2 models, fled".
pub fn apply_lines(texts: &Texts, combat: &Combat, o: &CombatOutcome) -> Vec<String> {
    combat
        .sides
        .iter()
        .flat_map(|side| side.units.iter().map(move |u| (side, u)))
        .map(|(side, u)| {
            let caught = o.destroyed.contains(&u.unit);
            let fate = if u.models == 0 {
                "wh40k_ffa.fate.destroyed"
            } else if caught {
                "wh40k_ffa.fate.caught"
            } else if o.winners.contains(&side.seat) {
                "wh40k_ffa.fate.won"
            } else if o.fleeing.contains(&u.unit) {
                "wh40k_ffa.fate.fled"
            } else {
                "wh40k_ffa.fate.held"
            };
            let after = if caught { 0 } else { u.models };
            texts.f(
                "ffa.apply.unit",
                &[
                    (
                        "unit",
                        &texts.f(
                            "ffa.unit_of",
                            &[("unit", &u.name), ("player", &side.player)],
                        ),
                    ),
                    ("before", &(u.models + u.lost).to_string()),
                    ("after", &after.to_string()),
                    ("fate", texts.t(fate)),
                ],
            )
        })
        .collect()
}

/// A unit of an engagement with the models it has left.
fn engaged_units(game: &FreeForAll, texts: &Texts, e: &Engagement) -> String {
    e.units
        .iter()
        .map(|&u| {
            let left = game.unit_state(u).map_or(0, |s| s.models_left);
            format!("{} ({left})", unit_of(game, texts, u))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A button that sends `edit`, disabled with the reason beside it when
/// the game would refuse it.
fn edit_button(
    ui: &mut egui::Ui,
    ctx: &mut GameContext<'_, FreeForAll>,
    label: String,
    edit: FfaEdit,
) {
    let texts = ctx.texts;
    ctx.edit_button(ui, &label, edit, &|e| refusal_text(texts, e));
}

/// Why a unit of the army is not offered as a fighter now; `None` when it
/// is.
fn not_offered(game: &FreeForAll, texts: &Texts, offer: &CombatOffer, unit: Id) -> Option<String> {
    if offer.free.contains(&unit) || offer.to_fight.iter().any(|e| e.units.contains(&unit)) {
        return None;
    }
    let st = game.unit_state(unit)?;
    Some(if !st.status.active() {
        status_text(game, texts, &st.status)
    } else if offer.waiting.iter().any(|e| e.units.contains(&unit)) {
        texts.t("ffa.offer.locked_waiting").to_owned()
    } else if st.models_left == 0 {
        texts.t("wh40k_ffa.status.destroyed").to_owned()
    } else {
        texts.t("ffa.offer.fought_this_turn").to_owned()
    })
}

fn rules_draft(rules: &CombatRules) -> Vec<StepDraft> {
    rules
        .outnumbering
        .steps
        .iter()
        .map(|s| StepDraft {
            ratio: s.ratio.to_string(),
            strictly: s.strictly,
            penalty: s.penalty.to_string(),
        })
        .collect()
}

impl CombatTab {
    fn sync(&mut self, game: &FreeForAll) {
        let rules = game.combat_rules();
        if self.seen_rules.as_ref() != Some(rules) {
            self.steps = rules_draft(rules);
            self.several = rules.several_winners;
            self.sweep = rules.sweep;
            self.seen_rules = Some(rules.clone());
        }
        for (seat, player) in game.players().iter().enumerate() {
            let side = self.sides.entry(seat).or_default();
            for unit in &player.army {
                side.units.entry(unit.id).or_default();
            }
        }
    }

    /// Draws the tab.
    pub fn show(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, FreeForAll>) {
        let texts = ctx.texts;
        let game = ffa(ctx.doc);
        self.sync(game);
        ui.heading(texts.t("ffa.combat.title"));
        match game.combat_offer() {
            None => {
                ui.weak(texts.t("ffa.combat.no_turn"));
            }
            Some(offer) => {
                if self.turn != Some((offer.round, offer.turn_of)) {
                    self.clear();
                    self.turn = Some((offer.round, offer.turn_of));
                }
                self.offer(ui, ctx, &offer);
                ui.separator();
                ui.label(
                    egui::RichText::new(texts.f(
                        "ffa.combat.new",
                        &[
                            ("round", &offer.round.to_string()),
                            ("player", &name_of(game, texts, offer.turn_of)),
                        ],
                    ))
                    .strong(),
                );
                ui.weak(texts.t("ffa.combat.help"));
                self.form(ui, ctx, &offer);
            }
        }
        ui.separator();
        self.rules(ui, ctx);
        ui.separator();
        combats_list(ui, texts, ffa(ctx.doc));
    }

    /// The turn's close combats and fleeing units, from the units' state.
    fn offer(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, FreeForAll>,
        offer: &CombatOffer,
    ) {
        let texts = ctx.texts;
        let game = ffa(ctx.doc);
        let active = name_of(game, texts, offer.turn_of);
        if !offer.fleeing.is_empty() {
            ui.label(
                egui::RichText::new(texts.f("ffa.offer.fleeing", &[("player", &active)])).strong(),
            );
            for &unit in &offer.fleeing {
                let name = unit_of(game, texts, unit);
                let status = game
                    .unit_state(unit)
                    .map(|s| status_text(game, texts, &s.status))
                    .unwrap_or_default();
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!("{name} ({status})"));
                    edit_button(
                        ui,
                        ctx,
                        texts.f("ffa.offer.rally", &[("unit", &name)]),
                        FfaEdit::Rally { unit },
                    );
                    edit_button(
                        ui,
                        ctx,
                        texts.f("ffa.offer.remove", &[("unit", &name)]),
                        FfaEdit::RemoveUnit { unit },
                    );
                });
            }
            ui.weak(texts.t("ffa.offer.still_fleeing"));
            ui.add_space(4.0);
        }
        ui.label(
            egui::RichText::new(texts.f("ffa.offer.to_fight", &[("player", &active)])).strong(),
        );
        if offer.to_fight.is_empty() {
            ui.weak(texts.t("ffa.offer.none_to_fight"));
        }
        for e in &offer.to_fight {
            let units = engaged_units(game, texts, e);
            if ui
                .button(texts.f("ffa.offer.fill", &[("units", &units)]))
                .clicked()
            {
                self.fill(e, offer.turn_of);
            }
        }
        for e in &offer.waiting {
            ui.weak(texts.f(
                "ffa.offer.waiting",
                &[
                    ("units", &engaged_units(game, texts, e)),
                    ("players", &players_named(game, texts, &e.seats)),
                ],
            ));
        }
        for e in &offer.fought {
            ui.weak(texts.f(
                "ffa.offer.fought",
                &[("units", &engaged_units(game, texts, e))],
            ));
        }
    }

    /// Fills the form with the units of a close combat going on.
    fn fill(&mut self, e: &Engagement, active: Seat) {
        self.clear();
        for (&seat, side) in &mut self.sides {
            side.takes_part = seat == active || e.seats.contains(&seat);
            for (id, u) in &mut side.units {
                u.fights = e.units.contains(id);
            }
        }
    }

    /// An empty form.
    fn clear(&mut self) {
        for side in self.sides.values_mut() {
            side.takes_part = false;
            side.casualties.clear();
            for u in side.units.values_mut() {
                u.fights = false;
                u.lost.clear();
            }
        }
    }

    fn form(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, FreeForAll>,
        offer: &CombatOffer,
    ) {
        let texts = ctx.texts;
        let game = ffa(ctx.doc);
        let active = offer.turn_of;
        for (seat, player) in game.players().iter().enumerate() {
            let Some(side) = self.sides.get_mut(&seat) else {
                continue;
            };
            if seat == active {
                side.takes_part = true;
            }
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal_wrapped(|ui| {
                    super::swatch(ui, seat);
                    ui.add_enabled(
                        seat != active,
                        egui::Checkbox::new(
                            &mut side.takes_part,
                            texts.f("ffa.combat.takes_part", &[("player", &player.name)]),
                        ),
                    );
                    if seat == active {
                        ui.weak(texts.t("ffa.combat.active"));
                    }
                });
                if !side.takes_part {
                    return;
                }
                ui.horizontal(|ui| {
                    let label =
                        ui.label(texts.f("ffa.combat.casualties", &[("player", &player.name)]));
                    ui.add(egui::TextEdit::singleline(&mut side.casualties).desired_width(50.0))
                        .labelled_by(label.id);
                });
                if player.army.is_empty() {
                    ui.weak(texts.t("ffa.combat.no_army"));
                }
                // Units that cannot fight now are listed below the grid,
                // so their reasons do not widen its columns.
                let mut not_fighting = Vec::new();
                egui::Grid::new(("ffa.combat.units", seat))
                    .num_columns(2)
                    .show(ui, |ui| {
                        for unit in &player.army {
                            let Some(draft) = side.units.get_mut(&unit.id) else {
                                continue;
                            };
                            if let Some(why) = not_offered(game, texts, offer, unit.id) {
                                // Not a fighter now: shown with the reason.
                                draft.fights = false;
                                not_fighting.push(texts.f(
                                    "ffa.offer.not_offered",
                                    &[("unit", &unit_of(game, texts, unit.id)), ("why", &why)],
                                ));
                                continue;
                            }
                            ui.checkbox(
                                &mut draft.fights,
                                texts.f(
                                    "ffa.combat.unit_fights",
                                    &[("unit", &unit.name), ("player", &player.name)],
                                ),
                            );
                            let left = game
                                .unit_state(unit.id)
                                .map_or(unit.models, |s| s.models_left);
                            if draft.fights {
                                ui.horizontal(|ui| {
                                    let label = ui.label(texts.f(
                                        "ffa.combat.models_lost",
                                        &[
                                            ("unit", &unit.name),
                                            ("player", &player.name),
                                            ("of", &left.to_string()),
                                        ],
                                    ));
                                    ui.add(
                                        egui::TextEdit::singleline(&mut draft.lost)
                                            .desired_width(40.0),
                                    )
                                    .labelled_by(label.id);
                                });
                            } else {
                                ui.weak(texts.f(
                                    "ffa.unit.profile",
                                    &[
                                        // The models the game says it has left.
                                        ("models", &left.to_string()),
                                        ("ld", &unit.leadership.to_string()),
                                        ("i", &unit.initiative.to_string()),
                                    ],
                                ));
                            }
                            ui.end_row();
                        }
                    });
                for line in not_fighting {
                    ui.weak(line);
                }
            });
        }
        // Checked before the click (the engine's refusal, inline).
        let touched = self.sides.iter().any(|(seat, d)| {
            (*seat != active && d.takes_part) || d.units.values().any(|u| u.fights)
        });
        let checked = self.entries(texts, game).and_then(|sides| {
            let edit = FfaEdit::StartCombat { sides };
            match ctx.check(&edit) {
                Ok(()) => Ok(edit),
                Err(e) => Err(vec![refusal_text(texts, &e)]),
            }
        });
        if checked.is_ok()
            && let Some(combat) = self.preview(ctx)
        {
            ui.label(egui::RichText::new(texts.t("ffa.combat.preview")).strong());
            // Everything before the first die: results, winners,
            // outnumbering and who tests.
            for line in combat_lines(texts, &combat, None).into_iter().skip(1) {
                ui.weak(line);
            }
        }
        if ui
            .add_enabled(
                checked.is_ok(),
                egui::Button::new(texts.t("ffa.combat.start")),
            )
            .clicked()
            && let Ok(edit) = &checked
        {
            ctx.edit(edit.clone());
            // A fresh form for the next combat.
            self.clear();
        }
        match &checked {
            Err(errors) if touched => {
                for e in errors {
                    error_line(ui, e);
                }
            }
            Err(_) => {
                ui.weak(texts.t("ffa.combat.tick"));
            }
            Ok(_) => {}
        }
    }

    /// The sides as entered, or every problem with the fields.
    fn entries(&self, texts: &Texts, game: &FreeForAll) -> Result<Vec<SideEntry>, Vec<String>> {
        let mut errors = Vec::new();
        let mut sides = Vec::new();
        for (seat, player) in game.players().iter().enumerate() {
            let Some(draft) = self.sides.get(&seat) else {
                continue;
            };
            if !draft.takes_part {
                continue;
            }
            let label = texts.f("ffa.combat.casualties", &[("player", &player.name)]);
            let text = draft.casualties.trim();
            let casualties = if text.is_empty() {
                0
            } else {
                match text.parse::<u32>() {
                    Ok(v) if v <= MAX_CASUALTIES => v,
                    _ => {
                        errors.push(texts.f(
                            "ffa.combat.bad_number",
                            &[("field", &label), ("value", text)],
                        ));
                        0
                    }
                }
            };
            let mut units = Vec::new();
            for unit in &player.army {
                let Some(u) = draft.units.get(&unit.id).filter(|u| u.fights) else {
                    continue;
                };
                // The models it has come from the game; the form takes the
                // casualties it suffered in this combat.
                let left = game
                    .unit_state(unit.id)
                    .map_or(unit.models, |s| s.models_left);
                let label = texts.f(
                    "ffa.combat.models_lost",
                    &[
                        ("unit", &unit.name),
                        ("player", &player.name),
                        ("of", &left.to_string()),
                    ],
                );
                let typed = u.lost.trim();
                match if typed.is_empty() {
                    Ok(0)
                } else {
                    typed.parse::<u32>()
                } {
                    Ok(lost) if lost <= left => units.push(EngagedUnit::new(unit.id, lost)),
                    _ => errors.push(texts.f(
                        "ffa.combat.bad_models",
                        &[
                            ("field", &label),
                            ("value", typed),
                            ("max", &left.to_string()),
                        ],
                    )),
                }
            }
            if units.is_empty() {
                errors.push(texts.f("ffa.combat.no_units", &[("player", &player.name)]));
            }
            sides.push(SideEntry {
                seat,
                casualties_caused: casualties,
                units,
            });
        }
        if sides.len() < 2 {
            errors.push(texts.t("ffa.combat.two_sides").to_owned());
        }
        if errors.is_empty() {
            Ok(sides)
        } else {
            Err(errors)
        }
    }

    /// The combat the fields would start, as the engine builds it (tried
    /// on a copy of the game): for the preview before any die.
    fn preview(&self, ctx: &GameContext<'_, FreeForAll>) -> Option<Combat> {
        let game = ffa(ctx.doc);
        let sides = self.entries(ctx.texts, game).ok()?;
        let mut copy = game.clone();
        let mut table = ctx.doc.table_or_default();
        feldherr_play::Game::apply(&mut copy, &FfaEdit::StartCombat { sides }, &mut table).ok()?;
        match copy.saved().last()?.kind() {
            FfaResolution::Combat(c) => Some(c.clone()),
            _ => None,
        }
    }

    fn rules(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, FreeForAll>) {
        let texts = ctx.texts;
        ui.label(egui::RichText::new(texts.t("ffa.rules.title")).strong());
        ui.weak(texts.t("ffa.rules.help"));
        let mut remove = None;
        egui::Grid::new("ffa.rules.table")
            .num_columns(4)
            .striped(true)
            .show(ui, |ui| {
                ui.strong(texts.t("ffa.rules.ratio"));
                ui.strong(texts.t("ffa.rules.strictly"));
                ui.strong(texts.t("ffa.rules.penalty"));
                ui.label("");
                ui.end_row();
                for (i, step) in self.steps.iter_mut().enumerate() {
                    let n = (i + 1).to_string();
                    let label = texts.f("ffa.rules.ratio_n", &[("n", &n)]);
                    ui.add(egui::TextEdit::singleline(&mut step.ratio).desired_width(50.0))
                        .on_hover_text(&label)
                        .widget_info(|| {
                            egui::WidgetInfo::labeled(egui::Role::TextInput, true, &label)
                        });
                    ui.checkbox(
                        &mut step.strictly,
                        texts.f("ffa.rules.strictly_n", &[("n", &n)]),
                    );
                    let label = texts.f("ffa.rules.penalty_n", &[("n", &n)]);
                    ui.add(egui::TextEdit::singleline(&mut step.penalty).desired_width(40.0))
                        .on_hover_text(&label)
                        .widget_info(|| {
                            egui::WidgetInfo::labeled(egui::Role::TextInput, true, &label)
                        });
                    if ui
                        .small_button(texts.f("ffa.rules.remove", &[("n", &n)]))
                        .clicked()
                    {
                        remove = Some(i);
                    }
                    ui.end_row();
                }
            });
        if let Some(i) = remove {
            self.steps.remove(i);
        }
        ui.horizontal_wrapped(|ui| {
            if self.steps.len() < OutnumberTable::MAX_STEPS
                && ui.button(texts.t("ffa.rules.add")).clicked()
            {
                self.steps.push(StepDraft {
                    ratio: "4".into(),
                    strictly: false,
                    penalty: "4".into(),
                });
            }
            if ui.button(texts.t("ffa.rules.default")).clicked() {
                self.steps = rules_draft(&CombatRules::default());
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.label(texts.t("ffa.rules.several"));
            for option in [SeveralWinners::LargestSide, SeveralWinners::AllTogether] {
                ui.radio_value(&mut self.several, option, several_label(texts, option));
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.label(texts.t("ffa.rules.sweep"));
            for option in [SweepRule::TiesDestroy, SweepRule::EqualOrHigherDestroys] {
                ui.radio_value(&mut self.sweep, option, texts.t(option.label_key()));
            }
        });
        if ui.button(texts.t("ffa.rules.save")).clicked() {
            self.save_rules(ctx);
        }
        for e in &self.rules_errors {
            error_line(ui, e);
        }
    }

    fn save_rules(&mut self, ctx: &mut GameContext<'_, FreeForAll>) {
        let texts = ctx.texts;
        self.rules_errors.clear();
        let mut steps = Vec::new();
        for (i, s) in self.steps.iter().enumerate() {
            let n = (i + 1).to_string();
            let ratio = s.ratio.trim().replace(',', ".").parse::<f64>();
            let penalty = s.penalty.trim().parse::<u8>();
            match (ratio, penalty) {
                (Ok(ratio), Ok(penalty)) => steps.push(OutnumberStep {
                    ratio,
                    strictly: s.strictly,
                    penalty,
                }),
                (Err(_), _) => self.rules_errors.push(texts.f(
                    "ffa.combat.bad_number",
                    &[
                        ("field", &texts.f("ffa.rules.ratio_n", &[("n", &n)])),
                        ("value", s.ratio.trim()),
                    ],
                )),
                (_, Err(_)) => self.rules_errors.push(texts.f(
                    "ffa.combat.bad_number",
                    &[
                        ("field", &texts.f("ffa.rules.penalty_n", &[("n", &n)])),
                        ("value", s.penalty.trim()),
                    ],
                )),
            }
        }
        if !self.rules_errors.is_empty() {
            return;
        }
        let edit = FfaEdit::SetCombatRules(CombatRules {
            outnumbering: OutnumberTable { steps },
            several_winners: self.several,
            sweep: self.sweep,
        });
        match try_edit(ctx.doc, &edit) {
            Ok(()) => ctx.commands.push(command(edit)),
            Err(e) => self.rules_errors.push(refusal_text(texts, &e)),
        }
    }
}

/// Every combat of the game with its state.
fn combats_list(ui: &mut egui::Ui, texts: &Texts, game: &FreeForAll) {
    ui.label(egui::RichText::new(texts.t("ffa.combat.list")).strong());
    let mut any = false;
    for (i, saved) in game.saved().iter().enumerate() {
        let FfaResolution::Combat(c) = saved.kind() else {
            continue;
        };
        any = true;
        let state = if saved.applied() {
            texts.t("ffa.combat.state_applied")
        } else if saved.finished() {
            texts.t("ffa.combat.state_finished")
        } else {
            texts.t("ffa.combat.state_open")
        };
        let sides: Vec<&str> = c.sides.iter().map(|s| s.player.as_str()).collect();
        ui.label(texts.f(
            "ffa.combat.entry",
            &[
                ("n", &(i + 1).to_string()),
                ("round", &c.round.to_string()),
                ("player", &player_of(c, c.turn_of)),
                ("sides", &sides.join(", ")),
                ("state", state),
            ],
        ));
    }
    if !any {
        ui.weak(texts.t("ffa.combat.none"));
    }
}
