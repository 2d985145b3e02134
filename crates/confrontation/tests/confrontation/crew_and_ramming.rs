//! Crews (C3) and ramming (C5): the text's examples, capture at 9.9 and
//! 10.1 cm, exact odds against hand values and Monte Carlo.

#![expect(
    clippy::unwrap_used,
    reason = "a test fails loudly on an unexpected error"
)]

use approx::assert_abs_diff_eq;
use feldherr_confrontation::crew::{
    Captor, Role, Server, capture, immobile_move, may_fire, may_move, movers,
};
use feldherr_confrontation::{
    AuxiliaryRequirement, Fate, HitEffect, Impetus, Ramming, Victim, WoundLevel, WoundTable,
    collision_strength, fate_distribution,
};
use feldherr_dice::Dice;
use feldherr_dice::step::{Driver, Prompt};

fn check(gew: u32, movers: &[u32], expected: (u32, u32, u32)) {
    let m = immobile_move(gew, movers, 4).unwrap();
    assert_eq!(
        (m.penalty, m.walk_cm, m.run_cm),
        expected,
        "GEW {gew}, movers {movers:?}"
    );
}

#[test]
fn ballista_example() {
    // C3: GEW 8, BEW 10: one mover -8 (2 cm, 4 cm running), two -6, three -4.
    check(8, &[10], (8, 2, 4));
    check(8, &[10, 10], (6, 4, 8));
    check(8, &[10, 10, 10], (4, 6, 12));
    check(8, &[10, 10, 10, 10], (2, 8, 16));
    check(8, &[10, 7], (6, 1, 2)); // the slowest counts
    check(3, &[10, 10, 10], (0, 10, 20)); // X never below 0
    assert_eq!(
        immobile_move(8, &[10; 5], 4).unwrap_err().to_string(),
        "movers: 5 is not allowed (1 to as many crew as may touch the machine)"
    );
    assert!(immobile_move(8, &[], 4).is_err());
}

#[test]
fn firing_and_moving_crew() {
    let ok = Server {
        role: Role::Crew,
        in_contact: true,
        engaged: false,
        fleeing: false,
        moved: false,
    };
    let busy = Server {
        engaged: true,
        ..ok
    };
    let fled = Server {
        fleeing: true,
        ..ok
    };
    let aux = Server {
        role: Role::Auxiliary,
        ..ok
    };
    assert!(may_fire(1, &[busy, aux]).is_ok());
    assert_eq!(
        may_fire(2, &[busy, fled, aux]).unwrap_err().to_string(),
        "not allowed (C3): 1 figure(s) serve the machine, BES needs 2"
    );
    assert_eq!(
        movers(&[(ok, 10), (aux, 12), (busy, 8), (ok, 9)]),
        vec![10, 9]
    );
    assert!(may_move(Role::Crew).is_ok());
    assert!(may_move(Role::Auxiliary).is_err());
}

#[test]
fn capture_at_9_9_and_10_1_cm() {
    let req = AuxiliaryRequirement {
        min_fer: Some(3),
        min_dis: Some(3),
    };
    let thallion = Captor {
        fer: Some(4),
        dis: Some(3),
        engaged: false,
    };
    let dirz = Captor {
        fer: Some(3),
        dis: Some(2),
        engaged: false,
    };
    assert!(capture(1, &req, &[10.1, 15.0], &[thallion]).is_ok());
    assert_eq!(
        capture(1, &req, &[9.9], &[thallion])
            .unwrap_err()
            .to_string(),
        "not allowed (capture): a figure of the holding side is 9.9 cm away (10 cm or closer)"
    );
    assert!(capture(1, &req, &[10.0], &[thallion]).is_err());
    assert_eq!(
        capture(1, &req, &[10.1], &[dirz]).unwrap_err().to_string(),
        "not allowed (capture): 0 qualified figure(s) in contact, BES needs 1"
    );
    assert!(capture(2, &req, &[], &[thallion, dirz]).is_err());
    assert!(capture(2, &req, &[], &[thallion, thallion]).is_ok());
}

#[test]
fn ramming_examples() {
    assert_eq!(collision_strength(3, Impetus::Distance(23.0)).unwrap(), 9);
    assert_eq!(
        collision_strength(3, Impetus::SpeedMarker { bew: 20 }).unwrap(),
        12
    );
    assert_eq!(collision_strength(3, Impetus::Distance(20.0)).unwrap(), 6);
    assert_eq!(collision_strength(3, Impetus::Distance(4.0)).unwrap(), 3);
    assert_eq!(
        collision_strength(2, Impetus::SpeedMarker { bew: 12 }).unwrap(),
        6
    );
    assert!(collision_strength(0, Impetus::Distance(4.0)).is_err());
    assert!(collision_strength(3, Impetus::Distance(-1.0)).is_err());
}

#[test]
fn collision_doubles_are_not_criticals_and_chain_stops() {
    let table = WoundTable::default();
    // A machine hit by a collision: 6-6 reads the table (STR 9 + 12 - RES 14 = 7,
    // Motor: 3 SP), not a critical's 4.
    let tank = Victim::machine("tank", 14, 8, false);
    let mut d = Driver::new(
        Ramming::new(
            3,
            Impetus::Distance(23.0),
            vec![tank],
            vec![],
            table.clone(),
        )
        .unwrap(),
    );
    d.answer_dice(vec![6, 6]).unwrap();
    let out = d.outcome().unwrap();
    assert_eq!(
        out.hits[0].result.effect,
        HitEffect::Sp { lost: 3, left: 5 }
    );
    // The chain: the first goblin dies (9 + 10 - 3 = 16: killed), the machine
    // drives on, the second survives and stops it; the third is never hit.
    let g = |n: &str| Victim::figure(n, 3);
    let mut d = Driver::new(
        Ramming::new(
            3,
            Impetus::Distance(23.0),
            vec![g("a")],
            vec![g("b"), g("c")],
            table.clone(),
        )
        .unwrap(),
    );
    d.answer_dice(vec![4, 6]).unwrap();
    assert!(matches!(d.prompt(), Some(Prompt::Choice(_))));
    d.answer_choice(1).unwrap();
    d.answer_dice(vec![1, 2]).unwrap(); // 3 + 9 - 3 = 9: serious
    let out = d.outcome().unwrap();
    assert_eq!(out.strength, 9);
    assert_eq!(out.hits.len(), 2);
    assert_eq!(out.hits[1].result.fate, Fate::Survives);
    assert!(!out.drove_through);
    assert!(
        d.log()
            .iter()
            .all(|s| s.rule.as_deref().is_none_or(|r| r == "C5"))
    );
    // Counter-collision against a charger: STR 12.
    let c = Ramming::counter(3, 20, g("charger"), table).unwrap();
    assert_eq!(c.strength(), 12);
}

#[test]
fn collision_odds_by_hand_and_monte_carlo() {
    let table = WoundTable::default();
    // STR 9 against RES 3: killed on 2D6 + 6 >= 16, i.e. 10+: 6/36.
    let goblin = Victim::figure("goblin", 3);
    let d = fate_distribution(9, &goblin, &table, false);
    assert_abs_diff_eq!(d.prob_of(&Fate::Killed), 6.0 / 36.0, epsilon = 1e-12);
    let r = Ramming::new(3, Impetus::Distance(23.0), vec![goblin], vec![], table).unwrap();
    let mut dice = Dice::seeded(5);
    let res = feldherr_dice::monte_carlo::check(&d, 30_000, || {
        let mut drv = Driver::new(r.clone());
        drv.run_to_end(&mut dice, |_| 0)
            .map(|o| o.hits[0].result.fate)
    });
    res.unwrap();
    let _ = WoundLevel::Killed;
}
