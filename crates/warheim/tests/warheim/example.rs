//! The text's example: the witch hunter with a sword against two orcs with
//! axes, end to end with the text's dice (H3, H4; the fixtures' numbers
//! follow PH1).

use feldherr_dice::step::LogKind;
use feldherr_play::{Game, Id};
use feldherr_warheim::roll::{Hits, Pool};
use feldherr_warheim::{
    AttackOrder, Condition, Fall, MartialUse, MoraleKind, ReactionChoice, WarheimEdit, WarheimKind,
};

use super::{example_game, order, resolve, target};

/// The hero's attack as the text declares it: Martial 1 used for +1
/// strength; one die at the upper orc (1.5" away, its axe -6 there), two
/// at the lower orc in base contact; the lower orc uses Martial 1 for +1
/// strength too. The hero is Elite: he may add 1 to a die once rolled
/// (the text's "8 (8+1)"); at the upper orc it changes nothing, so he is
/// not asked.
pub fn hero_attack() -> AttackOrder {
    let strike_back = |martial| ReactionChoice::Attack { weapon: 0, martial };
    let upper = target(11, 1, 1.5, strike_back(None));
    let lower = target(12, 2, 0.0, strike_back(Some(MartialUse::Strength)));
    let mut o = order(1, vec![upper, lower]);
    o.martial = Some(MartialUse::Strength);
    o
}

#[test]
fn the_numbers_of_the_text() {
    let (game, _) = example_game();
    let spec = hero_attack().build(&game.rosters).unwrap();
    // Sword 2 attacks + Hero 1 die = 3; strength 12 + 2 + Martial 1 = 15.
    assert_eq!(spec.strike.strength, 15);
    assert_eq!(spec.targets[0].pool, Pool::new(1, 11, 1).unwrap());
    assert_eq!(spec.targets[1].pool, Pool::new(2, 17, 1).unwrap());
    // The orcs: WS 12 -6 = 6 with Ph 14; WS 12 + 3 = 15 with Ph 15.
    let reaction = |i: usize| match &spec.targets[i].reaction {
        feldherr_warheim::attack::ReactionSpec::Attack { pool, strike } => (*pool, strike.strength),
        other => panic!("{other:?}"),
    };
    assert_eq!(reaction(0), (Pool::new(1, 6, 0).unwrap(), 14));
    assert_eq!(reaction(1), (Pool::new(1, 15, 0).unwrap(), 15));
    // Thick orc skin: Arm 1, so 15 - 1 = 14 saves.
    assert_eq!(spec.targets[1].target.arm, 1);
}

#[test]
fn hero_against_two_orcs() {
    let (mut game, mut table) = example_game();
    let outcome = resolve(
        &mut game,
        &mut table,
        hero_attack(),
        // Hero at the upper orc 8, the orc 14; hero at the lower orc 11
        // and 16, the orc 12; the saves 17 and 8.
        super::example_answers(),
    );
    assert_eq!(outcome.exchanges[0].hits, Hits { a: 1, b: 0 });
    assert_eq!(outcome.exchanges[1].hits, Hits { a: 1, b: 0 });
    let hero = outcome.change(Id(1)).unwrap();
    assert_eq!((hero.hits, hero.t_lost, hero.fall), (0, 0, Fall::Standing));
    let upper = outcome.change(Id(11)).unwrap();
    assert_eq!(
        (upper.hits, upper.saved, upper.t_lost, upper.t_after),
        (1, 1, 0, 5)
    );
    assert_eq!(upper.nerves_penalty, Some(0));
    let lower = outcome.change(Id(12)).unwrap();
    assert_eq!((lower.hits, lower.t_lost, lower.t_after), (1, 6, -1));
    assert_eq!(
        lower.fall,
        Fall::Unconscious,
        "Regeneration 1 defers death by one point"
    );
    assert_eq!(lower.nerves_penalty, None);

    // Every roll is a logged step with a rule id.
    let log = game.resolutions[0].resolution().log();
    assert_eq!(log.iter().filter(|s| s.kind == LogKind::Roll).count(), 6);
    assert!(log.iter().all(|s| s.rule.is_some() && s.message.is_some()));

    // Applying: the lower orc falls unconscious at T -1, the upper orc
    // tests his nerves with no penalty.
    game.apply(&WarheimEdit::Apply(Id(1)), &mut table).unwrap();
    let orcs = &game.rosters[1];
    let lower = orcs.fighter(Id(12)).unwrap();
    assert_eq!(lower.current().t, -1);
    assert!(lower.has(Condition::Unconscious) && !lower.has(Condition::Dead));
    match game.resolutions[1].kind() {
        WarheimKind::Morale(spec) => {
            assert_eq!(
                (spec.fighter, spec.kind, spec.penalty),
                (Id(11), MoraleKind::Nerves, 0)
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn without_regeneration_the_orc_dies() {
    let (mut game, mut table) = example_game();
    let mut orcs = game.rosters[1].clone();
    orcs.fighters[1]
        .skills
        .retain(|s| s.kind != feldherr_warheim::SkillKind::Regeneration);
    game.apply(
        &WarheimEdit::SetRoster {
            player: 1,
            roster: orcs,
        },
        &mut table,
    )
    .unwrap();
    let outcome = resolve(
        &mut game,
        &mut table,
        hero_attack(),
        super::example_answers(),
    );
    assert_eq!(outcome.change(Id(12)).unwrap().fall, Fall::Dead);
}

#[test]
fn the_odds_before_rolling() {
    let (game, _) = example_game();
    let odds = game.preview(&hero_attack()).unwrap();
    // Upper orc: the hero's one die (with +1) against the orc's WS 6.
    let p_hero = 9.0 / 20.0 + 1.0 / 20.0; // faces 1-9 succeed (+1 under 11), 10 is a crit
    let q = odds[0].hits.prob_of(&Hits { a: 0, b: 0 })
        + odds[0].hits.prob_of(&Hits { a: 1, b: 0 })
        + odds[0].hits.prob_of(&Hits { a: 0, b: 1 });
    assert!((q - 1.0).abs() < 1e-12);
    assert!(odds[0].hits.prob(|h| h.a == 1) > 0.0);
    assert!(odds[0].hits.prob(|h| h.a == 1) <= p_hero);
    assert!((odds[1].hits.total() - 1.0).abs() < 1e-12);
    // Each side scores at most its dice.
    assert!(odds[1].hits.iter().all(|(h, _)| h.a <= 2 && h.b <= 1));
}

#[test]
fn saved_game_replays_the_example() {
    let (mut game, mut table) = example_game();
    resolve(
        &mut game,
        &mut table,
        hero_attack(),
        super::example_answers(),
    );
    game.apply(&WarheimEdit::Apply(Id(1)), &mut table).unwrap();
    let json = serde_json::to_string(&game).unwrap();
    let back: feldherr_warheim::Warheim = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);
    assert_eq!(back.resolutions[0].outcome(), game.resolutions[0].outcome());
    // Applying twice is refused and changes nothing.
    let before = game.clone();
    assert!(game.apply(&WarheimEdit::Apply(Id(1)), &mut table).is_err());
    assert_eq!(game, before);
    // Unknown keys in a saved game are refused.
    let bad = json.replacen("\"turns_played\"", "\"turns\":1,\"turns_played\"", 1);
    assert!(serde_json::from_str::<feldherr_warheim::Warheim>(&bad).is_err());
}

#[test]
fn the_panel_odds_against_monte_carlo() {
    use feldherr_dice::step::Driver;
    use feldherr_dice::{Dice, monte_carlo};
    use feldherr_warheim::attack::Attack;
    let (game, _) = example_game();
    let spec = hero_attack().build(&game.rosters).unwrap();
    let odds = spec.odds();
    let mut dice = Dice::seeded(13);
    // One resolver for every run: its odds are computed once.
    let attack = Attack::new(spec.clone());
    assert_eq!(attack.odds().len(), 2);
    for (i, target) in odds.iter().enumerate() {
        monte_carlo::check(&target.hits, 4_000, || -> Result<Hits, String> {
            let mut driver = Driver::new(attack.clone());
            let outcome = driver
                .run_to_end(&mut dice, |_| 0)
                .map_err(|e| e.to_string())?;
            Ok(outcome.exchanges[i].hits)
        })
        .unwrap();
    }
    // The hits on the hero from both orcs together.
    let total = spec.attacker_hits();
    assert!((total.total() - 1.0).abs() < 1e-12);
    let both = odds[0].hits.prob(|h| h.b == 1) * odds[1].hits.prob(|h| h.b == 1);
    assert!((total.prob_of(&2) - both).abs() < 1e-12);
}
