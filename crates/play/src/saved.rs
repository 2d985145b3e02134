//! Saved step-by-step resolutions with typed outcomes, replayed once per
//! set of answers.

use std::fmt::{self, Debug, Display};
use std::sync::Arc;

use feldherr_dice::step::{Answer, Driver, Message, Resolution, Resolver};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Id, PlayError};

/// The inputs of one kind of resolution of a rule system (usually an
/// enum over its resolvers). It knows how to build its resolver and replay
/// answers on it, and what typed outcome a finished one has.
pub trait ResolutionKind:
    Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// What a finished resolution of this system ended with.
    type Outcome: Clone + Debug + PartialEq + Send + Sync + 'static;

    /// Builds the resolver and replays `answers` on it; an answer that
    /// does not fit its prompt is an error naming it.
    fn replay(&self, answers: &[Answer]) -> Result<Replayed<Self::Outcome>, PlayError>;

    /// The title as a catalogue message, so a screen or a sheet can show
    /// it in its own language; `None` keeps the resolver's English title.
    fn title_message(&self) -> Option<Message> {
        None
    }

    /// A finished outcome as a catalogue message; `None` keeps the
    /// resolver's English outcome text.
    fn outcome_message(&self, outcome: &Self::Outcome) -> Option<Message> {
        let _ = outcome;
        None
    }
}

/// A resolution rebuilt from its answers: the live resolution for the
/// panel (prompt, odds, log) and, once finished, its typed outcome.
pub struct Replayed<O> {
    resolution: Box<dyn Resolution + Send + Sync>,
    outcome: Option<O>,
}

impl<O> Replayed<O> {
    /// Replays `answers` on `resolver`; `outcome` turns the resolver's own
    /// outcome into the system's typed outcome.
    pub fn of<R>(
        resolver: R,
        answers: &[Answer],
        outcome: impl FnOnce(&R::Outcome) -> O,
    ) -> Result<Self, PlayError>
    where
        R: Resolver + Send + Sync + 'static,
        R::Outcome: Display + Send + Sync + 'static,
    {
        let driver = Driver::replay(resolver, answers)?;
        let outcome = driver.outcome().map(outcome);
        Ok(Self {
            resolution: Box::new(driver),
            outcome,
        })
    }

    /// The live resolution.
    pub fn resolution(&self) -> &(dyn Resolution + Send + Sync) {
        self.resolution.as_ref()
    }

    /// The typed outcome, once finished.
    pub fn outcome(&self) -> Option<&O> {
        self.outcome.as_ref()
    }
}

impl<O: Debug> Debug for Replayed<O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Replayed")
            .field("title", &self.resolution.title())
            .field("outcome", &self.outcome)
            .finish()
    }
}

/// One saved resolution: a stable id, its inputs, the answers given so
/// far and whether its result was applied to the game.
///
/// It is replayed once when it is made, loaded or answered; the outcome is
/// kept, so reading it costs nothing. Loading replays too, so a saved
/// answer that does not fit is a load error.
#[derive(Clone)]
pub struct SavedResolution<K: ResolutionKind> {
    id: Id,
    kind: K,
    answers: Vec<Answer>,
    applied: bool,
    replayed: Arc<Replayed<K::Outcome>>,
}

impl<K: ResolutionKind> SavedResolution<K> {
    /// A new resolution with id `id`; its inputs are checked by running it
    /// to the first prompt.
    pub fn new(id: Id, kind: K) -> Result<Self, PlayError> {
        Self::with_answers(id, kind, Vec::new(), false)
    }

    /// A resolution with answers, checked by replaying them.
    pub fn with_answers(
        id: Id,
        kind: K,
        answers: Vec<Answer>,
        applied: bool,
    ) -> Result<Self, PlayError> {
        let replayed = Arc::new(kind.replay(&answers)?);
        if applied && replayed.outcome().is_none() {
            return Err(PlayError::invalid(
                "applied",
                "true",
                "an unfinished resolution cannot have been applied",
            ));
        }
        Ok(Self {
            id,
            kind,
            answers,
            applied,
            replayed,
        })
    }

    /// Its id.
    pub fn id(&self) -> Id {
        self.id
    }

    /// Its inputs.
    pub fn kind(&self) -> &K {
        &self.kind
    }

    /// The answers given so far.
    pub fn answers(&self) -> &[Answer] {
        &self.answers
    }

    /// Whether its result was applied to the game.
    pub fn applied(&self) -> bool {
        self.applied
    }

    /// The live resolution for a panel.
    pub fn resolution(&self) -> &(dyn Resolution + Send + Sync) {
        self.replayed.resolution()
    }

    /// The typed outcome, once finished.
    pub fn outcome(&self) -> Option<&K::Outcome> {
        self.replayed.outcome()
    }

    /// Whether it is finished.
    pub fn finished(&self) -> bool {
        self.outcome().is_some()
    }

    /// Gives the next answer; a bad answer, or one to a finished or
    /// applied resolution, changes nothing.
    pub fn answer(&mut self, answer: Answer) -> Result<(), PlayError> {
        if self.applied {
            return Err(PlayError::refused(
                "its result is applied already; undo that first",
                None,
            ));
        }
        if self.finished() {
            return Err(PlayError::refused("the resolution is finished", None));
        }
        let mut answers = self.answers.clone();
        answers.push(answer);
        let replayed = self.kind.replay(&answers)?;
        self.answers = answers;
        self.replayed = Arc::new(replayed);
        Ok(())
    }

    /// Takes back the last answer; false when there was none. Refused once
    /// the result is applied.
    pub fn take_back(&mut self) -> Result<bool, PlayError> {
        if self.applied {
            return Err(PlayError::refused(
                "its result is applied already; undo that first",
                None,
            ));
        }
        let mut answers = self.answers.clone();
        if answers.pop().is_none() {
            return Ok(false);
        }
        self.replayed = Arc::new(self.kind.replay(&answers)?);
        self.answers = answers;
        Ok(true)
    }

    /// Marks the result as applied; refused when unfinished or applied.
    pub fn set_applied(&mut self) -> Result<(), PlayError> {
        if !self.finished() {
            return Err(PlayError::Unfinished);
        }
        if self.applied {
            return Err(PlayError::refused("the result is applied already", None));
        }
        self.applied = true;
        Ok(())
    }
}

impl<K: ResolutionKind> Debug for SavedResolution<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SavedResolution")
            .field("id", &self.id)
            .field("kind", &self.kind)
            .field("answers", &self.answers)
            .field("applied", &self.applied)
            .finish()
    }
}

impl<K: ResolutionKind> PartialEq for SavedResolution<K> {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
            && self.kind == other.kind
            && self.answers == other.answers
            && self.applied == other.applied
    }
}

/// What is saved of a resolution.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Stored<K> {
    id: Id,
    resolver: K,
    #[serde(default)]
    answers: Vec<Answer>,
    #[serde(default)]
    applied: bool,
}

impl<K: ResolutionKind> Serialize for SavedResolution<K> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Stored {
            id: self.id,
            resolver: self.kind.clone(),
            answers: self.answers.clone(),
            applied: self.applied,
        }
        .serialize(serializer)
    }
}

impl<'de, K: ResolutionKind> Deserialize<'de> for SavedResolution<K> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let stored = Stored::<K>::deserialize(deserializer)?;
        SavedResolution::with_answers(stored.id, stored.resolver, stored.answers, stored.applied)
            .map_err(serde::de::Error::custom)
    }
}

/// The saved resolutions of a game, oldest first, seen without their
/// system's types: what a host needs to list them, drive them in a panel
/// and take answers.
pub trait ResolutionList {
    /// How many there are.
    fn count(&self) -> usize;
    /// The id of resolution `index`.
    fn id_at(&self, index: usize) -> Option<Id>;
    /// The live resolution `index` (prompt, odds, log).
    fn resolution_at(&self, index: usize) -> Option<&(dyn Resolution + Send + Sync)>;
    /// Whether resolution `index` is finished.
    fn finished_at(&self, index: usize) -> bool;
    /// Whether the result of resolution `index` was applied.
    fn applied_at(&self, index: usize) -> bool;
    /// Answers resolution `index`.
    fn answer_at(&mut self, index: usize, answer: Answer) -> Result<(), PlayError>;
    /// Takes back the last answer of resolution `index`.
    fn take_back_at(&mut self, index: usize) -> Result<bool, PlayError>;
    /// Removes resolution `index`; refused once its result is applied.
    fn remove_at(&mut self, index: usize) -> Result<(), PlayError>;
    /// The title of resolution `index` as a catalogue message, if its
    /// system gives one ([`ResolutionKind::title_message`]).
    fn title_message_at(&self, index: usize) -> Option<Message> {
        let _ = index;
        None
    }
    /// The outcome of finished resolution `index` as a catalogue message,
    /// if its system gives one ([`ResolutionKind::outcome_message`]).
    fn outcome_message_at(&self, index: usize) -> Option<Message> {
        let _ = index;
        None
    }
}

fn missing(index: usize, count: usize) -> PlayError {
    PlayError::not_found("resolution", format!("{} of {count}", index + 1))
}

impl<K: ResolutionKind> ResolutionList for Vec<SavedResolution<K>> {
    fn count(&self) -> usize {
        self.len()
    }
    fn title_message_at(&self, index: usize) -> Option<Message> {
        self.get(index)
            .and_then(|saved| saved.kind().title_message())
    }
    fn outcome_message_at(&self, index: usize) -> Option<Message> {
        let saved = self.get(index)?;
        saved
            .outcome()
            .and_then(|outcome| saved.kind().outcome_message(outcome))
    }
    fn id_at(&self, index: usize) -> Option<Id> {
        self.get(index).map(SavedResolution::id)
    }
    fn resolution_at(&self, index: usize) -> Option<&(dyn Resolution + Send + Sync)> {
        self.get(index).map(SavedResolution::resolution)
    }
    fn finished_at(&self, index: usize) -> bool {
        self.get(index).is_some_and(SavedResolution::finished)
    }
    fn applied_at(&self, index: usize) -> bool {
        self.get(index).is_some_and(SavedResolution::applied)
    }
    fn answer_at(&mut self, index: usize, answer: Answer) -> Result<(), PlayError> {
        let count = self.len();
        self.get_mut(index)
            .ok_or_else(|| missing(index, count))?
            .answer(answer)
    }
    fn take_back_at(&mut self, index: usize) -> Result<bool, PlayError> {
        let count = self.len();
        self.get_mut(index)
            .ok_or_else(|| missing(index, count))?
            .take_back()
    }
    fn remove_at(&mut self, index: usize) -> Result<(), PlayError> {
        let resolution = self.get(index).ok_or_else(|| missing(index, self.len()))?;
        if resolution.applied() {
            return Err(PlayError::refused(
                "its result is applied to the game; undo that first",
                None,
            ));
        }
        self.remove(index);
        Ok(())
    }
}
