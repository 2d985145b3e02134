//! The message catalogues: same keys in both languages, every key used
//! renders.

use std::collections::BTreeSet;

use feldherr_dice::step::{Answer, Message, MessageArg, Prompt};
use feldherr_play::{Catalogue, Game, Id, Lang, ResolutionKind, step_messages};
use feldherr_warheim::{MoraleKind, Warheim, WarheimEdit};

use super::{example_game, resolve};

fn catalogue(lang: Lang) -> Catalogue {
    let mut c = Catalogue::parse("warheim", Warheim::messages(lang)).unwrap();
    c.extend(Catalogue::parse("step", step_messages(lang)).unwrap());
    c
}

fn keys(m: &Message, out: &mut BTreeSet<String>) {
    out.insert(m.key.clone());
    for (_, a) in &m.args {
        match a {
            MessageArg::Key(k) => {
                out.insert(k.clone());
            }
            MessageArg::Nested(n) => keys(n, out),
            _ => {}
        }
    }
}

#[test]
fn both_languages_have_the_same_keys() {
    let en: BTreeSet<_> = Catalogue::parse("en", Warheim::messages(Lang::En))
        .unwrap()
        .keys()
        .map(str::to_owned)
        .collect();
    let de: BTreeSet<_> = Catalogue::parse("de", Warheim::messages(Lang::De))
        .unwrap()
        .keys()
        .map(str::to_owned)
        .collect();
    assert_eq!(en, de);
}

#[test]
fn every_key_used_renders() {
    let (mut game, mut table) = example_game();
    // The example, a crit with its choice, and both morale tests.
    resolve(
        &mut game,
        &mut table,
        super::example::hero_attack(),
        super::example_answers(),
    );
    let o = super::order(
        1,
        vec![super::target(
            11,
            3,
            0.0,
            feldherr_warheim::ReactionChoice::Dodge,
        )],
    );
    game.apply(&WarheimEdit::Attack(o), &mut table).unwrap();
    let crit = game.resolutions.len() - 1;
    for a in [Answer::Dice(vec![17, 1, 2]), Answer::Dice(vec![20])] {
        game.resolutions_mut().answer_at(crit, a).unwrap();
    }
    let prompt_at_choice = game.resolutions[crit].resolution().prompt().cloned();
    game.resolutions_mut()
        .answer_at(crit, Answer::Choice(1))
        .unwrap();
    game.apply(
        &WarheimEdit::Morale {
            fighter: Id(12),
            kind: MoraleKind::Flight,
            penalty: 0,
        },
        &mut table,
    )
    .unwrap();
    game.apply(
        &WarheimEdit::Morale {
            fighter: Id(11),
            kind: MoraleKind::Nerves,
            penalty: 2,
        },
        &mut table,
    )
    .unwrap();
    let n = game.resolutions.len();
    let first_prompt = game.resolutions[n - 1].resolution().prompt().cloned();
    game.resolutions_mut()
        .answer_at(n - 2, Answer::Dice(vec![20]))
        .unwrap();
    game.resolutions_mut()
        .answer_at(n - 1, Answer::Dice(vec![1]))
        .unwrap();

    let mut used = BTreeSet::new();
    for lang in Lang::ALL {
        let c = catalogue(lang);
        for r in &game.resolutions {
            // The title and the outcome, as the panel and the list show them.
            let title = r.kind().title_message().expect("a title message");
            let outcome = r
                .outcome()
                .map(|o| r.kind().outcome_message(o).expect("an outcome message"));
            for m in std::iter::once(&title).chain(&outcome) {
                keys(m, &mut used);
                assert!(c.render(m).is_some(), "{lang:?}: {m:?}");
            }
            for step in r.resolution().log() {
                let m = step
                    .message
                    .as_ref()
                    .unwrap_or_else(|| panic!("no message: {step}"));
                keys(m, &mut used);
                assert!(c.render(m).is_some(), "{lang:?}: {m:?}");
            }
        }
        for p in [&prompt_at_choice, &first_prompt] {
            match p {
                Some(Prompt::Choice(q)) => {
                    for m in q
                        .message
                        .iter()
                        .chain(q.options.iter().filter_map(|o| o.message.as_ref()))
                    {
                        keys(m, &mut used);
                        assert!(c.render(m).is_some(), "{lang:?}: {m:?}");
                    }
                }
                Some(Prompt::Roll(r)) => {
                    let m = r.message.as_ref().unwrap();
                    keys(m, &mut used);
                    assert!(c.render(m).is_some());
                }
                None => panic!("a prompt was expected"),
            }
        }
    }
    for key in [
        "warheim.title.attack",
        "warheim.title.morale",
        "warheim.outcome.attack",
        "warheim.outcome.morale_held",
        "warheim.outcome.morale_panic",
    ] {
        assert!(used.contains(key), "{key} is not used");
    }
    assert!(used.contains("warheim.choice.crit"), "{used:?}");
    assert!(used.contains("warheim.log.crit_direct"));
    assert!(used.contains("warheim.log.flight_failed"));
}

#[test]
fn the_example_log_in_both_languages() {
    let (mut game, mut table) = example_game();
    resolve(
        &mut game,
        &mut table,
        super::example::hero_attack(),
        super::example_answers(),
    );
    for lang in Lang::ALL {
        let c = catalogue(lang);
        let lines: Vec<String> = game.resolutions[0]
            .resolution()
            .log()
            .iter()
            .map(|s| c.log_line(s))
            .collect();
        insta::assert_snapshot!(format!("example_log_{}", lang.code()), lines.join("\n"));
    }
}

/// Answers resolution `index` with `answers`, gathering the message keys
/// of every prompt met on the way, then of its title, log and outcome.
fn drive(game: &mut Warheim, index: usize, answers: Vec<Answer>, used: &mut BTreeSet<String>) {
    let mut messages: Vec<Message> = Vec::new();
    let mut gather = |game: &Warheim| match game.resolutions[index].resolution().prompt() {
        Some(Prompt::Roll(r)) => messages.extend(r.message.clone()),
        Some(Prompt::Choice(q)) => {
            messages.extend(q.message.clone());
            messages.extend(q.options.iter().filter_map(|o| o.message.clone()));
        }
        None => {}
    };
    for a in answers {
        gather(game);
        game.resolutions_mut().answer_at(index, a).unwrap();
    }
    gather(game);
    let r = &game.resolutions[index];
    messages.extend(r.kind().title_message());
    if let Some(o) = r.outcome() {
        messages.extend(r.kind().outcome_message(o));
    }
    for step in r.resolution().log() {
        messages.push(
            step.message
                .clone()
                .unwrap_or_else(|| panic!("no message: {step}")),
        );
    }
    for lang in Lang::ALL {
        let c = catalogue(lang);
        for m in &messages {
            assert!(c.render(m).is_some(), "{lang:?}: {m:?}");
        }
    }
    for m in &messages {
        keys(m, used);
    }
}

/// Applies `edit` (a new resolution) and drives it with `answers`.
fn next(
    game: &mut Warheim,
    table: &mut feldherr_table::Table,
    edit: WarheimEdit,
    answers: Vec<Answer>,
    used: &mut BTreeSet<String>,
) {
    game.apply(&edit, table)
        .unwrap_or_else(|e| panic!("{edit:?}: {e}"));
    let index = game.resolutions.len() - 1;
    drive(game, index, answers, used);
}

/// Every key of the catalogue is used by a resolution's prompt, log,
/// title or outcome, but for the names the screens show (states,
/// modifiers), and every one of them renders in both languages.
#[test]
fn every_catalogue_key_is_used() {
    use feldherr_dice::step::Answer::{Choice, Dice};
    use feldherr_warheim::{CastOrder, Counter, ReactionChoice, Weapon};
    let mut used = BTreeSet::new();
    let (mut game, mut table) = super::three_players();
    // The example: attacks, reactions, the +1 declined, saves.
    next(
        &mut game,
        &mut table,
        WarheimEdit::Attack(super::example::hero_attack()),
        super::example_answers(),
        &mut used,
    );
    // A crit with its choice; a crit saved.
    next(
        &mut game,
        &mut table,
        WarheimEdit::Attack(super::order(
            1,
            vec![super::target(11, 3, 0.0, ReactionChoice::Dodge)],
        )),
        vec![
            Dice(vec![17, 1, 2]),
            Dice(vec![20]),
            Choice(1),
            Dice(vec![20]),
            Dice(vec![3]),
        ],
        &mut used,
    );
    // Morale: nerves held, flight failed.
    for (kind, face) in [(MoraleKind::Nerves, 1), (MoraleKind::Flight, 20)] {
        next(
            &mut game,
            &mut table,
            WarheimEdit::Morale {
                fighter: Id(31),
                kind,
                penalty: 2,
            },
            vec![Dice(vec![face])],
            &mut used,
        );
    }
    let cast = |spell, counter, dice| CastOrder {
        caster: Id(31),
        spell,
        target: Some(super::target(1, dice, 6.0, ReactionChoice::None)),
        others: Vec::new(),
        counter,
        as_reaction: false,
        overrule: false,
    };
    // Dispelled (the hunter declines his +1), overpowered, cast with its
    // effect and a +1 on the save, failed, channelled, intuitive.
    next(
        &mut game,
        &mut table,
        WarheimEdit::Cast(cast(0, Counter::Dispel, 1)),
        vec![Dice(vec![5]), Dice(vec![7, 20]), Choice(0)],
        &mut used,
    );
    next(
        &mut game,
        &mut table,
        WarheimEdit::Cast(cast(0, Counter::Overpower, 1)),
        vec![Dice(vec![3]), Dice(vec![20, 19]), Dice(vec![19])],
        &mut used,
    );
    next(
        &mut game,
        &mut table,
        WarheimEdit::Cast(cast(0, Counter::None, 1)),
        vec![Dice(vec![3]), Dice(vec![6]), Dice(vec![4]), Choice(1)],
        &mut used,
    );
    next(
        &mut game,
        &mut table,
        WarheimEdit::Cast(cast(0, Counter::None, 1)),
        vec![Dice(vec![19])],
        &mut used,
    );
    let mut sword = cast(1, Counter::None, 0);
    sword.target = None;
    next(
        &mut game,
        &mut table,
        WarheimEdit::Cast(sword),
        vec![Dice(vec![2])],
        &mut used,
    );
    next(
        &mut game,
        &mut table,
        WarheimEdit::Cast(cast(3, Counter::None, 1)),
        vec![Dice(vec![19])],
        &mut used,
    );
    // A special ability passed and failed.
    for face in [3, 20] {
        next(
            &mut game,
            &mut table,
            WarheimEdit::Special {
                fighter: Id(11),
                ability: "Waaagh!".into(),
            },
            vec![Dice(vec![face])],
            &mut used,
        );
    }
    // A throw, a spot, a reveal, a fall need the table.
    super::place(&mut game, &mut table, 1, 10.0, 10.0, 0.0);
    super::place(&mut game, &mut table, 11, 12.5, 10.0, 180.0);
    super::place(&mut game, &mut table, 12, 30.0, 30.0, 0.0);
    super::place(&mut game, &mut table, 31, 30.0, 2.0, 90.0);
    super::place(&mut game, &mut table, 32, 2.0, 30.0, 0.0);
    next(
        &mut game,
        &mut table,
        WarheimEdit::Throw {
            fighter: Id(1),
            target: Id(11),
        },
        vec![Dice(vec![5, 6])],
        &mut used,
    );
    game.apply(
        &WarheimEdit::SetCondition {
            fighter: Id(11),
            condition: feldherr_warheim::Condition::Hidden,
            on: true,
        },
        &mut table,
    )
    .unwrap();
    next(
        &mut game,
        &mut table,
        WarheimEdit::Spot {
            spotter: Id(1),
            target: Id(11),
            overrule: false,
        },
        vec![Dice(vec![19, 20])],
        &mut used,
    );
    let mut hunters = game.rosters[0].clone();
    hunters.fighters[0].weapons.push(Weapon {
        name: "Pistol".into(),
        kind: feldherr_warheim::WeaponKind::Ranged,
        attacks: 1,
        bands: vec![feldherr_warheim::RangeBand {
            up_to: 8.0,
            modifier: 0,
        }],
        strength_bonus: 4,
        ..Weapon::default()
    });
    hunters.fighters[0].skills.push(feldherr_warheim::Skill {
        kind: feldherr_warheim::SkillKind::Duelist,
        level: 1,
    });
    game.apply(
        &WarheimEdit::SetRoster {
            player: 0,
            roster: hunters,
        },
        &mut table,
    )
    .unwrap();
    let mut reveal = super::order(1, vec![super::target(11, 2, 1.5, ReactionChoice::None)]);
    reveal.weapon = 1;
    next(
        &mut game,
        &mut table,
        WarheimEdit::Reveal(reveal.clone()),
        vec![Dice(vec![19, 20])],
        &mut used,
    );
    next(
        &mut game,
        &mut table,
        WarheimEdit::Reveal(reveal),
        vec![Dice(vec![2, 3]), Dice(vec![4, 20]), Dice(vec![20])],
        &mut used,
    );
    next(
        &mut game,
        &mut table,
        WarheimEdit::Fall {
            fighter: Id(12),
            height: 5.0,
        },
        vec![Dice(vec![1])],
        &mut used,
    );
    // A manoeuvre whose dodge holds, and an Impact template that misses.
    let mut manoeuvre = super::order(
        1,
        vec![super::target(
            11,
            3,
            0.0,
            ReactionChoice::Attack {
                weapon: 0,
                martial: None,
            },
        )],
    );
    manoeuvre.manoeuvre = true;
    game.apply(
        &WarheimEdit::SetCondition {
            fighter: Id(11),
            condition: feldherr_warheim::Condition::Hidden,
            on: false,
        },
        &mut table,
    )
    .unwrap();
    next(
        &mut game,
        &mut table,
        WarheimEdit::Attack(manoeuvre),
        vec![Dice(vec![3, 18]), Dice(vec![19, 19, 19]), Dice(vec![20])],
        &mut used,
    );
    for key in [
        "warheim.roll.cast",
        "warheim.roll.dispel",
        "warheim.roll.overpower",
        "warheim.roll.test",
        "warheim.roll.manoeuvre",
        "warheim.title.fall",
        "warheim.title.reveal",
        "warheim.outcome.reveal",
        "warheim.outcome.reveal_missed",
        "warheim.choice.plus_one_save",
        "warheim.log.manoeuvre_aside",
    ] {
        assert!(used.contains(key), "{key} is not used: {used:?}");
    }
    // The refusals (`warheim.refusal.…`): tests/refusals.rs scans the
    // sources for them.
    let shown_by_screens = [
        "warheim.state.",
        "warheim.mod.",
        "warheim.reaction.",
        "warheim.refusal.",
    ];
    // The skirmish report's words (`wh.*`, the system's name) are used
    // where its source and the words it draws on name them.
    let sheet = concat!(
        include_str!("../../src/report_sheet.rs"),
        include_str!("../../src/words.rs")
    );
    let on_sheet = |k: &str| {
        (k.starts_with("wh.") || k.starts_with("system.warheim."))
            && sheet.contains(&format!("\"{k}\""))
    };
    let unused: Vec<String> = Catalogue::parse("en", Warheim::messages(Lang::En))
        .unwrap()
        .keys()
        .filter(|k| {
            !used.contains(*k) && !on_sheet(k) && !shown_by_screens.iter().any(|p| k.starts_with(p))
        })
        .map(str::to_owned)
        .collect();
    // Keys only the rare outcomes reach, checked by the render test above
    // where they occur.
    let rare = [
        "warheim.roll.impact",
        "warheim.log.impact_placed",
        "warheim.log.impact_missed",
        "warheim.log.manoeuvre_stays",
        "warheim.log.crit_da",
        "warheim.log.crit_ep",
        "warheim.log.thrown_back",
        "warheim.log.template",
        "warheim.need.all",
        "warheim.need.none",
        "warheim.log.nerves_failed",
        "warheim.outcome.morale_panic",
        "warheim.outcome.cast_countered",
        "warheim.save_result.stopped",
    ];
    let unused: Vec<&String> = unused
        .iter()
        .filter(|k| !rare.contains(&k.as_str()))
        .collect();
    assert!(unused.is_empty(), "never used: {unused:?}");
}
