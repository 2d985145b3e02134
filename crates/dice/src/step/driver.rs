//! Drives a resolver: keeps its answers, replays it, offers undo.

use std::fmt::{self, Display};

use crate::{Dice, DiceError, Roller};

use super::{Answer, ChoiceRequest, LogStep, Pending, Prompt, Steps};

/// A multi-step resolution written as plain code.
///
/// `resolve` must be pure: the same answers give the same prompts, log and
/// outcome. It reads every die through `steps` (a [`Roller`]) and every
/// player decision through [`Steps::choose`].
pub trait Resolver {
    /// What the resolution ends with.
    type Outcome;

    /// A short title for panels and logs, e.g. "Damage table: STR 10 vs RES 14".
    fn title(&self) -> String;

    /// Runs the resolution as far as the answers in `steps` allow.
    fn resolve(&self, steps: &mut Steps<'_>) -> Result<Self::Outcome, Pending>;
}

#[derive(Debug, Clone)]
enum State<O> {
    Asking(Prompt),
    Done(O),
    Failed(DiceError),
}

/// Keeps a resolver, its answers and its current state.
#[derive(Debug, Clone)]
pub struct Driver<R: Resolver> {
    resolver: R,
    answers: Vec<Answer>,
    state: State<R::Outcome>,
    log: Vec<LogStep>,
}

impl<R: Resolver> Driver<R> {
    /// Starts a resolution; it runs at once to its first prompt.
    pub fn new(resolver: R) -> Self {
        let mut driver = Self {
            resolver,
            answers: Vec::new(),
            state: State::Failed(DiceError::AlreadyFinished),
            log: Vec::new(),
        };
        driver.run();
        driver
    }

    /// Rebuilds a resolution from saved answers, checking each one.
    ///
    /// The resolver runs once over all the answers: [`Steps`] checks each
    /// answer against the prompt it meets, so a bad answer fails with the
    /// same error as [`Driver::answer`] would give, and answers left over
    /// after the outcome are [`DiceError::AlreadyFinished`].
    pub fn replay(resolver: R, answers: &[Answer]) -> Result<Self, DiceError> {
        let mut steps = Steps::new(answers);
        let result = resolver.resolve(&mut steps);
        let used = steps.used();
        let log = steps.into_log();
        let state = match result {
            Ok(outcome) if used == answers.len() => State::Done(outcome),
            Ok(_) => return Err(DiceError::AlreadyFinished),
            Err(Pending::Ask(prompt)) => State::Asking(*prompt),
            Err(Pending::Failed(error)) => return Err(error),
        };
        Ok(Self {
            resolver,
            answers: answers.to_vec(),
            state,
            log,
        })
    }

    fn run(&mut self) {
        let mut steps = Steps::new(&self.answers);
        let result = self.resolver.resolve(&mut steps);
        self.log = steps.into_log();
        self.state = match result {
            Ok(outcome) => State::Done(outcome),
            Err(Pending::Ask(prompt)) => State::Asking(*prompt),
            Err(Pending::Failed(error)) => State::Failed(error),
        };
    }

    /// The resolver.
    pub fn resolver(&self) -> &R {
        &self.resolver
    }

    /// The prompt waiting for an answer, if any.
    pub fn prompt(&self) -> Option<&Prompt> {
        match &self.state {
            State::Asking(prompt) => Some(prompt),
            _ => None,
        }
    }

    /// The outcome, once finished.
    pub fn outcome(&self) -> Option<&R::Outcome> {
        match &self.state {
            State::Done(outcome) => Some(outcome),
            _ => None,
        }
    }

    /// The error a resolver stopped with (never happens with checked answers).
    pub fn error(&self) -> Option<&DiceError> {
        match &self.state {
            State::Failed(error) => Some(error),
            _ => None,
        }
    }

    /// The log of every step so far.
    pub fn log(&self) -> &[LogStep] {
        &self.log
    }

    /// The answers given so far.
    pub fn answers(&self) -> &[Answer] {
        &self.answers
    }

    /// Gives the next answer. It is checked against the prompt first; a bad
    /// answer changes nothing.
    pub fn answer(&mut self, answer: Answer) -> Result<(), DiceError> {
        let prompt = self.prompt().ok_or(DiceError::AlreadyFinished)?;
        prompt.check(&answer)?;
        self.answers.push(answer);
        self.run();
        Ok(())
    }

    /// Answers a roll prompt with typed-in faces.
    pub fn answer_dice(&mut self, faces: Vec<u32>) -> Result<(), DiceError> {
        self.answer(Answer::Dice(faces))
    }

    /// Answers a choice prompt with an option index.
    pub fn answer_choice(&mut self, index: usize) -> Result<(), DiceError> {
        self.answer(Answer::Choice(index))
    }

    /// Answers the current roll prompt from `dice` (random or scripted).
    pub fn roll_random(&mut self, dice: &mut Dice) -> Result<(), DiceError> {
        match self.prompt() {
            Some(Prompt::Roll(request)) => {
                let faces = Roller::roll(dice, request.clone())?;
                self.answer(Answer::Dice(faces))
            }
            Some(Prompt::Choice(request)) => Err(DiceError::UnexpectedAnswer {
                expected: format!("a choice for {}", request.question),
            }),
            None => Err(DiceError::AlreadyFinished),
        }
    }

    /// Runs to the end: every roll from `dice`, every choice from `choose`.
    pub fn run_to_end(
        &mut self,
        dice: &mut Dice,
        mut choose: impl FnMut(&ChoiceRequest) -> usize,
    ) -> Result<&R::Outcome, DiceError> {
        loop {
            match self.prompt().cloned() {
                Some(Prompt::Roll(_)) => self.roll_random(dice)?,
                Some(Prompt::Choice(request)) => self.answer_choice(choose(&request))?,
                None => break,
            }
        }
        match &self.state {
            State::Done(outcome) => Ok(outcome),
            State::Failed(error) => Err(error.clone()),
            State::Asking(_) => Err(DiceError::AlreadyFinished),
        }
    }

    /// Takes back the last answer; the resolution returns to the prompt
    /// that asked for it. Returns false when there was nothing to undo.
    pub fn undo(&mut self) -> bool {
        if self.answers.pop().is_some() {
            self.run();
            true
        } else {
            false
        }
    }
}

/// A resolution seen through a trait object, for generic panels and logs.
pub trait Resolution {
    /// Title for the panel.
    fn title(&self) -> String;
    /// The prompt waiting for an answer, if any.
    fn prompt(&self) -> Option<&Prompt>;
    /// The log so far.
    fn log(&self) -> &[LogStep];
    /// The answers so far.
    fn answers(&self) -> &[Answer];
    /// Gives the next answer, checked against the prompt.
    fn answer(&mut self, answer: Answer) -> Result<(), DiceError>;
    /// Answers the current roll prompt from `dice`.
    fn roll_random(&mut self, dice: &mut Dice) -> Result<(), DiceError>;
    /// Takes back the last answer.
    fn undo(&mut self) -> bool;
    /// The outcome in words, once finished.
    fn outcome_text(&self) -> Option<String>;
    /// The whole log as plain text, one step a line.
    fn log_text(&self) -> String {
        let mut text = self.title();
        for step in self.log() {
            text.push('\n');
            text.push_str(&step.to_string());
        }
        if let Some(outcome) = self.outcome_text() {
            text.push_str("\nResult: ");
            text.push_str(&outcome);
        }
        text
    }
}

impl<R: Resolver> Resolution for Driver<R>
where
    R::Outcome: Display,
{
    fn title(&self) -> String {
        self.resolver.title()
    }
    fn prompt(&self) -> Option<&Prompt> {
        Driver::prompt(self)
    }
    fn log(&self) -> &[LogStep] {
        Driver::log(self)
    }
    fn answers(&self) -> &[Answer] {
        Driver::answers(self)
    }
    fn answer(&mut self, answer: Answer) -> Result<(), DiceError> {
        Driver::answer(self, answer)
    }
    fn roll_random(&mut self, dice: &mut Dice) -> Result<(), DiceError> {
        Driver::roll_random(self, dice)
    }
    fn undo(&mut self) -> bool {
        Driver::undo(self)
    }
    fn outcome_text(&self) -> Option<String> {
        self.outcome().map(ToString::to_string)
    }
}

impl fmt::Debug for dyn Resolution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Resolution({})", self.title())
    }
}
