//! Random races with random dice never panic, never lose a sled, and
//! every speed change follows S5.

use feldherr_dice::{Dice, Die};
use feldherr_geometry::{Angle, Point};
use feldherr_play::{Game, PlayError};
use feldherr_sled_race::speed::sign_rule;
use feldherr_sled_race::{
    Driver, NextStep, Race, RaceEdit, SledKind, SledStatus, StepInput, TerrainKind,
};
use feldherr_table::{Table, TableEdit};
use proptest::prelude::*;

fn roll(dice: &mut Dice, sides: u32) -> u32 {
    Die::new(sides.max(2))
        .and_then(|d| dice.roll(d, "test"))
        .unwrap_or(1)
}

/// A random race: `sleds` drivers, `terrain` random pieces, random
/// choices, facings and turns; at most `max_steps` steps.
pub fn random_race(seed: u64, sleds: u32, terrain: u32) -> Result<(Race, Table), PlayError> {
    random_race_steps(seed, sleds, terrain, 160)
}

pub fn random_race_steps(
    seed: u64,
    sleds: u32,
    terrain: u32,
    max_steps: u32,
) -> Result<(Race, Table), PlayError> {
    let mut table = Race::default_table();
    let rules = Race::table_rules();
    let mut rng = Dice::seeded(seed ^ 0x5eed);
    for _ in 0..terrain {
        let kind = TerrainKind::ALL[(roll(&mut rng, 10) - 1) as usize];
        let t = rules.type_def(kind.type_id()).expect("type");
        let at = Point::new(
            8.0 + f64::from(roll(&mut rng, 60)),
            f64::from(roll(&mut rng, 48)),
        );
        let facing = Angle::from_degrees(f64::from(roll(&mut rng, 360))).expect("angle");
        let p = t
            .piece(table.next_id(), kind.label(), at)?
            .with_facing(facing);
        table.apply(TableEdit::Add(p))?;
    }
    let mut race = Race::new_game();
    for i in 0..sleds {
        let t = roll(&mut rng, 4) + 2;
        let mut d = Driver::on_foot(
            &format!("D{i}"),
            &format!("P{i}"),
            [
                t,
                roll(&mut rng, 6),
                roll(&mut rng, 5),
                roll(&mut rng, 6),
                roll(&mut rng, 3),
            ],
        );
        if roll(&mut rng, 2) == 1 {
            d.armour_save = Some(roll(&mut rng, 3) + 3);
        }
        race.apply(
            &RaceEdit::AddEntrant {
                player: format!("P{i}"),
                driver: Some(d),
            },
            &mut table,
        )?;
    }
    race.apply(&RaceEdit::Start, &mut table)?;
    let mut dice = Dice::seeded(seed);
    let mut choices = Dice::seeded(seed.wrapping_mul(31) ^ 7);
    for _ in 0..max_steps {
        let input = match race.next_step() {
            Some(NextStep::Over) | None => break,
            Some(NextStep::Move(id)) => {
                let standing = race
                    .state()
                    .and_then(|s| s.sled(id))
                    .is_some_and(|s| s.speed == 0);
                StepInput::Move {
                    facing: standing.then(|| f64::from(roll(&mut rng, 120)) - 60.0),
                }
            }
            Some(NextStep::Turn(_)) => StepInput::Turn {
                angle: f64::from(roll(&mut rng, 181)) - 91.0,
            },
            Some(_) => StepInput::Draw,
        };
        race.play_next(
            &mut table,
            &mut dice,
            |c| {
                (roll(&mut choices, c.options.len() as u32 + 1) as usize - 1)
                    .min(c.options.len() - 1)
            },
            input,
        )?;
    }
    Ok((race, table))
}

fn check(race: &Race, table: &Table, sleds: usize) {
    let st = race.state().expect("started");
    assert_eq!(st.sleds.len(), sleds, "no sled lost");
    let on_table = table.pieces().iter().filter(|p| p.kind == "sled").count();
    let present = st
        .sleds
        .iter()
        .filter(|s| !matches!(s.status, SledStatus::Out { .. }))
        .count();
    assert_eq!(
        on_table, present,
        "every sled still in the race is on the table"
    );
    for s in &st.sleds {
        assert!(s.center.x.is_finite() && s.center.y.is_finite());
        if s.racing() {
            assert!(
                s.center.y > -4.0 && s.center.y < 52.0 && s.center.x > -4.0,
                "{:?}",
                s.center
            );
        }
    }
    for r in &race.resolutions {
        let SledKind::Move { before, sled, .. } = r.kind() else {
            continue;
        };
        let log = r.resolution().log();
        let get = |key: &str, name: &str| {
            log.iter()
                .find(|s| s.message.as_ref().is_some_and(|m| m.key == key))
                .and_then(|s| s.get(name))
        };
        let previous = before.sled(*sled).expect("moving sled").speed;
        if let (Some(result), Some(new)) = (
            get("sled.log.slope_modifier", "result"),
            get("sled.log.new_speed", "speed"),
        ) {
            assert_eq!(new as i32, sign_rule(previous, result as i32), "S5");
        } else {
            assert!(log.iter().any(|s| {
                s.message
                    .as_ref()
                    .is_some_and(|m| m.key == "sled.log.ice_start_keep")
            }));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]
    #[test]
    fn random_races_hold_together(seed in any::<u64>(), sleds in 1u32..=6, terrain in 0u32..=20) {
        let (race, table) = random_race_steps(seed, sleds, terrain, 120).expect("never an error");
        check(&race, &table, sleds as usize);
        // Saving and loading replays exactly.
        let json = serde_json::to_string(&race).expect("json");
        let back: Race = serde_json::from_str(&json).expect("load");
        prop_assert_eq!(back, race);
    }
}

/// Plays `steps` random edits on a random race: mostly the next step of
/// the race (random facings, turns and choices), now and then an undo, a
/// resolution opened and left open, or the organiser ending the race.
/// After every edit that is accepted the race has no problem (issue #28).
fn play_checked(seed: u64, sleds: u32, terrain: u32, steps: u32) -> Race {
    let (mut race, mut table) = random_race_steps(seed, sleds, terrain, 0).expect("a started race");
    let mut rng = Dice::seeded(seed ^ 0xc4ec);
    let mut dice = Dice::seeded(seed.wrapping_add(1));
    for _ in 0..steps {
        if std::env::var_os("SLED_DEBUG").is_some() {
            eprintln!(
                "next {:?} ({} resolutions)",
                race.next_step(),
                race.resolutions.len()
            );
        }
        let input = match race.next_step() {
            Some(NextStep::Over) | None => break,
            Some(NextStep::Move(id)) => {
                let standing = race
                    .state()
                    .and_then(|s| s.sled(id))
                    .is_some_and(|s| s.speed == 0);
                StepInput::Move {
                    facing: standing.then(|| f64::from(roll(&mut rng, 120)) - 60.0),
                }
            }
            Some(NextStep::Turn(_)) => StepInput::Turn {
                angle: f64::from(roll(&mut rng, 181)) - 91.0,
            },
            Some(_) => StepInput::Draw,
        };
        let open = race.resolutions.last().is_some_and(|r| !r.applied());
        let result = if open {
            let last = race.resolutions.len() - 1;
            if roll(&mut rng, 3) == 1 {
                race.resolutions_mut().remove_at(last)
            } else {
                // Answer what is still open and apply it again.
                for _ in 0..1000 {
                    let answer = match race
                        .resolutions()
                        .resolution_at(last)
                        .and_then(|r| r.prompt())
                    {
                        Some(feldherr_dice::step::Prompt::Roll(request)) => {
                            feldherr_dice::step::Answer::Dice(
                                feldherr_dice::Roller::roll(&mut dice, request.clone())
                                    .expect("roll"),
                            )
                        }
                        Some(feldherr_dice::step::Prompt::Choice(c)) => {
                            feldherr_dice::step::Answer::Choice(
                                (roll(&mut rng, c.options.len() as u32) as usize - 1)
                                    .min(c.options.len() - 1),
                            )
                        }
                        None => break,
                    };
                    race.resolutions_mut()
                        .answer_at(last, answer)
                        .expect("a fitting answer");
                }
                let id = race.resolutions[last].id();
                race.apply(&RaceEdit::Apply(id), &mut table)
            }
        } else {
            match roll(&mut rng, 20) {
                1 => race.apply(&RaceEdit::Undo, &mut table),
                2 => race.apply(&RaceEdit::Open(input), &mut table),
                3 if race.resolutions.len() > 100 && roll(&mut rng, 10) == 1 => {
                    race.apply(&RaceEdit::End, &mut table)
                }
                _ => race
                    .play_next(
                        &mut table,
                        &mut dice,
                        |c| {
                            (roll(&mut rng, c.options.len() as u32 + 1) as usize - 1)
                                .min(c.options.len() - 1)
                        },
                        input,
                    )
                    .map(|_| ()),
            }
        };
        if result.is_err() {
            continue;
        }
        let problems = race.problems(&table);
        assert!(problems.is_empty(), "seed {seed}: {problems:#?}");
    }
    race
}

#[test]
fn a_long_checked_race_stays_sound() {
    let race = play_checked(11, 6, 20, 300);
    assert!(race.resolutions.len() > 60, "{}", race.resolutions.len());
    assert!(race.state().is_some_and(|s| s.turn >= 2));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10, ..ProptestConfig::default() })]
    #[test]
    fn random_valid_edits_never_make_an_impossible_race(
        seed in any::<u64>(), sleds in 1u32..=6, terrain in 0u32..=20,
    ) {
        let race = play_checked(seed, sleds, terrain, 120);
        prop_assert!(race.state().is_some());
    }
}
