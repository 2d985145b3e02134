//! Artillery: firing modifiers, zone shots (C6) with deviation and template
//! hits for light and heavy, penetration chains (C7).

#![expect(
    clippy::unwrap_used,
    reason = "a test fails loudly on an unexpected error"
)]

use approx::assert_abs_diff_eq;
use feldherr_confrontation::{
    ArtilleryClass, Fate, FerTest, FireResult, Model, PenetratingShot, PenetrationStop, Victim,
    WoundTable, ZoneShot, models_on_line,
};
use feldherr_confrontation::{deviate, deviation_distance_cm};
use feldherr_dice::Dice;
use feldherr_dice::step::Driver;
use feldherr_geometry::Point;

fn fig(name: &str, x: f64, y: f64, level: i32) -> Model {
    Model {
        victim: Victim::figure(name, 3),
        center: Point::new(x, y),
        radius: 1.25,
        level,
    }
}

fn models() -> Vec<Model> {
    vec![
        fig("target", 50.0, 0.0, 0),
        fig("b", 53.0, 0.0, 0),
        fig("c", 70.0, 0.0, 0),
    ]
}

fn shot(class: ArtilleryClass, strength: i32, models: Vec<Model>, target_level: i32) -> ZoneShot {
    let mut models = models;
    models[0].level = target_level;
    ZoneShot::new(
        class,
        strength,
        FerTest::new(3, 7, 0).unwrap(),
        Point::new(0.0, 0.0),
        0,
        0,
        models,
        10.0,
        WoundTable::default(),
    )
    .unwrap()
}

/// Model index, hit roll, STR.
type Row = (usize, Option<u32>, Option<i32>);

/// Runs `s` with `dice` and returns (model, hit roll, strength) per model under the template.
fn check(s: ZoneShot, dice: &[&[u32]], expected: (FireResult, Vec<Row>)) {
    let mut d = Driver::new(s);
    for f in dice {
        d.answer_dice(f.to_vec()).unwrap();
    }
    let out = d.outcome().unwrap();
    let got: Vec<_> = out
        .hits
        .iter()
        .map(|h| (h.model, h.hit_roll, h.strength))
        .collect();
    assert_eq!((out.fire, got), expected);
}

#[test]
fn deviation_distances_and_directions() {
    let cms: Vec<f64> = (1..=6).map(|f| deviation_distance_cm(f).unwrap()).collect();
    assert_eq!(cms, vec![4.0, 6.0, 8.0, 10.0, 12.0, 14.0]);
    let (t, s) = (Point::new(50.0, 0.0), Point::new(0.0, 0.0));
    let p = |f| deviate(t, s, f, 10.0).unwrap();
    assert_abs_diff_eq!(p(1).x, 60.0, epsilon = 1e-9); // away from the shooter
    assert_abs_diff_eq!(p(4).x, 40.0, epsilon = 1e-9); // back towards him
    assert_abs_diff_eq!(p(2).y, -10.0 * 3f64.sqrt() / 2.0, epsilon = 1e-9); // clockwise
    assert_abs_diff_eq!(p(6).y, 10.0 * 3f64.sqrt() / 2.0, epsilon = 1e-9);
}

#[test]
fn light_direct_hit_and_others_on_4_at_half_strength() {
    // FER 3 + 5 >= 7: hit; target at full STR 7; b rolls 4: hit at 4 (7/2 up); c not under.
    check(
        shot(ArtilleryClass::Light, 7, models(), 0),
        &[&[5], &[3, 4], &[4], &[1, 2]],
        (
            FireResult::Hit,
            vec![(0, None, Some(7)), (1, Some(4), Some(4))],
        ),
    );
    // b rolls 3: spared.
    check(
        shot(ArtilleryClass::Light, 7, models(), 0),
        &[&[5], &[3, 4], &[3]],
        (
            FireResult::Hit,
            vec![(0, None, Some(7)), (1, Some(3), None)],
        ),
    );
}

#[test]
fn heavy_others_on_3_at_full_strength() {
    check(
        shot(ArtilleryClass::Heavy, 10, models(), 0),
        &[&[6], &[2], &[3, 4], &[3], &[1, 2]],
        (
            FireResult::Hit,
            vec![(0, None, Some(10)), (1, Some(3), Some(10))],
        ),
    );
}

#[test]
fn miss_deviates_and_the_target_rolls_too() {
    // FER 3 + 2 = 5 < 7: deviates 4 cm (face 1) away: centre (54, 0).
    let s = shot(ArtilleryClass::Light, 7, models(), 0);
    let mut d = Driver::new(s);
    for f in [vec![2], vec![1], vec![1], vec![3], vec![6], vec![2, 2]] {
        d.answer_dice(f).unwrap();
    }
    let out = d.outcome().unwrap();
    assert_eq!(out.center, Some(Point::new(54.0, 0.0)));
    assert_eq!(out.deviation, Some((4.0, 1)));
    assert_eq!(out.hits[0].hit_roll, Some(3)); // the aimed target rolls too: spared
    assert_eq!(out.hits[1].strength, Some(4));
    // A jam: a natural 1.
    check(
        shot(ArtilleryClass::Light, 7, models(), 0),
        &[&[1]],
        (FireResult::Jammed, vec![]),
    );
}

#[test]
fn missing_a_target_on_another_level_falls_to_the_ground() {
    // Target on level 1 missed: only level-0 models under the template count.
    let s = shot(ArtilleryClass::Heavy, 10, models(), 1);
    let mut d = Driver::new(s);
    for f in [vec![2], vec![1], vec![1], vec![5], vec![1, 2]] {
        d.answer_dice(f).unwrap();
    }
    let out = d.outcome().unwrap();
    assert_eq!(out.hits.len(), 1);
    assert_eq!(out.hits[0].model, 1);
}

#[test]
fn fer_test_odds_by_hand_and_monte_carlo() {
    // FER 3 vs 7: needs 4+ on the die: 4 or 5 (2/6), or a 6 whose chain of
    // re-rolls ends on 2-5 rather than a fumbling 1: 1/6 x 4/5.
    // With zone ammunition a natural 1 jams (C6); otherwise it misses.
    for (jams, jammed) in [(true, 1.0 / 6.0), (false, 0.0)] {
        let t = FerTest::new(3, 7, 0).unwrap().jamming(jams);
        let d = t.distribution();
        assert_abs_diff_eq!(d.prob_of(&FireResult::Jammed), jammed, epsilon = 1e-12);
        assert_abs_diff_eq!(
            d.prob_of(&FireResult::Hit),
            2.0 / 6.0 + 4.0 / 30.0,
            epsilon = 1e-9
        );
        let mut dice = Dice::seeded(11);
        feldherr_dice::monte_carlo::check(&d, 40_000, || t.roll(&mut dice)).unwrap();
    }
}

/// Text line 448: "Wird beim FER-Test eine 1 gewürfelt, blockiert die
/// Waffe" stands under "FLÄCHENWIRKSAME GESCHOSSE" (line 442): only zone
/// ammunition jams. With penetrating ammunition a natural 1 is the core
/// rules' fumble: the shot misses and the weapon keeps working.
#[test]
fn a_natural_1_jams_zone_ammunition_only() {
    let penetrating = FerTest::new(3, 5, 0).unwrap();
    assert!(!penetrating.jams());
    assert_eq!(penetrating.evaluate(&[1]).unwrap(), FireResult::Missed);
    assert_eq!(
        penetrating.jamming(true).evaluate(&[1]).unwrap(),
        FireResult::Jammed
    );
    // A 1 after a 6 is a fumble, never a jam (only the first die jams).
    assert_eq!(
        penetrating.jamming(true).evaluate(&[6, 1]).unwrap(),
        FireResult::Missed
    );
    // A zone shot jams on a 1 whatever test it was given.
    check(
        ZoneShot::new(
            ArtilleryClass::Light,
            7,
            FerTest::new(3, 7, 0).unwrap(),
            Point::new(0.0, 0.0),
            0,
            0,
            models(),
            10.0,
            WoundTable::default(),
        )
        .unwrap(),
        &[&[1]],
        (FireResult::Jammed, vec![]),
    );
}

/// Every FER prompt says what the dice must show, and the log says why the
/// test ended as it did.
#[test]
fn the_fer_prompt_says_what_is_needed_and_the_log_why() {
    use feldherr_dice::step::{MessageArg, Prompt};
    let t = FerTest::new(3, 8, -1).unwrap();
    // The die result must reach 8 - 3 = 5; with -1 on it the dice need 6.
    assert_eq!(t.need(), 6);
    let mut d = Driver::new(rolled_fer(t));
    let Some(Prompt::Roll(r)) = d.prompt() else {
        panic!("a roll")
    };
    let m = r.message.clone().unwrap();
    assert_eq!(m.key, "conf.roll.fer_need");
    assert!(m.args.contains(&("need".to_owned(), MessageArg::Int(6))));
    d.answer_dice(vec![4]).unwrap();
    let last = d.log().last().unwrap();
    assert_eq!(last.text, "FER test: 4 - 1 + FER 3 = 6 < 8: missed");
    assert_eq!(
        last.message.as_ref().map(|m| m.key.as_str()),
        Some("conf.log.fer.missed")
    );
    // A 6 re-rolls: the second prompt says what is still needed.
    let mut d = Driver::new(rolled_fer(FerTest::new(3, 14, 0).unwrap()));
    d.answer_dice(vec![6]).unwrap();
    let Some(Prompt::Roll(r)) = d.prompt() else {
        panic!("a re-roll")
    };
    assert!(
        r.purpose.starts_with("FER test: 5+ needed"),
        "{}",
        r.purpose
    );
    d.answer_dice(vec![5]).unwrap();
    assert_eq!(
        d.log().last().unwrap().text,
        "FER test: 6 + 5 + FER 3 = 14 >= 14: on target"
    );
}

/// A FER test as a resolver, for the tests.
#[derive(Debug, Clone)]
struct FerOnly(FerTest);

impl feldherr_dice::step::Resolver for FerOnly {
    type Outcome = FireResult;
    fn title(&self) -> String {
        "FER".into()
    }
    fn resolve(
        &self,
        steps: &mut feldherr_dice::step::Steps<'_>,
    ) -> Result<FireResult, feldherr_dice::step::Pending> {
        self.0.resolve(steps, "C7")
    }
}

fn rolled_fer(t: FerTest) -> FerOnly {
    FerOnly(t)
}

fn line() -> Vec<Model> {
    vec![
        fig("first", 20.0, 0.0, 0),
        fig("second", 30.0, 0.0, 0),
        fig("out of range", 40.0, 0.0, 0),
        fig("aside", 30.0, 10.0, 0),
    ]
}

#[test]
fn penetration_chain_light_loses_2_and_stops() {
    assert_eq!(
        models_on_line(Point::new(0.0, 0.0), 0, 35.0, &line()).unwrap(),
        vec![1]
    );
    let s = PenetratingShot::new(
        ArtilleryClass::Light,
        10,
        Point::new(0.0, 0.0),
        0,
        35.0,
        line(),
        WoundTable::default(),
    )
    .unwrap();
    let mut d = Driver::new(s.clone());
    d.answer_dice(vec![6, 5]).unwrap(); // 11 + 10 - 3 = 18: killed
    d.answer_dice(vec![1, 2]).unwrap(); // 3 + 8 - 3 = 8: survives
    let out = d.outcome().unwrap();
    assert_eq!(
        out.hits.iter().map(|h| h.1).collect::<Vec<_>>(),
        vec![10, 8]
    );
    assert_eq!(out.stop, PenetrationStop::Stuck);
    let mut d = Driver::new(s);
    d.answer_dice(vec![6, 5]).unwrap();
    d.answer_dice(vec![6, 6]).unwrap(); // 12 + 8 - 3 = 17: killed, then range ends
    assert_eq!(d.outcome().unwrap().stop, PenetrationStop::RangeEnd);
    // Heavy loses nothing.
    let h = PenetratingShot::along(
        ArtilleryClass::Heavy,
        10,
        vec![0, 1, 2],
        line(),
        WoundTable::default(),
    )
    .unwrap();
    assert_eq!(h.strength_at(2), 10);
}

#[test]
fn a_destroyed_resistent_machine_stops_the_shot() {
    let mut ms = line();
    ms[0].victim = Victim::machine("wall", 5, 1, true);
    let s = PenetratingShot::along(
        ArtilleryClass::Heavy,
        10,
        vec![0, 1],
        ms,
        WoundTable::default(),
    )
    .unwrap();
    let mut d = Driver::new(s);
    d.answer_dice(vec![3, 5]).unwrap();
    let out = d.outcome().unwrap();
    assert_eq!(out.hits[0].2.fate, Fate::Destroyed);
    assert_eq!(out.stop, PenetrationStop::Stuck);
}

#[test]
fn bad_shots_are_refused() {
    let e = ZoneShot::new(
        ArtilleryClass::Light,
        7,
        FerTest::new(3, 7, 0).unwrap(),
        Point::new(0.0, 0.0),
        0,
        5,
        models(),
        10.0,
        WoundTable::default(),
    )
    .unwrap_err();
    assert_eq!(e.to_string(), "target: model 5 does not exist");
    assert_eq!(
        FerTest::new(25, 7, 0).unwrap_err().to_string(),
        "FER: 25 is not allowed (0 to 20)"
    );
}
