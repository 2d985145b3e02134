//! Magic (lines 171-173, 185, 225-233): the bright wizard's spells cast,
//! dispelled, overpowered; intuitive spells; a mage's nerves on WIP.

use feldherr_dice::step::{Answer, Prompt};
use feldherr_play::{Game, Id};
use feldherr_warheim::magic::CastSpec;
use feldherr_warheim::{
    CastOrder, Counter, MoraleKind, ReactionChoice, WarheimEdit, WarheimKind, WarheimOutcome,
};

use super::{answer_all, dice, roster, target, three_players};

const WIZARD: u64 = 31;
const HUNTER: u64 = 1;
const ORC: u64 = 11;

fn cast(spell: usize, at: u64, dice: u32, counter: Counter) -> CastOrder {
    CastOrder {
        caster: Id(WIZARD),
        spell,
        target: Some(target(at, dice, 6.0, ReactionChoice::None)),
        others: Vec::new(),
        counter,
        as_reaction: false,
        overrule: false,
    }
}

fn spec_of(game: &feldherr_warheim::Warheim, index: usize) -> CastSpec {
    match game.resolutions[index].kind() {
        WarheimKind::Cast(spec) => spec.clone(),
        other => panic!("{other:?}"),
    }
}

/// A worked script: the wizard casts Fireball at the witch hunter, who
/// dispels. Fire 2 against a hunter who knows no fire: -6 on his Mor 14:
/// 8, two dice (Hero) opposed to the wizard's WIP 14 (line 227). The
/// wizard rolls 5, the hunter 7 and 20: the 7 beats the 5 and stands:
/// the spell is broken, no effect (line 185).
#[test]
fn fireball_dispelled() {
    let (mut game, mut table) = three_players();
    game.apply(
        &WarheimEdit::Cast(cast(0, HUNTER, 1, Counter::Dispel)),
        &mut table,
    )
    .unwrap();
    let spec = spec_of(&game, 0);
    assert_eq!(spec.wip.map(|p| (p.dice, p.value)), Some((1, 14)));
    let counter = spec.counter.as_ref().unwrap();
    assert_eq!((counter.pool.dice, counter.pool.value), (2, 8));
    // The first prompt: the WIP roll with the odds of the cast going
    // through, and what it needs.
    let Some(Prompt::Roll(r)) = game.resolutions[0].resolution().prompt().cloned() else {
        panic!()
    };
    assert!(
        r.purpose.contains("14 or less, 14 is a crit"),
        "{}",
        r.purpose
    );
    assert_eq!(r.odds.len(), 2);
    let mut answers = dice(&[&[5], &[7, 20]]);
    // The hunter (Elite) may make his 7 a crit at 8: he declines.
    answers.push(Answer::Choice(0));
    let WarheimOutcome::Cast(out) = answer_all(&mut game, 0, answers) else {
        panic!()
    };
    assert!(!out.cast);
    assert_eq!(out.countered, Some(true));
    assert_eq!(out.effect, None);
    game.apply(&WarheimEdit::Apply(Id(1)), &mut table).unwrap();
    assert_eq!(
        game.rosters[0].fighters[0].current().t,
        6,
        "nothing happened"
    );
}

/// The same cast undispelled: the WIP roll passes, the effect is an
/// attack on WIP 14 at the hunter, strength 14 against his Arm 2.
#[test]
fn fireball_cast_and_resolved() {
    let (mut game, mut table) = three_players();
    game.apply(
        &WarheimEdit::Cast(cast(0, HUNTER, 1, Counter::None)),
        &mut table,
    )
    .unwrap();
    let effect = spec_of(&game, 0).effect.unwrap();
    assert_eq!(effect.strike.strength, 14);
    assert_eq!(effect.targets[0].pool.value, 14);
    // WIP 3: cast; effect 6: a hit; the hunter saves with 4 against 12,
    // and being Elite adds 1 (PH2): 5, 7 T lost from T 6: dead.
    let mut answers = dice(&[&[3], &[6], &[4]]);
    answers.push(Answer::Choice(1));
    let WarheimOutcome::Cast(out) = answer_all(&mut game, 0, answers) else {
        panic!()
    };
    assert!(out.cast);
    let change = out.effect.as_ref().unwrap().change(Id(HUNTER)).unwrap();
    assert_eq!((change.t_lost, change.t_after), (7, -1));
    game.apply(&WarheimEdit::Apply(Id(1)), &mut table).unwrap();
    assert!(game.rosters[0].fighters[0].has(feldherr_warheim::Condition::Dead));
}

/// ПРЕВОЗМОГАТЬ (line 173): the orc tests Mor 10 minus the wizard's Fire
/// 2: 8; a 4 breaks the cast even though the WIP roll passed.
#[test]
fn overpowered() {
    let (mut game, mut table) = three_players();
    game.apply(
        &WarheimEdit::Cast(cast(0, ORC, 1, Counter::Overpower)),
        &mut table,
    )
    .unwrap();
    let counter = spec_of(&game, 0).counter.unwrap();
    assert_eq!((counter.pool.dice, counter.pool.value), (1, 8));
    let WarheimOutcome::Cast(out) = answer_all(&mut game, 0, dice(&[&[3], &[4]])) else {
        panic!()
    };
    assert_eq!((out.cast, out.countered), (false, Some(true)));
    // A failed WIP roll needs no answer: the orc's die is not asked.
    let (mut game, mut table) = three_players();
    game.apply(
        &WarheimEdit::Cast(cast(0, ORC, 1, Counter::Overpower)),
        &mut table,
    )
    .unwrap();
    let WarheimOutcome::Cast(out) = answer_all(&mut game, 0, dice(&[&[18]])) else {
        panic!()
    };
    assert_eq!((out.cast, out.countered), (false, None));
}

/// Intuitive (line 233): no WIP part: the first roll is the effect's, and
/// there is no cast to break.
#[test]
fn intuitive_spark() {
    let (mut game, mut table) = three_players();
    game.apply(
        &WarheimEdit::Cast(cast(3, ORC, 1, Counter::None)),
        &mut table,
    )
    .unwrap();
    let spec = spec_of(&game, 0);
    assert_eq!(spec.wip, None);
    let Some(Prompt::Roll(r)) = game.resolutions[0].resolution().prompt().cloned() else {
        panic!()
    };
    assert_eq!(
        r.rule.as_deref(),
        Some("H3"),
        "the effect's roll comes first"
    );
    let e = game
        .apply(
            &WarheimEdit::Cast(cast(3, ORC, 1, Counter::Dispel)),
            &mut table,
        )
        .unwrap_err()
        .to_string();
    assert!(e.contains("Upper orc") && e.contains("intuitive"), "{e}");
}

/// A spell without an effect roll works on the cast alone (Flaming
/// sword): one WIP roll, one short action (PH17).
#[test]
fn channelled_flaming_sword() {
    let (mut game, mut table) = three_players();
    let mut order = cast(1, ORC, 0, Counter::None);
    order.target = None;
    game.apply(&WarheimEdit::Cast(order), &mut table).unwrap();
    let WarheimOutcome::Cast(out) = answer_all(&mut game, 0, dice(&[&[14]])) else {
        panic!()
    };
    assert!(out.cast, "14 at 14 is a crit, a success");
    let spells = &roster("bright_wizard.json").fighters[0].spells;
    assert!(!spells[1].is_full_action());
    assert!(
        spells[0].is_full_action(),
        "Fireball: WIP roll and effect roll"
    );
    assert!(!spells[3].is_full_action(), "Spark: intuitive");
}

/// Bad input: a spell from a fighter without the school is refused, by
/// the roster and by the cast, naming the fighter and the rule.
#[test]
fn a_spell_without_the_school_is_refused() {
    let mut wizards = roster("bright_wizard.json");
    wizards.fighters[1].spells[0].school = "Shadow".into();
    let e = wizards.check().unwrap_err().to_string();
    assert!(
        e.contains("Apprentice") && e.contains("Shadow") && e.contains("line 227"),
        "{e}"
    );
    let mut wizards = roster("bright_wizard.json");
    wizards.fighters[1].spells[0].level = 2;
    let e = wizards.check().unwrap_err().to_string();
    assert!(
        e.contains("Apprentice") && e.contains("Fire level 2"),
        "{e}"
    );
    // The hunter has no spells at all.
    let (mut game, mut table) = three_players();
    let mut order = cast(0, ORC, 1, Counter::None);
    order.caster = Id(HUNTER);
    let e = game
        .apply(&WarheimEdit::Cast(order), &mut table)
        .unwrap_err()
        .to_string();
    assert!(e.contains("Witch hunter") && e.contains("0 spell"), "{e}");
}

/// Line 251: a mage tests his nerves on WIP, not Mor.
#[test]
fn a_mage_tests_nerves_on_wip() {
    let (mut game, mut table) = three_players();
    game.apply(
        &WarheimEdit::Morale {
            fighter: Id(WIZARD),
            kind: MoraleKind::Nerves,
            penalty: 3,
        },
        &mut table,
    )
    .unwrap();
    let WarheimKind::Morale(spec) = game.resolutions[0].kind() else {
        panic!()
    };
    assert!(spec.wip);
    assert_eq!(spec.value().unwrap(), 11, "WIP 14 - 3, not Mor 12 - 3");
    game.apply(
        &WarheimEdit::Morale {
            fighter: Id(WIZARD),
            kind: MoraleKind::Flight,
            penalty: 0,
        },
        &mut table,
    )
    .unwrap();
    let WarheimKind::Morale(spec) = game.resolutions[1].kind() else {
        panic!()
    };
    assert_eq!(
        (spec.wip, spec.value().unwrap()),
        (false, 12),
        "flight: Mor"
    );
}
