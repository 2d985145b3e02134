//! Random sequences of valid edits never produce a game that `problems()`
//! refuses (issue #28), and every saved game loads back the same.

use feldherr_dice::step::{Answer, Prompt};
use feldherr_dice::{Dice, Die, Roller};
use feldherr_play::{Game, Id};
use feldherr_table::Table;
use feldherr_wh40k_ffa::{EngagedUnit, FfaEdit, FreeForAll, SideEntry, UnitStatus};
use proptest::prelude::*;

use crate::common::{game, unit};

fn pick(rng: &mut Dice, n: usize) -> usize {
    if n <= 1 {
        return 0;
    }
    let sides = u32::try_from(n).unwrap_or(u32::MAX);
    Die::new(sides)
        .and_then(|d| rng.roll(d, "test"))
        .map_or(0, |f| f as usize - 1)
}

/// Answers every prompt of resolution `index` from the seeded dice.
fn answer_all(g: &mut FreeForAll, index: usize, rng: &mut Dice) {
    for _ in 0..100 {
        let answer = match g
            .resolutions()
            .resolution_at(index)
            .and_then(|r| r.prompt())
        {
            Some(Prompt::Roll(request)) => {
                Answer::Dice(Roller::roll(rng, request.clone()).expect("roll"))
            }
            Some(Prompt::Choice(c)) => Answer::Choice(pick(rng, c.options.len())),
            None => return,
        };
        g.resolutions_mut()
            .answer_at(index, answer)
            .expect("a valid answer");
    }
}

/// One random edit, valid or not.
fn random_edit(g: &FreeForAll, rng: &mut Dice) -> Option<FfaEdit> {
    let n = g.players().len();
    let units: Vec<Id> = g.units().iter().map(|u| u.unit).collect();
    let any_unit = |rng: &mut Dice| units.get(pick(rng, units.len())).copied();
    Some(match pick(rng, 10) {
        0 => FfaEdit::TypeDraw { seat: pick(rng, n) },
        2 => FfaEdit::RecordLosses {
            unit: any_unit(rng)?,
            lost: 1,
            by: (pick(rng, 2) == 0).then(|| pick(rng, n)),
        },
        // Mostly fleeing units rally or leave; now and then any unit.
        3 | 4 => {
            let fleeing: Vec<Id> = g
                .units()
                .iter()
                .filter(|u| matches!(u.status, UnitStatus::Fleeing { .. }))
                .map(|u| u.unit)
                .collect();
            let unit = match fleeing.get(pick(rng, fleeing.len())) {
                Some(u) if pick(rng, 4) > 0 => *u,
                _ => any_unit(rng)?,
            };
            if pick(rng, 3) > 0 {
                FfaEdit::Rally { unit }
            } else {
                FfaEdit::RemoveUnit { unit }
            }
        }
        _ => {
            // A combat from what the game offers: a close combat to fight,
            // or the active player's free unit against free enemies.
            let offer = g.combat_offer()?;
            let mut fighters: Vec<Id> = match offer.to_fight.first() {
                Some(e) if pick(rng, 3) > 0 => e.units.clone(),
                _ => offer
                    .free
                    .iter()
                    .copied()
                    .filter(|u| g.unit_state(*u).is_some_and(|s| s.seat == offer.turn_of))
                    .take(1)
                    .collect(),
            };
            if fighters.is_empty() {
                // Nothing left to fight in this turn: the next player.
                return Some(FfaEdit::TypeDraw { seat: pick(rng, n) });
            }
            // Some free units join; at least one of another player when
            // the fight is new.
            let enemies: Vec<Id> = offer
                .free
                .iter()
                .copied()
                .filter(|u| g.unit_state(*u).is_some_and(|s| s.seat != offer.turn_of))
                .collect();
            if fighters.len() == 1
                && let Some(e) = enemies.get(pick(rng, enemies.len()))
            {
                fighters.push(*e);
            }
            for u in &offer.free {
                if pick(rng, 4) == 0 && !fighters.contains(u) {
                    fighters.push(*u);
                }
            }
            let mut sides: Vec<SideEntry> = Vec::new();
            for u in fighters {
                let st = g.unit_state(u)?;
                let lost = pick(rng, st.models_left as usize / 2 + 1) as u32;
                let entry = EngagedUnit::new(u, lost);
                match sides.iter_mut().find(|s| s.seat == st.seat) {
                    Some(side) => side.units.push(entry),
                    None => sides.push(SideEntry {
                        seat: st.seat,
                        casualties_caused: pick(rng, 6) as u32,
                        units: vec![entry],
                    }),
                }
            }
            FfaEdit::StartCombat { sides }
        }
    })
}

fn play(seed: u64, players: usize, steps: usize) -> (FreeForAll, Table) {
    let (mut g, mut table) = game(players);
    // Six units each, so the game lasts.
    for seat in 0..players {
        let base = 100 * (seat as u64 + 1);
        let units = (0..6)
            .map(|i| {
                unit(
                    base + i,
                    &format!("Trupp {i}"),
                    5 + 3 * i as u32,
                    6 + (i % 4) as u8,
                    2 + (i % 4) as u8,
                )
            })
            .collect();
        g.apply(&FfaEdit::SetArmy { seat, units }, &mut table)
            .expect("army");
    }
    let mut rng = Dice::seeded(seed);
    g.apply(&FfaEdit::StartRollOff, &mut table)
        .expect("roll-off");
    answer_all(&mut g, 0, &mut rng);
    g.apply(&FfaEdit::Apply(Id(1)), &mut table)
        .expect("round 1");
    for _ in 0..steps {
        let Some(edit) = random_edit(&g, &mut rng) else {
            continue;
        };
        let before = g.clone();
        if let Err(e) = g.apply(&edit, &mut table) {
            if std::env::var_os("FFA_DEBUG").is_some() {
                eprintln!("{e}");
            }
            assert_eq!(g, before, "a refused edit changed the game");
            continue;
        }
        if matches!(edit, FfaEdit::StartCombat { .. }) {
            let index = g.saved().len() - 1;
            answer_all(&mut g, index, &mut rng);
            let id = g.saved()[index].id();
            g.apply(&FfaEdit::Apply(id), &mut table)
                .expect("a finished combat of this turn applies");
        }
        let problems = g.problems(&table);
        assert!(problems.is_empty(), "after {edit:?}: {problems:#?}");
    }
    (g, table)
}

#[test]
fn a_long_random_game_stays_sound() {
    let (g, _) = play(7, 4, 400);
    assert!(
        g.record().len() > 60,
        "the game did things: {}",
        g.record().len()
    );
    assert!(g.turn_order().is_some_and(|t| t.rounds.len() > 5));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]
    #[test]
    fn random_valid_edits_never_make_an_impossible_game(
        seed in any::<u64>(),
        players in 3usize..=4,
    ) {
        let (g, table) = play(seed, players, 120);
        let json = serde_json::to_string(&g).expect("json");
        let back: FreeForAll = serde_json::from_str(&json).expect("loads");
        prop_assert!(back.problems(&table).is_empty());
        prop_assert_eq!(back, g);
    }
}
