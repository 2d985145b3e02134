//! Units that remember (issue #24): a scripted game of three players over
//! two rounds. Losses, flight and destruction carry from one combat to
//! the next; destroyed and fleeing units are not offered; the host's undo
//! (restoring the earlier game) restores the units.

use feldherr_dice::step::Answer;
use feldherr_play::{Game, Id, PlayError};
use feldherr_table::Table;
use feldherr_wh40k_ffa::{
    Cause, CombatFate, EngagedUnit, EventKind, FfaEdit, FfaOutcome, FreeForAll, HistoryKind,
    SideEntry, UnitState, UnitStatus,
};

use crate::common::{game, ok, refused, text};

/// The state of unit `id`, which must exist.
fn state(g: &FreeForAll, id: u64) -> &UnitState {
    g.unit_state(Id(id)).expect("the unit exists")
}

/// A side whose units took the given casualties: (unit, lost).
pub fn side(seat: usize, caused: u32, units: &[(u64, u32)]) -> SideEntry {
    SideEntry {
        seat,
        casualties_caused: caused,
        units: units
            .iter()
            .map(|&(unit, lost)| EngagedUnit::new(Id(unit), lost))
            .collect(),
    }
}

/// Starts a combat, answers it and applies it; returns its id.
pub fn fight(
    g: &mut FreeForAll,
    table: &mut Table,
    sides: Vec<SideEntry>,
    answers: &[Answer],
) -> Id {
    ok(g, table, FfaEdit::StartCombat { sides });
    let index = g.saved().len() - 1;
    for a in answers {
        g.resolutions_mut()
            .answer_at(index, a.clone())
            .unwrap_or_else(|e| panic!("{a:?}: {e}"));
    }
    let id = g.saved()[index].id();
    ok(g, table, FfaEdit::Apply(id));
    id
}

/// Anna, Ben and Cem with two units each (Anna 11, 12; Ben 21, 22; Cem
/// 31, 32; the first of each 10 models, Ld 8, I 4; the second 5 models,
/// Ld 7, I 3), after the roll-off: Anna starts round 1.
pub fn started() -> (FreeForAll, Table) {
    let (mut g, mut table) = game(3);
    ok(&mut g, &mut table, FfaEdit::StartRollOff);
    g.resolutions_mut()
        .answer_at(0, Answer::Dice(vec![6, 2, 3]))
        .expect("roll-off");
    ok(&mut g, &mut table, FfaEdit::Apply(Id(1)));
    (g, table)
}

/// Round 1 as the scripted game plays it; returns the combat ids.
fn round_one(g: &mut FreeForAll, table: &mut Table) -> [Id; 3] {
    // Anna's turn. Anna shoots Cem's second unit off the table.
    ok(
        g,
        table,
        FfaEdit::RecordLosses {
            unit: Id(32),
            lost: 5,
            by: Some(0),
        },
    );
    // Anna's first unit charges Ben's: it loses 4 of 10, Ben's 1; Ben wins
    // (4 to 1), Anna's unit (6 against 9: -1, Ld 7) holds on 5.
    let c1 = fight(
        g,
        table,
        vec![side(0, 1, &[(11, 4)]), side(1, 4, &[(21, 1)])],
        &[Answer::Dice(vec![2, 3])],
    );
    assert_eq!(state(g, 11).models_left, 6);
    assert_eq!(state(g, 11).in_combat_with, [Id(21)]);
    ok(g, table, FfaEdit::TypeDraw { seat: 1 });

    // Ben's turn: the combat goes on and Cem's first unit charges in.
    let offer = g.combat_offer().expect("a turn");
    assert_eq!(offer.to_fight.len(), 1);
    assert_eq!(offer.to_fight[0].units, [Id(11), Id(21)]);
    // Half of a close combat is refused: Anna's unit is locked with Ben's.
    let err = refused(
        g,
        table,
        FfaEdit::StartCombat {
            sides: vec![side(1, 0, &[(21, 0)]), side(2, 0, &[(31, 0)])],
        },
    );
    assert!(
        text(&err).contains("Anna Trupp 1 of Anna is locked in combat with Ben Trupp 1 of Ben"),
        "{err}"
    );
    // Anna's unit fights with the 6 models it has left: nothing is typed.
    let c2 = fight(
        g,
        table,
        vec![
            side(1, 2, &[(21, 1)]),
            side(0, 1, &[(11, 0)]),
            side(2, 0, &[(31, 2)]),
        ],
        &[Answer::Dice(vec![5, 5]), Answer::Dice(vec![4, 4])],
    );
    let FfaOutcome::Combat(o2) = g.saved()[2].outcome().expect("finished") else {
        panic!("a combat")
    };
    assert_eq!(o2.fleeing, [Id(11)]);
    let feldherr_wh40k_ffa::FfaResolution::Combat(combat2) = g.saved()[2].kind() else {
        panic!("a combat")
    };
    let anna = &combat2.sides[1].units[0];
    assert_eq!((anna.models, anna.lost), (6, 0), "fights with 6 of 10");
    assert!(matches!(state(g, 11).status, UnitStatus::Fleeing { .. }));
    assert_eq!(state(g, 21).in_combat_with, [Id(31)]);
    ok(g, table, FfaEdit::TypeDraw { seat: 2 });

    // Cem's turn: Ben's unit loses 5 of 8, flees (3 against 8: -2, Ld 6,
    // rolls 12) and Cem's sweeping advance ties it at 7: destroyed.
    let c3 = fight(
        g,
        table,
        vec![side(2, 5, &[(31, 0)]), side(1, 0, &[(21, 5)])],
        &[
            Answer::Dice(vec![6, 6]),
            Answer::Choice(0),
            Answer::Dice(vec![3]),
            Answer::Dice(vec![3]),
        ],
    );
    [c1, c2, c3]
}

#[test]
fn a_scripted_game_of_three_players_over_two_rounds() {
    let (mut g, mut table) = started();
    let [c1, c2, c3] = round_one(&mut g, &mut table);
    let ben = state(&g, 21);
    assert_eq!(ben.models_left, 0);
    assert_eq!(
        ben.status,
        UnitStatus::Destroyed {
            round: 1,
            turn_of: 2,
            by: vec![2],
            cause: Cause::SweepingAdvance { combat: c3 }
        }
    );
    assert!(state(&g, 31).in_combat_with.is_empty());
    assert_eq!(
        state(&g, 32).status,
        UnitStatus::Destroyed {
            round: 1,
            turn_of: 0,
            by: vec![0],
            cause: Cause::Losses
        }
    );

    // Round 2: Cem played last, so Anna or Ben opens it; Anna does.
    ok(&mut g, &mut table, FfaEdit::TypeDraw { seat: 0 });
    let offer = g.combat_offer().expect("a turn");
    assert_eq!((offer.round, offer.turn_of), (2, 0));
    // Destroyed and fleeing units are not offered as fighters.
    assert_eq!(offer.free, [Id(12), Id(22), Id(31)]);
    assert_eq!(
        offer.fleeing,
        [Id(11)],
        "Anna is asked about her fleeing unit"
    );
    assert!(offer.to_fight.is_empty() && offer.waiting.is_empty());
    // Nor are they accepted: each refusal names the unit and its player.
    let err = refused(
        &mut g,
        &mut table,
        FfaEdit::StartCombat {
            sides: vec![side(0, 0, &[(12, 0)]), side(1, 0, &[(21, 0)])],
        },
    );
    assert!(
        text(&err).contains("Ben Trupp 1 of Ben was destroyed in a close combat in round 1"),
        "{err}"
    );
    let err = refused(
        &mut g,
        &mut table,
        FfaEdit::StartCombat {
            sides: vec![side(0, 0, &[(11, 0)]), side(1, 0, &[(22, 0)])],
        },
    );
    assert!(
        text(&err).contains("Anna Trupp 1 of Anna is fleeing"),
        "{err}"
    );
    assert!(matches!(err, PlayError::Refused { .. }));
    // A fleeing unit rallies only in its own player's turn (here it is).
    ok(&mut g, &mut table, FfaEdit::Rally { unit: Id(11) });
    assert!(state(&g, 11).status.active());
    assert!(g.combat_offer().unwrap().fleeing.is_empty());

    // Anna's unit fights with its 6 models again and wipes out Ben's
    // second unit. The host keeps the document as saved before the edit.
    let saved_before = serde_json::to_string(&g).unwrap();
    let c4 = fight(
        &mut g,
        &mut table,
        vec![side(0, 5, &[(11, 0)]), side(1, 0, &[(22, 5)])],
        &[],
    );
    let FfaOutcome::Combat(o4) = g.saved().last().unwrap().outcome().unwrap() else {
        panic!("a combat")
    };
    assert_eq!(o4.winners, [0]);
    assert!(
        o4.tests.is_empty(),
        "a unit with no models left does not test"
    );
    assert_eq!(
        state(&g, 22).status,
        UnitStatus::Destroyed {
            round: 2,
            turn_of: 0,
            by: vec![0],
            cause: Cause::Casualties { combat: c4 }
        }
    );
    assert!(g.problems(&table).is_empty(), "{:?}", g.problems(&table));
    // Undo: the host restores the earlier document; Ben's unit is back
    // with its 5 models and offered again, and the game is sound.
    let undone: FreeForAll = serde_json::from_str(&saved_before).unwrap();
    let unit = state(&undone, 22);
    assert_eq!((unit.models_left, unit.status.active()), (5, true));
    assert_eq!(
        undone.combat_offer().unwrap().free,
        [Id(11), Id(12), Id(22), Id(31)]
    );
    assert!(undone.unit_history(Id(22)).is_empty());
    assert!(
        undone.problems(&table).is_empty(),
        "{:?}",
        undone.problems(&table)
    );
    // ...and the game after the combat loads back to the same units.
    let back: FreeForAll = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
    assert_eq!(back, g);

    // The per-unit list and each unit's history.
    let rows = g.unit_rows();
    let anna = rows.iter().find(|r| r.unit == Id(11)).unwrap();
    assert_eq!(
        (anna.player.as_str(), anna.models_at_start, anna.models_left),
        ("Anna", 10, 6)
    );
    assert_eq!(anna.combats, [c1, c2, c4]);
    let history = g.unit_history(Id(11));
    let fates: Vec<(usize, CombatFate, u32, u32)> = history
        .iter()
        .filter_map(|h| match h.what {
            HistoryKind::Fought {
                fate,
                models_before,
                models_after,
                ..
            } => Some((h.round, fate, models_before, models_after)),
            _ => None,
        })
        .collect();
    assert_eq!(
        fates,
        [
            (1, CombatFate::Held, 10, 6),
            (1, CombatFate::Fled, 6, 6),
            (2, CombatFate::Won, 6, 6)
        ]
    );
    assert!(history.iter().any(|h| h.what == HistoryKind::Rallied));
    let ben = g.unit_history(Id(21));
    assert!(matches!(
        ben.last().unwrap().what,
        HistoryKind::Fought {
            fate: CombatFate::Caught,
            models_before: 8,
            lost: 5,
            models_after: 0,
            ..
        }
    ));
    // Per round: the order of play and the combats.
    let rounds = g.rounds();
    assert_eq!(rounds[0].order, [0, 1, 2]);
    assert_eq!(rounds[0].combats, [(0, c1), (1, c2), (2, c3)]);
    assert_eq!(rounds[1].order, [0]);
    assert_eq!(rounds[1].combats, [(0, c4)]);
    assert!(matches!(
        g.record().first().unwrap().what,
        EventKind::Losses {
            unit: Id(32),
            lost: 5,
            by: Some(0)
        }
    ));
}

#[test]
fn combats_without_the_active_player_wait() {
    let (mut g, mut table) = started();
    // Anna against Ben; both hold (Ben wins 2 to 1, Anna holds on 4).
    fight(
        &mut g,
        &mut table,
        vec![side(0, 1, &[(11, 2)]), side(1, 2, &[(21, 1)])],
        &[Answer::Dice(vec![2, 2])],
    );
    ok(&mut g, &mut table, FfaEdit::TypeDraw { seat: 2 });
    let offer = g.combat_offer().unwrap();
    assert!(offer.to_fight.is_empty());
    assert_eq!(offer.waiting.len(), 1);
    assert_eq!(offer.waiting[0].seats, [0, 1]);
    let err = refused(
        &mut g,
        &mut table,
        FfaEdit::StartCombat {
            sides: vec![side(0, 0, &[(11, 0)]), side(1, 0, &[(21, 0)])],
        },
    );
    assert!(
        matches!(&err, PlayError::Refused { rule: Some(r), .. } if r == "F3"),
        "{err:?}"
    );
    // In Ben's turn it is fought again, once.
    ok(&mut g, &mut table, FfaEdit::TypeDraw { seat: 1 });
    assert_eq!(g.combat_offer().unwrap().to_fight.len(), 1);
    fight(
        &mut g,
        &mut table,
        vec![side(1, 1, &[(21, 0)]), side(0, 0, &[(11, 1)])],
        &[Answer::Dice(vec![1, 1])],
    );
    let offer = g.combat_offer().unwrap();
    assert_eq!(offer.fought.len(), 1);
    let err = refused(
        &mut g,
        &mut table,
        FfaEdit::StartCombat {
            sides: vec![side(1, 0, &[(21, 0)]), side(0, 0, &[(11, 0)])],
        },
    );
    assert!(text(&err).contains("in this turn already"), "{err}");
}

#[test]
fn bad_combat_input_names_the_unit_and_its_player() {
    let (mut g, mut table) = started();
    // More casualties than models.
    let err = refused(
        &mut g,
        &mut table,
        FfaEdit::StartCombat {
            sides: vec![side(0, 0, &[(12, 6)]), side(1, 0, &[(22, 0)])],
        },
    );
    assert!(text(&err).contains("sides[0].units[0].lost: 6"), "{err}");
    assert!(
        text(&err).contains("Anna Trupp 2 of Anna has only 5 models left"),
        "{err}"
    );
    // A unit of a player who is not in the combat.
    let err = refused(
        &mut g,
        &mut table,
        FfaEdit::StartCombat {
            sides: vec![side(0, 0, &[(11, 0)]), side(1, 0, &[(21, 0), (31, 0)])],
        },
    );
    assert!(
        text(&err).contains("Cem Trupp 1 of Cem: Cem is not in this combat"),
        "{err}"
    );
    // A unit on the wrong side of a player who is in it.
    let err = refused(
        &mut g,
        &mut table,
        FfaEdit::StartCombat {
            sides: vec![side(0, 0, &[(11, 0), (21, 0)]), side(1, 0, &[(22, 0)])],
        },
    );
    assert!(
        text(&err).contains("Ben Trupp 1 of Ben is Ben's unit, not Anna's"),
        "{err}"
    );
    // A destroyed unit.
    ok(
        &mut g,
        &mut table,
        FfaEdit::RecordLosses {
            unit: Id(22),
            lost: 5,
            by: None,
        },
    );
    let err = refused(
        &mut g,
        &mut table,
        FfaEdit::StartCombat {
            sides: vec![side(0, 0, &[(11, 0)]), side(1, 0, &[(22, 0)])],
        },
    );
    assert!(
        text(&err).contains("Ben Trupp 2 of Ben was destroyed in round 1"),
        "{err}"
    );
    // Losses outside combat are bounded too.
    let err = refused(
        &mut g,
        &mut table,
        FfaEdit::RecordLosses {
            unit: Id(21),
            lost: 11,
            by: Some(0),
        },
    );
    assert!(
        text(&err).contains("Ben Trupp 1 of Ben has only 10 models left"),
        "{err}"
    );
    let err = refused(
        &mut g,
        &mut table,
        FfaEdit::RecordLosses {
            unit: Id(21),
            lost: 1,
            by: Some(1),
        },
    );
    assert!(text(&err).contains("Ben's own unit"), "{err}");
    // Rallying a unit that does not flee, or in another player's turn.
    let err = refused(&mut g, &mut table, FfaEdit::Rally { unit: Id(21) });
    assert!(
        text(&err).contains("Ben Trupp 1 of Ben is not fleeing"),
        "{err}"
    );
}

#[test]
fn a_fleeing_unit_rallies_only_in_its_players_turn_or_is_removed() {
    let (mut g, mut table) = started();
    // Anna wins; Ben's unit flees (rolls 12), Anna stays.
    fight(
        &mut g,
        &mut table,
        vec![side(0, 3, &[(11, 0)]), side(1, 0, &[(21, 3)])],
        &[Answer::Dice(vec![6, 6]), Answer::Choice(1)],
    );
    assert!(matches!(
        state(&g, 21).status,
        UnitStatus::Fleeing { round: 1, .. }
    ));
    let err = refused(&mut g, &mut table, FfaEdit::Rally { unit: Id(21) });
    assert!(
        matches!(&err, PlayError::Refused { rule: Some(r), .. } if r == "PF1"),
        "{err:?}"
    );
    assert!(
        text(&err).contains("in Ben's own turn, not in Anna's"),
        "{err}"
    );
    ok(&mut g, &mut table, FfaEdit::TypeDraw { seat: 1 });
    assert_eq!(g.combat_offer().unwrap().fleeing, [Id(21)]);
    ok(&mut g, &mut table, FfaEdit::RemoveUnit { unit: Id(21) });
    assert_eq!(
        state(&g, 21).status,
        UnitStatus::Removed {
            round: 1,
            turn_of: 1
        }
    );
    assert_eq!(state(&g, 21).models_left, 7);
    let err = refused(&mut g, &mut table, FfaEdit::RemoveUnit { unit: Id(21) });
    assert!(
        text(&err).contains("taken off the table in round 1"),
        "{err}"
    );
    assert!(g.problems(&table).is_empty(), "{:?}", g.problems(&table));
}

#[test]
fn a_turn_ends_only_with_its_combats_applied() {
    let (mut g, mut table) = started();
    ok(
        &mut g,
        &mut table,
        FfaEdit::StartCombat {
            sides: vec![side(0, 1, &[(11, 0)]), side(1, 0, &[(21, 1)])],
        },
    );
    let err = refused(&mut g, &mut table, FfaEdit::TypeDraw { seat: 1 });
    assert!(text(&err).contains("not applied yet"), "{err}");
    refused(&mut g, &mut table, FfaEdit::StartDraw);
    // Its units take no other losses meanwhile.
    let err = refused(
        &mut g,
        &mut table,
        FfaEdit::RecordLosses {
            unit: Id(21),
            lost: 1,
            by: None,
        },
    );
    assert!(text(&err).contains("not applied yet"), "{err}");
    // Nor is the turn taken back under it.
    let err = refused(&mut g, &mut table, FfaEdit::TakeBackDraw);
    assert!(text(&err).contains("cannot be taken back"), "{err}");
}

#[test]
fn an_army_keeps_the_units_that_have_a_history() {
    let (mut g, mut table) = started();
    ok(
        &mut g,
        &mut table,
        FfaEdit::RecordLosses {
            unit: Id(11),
            lost: 2,
            by: Some(1),
        },
    );
    let mut army = g.players()[0].army.clone();
    army[0].models = 12;
    let err = refused(
        &mut g,
        &mut table,
        FfaEdit::SetArmy {
            seat: 0,
            units: army.clone(),
        },
    );
    assert!(
        text(&err).contains("Anna Trupp 1 of Anna has a history"),
        "{err}"
    );
    // Other units may still change; the new one starts at full strength.
    let mut army = g.players()[0].army.clone();
    army[1].models = 8;
    army.push(crate::common::unit(13, "Scouts", 5, 8, 4));
    ok(
        &mut g,
        &mut table,
        FfaEdit::SetArmy {
            seat: 0,
            units: army,
        },
    );
    assert_eq!(state(&g, 11).models_left, 8);
    assert_eq!(state(&g, 12).models_left, 8);
    assert_eq!(state(&g, 13).models_left, 5);
    assert!(g.problems(&table).is_empty(), "{:?}", g.problems(&table));
}
