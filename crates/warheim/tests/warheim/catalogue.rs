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
