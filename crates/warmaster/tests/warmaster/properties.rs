//! Issue 28: random sequences of valid edits never produce a game or a
//! tournament that the load check refuses, and every such document
//! saves and loads back equal.
//!
//! A driver turns random numbers into edits: half of the steps follow the
//! guide (whatever the stage asks for next, so games reach the battle and
//! its end), the rest are any edit with random values. Refused edits are
//! skipped (they change nothing, which `apply` guarantees); after every
//! accepted edit the document is checked.

use feldherr_dice::step::{Answer, Prompt};
use feldherr_play::{EventRules, Game, Id, MatchResult};
use feldherr_table::Table;
use feldherr_table::geometry::{Angle, Point};
use feldherr_warmaster::{
    ClockEdit, Control, Edge, GameTerms, GuardiansOptions, Player, Scenario, Settings, SpecialRule,
    Stage, TerrainStep, TerrainType, TournamentEdit, TournamentPoints, TournamentResult,
    TournamentSide, Unit, UnitKind, WarmasterEdit as E, WarmasterGame, WarmasterRoll,
    WarmasterTournament,
};
use proptest::prelude::*;

const ARMIES: [&str; 3] = [
    "General, 1, 125, general\nHero, 1, 80, hero\nSpearmen, 4, 55\nKnights, 2, 110, cavalry",
    "army: Dark Elves\nGeneral, 1, 155, general\nSorceress, 1, 90, wizard\nHarpies, 1, 65, monster, flying, stands=3\nSpearmen, 3, 60",
    "army: High Elves\nversion: 2.23.1\nGeneral, 1, 180, general\nMage, 1, 90, wizard\nGiant, 1, 150, monster\nSpearmen, 5, 60, renown",
];

/// The twelve spots of the example's alternating placement: every
/// default piece on them keeps the W1 distances.
fn spot(i: u32) -> Point {
    let xs = [25.0, 67.0, 109.0, 151.0];
    let ys = [22.0, 60.0, 98.0];
    Point::new(xs[(i % 4) as usize], ys[((i / 4) % 3) as usize])
}

const TYPES: [TerrainType; 9] = TerrainType::ALL;

fn player(n: u32) -> Player {
    if n.is_multiple_of(2) {
        Player::A
    } else {
        Player::B
    }
}

struct Driver {
    game: WarmasterGame,
    table: Table,
    now: u64,
    accepted: usize,
}

impl Driver {
    fn new() -> Self {
        Driver {
            game: WarmasterGame::new_game(),
            table: WarmasterGame::default_table(),
            now: 0,
            accepted: 0,
        }
    }

    fn apply(&mut self, edit: &E) -> bool {
        let before = (self.game.clone(), self.table.clone());
        match self.game.apply(edit, &mut self.table) {
            Ok(()) => {
                self.accepted += 1;
                self.check(edit);
                true
            }
            Err(_) => {
                assert_eq!(
                    (&self.game, &self.table),
                    (&before.0, &before.1),
                    "a refused edit changed the game: {edit:?}"
                );
                false
            }
        }
    }

    fn check(&self, edit: &E) {
        let problems = self.game.errors(&self.table);
        assert!(
            problems.is_empty(),
            "after {edit:?}: {:?}",
            problems.iter().map(ToString::to_string).collect::<Vec<_>>()
        );
        let json = serde_json::to_string(&self.game).expect("saves");
        let back: WarmasterGame = serde_json::from_str(&json).expect("loads");
        assert_eq!(back, self.game, "after {edit:?}");
    }

    fn time(&mut self, step: u32) -> Option<u64> {
        self.now += u64::from(step % 90) * 1_000;
        Some(self.now)
    }

    /// Starts a dice step, answers it with faces from `seed` and applies
    /// it.
    fn roll(&mut self, kind: WarmasterRoll, seed: u32) {
        if !self.apply(&E::Roll(kind)) {
            return;
        }
        let index = self.game.resolutions.len() - 1;
        let mut n = seed;
        for _ in 0..20 {
            let prompt = self.game.resolutions[index].resolution().prompt().cloned();
            let answer = match prompt {
                Some(Prompt::Roll(r)) => Answer::Dice(
                    r.dice
                        .iter()
                        .map(|_| {
                            n = n.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                            (n >> 16) % 6 + 1
                        })
                        .collect(),
                ),
                Some(Prompt::Choice(_)) => Answer::Choice((n % 2) as usize),
                None => break,
            };
            self.game
                .resolutions_mut()
                .answer_at(index, answer)
                .expect("an answer that fits");
        }
        let id = self.game.resolutions[index].id();
        self.apply(&E::Apply { id });
    }

    /// What the guide asks for next.
    fn guide(&mut self, a: u32, b: u32) {
        match self.game.stage() {
            Stage::Setup => {
                if self.game.army(Player::A).units.is_empty() {
                    self.apply(&E::ImportArmy {
                        player: Player::A,
                        text: ARMIES[(a % 3) as usize].into(),
                    });
                } else if self.game.army(Player::B).units.is_empty() {
                    self.apply(&E::ImportArmy {
                        player: Player::B,
                        text: ARMIES[(b % 3) as usize].into(),
                    });
                } else if a.is_multiple_of(2) {
                    self.roll(WarmasterRoll::terrain_roll_off(), b);
                } else {
                    for i in 0..(b % 4 + 1) {
                        self.apply(&E::PlaceTerrain {
                            player: None,
                            terrain: TYPES[((a + i) % 9) as usize],
                            at: spot(i * 3),
                            shape: None,
                            name: None,
                        });
                    }
                }
            }
            Stage::Terrain { step } => match step {
                TerrainStep::Place {
                    player,
                    must_differ_from,
                    may_pass,
                    ..
                } => {
                    if may_pass && a.is_multiple_of(3) {
                        self.apply(&E::PassTerrain { player });
                        return;
                    }
                    let terrain = TYPES
                        .iter()
                        .copied()
                        .cycle()
                        .skip((b % 9) as usize)
                        .find(|t| !must_differ_from.contains(t))
                        .unwrap_or(TerrainType::Hill);
                    let i = u32::try_from(self.game.terrain.len()).unwrap_or(0);
                    self.apply(&E::PlaceTerrain {
                        player: Some(player),
                        terrain,
                        at: spot(i),
                        shape: None,
                        name: None,
                    });
                }
                TerrainStep::LastPiece { player } => {
                    if a.is_multiple_of(2) {
                        self.apply(&E::PassTerrain { player });
                    } else {
                        let i = u32::try_from(self.game.terrain.len()).unwrap_or(0);
                        self.apply(&E::PlaceTerrain {
                            player: Some(player),
                            terrain: TYPES[(b % 9) as usize],
                            at: spot(i),
                            shape: None,
                            name: None,
                        });
                    }
                }
                TerrainStep::Done { .. } => {}
            },
            Stage::StartingPlayer => self.roll(WarmasterRoll::start_roll_off(), a),
            Stage::Scenario => self.roll(WarmasterRoll::Scenario {}, a),
            Stage::Layout => {
                self.apply(&E::PlaceLayout);
                self.apply(&E::PushTerrainAway);
            }
            Stage::Sides => {
                let edge = if a.is_multiple_of(2) {
                    Edge::South
                } else {
                    Edge::North
                };
                self.apply(&E::ChooseEdge(edge));
            }
            Stage::SpecialRule => {
                if let Some(scenario) = self.game.scenario {
                    self.roll(WarmasterRoll::SpecialRule { scenario }, a);
                }
            }
            Stage::Deployment { player, clock_due } => {
                let now = self.time(a);
                if clock_due {
                    self.apply(&E::Clock(ClockEdit::Start {
                        player,
                        now_ms: now.unwrap_or(0),
                    }));
                }
                self.apply(&E::Deployed {
                    player,
                    now_ms: now,
                });
            }
            Stage::Turn {
                round,
                incursion_roll_due,
                ..
            } => {
                if incursion_roll_due {
                    self.roll(WarmasterRoll::Incursion { round }, a);
                }
                for (i, o) in self.game.objectives.clone().into_iter().enumerate() {
                    let control = match (a >> i) % 4 {
                        0 => Control::NOBODY,
                        1 => Control::by(Player::A),
                        2 => Control::by(Player::B),
                        _ => Control::alone(player(b)),
                    };
                    self.apply(&E::SetControl {
                        objective: o.id,
                        control,
                    });
                }
                if b.is_multiple_of(4) {
                    self.apply(&E::ControlFromStands);
                }
                let now = self.time(b);
                self.apply(&E::EndTurn { now_ms: now });
            }
            Stage::LengthRoll { after_round, need } => {
                self.roll(WarmasterRoll::GameLength { after_round, need }, a);
            }
            Stage::Ended => {}
        }
    }

    /// Any edit with random values.
    fn any(&mut self, kind: u32, a: u32, b: u32) {
        let p = player(a);
        let unit = Id(u64::from(b % 12 + 1));
        let now = if a.is_multiple_of(7) {
            None
        } else {
            self.time(b)
        };
        match kind % 24 {
            0 => {
                let options = GuardiansOptions {
                    dying_race: a.is_multiple_of(2),
                    arrogant: a.is_multiple_of(3),
                    destructive: a.is_multiple_of(5),
                };
                self.apply(&E::SetSettings(Settings {
                    game_size: [1250, 2000, 800][(b % 3) as usize],
                    scenario_rules: !b.is_multiple_of(5),
                    turn_limit: 2 + b % 7,
                    clock: !a.is_multiple_of(4),
                    clock_minutes: 1 + a % 60,
                    clock_sound: false,
                    options,
                }));
            }
            1 => {
                self.apply(&E::ImportArmy {
                    player: p,
                    text: format!(
                        "{}\nBlade, 1, 40, hero, item=Orb of Majesty",
                        ARMIES[(b % 3) as usize]
                    ),
                });
            }
            2 => {
                let mut u = Unit::new(
                    Id(u64::from(b % 20 + 1)),
                    format!("Unit {b}"),
                    UnitKind::ALL[(a % 9) as usize],
                    b % 300,
                    1 + a % 4,
                );
                u.flying = b.is_multiple_of(3);
                u.renown = b.is_multiple_of(5);
                if b.is_multiple_of(2) {
                    self.apply(&E::AddUnit { player: p, unit: u });
                } else {
                    self.apply(&E::UpdateUnit { player: p, unit: u });
                }
            }
            3 => {
                self.apply(&E::RemoveUnit { player: p, unit });
            }
            4 => {
                self.apply(&E::PlaceTerrain {
                    player: (!a.is_multiple_of(3)).then_some(p),
                    terrain: TYPES[(b % 9) as usize],
                    at: Point::new(f64::from(a % 180), f64::from(b % 120)),
                    shape: None,
                    name: None,
                });
            }
            5 => {
                self.apply(&E::PassTerrain { player: p });
            }
            6 => {
                let kind = match b % 7 {
                    0 => WarmasterRoll::terrain_roll_off(),
                    1 => WarmasterRoll::start_roll_off(),
                    2 => WarmasterRoll::Scenario {},
                    3 => WarmasterRoll::SpecialRule {
                        scenario: Scenario::ALL[(a % 6) as usize],
                    },
                    4 => WarmasterRoll::IncursionTerrain {},
                    5 => WarmasterRoll::Incursion { round: 2 + a % 6 },
                    _ => WarmasterRoll::GameLength {
                        after_round: 5 + a % 2,
                        need: 2 + 2 * (a % 2),
                    },
                };
                self.roll(kind, a);
            }
            7 => {
                self.apply(&E::SetScenario(Scenario::ALL[(a % 6) as usize]));
            }
            8 => {
                let rules = [
                    None,
                    Some(SpecialRule::SuddenDeath),
                    Some(SpecialRule::LongLiveTheKing),
                    Some(SpecialRule::Dominate),
                    Some(SpecialRule::RandomGameLength),
                    Some(SpecialRule::ScorchedEarth),
                    Some(SpecialRule::Killbox),
                ];
                self.apply(&E::SetSpecialRule(rules[(a % 7) as usize]));
            }
            9 => {
                self.apply(&E::SetStartingPlayer(p));
            }
            10 => {
                if let Some(o) = self.game.objectives.first().map(|o| o.id) {
                    self.apply(&E::MoveObjective {
                        objective: o,
                        to: Point::new(f64::from(a % 180), f64::from(b % 120)),
                    });
                }
            }
            11 => {
                self.apply(&E::PlaceStand {
                    player: p,
                    unit,
                    at: Point::new(f64::from(20 + a % 140), f64::from(20 + b % 80)),
                    facing: (a.is_multiple_of(2))
                        .then(|| Angle::from_degrees(f64::from(b % 360)).expect("angle")),
                });
            }
            12 => {
                if let Some(s) = self
                    .game
                    .stands
                    .get((b as usize) % self.game.stands.len().max(1))
                {
                    let piece = s.piece;
                    self.apply(&E::RemoveStand { piece });
                }
            }
            13 => {
                let new_general = (b.is_multiple_of(3)).then(|| Id(u64::from(a % 3 + 1)));
                self.apply(&E::UnitDestroyed {
                    player: p,
                    unit,
                    new_general,
                    now_ms: now,
                });
            }
            14 => {
                self.apply(&E::StandsLost {
                    player: p,
                    unit,
                    lost: a % 6,
                });
            }
            15 => {
                self.apply(&E::Pillaged {
                    player: p,
                    unit,
                    now_ms: now,
                });
            }
            16 => {
                self.apply(&E::GeneralFought {
                    player: p,
                    now_ms: now,
                });
            }
            17 => {
                self.apply(&E::EndTurn { now_ms: now });
            }
            18 => {
                if a.is_multiple_of(5) {
                    self.apply(&E::EndGame { now_ms: now });
                }
            }
            19 => {
                let t = now.unwrap_or(self.now);
                let edit = match b % 6 {
                    0 => ClockEdit::Start {
                        player: p,
                        now_ms: t,
                    },
                    1 => ClockEdit::Switch { now_ms: t },
                    2 => ClockEdit::Pause { now_ms: t },
                    3 => ClockEdit::Resume { now_ms: t },
                    4 => ClockEdit::Tick { now_ms: t },
                    _ => ClockEdit::Stop { now_ms: t },
                };
                self.apply(&E::Clock(edit));
            }
            20 => {
                self.apply(&E::ControlFromStands);
            }
            21 => {
                self.apply(&E::Prescribe(GameTerms {
                    game_size: [1250, 2000][(a % 2) as usize],
                    options: GuardiansOptions {
                        arrogant: b.is_multiple_of(2),
                        ..GuardiansOptions::default()
                    },
                }));
            }
            22 => {
                self.apply(&E::SetPlayerName {
                    player: p,
                    name: ["Anna", "Bernd", "Clara"][(b % 3) as usize].into(),
                });
            }
            _ => {
                self.apply(&E::Deployed {
                    player: p,
                    now_ms: now,
                });
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 48,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn valid_game_edits_never_make_a_game_the_check_refuses(
        steps in prop::collection::vec((any::<u32>(), any::<u32>(), any::<u32>()), 1..160)
    ) {
        let mut d = Driver::new();
        for (kind, a, b) in steps {
            if kind % 2 == 0 {
                d.guide(a, b);
            } else {
                d.any(kind / 2, a, b);
            }
        }
    }

    #[test]
    fn valid_tournament_edits_never_make_a_tournament_the_check_refuses(
        steps in prop::collection::vec((any::<u32>(), any::<u32>(), any::<u32>()), 1..120)
    ) {
        let mut t = WarmasterTournament::new("Cup", 4);
        let mut accepted = 0_usize;
        for (kind, a, b) in steps {
            let id = format!("p{}", a % 12);
            let edit = match kind % 14 {
                0..=2 => TournamentEdit::AddPlayer { id, name: format!("Player {}", b % 14) },
                3 => TournamentEdit::RenamePlayer { id, name: format!("Player {}", b % 14) },
                4 => TournamentEdit::DropPlayer { id },
                5 => TournamentEdit::ReinstatePlayer { id },
                6 => TournamentEdit::RemovePlayer { id },
                7 => TournamentEdit::SetRounds { rounds: 1 + a % 6 },
                8 => TournamentEdit::SetPoints {
                    points: TournamentPoints { win: i64::from(a % 5), draw: 1, loss: 0, bye: i64::from(b % 4) },
                },
                9 => TournamentEdit::SetTerms {
                    terms: GameTerms { game_size: 1000 + b % 1500, options: GuardiansOptions::default() },
                },
                10 => TournamentEdit::PairRound { round: 1 + a % 5 },
                11 | 12 => {
                    let round = 1 + a % 4;
                    let table = 1 + b % 4;
                    let vp_a = i64::from(a % 700);
                    let vp_b = i64::from(b % 700);
                    let clock = a.is_multiple_of(5) && vp_a != vp_b;
                    let (ra, rb) = if clock {
                        (MatchResult::Win, MatchResult::Loss)
                    } else if (vp_a - vp_b).abs() < 50 {
                        (MatchResult::Draw, MatchResult::Draw)
                    } else if vp_a > vp_b {
                        (MatchResult::Win, MatchResult::Loss)
                    } else {
                        (MatchResult::Loss, MatchResult::Win)
                    };
                    TournamentEdit::RecordResult {
                        round,
                        table,
                        result: TournamentResult {
                            a: TournamentSide { vp: vp_a, ep: i64::from(b % 12), result: ra },
                            b: TournamentSide { vp: vp_b, ep: i64::from(a % 12), result: rb },
                            clock,
                        },
                    }
                }
                _ => TournamentEdit::ClearResult { round: 1 + a % 4, table: 1 + b % 4 },
            };
            let before = t.clone();
            if t.apply(&edit).is_ok() {
                accepted += 1;
                let problems = t.errors();
                prop_assert!(problems.is_empty(), "after {:?}: {:?}", edit, problems);
                prop_assert!(t.standings().is_ok());
                let json = serde_json::to_string(&t).expect("saves");
                let back: WarmasterTournament = serde_json::from_str(&json).expect("loads");
                prop_assert_eq!(&back, &t);
            } else {
                prop_assert_eq!(&t, &before);
            }
        }
        let _ = accepted;
    }
}

#[test]
fn the_guide_alone_plays_games_to_their_end() {
    // The property above is only as good as the states it reaches: the
    // guide's steps alone play whole games, clock and all.
    for seed in 0..12_u32 {
        let mut d = Driver::new();
        let mut n = seed;
        for _ in 0..400 {
            if d.game.stage() == Stage::Ended {
                break;
            }
            n = n.wrapping_mul(747_796_405).wrapping_add(2_891_336_453);
            d.guide(n >> 8, n.rotate_left(13));
        }
        assert_eq!(
            d.game.stage(),
            Stage::Ended,
            "seed {seed}: {:?}",
            d.game.stage()
        );
        assert!(d.game.victory().sides.iter().all(|s| s.total >= 0));
    }
}
