//! Transport/X: places, boarding and leaving, passengers of a destroyed
//! vehicle; the text's examples.

#![expect(
    clippy::unwrap_used,
    reason = "a test fails loudly on an unexpected error"
)]

use feldherr_confrontation::{
    Access, CardActivation, Fate, HitEffect, Hold, MachineCard, MachineState, Passenger,
    PassengerWounds, Size, WoundLevel, WoundTable, card_activation,
};
use feldherr_dice::step::Driver;
use feldherr_geometry::FacingArc;

fn p(name: &str, size: Size) -> Passenger {
    Passenger::new(name, size, 4)
}

/// Loads `figures` into a Transport/`places` hold; `Ok(free places)` or the error text.
fn check(places: u32, figures: &[Size], expected: Result<u32, &str>) {
    let mut hold = Hold::new(places, Access::Side).unwrap();
    let mut got = Ok(());
    for (i, s) in figures.iter().enumerate() {
        got = got.and_then(|()| hold.deploy(p(&format!("f{i}"), *s)));
    }
    match (got, expected) {
        (Ok(()), Ok(free)) => assert_eq!(hold.free_places(), free, "{figures:?}"),
        (Err(e), Err(msg)) => assert!(e.to_string().contains(msg), "{e} should contain {msg}"),
        (got, want) => panic!("{figures:?}: got {got:?}, expected {want:?}"),
    }
}

#[derive(serde::Deserialize)]
struct Case {
    note: String,
    places: u32,
    figures: Vec<Size>,
    free: Option<u32>,
    error: Option<String>,
}

#[test]
fn places_and_the_text_example() {
    use Size::*;
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/confrontation/transport.json"
    );
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let cases: Vec<Case> = serde_json::from_value(v["cases"].clone()).unwrap();
    assert_eq!(cases.len(), 8);
    for c in &cases {
        let expected = match (&c.free, &c.error) {
            (Some(f), None) => Ok(*f),
            (None, Some(e)) => Err(e.as_str()),
            _ => panic!("{}: free or error", c.note),
        };
        check(c.places, &c.figures, expected);
    }
    let mut rider = p("knight", Normal);
    rider.cavalry = true;
    assert!(rider.places().unwrap_err().to_string().contains("cavalry"));
    assert!(Hold::new(0, Access::Rear).is_err());
}

#[test]
fn boarding_and_leaving_by_the_access_only_while_standing() {
    let card: MachineCard = serde_json::from_str(
        r#"{"name": "Panzerwagen", "mobility": "mobile", "sp": 8, "gew": 10, "res": 14,
            "bew": 20, "abilities": [{"transport": {"places": 4, "access": "rear"}}]}"#,
    )
    .unwrap();
    let mut hold = Hold::for_card(&card).unwrap();
    let err = hold
        .board(p("a", Size::Small), FacingArc::Left, false)
        .unwrap_err();
    assert!(err.to_string().contains("access is at the Rear"), "{err}");
    let err = hold
        .board(p("a", Size::Small), FacingArc::Rear, true)
        .unwrap_err();
    assert!(err.to_string().contains("stand still"), "{err}");
    hold.board(p("a", Size::Small), FacingArc::Rear, false)
        .unwrap();
    assert_eq!(hold.used_places(), 1);
    assert!(hold.leave("a", FacingArc::Rear, true).is_err());
    assert!(hold.leave("b", FacingArc::Rear, false).is_err());
    assert_eq!(hold.leave("a", FacingArc::Rear, false).unwrap().name, "a");
    assert!(hold.passengers().is_empty());
    // With a speed marker the vehicle must stop to let them out, loses the
    // marker and stays put for the phase.
    hold.board(p("c", Size::Normal), FacingArc::Rear, false)
        .unwrap();
    let mut state = MachineState {
        speed_marker: true,
        ..MachineState::default()
    };
    assert!(
        hold.leave("c", FacingArc::Rear, state.speed_marker)
            .is_err()
    );
    assert_eq!(
        hold.stop_and_leave("c", FacingArc::Rear, &mut state)
            .unwrap()
            .name,
        "c"
    );
    assert!(!state.speed_marker && state.stopped);
    // Side access: left or right, not front or rear.
    let mut side = Hold::new(4, Access::Side).unwrap();
    side.board(p("l", Size::Small), FacingArc::Left, false)
        .unwrap();
    side.board(p("r", Size::Small), FacingArc::Right, false)
        .unwrap();
    assert!(
        side.board(p("f", Size::Small), FacingArc::Front, false)
            .is_err()
    );
    assert!(
        side.board(p("b", Size::Small), FacingArc::Rear, false)
            .is_err()
    );
    // No Transport on the card.
    let plain: MachineCard = serde_json::from_str(
        r#"{"name": "Karren", "mobility": "mobile", "sp": 4, "res": 10, "bew": 15}"#,
    )
    .unwrap();
    assert!(Hold::for_card(&plain).is_err());
}

#[test]
fn khor_warriors_example_card_activation() {
    // 3 Khor warriors, 2 in the dwarf tank, 1 outside.
    assert_eq!(
        card_activation(3, 2).unwrap(),
        CardActivation::Split {
            outside: 1,
            inside: 2
        }
    );
    assert_eq!(card_activation(3, 3).unwrap(), CardActivation::LeavesStack);
    assert_eq!(card_activation(3, 0).unwrap(), CardActivation::Normal);
    assert!(card_activation(3, 4).is_err());
}

#[test]
fn passengers_of_a_destroyed_vehicle() {
    let mut hold = Hold::new(4, Access::Rear).unwrap();
    hold.deploy(Passenger::new("goblin", Size::Small, 3))
        .unwrap();
    hold.deploy(Passenger::new("dwarf", Size::Small, 5))
        .unwrap();
    // The vehicle's RES 14 is the wound's STR.
    let w = PassengerWounds::new(14, &hold, WoundTable::default());
    assert_eq!(w.strength(), 14);
    let mut d = Driver::new(w);
    d.answer_dice(vec![6, 5]).unwrap(); // 11 + 14 - 3 = 22: killed
    d.answer_dice(vec![1, 2]).unwrap(); // 3 + 14 - 5 = 12: critical
    let out = d.outcome().unwrap();
    assert_eq!(out[0].result.fate, Fate::Killed);
    assert_eq!(out[1].result.fate, Fate::Survives);
    assert_eq!(out[1].result.effect, HitEffect::Wound(WoundLevel::Critical));
    assert!(d.log().iter().any(|s| s.text.contains("dwarf survives")));
}

#[test]
fn passenger_wound_odds_by_monte_carlo() {
    let mut hold = Hold::new(2, Access::Side).unwrap();
    hold.deploy(Passenger::new("goblin", Size::Small, 3))
        .unwrap();
    let table = WoundTable::default();
    // STR 14 against RES 3: killed on 2D6 + 11 >= 16, i.e. 5+ (doubles as usual).
    let d = feldherr_confrontation::fate_distribution(
        14,
        &feldherr_confrontation::Victim::figure("goblin", 3),
        &table,
        true,
    );
    let w = PassengerWounds::new(14, &hold, table);
    let mut dice = feldherr_dice::Dice::seeded(21);
    feldherr_dice::monte_carlo::check(&d, 5_000, || {
        Driver::new(w.clone())
            .run_to_end(&mut dice, |_| 0)
            .map(|o| o[0].result.fate)
    })
    .unwrap();
}
