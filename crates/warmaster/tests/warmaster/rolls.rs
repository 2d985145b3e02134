//! The dice steps' odds: one row per outcome with its faces (issue 25, 6),
//! named as the results are named.

use feldherr_dice::step::{Driver, Prompt};
use feldherr_play::{Catalogue, Game, Lang, ResolutionKind, step_messages};
use feldherr_warmaster::{RollResolver, Scenario, WarmasterGame, WarmasterRoll};

fn catalogue(lang: Lang) -> Catalogue {
    let mut c = Catalogue::parse("step", step_messages(lang)).expect("step catalogue");
    c.extend(Catalogue::parse("warmaster", WarmasterGame::messages(lang)).expect("catalogue"));
    c
}

fn every_roll() -> Vec<WarmasterRoll> {
    let mut rolls = vec![
        WarmasterRoll::terrain_roll_off(),
        WarmasterRoll::start_roll_off(),
        WarmasterRoll::Scenario {},
        WarmasterRoll::IncursionTerrain {},
        WarmasterRoll::Incursion { round: 2 },
        WarmasterRoll::GameLength {
            after_round: 5,
            need: 2,
        },
        WarmasterRoll::GameLength {
            after_round: 6,
            need: 4,
        },
    ];
    rolls.extend(
        Scenario::ALL
            .into_iter()
            .map(|scenario| WarmasterRoll::SpecialRule { scenario }),
    );
    rolls
}

fn rows(roll: &WarmasterRoll, lang: Lang) -> Vec<String> {
    let c = catalogue(lang);
    roll.odds()
        .iter()
        .map(|r| {
            format!(
                "{} {}/{}",
                c.render(&r.message()).expect("renders"),
                r.chances,
                r.of
            )
        })
        .collect()
}

#[test]
fn odds_are_per_outcome_with_their_faces() {
    // Text line 176: "1-2: Lang lebe der Koenig, 3-4: Verbranntes Land,
    // 5-6: Zufaellige Spieldauer": three outcomes of 1 in 3 each.
    let incursion = WarmasterRoll::SpecialRule {
        scenario: Scenario::Incursion,
    };
    assert_eq!(
        rows(&incursion, Lang::En),
        [
            "Long live the King (1-2) 2/6",
            "Scorched earth (3-4) 2/6",
            "Random game length (5-6) 2/6"
        ]
    );
    assert_eq!(
        rows(&incursion, Lang::De),
        [
            "Lang lebe der König (1-2) 2/6",
            "Verbranntes Land (3-4) 2/6",
            "Zufällige Spieldauer (5-6) 2/6"
        ]
    );
    // Text lines 182-184: the marker worth 2.
    let marker = WarmasterRoll::Incursion { round: 3 };
    assert_eq!(
        rows(&marker, Lang::En),
        ["A (1-2) 2/6", "B (3-4) 2/6", "C (5-6) 2/6"]
    );
    let r = &marker.odds()[0];
    assert!((r.probability() - 1.0 / 3.0).abs() < 1e-15);
    // Text line 154: 2+ after turn 5.
    assert_eq!(
        rows(
            &WarmasterRoll::GameLength {
                after_round: 5,
                need: 2
            },
            Lang::En
        ),
        ["the game ends (1) 1/6", "another turn (2-6) 5/6"]
    );
    assert_eq!(
        rows(&WarmasterRoll::Scenario {}, Lang::En).len(),
        6,
        "six scenarios, one face each"
    );
    assert_eq!(
        rows(
            &WarmasterRoll::terrain_roll_off().named(["Anna".into(), "Bernd".into()]),
            Lang::En
        ),
        [
            "Anna higher 15/36",
            "tie, roll again 6/36",
            "Bernd higher 15/36"
        ]
    );
    // A roll-off saved before the game named its players.
    assert_eq!(
        rows(&WarmasterRoll::terrain_roll_off(), Lang::De),
        [
            "der erste Spieler höher 15/36",
            "Gleichstand, neu würfeln 6/36",
            "der zweite Spieler höher 15/36"
        ]
    );
}

#[test]
fn the_prompt_shows_the_rows_in_english_as_the_results_are_named() {
    let en = catalogue(Lang::En);
    for roll in every_roll() {
        let odds = roll.odds();
        let total: u32 = odds.iter().map(|r| r.chances).sum();
        assert_eq!(total, odds[0].of, "{roll:?}: the rows cover every result");
        let driver = Driver::new(RollResolver(roll.clone()));
        let Some(Prompt::Roll(request)) = driver.prompt() else {
            panic!("{roll:?} asks for a roll");
        };
        assert_eq!(request.odds.len(), odds.len(), "{roll:?}");
        for (line, row) in request.odds.iter().zip(&odds) {
            // The English row is the English catalogue's row: "Long live
            // the King (1-2)", never "Lang lebe der Koenig".
            assert_eq!(
                Some(line.label.clone()),
                en.render(&row.message()),
                "{roll:?}"
            );
            assert!((line.probability - row.probability()).abs() < 1e-15);
            assert!(!line.label.contains("Lang lebe"), "{}", line.label);
        }
    }
    // And the result of a roll says the same name.
    let kind = WarmasterRoll::SpecialRule {
        scenario: Scenario::KingOfTheHill,
    };
    let replayed = kind
        .replay(&[feldherr_dice::step::Answer::Dice(vec![2])])
        .expect("answer fits");
    let outcome = kind
        .outcome_message(replayed.outcome().expect("finished"))
        .expect("message");
    assert_eq!(en.render(&outcome).as_deref(), Some("Long live the King"));
    assert_eq!(
        en.render(&kind.odds()[0].outcome).as_deref(),
        Some("Long live the King")
    );
}
