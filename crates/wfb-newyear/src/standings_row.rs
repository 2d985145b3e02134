//! The standings as the app, the command line and the sheets show them
//! (issue 9: moved here from the app; issue 10: sortable, the deciding
//! values, drop-outs).

use std::cmp::Ordering;

use feldherr_dice::step::Message;
use feldherr_play::Catalogue;
use feldherr_scoring::Decision;
use serde::{Deserialize, Serialize};

use crate::{DroppedAfter, Event, EventTieBreaker, NewYearError, PlayerPoints};

/// What decided a player's place, as typed data; [`DecidedBy::message`]
/// renders it in any language.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum DecidedBy {
    /// No other player has the same total.
    Total,
    /// A tie-breaker separated him from the players with the same total.
    TieBreaker {
        /// The deciding tie-breaker.
        tie_breaker: EventTieBreaker,
        /// His value.
        value: f64,
        /// The value of the nearest player with the same total.
        versus: f64,
    },
    /// Equal on everything with another player: the place is shared.
    Shared,
}

impl DecidedBy {
    /// The catalogue message: "total", "shared place", or "VP difference
    /// +450 vs +200".
    pub fn message(&self) -> Message {
        match self {
            Self::Total => Message::new("newyear.decided.total"),
            Self::Shared => Message::new("newyear.decided.shared"),
            Self::TieBreaker {
                tie_breaker,
                value,
                versus,
            } => Message::new("newyear.decided.tie_breaker")
                .key("label", format!("newyear.tiebreak.{}", tie_breaker.key()))
                .text("value", tie_value_text(*tie_breaker, *value))
                .text("versus", tie_value_text(*tie_breaker, *versus)),
        }
    }
}

/// A tie-breaker value as shown: the VP difference signed (`+450`, `-50`,
/// `0`), counts and placings as whole numbers.
pub fn tie_value_text(tie_breaker: EventTieBreaker, value: f64) -> String {
    // Tie values are whole numbers far below 2^53 (VP sums, counts).
    #[expect(clippy::cast_possible_truncation, reason = "whole numbers, see above")]
    let whole = value as i64;
    match tie_breaker {
        EventTieBreaker::VpDifference if whole > 0 => format!("+{whole}"),
        _ => whole.to_string(),
    }
}

/// One row of the standings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StandingsRow {
    /// Place; shared places repeat ("1, 2, 2, 4").
    pub place: usize,
    /// Whether the place is shared.
    pub shared: bool,
    /// The player's points per game and tie-breaker values.
    pub points: PlayerPoints,
    /// Club.
    pub club: String,
    /// Army.
    pub army: String,
    /// Whether the player dropped out (he keeps his place and results).
    pub dropped: bool,
    /// When he dropped out ("after game 1"), if known (PN5).
    pub dropped_after: Option<DroppedAfter>,
    /// What decided the place.
    pub decided_by: DecidedBy,
}

impl StandingsRow {
    /// Place as printed: "2" or "2=" for a shared place.
    pub fn place_label(&self) -> String {
        if self.shared {
            format!("{}=", self.place)
        } else {
            self.place.to_string()
        }
    }

    /// The player's name as printed: with the catalogue's "dropped" mark
    /// for a drop-out, and when, if known ("Uwe Hartmann (dropped after
    /// game 1: Raeuber-Warhammer)").
    pub fn name_label(&self, catalogue: &Catalogue) -> String {
        if !self.dropped {
            return self.points.name.clone();
        }
        let with_point = self.dropped_after.and_then(|after| {
            catalogue.render(
                &Message::new("newyear.dropped_with_point")
                    .text("name", self.points.name.clone())
                    .nested("after", after.message()),
            )
        });
        with_point.unwrap_or_else(|| {
            let mark = catalogue.get("newyear.dropped").unwrap_or("dropped");
            format!("{} ({mark})", self.points.name)
        })
    }

    /// The sled place cell: empty before the race has a result, the
    /// place, or did not finish / did not start.
    pub fn sled_place_cell(&self, catalogue: &Catalogue) -> String {
        self.points
            .sled_place
            .message()
            .and_then(|m| catalogue.render(&m))
            .unwrap_or_default()
    }

    /// The row's cells as printed and exported: place, player, club, army,
    /// points per game, total, what decided the place.
    pub fn cells(&self, catalogue: &Catalogue) -> [String; 9] {
        [
            self.place_label(),
            self.name_label(catalogue),
            self.club.clone(),
            self.army.clone(),
            self.points.raeuber_warhammer.to_string(),
            self.points.new_year_scenario.to_string(),
            self.points.sled_race.to_string(),
            self.points.total().to_string(),
            catalogue
                .render(&self.decided_by.message())
                .unwrap_or_default(),
        ]
    }
}

/// The standings rows of an event, best first, with the event's own
/// tie-breakers. O(n log n).
///
/// # Errors
///
/// Every error of [`Event::standings`].
pub fn standings_rows(event: &Event) -> Result<Vec<StandingsRow>, NewYearError> {
    let points = event.player_points()?;
    let standings = event.standings_of(&points, &event.tie_breakers)?;
    let mut by_id = std::collections::HashMap::with_capacity(points.len());
    for (p, player) in points.iter().zip(&event.players) {
        by_id.insert(p.player.as_str(), (p, player));
    }
    let rows = standings.rows();
    let mut out = Vec::with_capacity(rows.len());
    for (index, row) in rows.iter().enumerate() {
        let Some((p, player)) = by_id.get(row.id.as_str()) else {
            continue;
        };
        let same = |other: Option<&feldherr_scoring::StandingRow>| {
            other.is_some_and(|o| o.place == row.place)
        };
        let shared =
            same(index.checked_sub(1).and_then(|i| rows.get(i))) || same(rows.get(index + 1));
        let decided_by = match &row.decided_by {
            Decision::Total => DecidedBy::Total,
            Decision::Shared => DecidedBy::Shared,
            Decision::TieBreaker {
                key, value, versus, ..
            } => EventTieBreaker::ALL
                .into_iter()
                .find(|tb| tb.key() == key)
                .map_or(DecidedBy::Total, |tie_breaker| DecidedBy::TieBreaker {
                    tie_breaker,
                    value: *value,
                    versus: *versus,
                }),
        };
        out.push(StandingsRow {
            place: row.place,
            shared,
            points: (*p).clone(),
            club: player.club.clone(),
            army: player.army.clone(),
            dropped: player.dropped,
            dropped_after: player.dropped.then_some(player.dropped_after).flatten(),
            decided_by,
        });
    }
    Ok(out)
}

/// A column of the standings table; every one sorts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StandingsColumn {
    /// The place (the ranking).
    Place,
    /// The player's name, by surname (the last word), then the whole name.
    Name,
    /// Club.
    Club,
    /// Army.
    Army,
    /// Raeuber-Warhammer points.
    RaeuberWarhammer,
    /// New Year scenario points.
    NewYearScenario,
    /// Sled race points.
    SledRace,
    /// Total event points.
    Total,
    /// A tie-breaker's value (whether chosen or not).
    TieBreaker(EventTieBreaker),
    /// What decided the place: by the total, then by tie-breaker (in the
    /// order of [`EventTieBreaker::ALL`]), then shared places.
    DecidedBy,
}

/// The sort key of a name: its last word (the surname), then the whole
/// name, both without case.
///
/// ```
/// use feldherr_wfb_newyear::surname_key;
/// assert!(surname_key("Zoe Albrecht") < surname_key("Anna Brandt"));
/// ```
pub fn surname_key(name: &str) -> (String, String) {
    let lower = name.trim().to_lowercase();
    let last = lower
        .split_whitespace()
        .last()
        .unwrap_or_default()
        .to_owned();
    (last, lower)
}

/// Sorts rows by a column, ascending or descending; equal values keep the
/// ranking order (place). Text columns compare without case.
pub fn sort_rows(rows: &mut [StandingsRow], column: StandingsColumn, descending: bool) {
    let key = |row: &StandingsRow, other: &StandingsRow| -> Ordering {
        match column {
            StandingsColumn::Place => row.place.cmp(&other.place),
            StandingsColumn::Name => {
                surname_key(&row.points.name).cmp(&surname_key(&other.points.name))
            }
            StandingsColumn::Club => row.club.to_lowercase().cmp(&other.club.to_lowercase()),
            StandingsColumn::Army => row.army.to_lowercase().cmp(&other.army.to_lowercase()),
            StandingsColumn::RaeuberWarhammer => row
                .points
                .raeuber_warhammer
                .cmp(&other.points.raeuber_warhammer),
            StandingsColumn::NewYearScenario => row
                .points
                .new_year_scenario
                .cmp(&other.points.new_year_scenario),
            StandingsColumn::SledRace => row.points.sled_race.cmp(&other.points.sled_race),
            StandingsColumn::Total => row.points.total().cmp(&other.points.total()),
            StandingsColumn::TieBreaker(tb) => row
                .points
                .tie_value(tb)
                .total_cmp(&other.points.tie_value(tb)),
            StandingsColumn::DecidedBy => {
                decided_rank(&row.decided_by).cmp(&decided_rank(&other.decided_by))
            }
        }
    };
    rows.sort_by(|a, b| {
        let ordering = key(a, b);
        let ordering = if descending {
            ordering.reverse()
        } else {
            ordering
        };
        ordering.then(a.place.cmp(&b.place))
    });
}

/// Sort rank of a decision: total, each tie-breaker, shared.
fn decided_rank(decided: &DecidedBy) -> usize {
    match decided {
        DecidedBy::Total => 0,
        DecidedBy::TieBreaker { tie_breaker, .. } => {
            1 + EventTieBreaker::ALL
                .iter()
                .position(|tb| tb == tie_breaker)
                .unwrap_or(0)
        }
        DecidedBy::Shared => 1 + EventTieBreaker::ALL.len(),
    }
}
