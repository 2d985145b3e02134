//! The scored result of a battle game.

use std::fmt;

use feldherr_scoring::{MatchScore, Side};
use serde::{Deserialize, Serialize};

use crate::BattleKind;

/// One side's part of a [`BattleOutcome`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideScore {
    /// Victory points as entered, before the standards bonus.
    pub victory_points: i64,
    /// +100 if this side captured more standards, else 0 (N2).
    pub standards_bonus: i64,
    /// Victory points with the bonus.
    pub total_vp: i64,
    /// Event points from the band table (N1, N3).
    pub band_points: u32,
    /// Treasures recovered (New Year scenario).
    pub treasures_recovered: u32,
    /// 2 event points per treasure (N3).
    pub treasure_points: u32,
    /// Band points plus treasure points.
    pub event_points: u32,
}

/// A battle game scored by [`BattleKind::score`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleOutcome {
    /// The game.
    pub kind: BattleKind,
    /// Side A's scores.
    pub a: SideScore,
    /// Side B's scores.
    pub b: SideScore,
    /// Totals, difference, leader (`None`: a draw, difference 0) and band.
    pub score: MatchScore,
}

impl BattleOutcome {
    /// One side's scores.
    pub fn side(&self, side: Side) -> &SideScore {
        match side {
            Side::A => &self.a,
            Side::B => &self.b,
        }
    }

    /// One side's event points for the game (band plus treasures).
    pub fn event_points(&self, side: Side) -> u32 {
        self.side(side).event_points
    }

    /// One side's VP total minus the other's (with the standards bonus).
    pub fn vp_margin(&self, side: Side) -> i64 {
        self.score.margin(side)
    }
}

fn vp_text(side: &SideScore) -> String {
    if side.standards_bonus == 0 {
        side.total_vp.to_string()
    } else {
        format!(
            "{}+{}={}",
            side.victory_points, side.standards_bonus, side.total_vp
        )
    }
}

fn points_text(kind: BattleKind, side: &SideScore) -> String {
    match kind {
        BattleKind::RaeuberWarhammer => side.event_points.to_string(),
        BattleKind::NewYearScenario => format!(
            "{}+{}={}",
            side.band_points, side.treasure_points, side.event_points
        ),
    }
}

/// `Raeuber-Warhammer: A 1250+100=1350 VP, B 700 VP; A leads by 650 (band
/// 600-899); event points A 3, B 6`. In the New Year scenario the event
/// points show band + treasure points.
impl fmt::Display for BattleOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: A {} VP, B {} VP; ",
            self.kind,
            vp_text(&self.a),
            vp_text(&self.b)
        )?;
        match self.score.leader {
            Some(side) => write!(f, "{side} leads by {}", self.score.difference)?,
            None => f.write_str("draw")?,
        }
        write!(
            f,
            " (band {}); event points A {}, B {}",
            self.score.band,
            points_text(self.kind, &self.a),
            points_text(self.kind, &self.b)
        )
    }
}
