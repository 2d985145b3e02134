//! Wounds on figures without SP (C8). The core game's wound table is not in
//! the text: the software shows the total 2D6 + STR - RES and the location
//! die, and reads an editable [`WoundTable`] whose default bands are the
//! damage table's rows (C1): 0 or less nothing, 1-5 light, 6-10 serious,
//! 11-15 critical, 16 and more killed outright.
//!
//! ```
//! use feldherr_confrontation::{WoundRoll, WoundTable, WoundLevel};
//! let roll = WoundRoll::new(10, 8, WoundTable::default())?;
//! let wound = roll.evaluate(&[4, 2])?;
//! assert_eq!(wound.total, 8);
//! assert_eq!(wound.level, WoundLevel::Serious);
//! # Ok::<(), feldherr_confrontation::ConfrontationError>(())
//! ```

use crate::game::refusal::{inconsistent, say};
use std::fmt;

use feldherr_dice::step::{LogStep, Message, Pending, Resolver, Steps};
use feldherr_dice::{Die, Dist, OddsLine, RollRequest, Roller};
use serde::{Deserialize, Serialize};

use crate::error::{ConfrontationError, check_range};

/// The severity of a wound. On a machine with SP a direct wound costs SP
/// (see [`WoundLevel::machine_sp`]).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum WoundLevel {
    /// No effect.
    #[default]
    None,
    /// "Leichte Verletzung".
    Light,
    /// "Schwere Verletzung".
    Serious,
    /// "Kritische Verletzung".
    Critical,
    /// "SOFORT TOT".
    Killed,
}

impl WoundLevel {
    /// SP a machine loses from a direct wound effect (a spell or miracle
    /// that inflicts a wound): light 1, serious 2, critical 3, instant death 4.
    pub fn machine_sp(self) -> u32 {
        match self {
            Self::None => 0,
            Self::Light => 1,
            Self::Serious => 2,
            Self::Critical => 3,
            Self::Killed => 4,
        }
    }

    /// Steps of the wound track: none 0, light 1, serious 2, critical 3,
    /// killed 4.
    pub fn steps(self) -> u32 {
        self.machine_sp()
    }

    /// The level a figure wounded `self` is at after a further wound `new`
    /// (PC5): the steps add up, 4 or more is SOFORT TOT (a light wound on
    /// a lightly wounded figure makes it seriously wounded, as P15 reads
    /// Instabil).
    ///
    /// ```
    /// use feldherr_confrontation::WoundLevel::*;
    /// assert_eq!(Light.after(Light), Serious);
    /// assert_eq!(Serious.after(Light), Critical);
    /// assert_eq!(Serious.after(Serious), Killed);
    /// assert_eq!(None.after(Critical), Critical);
    /// ```
    #[must_use]
    pub fn after(self, new: WoundLevel) -> WoundLevel {
        match self.steps() + new.steps() {
            0 => Self::None,
            1 => Self::Light,
            2 => Self::Serious,
            3 => Self::Critical,
            _ => Self::Killed,
        }
    }

    /// The die-roll penalty of a wounded figure (light -1, serious -2,
    /// critical -3), used e.g. by withdrawal by strength.
    pub fn penalty(self) -> i32 {
        match self {
            Self::None | Self::Killed => 0,
            Self::Light => -1,
            Self::Serious => -2,
            Self::Critical => -3,
        }
    }
}

impl fmt::Display for WoundLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::None => "no effect",
            Self::Light => "light wound",
            Self::Serious => "serious wound",
            Self::Critical => "critical wound",
            Self::Killed => "killed outright",
        })
    }
}

/// The editable wound table (C8): bands of totals, each from its lowest
/// total upwards, ascending; totals below the first band have no effect.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Vec<(i32, WoundLevel)>", into = "Vec<(i32, WoundLevel)>")]
pub struct WoundTable {
    bands: Vec<(i32, WoundLevel)>,
}

impl Default for WoundTable {
    fn default() -> Self {
        Self {
            bands: vec![
                (1, WoundLevel::Light),
                (6, WoundLevel::Serious),
                (11, WoundLevel::Critical),
                (16, WoundLevel::Killed),
            ],
        }
    }
}

impl WoundTable {
    /// A table from `(lowest total, level)` bands; totals strictly rising,
    /// levels rising.
    pub fn new(bands: Vec<(i32, WoundLevel)>) -> Result<Self, ConfrontationError> {
        for pair in bands.windows(2) {
            if let [(a, la), (b, lb)] = pair
                && (b <= a || lb <= la)
            {
                return Err(inconsistent(
                    "wound table",
                    say("figure_wounds.band_must_start_above_band")
                        .text("b", b.to_string())
                        .text("lb", lb.to_string())
                        .text("a", a.to_string())
                        .text("la", la.to_string()),
                ));
            }
        }
        Ok(Self { bands })
    }

    /// The level for a total.
    pub fn level(&self, total: i32) -> WoundLevel {
        self.bands
            .iter()
            .rev()
            .find(|(from, _)| total >= *from)
            .map_or(WoundLevel::None, |&(_, l)| l)
    }

    /// The bands.
    pub fn bands(&self) -> &[(i32, WoundLevel)] {
        &self.bands
    }
}

impl TryFrom<Vec<(i32, WoundLevel)>> for WoundTable {
    type Error = ConfrontationError;
    fn try_from(bands: Vec<(i32, WoundLevel)>) -> Result<Self, ConfrontationError> {
        Self::new(bands)
    }
}

impl From<WoundTable> for Vec<(i32, WoundLevel)> {
    fn from(t: WoundTable) -> Self {
        t.bands
    }
}

/// One wound on a figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FigureWound {
    /// 2D6 + STR - RES.
    pub total: i32,
    /// The die the user reads the location from (the first die).
    pub location_die: u32,
    /// The face shown twice, if a double (the user applies the core game's
    /// exceptional wounds where they apply; not after a collision, C5).
    pub double: Option<u32>,
    /// The level read off the table.
    pub level: WoundLevel,
}

/// A wound roll on a figure without SP (C8): 2D6 + STR - RES.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WoundRoll {
    strength: i32,
    resilience: i32,
    table: WoundTable,
}

impl WoundRoll {
    /// A wound of `strength` on a figure of RES `resilience`.
    pub fn new(
        strength: i32,
        resilience: i32,
        table: WoundTable,
    ) -> Result<Self, ConfrontationError> {
        check_range("STR", strength.into(), 0, 99, "0 to 99")?;
        check_range("RES", resilience.into(), 0, 99, "0 to 99")?;
        Ok(Self {
            strength,
            resilience,
            table,
        })
    }

    /// The wound from two faces.
    pub fn evaluate(&self, faces: &[u32]) -> Result<FigureWound, ConfrontationError> {
        RollRequest::new(2, Die::D6, "wound roll").check(faces)?;
        let (a, b) = match faces {
            [a, b] => (*a, *b),
            _ => (0, 0),
        };
        Ok(self.wound(a, b))
    }

    fn wound(&self, a: u32, b: u32) -> FigureWound {
        let total = (a + b) as i32 + self.strength - self.resilience;
        FigureWound {
            total,
            location_die: a,
            double: (a == b).then_some(a),
            level: self.table.level(total),
        }
    }

    /// Exact odds of the level.
    pub fn distribution(&self) -> Dist<WoundLevel> {
        Dist::sum_of(2, Die::D6)
            .map(|&s| self.table.level(s as i32 + self.strength - self.resilience))
    }

    /// Rolls through any roller, with the odds of the level.
    pub fn roll<R: Roller + ?Sized>(
        &self,
        roller: &mut R,
        rule: &str,
    ) -> Result<FigureWound, R::Error> {
        let request = RollRequest::new(2, Die::D6, "wound roll")
            .rule(rule)
            .with_message(Message::new("conf.roll.wound"))
            .odds_if(roller.wants_odds(), || level_odds(&self.distribution()));
        let faces = roller.roll(request)?;
        self.evaluate(&faces)
            .map_err(|e| e.into_dice_error().into())
    }
}

pub(crate) fn level_odds(d: &Dist<WoundLevel>) -> Vec<OddsLine> {
    d.iter()
        .map(|(l, p)| OddsLine {
            label: l.to_string(),
            probability: p,
        })
        .collect()
}

impl crate::TitleMessage for WoundRoll {
    fn title_message(&self) -> Message {
        Message::new("conf.title.wound")
            .int("str", self.strength)
            .int("res", self.resilience)
    }
}

impl Resolver for WoundRoll {
    type Outcome = FigureWound;

    fn title(&self) -> String {
        format!(
            "Wound: STR {} against RES {}",
            self.strength, self.resilience
        )
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<FigureWound, Pending> {
        let w = self.roll(steps, "C8")?;
        steps.log(
            LogStep::rule(
                "C8",
                format!(
                    "2D6 + STR {} - RES {} = {}, location die {}: {}",
                    self.strength, self.resilience, w.total, w.location_die, w.level
                ),
            )
            .with_message(
                Message::new("conf.log.wound")
                    .int("str", self.strength)
                    .int("res", self.resilience)
                    .int("total", w.total)
                    .int("die", w.location_die)
                    .key("level", w.level.message_key()),
            )
            .number("total", w.total.into())
            .number("location die", w.location_die.into()),
        );
        Ok(w)
    }
}
