//! The orders the action forms give, checked by the game (the legality the
//! app used to decide).

use feldherr_confrontation::game::{SickleTouch, mechaniker};
use feldherr_confrontation::{
    ConfrontationEdit, ConfrontationKind, Impetus, MachineCard, MechanicalAbility,
};

use super::support::{
    FELSSPALTER, GOBLIN_A, GOBLIN_B, GRIZHOU_CREW, PANZER, PANZERWAGEN, card, example_game,
};

#[test]
fn orders_for_a_destroyed_machine_are_refused() {
    let mut game = example_game();
    let damage = game.game.damage_inputs(PANZER, 10, false).expect("damage");
    assert_eq!(
        damage,
        ConfrontationKind::Damage {
            strength: 10,
            resilience: 14,
            sacred: false,
            machine: Some(PANZER)
        }
    );
    assert!(game.game.steam_inputs(FELSSPALTER, 1).is_ok());
    let mut state = game.machine(PANZER).state.clone();
    state.sp_lost = 8;
    state.destroyed = true;
    game.edit(ConfrontationEdit::SetMachineState {
        machine: PANZER,
        state,
    })
    .expect("state");
    for refused in [
        game.game.damage_inputs(PANZER, 10, false),
        game.game.steam_inputs(PANZER, 1),
        game.game.repair_inputs(&game.table, PANZER, GRIZHOU_CREW),
    ] {
        let err = refused.unwrap_err().to_string();
        assert!(err.contains("destroyed"), "{err}");
    }
    // The edit refuses it too, whoever built the inputs.
    let err = game
        .edit(ConfrontationEdit::AddResolution(damage))
        .unwrap_err();
    assert!(err.contains("Panzer: destroyed"), "{err}");
}

#[test]
fn repair_instabil_ramming_and_sickle_orders() {
    let mut game = example_game();
    // At full SP: C10. Grizhou, the Felsspalter's Mechaniker/4, touches it.
    let err = game
        .game
        .repair_inputs(&game.table, FELSSPALTER, GRIZHOU_CREW)
        .unwrap_err()
        .to_string();
    assert!(err.contains("(C10)"), "{err}");
    assert_eq!(mechaniker(&card("Panzer")), None);
    assert_eq!(
        game.game.mechanics(&game.table, FELSSPALTER),
        [(GRIZHOU_CREW, 4)]
    );
    // No Instabil/X on the card.
    assert!(game.game.instabil_inputs(PANZER).is_err());
    // The speed marker only with Unaufhaltsam and a marker at round start.
    assert!(game.game.ram_impetus(PANZERWAGEN, true, 0.0).is_err());
    let mut state = game.machine(PANZERWAGEN).state.clone();
    state.speed_marker_at_round_start = true;
    game.edit(ConfrontationEdit::SetMachineState {
        machine: PANZERWAGEN,
        state,
    })
    .expect("state");
    assert_eq!(
        game.game.ram_impetus(PANZERWAGEN, true, 0.0),
        Ok(Impetus::SpeedMarker { bew: 20 })
    );
    assert_eq!(
        game.game.ram_impetus(PANZERWAGEN, false, 23.0),
        Ok(Impetus::Distance(23.0))
    );
    // Sichel/2 on the Panzerwagen: the figures touched, in table order.
    let mut spec = game.machine(PANZERWAGEN).card.spec().clone();
    spec.abilities.push(MechanicalAbility::Sichel(2));
    game.edit(ConfrontationEdit::UpdateMachineCard {
        machine: PANZERWAGEN,
        card: MachineCard::new(spec).expect("card"),
    })
    .expect("card");
    let touch = |piece| SickleTouch {
        piece,
        in_melee: false,
        sprung: piece == GOBLIN_A,
    };
    let kind = game
        .game
        .sickle_inputs(
            &game.table,
            PANZERWAGEN,
            &[touch(GOBLIN_B), touch(GOBLIN_A)],
        )
        .expect("blades");
    let ConfrontationKind::Sickle(inputs) = kind else {
        panic!("a sickle run")
    };
    let names: Vec<&str> = inputs
        .figures
        .iter()
        .map(|f| f.victim.name.as_str())
        .collect();
    assert_eq!(names, ["Goblin A", "Goblin B"]);
    assert!(inputs.figures[0].sprung && !inputs.figures[1].sprung);
    assert!(
        game.game
            .sickle_inputs(&game.table, PANZERWAGEN, &[touch(99)])
            .unwrap_err()
            .to_string()
            .contains("piece 99")
    );
    assert!(
        game.game
            .sickle_inputs(&game.table, PANZERWAGEN, &[])
            .is_err()
    );
}
