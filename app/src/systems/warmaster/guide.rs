//! The side panel: where the game stands ([`Stage`]) and the next steps,
//! each a button that makes an edit or starts a roll.

use eframe::egui;
use feldherr_play::Game;
use feldherr_table::Table;
use feldherr_warmaster::{
    ClockEdit, Edge, PASS_FROM, Player, Scenario, Stage, TerrainStep, WarmasterEdit, WarmasterGame,
    WarmasterRoll,
};

pub use feldherr_warmaster::words::{edge_text, rule_text};

use super::{edit, name, names};
use crate::i18n::Texts;
use crate::systems::GameCommand;
use crate::systems::View;

/// Runtime state of the guide (nothing yet: every value comes from the
/// game).
#[derive(Debug, Default)]
pub struct Guide;

/// The catalogue key of a scenario's name.
pub fn scenario_key(s: Scenario) -> String {
    s.label_key()
}

/// A step that is done.
fn done(ui: &mut egui::Ui, text: String) {
    ui.label(text);
}

/// The step to take now, stressed.
fn todo(ui: &mut egui::Ui, text: &str) {
    ui.label(
        egui::RichText::new(text)
            .strong()
            .color(ui.visuals().warn_fg_color),
    );
}

fn now() -> u64 {
    super::now_ms()
}

/// Whether a roll matching `kind` is started and not applied yet (its
/// button is then hidden, so it is not rolled twice).
fn rolling(game: &WarmasterGame, kind: impl Fn(&WarmasterRoll) -> bool) -> bool {
    game.resolutions
        .iter()
        .any(|r| !r.applied() && kind(r.kind()))
}

impl Guide {
    /// Draws the guide.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &WarmasterGame,
        table: &Table,
        commands: &mut Vec<GameCommand>,
        view: &mut View,
    ) {
        ui.label(egui::RichText::new(texts.t("wm.guide.title")).strong());
        pending_rolls(ui, texts, game, commands);
        match game.stage() {
            Stage::Setup => setup(ui, texts, game, table, commands, view),
            Stage::Terrain { step } => terrain(ui, texts, game, &step, commands, view),
            // From the starting player to the deployment: one page in the
            // text's order, each step done or due (text lines 53-72).
            Stage::StartingPlayer
            | Stage::Scenario
            | Stage::Layout
            | Stage::Sides
            | Stage::SpecialRule
            | Stage::Deployment { .. } => scenario(ui, texts, game, table, commands),
            Stage::Turn {
                round,
                player,
                scoring,
                incursion_roll_due,
            } => turn(
                ui,
                texts,
                game,
                table,
                round,
                player,
                scoring,
                incursion_roll_due,
                commands,
                view,
            ),
            Stage::LengthRoll { after_round, need } => {
                todo(
                    ui,
                    &texts.f(
                        "wm.guide.length_roll",
                        &[
                            ("round", &after_round.to_string()),
                            ("need", &need.to_string()),
                        ],
                    ),
                );
                if !rolling(game, |k| matches!(k, WarmasterRoll::GameLength { .. }))
                    && ui.button(texts.t("wm.guide.roll_length")).clicked()
                {
                    edit(
                        commands,
                        WarmasterEdit::Roll(WarmasterRoll::GameLength { after_round, need }),
                    );
                }
            }
            Stage::Ended => ended(ui, texts, game, view),
        }
    }
}

/// A button for every finished roll whose result is not applied yet.
fn pending_rolls(
    ui: &mut egui::Ui,
    texts: &Texts,
    game: &WarmasterGame,
    commands: &mut Vec<GameCommand>,
) {
    for (i, r) in game.resolutions.iter().enumerate() {
        if r.applied() {
            continue;
        }
        match r.outcome() {
            Some(outcome) => {
                if ui
                    .button(texts.f(
                        "wm.guide.apply_roll",
                        &[
                            ("n", &(i + 1).to_string()),
                            ("outcome", &outcome_text(texts, game, outcome)),
                        ],
                    ))
                    .clicked()
                {
                    edit(commands, WarmasterEdit::Apply { id: r.id() });
                }
            }
            None => {
                ui.weak(texts.f("wm.guide.open_roll", &[("n", &(i + 1).to_string())]));
            }
        }
    }
}

/// A roll's outcome with the players' names.
pub fn outcome_text(
    texts: &Texts,
    game: &WarmasterGame,
    outcome: &feldherr_warmaster::RollOutcome,
) -> String {
    use feldherr_warmaster::RollOutcome as O;
    match outcome {
        O::FirstToPlace { player } => texts.f(
            "wm.outcome.first_to_place",
            &[("name", name(game, *player))],
        ),
        O::StartingPlayer { player } => {
            texts.f("wm.outcome.starting", &[("name", name(game, *player))])
        }
        O::Scenario { scenario } => texts.t(&scenario.label_key()).to_owned(),
        O::SpecialRule { rule } => rule_text(texts, *rule),
        O::IncursionTerrain { marker } => texts.f(
            "wm.outcome.incursion_terrain",
            &[("marker", feldherr_warmaster::marker_letter(*marker))],
        ),
        O::Incursion { marker } => texts.f(
            "wm.outcome.incursion",
            &[("marker", feldherr_warmaster::marker_letter(*marker))],
        ),
        O::GameLength { another_turn } => texts
            .t(if *another_turn {
                "wm.outcome.another_turn"
            } else {
                "wm.outcome.game_ends"
            })
            .to_owned(),
    }
}

/// The "apply" button above a finished roll.
pub fn apply_button(
    ui: &mut egui::Ui,
    texts: &Texts,
    game: &WarmasterGame,
    index: usize,
    commands: &mut Vec<GameCommand>,
) {
    let Some(r) = game.resolutions.get(index) else {
        return;
    };
    if r.applied() {
        ui.weak(texts.t("wm.roll.applied"));
        return;
    }
    if let Some(outcome) = r.outcome() {
        let text = texts.f(
            "wm.roll.apply",
            &[("outcome", &outcome_text(texts, game, outcome))],
        );
        if ui.button(text).clicked() {
            edit(commands, WarmasterEdit::Apply { id: r.id() });
        }
    }
}

fn setup(
    ui: &mut egui::Ui,
    texts: &Texts,
    game: &WarmasterGame,
    table: &Table,
    commands: &mut Vec<GameCommand>,
    view: &mut View,
) {
    let armies_in = Player::BOTH.iter().all(|p| !game.army(*p).units.is_empty());
    if armies_in {
        done(ui, texts.t("wm.guide.armies_in").to_owned());
    } else {
        todo(ui, texts.t("wm.guide.armies"));
        if ui.button(texts.t("wm.guide.open_armies")).clicked() {
            *view = View::System("armies");
        }
    }
    todo(ui, texts.t("wm.guide.terrain"));
    if !rolling(game, |k| k.is_terrain_roll_off())
        && ui.button(texts.t("wm.guide.roll_terrain")).clicked()
    {
        edit(
            commands,
            WarmasterEdit::Roll(WarmasterRoll::terrain_roll_off()),
        );
    }
    ui.weak(texts.t("wm.guide.free_terrain"));
    ui.separator();
    scenario(ui, texts, game, table, commands);
}

fn terrain(
    ui: &mut egui::Ui,
    texts: &Texts,
    game: &WarmasterGame,
    step: &TerrainStep,
    commands: &mut Vec<GameCommand>,
    view: &mut View,
) {
    let placed = game.alternating.as_ref().map_or(0, |a| a.placed.len());
    ui.label(texts.f(
        "wm.terrain.count",
        &[
            ("n", &placed.to_string()),
            ("pass_from", &PASS_FROM.to_string()),
        ],
    ));
    match step {
        TerrainStep::Place {
            player,
            pieces_left,
            must_differ_from,
            may_pass,
        } => {
            todo(
                ui,
                &texts.f(
                    "wm.terrain.place",
                    &[
                        ("name", name(game, *player)),
                        ("n", &pieces_left.to_string()),
                    ],
                ),
            );
            if !must_differ_from.is_empty() {
                let taken: Vec<String> = must_differ_from
                    .iter()
                    .map(|t| texts.t(&t.label_key()).to_owned())
                    .collect();
                ui.label(texts.f("wm.terrain.differ", &[("types", &taken.join(", "))]));
            }
            if *may_pass {
                if ui
                    .button(texts.f("wm.terrain.pass", &[("name", name(game, *player))]))
                    .clicked()
                {
                    edit(commands, WarmasterEdit::PassTerrain { player: *player });
                }
            } else {
                ui.weak(texts.f("wm.terrain.no_pass", &[("n", &PASS_FROM.to_string())]));
            }
        }
        TerrainStep::LastPiece { player } => {
            todo(
                ui,
                &texts.f("wm.terrain.last", &[("name", name(game, *player))]),
            );
            if ui.button(texts.t("wm.terrain.decline")).clicked() {
                edit(commands, WarmasterEdit::PassTerrain { player: *player });
            }
        }
        TerrainStep::Done { starting_player } => {
            done(
                ui,
                texts.f(
                    "wm.outcome.starting",
                    &[("name", name(game, *starting_player))],
                ),
            );
        }
    }
    if *view != View::Table && ui.button(texts.t("wm.guide.to_table")).clicked() {
        *view = View::Table;
    }
}

fn scenario(
    ui: &mut egui::Ui,
    texts: &Texts,
    game: &WarmasterGame,
    table: &Table,
    commands: &mut Vec<GameCommand>,
) {
    // The starting player.
    match game.starting_player {
        Some(p) => done(
            ui,
            texts.f("wm.outcome.starting", &[("name", name(game, p))]),
        ),
        None => {
            todo(ui, texts.t("wm.guide.starting"));
            if !rolling(game, |k| k.is_start_roll_off())
                && ui.button(texts.t("wm.guide.roll_start")).clicked()
            {
                edit(
                    commands,
                    WarmasterEdit::Roll(WarmasterRoll::start_roll_off()),
                );
            }
            ui.horizontal_wrapped(|ui| {
                for p in Player::BOTH {
                    if ui
                        .button(texts.f("wm.guide.agree_start", &[("name", name(game, p))]))
                        .clicked()
                    {
                        edit(commands, WarmasterEdit::SetStartingPlayer(p));
                    }
                }
            });
        }
    }
    // The sides, chosen by the starting player.
    let starting = game.starting_player.unwrap_or(Player::A);
    match game.edge_of(starting) {
        _ if game.starting_player.is_none() => {}
        Some(edge) => done(
            ui,
            texts.f(
                "wm.guide.side_chosen",
                &[
                    ("name", name(game, starting)),
                    ("edge", edge_text(texts, edge)),
                ],
            ),
        ),
        None => {
            todo(
                ui,
                &texts.f("wm.guide.choose_side", &[("name", name(game, starting))]),
            );
            ui.horizontal(|ui| {
                for e in [Edge::South, Edge::North] {
                    if ui.button(edge_text(texts, e)).clicked() {
                        edit(commands, WarmasterEdit::ChooseEdge(e));
                    }
                }
            });
        }
    }
    // The scenario.
    match game.scenario {
        Some(s) => done(
            ui,
            texts.f(
                "wm.guide.scenario_is",
                &[("scenario", texts.t(&scenario_key(s)))],
            ),
        ),
        None => {
            todo(ui, texts.t("wm.guide.scenario"));
            if !rolling(game, |k| *k == WarmasterRoll::Scenario {})
                && ui.button(texts.t("wm.guide.roll_scenario")).clicked()
            {
                edit(commands, WarmasterEdit::Roll(WarmasterRoll::Scenario {}));
            }
        }
    }
    egui::ComboBox::new("wm.guide.set_scenario", texts.t("wm.guide.agree_scenario"))
        .selected_text(
            game.scenario
                .map_or_else(|| "-".to_owned(), |s| texts.t(&scenario_key(s)).to_owned()),
        )
        .show_ui(ui, |ui| {
            for s in Scenario::ALL {
                if ui
                    .selectable_label(game.scenario == Some(s), texts.t(&scenario_key(s)))
                    .clicked()
                {
                    edit(commands, WarmasterEdit::SetScenario(s));
                }
            }
        });
    let Some(scenario) = game.scenario else {
        return;
    };
    // The special rule.
    if game.settings.scenario_rules {
        if game.special_rule_decided {
            done(
                ui,
                texts.f(
                    "wm.guide.rule_is",
                    &[("rule", &rule_text(texts, game.special_rule))],
                ),
            );
        } else {
            todo(ui, texts.t("wm.guide.rule"));
            if game.south.is_some() {
                if !rolling(game, |k| matches!(k, WarmasterRoll::SpecialRule { .. }))
                    && ui.button(texts.t("wm.guide.roll_rule")).clicked()
                {
                    edit(
                        commands,
                        WarmasterEdit::Roll(WarmasterRoll::SpecialRule { scenario }),
                    );
                }
            } else {
                ui.weak(texts.t("wm.guide.rule_after_side"));
            }
        }
        egui::ComboBox::new("wm.guide.set_rule", texts.t("wm.guide.agree_rule"))
            .selected_text(if game.special_rule_decided {
                rule_text(texts, game.special_rule)
            } else {
                "-".to_owned()
            })
            .show_ui(ui, |ui| {
                for r in scenario.special_rules() {
                    if ui
                        .selectable_label(
                            game.special_rule_decided && game.special_rule == r,
                            rule_text(texts, r),
                        )
                        .clicked()
                    {
                        edit(commands, WarmasterEdit::SetSpecialRule(r));
                    }
                }
            });
    }
    // The layout.
    if game.objectives.is_empty() {
        todo(ui, texts.t("wm.guide.layout"));
    } else {
        done(
            ui,
            texts.f(
                "wm.guide.layout_placed",
                &[("n", &game.objectives.len().to_string())],
            ),
        );
    }
    ui.horizontal_wrapped(|ui| {
        if ui.button(texts.t("wm.guide.place_layout")).clicked() {
            edit(commands, WarmasterEdit::PlaceLayout);
        }
        if !game.objectives.is_empty() && ui.button(texts.t("wm.guide.push_away")).clicked() {
            edit(commands, WarmasterEdit::PushTerrainAway);
        }
    });
    // Incursion: a marker must lie in open ground; a D6 picks the one
    // whose terrain moves (W3, PW16).
    if scenario == Scenario::Incursion
        && !game.objectives.is_empty()
        && !game.marker_in_open_ground(table)
    {
        todo(ui, texts.t("wm.guide.incursion_terrain"));
        if !rolling(game, |k| *k == WarmasterRoll::IncursionTerrain {})
            && ui
                .button(texts.t("wm.guide.roll_incursion_terrain"))
                .clicked()
        {
            edit(
                commands,
                WarmasterEdit::Roll(WarmasterRoll::IncursionTerrain {}),
            );
        }
    }
    // The clock starts when the starting player begins to deploy (W9).
    if game.settings.clock
        && game.starting_player.is_some()
        && !game.clock.started()
        && ui
            .button(texts.f("wm.guide.start_clock", &[("name", name(game, starting))]))
            .clicked()
    {
        edit(
            commands,
            WarmasterEdit::Clock(ClockEdit::Start {
                player: starting,
                now_ms: now(),
            }),
        );
    }
    // The deployment: the starting player places his whole army first,
    // then his opponent; the second "deployed" begins the battle (text
    // lines 70-72).
    if let Stage::Deployment { player, .. } = game.stage() {
        ui.separator();
        todo(
            ui,
            &texts.f("wm.guide.deploy", &[("name", name(game, player))]),
        );
        if ui
            .button(
                egui::RichText::new(texts.f("wm.guide.deployed", &[("name", name(game, player))]))
                    .strong(),
            )
            .clicked()
        {
            edit(
                commands,
                WarmasterEdit::Deployed {
                    player,
                    now_ms: super::clock_now(game),
                },
            );
        }
    }
}

#[expect(clippy::too_many_arguments, reason = "the fields of Stage::Turn")]
fn turn(
    ui: &mut egui::Ui,
    texts: &Texts,
    game: &WarmasterGame,
    table: &Table,
    round: u32,
    player: Player,
    scoring: bool,
    incursion_roll_due: bool,
    commands: &mut Vec<GameCommand>,
    view: &mut View,
) {
    ui.heading(texts.f(
        "wm.turn.title",
        &[("round", &round.to_string()), ("name", name(game, player))],
    ));
    ui.label(texts.f(
        "wm.turn.ep",
        &[
            ("a", name(game, Player::A)),
            ("ep_a", &game.ep(Player::A).to_string()),
            ("b", name(game, Player::B)),
            ("ep_b", &game.ep(Player::B).to_string()),
        ],
    ));
    if scoring {
        ui.label(egui::RichText::new(texts.t("wm.turn.scoring")).strong());
    } else {
        ui.weak(texts.t("wm.turn.not_scoring"));
    }
    if incursion_roll_due {
        todo(ui, texts.t("wm.turn.incursion_due"));
        if !rolling(game, |k| matches!(k, WarmasterRoll::Incursion { .. }))
            && ui.button(texts.t("wm.turn.roll_incursion")).clicked()
        {
            edit(
                commands,
                WarmasterEdit::Roll(WarmasterRoll::Incursion { round }),
            );
        }
    }
    if *view != View::System("battle") && ui.button(texts.t("wm.guide.to_battle")).clicked() {
        *view = View::System("battle");
    }
    // The clock passes to the other player with the turn (W9); the time is
    // needed while it runs or is paused. Both buttons say beforehand why
    // the game would refuse (an objective not stated yet, issue #27).
    let now_ms = super::clock_now(game);
    checked_edit(
        ui,
        texts,
        game,
        table,
        texts.t("wm.turn.end"),
        WarmasterEdit::EndTurn { now_ms },
        commands,
    );
    checked_edit(
        ui,
        texts,
        game,
        table,
        texts.t("wm.turn.end_game"),
        WarmasterEdit::EndGame { now_ms },
        commands,
    );
}

/// A button for `change`, disabled with the game's refusal beside it when
/// the game would refuse it (tried on a copy); sends it when clicked.
fn checked_edit(
    ui: &mut egui::Ui,
    texts: &Texts,
    game: &WarmasterGame,
    table: &Table,
    label: &str,
    change: WarmasterEdit,
    commands: &mut Vec<GameCommand>,
) {
    let mut trial = game.clone();
    let mut trial_table = table.clone();
    let refused = trial
        .apply(&change, &mut trial_table)
        .err()
        .map(|e| texts.error(&e));
    if crate::ui::checked_button::checked_button(ui, label, refused.as_deref()) {
        edit(commands, change);
    }
}

fn ended(ui: &mut egui::Ui, texts: &Texts, game: &WarmasterGame, view: &mut View) {
    let names = names(game);
    if let Some(end) = &game.end {
        ui.label(
            egui::RichText::new(texts.f(
                "wm.end.title",
                &[
                    ("round", &end.round.to_string()),
                    ("name", name(game, end.turn_of)),
                ],
            ))
            .strong(),
        );
        for r in &end.reasons {
            ui.label(format!("- {}", texts.message(&r.message(&names))));
        }
    }
    let v = game.victory();
    ui.label(egui::RichText::new(texts.message(&v.verdict.message(&names))).strong());
    if *view != View::System("result") && ui.button(texts.t("wm.guide.to_result")).clicked() {
        *view = View::System("result");
    }
}
