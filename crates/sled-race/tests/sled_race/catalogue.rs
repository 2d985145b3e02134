//! The message catalogues: same keys in both languages, every key used
//! renders.

use std::collections::BTreeMap;

use feldherr_dice::step::{LogStep, Message, MessageArg, Prompt};
use feldherr_play::{Catalogue, Game, Lang, ResolutionKind, step_messages};
use feldherr_sled_race::Race;

fn keys(json: &str) -> Vec<String> {
    let map: BTreeMap<String, String> = serde_json::from_str(json).expect("valid JSON");
    map.into_keys().collect()
}

#[test]
fn both_catalogues_have_the_same_keys() {
    assert_eq!(
        keys(Race::messages(Lang::En)),
        keys(Race::messages(Lang::De))
    );
}

fn all_keys(m: &Message, out: &mut Vec<String>) {
    out.push(m.key.clone());
    for (_, a) in &m.args {
        match a {
            MessageArg::Key(k) => out.push(k.clone()),
            MessageArg::Nested(n) => all_keys(n, out),
            _ => {}
        }
    }
}

#[test]
fn every_key_used_in_races_renders_in_both_languages() {
    let mut used = Vec::new();
    let mut titles = Vec::new();
    for seed in 0..12 {
        let (race, _) = super::proptest_race::random_race(seed, 6, 8).expect("race");
        for r in &race.resolutions {
            // The title, as the resolution panel and list show it.
            let title = r.kind().title_message().expect("a title message");
            all_keys(&title, &mut used);
            titles.push(title);
            let log: &[LogStep] = r.resolution().log();
            for step in log {
                if let Some(m) = &step.message {
                    all_keys(m, &mut used);
                }
            }
            if let Some(Prompt::Roll(req)) = r.resolution().prompt()
                && let Some(m) = &req.message
            {
                all_keys(m, &mut used);
            }
        }
    }
    used.sort();
    used.dedup();
    assert!(used.len() > 30, "only {} keys seen", used.len());
    for lang in Lang::ALL {
        let mut cat = Catalogue::parse("step", step_messages(lang)).expect("step catalogue");
        cat.extend(Catalogue::parse("sled", Race::messages(lang)).expect("sled catalogue"));
        for key in &used {
            if key == "verbatim" {
                continue;
            }
            assert!(cat.get(key).is_some(), "{key} missing in {lang:?}");
        }
        for title in &titles {
            assert!(cat.render(title).is_some(), "{title:?} in {lang:?}");
        }
    }
}

#[test]
fn every_outcome_is_a_message_in_both_languages_and_its_english_is_the_summary() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..12 {
        let (race, _) = super::proptest_race::random_race(seed, 6, 8).expect("race");
        for r in &race.resolutions {
            let Some(outcome) = r.outcome() else {
                continue;
            };
            let message = r
                .kind()
                .outcome_message(outcome)
                .expect("an outcome message");
            seen.insert(message.key.clone());
            for lang in Lang::ALL {
                let mut cat =
                    Catalogue::parse("step", step_messages(lang)).expect("step catalogue");
                cat.extend(Catalogue::parse("sled", Race::messages(lang)).expect("sled"));
                let text = cat.render(&message).expect("renders");
                if lang == Lang::En {
                    assert_eq!(Some(text), r.resolution().outcome_text());
                } else {
                    assert!(
                        !text.contains("moved") && !text.contains("placed"),
                        "{text}"
                    );
                }
            }
        }
    }
    for key in [
        "sled.outcome.start",
        "sled.outcome.turn_dice",
        "sled.outcome.round_order",
        "sled.outcome.move",
        "sled.outcome.turn",
    ] {
        assert!(seen.contains(key), "{key} not seen: {seen:?}");
    }
}

#[test]
fn english_log_text_matches_the_catalogue_rendering() {
    // The engine renders its English text itself (one pass); it must equal
    // the contract's rendering of the same message.
    let (race, _) = super::proptest_race::random_race(3, 4, 10).expect("race");
    let mut cat = Catalogue::parse("step", step_messages(Lang::En)).expect("step catalogue");
    cat.extend(Catalogue::parse("sled", Race::messages(Lang::En)).expect("sled catalogue"));
    let mut checked = 0;
    for r in &race.resolutions {
        for step in r.resolution().log() {
            if let Some(m) = &step.message
                && m.key.starts_with("sled.")
            {
                assert_eq!(cat.render(m).as_deref(), Some(step.text.as_str()));
                checked += 1;
            }
        }
    }
    assert!(checked > 20);
}

#[test]
fn every_roll_shows_its_exact_odds_before_it_is_made() {
    use feldherr_play::ResolutionKind;
    let mut rolls = 0;
    for seed in [4, 9] {
        let (race, _) = super::proptest_race::random_race(seed, 5, 12).expect("race");
        for r in &race.resolutions {
            let answers = r.answers();
            for k in 0..answers.len() {
                let replayed = r.kind().replay(&answers[..k]).expect("replay");
                if let Some(Prompt::Roll(req)) = replayed.resolution().prompt() {
                    assert!(!req.odds.is_empty(), "no odds for {}", req.purpose);
                    let total: f64 = req.odds.iter().map(|o| o.probability).sum();
                    assert!((total - 1.0).abs() < 1e-9, "{}: {total}", req.purpose);
                    assert!(
                        req.rule.is_some() && req.message.is_some(),
                        "{}",
                        req.purpose
                    );
                    rolls += 1;
                }
            }
        }
    }
    assert!(rolls > 50, "only {rolls} rolls seen");
}
