//! Exact odds checked against Monte Carlo, for every resolver of the crate
//! and every roll that offers odds.
//!
//! Each test does two things:
//!
//! 1. The odds on the resolver's first prompt (what the user sees before
//!    the first die) sum to 1 and give every label the exact probability,
//!    computed here by enumerating the dice faces or taken from the exact
//!    distribution the crate offers.
//! 2. The real resolver, driven through [`Driver`] with seeded random dice
//!    ([`drive_random`]; every prompt's odds must sum to 1 on the way),
//!    gives outcome frequencies within `feldherr_dice::monte_carlo::Z`
//!    standard errors of the exact distribution.
//!
//! | resolver or roll | exact distribution | samples per case |
//! |---|---|---|
//! | `DamageRoll` (sacred, collision) | `distribution()`, checked against the 36 faces | 10 000 |
//! | `WoundRoll` | `distribution()`, checked against the 36 faces | 5 000 |
//! | `FerTest` (also counter-fire's) | `distribution()`, checked against `ConfrontationRoll` | 12 000 |
//! | `CharacteristicTest` (INI, beloved, damned) | `distribution()`, checked against `ConfrontationRoll` | 10 000 |
//! | Fechtmeister, beloved, damned rolls | `ConfrontationRoll::distribution()` | 20 000 |
//! | `ZoneShot` (also zone counter-fire) | `ZoneShot::distribution()` | 3 000 |
//! | `PenetratingShot` | `PenetratingShot::distribution()` | 2 000 |
//! | `PenetratingCounterFire` | `PenetratingCounterFire::distribution()` | 4 000 |
//! | `PressureResolution` | `distribution()` | 3 000 |
//! | `TotalFailureCheck` | the six faces | 20 000 |
//! | `SickleRun` | INI tests and wounds composed here | 4 000 |
//! | `PassengerWounds` | wound rolls composed here | 2 000 |
//! | `InstabilRoll` | `InstabilRoll::distribution()`, checked by hand | 12 000 |
//! | `Repair` | the six faces | 15 000 |
//! | `Ramming` (drive on, stop) | collisions composed here | 2 000 |
//!
//! Finte and Konzentration roll no dice and offer no odds: nothing to check.
//! The Fechtmeister and gods' rolls are not resolvers of their own; they are
//! sampled through [`ConfrontationRoll::roll`] with the dice as roller (the
//! call every resolver makes), because their step-by-step odds are rebuilt
//! from scratch by the dice crate at every replay. Sample counts keep each
//! test well under a second in a debug build: the driver replays the
//! resolution after every answer, and every replay asks for the odds again.
//! The composite resolutions get the fewest samples; their parts (damage,
//! wound, FER and INI rolls) are checked with many more.

#![expect(
    clippy::unwrap_used,
    reason = "a test fails loudly on an unexpected error"
)]

use std::collections::BTreeMap;
use std::fmt::Debug;

use feldherr_confrontation::ConfrontationResult::Total;
use feldherr_confrontation::ConfrontationRoll;
use feldherr_confrontation::abilities::{Luck, attack_roll, defence_roll, roll_for};
use feldherr_confrontation::{
    Access, ArtilleryClass, CharacteristicTest, CounterFire, DamageRoll, Fate, FerTest, FireResult,
    HitEffect, Hold, Impetus, Incident, InstabilOutcome, InstabilRoll, Instability, Model,
    Passenger, PassengerWounds, PenetratingCounterFire, PenetratingShot, PressureResolution,
    Ramming, Repair, RepairResult, SickleFigure, SickleRun, Size, SteamMarkers, SteamOutcome,
    TotalFailureCheck, Victim, WoundLevel, WoundRoll, WoundTable, ZoneShot, fate_distribution,
};
use feldherr_dice::step::{ChoiceRequest, Driver, Pending, Prompt, Resolver, Steps};
use feldherr_dice::{Dice, Dist, OddsLine};
use feldherr_geometry::Point;

// ---------------------------------------------------------------------------
// The shared machinery.

/// Runs `resolver` to its end with random `dice`, answering each choice
/// with `choose` (`None`: the resolver was not expected to ask). Every
/// prompt that shows odds must show odds summing to 1.
fn drive<R: Resolver>(
    resolver: R,
    dice: &mut Dice,
    mut choose: impl FnMut(&ChoiceRequest) -> Option<usize>,
) -> Result<R::Outcome, String>
where
    R::Outcome: Clone,
{
    let mut driver = Driver::new(resolver);
    loop {
        let answered = match driver.prompt() {
            None => break,
            Some(Prompt::Roll(request)) => {
                sums_to_one(&request.odds).map_err(|e| format!("{}: {e}", request.purpose))?;
                driver.roll_random(dice)
            }
            Some(Prompt::Choice(request)) => {
                let index = choose(request)
                    .ok_or_else(|| format!("unexpected choice: {}", request.question))?;
                driver.answer_choice(index)
            }
        };
        answered.map_err(|e| e.to_string())?;
    }
    match (driver.outcome(), driver.error()) {
        (Some(outcome), _) => Ok(outcome.clone()),
        (None, Some(e)) => Err(e.to_string()),
        (None, None) => Err("the resolution neither ended nor failed".into()),
    }
}

/// Runs a resolver that asks no choices to its end with random `dice`.
fn drive_random<R: Resolver>(resolver: R, dice: &mut Dice) -> Result<R::Outcome, String>
where
    R::Outcome: Clone,
{
    drive(resolver, dice, |_| None)
}

fn sums_to_one(odds: &[OddsLine]) -> Result<(), String> {
    let total: f64 = odds.iter().map(|l| l.probability).sum();
    if odds.is_empty() || (total - 1.0).abs() < 1e-9 {
        Ok(())
    } else {
        Err(format!("odds sum to {total}"))
    }
}

/// `n` outcomes of `resolver` (a fresh copy each run) from seed `seed`,
/// each reduced by `project`, choices answered by `choose`.
fn sample_choosing<R, T>(
    resolver: &R,
    n: usize,
    seed: u64,
    mut choose: impl FnMut(&ChoiceRequest) -> Option<usize>,
    project: impl Fn(&R::Outcome) -> T,
) -> Vec<T>
where
    R: Resolver + Clone,
    R::Outcome: Clone,
{
    let mut dice = Dice::seeded(seed);
    (0..n)
        .map(|_| {
            let outcome = drive(resolver.clone(), &mut dice, &mut choose).unwrap();
            project(&outcome)
        })
        .collect()
}

/// `n` outcomes of a resolver that asks no choices.
fn sample<R, T>(resolver: &R, n: usize, seed: u64, project: impl Fn(&R::Outcome) -> T) -> Vec<T>
where
    R: Resolver + Clone,
    R::Outcome: Clone,
{
    let mut dice = Dice::seeded(seed);
    (0..n)
        .map(|_| project(&drive_random(resolver.clone(), &mut dice).unwrap()))
        .collect()
}

/// The sampled frequencies of `samples` match `exact` (Monte Carlo check).
fn matches<T: Ord + Clone + Debug>(what: &str, exact: &Dist<T>, samples: &[T]) {
    assert!(
        (exact.total() - 1.0).abs() < 1e-9,
        "{what}: exact odds sum to {}",
        exact.total()
    );
    let mut next = samples.iter();
    let checked = feldherr_dice::monte_carlo::check(exact, samples.len(), || {
        next.next().cloned().ok_or("ran out of samples")
    });
    if let Err(problems) = checked {
        panic!("{what}:\n{problems}");
    }
}

/// A roll that is no resolver of its own (FER test, characteristic test,
/// Confrontation roll), run as one.
#[derive(Clone)]
struct Rolled<F>(F);

fn rolled<O, F: Fn(&mut Steps<'_>) -> Result<O, Pending>>(f: F) -> Rolled<F> {
    Rolled(f)
}

impl<O, F: Fn(&mut Steps<'_>) -> Result<O, Pending>> Resolver for Rolled<F> {
    type Outcome = O;

    fn title(&self) -> String {
        "a single roll".into()
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<O, Pending> {
        (self.0)(steps)
    }
}

/// The exact odds of `dist` as labelled lines.
fn labelled<T: Ord + Clone>(dist: &Dist<T>, label: impl Fn(&T) -> String) -> Vec<(String, f64)> {
    dist.iter().map(|(v, p)| (label(v), p)).collect()
}

fn by_label(lines: impl IntoIterator<Item = (String, f64)>) -> BTreeMap<String, f64> {
    let mut map = BTreeMap::new();
    for (label, p) in lines {
        *map.entry(label).or_insert(0.0) += p;
    }
    map.retain(|_, p| *p > 1e-15);
    map
}

/// The odds on `resolver`'s first prompt sum to 1 and give each label
/// exactly the probability in `exact`; `None` when it asks nothing.
fn first_odds<R: Resolver>(what: &str, resolver: R, exact: Option<Vec<(String, f64)>>) {
    let driver = Driver::new(resolver);
    let shown = match driver.prompt() {
        None => None,
        Some(Prompt::Roll(request)) => Some(request.odds.clone()),
        Some(Prompt::Choice(request)) => panic!("{what}: first prompt is a choice: {request:?}"),
    };
    let (Some(shown), Some(exact)) = (shown.clone(), exact.clone()) else {
        assert_eq!(shown.is_none(), exact.is_none(), "{what}: prompt {shown:?}");
        return;
    };
    sums_to_one(&shown).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert!(!shown.is_empty(), "{what}: the first prompt shows no odds");
    let shown = by_label(shown.into_iter().map(|l| (l.label, l.probability)));
    let exact = by_label(exact);
    assert_eq!(
        shown.keys().collect::<Vec<_>>(),
        exact.keys().collect::<Vec<_>>(),
        "{what}: labels"
    );
    for (label, p) in &exact {
        let q = shown.get(label).copied().unwrap_or(f64::NAN);
        assert!(
            (p - q).abs() < 1e-12,
            "{what}: {label}: shown {q}, exact {p}"
        );
    }
}

/// The exact distribution of `f` over one D6.
fn one_d6<T: Ord + Clone>(f: impl Fn(u32) -> T) -> Dist<T> {
    Dist::from_weights((1..=6).map(|a| (f(a), 1.0 / 6.0)))
}

/// The exact distribution of `f` over the 36 faces of 2D6.
fn two_d6<T: Ord + Clone>(f: impl Fn(u32, u32) -> T) -> Dist<T> {
    Dist::from_weights(
        (1..=6)
            .flat_map(|a| (1..=6).map(move |b| (a, b)))
            .map(|(a, b)| (f(a, b), 1.0 / 36.0)),
    )
}

fn same<T: Ord + Clone + Debug>(what: &str, a: &Dist<T>, b: &Dist<T>) {
    let keys = |d: &Dist<T>| {
        d.iter()
            .filter(|(_, p)| *p > 1e-15)
            .map(|(v, _)| v.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(keys(a), keys(b), "{what}: outcomes");
    for (v, p) in a.iter() {
        assert!(
            (p - b.prob_of(v)).abs() < 1e-12,
            "{what}: {v:?}: {p} against {}",
            b.prob_of(v)
        );
    }
}

/// The wound level odds of a wound roll, from its 36 faces (C8).
fn wound_levels(strength: i32, res: i32, table: &WoundTable) -> Vec<(String, f64)> {
    let roll = WoundRoll::new(strength, res, table.clone()).unwrap();
    let d = two_d6(|a, b| roll.evaluate(&[a, b]).unwrap().level);
    labelled(&d, ToString::to_string)
}

fn fire_label(f: &FireResult) -> String {
    format!("{f:?}").to_lowercase()
}

fn figure(name: &str, res: i32, x: f64, y: f64) -> Model {
    Model {
        victim: Victim::figure(name, res),
        center: Point::new(x, y),
        radius: 1.25,
        level: 0,
    }
}

// ---------------------------------------------------------------------------
// Damage and wounds (C1, C5, C8).

#[test]
fn damage_roll_sacred_and_collision() {
    let cases = [
        (
            "sacred STR 8 RES 8",
            DamageRoll::new(8, 8).unwrap().sacred(true),
        ),
        // A collision reads doubles off the table (C5).
        (
            "collision STR 12 RES 6",
            DamageRoll::new(12, 6).unwrap().criticals(false),
        ),
    ];
    for (seed, (what, roll)) in cases.into_iter().enumerate() {
        let exact = roll.distribution();
        same(
            what,
            &exact,
            &two_d6(|a, b| roll.evaluate(&[a, b]).unwrap().sp_lost),
        );
        first_odds(
            what,
            roll,
            Some(labelled(&exact, |sp| format!("{sp} SP lost"))),
        );
        matches(
            what,
            &exact,
            &sample(&roll, 10_000, seed as u64, |o| o.sp_lost),
        );
    }
}

#[test]
fn wound_roll_levels() {
    let custom = WoundTable::new(vec![(3, WoundLevel::Light), (9, WoundLevel::Killed)]).unwrap();
    for (seed, (s, r, table)) in [(10, 8, WoundTable::default()), (4, 6, custom)]
        .into_iter()
        .enumerate()
    {
        let what = format!("wound STR {s} RES {r}");
        let roll = WoundRoll::new(s, r, table.clone()).unwrap();
        let exact = roll.distribution();
        same(
            &what,
            &exact,
            &two_d6(|a, b| roll.evaluate(&[a, b]).unwrap().level),
        );
        first_odds(&what, roll.clone(), Some(wound_levels(s, r, &table)));
        matches(
            &what,
            &exact,
            &sample(&roll, 5_000, 10 + seed as u64, |w| w.level),
        );
    }
}

// ---------------------------------------------------------------------------
// Single rolls: FER tests (C6), characteristic tests, combat rolls.

#[test]
fn fer_tests() {
    let cf =
        CounterFire::place(Point::new(0.0, 0.0), 0, Point::new(30.0, 0.0), None, None).unwrap();
    let cases = [
        (
            "FER 3 vs 7, zone",
            FerTest::new(3, 7, 0).unwrap().jamming(true),
        ),
        // C2: -2 on the die; a 3 becomes 1, a fumble.
        ("FER 2 vs 6, -2", FerTest::new(2, 6, -2).unwrap()),
        ("FER 4 vs 9, +1", FerTest::new(4, 9, 1).unwrap()),
        ("counter-fire FER 3, -1", cf.fer_test(3, -1).unwrap()),
    ];
    let modifiers = [0, -2, 1, -1];
    for (seed, ((what, test), m)) in cases.into_iter().zip(modifiers).enumerate() {
        let exact = test.distribution();
        // The kept odds are the dice crate's, unchanged: a natural 1 fumbles,
        // a hit needs a total of difficulty - FER or more.
        let (fer, difficulty) = [(3, 7), (2, 6), (4, 9), (3, 6)][seed];
        let roll = ConfrontationRoll::standard().with_modifier(m).unwrap();
        let hit = roll
            .distribution()
            .prob(|r| matches!(r, Total(t) if t + fer >= difficulty));
        assert!(
            (exact.prob_of(&FireResult::Hit) - hit).abs() < 1e-12,
            "{what}"
        );
        // Only zone ammunition jams on a natural 1 (C6).
        let jammed = if test.jams() { 1.0 / 6.0 } else { 0.0 };
        assert!(
            (exact.prob_of(&FireResult::Jammed) - jammed).abs() < 1e-12,
            "{what}"
        );
        let r = rolled(move |steps: &mut Steps<'_>| test.roll(steps));
        first_odds(what, r.clone(), Some(labelled(&exact, fire_label)));
        matches(what, &exact, &sample(&r, 12_000, 20 + seed as u64, |f| *f));
    }
}

#[test]
fn characteristic_tests() {
    let cases = [
        ("INI 3 vs 6", ConfrontationRoll::standard(), 3, 6),
        (
            "INI 1 vs 8, -3",
            ConfrontationRoll::standard().with_modifier(-3).unwrap(),
            1,
            8,
        ),
        (
            "beloved INI 2 vs 9",
            roll_for(Luck::Beloved, 0).unwrap(),
            2,
            9,
        ),
        (
            "damned INI 4 vs 9",
            roll_for(Luck::Damned, 0).unwrap(),
            4,
            9,
        ),
    ];
    for (seed, (what, roll, value, difficulty)) in cases.into_iter().enumerate() {
        let test = CharacteristicTest::new("INI", value, difficulty, roll).unwrap();
        let exact = test.distribution();
        // The kept odds are the dice crate's, unchanged.
        let pass = roll.distribution().prob(|r| test.judge(*r));
        assert!((exact.prob_of(&true) - pass).abs() < 1e-12, "{what}");
        let labels = |passed: &bool| if *passed { "passes" } else { "fails" }.to_string();
        let t = test.clone();
        let r = rolled(move |steps: &mut Steps<'_>| t.roll(steps, "test"));
        first_odds(what, r.clone(), Some(labelled(&exact, labels)));
        matches(what, &exact, &sample(&r, 10_000, 30 + seed as u64, |p| *p));
    }
}

#[test]
fn fechtmeister_and_the_gods() {
    let cases = [
        // A critically wounded defender (-3) against a Fechtmeister (-1 more).
        (
            "defence -3 against a Fechtmeister",
            defence_roll(-3, true, Luck::Ordinary).unwrap(),
        ),
        (
            "Fechtmeister attack, beloved",
            attack_roll(0, true, Luck::Beloved).unwrap(),
        ),
        (
            "Fechtmeister attack, damned, -1",
            attack_roll(-1, true, Luck::Damned).unwrap(),
        ),
        ("beloved roll, -2", roll_for(Luck::Beloved, -2).unwrap()),
    ];
    for (seed, (what, roll)) in cases.into_iter().enumerate() {
        let exact = roll.distribution();
        let r = rolled(move |steps: &mut Steps<'_>| roll.roll(steps, "combat roll"));
        first_odds(what, r, Some(labelled(&exact, ToString::to_string)));
        let mut dice = Dice::seeded(40 + seed as u64);
        let samples: Vec<_> = (0..20_000)
            .map(|_| roll.roll(&mut dice, "combat roll").unwrap())
            .collect();
        matches(what, &exact, &samples);
    }
}

// ---------------------------------------------------------------------------
// Artillery (C6, C7) and counter-fire.

fn zone_shot_checked(what: &str, shot: &ZoneShot, seed: u64) {
    let exact = shot.distribution().unwrap();
    let fire = exact.map(|(f, _)| *f);
    first_odds(what, shot.clone(), Some(labelled(&fire, fire_label)));
    let samples = sample(shot, 3_000, seed, |o| {
        let mut fates = vec![Fate::Survives; 3];
        for h in &o.hits {
            if let (Some(slot), Some(r)) = (fates.get_mut(h.model), h.result) {
                *slot = r.fate;
            }
        }
        (o.fire, fates)
    });
    matches(what, &exact, &samples);
    // The same draws, seen as the FER result and as the number of models gone.
    let fires: Vec<_> = samples.iter().map(|(f, _)| *f).collect();
    matches(&format!("{what}, FER test"), &fire, &fires);
    let gone = |fates: &Vec<Fate>| fates.iter().filter(|f| **f != Fate::Survives).count();
    let counts: Vec<_> = samples.iter().map(|(_, v)| gone(v)).collect();
    matches(
        &format!("{what}, models gone"),
        &exact.map(|(_, v)| gone(v)),
        &counts,
    );
}

#[test]
fn zone_shot_light() {
    // b is 3 cm beside the target; c only under a template that deviated
    // away. STR 14: the others are hit at 7 and may be killed.
    let models = vec![
        figure("target", 2, 50.0, 0.0),
        figure("b", 0, 53.0, 0.0),
        figure("c", 1, 66.0, 0.0),
    ];
    let shot = ZoneShot::new(
        ArtilleryClass::Light,
        14,
        FerTest::new(3, 7, 0).unwrap(),
        Point::new(0.0, 0.0),
        0,
        0,
        models,
        10.0,
        WoundTable::default(),
    )
    .unwrap();
    let exact = shot.distribution().unwrap();
    // Far from trivial: c is caught only after a deviation.
    assert!(exact.prob(|(f, v)| *f == FireResult::Missed && v[2] != Fate::Survives) > 0.0);
    assert!(exact.prob(|(f, v)| *f == FireResult::Hit && v[2] != Fate::Survives) == 0.0);
    zone_shot_checked("light zone shot", &shot, 50);
}

#[test]
fn zone_counter_fire_heavy() {
    // The charger started 40 cm away: set down at 20 cm; a Resistent wagon
    // beside it can only be destroyed.
    let cf =
        CounterFire::place(Point::new(0.0, 0.0), 0, Point::new(40.0, 0.0), None, None).unwrap();
    let wagon = Model {
        victim: Victim::machine("wagon", 8, 1, true),
        center: Point::new(20.0, 4.0),
        radius: 2.0,
        level: 0,
    };
    let shot = cf
        .zone_shot(
            ArtilleryClass::Heavy,
            10,
            3,
            -1,
            figure("charger", 4, 0.0, 0.0),
            vec![wagon, figure("behind", 3, 26.0, 0.0)],
            10.0,
            WoundTable::default(),
        )
        .unwrap();
    let exact = shot.distribution().unwrap();
    assert!(exact.prob(|(_, v)| v[1] == Fate::Destroyed) > 0.0);
    zone_shot_checked("heavy zone counter-fire", &shot, 51);
}

#[test]
fn penetrating_shots() {
    let table = WoundTable::default();
    let line = vec![
        figure("a", 3, 30.0, 0.0),
        figure("b", 4, 35.0, 0.0),
        figure("c", 5, 40.0, 0.0),
    ];
    let heavy = PenetratingShot::new(
        ArtilleryClass::Heavy,
        12,
        Point::new(0.0, 0.0),
        0,
        100.0,
        line,
        table.clone(),
    )
    .unwrap();
    assert_eq!(heavy.chain(), &[0, 1, 2]);
    let light = PenetratingShot::along(
        ArtilleryClass::Light,
        14,
        vec![0, 1, 2],
        vec![
            figure("a", 2, 0.0, 0.0),
            figure("b", 3, 0.0, 0.0),
            Model {
                victim: Victim::machine("wagon", 6, 1, true),
                center: Point::new(0.0, 0.0),
                radius: 2.0,
                level: 0,
            },
        ],
        table.clone(),
    )
    .unwrap();
    for (seed, (what, shot, first_res)) in [("heavy STR 12", heavy, 3), ("light STR 14", light, 2)]
        .into_iter()
        .enumerate()
    {
        let exact = shot.distribution();
        // Everyone gone has a chance; so does stopping at the first target.
        assert!(
            exact.prob(|v| v.len() == 3) > 0.0 && exact.prob(|v| v.len() == 1) > 0.0,
            "{what}"
        );
        first_odds(
            what,
            shot.clone(),
            Some(wound_levels(shot.strength_at(0), first_res, &table)),
        );
        let samples = sample(&shot, 2_000, 60 + seed as u64, |o| {
            o.hits.iter().map(|(_, _, r)| r.fate).collect::<Vec<_>>()
        });
        matches(what, &exact, &samples);
    }
}

#[test]
fn penetrating_counter_fire() {
    let cf =
        CounterFire::place(Point::new(0.0, 0.0), 0, Point::new(40.0, 0.0), None, None).unwrap();
    let pcf = PenetratingCounterFire::new(
        &cf,
        ArtilleryClass::Light,
        12,
        4,
        0,
        60.0,
        figure("charger", 3, 40.0, 0.0),
        vec![figure("next", 3, 25.0, 0.0), figure("last", 3, 30.0, 0.0)],
        WoundTable::default(),
    )
    .unwrap();
    assert_eq!(pcf.chain(), &[0, 1, 2]);
    let exact = pcf.distribution();
    let fire = exact.map(|(f, _)| *f);
    first_odds(
        "penetrating counter-fire",
        pcf.clone(),
        Some(labelled(&fire, fire_label)),
    );
    let samples = sample(&pcf, 4_000, 70, |o| {
        let fates = o
            .hit
            .as_ref()
            .map(|h| h.hits.iter().map(|(_, _, r)| r.fate).collect())
            .unwrap_or_default();
        (o.fire, fates)
    });
    matches("penetrating counter-fire", &exact, &samples);
}

// ---------------------------------------------------------------------------
// Steam and naphtha (C9).

fn steam_label(o: &SteamOutcome) -> String {
    match o {
        SteamOutcome::Blocked => "blocked".into(),
        SteamOutcome::Bonus(b) => format!("+{b}"),
        SteamOutcome::Incident(i) => i.to_string(),
    }
}

#[test]
fn pressure_resolutions() {
    let cases = [
        (
            "2 D6, damaged valve, leak",
            2,
            SteamMarkers {
                damaged_valve: true,
                leak: true,
                ..Default::default()
            },
        ),
        (
            "1 D6 after a total failure cleared",
            1,
            SteamMarkers {
                total_failure: true,
                cleared_this_round: true,
                ..Default::default()
            },
        ),
        (
            "blocked",
            1,
            SteamMarkers {
                total_failure: true,
                ..Default::default()
            },
        ),
    ];
    for (seed, (what, dice, markers)) in cases.into_iter().enumerate() {
        let r = PressureResolution::new(dice, markers).unwrap();
        let exact = r.distribution();
        let blocked = exact.prob_of(&SteamOutcome::Blocked) == 1.0;
        let shown = (!blocked).then(|| labelled(&exact, steam_label));
        first_odds(what, r, shown);
        matches(
            what,
            &exact,
            &sample(&r, 3_000, 80 + seed as u64, |o| o.result),
        );
    }
    // The second leak reads as a total failure: never a leak here.
    let leaky = PressureResolution::new(
        2,
        SteamMarkers {
            leak: true,
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(
        leaky
            .distribution()
            .prob_of(&SteamOutcome::Incident(Incident::Leak)),
        0.0
    );
}

#[test]
fn total_failure_checks() {
    // 4+ on a D6 lets the machine work this round (C9).
    let failed = SteamMarkers {
        total_failure: true,
        ..Default::default()
    };
    let exact = one_d6(|f| f >= 4);
    let labels = |works: &bool| {
        if *works {
            "works this round"
        } else {
            "blocked"
        }
        .to_string()
    };
    first_odds(
        "total failure",
        TotalFailureCheck::new(failed),
        Some(labelled(&exact, labels)),
    );
    matches(
        "total failure",
        &exact,
        &sample(&TotalFailureCheck::new(failed), 20_000, 90, |m| {
            m.may_roll()
        }),
    );
    // Without a total failure there is nothing to roll, and it works.
    first_odds(
        "no failure",
        TotalFailureCheck::new(SteamMarkers::default()),
        None,
    );
    matches(
        "no failure",
        &Dist::certain(true),
        &sample(
            &TotalFailureCheck::new(SteamMarkers::default()),
            100,
            91,
            |m| m.may_roll(),
        ),
    );
}

// ---------------------------------------------------------------------------
// Sichel, Transport, Instabil, repair, ramming.

#[test]
fn sickle_runs() {
    let table = WoundTable::default();
    let figures = vec![
        SickleFigure {
            victim: Victim::figure("warrior", 4),
            ini: 3,
            in_melee: true,
            sprung: false,
            die_modifier: -1,
        },
        SickleFigure {
            victim: Victim::machine("cart", 7, 2, false),
            ini: 1,
            in_melee: false,
            sprung: true,
            die_modifier: 0,
        },
    ];
    let run = SickleRun::new(6, figures.clone(), table.clone()).unwrap();
    // Each figure in turn: its INI test, and on a failure a wound of STR 6.
    let mut exact = Dist::certain(Vec::new());
    for (i, f) in figures.iter().enumerate() {
        let pass = run.test(i).unwrap().pass_probability();
        let one = Dist::from_weights(
            fate_distribution(6, &f.victim, &table, true)
                .iter()
                .map(|(fate, p)| ((false, Some(*fate)), (1.0 - pass) * p))
                .chain([((true, None), pass)]),
        );
        exact = exact.product(&one, |v: &Vec<(bool, Option<Fate>)>, x| {
            let mut v = v.clone();
            v.push(*x);
            v
        });
    }
    let labels = |passed: &bool| if *passed { "passes" } else { "fails" }.to_string();
    first_odds(
        "Sichel",
        run.clone(),
        Some(labelled(&run.test(0).unwrap().distribution(), labels)),
    );
    let samples = sample(&run, 4_000, 100, |o| {
        o.iter()
            .map(|r| (r.passed, r.hit.map(|h| h.fate)))
            .collect::<Vec<_>>()
    });
    matches("Sichel", &exact, &samples);
}

#[test]
fn passenger_wounds() {
    let table = WoundTable::default();
    let mut hold = Hold::new(4, Access::Rear).unwrap();
    for (name, res) in [("goblin", 3), ("dwarf", 5), ("ogre", 9)] {
        hold.deploy(Passenger::new(name, Size::Small, res)).unwrap();
    }
    // A vehicle of RES 10: each passenger a wound of STR 10, independently.
    let wounds = PassengerWounds::new(10, &hold, table.clone());
    let mut exact = Dist::certain(Vec::new());
    for res in [3, 5, 9] {
        let one = WoundRoll::new(10, res, table.clone())
            .unwrap()
            .distribution();
        exact = exact.product(&one, |v: &Vec<WoundLevel>, l| {
            let mut v = v.clone();
            v.push(*l);
            v
        });
    }
    first_odds(
        "passengers",
        wounds.clone(),
        Some(wound_levels(10, 3, &table)),
    );
    let samples = sample(&wounds, 2_000, 110, |o| {
        o.iter()
            .map(|h| match h.result.effect {
                HitEffect::Wound(l) => l,
                HitEffect::Sp { .. } => panic!("a passenger is a figure"),
            })
            .collect::<Vec<_>>()
    });
    matches("passengers", &exact, &samples);
}

#[test]
fn instabil_rolls() {
    let cases = [
        ("Instabil/2 on 3 SP", 2, Instability::Structure(3)),
        (
            "Instabil/4 on a serious wound",
            4,
            Instability::Figure(WoundLevel::Serious),
        ),
        (
            "Instabil/5 on a healthy figure",
            5,
            Instability::Figure(WoundLevel::None),
        ),
    ];
    for (seed, (what, x, before)) in cases.into_iter().enumerate() {
        let roll = InstabilRoll::new(x, before).unwrap();
        let exact = roll.distribution();
        let p = one_d6(|f| f >= x).prob_of(&true);
        let labels = |wound: &bool| if *wound { "wound, roll again" } else { "stops" }.to_string();
        first_odds(what, roll, Some(labelled(&one_d6(|f| f >= x), labels)));
        // By hand: k wounds then a stop, p^k (1 - p).
        assert!(
            (exact.prob(|o| o.hits == 1) - p * (1.0 - p)).abs() < 1e-12,
            "{what}"
        );
        matches(
            what,
            &exact,
            &sample(&roll, 12_000, 120 + seed as u64, |o| *o),
        );
    }
    // Gone already: nothing to roll.
    let dead = InstabilRoll::new(3, Instability::Structure(0)).unwrap();
    first_odds("gone", dead, None);
    assert_eq!(
        dead.distribution(),
        Dist::certain(InstabilOutcome {
            hits: 0,
            after: Instability::Structure(0)
        })
    );
}

#[test]
fn repairs() {
    // C10: a 1 costs 1 SP, X or more gives 1 SP back, never above the start.
    for (seed, (x, lost)) in [(6, 1), (2, 3)].into_iter().enumerate() {
        let what = format!("Mechaniker/{x}, {lost} SP lost");
        let repair = Repair::new(x, 8, lost).unwrap();
        let exact = one_d6(|f| match f {
            1 => (RepairResult::Worse, lost + 1),
            f if f >= x => (RepairResult::Repaired, lost.saturating_sub(1)),
            _ => (RepairResult::Nothing, lost),
        });
        let results = exact.map(|(r, _)| *r);
        same(&what, &repair.distribution(), &results);
        first_odds(
            &what,
            repair,
            Some(labelled(&results, |r| format!("{r:?}").to_lowercase())),
        );
        matches(
            &what,
            &exact,
            &sample(&repair, 15_000, 130 + seed as u64, |o| {
                (o.result, o.sp_lost)
            }),
        );
    }
}

#[test]
fn rammings() {
    let table = WoundTable::default();
    // Ramme/3 after 23 cm: STR 9 (C5); doubles are no criticals.
    let front = vec![
        Victim::figure("goblin", 3),
        Victim::machine("cart", 6, 1, true),
    ];
    let beyond = vec![Victim::figure("dwarf", 5), Victim::figure("troll", 2)];
    let ramming = Ramming::new(
        3,
        Impetus::Distance(23.0),
        front.clone(),
        beyond.clone(),
        table.clone(),
    )
    .unwrap();
    let fate = |v: &Victim| fate_distribution(9, v, &table, false);
    let push = |v: &Vec<Fate>, f: &Fate| {
        let mut v = v.clone();
        v.push(*f);
        v
    };
    let mut hits = Dist::certain(Vec::new());
    for v in &front {
        hits = hits.product(&fate(v), push);
    }
    for (what, drive_on) in [
        ("ramming, always driving on", true),
        ("ramming, stopping", false),
    ] {
        // The machine goes on only while every figure hit so far is gone.
        let mut exact = hits.map(|v| (v.clone(), v.iter().all(|f| *f != Fate::Survives)));
        for v in &beyond {
            exact = exact.and_then(|(fates, through)| {
                if !*through {
                    return Dist::certain((fates.clone(), false));
                }
                if !drive_on {
                    return Dist::certain((fates.clone(), false));
                }
                fate(v).map(|f| (push(fates, f), *f != Fate::Survives))
            });
        }
        first_odds(what, ramming.clone(), Some(wound_levels(9, 3, &table)));
        let choice = usize::from(drive_on);
        let samples = sample_choosing(
            &ramming,
            2_000,
            140 + choice as u64,
            |_| Some(choice),
            |o| {
                (
                    o.hits.iter().map(|h| h.result.fate).collect::<Vec<_>>(),
                    o.drove_through,
                )
            },
        );
        matches(what, &exact, &samples);
    }
}
