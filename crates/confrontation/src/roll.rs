//! Confrontation's open-ended D6 (C2, Fechtmeister, Von den Goettern
//! geliebt/verdammt), moved here from `feldherr-dice`: it is this system's
//! own mechanic.

use std::fmt;

use serde::{Deserialize, Serialize};

use feldherr_dice::step::Message;
use feldherr_dice::{DiceError, Die, Dist, OddsLine, RollRequest, Roller};

use crate::error::check_dice_range as check_range;

/// How deep the exact distribution follows chains of sixes. With at most
/// half the faces re-rolling, the mass beyond is below 2^-60 (about 1e-18).
const MAX_CHAIN: usize = 60;

/// The result of a Confrontation roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ConfrontationResult {
    /// Automatic failure: a natural 1, a 1 on a re-roll where that counts,
    /// or a result of 1 or less after modifiers (C2).
    Fumble,
    /// The final result: faces (a "counts as 6" face counts 6) plus modifier.
    Total(i32),
}

impl fmt::Display for ConfrontationResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfrontationResult::Fumble => f.write_str("fumble"),
            ConfrontationResult::Total(t) => write!(f, "{t}"),
        }
    }
}

/// One Confrontation D6 roll: a 6 is re-rolled and added, again and again;
/// a natural 1 is a fumble; the modifier applies to the die result, so that
/// a result of 1 or less after it is a fumble too (C2).
///
/// Variants: "counts as 6" (Fechtmeister: 5 on attack rolls; Von den
/// Goettern geliebt: 4 and 5), under which a 1 on a re-roll is added instead
/// of fumbling; no re-roll at all (Von den Goettern verdammt; the damage
/// table, C1; pressure rolls, C9). Without a counts-as-6 ability a 1 on a
/// re-roll is a fumble: the abilities' texts lift exactly that.
///
/// ```
/// use feldherr_confrontation::{ConfrontationRoll, ConfrontationResult::*};
/// // C2: 8 SP, 4 lost: -2; a rolled 3 becomes 1: fumble.
/// assert_eq!(ConfrontationRoll::standard().with_modifier(-2)?.evaluate(&[3])?, Fumble);
/// // Fechtmeister text: a critically wounded fighter (-3) against a
/// // Fechtmeister (-1) needs a 6 to get 2, and may re-roll.
/// let parry = ConfrontationRoll::standard().with_modifier(-4)?;
/// assert_eq!(parry.evaluate(&[5])?, Fumble);
/// assert_eq!(parry.evaluate(&[6, 3])?, Total(5));
/// // Fechtmeister attack: a 5 counts as 6 and re-rolls; a 1 then adds.
/// assert_eq!(ConfrontationRoll::fechtmeister().evaluate(&[5, 1])?, Total(7));
/// assert_eq!(ConfrontationRoll::standard().evaluate(&[6, 1])?, Fumble);
/// # Ok::<(), feldherr_dice::DiceError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConfrontationRoll {
    counts_as_six: u32,
    reroll: bool,
    modifier: i32,
}

impl ConfrontationRoll {
    /// The ordinary roll: only a 6 re-rolls.
    pub fn standard() -> Self {
        Self {
            counts_as_six: 6,
            reroll: true,
            modifier: 0,
        }
    }

    /// Fechtmeister attack roll: a 5 counts as 6.
    pub fn fechtmeister() -> Self {
        Self {
            counts_as_six: 5,
            ..Self::standard()
        }
    }

    /// Von den Goettern geliebt: 4 and 5 count as 6.
    pub fn beloved() -> Self {
        Self {
            counts_as_six: 4,
            ..Self::standard()
        }
    }

    /// A roll with no re-roll after a 6: Von den Goettern verdammt (also for
    /// faces an ability turns into a 6), damage table, pressure rolls.
    pub fn without_reroll(self) -> Self {
        Self {
            reroll: false,
            ..self
        }
    }

    /// Sets the lowest face that counts as a 6 (6, 5 or 4).
    pub fn with_counts_as_six(self, lowest: u32) -> Result<Self, DiceError> {
        check_range("counts as 6 from", lowest.into(), 4, 6, "4, 5 or 6")?;
        Ok(Self {
            counts_as_six: lowest,
            ..self
        })
    }

    /// Adds a modifier to the die result (penalties are negative).
    pub fn with_modifier(self, modifier: i32) -> Result<Self, DiceError> {
        check_range("modifier", modifier.into(), -20, 20, "-20 to 20")?;
        Ok(Self { modifier, ..self })
    }

    /// The modifier.
    pub fn modifier(self) -> i32 {
        self.modifier
    }

    /// Whether faces re-roll at all.
    pub fn rerolls(self) -> bool {
        self.reroll
    }

    /// The lowest face that counts as a 6.
    pub fn counts_as_six(self) -> u32 {
        self.counts_as_six
    }

    /// A 1 on a re-roll fumbles unless an ability turns other faces into 6.
    fn one_on_reroll_fumbles(self) -> bool {
        self.counts_as_six == 6
    }

    fn is_six(self, face: u32) -> bool {
        face >= self.counts_as_six
    }

    /// Whether the chain of faces so far calls for another die.
    pub fn wants_another(self, faces: &[u32]) -> bool {
        self.reroll && !faces.is_empty() && faces.iter().all(|&f| self.is_six(f))
    }

    /// Result of a complete chain of faces (first roll, then re-rolls).
    pub fn evaluate(self, faces: &[u32]) -> Result<ConfrontationResult, DiceError> {
        let purpose = "Confrontation roll";
        for &f in faces {
            Die::D6.check_face(f, purpose)?;
        }
        let expected = self.chain_length(faces);
        if faces.len() != expected {
            return Err(DiceError::WrongDiceCount {
                purpose: purpose.to_owned(),
                expected,
                got: faces.len(),
            });
        }
        let mut total = 0i32;
        for (i, &f) in faces.iter().enumerate() {
            if f == 1 && (i == 0 || self.one_on_reroll_fumbles()) {
                return Ok(ConfrontationResult::Fumble);
            }
            total += if self.is_six(f) { 6 } else { f as i32 };
        }
        Ok(self.finish(total))
    }

    fn chain_length(self, faces: &[u32]) -> usize {
        if !self.reroll {
            return 1;
        }
        match faces.iter().position(|&f| !self.is_six(f)) {
            Some(i) => i + 1,
            None => faces.len() + 1,
        }
        .max(1)
    }

    fn finish(self, raw: i32) -> ConfrontationResult {
        let total = raw + self.modifier;
        if total <= 1 {
            ConfrontationResult::Fumble
        } else {
            ConfrontationResult::Total(total)
        }
    }

    /// Exact odds of the result.
    pub fn distribution(self) -> Dist<ConfrontationResult> {
        self.raw_distribution().map(|raw| match raw {
            None => ConfrontationResult::Fumble,
            Some(raw) => self.finish(*raw),
        })
    }

    /// Odds of the raw chain total (`None` = fumble on the dice), built
    /// from the last re-roll backwards.
    fn raw_distribution(self) -> Dist<Option<i32>> {
        let p = 1.0 / 6.0;
        let tail = self.reroll_tail();
        let mut weights = vec![(None, p)];
        for face in 2..=6u32 {
            if self.is_six(face) {
                if self.reroll {
                    for (rest, q) in tail.iter() {
                        weights.push((rest.map(|r| 6 + r), p * q));
                    }
                } else {
                    weights.push((Some(6), p));
                }
            } else {
                weights.push((Some(face as i32), p));
            }
        }
        Dist::from_weights(weights)
    }

    /// Rolls the chain through `roller`, one die at a time, with the odds
    /// of the final result (conditioned on the dice so far) on each prompt.
    /// The purpose is untranslated text; [`ConfrontationRoll::roll_as`]
    /// gives it as a catalogue message.
    pub fn roll<R: Roller + ?Sized>(
        self,
        roller: &mut R,
        purpose: &str,
    ) -> Result<ConfrontationResult, R::Error> {
        self.roll_as(roller, purpose, Message::verbatim(purpose))
    }

    /// As [`ConfrontationRoll::roll`], with the purpose also as a catalogue
    /// message (re-rolls say so with `conf.roll.reroll`).
    pub fn roll_as<R: Roller + ?Sized>(
        self,
        roller: &mut R,
        purpose: &str,
        message: Message,
    ) -> Result<ConfrontationResult, R::Error> {
        let mut faces = Vec::new();
        loop {
            let label = if faces.is_empty() {
                purpose.to_owned()
            } else {
                format!("{purpose} (re-roll after a 6)")
            };
            let said = if faces.is_empty() {
                message.clone()
            } else {
                Message::new("conf.roll.reroll").nested("purpose", message.clone())
            };
            let request = RollRequest::new(1, Die::D6, label)
                .with_message(said)
                .odds_if(roller.wants_odds(), || self.odds_after(&faces));
            let face = roller.roll_one(request)?;
            faces.push(face);
            if !self.wants_another(&faces) {
                return Ok(self.evaluate(&faces)?);
            }
        }
    }

    /// Odds of the final result given the faces rolled so far.
    fn odds_after(self, faces: &[u32]) -> Vec<OddsLine> {
        if faces.is_empty() {
            return self.distribution().odds_lines();
        }
        let sofar = 6 * faces.len() as i32;
        let again = ConfrontationRoll {
            modifier: 0,
            ..self
        };
        // A re-roll behaves like a first roll whose natural 1 fumbles only
        // when re-roll 1s fumble.
        let mut weights = Vec::new();
        for (raw, q) in again.reroll_tail().iter() {
            let result = match raw {
                None => ConfrontationResult::Fumble,
                Some(r) => self.finish(sofar + r),
            };
            weights.push((result, q));
        }
        Dist::from_weights(weights).odds_lines()
    }

    /// Odds of one re-roll and everything after it (`None` = fumble), in
    /// closed form: k faces counting as 6, then a face f that stops the
    /// chain, has probability q^k / 6 with q the share of six-like faces.
    fn reroll_tail(self) -> Dist<Option<i32>> {
        let p = 1.0 / 6.0;
        let q = f64::from(7 - self.counts_as_six) / 6.0;
        let mut weights = Vec::with_capacity(MAX_CHAIN * 6);
        let mut reach = 1.0; // probability of k sixes in a row
        for k in 0..MAX_CHAIN as i32 {
            for face in 1..self.counts_as_six as i32 {
                let value = if face == 1 && self.one_on_reroll_fumbles() {
                    None
                } else {
                    Some(6 * k + face)
                };
                weights.push((value, reach * p));
            }
            reach *= q;
        }
        Dist::from_weights(weights)
    }
}
