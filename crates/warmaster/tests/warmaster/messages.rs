//! The catalogues: same keys in both languages, every key used renders.

use std::collections::BTreeSet;

use feldherr_dice::step::{Answer, Driver, Message, MessageArg, Prompt};
use feldherr_play::{Catalogue, Game, Lang, ResolutionKind, step_messages};
use feldherr_warmaster::{
    RollResolver, Scenario, SpecialRule, TerrainType, UnitKind, WarmasterGame, WarmasterRoll,
};

fn catalogue(lang: Lang) -> Catalogue {
    let mut c = Catalogue::parse("step", step_messages(lang)).expect("step catalogue");
    c.extend(Catalogue::parse("warmaster", WarmasterGame::messages(lang)).expect("catalogue"));
    c
}

fn keys_of(m: &Message, out: &mut BTreeSet<String>) {
    out.insert(m.key.clone());
    for (_, arg) in &m.args {
        match arg {
            MessageArg::Key(k) => {
                out.insert(k.clone());
            }
            MessageArg::Nested(n) => keys_of(n, out),
            _ => {}
        }
    }
}

#[test]
fn both_catalogues_have_the_same_keys() {
    let en: BTreeSet<String> = catalogue(Lang::En).keys().map(str::to_owned).collect();
    let de: BTreeSet<String> = catalogue(Lang::De).keys().map(str::to_owned).collect();
    assert_eq!(en, de);
}

#[test]
fn every_key_used_renders_in_both_languages() {
    let mut used = BTreeSet::new();
    let mut messages = Vec::new();
    let runs: Vec<(WarmasterRoll, Vec<Answer>)> = vec![
        (
            WarmasterRoll::terrain_roll_off(),
            vec![Answer::Dice(vec![2, 2]), Answer::Dice(vec![6, 1])],
        ),
        (
            WarmasterRoll::start_roll_off(),
            vec![Answer::Dice(vec![1, 4]), Answer::Choice(0)],
        ),
        (WarmasterRoll::Scenario {}, vec![Answer::Dice(vec![3])]),
        (
            WarmasterRoll::SpecialRule {
                scenario: Scenario::Linebreak,
            },
            vec![Answer::Dice(vec![1])],
        ),
        (
            WarmasterRoll::SpecialRule {
                scenario: Scenario::Entrenched,
            },
            vec![Answer::Dice(vec![6])],
        ),
        (
            WarmasterRoll::Incursion { round: 2 },
            vec![Answer::Dice(vec![6])],
        ),
        (
            WarmasterRoll::GameLength {
                after_round: 5,
                need: 2,
            },
            vec![Answer::Dice(vec![1])],
        ),
        (
            WarmasterRoll::GameLength {
                after_round: 6,
                need: 4,
            },
            vec![Answer::Dice(vec![5])],
        ),
    ];
    for (kind, answers) in runs {
        // The title and the outcome, as the resolution panel shows them.
        let replayed = kind.replay(&answers).expect("answers fit");
        messages.extend(kind.title_message());
        messages.extend(kind.outcome_message(replayed.outcome().expect("finished")));
        let mut driver = Driver::new(RollResolver(kind));
        for a in answers {
            match driver.prompt().cloned() {
                Some(Prompt::Roll(r)) => messages.extend(r.message),
                Some(Prompt::Choice(c)) => {
                    messages.extend(c.message);
                    messages.extend(c.options.iter().filter_map(|o| o.message.clone()));
                }
                None => {}
            }
            driver.answer(a).expect("answer fits");
        }
        assert!(driver.outcome().is_some());
        messages.extend(driver.log().iter().filter_map(|s| s.message.clone()));
    }
    for m in &messages {
        keys_of(m, &mut used);
    }
    for s in Scenario::ALL {
        used.insert(s.label_key());
    }
    for r in [
        SpecialRule::SuddenDeath,
        SpecialRule::LongLiveTheKing,
        SpecialRule::Dominate,
        SpecialRule::RandomGameLength,
        SpecialRule::ScorchedEarth,
        SpecialRule::Killbox,
    ] {
        used.insert(r.label_key());
    }
    for t in TerrainType::ALL {
        used.insert(t.label_key());
        let options = feldherr_warmaster::GuardiansOptions {
            destructive: true,
            ..Default::default()
        };
        for note in t.effects_with(&options).notes() {
            used.insert(note.to_owned());
        }
    }
    for k in UnitKind::ALL {
        used.insert(k.label_key());
    }
    for lang in Lang::ALL {
        let c = catalogue(lang);
        for key in &used {
            assert!(c.get(key).is_some(), "{key} missing in {lang:?}");
        }
        for m in &messages {
            assert!(c.render(m).is_some(), "{m:?} does not render in {lang:?}");
        }
    }
    let de = catalogue(Lang::De);
    let line = de.render(&messages[messages.len() - 1]).expect("renders");
    assert_eq!(line, "W6 5 (4+ nötig): nach Zug 6 geht es weiter");
}

#[test]
fn the_example_games_results_render_in_german() {
    let (game, _) = super::example::play();
    let de = catalogue(Lang::De);
    let en = catalogue(Lang::En);
    let names = [game.players[0].name.clone(), game.players[1].name.clone()];
    let mut lines = Vec::new();
    for e in game.ep_lines() {
        lines.push(e.line.source.message());
    }
    let v = game.victory();
    for side in &v.sides {
        lines.extend(side.lines.iter().map(|l| l.kind.message()));
    }
    for r in &game.end.as_ref().expect("ended").reasons {
        lines.push(r.message(&names));
    }
    lines.push(v.verdict.message(&names));
    for m in &lines {
        assert!(en.render(m).is_some(), "{m:?} in English");
    }
    let german: Vec<String> = lines
        .iter()
        .map(|m| de.render(m).expect("renders"))
        .collect();
    insta::assert_snapshot!("example_game_german", german.join("\n"));
    // Every other typed line renders too.
    use feldherr_play::Id;
    use feldherr_warmaster::{EndReason, EpSource, Player, Verdict};
    let others = [
        EpSource::Zone {
            objective: Id(1),
            label: "Z".into(),
        }
        .message(),
        EpSource::OwnLine.message(),
        EpSource::EnemyLine { markers: 2 }.message(),
        EpSource::Cap { cap: 4 }.message(),
        EpSource::Killbox {
            unit: Id(1),
            name: "X".into(),
        }
        .message(),
        EpSource::ScorchedEarth {
            unit: Id(1),
            name: "X".into(),
        }
        .message(),
        EpSource::KingSlain {
            unit: Id(1),
            name: "X".into(),
            by_general: None,
        }
        .message(),
        EpSource::GeneralFought { general: Id(1) }.message(),
        EpSource::KingCap { general: None }.message(),
        EpSource::Marker {
            objective: Id(1),
            label: "A".into(),
            doubled: true,
        }
        .message(),
        EndReason::SuddenDeath { leader: Player::A }.message(&names),
        EndReason::GeneralSlain { player: Player::A }.message(&names),
        EndReason::ArmyBroken { player: Player::A }.message(&names),
        EndReason::TurnLimit { rounds: 6 }.message(&names),
        EndReason::ClockOut { player: Player::A }.message(&names),
        EndReason::Agreed.message(&names),
        Verdict::Draw.message(&names),
        Verdict::Clock { winner: Player::B }.message(&names),
    ];
    for m in &others {
        assert!(de.render(m).is_some() && en.render(m).is_some(), "{m:?}");
    }
}
