//! Sichel/X: which figures the blades touch along a path, the INI tests
//! (6, 8 in melee, 2 less with Sprung) and the wounds of STR X.

#![expect(
    clippy::unwrap_used,
    reason = "a test fails loudly on an unexpected error"
)]

use approx::assert_abs_diff_eq;
use feldherr_confrontation::ConfrontationRoll;
use feldherr_confrontation::{
    CharacteristicTest, Fate, HitEffect, SickleFigure, SickleRun, Victim, WoundLevel, WoundTable,
    blade_victims,
};
use feldherr_dice::Dice;
use feldherr_dice::step::{Driver, Prompt};
use feldherr_geometry::{Circle, Point, Polyline, Shape};

fn base(x: f64, y: f64) -> Shape {
    Shape::Circle(Circle::new(Point::new(x, y), 1.25).unwrap())
}

/// A 4 x 6 cm machine with 1 cm blades drives its centre along `points`.
fn check(points: &[(f64, f64)], figures: &[(f64, f64)], expected: &[usize]) {
    let path = Polyline::new(points.iter().map(|&(x, y)| Point::new(x, y)).collect()).unwrap();
    let shapes: Vec<Shape> = figures.iter().map(|&(x, y)| base(x, y)).collect();
    assert_eq!(
        blade_victims(4.0, 6.0, 1.0, &path, &shapes).unwrap(),
        expected,
        "{points:?} {figures:?}"
    );
}

#[test]
fn figures_touched_by_the_blades() {
    let straight = [(0.0, 0.0), (20.0, 0.0)];
    // Side strips cover 2..3 cm from the centre line; a 1.25 cm base touches
    // up to 4.25 cm away.
    check(&straight, &[(10.0, 4.0)], &[0]);
    check(&straight, &[(10.0, -4.25)], &[0]);
    check(&straight, &[(10.0, 4.3)], &[]);
    check(&straight, &[(10.0, -6.0)], &[]);
    // Ahead of the front corner at the end (23 cm + 1.25): not touched.
    check(&straight, &[(25.0, 3.0)], &[]);
    // Behind the rear corner at the start (-3 cm - 1.25): just touched at -4.25.
    check(&straight, &[(-4.25, 3.0)], &[0]);
    // Several figures, index order; a figure on the centre line is in front
    // of the machine (a collision, not a blade).
    check(
        &straight,
        &[(5.0, 3.5), (30.0, 0.0), (15.0, -3.0), (10.0, 9.0)],
        &[0, 2],
    );
    // A bend: the second leg goes up along x = 20.
    let bend = [(0.0, 0.0), (20.0, 0.0), (20.0, 20.0)];
    check(&bend, &[(23.5, 12.0), (16.5, 12.0), (10.0, 12.0)], &[0, 1]);
    // The pivot: a wide machine (10 x 4 cm) turning left by 90 deg at
    // (20, 0) swings its right blade through a figure outside the bend that
    // neither straight stretch reaches (6 cm out at -45 deg).
    let bend_path = Polyline::new(vec![
        Point::new(0.0, 0.0),
        Point::new(20.0, 0.0),
        Point::new(20.0, 20.0),
    ])
    .unwrap();
    let out = |r: f64| {
        let a = (-45.0f64).to_radians();
        Shape::Circle(Circle::new(Point::new(20.0 + r * a.cos(), r * a.sin()), 0.2).unwrap())
    };
    assert_eq!(
        blade_victims(10.0, 4.0, 1.0, &bend_path, &[out(6.0), out(7.0)]).unwrap(),
        vec![0]
    );
    // Bad sizes are refused.
    let p = Polyline::new(vec![Point::new(0.0, 0.0), Point::new(1.0, 0.0)]).unwrap();
    assert!(blade_victims(-1.0, 6.0, 1.0, &p, &[]).is_err());
}

fn fig(name: &str, ini: i32, in_melee: bool, sprung: bool) -> SickleFigure {
    SickleFigure {
        victim: Victim::figure(name, 3),
        ini,
        in_melee,
        sprung,
        die_modifier: 0,
    }
}

#[test]
fn difficulties() {
    assert_eq!(fig("a", 3, false, false).difficulty(), 6);
    assert_eq!(fig("a", 3, true, false).difficulty(), 8);
    assert_eq!(fig("a", 3, false, true).difficulty(), 4);
    assert_eq!(fig("a", 3, true, true).difficulty(), 6);
}

#[test]
fn each_touched_figure_tests_and_failures_are_wounded() {
    let run = SickleRun::new(
        5,
        vec![fig("goblin", 3, false, false), fig("dwarf", 2, true, false)],
        WoundTable::default(),
    )
    .unwrap();
    let mut d = Driver::new(run);
    // Goblin: INI 3 + 3 = 6 >= 6 passes. The first die comes with odds.
    match d.prompt() {
        Some(Prompt::Roll(r)) => assert_eq!(r.odds.len(), 2),
        other => panic!("expected a roll, got {other:?}"),
    }
    d.answer_dice(vec![3]).unwrap();
    // Dwarf in melee: INI 2 + 5 = 7 < 8 fails, then a wound STR 5 vs RES 3.
    d.answer_dice(vec![5]).unwrap();
    d.answer_dice(vec![4, 5]).unwrap(); // 9 + 5 - 3 = 11: critical
    let out = d.outcome().unwrap();
    assert!(out[0].passed && out[0].hit.is_none());
    assert!(!out[1].passed);
    let hit = out[1].hit.unwrap();
    assert_eq!(hit.effect, HitEffect::Wound(WoundLevel::Critical));
    assert_eq!(hit.fate, Fate::Survives);
    assert!(d.log().iter().any(|s| s.rule.as_deref() == Some("Sichel")));
    // A 6 re-rolls: INI 2 in melee passes with 6 then 1? No: a 1 on a
    // re-roll is a fumble without a counts-as-6 ability.
    let run = SickleRun::new(5, vec![fig("x", 2, true, false)], WoundTable::default()).unwrap();
    let mut d = Driver::new(run);
    d.answer_dice(vec![6]).unwrap();
    d.answer_dice(vec![1]).unwrap();
    d.answer_dice(vec![1, 2]).unwrap();
    assert!(!d.outcome().unwrap()[0].passed);
    assert!(SickleRun::new(0, vec![], WoundTable::default()).is_err());
}

#[test]
fn ini_test_odds_by_hand_and_monte_carlo() {
    // INI 2 against 8: needs a 6, then no fumble on the re-roll chain. After
    // a 6 a 1 fumbles, 2-5 pass, a 6 rolls again: r = 4/6 + r/6, r = 4/5.
    // So 1/6 x 4/5 = 2/15.
    let t = CharacteristicTest::new("INI", 2, 8, ConfrontationRoll::standard()).unwrap();
    assert_abs_diff_eq!(t.pass_probability(), 2.0 / 15.0, epsilon = 1e-12);
    // INI 3 against 4 (Sprung): 2-5 pass, a 6 re-rolls and then passes
    // unless the chain ends in a 1: 4/6 + 1/6 x 4/5 = 4/5.
    let t4 = CharacteristicTest::new("INI", 3, 4, ConfrontationRoll::standard()).unwrap();
    assert_abs_diff_eq!(t4.pass_probability(), 4.0 / 5.0, epsilon = 1e-12);
    let run = SickleRun::new(5, vec![fig("x", 2, true, false)], WoundTable::default()).unwrap();
    let d = run.test(0).unwrap().distribution();
    let mut dice = Dice::seeded(11);
    // The roll itself, many times; the whole resolver a few thousand times.
    let test = run.test(0).unwrap();
    feldherr_dice::monte_carlo::check(&d, 30_000, || test.roll(&mut dice, "Sichel")).unwrap();
    feldherr_dice::monte_carlo::check(&d, 3_000, || {
        let mut drv = Driver::new(run.clone());
        drv.run_to_end(&mut dice, |_| 0).map(|o| o[0].passed)
    })
    .unwrap();
}
