//! The step-by-step protocol: prompts, answers, checks, log, undo, replay.

#![expect(
    clippy::unwrap_used,
    reason = "a test fails loudly on an unexpected error"
)]

use feldherr_dice::mechanics::{D6Test, TestResult};
use feldherr_dice::step::{
    Answer, ChoiceRequest, Driver, LogKind, LogStep, Pending, Prompt, Resolution, Resolver, Steps,
};
use feldherr_dice::{Dice, DiceError, Die, RollRequest, Roller};

/// A little sled-race-like resolution: roll a movement die, choose how to
/// round, then a hedge test.
#[derive(Debug)]
struct NewSpeed {
    speed: i32,
}

impl Resolver for NewSpeed {
    type Outcome = (i32, TestResult);

    fn title(&self) -> String {
        format!("new speed from {}", self.speed)
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<Self::Outcome, Pending> {
        let die = steps.roll_one(RollRequest::new(1, Die::D6, "movement die").rule("T5"))? as i32;
        let sum = self.speed + die;
        let new = if sum % 2 == 0 {
            sum / 2
        } else {
            let choice = steps.choose(
                ChoiceRequest::new("round the new speed")
                    .rule("T5")
                    .option("down", format!("speed {}", sum / 2))
                    .option("up", format!("speed {}", sum / 2 + 1)),
            )?;
            sum / 2 + choice as i32
        };
        steps.log(LogStep::rule("T5", format!("new speed {new}")).number("speed", new.into()));
        let test = D6Test::new(3, -2).unwrap().roll(steps, "hedge test")?;
        Ok((new, test))
    }
}

#[test]
fn asks_each_roll_and_choice_in_turn() {
    let mut driver = Driver::new(NewSpeed { speed: 2 });
    let Some(Prompt::Roll(request)) = driver.prompt() else {
        panic!("expected a roll prompt");
    };
    assert_eq!(request.purpose, "movement die");
    assert_eq!(request.rule.as_deref(), Some("T5"));

    // A speed rule: speed 2, die 5 -> 3.5 -> the driver rounds up to 4.
    driver.answer_dice(vec![5]).unwrap();
    let Some(Prompt::Choice(choice)) = driver.prompt() else {
        panic!("expected a choice");
    };
    assert_eq!(choice.options.len(), 2);
    assert_eq!(choice.options[1].detail, "speed 4");
    // Option 3 does not exist; nothing changes.
    assert!(matches!(
        driver.answer_choice(2),
        Err(DiceError::ChoiceOutOfRange {
            index: 2,
            options: 2,
            ..
        })
    ));
    // Dice are the wrong kind of answer for a choice.
    assert!(matches!(
        driver.answer_dice(vec![3]),
        Err(DiceError::UnexpectedAnswer { .. })
    ));
    driver.answer_choice(1).unwrap();

    // The hedge test prompt carries its exact odds: 5+ after -2 on 3+.
    let Some(Prompt::Roll(hedge)) = driver.prompt() else {
        panic!("expected the hedge roll");
    };
    let passed = hedge.odds.iter().find(|l| l.label == "passed").unwrap();
    assert!((passed.probability - 2.0 / 6.0).abs() < 1e-15);
    assert!(driver.answer_dice(vec![7]).is_err());
    assert!(driver.answer_dice(vec![4, 4]).is_err());
    driver.answer_dice(vec![4]).unwrap();

    assert_eq!(driver.outcome(), Some(&(4, TestResult::Failed)));
    assert!(driver.prompt().is_none());
    assert!(matches!(
        driver.answer_dice(vec![1]),
        Err(DiceError::AlreadyFinished)
    ));

    let kinds: Vec<LogKind> = driver.log().iter().map(|s| s.kind).collect();
    assert_eq!(
        kinds,
        [LogKind::Roll, LogKind::Choice, LogKind::Rule, LogKind::Roll]
    );
    assert_eq!(driver.log()[0].text, "movement die: rolled 5");
    assert_eq!(driver.log()[0].get("die 1"), Some(5));
    assert_eq!(driver.log()[2].get("speed"), Some(4));
    assert_eq!(driver.log()[2].to_string(), "[T5] new speed 4");
}

#[test]
fn undo_returns_to_the_prompt_that_asked() {
    let mut driver = Driver::new(NewSpeed { speed: 2 });
    driver.answer_dice(vec![5]).unwrap();
    driver.answer_choice(0).unwrap();
    driver.answer_dice(vec![6]).unwrap();
    assert_eq!(driver.outcome(), Some(&(3, TestResult::Passed)));

    assert!(driver.undo());
    assert!(matches!(driver.prompt(), Some(Prompt::Roll(r)) if r.purpose == "hedge test"));
    assert!(driver.undo());
    assert!(matches!(driver.prompt(), Some(Prompt::Choice(_))));
    assert!(driver.undo());
    assert!(matches!(driver.prompt(), Some(Prompt::Roll(r)) if r.purpose == "movement die"));
    assert!(driver.log().is_empty());
    assert!(!driver.undo());
}

#[test]
fn replay_from_saved_answers() {
    let answers = vec![
        Answer::Dice(vec![3]),
        Answer::Choice(1),
        Answer::Dice(vec![5]),
    ];
    let json = serde_json::to_string(&answers).unwrap();
    let loaded: Vec<Answer> = serde_json::from_str(&json).unwrap();
    let driver = Driver::replay(NewSpeed { speed: 0 }, &loaded).unwrap();
    assert_eq!(driver.outcome(), Some(&(2, TestResult::Passed)));
    // A damaged save (a 9 on a D6) is refused with a clear error.
    let bad = vec![Answer::Dice(vec![9])];
    let err = Driver::replay(NewSpeed { speed: 0 }, &bad).unwrap_err();
    assert_eq!(
        err.to_string(),
        "movement die: 9 is not a face of a D6 (allowed 1 to 6)"
    );
}

#[test]
fn random_helper_runs_to_the_end_reproducibly() {
    let run = |seed| {
        let mut driver = Driver::new(NewSpeed { speed: 3 });
        let mut dice = Dice::seeded(seed);
        let outcome = *driver.run_to_end(&mut dice, |_| 1).unwrap();
        (outcome, driver.answers().to_vec())
    };
    assert_eq!(run(5), run(5));
    // Replaying the recorded answers as typed-in dice gives the same outcome (G3).
    let (outcome, answers) = run(5);
    let mut typed = Driver::new(NewSpeed { speed: 3 });
    for answer in answers {
        typed.answer(answer).unwrap();
    }
    assert_eq!(typed.outcome(), Some(&outcome));
}

#[test]
fn roll_random_refuses_a_choice_prompt() {
    let mut driver = Driver::new(NewSpeed { speed: 2 });
    driver.answer_dice(vec![5]).unwrap();
    assert!(matches!(
        driver.roll_random(&mut Dice::seeded(1)),
        Err(DiceError::UnexpectedAnswer { .. })
    ));
}

#[test]
fn dyn_resolution_log_text() {
    #[derive(Debug)]
    struct Two;
    impl Resolver for Two {
        type Outcome = u32;
        fn title(&self) -> String {
            "two dice".into()
        }
        fn resolve(&self, steps: &mut Steps<'_>) -> Result<u32, Pending> {
            let f = steps.roll(RollRequest::new(2, Die::D6, "sum").rule("X"))?;
            Ok(f.iter().sum())
        }
    }
    let mut boxed: Box<dyn Resolution> = Box::new(Driver::new(Two));
    boxed.answer(Answer::Dice(vec![2, 3])).unwrap();
    assert_eq!(
        boxed.log_text(),
        "two dice\n[X] sum: rolled 2, 3\nResult: 5"
    );
    assert!(boxed.undo());
    assert_eq!(boxed.outcome_text(), None);
}
