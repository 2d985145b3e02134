//! Saved resolutions: replay on load, answers, take-back and applying.

use feldherr_dice::step::{Answer, LogStep, Message, Pending, Resolver, Steps};
use feldherr_dice::{Die, RollRequest, Roller};
use feldherr_play::{
    Catalogue, Id, Lang, PlayError, Replayed, ResolutionKind, ResolutionList, SavedResolution,
    step_messages,
};
use serde::{Deserialize, Serialize};

/// Two D6 summed.
struct Sum;

impl Resolver for Sum {
    type Outcome = u32;
    fn title(&self) -> String {
        "sum".into()
    }
    fn resolve(&self, steps: &mut Steps<'_>) -> Result<u32, Pending> {
        let a = steps.roll_one(
            RollRequest::new(1, Die::D6, "first die").with_message(Message::new("t.first")),
        )?;
        let b = steps.roll_one(RollRequest::new(1, Die::D6, "second die"))?;
        steps.log(
            LogStep::rule("T1", format!("sum {}", a + b))
                .with_message(Message::new("t.sum").int("sum", a + b)),
        );
        Ok(a + b)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
enum Kind {
    Sum,
}

impl ResolutionKind for Kind {
    type Outcome = u32;
    fn replay(&self, answers: &[Answer]) -> Result<Replayed<u32>, PlayError> {
        Replayed::of(Sum, answers, |s| *s)
    }
}

fn dice(face: u32) -> Answer {
    Answer::Dice(vec![face])
}

#[test]
fn answers_build_the_typed_outcome() {
    let mut r = SavedResolution::new(Id(7), Kind::Sum).unwrap();
    assert!(r.resolution().prompt().is_some());
    r.answer(dice(3)).unwrap();
    assert_eq!(r.outcome(), None);
    r.answer(dice(5)).unwrap();
    assert_eq!(r.outcome(), Some(&8));
    // A finished resolution takes no more answers.
    assert!(r.answer(dice(1)).is_err());
    assert!(r.take_back().unwrap());
    assert_eq!(r.outcome(), None);
    assert_eq!(r.answers(), &[dice(3)]);
}

#[test]
fn a_bad_answer_changes_nothing() {
    let mut r = SavedResolution::new(Id(1), Kind::Sum).unwrap();
    let err = r.answer(dice(7)).unwrap_err();
    assert!(matches!(err, PlayError::Dice(_)), "{err}");
    assert!(r.answers().is_empty());
}

#[test]
fn applied_results_are_locked() {
    let mut list = vec![SavedResolution::new(Id(1), Kind::Sum).unwrap()];
    list.answer_at(0, dice(1)).unwrap();
    assert_eq!(list[0].set_applied(), Err(PlayError::Unfinished));
    list.answer_at(0, dice(2)).unwrap();
    list[0].set_applied().unwrap();
    assert!(list[0].set_applied().is_err());
    assert!(list.take_back_at(0).is_err());
    assert!(list.remove_at(0).is_err());
    assert_eq!(list.count(), 1);
    assert!(matches!(
        list.answer_at(3, dice(1)),
        Err(PlayError::NotFound { .. })
    ));
}

#[test]
fn loading_replays_and_refuses_bad_answers() {
    let good = r#"{"id": 2, "resolver": "Sum", "answers": [{"dice": [6]}, {"dice": [6]}], "applied": true}"#;
    let r: SavedResolution<Kind> = serde_json::from_str(good).unwrap();
    assert_eq!(r.outcome(), Some(&12));
    assert!(r.applied());
    let json = serde_json::to_string(&r).unwrap();
    let back: SavedResolution<Kind> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, r);

    let bad_face = r#"{"id": 2, "resolver": "Sum", "answers": [{"dice": [9]}]}"#;
    let err = serde_json::from_str::<SavedResolution<Kind>>(bad_face).unwrap_err();
    assert!(err.to_string().contains('9'), "{err}");

    let applied_unfinished = r#"{"id": 2, "resolver": "Sum", "answers": [], "applied": true}"#;
    let err = serde_json::from_str::<SavedResolution<Kind>>(applied_unfinished).unwrap_err();
    assert!(err.to_string().contains("applied"), "{err}");

    let unknown_key = r#"{"id": 2, "resolver": "Sum", "answrs": []}"#;
    let err = serde_json::from_str::<SavedResolution<Kind>>(unknown_key).unwrap_err();
    assert!(err.to_string().contains("answrs"), "{err}");
}

#[test]
fn logs_translate_through_catalogues() {
    let mut r = SavedResolution::new(Id(1), Kind::Sum).unwrap();
    r.answer(dice(2)).unwrap();
    r.answer(dice(4)).unwrap();
    let mut de = Catalogue::parse("step", step_messages(Lang::De)).unwrap();
    de.extend(
        Catalogue::parse(
            "t",
            r#"{"t.first": "erster Würfel", "t.sum": "Summe {sum}"}"#,
        )
        .unwrap(),
    );
    let lines: Vec<String> = r
        .resolution()
        .log()
        .iter()
        .map(|s| de.log_line(s))
        .collect();
    assert_eq!(
        lines,
        [
            "erster Würfel: gewürfelt 2",
            // No message for this purpose: the English text stands.
            "second die: gewürfelt 4",
            "[T1] Summe 6",
        ]
    );
}

#[test]
fn errors_render_through_catalogues_with_english_behind() {
    use feldherr_dice::step::Message;
    let de = Catalogue::parse(
        "t",
        r#"{"t.moved": "{machine} hat sich schon bewegt", "t.bad": "{name}: {n} Verletzungen sind zu viele", "t.gone": "Keine Maschine namens {name}"}"#,
    )
    .unwrap();
    let refused = PlayError::refused("Ram has moved already", Some("C10"))
        .with_message(Message::new("t.moved").text("machine", "Ram"));
    assert_eq!(refused.to_string(), "Ram has moved already (C10)");
    assert_eq!(de.error(&refused), "Ram hat sich schon bewegt (C10)");
    assert_eq!(de.error_reason(&refused), "Ram hat sich schon bewegt");
    assert_eq!(refused.rule(), Some("C10"));

    let invalid = PlayError::invalid("machines[0].wounds", 9, "Ram: 9 wounds are too many")
        .with_message(Message::new("t.bad").text("name", "Ram").int("n", 9));
    assert_eq!(
        invalid.to_string(),
        "machines[0].wounds: 9 is refused: Ram: 9 wounds are too many"
    );
    assert_eq!(de.error(&invalid), "Ram: 9 Verletzungen sind zu viele");

    let missing = PlayError::not_found("machine", "Ramm")
        .with_message(Message::new("t.gone").text("name", "Ramm"));
    assert_eq!(de.error(&missing), "Keine Maschine namens Ramm");

    // A key the catalogue lacks: the English sentence stands.
    let unknown = PlayError::refused("Ram is destroyed", None)
        .with_message(Message::new("t.none").text("machine", "Ram"));
    assert_eq!(de.error(&unknown), "Ram is destroyed");
    assert_eq!(de.error_reason(&unknown), "Ram is destroyed");
    // Without a message: the English sentence, and kinds without a message
    // stay as they are.
    let plain = PlayError::refused("no", Some("C3"));
    assert_eq!(de.error(&plain), "no (C3)");
    assert_eq!(de.error_reason(&plain), "no");
    assert_eq!(
        PlayError::Unfinished.with_message(Message::new("t.moved")),
        PlayError::Unfinished
    );
}
