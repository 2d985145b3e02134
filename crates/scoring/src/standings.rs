//! Ranking competitors over several games.

use std::cmp::Ordering;
use std::collections::BTreeSet;

use foldhash::{HashSet, HashSetExt};
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::{Better, Competitor, ScoringError, TieBreaker};

/// What put a competitor on its place.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Decision {
    /// No other competitor has the same total.
    Total,
    /// Others have the same total; this tie-breaker was the last one needed
    /// to separate the competitor from all of them.
    TieBreaker {
        /// The tie-breaker's key.
        key: String,
        /// The tie-breaker's label.
        label: String,
        /// This competitor's value of the deciding tie-breaker.
        value: f64,
        /// The value of the nearest competitor with the same total that
        /// this tie-breaker separated him from (the one above him, or the
        /// one below when he is first of the group): "VP difference +450
        /// vs +200".
        versus: f64,
    },
    /// Another competitor is equal on the total and on every tie-breaker:
    /// the place is shared.
    Shared,
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StandingRow {
    /// Place, from 1; shared places use competition ranking (1, 2, 2, 4).
    pub place: usize,
    /// The competitor's id.
    pub id: String,
    /// The competitor's name.
    pub name: String,
    /// Points per game.
    pub game_points: Vec<i64>,
    /// Sum of the game points.
    pub total: i64,
    /// Tie-breaker values, in the order of the tie-breakers.
    pub tie_values: Vec<f64>,
    /// What decided the place.
    pub decided_by: Decision,
}

impl StandingRow {
    /// A row not yet placed.
    fn new(
        id: String,
        name: String,
        game_points: Vec<i64>,
        total: i64,
        tie_values: Vec<f64>,
    ) -> Self {
        Self {
            place: 0,
            id,
            name,
            game_points,
            total,
            tie_values,
            decided_by: Decision::Total,
        }
    }
}

/// Competitors ranked by total points, then by an ordered list of
/// tie-breakers. Competitors equal on everything share a place ("1, 2, 2,
/// 4"); with no tie-breakers every equal total is a shared place.
///
/// ```
/// use feldherr_scoring::{Competitor, Decision, Standings, TieBreaker};
///
/// let players = [
///     Competitor::new("a", "Anna", vec![10, 5]).with_tie_value("vp", 300.0),
///     Competitor::new("b", "Bernd", vec![8, 7]).with_tie_value("vp", 500.0),
///     Competitor::new("c", "Clara", vec![20, 0]).with_tie_value("vp", 0.0),
/// ];
/// let shared = Standings::rank(&players, &[])?;
/// assert_eq!(shared.places(), vec![(1, "c"), (2, "a"), (2, "b")]);
///
/// let by_vp = Standings::rank(&players, &[TieBreaker::higher("vp", "VP difference")])?;
/// assert_eq!(by_vp.places(), vec![(1, "c"), (2, "b"), (3, "a")]);
/// assert!(matches!(&by_vp.rows()[1].decided_by, Decision::TieBreaker { key, .. } if key == "vp"));
/// # Ok::<(), feldherr_scoring::ScoringError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Standings {
    tie_breakers: Vec<TieBreaker>,
    rows: Vec<StandingRow>,
}

impl Standings {
    /// Ranks `competitors`. Competitors equal on everything keep their input
    /// order within the shared place.
    ///
    /// # Errors
    ///
    /// [`ScoringError::DuplicateCompetitor`],
    /// [`ScoringError::DuplicateTieBreaker`],
    /// [`ScoringError::MissingTieValue`], [`ScoringError::InvalidValue`] for
    /// a tie value that is NaN or infinite, and
    /// [`ScoringError::TotalOverflow`].
    pub fn rank(
        competitors: &[Competitor],
        tie_breakers: &[TieBreaker],
    ) -> Result<Self, ScoringError> {
        Self::check(competitors, tie_breakers)?;
        let rows = competitors
            .iter()
            .map(|c| {
                let (total, tie_values) = Self::totals(c, tie_breakers)?;
                Ok(StandingRow::new(
                    c.id.clone(),
                    c.name.clone(),
                    c.game_points.clone(),
                    total,
                    tie_values,
                ))
            })
            .collect::<Result<Vec<_>, ScoringError>>()?;
        Ok(Self::ranked(rows, tie_breakers))
    }

    /// [`Standings::rank`] of competitors the caller no longer needs: their
    /// ids, names and points move into the rows instead of being copied
    /// (a 2,000-player event's standings, issue #29).
    ///
    /// # Errors
    ///
    /// As [`Standings::rank`].
    pub fn rank_owned(
        competitors: Vec<Competitor>,
        tie_breakers: &[TieBreaker],
    ) -> Result<Self, ScoringError> {
        Self::check(&competitors, tie_breakers)?;
        let rows = competitors
            .into_iter()
            .map(|c| {
                let (total, tie_values) = Self::totals(&c, tie_breakers)?;
                Ok(StandingRow::new(
                    c.id,
                    c.name,
                    c.game_points,
                    total,
                    tie_values,
                ))
            })
            .collect::<Result<Vec<_>, ScoringError>>()?;
        Ok(Self::ranked(rows, tie_breakers))
    }

    /// No tie-breaker twice, no competitor twice.
    fn check(competitors: &[Competitor], tie_breakers: &[TieBreaker]) -> Result<(), ScoringError> {
        let mut keys = BTreeSet::new();
        for tie_breaker in tie_breakers {
            if !keys.insert(tie_breaker.key.as_str()) {
                return Err(ScoringError::DuplicateTieBreaker {
                    key: tie_breaker.key.clone(),
                });
            }
        }
        let mut ids = HashSet::with_capacity(competitors.len());
        for competitor in competitors {
            if !ids.insert(competitor.id.as_str()) {
                return Err(ScoringError::DuplicateCompetitor {
                    id: competitor.id.clone(),
                });
            }
        }
        Ok(())
    }

    /// Sorts checked rows and gives them their places and decisions.
    fn ranked(rows: Vec<StandingRow>, tie_breakers: &[TieBreaker]) -> Self {
        // Stable: equal competitors keep the caller's order. Indices are
        // sorted (rows are large to move), then the rows taken in order.
        let mut order: Vec<usize> = (0..rows.len()).collect();
        order.sort_by(|&a, &b| compare(&rows[a], &rows[b], tie_breakers));
        let mut slots: Vec<Option<StandingRow>> = rows.into_iter().map(Some).collect();
        let mut rows: Vec<StandingRow> = order
            .iter()
            .filter_map(|&i| slots.get_mut(i).and_then(Option::take))
            .collect();

        let mut places = Vec::with_capacity(rows.len());
        let mut last: Option<(&StandingRow, usize)> = None;
        for (index, row) in rows.iter().enumerate() {
            let place = match last {
                Some((previous, place)) if compare(previous, row, tie_breakers).is_eq() => place,
                _ => index + 1,
            };
            places.push(place);
            last = Some((row, place));
        }
        for (row, place) in rows.iter_mut().zip(places) {
            row.place = place;
        }

        // Sorted rows: the competitors with the same total are neighbours,
        // and within them the tie values are in lexicographic order, so the
        // deepest tie-breaker separating a row from any other of its group
        // is the one separating it from a neighbour. O(n) after the sort.
        let decisions: Vec<Decision> = (0..rows.len())
            .map(|index| decide(index, &rows, tie_breakers))
            .collect();
        for (row, decision) in rows.iter_mut().zip(decisions) {
            row.decided_by = decision;
        }

        Self {
            tie_breakers: tie_breakers.to_vec(),
            rows,
        }
    }

    /// The competitor's total and its values of the tie-breakers, in order.
    fn totals(
        competitor: &Competitor,
        tie_breakers: &[TieBreaker],
    ) -> Result<(i64, Vec<f64>), ScoringError> {
        let total = competitor
            .game_points
            .iter()
            .try_fold(0_i64, |sum, &points| sum.checked_add(points))
            .ok_or_else(|| ScoringError::TotalOverflow {
                id: competitor.id.clone(),
            })?;
        let mut tie_values = Vec::with_capacity(tie_breakers.len());
        for tie_breaker in tie_breakers {
            let Some(&value) = competitor.tie_values.get(&tie_breaker.key) else {
                return Err(ScoringError::MissingTieValue {
                    id: competitor.id.clone(),
                    key: tie_breaker.key.clone(),
                });
            };
            if !value.is_finite() {
                return Err(ScoringError::InvalidValue {
                    field: format!(
                        "competitor \"{}\": tie_values.{}",
                        competitor.id, tie_breaker.key
                    ),
                    value: value.to_string(),
                    expected: "a finite number",
                });
            }
            tie_values.push(value);
        }
        Ok((total, tie_values))
    }

    /// The rows, best first.
    pub fn rows(&self) -> &[StandingRow] {
        &self.rows
    }

    /// The tie-breakers used, in order.
    pub fn tie_breakers(&self) -> &[TieBreaker] {
        &self.tie_breakers
    }

    /// The row of a competitor.
    pub fn row_of(&self, id: &str) -> Option<&StandingRow> {
        self.rows.iter().find(|row| row.id == id)
    }

    /// `(place, id)` for every row, best first.
    pub fn places(&self) -> Vec<(usize, &str)> {
        self.rows
            .iter()
            .map(|row| (row.place, row.id.as_str()))
            .collect()
    }
}

/// Compares one tie-breaker's values: `Less` means `a` ranks higher.
fn compare_value(a: f64, b: f64, better: Better) -> Ordering {
    // Values are finite (checked), so `partial_cmp` always answers;
    // unlike `total_cmp` it treats 0.0 and -0.0 as equal.
    let ordering = a.partial_cmp(&b).unwrap_or(Ordering::Equal);
    match better {
        Better::Higher => ordering.reverse(),
        Better::Lower => ordering,
    }
}

/// Index of the first tie-breaker on which `a` and `b` differ.
fn first_difference(
    a: &StandingRow,
    b: &StandingRow,
    tie_breakers: &[TieBreaker],
) -> Option<usize> {
    a.tie_values
        .iter()
        .zip(&b.tie_values)
        .zip(tie_breakers)
        .position(|((&x, &y), tb)| compare_value(x, y, tb.better).is_ne())
}

/// `Less` means `a` ranks higher: the higher total, then the first
/// tie-breaker on which they differ.
fn compare(a: &StandingRow, b: &StandingRow, tie_breakers: &[TieBreaker]) -> Ordering {
    b.total.cmp(&a.total).then_with(|| {
        a.tie_values
            .iter()
            .zip(&b.tie_values)
            .zip(tie_breakers)
            .map(|((&x, &y), tb)| compare_value(x, y, tb.better))
            .find(|o| o.is_ne())
            .unwrap_or(Ordering::Equal)
    })
}

fn decide(index: usize, rows: &[StandingRow], tie_breakers: &[TieBreaker]) -> Decision {
    let Some(row) = rows.get(index) else {
        return Decision::Total;
    };
    let above = index.checked_sub(1).and_then(|i| rows.get(i));
    let below = rows.get(index + 1);
    // (neighbour, index of the first tie-breaker that separates them)
    let mut deepest: Option<(&StandingRow, usize)> = None;
    for other in [above, below].into_iter().flatten() {
        if other.total != row.total {
            continue;
        }
        match first_difference(row, other, tie_breakers) {
            None => return Decision::Shared,
            Some(depth) => {
                if deepest.is_none_or(|(_, d)| depth > d) {
                    deepest = Some((other, depth));
                }
            }
        }
    }
    let Some((other, depth)) = deepest else {
        return Decision::Total;
    };
    match (
        tie_breakers.get(depth),
        row.tie_values.get(depth),
        other.tie_values.get(depth),
    ) {
        (Some(tb), Some(&value), Some(&versus)) => Decision::TieBreaker {
            key: tb.key.clone(),
            label: tb.label.clone(),
            value,
            versus,
        },
        _ => Decision::Total,
    }
}

/// A plain-text table: place (`=` marks a shared place), name, total,
/// points per game, tie-breaker values and what decided the place.
impl fmt::Display for Standings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name_width = self
            .rows
            .iter()
            .map(|row| row.name.chars().count())
            .max()
            .unwrap_or(0)
            .max(4);
        let games: Vec<String> = self
            .rows
            .iter()
            .map(|row| {
                row.game_points
                    .iter()
                    .map(i64::to_string)
                    .collect::<Vec<_>>()
                    .join(" + ")
            })
            .collect();
        let games_width = games.iter().map(String::len).max().unwrap_or(0).max(5);
        // Padding is written by hand: `format!` widths above 65,535 panic
        // ("Formatting argument out of range", issue 16), and names and
        // labels have no length limit here.
        write!(
            f,
            "Place  {}  Total  {}",
            pad_right("Name", name_width),
            pad_right("Games", games_width)
        )?;
        for tie_breaker in &self.tie_breakers {
            write!(f, "  {}", tie_breaker.label)?;
        }
        writeln!(f, "  Decided by")?;
        for (row, games) in self.rows.iter().zip(&games) {
            let marker = if row.decided_by == Decision::Shared {
                "="
            } else {
                " "
            };
            write!(
                f,
                "{:>4}{marker}  {}  {:>5}  {}",
                row.place,
                pad_right(&row.name, name_width),
                row.total,
                pad_right(games, games_width)
            )?;
            for (value, tie_breaker) in row.tie_values.iter().zip(&self.tie_breakers) {
                let width = tie_breaker.label.chars().count();
                write!(f, "  {}", pad_left(&value.to_string(), width))?;
            }
            match &row.decided_by {
                Decision::Total => writeln!(f, "  total")?,
                Decision::TieBreaker { label, .. } => writeln!(f, "  {label}")?,
                Decision::Shared => writeln!(f, "  shared")?,
            }
        }
        Ok(())
    }
}

/// `text` followed by spaces up to `width` characters.
fn pad_right(text: &str, width: usize) -> String {
    let len = text.chars().count();
    format!("{text}{}", " ".repeat(width.saturating_sub(len)))
}

/// Spaces up to `width` characters, then `text`.
fn pad_left(text: &str, width: usize) -> String {
    let len = text.chars().count();
    format!("{}{text}", " ".repeat(width.saturating_sub(len)))
}
