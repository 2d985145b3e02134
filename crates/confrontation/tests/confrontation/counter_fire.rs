//! Counter-fire against chargers (zone and penetrating ammunition) and
//! Schutzwall/X.

use feldherr_confrontation::{
    ArtilleryClass, COUNTER_FIRE_DIFFICULTY, CounterFire, Fate, FireResult, MachineCard, Model,
    PenetratingCounterFire, PenetrationStop, Victim, WoundTable, may_descend,
};
use feldherr_dice::step::Driver;
use feldherr_geometry::{Circle, Point, Shape};

fn model(name: &str, x: f64, y: f64, level: i32) -> Model {
    Model {
        victim: Victim::figure(name, 3),
        center: Point::new(x, y),
        radius: 1.25,
        level,
    }
}

/// Places a charger; `Ok(position)` or the error text.
fn check(
    start: (f64, f64),
    sight: Option<(f64, f64)>,
    min: Option<f64>,
    expected: Result<(f64, f64), &str>,
) {
    let got = CounterFire::place(
        Point::new(0.0, 0.0),
        1,
        Point::new(start.0, start.1),
        sight.map(|(x, y)| Point::new(x, y)),
        min,
    );
    match (got, expected) {
        (Ok(cf), Ok((x, y))) => {
            assert_eq!(cf.position(), Point::new(x, y));
            assert_eq!(cf.level(), 1);
        }
        (Err(e), Err(msg)) => assert!(e.to_string().contains(msg), "{e} should contain {msg}"),
        (got, want) => panic!("{start:?}: got {got:?}, expected {want:?}"),
    }
}

#[test]
fn placing_the_charger() {
    check((30.0, 0.0), None, None, Ok((15.0, 0.0)));
    check((0.0, -24.0), None, Some(10.0), Ok((0.0, -12.0)));
    // Started out of sight: halfway from where it was first seen.
    check((40.0, 0.0), Some((20.0, 0.0)), None, Ok((10.0, 0.0)));
    check(
        (30.0, 0.0),
        None,
        Some(20.0),
        Err("inside the minimum range of 20.0 cm"),
    );
    assert_eq!(COUNTER_FIRE_DIFFICULTY, 6);
}

#[test]
fn zone_counter_fire() {
    let cf =
        CounterFire::place(Point::new(0.0, 0.0), 0, Point::new(30.0, 0.0), None, None).unwrap();
    // The charger on a hill (level 2) counts as on the machine's level.
    let placed = cf.place_model(model("charger", 30.0, 0.0, 2));
    assert_eq!((placed.center, placed.level), (Point::new(15.0, 0.0), 0));
    let shot = cf
        .zone_shot(
            ArtilleryClass::Light,
            8,
            3,
            0,
            model("charger", 30.0, 0.0, 2),
            vec![],
            10.0,
            WoundTable::default(),
        )
        .unwrap();
    let mut d = Driver::new(shot.clone());
    d.answer_dice(vec![3]).unwrap(); // 3 + FER 3 = 6: hit
    d.answer_dice(vec![6, 5]).unwrap(); // 11 + 8 - 3 = 16: killed
    let out = d.outcome().unwrap();
    assert_eq!(out.fire, FireResult::Hit);
    assert_eq!(out.center, Some(Point::new(15.0, 0.0)));
    assert_eq!(out.hits[0].result.unwrap().fate, Fate::Killed);
    // A 1 jams the weapon.
    let mut d = Driver::new(shot);
    d.answer_dice(vec![1]).unwrap();
    assert_eq!(d.outcome().unwrap().fire, FireResult::Jammed);
}

#[test]
fn penetrating_counter_fire_goes_on_after_instant_kills() {
    let cf =
        CounterFire::place(Point::new(0.0, 0.0), 0, Point::new(30.0, 0.0), None, None).unwrap();
    // Behind the placed charger (x = 15) on the line: a figure at x = 20.
    let pcf = PenetratingCounterFire::new(
        &cf,
        ArtilleryClass::Light,
        10,
        3,
        0,
        60.0,
        model("charger", 30.0, 0.0, 0),
        vec![model("behind", 20.0, 0.0, 0), model("aside", 20.0, 10.0, 0)],
        WoundTable::default(),
    )
    .unwrap();
    assert_eq!(pcf.chain(), &[0, 1]);
    let mut d = Driver::new(pcf.clone());
    d.answer_dice(vec![4]).unwrap(); // hit
    d.answer_dice(vec![6, 3]).unwrap(); // 9 + 10 - 3 = 16: killed
    d.answer_dice(vec![1, 2]).unwrap(); // STR 8: 3 + 8 - 3 = 8: survives
    let out = d.outcome().unwrap();
    assert_eq!(out.fire, FireResult::Hit);
    let hit = out.hit.as_ref().unwrap();
    assert_eq!(hit.hits.len(), 2);
    assert_eq!(hit.hits[1].1, 8); // light: -2 STR for the next target
    assert_eq!(hit.stop, PenetrationStop::Stuck);
    // A miss: 2 + 3 < 6.
    let mut d = Driver::new(pcf);
    d.answer_dice(vec![2]).unwrap();
    let out = d.outcome().unwrap();
    assert_eq!((out.fire, out.hit.is_none()), (FireResult::Missed, true));
}

#[test]
fn schutzwall_forbids_coming_down_near_the_machine() {
    let card: MachineCard = serde_json::from_str(
        r#"{"name": "Moerser", "mobility": "immobile", "sp": 4, "gew": 8, "bes": 1, "res": 10,
            "abilities": [{"schutzwall": 10.0}], "crew": [{"name": "Servant", "bew": 10}]}"#,
    )
    .unwrap();
    let x = card.rampart().unwrap();
    assert_eq!(x, 10.0);
    let machine = Shape::Circle(Circle::new(Point::new(0.0, 0.0), 3.0).unwrap());
    let at = |d: f64| Shape::Circle(Circle::new(Point::new(3.0 + 1.25 + d, 0.0), 1.25).unwrap());
    // 9 cm away, flying (level 2) down to the ground: refused.
    let err = may_descend(&machine, 0, x, &at(9.0), 2, 0).unwrap_err();
    assert!(
        err.to_string().contains("within its rampart of 10.0 cm"),
        "{err}"
    );
    // 11 cm away: allowed; climbing inside: allowed; to another level: allowed.
    assert!(may_descend(&machine, 0, x, &at(11.0), 2, 0).is_ok());
    assert!(may_descend(&machine, 0, x, &at(2.0), 0, 2).is_ok());
    assert!(may_descend(&machine, 0, x, &at(2.0), 3, 2).is_ok());
}
