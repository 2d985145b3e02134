//! Victory points (Siegpunkte), line by line (W8), the draw threshold and
//! the clock loss (W9).

use feldherr_play::{Id, MatchResult};
use serde::{Deserialize, Serialize};

use crate::Player;

/// A difference under this many VP is a draw (W8).
pub const DRAW_THRESHOLD: i64 = 50;

/// A victory condition met by a player (W8 bonus).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VictoryCondition {
    /// He reached 10 EP.
    TenEp,
    /// He won by Sudden Death.
    SuddenDeath,
    /// He slew the enemy general (and the game ended by it).
    EnemyGeneralSlain,
    /// The enemy army reached its break point.
    EnemyArmyBroken,
}

/// What happened to one unit, as VP need it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitFate {
    /// The unit.
    pub unit: Id,
    /// Its name.
    pub name: String,
    /// What it cost.
    pub points: u32,
    /// Its stands.
    pub stands: u32,
    /// Stands lost.
    pub stands_lost: u32,
    /// Destroyed (slain, for a character).
    pub destroyed: bool,
}

/// Why a VP line exists.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "line", rename_all = "snake_case")]
pub enum VpLineKind {
    /// An enemy unit or character destroyed: full points.
    Destroyed {
        /// The unit.
        unit: Id,
        /// Its name.
        name: String,
        /// What it cost.
        cost: u32,
    },
    /// An enemy unit that lost at least half its stands: half its points,
    /// rounded to the nearest 5 (halves up).
    HalfLost {
        /// The unit.
        unit: Id,
        /// Its name.
        name: String,
        /// What it cost.
        cost: u32,
        /// Its stands.
        stands: u32,
        /// Stands lost.
        lost: u32,
        /// Half the cost before rounding.
        exact: f64,
    },
    /// 25 VP per EP per 1000 points of game size, rounded to the nearest 5.
    EpBonus {
        /// EP scored.
        ep: i32,
        /// The game size.
        game_size: u32,
        /// The bonus before rounding.
        exact: f64,
    },
    /// 50 VP per victory condition per 1000 points of game size, rounded
    /// to the nearest 5.
    ConditionBonus {
        /// The conditions met.
        conditions: Vec<VictoryCondition>,
        /// The game size.
        game_size: u32,
        /// The bonus before rounding.
        exact: f64,
    },
}

/// One line of the VP calculation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VpLine {
    /// What it is.
    pub kind: VpLineKind,
    /// The VP it gives.
    pub points: i64,
}

/// One player's VP, line by line.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SideVictoryPoints {
    /// The player.
    pub player: Player,
    /// The lines.
    pub lines: Vec<VpLine>,
    /// Their sum.
    pub total: i64,
}

/// How the result was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum Verdict {
    /// The VP lie under 50 apart (W8).
    Draw,
    /// The higher VP win.
    Points {
        /// The winner.
        winner: Player,
    },
    /// A clock ran out while the opponent had more than 5 minutes (W9).
    Clock {
        /// The winner (the player with time left).
        winner: Player,
    },
}

impl Verdict {
    /// The result from `player`'s point of view.
    #[must_use]
    pub fn result_for(self, player: Player) -> MatchResult {
        match self {
            Verdict::Draw => MatchResult::Draw,
            Verdict::Points { winner } | Verdict::Clock { winner } if winner == player => {
                MatchResult::Win
            }
            Verdict::Points { .. } | Verdict::Clock { .. } => MatchResult::Loss,
        }
    }
}

/// Something the VP calculation explains beside its lines.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "note", rename_all = "snake_case")]
pub enum VpNote {
    /// Lang lebe der Koenig: `player`'s general was slain, a character
    /// took over and the game went on, so slaying him met no victory
    /// condition (W10; text line 142).
    SuccessorGeneral {
        /// Whose general.
        player: Player,
        /// The slain general's name.
        slain: String,
        /// His successor's name.
        successor: String,
        /// The game turn.
        round: u32,
    },
}

/// The whole VP calculation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VictoryReport {
    /// Both players (A, B).
    pub sides: [SideVictoryPoints; 2],
    /// A's total minus B's.
    pub difference: i64,
    /// The result.
    pub verdict: Verdict,
    /// What the lines do not show: why a slain general gave no victory
    /// condition.
    #[serde(default)]
    pub notes: Vec<VpNote>,
}

/// Half of `cost` rounded to the nearest multiple of 5, halves up (W8):
/// 65 -> 32.5 -> 35; 64 -> 32 -> 30.
#[must_use]
pub fn half_points(cost: u32) -> i64 {
    // In half points: nearest multiple of 10, halves (5) up.
    (i64::from(cost) + 5) / 10 * 5
}

/// `count` x `per_thousand` VP per 1000 points of `game_size`, rounded to
/// the nearest 5, halves up (W8): 3 EP at 1250 points -> 93.75 -> 95.
/// Returns the rounded and the exact value.
#[must_use]
pub fn bonus(count: i64, per_thousand: i64, game_size: u32) -> (i64, f64) {
    let milli = count * per_thousand * i64::from(game_size);
    let rounded = (milli + 2500).div_euclid(5000) * 5;
    (rounded, milli as f64 / 1000.0)
}

/// One player's VP: `enemy` are the fates of the opponent's units and
/// characters; `ep` his EP; `conditions` the victory conditions he met.
#[must_use]
pub fn side_points(
    player: Player,
    enemy: &[UnitFate],
    ep: i32,
    conditions: &[VictoryCondition],
    game_size: u32,
) -> SideVictoryPoints {
    let mut lines = Vec::new();
    for u in enemy {
        if u.destroyed {
            lines.push(VpLine {
                kind: VpLineKind::Destroyed {
                    unit: u.unit,
                    name: u.name.clone(),
                    cost: u.points,
                },
                points: i64::from(u.points),
            });
        } else if u.stands_lost > 0 && u.stands_lost.saturating_mul(2) >= u.stands {
            lines.push(VpLine {
                kind: VpLineKind::HalfLost {
                    unit: u.unit,
                    name: u.name.clone(),
                    cost: u.points,
                    stands: u.stands,
                    lost: u.stands_lost,
                    exact: f64::from(u.points) / 2.0,
                },
                points: half_points(u.points),
            });
        }
    }
    if ep > 0 {
        let (points, exact) = bonus(i64::from(ep), 25, game_size);
        lines.push(VpLine {
            kind: VpLineKind::EpBonus {
                ep,
                game_size,
                exact,
            },
            points,
        });
    }
    if !conditions.is_empty() {
        let n = i64::try_from(conditions.len()).unwrap_or(0);
        let (points, exact) = bonus(n, 50, game_size);
        lines.push(VpLine {
            kind: VpLineKind::ConditionBonus {
                conditions: conditions.to_vec(),
                game_size,
                exact,
            },
            points,
        });
    }
    let total = lines.iter().map(|l| l.points).sum();
    SideVictoryPoints {
        player,
        lines,
        total,
    }
}

/// The verdict from both totals and the clock (W8, W9): a clock winner
/// wins whatever the VP; otherwise a difference under 50 is a draw.
#[must_use]
pub fn verdict(a: i64, b: i64, clock_winner: Option<Player>) -> Verdict {
    if let Some(winner) = clock_winner {
        return Verdict::Clock { winner };
    }
    let diff = a - b;
    if diff.abs() < DRAW_THRESHOLD {
        Verdict::Draw
    } else if diff > 0 {
        Verdict::Points { winner: Player::A }
    } else {
        Verdict::Points { winner: Player::B }
    }
}
