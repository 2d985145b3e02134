//! Machine cards and machine state, data-driven from
//! `fixtures/confrontation/machine_cards.json`.

#![expect(
    clippy::unwrap_used,
    reason = "a test fails loudly on an unexpected error"
)]

use feldherr_confrontation::{
    Access, AuxiliaryRequirement, CrewAbility, Fate, MachineCard, MachineState, Mobility,
    WoundLevel, direct_wound,
};
use serde::Deserialize;

#[derive(Deserialize)]
struct Fixture {
    cards: Vec<Good>,
    bad: Vec<Bad>,
}
#[derive(Deserialize)]
struct Good {
    note: String,
    card: serde_json::Value,
}
#[derive(Deserialize)]
struct Bad {
    card: serde_json::Value,
    error: String,
}

fn fixture() -> Fixture {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/confrontation/machine_cards.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn card(name: &str) -> MachineCard {
    let f = fixture();
    let g = f
        .cards
        .into_iter()
        .find(|g| g.card["name"] == name)
        .unwrap();
    serde_json::from_value(g.card).unwrap()
}

fn check(input: &serde_json::Value, expected: Result<(), &str>) {
    let got: Result<MachineCard, _> = serde_json::from_value(input.clone());
    match (got, expected) {
        (Ok(c), Ok(())) => {
            // Round trip through JSON keeps the card.
            let again: MachineCard =
                serde_json::from_str(&serde_json::to_string(&c).unwrap()).unwrap();
            assert_eq!(again, c);
        }
        (Err(e), Err(msg)) => assert!(e.to_string().contains(msg), "{e} should contain {msg}"),
        (got, want) => panic!("{input}: got {got:?}, expected {want:?}"),
    }
}

#[test]
fn fixture_cards_load_and_bad_cards_are_refused() {
    let f = fixture();
    for g in &f.cards {
        eprintln!("{}", g.note);
        check(&g.card, Ok(()));
    }
    for b in &f.bad {
        check(&b.card, Err(&b.error));
    }
}

#[test]
fn text_examples_values() {
    let pw = card("Panzerwagen");
    assert_eq!(pw.spec().bew, Some(20));
    assert_eq!(pw.spec().gew, Some(10));
    assert_eq!(pw.ram(), Some(3));
    assert!(pw.is_unaufhaltsam());
    assert_eq!(pw.transport(), Some((4, Access::Rear)));
    let ballista = card("Ballista");
    assert_eq!(ballista.spec().gew, Some(8));
    assert_eq!(ballista.spec().mobility, Mobility::Immobile);
    let fels = card("Felsspalter");
    assert_eq!(fels.spec().crew.len(), 5);
    assert_eq!(fels.spec().bes, Some(1));
    assert!(
        fels.spec().crew[2]
            .abilities
            .contains(&CrewAbility::Mechaniker(4))
    );
    let req = fels.spec().auxiliary.unwrap();
    // The text: a Dirz crossbowman (FER 3, DIS 2) may not serve; a Thallion may.
    assert!(!req.met_by(Some(3), Some(2)));
    assert!(req.met_by(Some(4), Some(4)));
    assert!(AuxiliaryRequirement::default().met_by(None, None));
    assert_eq!(card("Panzer").sp(), 8);
    assert_eq!(card("Zwergenbombe").sp(), 0);
}

#[test]
fn state_penalty_destruction_and_direct_wounds() {
    let tank = card("Panzer");
    let mut s = MachineState::default();
    assert_eq!(s.lose_sp(&tank, 4), Fate::Survives);
    assert_eq!(s.penalty(&tank).unwrap(), -2); // the text's tank: 8 SP, 4 lost
    s.regain_sp(10);
    assert_eq!(s.sp_lost, 0); // never above the start value
    assert_eq!(s.lose_sp(&tank, 8), Fate::Killed);
    assert!(s.destroyed);
    // Immobile machines never suffer the penalty.
    let ballista = card("Ballista");
    let mut b = MachineState::default();
    b.lose_sp(&ballista, 3);
    assert_eq!(b.penalty(&ballista).unwrap(), 0);
    // Direct wounds: light -1 ... instant death -4; Resistent is destroyed.
    for (level, left) in [
        (WoundLevel::Light, 4),
        (WoundLevel::Serious, 3),
        (WoundLevel::Critical, 2),
        (WoundLevel::Killed, 1),
    ] {
        assert_eq!(direct_wound(5, level, false), (left, Fate::Survives));
    }
    assert_eq!(
        direct_wound(4, WoundLevel::Killed, false),
        (0, Fate::Killed)
    );
    assert_eq!(
        direct_wound(3, WoundLevel::Killed, true),
        (0, Fate::Destroyed)
    );
    // A round clears the jam and the repair attempt, notes the speed marker.
    let mut s = MachineState {
        jammed: true,
        repair_tried: true,
        speed_marker: true,
        ..Default::default()
    };
    s.new_round();
    assert!(!s.jammed && !s.repair_tried && s.speed_marker_at_round_start);
}
