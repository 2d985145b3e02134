//! The dice source every engine rolls through: seeded random or typed in.

use std::collections::VecDeque;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::{DiceError, Die, RollRequest, Roller};

/// Where a recorded roll came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Origin {
    /// The software's seeded generator.
    Random,
    /// Typed in from physical dice, or a test script.
    Typed,
}

/// One die rolled, as kept in the record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    /// The die.
    pub die: Die,
    /// The face shown.
    pub value: u32,
    /// What the roll was for, e.g. "damage table".
    pub purpose: String,
    /// Random or typed in.
    pub origin: Origin,
}

#[derive(Debug, Clone)]
enum Source {
    Random { seed: u64, rng: Box<ChaCha8Rng> },
    Scripted { queue: VecDeque<u32> },
}

/// The one dice interface: a seeded random generator or a queue of typed-in
/// values, recording every roll with its purpose.
///
/// The generator is ChaCha8 (portable and stable across platforms), so a
/// seed replays a game exactly (G3).
///
/// ```
/// use feldherr_dice::{Dice, Die};
/// let mut typed = Dice::scripted([3, 5]);
/// assert_eq!(typed.roll(Die::D6, "damage table")?, 3);
/// assert_eq!(typed.roll(Die::D6, "damage table")?, 5);
/// assert!(typed.roll(Die::D6, "damage table").is_err()); // exhausted, not a panic
///
/// let mut a = Dice::seeded(42);
/// let mut b = Dice::seeded(42);
/// assert_eq!(a.roll(Die::D20, "x")?, b.roll(Die::D20, "x")?);
/// assert_eq!(a.rolls()[0].purpose, "x");
/// # Ok::<(), feldherr_dice::DiceError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Dice {
    source: Source,
    rolls: Vec<Roll>,
}

impl Dice {
    /// Random dice from `seed`; the same seed gives the same rolls.
    pub fn seeded(seed: u64) -> Self {
        Self {
            source: Source::Random {
                seed,
                rng: Box::new(ChaCha8Rng::seed_from_u64(seed)),
            },
            rolls: Vec::new(),
        }
    }

    /// Random dice from a fresh seed taken from the operating system; the
    /// seed is still recorded and can be read with [`Dice::seed`].
    pub fn from_entropy() -> Self {
        use rand::TryRngCore;
        let seed = rand::rngs::OsRng.try_next_u64().unwrap_or_else(|_| {
            // No OS randomness: the clock still gives a usable, recorded seed.
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64)
        });
        Self::seeded(seed)
    }

    /// Typed-in dice: the values are handed out in order.
    pub fn scripted(values: impl IntoIterator<Item = u32>) -> Self {
        Self {
            source: Source::Scripted {
                queue: values.into_iter().collect(),
            },
            rolls: Vec::new(),
        }
    }

    /// Appends typed-in values (ignored by random dice, which need none).
    pub fn push(&mut self, values: impl IntoIterator<Item = u32>) {
        if let Source::Scripted { queue } = &mut self.source {
            queue.extend(values);
        }
    }

    /// The seed, for random dice.
    pub fn seed(&self) -> Option<u64> {
        match &self.source {
            Source::Random { seed, .. } => Some(*seed),
            Source::Scripted { .. } => None,
        }
    }

    /// Typed-in values not used yet.
    pub fn remaining(&self) -> usize {
        match &self.source {
            Source::Random { .. } => usize::MAX,
            Source::Scripted { queue } => queue.len(),
        }
    }

    /// Rolls one die. A typed-in value that is not a face of `die`, or an
    /// empty script, is an error; the bad value stays in the queue.
    pub fn roll(&mut self, die: Die, purpose: &str) -> Result<u32, DiceError> {
        let (value, origin) = match &mut self.source {
            Source::Random { rng, .. } => (rng.random_range(1..=die.sides()), Origin::Random),
            Source::Scripted { queue } => {
                let value = *queue.front().ok_or_else(|| DiceError::ScriptExhausted {
                    purpose: purpose.to_owned(),
                    die,
                })?;
                die.check_face(value, purpose)?;
                queue.pop_front();
                (value, Origin::Typed)
            }
        };
        self.rolls.push(Roll {
            die,
            value,
            purpose: purpose.to_owned(),
            origin,
        });
        Ok(value)
    }

    /// Rolls `n` dice of the same kind.
    pub fn roll_many(&mut self, n: usize, die: Die, purpose: &str) -> Result<Vec<u32>, DiceError> {
        (0..n).map(|_| self.roll(die, purpose)).collect()
    }

    /// Every roll so far, in order.
    pub fn rolls(&self) -> &[Roll] {
        &self.rolls
    }
}

impl Roller for Dice {
    type Error = DiceError;

    fn wants_odds(&self) -> bool {
        false
    }

    fn roll(&mut self, request: RollRequest) -> Result<Vec<u32>, DiceError> {
        request
            .dice
            .iter()
            .map(|&die| Dice::roll(self, die, &request.purpose))
            .collect()
    }
}
