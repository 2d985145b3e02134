//! The two battle games of the event.

use std::fmt;

use feldherr_scoring::{BandTable, Bonus, MatchScore, Side};
use serde::{Deserialize, Serialize};

use crate::{BattleOutcome, NewYearError, SideResult, SideScore};

/// Victory points for the side that captured more standards (N2).
pub const STANDARDS_BONUS: i32 = 100;

/// Event points per treasure recovered (N3).
pub const POINTS_PER_TREASURE: u32 = 2;

/// Treasures on the table in the New Year scenario (N3).
pub const TREASURES: i64 = 3;

const TREASURES_U32: u32 = 3;

/// One of the two battle games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BattleKind {
    /// "Raeuber-Warhammer": the aim is to lose; losing high pays (N1).
    RaeuberWarhammer,
    /// The New Year scenario with three treasures (N3).
    NewYearScenario,
}

impl BattleKind {
    /// Both battle games, in event order.
    pub const ALL: [Self; 2] = [Self::RaeuberWarhammer, Self::NewYearScenario];

    /// The game's key in the saved event (`raeuber_warhammer`,
    /// `new_year_scenario`).
    pub const fn key(self) -> &'static str {
        match self {
            Self::RaeuberWarhammer => "raeuber_warhammer",
            Self::NewYearScenario => "new_year_scenario",
        }
    }

    /// The band table of the game: N1 or N3.
    pub fn table(self) -> BandTable {
        match self {
            Self::RaeuberWarhammer => BandTable::raeuber_warhammer(),
            Self::NewYearScenario => BandTable::new_year_scenario(),
        }
    }

    /// The most event points one player can score in the game: the top of
    /// the band table, plus 2 for each of the three treasures in the New
    /// Year scenario (10 and 12). A bye scores at most this (PN3).
    pub fn max_event_points(self) -> u32 {
        let band = self
            .table()
            .bands()
            .map(|b| b.winner.max(b.loser))
            .max()
            .unwrap_or(0);
        match self {
            Self::RaeuberWarhammer => band,
            Self::NewYearScenario => band + TREASURES_U32 * POINTS_PER_TREASURE,
        }
    }

    /// Scores a game from both sides' results: adds the +100 VP for more
    /// standards (N2), reads the VP difference off the game's table (N1,
    /// N3) and, in the New Year scenario, adds 2 event points per treasure.
    ///
    /// ```
    /// use feldherr_scoring::Side;
    /// use feldherr_wfb_newyear::{BattleKind, SideResult};
    ///
    /// let a = SideResult::new(1250, 1);
    /// let b = SideResult::new(700, 0);
    /// let outcome = BattleKind::RaeuberWarhammer.score(&a, &b)?;
    /// assert_eq!(outcome.score.difference, 650); // 1250 + 100 - 700
    /// assert_eq!(outcome.score.leader, Some(Side::A));
    /// assert_eq!(outcome.event_points(Side::A), 3);
    /// assert_eq!(outcome.event_points(Side::B), 6); // the loser gets more (N1)
    /// # Ok::<(), feldherr_wfb_newyear::NewYearError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`NewYearError::InvalidValue`] for a negative number (the field is
    /// named `a.victory_points`, `b.standards_captured`, ...) or for
    /// treasures in Raeuber-Warhammer; [`NewYearError::TooManyTreasures`]
    /// when both sides together recovered more than 3.
    pub fn score(self, a: &SideResult, b: &SideResult) -> Result<BattleOutcome, NewYearError> {
        for (side, result) in [(Side::A, a), (Side::B, b)] {
            validate_side(self, side, result)?;
        }
        if self == Self::NewYearScenario
            && a.treasures_recovered.saturating_add(b.treasures_recovered) > TREASURES
        {
            return Err(NewYearError::TooManyTreasures {
                a: a.treasures_recovered,
                b: b.treasures_recovered,
            });
        }
        // Non-negative after validation.
        let standards = |r: &SideResult| u64::try_from(r.standards_captured).unwrap_or(0);
        let bonus = Bonus::to_side_with_more(
            "more standards captured (N2)",
            STANDARDS_BONUS,
            standards(a),
            standards(b),
        );
        let bonus_of = |side: Side| {
            bonus
                .as_ref()
                .filter(|bonus| bonus.side == side)
                .map_or(0, |bonus| i64::from(bonus.amount))
        };
        let a_total = a.victory_points.saturating_add(bonus_of(Side::A));
        let b_total = b.victory_points.saturating_add(bonus_of(Side::B));
        let score = MatchScore::new(&self.table(), a_total, b_total);
        let side_score = |side: Side, result: &SideResult| {
            let treasures = u32::try_from(result.treasures_recovered).unwrap_or(0);
            let band_points = score.points(side);
            let treasure_points = treasures * POINTS_PER_TREASURE;
            SideScore {
                victory_points: result.victory_points,
                standards_bonus: bonus_of(side),
                total_vp: score.total(side),
                band_points,
                treasures_recovered: treasures,
                treasure_points,
                event_points: band_points + treasure_points,
            }
        };
        Ok(BattleOutcome {
            kind: self,
            a: side_score(Side::A, a),
            b: side_score(Side::B, b),
            score,
        })
    }
}

fn validate_side(kind: BattleKind, side: Side, result: &SideResult) -> Result<(), NewYearError> {
    let prefix = match side {
        Side::A => "a",
        Side::B => "b",
    };
    let fields = [
        ("victory_points", result.victory_points),
        ("standards_captured", result.standards_captured),
        ("treasures_recovered", result.treasures_recovered),
    ];
    for (name, value) in fields {
        if value < 0 {
            return Err(NewYearError::InvalidValue {
                field: format!("{prefix}.{name}"),
                value: value.to_string(),
                expected: "a whole number, 0 or more",
            });
        }
    }
    if kind == BattleKind::RaeuberWarhammer && result.treasures_recovered != 0 {
        return Err(NewYearError::InvalidValue {
            field: format!("{prefix}.treasures_recovered"),
            value: result.treasures_recovered.to_string(),
            expected: "0: Raeuber-Warhammer has no treasures",
        });
    }
    Ok(())
}

/// `Raeuber-Warhammer` or `New Year scenario`.
impl fmt::Display for BattleKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::RaeuberWarhammer => "Raeuber-Warhammer",
            Self::NewYearScenario => "New Year scenario",
        })
    }
}
