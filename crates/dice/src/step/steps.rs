//! The recorder a resolver runs against.

use crate::{DiceError, RollRequest, Roller};

use super::{Answer, ChoiceRequest, LogKind, LogStep, Message, Prompt};

/// Why a resolver stopped before its outcome.
#[derive(Debug, Clone, PartialEq)]
pub enum Pending {
    /// It needs this answer next.
    Ask(Box<Prompt>),
    /// It failed; only possible with answers that were not checked.
    Failed(DiceError),
}

impl From<DiceError> for Pending {
    fn from(error: DiceError) -> Self {
        Pending::Failed(error)
    }
}

/// Hands a resolver its answers one by one and collects its log.
#[derive(Debug)]
pub struct Steps<'a> {
    answers: &'a [Answer],
    next: usize,
    log: Vec<LogStep>,
}

impl<'a> Steps<'a> {
    /// A run over the given answers.
    pub fn new(answers: &'a [Answer]) -> Self {
        Self {
            answers,
            next: 0,
            log: Vec::new(),
        }
    }

    /// Asks a player to choose; returns the chosen option's index.
    pub fn choose(&mut self, request: ChoiceRequest) -> Result<usize, Pending> {
        match self.answers.get(self.next) {
            None => Err(Pending::Ask(Box::new(Prompt::Choice(request)))),
            Some(answer) => {
                let prompt = Prompt::Choice(request);
                prompt.check(answer)?;
                let (Prompt::Choice(request), Answer::Choice(index)) = (prompt, answer) else {
                    return Err(DiceError::UnexpectedAnswer {
                        expected: "a choice".into(),
                    }
                    .into());
                };
                self.next += 1;
                let option = request.options.get(*index);
                let label = option.map(|o| o.label.clone()).unwrap_or_default();
                let message = Message::new("step.chose")
                    .nested(
                        "question",
                        request
                            .message
                            .clone()
                            .unwrap_or_else(|| Message::verbatim(&request.question)),
                    )
                    .nested(
                        "option",
                        option
                            .and_then(|o| o.message.clone())
                            .unwrap_or_else(|| Message::verbatim(&label)),
                    );
                self.log.push(LogStep {
                    kind: LogKind::Choice,
                    text: format!("{}: {label}", request.question),
                    rule: request.rule.clone(),
                    numbers: vec![("option".into(), *index as i64 + 1)],
                    message: Some(message),
                });
                Ok(*index)
            }
        }
    }

    /// Appends a step to the log.
    pub fn log(&mut self, step: LogStep) {
        self.log.push(step);
    }

    /// The log so far.
    pub fn logged(&self) -> &[LogStep] {
        &self.log
    }

    /// How many answers were used.
    pub fn used(&self) -> usize {
        self.next
    }

    /// Ends the run, returning the log.
    pub fn into_log(self) -> Vec<LogStep> {
        self.log
    }
}

impl Roller for Steps<'_> {
    type Error = Pending;

    /// Odds are wanted only for the roll that will be asked: replaying the
    /// rolls already answered skips computing them.
    fn wants_odds(&self) -> bool {
        self.next >= self.answers.len()
    }

    fn roll(&mut self, request: RollRequest) -> Result<Vec<u32>, Pending> {
        match self.answers.get(self.next) {
            None => Err(Pending::Ask(Box::new(Prompt::Roll(request)))),
            Some(answer) => {
                Prompt::Roll(request.clone()).check(answer)?;
                let Answer::Dice(values) = answer else {
                    return Err(DiceError::UnexpectedAnswer {
                        expected: "dice".into(),
                    }
                    .into());
                };
                self.next += 1;
                let shown: Vec<String> = values.iter().map(u32::to_string).collect();
                let message = Message::new("step.rolled")
                    .nested(
                        "purpose",
                        request
                            .message
                            .clone()
                            .unwrap_or_else(|| Message::verbatim(&request.purpose)),
                    )
                    .text("faces", shown.join(", "));
                let mut step = LogStep {
                    kind: LogKind::Roll,
                    text: format!("{}: rolled {}", request.purpose, shown.join(", ")),
                    rule: request.rule.clone(),
                    numbers: Vec::new(),
                    message: Some(message),
                };
                for (i, v) in values.iter().enumerate() {
                    step = step.number(format!("die {}", i + 1), i64::from(*v));
                }
                self.log.push(step);
                Ok(values.clone())
            }
        }
    }
}
