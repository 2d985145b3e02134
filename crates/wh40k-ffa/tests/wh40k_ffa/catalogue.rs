//! The message catalogues: same keys in English and German, and every
//! message the engine uses renders in both.

use feldherr_dice::step::{Driver, Message, MessageArg, Prompt, Resolution};
use feldherr_play::{Catalogue, Game, Lang, ResolutionKind, step_messages};
use feldherr_wh40k_ffa::deployment::options_after;
use feldherr_wh40k_ffa::{
    BagDraw, Cause, Combat, CombatFate, Contender, FfaResolution, FreeForAll, RollOff, SweepRule,
    UnitStatus, ZoneSlot,
};

fn catalogue(lang: Lang) -> Catalogue {
    let mut c = Catalogue::parse("step", step_messages(lang)).expect("step catalogue");
    c.extend(Catalogue::parse(FreeForAll::SYSTEM, FreeForAll::messages(lang)).expect("catalogue"));
    c
}

fn keys_of(message: &Message, into: &mut Vec<String>) {
    into.push(message.key.clone());
    for (_, arg) in &message.args {
        match arg {
            MessageArg::Key(k) => into.push(k.clone()),
            MessageArg::Nested(m) => keys_of(m, into),
            _ => {}
        }
    }
}

/// Every message of a resolution driven by `answers`, prompt by prompt.
fn messages_of<R>(resolver: R, answers: &[feldherr_dice::step::Answer]) -> Vec<Message>
where
    R: feldherr_dice::step::Resolver + Clone,
    R::Outcome: std::fmt::Display,
{
    let mut out = Vec::new();
    for n in 0..=answers.len() {
        let driver = Driver::replay(resolver.clone(), &answers[..n]).expect("answers fit");
        out.extend(
            Resolution::log(&driver)
                .iter()
                .filter_map(|s| s.message.clone()),
        );
        match driver.prompt() {
            Some(Prompt::Roll(r)) => out.extend(r.message.clone()),
            Some(Prompt::Choice(c)) => {
                out.extend(c.message.clone());
                out.extend(c.options.iter().filter_map(|o| o.message.clone()));
                out.extend(c.options.iter().filter_map(|o| o.detail_message.clone()));
            }
            None => {}
        }
    }
    out
}

#[derive(serde::Deserialize)]
struct Case {
    combat: Combat,
    answers: Vec<feldherr_dice::step::Answer>,
    #[serde(flatten)]
    _rest: serde_json::Value,
}

#[test]
fn both_catalogues_have_the_same_keys() {
    let en: Vec<&str> = {
        let c = Box::leak(Box::new(catalogue(Lang::En)));
        c.keys().collect()
    };
    let de: Vec<&str> = {
        let c = Box::leak(Box::new(catalogue(Lang::De)));
        c.keys().collect()
    };
    assert_eq!(en, de);
    assert!(en.iter().filter(|k| k.starts_with("wh40k_ffa.")).count() > 30);
}

#[test]
fn every_message_used_renders_in_both_languages() {
    let mut messages = Vec::new();
    // Each kind of resolution with answers that finish it: their titles
    // and outcomes are messages too.
    let mut kinds = Vec::new();
    let cases: Vec<Case> =
        serde_json::from_str(include_str!("../../../../fixtures/wh40k-ffa/combats.json")).unwrap();
    for case in cases {
        kinds.push((
            FfaResolution::Combat(case.combat.clone()),
            case.answers.clone(),
        ));
        messages.extend(messages_of(case.combat, &case.answers));
    }
    let names = ["Anna", "Ben", "Cem"];
    let players: Vec<Contender> = names
        .iter()
        .enumerate()
        .map(|(seat, n)| Contender {
            seat,
            name: (*n).into(),
        })
        .collect();
    use feldherr_dice::step::Answer::Dice;
    messages.extend(messages_of(
        RollOff {
            players: players.clone(),
        },
        &[Dice(vec![4, 4, 1]), Dice(vec![2, 5])],
    ));
    messages.extend(messages_of(
        BagDraw {
            round: 2,
            bag: players[..2].to_vec(),
        },
        &[Dice(vec![2])],
    ));
    messages.extend(messages_of(
        BagDraw {
            round: 2,
            bag: players[..1].to_vec(),
        },
        &[],
    ));
    use feldherr_dice::step::Answer::Dice as D;
    kinds.push((
        FfaResolution::RollOff(RollOff {
            players: players.clone(),
        }),
        vec![D(vec![4, 4, 1]), D(vec![2, 5])],
    ));
    kinds.push((
        FfaResolution::Draw(BagDraw {
            round: 2,
            bag: players[..2].to_vec(),
        }),
        vec![D(vec![2])],
    ));
    for (kind, answers) in &kinds {
        messages.extend(kind.title_message());
        let replayed = kind.replay(answers).expect("the answers fit");
        let outcome = replayed.outcome().expect("the answers finish it");
        messages.extend(kind.outcome_message(outcome));
    }
    for players in [3, 4] {
        let mut taken: Vec<Vec<ZoneSlot>> = vec![vec![]];
        while let Some(t) = taken.pop() {
            for option in options_after(players, &t) {
                messages.push(option.message.clone());
                let mut next = t.clone();
                next.push(option.slot);
                taken.push(next);
            }
        }
    }
    for rule in [SweepRule::TiesDestroy, SweepRule::EqualOrHigherDestroys] {
        messages.push(Message::new(rule.label_key()));
    }
    for slot in ZoneSlot::ALL {
        messages.push(Message::new(slot.label_key()));
    }
    for fate in [
        CombatFate::Won,
        CombatFate::Held,
        CombatFate::Fled,
        CombatFate::Caught,
        CombatFate::Destroyed,
    ] {
        messages.push(Message::new(fate.label_key()));
    }
    let when = (1, 0);
    for status in [
        UnitStatus::Active,
        UnitStatus::Fleeing {
            combat: feldherr_play::Id(1),
            round: when.0,
        },
        UnitStatus::Destroyed {
            round: when.0,
            turn_of: when.1,
            by: vec![1],
            cause: Cause::Losses,
        },
        UnitStatus::Removed {
            round: when.0,
            turn_of: when.1,
        },
    ] {
        messages.push(Message::new(status.label_key()));
    }
    let mut used = Vec::new();
    for m in &messages {
        keys_of(m, &mut used);
    }
    for lang in Lang::ALL {
        let c = catalogue(lang);
        for m in &messages {
            assert!(
                c.render(m).is_some(),
                "{m:?} does not render in {}",
                lang.code()
            );
        }
    }
    // And every catalogue key of the system is used (the refusals'
    // `wh40k_ffa.refusal.…`: tests/refusals.rs scans the sources).
    let c = catalogue(Lang::En);
    for key in c
        .keys()
        .filter(|k| k.starts_with("wh40k_ffa.") && !k.starts_with("wh40k_ffa.refusal."))
    {
        assert!(used.iter().any(|u| u == key), "{key} is never used");
    }
}
