//! Terrain placement checks: minimum clearances to the table edges and
//! between pieces (a system gives its numbers, e.g. Warmaster's terrain clearances).

use std::collections::BinaryHeap;
use std::fmt;

use serde::{Deserialize, Deserializer, Serialize};

use crate::error::non_negative;
use crate::{Bounds, GEOMETRIC_EPSILON, GeometryError, Shape, Table, TableEdge, distance};

/// Minimum edge-to-edge clearances for placing pieces (usually terrain).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PlacementRules {
    min_to_edge: f64,
    min_between: f64,
}

impl PlacementRules {
    /// Rules requiring `min_to_edge` from every table edge and `min_between`
    /// between any two pieces, edge to edge.
    ///
    /// # Errors
    /// [`GeometryError::NotFinite`] / [`GeometryError::Negative`] naming
    /// `min_to_edge` or `min_between`.
    pub fn new(min_to_edge: f64, min_between: f64) -> Result<PlacementRules, GeometryError> {
        non_negative("min_to_edge", min_to_edge)?;
        non_negative("min_between", min_between)?;
        Ok(PlacementRules {
            min_to_edge,
            min_between,
        })
    }

    /// Required clearance from every table edge.
    #[must_use]
    pub const fn min_to_edge(&self) -> f64 {
        self.min_to_edge
    }

    /// Required clearance between any two pieces.
    #[must_use]
    pub const fn min_between(&self) -> f64 {
        self.min_between
    }
}

impl<'de> Deserialize<'de> for PlacementRules {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        struct Data {
            min_to_edge: f64,
            min_between: f64,
        }
        let d = Data::deserialize(deserializer)?;
        PlacementRules::new(d.min_to_edge, d.min_between).map_err(serde::de::Error::custom)
    }
}

/// What a piece is too close to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlacementAgainst {
    /// A table edge.
    Edge(TableEdge),
    /// Another piece, by index into the checked slice (always greater than
    /// the violating piece's index).
    Piece(usize),
}

/// One broken placement rule.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PlacementViolation {
    /// Index of the offending piece in the checked slice.
    pub piece: usize,
    /// What it is too close to.
    pub against: PlacementAgainst,
    /// The actual edge-to-edge distance. Against a table edge it is negative
    /// when the piece sticks out over that edge (by that much).
    pub distance: f64,
    /// The required minimum.
    pub required: f64,
}

impl PlacementViolation {
    /// Whether the piece is partly off the table.
    #[must_use]
    pub fn is_off_table(&self) -> bool {
        matches!(self.against, PlacementAgainst::Edge(_)) && self.distance < 0.0
    }
}

/// Formats a measurement for people: at most three decimals, no trailing
/// zeros.
fn measure(value: f64) -> String {
    let text = format!("{value:.3}");
    let text = if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.')
    } else {
        &text
    };
    if text == "-0" {
        "0".to_owned()
    } else {
        text.to_owned()
    }
}

impl fmt::Display for PlacementViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let required = measure(self.required);
        match self.against {
            PlacementAgainst::Edge(edge) if self.distance < 0.0 => write!(
                f,
                "piece {} sticks out {} over the {edge} table edge; it must be on the table and at least {required} from that edge",
                self.piece,
                measure(-self.distance)
            ),
            PlacementAgainst::Edge(edge) => write!(
                f,
                "piece {} is {} from the {edge} table edge; at least {required} is required",
                self.piece,
                measure(self.distance)
            ),
            PlacementAgainst::Piece(other) => write!(
                f,
                "piece {} is {} from piece {other} (edge to edge); at least {required} is required",
                self.piece,
                measure(self.distance)
            ),
        }
    }
}

/// Checks every piece against every table edge and every other piece.
///
/// Reported, grouped by piece in index order: each table edge the piece is
/// closer to than `rules.min_to_edge` (including edges it sticks out over,
/// which is always a violation, even with a minimum of zero), then each
/// later piece it is closer to than `rules.min_between`. Distances are edge
/// to edge; a distance equal to the minimum (up to
/// [`GEOMETRIC_EPSILON`]) is allowed. An empty result means the placement
/// is legal.
///
/// The result can hold a violation for every pair of pieces; use
/// [`check_placement_capped`] to keep a bounded number.
#[must_use]
pub fn check_placement(
    table: &Table,
    pieces: &[Shape],
    rules: &PlacementRules,
) -> Vec<PlacementViolation> {
    check_placement_capped(table, pieces, rules, usize::MAX).0
}

/// The first `limit` violations of [`check_placement`], in the same order,
/// and how many more there are (issue 16: 5,000 pieces stacked on one spot
/// give 12.5 million pairs).
///
/// Pairs are found by sort and sweep: pieces are sorted by the left side of
/// their bounding box and a piece is measured only against pieces whose
/// boxes, grown by the minimum, overlap its own, so pieces spread over a
/// table cost O(n log n) plus their near neighbours. The kept violations
/// are held in a heap of at most `limit` entries, so memory stays bounded
/// however many pairs violate.
#[must_use]
pub fn check_placement_capped(
    table: &Table,
    pieces: &[Shape],
    rules: &PlacementRules,
    limit: usize,
) -> (Vec<PlacementViolation>, usize) {
    let mut kept = Kept::new(limit);
    for (i, piece) in pieces.iter().enumerate() {
        for (edge_rank, (edge, d)) in table.edge_distances(piece).into_iter().enumerate() {
            if d < rules.min_to_edge - GEOMETRIC_EPSILON || d < -GEOMETRIC_EPSILON {
                kept.offer(
                    (i, 0, edge_rank),
                    PlacementViolation {
                        piece: i,
                        against: PlacementAgainst::Edge(edge),
                        distance: d,
                        required: rules.min_to_edge,
                    },
                );
            }
        }
    }
    let bounds: Vec<Bounds> = pieces.iter().map(Shape::bounds).collect();
    let mut order: Vec<usize> = (0..pieces.len()).collect();
    order.sort_by(|&a, &b| bounds[a].min.x.total_cmp(&bounds[b].min.x));
    // Two pieces whose boxes are more than the minimum apart (on either
    // axis) are more than the minimum apart edge to edge.
    let reach = rules.min_between + GEOMETRIC_EPSILON;
    let mut active: Vec<usize> = Vec::new();
    for &e in &order {
        let here = bounds[e];
        active.retain(|&a| bounds[a].max.x + reach >= here.min.x);
        for &other in &active {
            if !bounds[other].meets(here, reach / 2.0) {
                continue;
            }
            let (i, j) = if e < other { (e, other) } else { (other, e) };
            let d = distance(&pieces[i], &pieces[j]);
            if d < rules.min_between - GEOMETRIC_EPSILON {
                kept.offer(
                    (i, 1, j),
                    PlacementViolation {
                        piece: i,
                        against: PlacementAgainst::Piece(j),
                        distance: d,
                        required: rules.min_between,
                    },
                );
            }
        }
        active.push(e);
    }
    kept.finish()
}

/// Where a violation comes in the report: piece, edges (0) before pieces
/// (1), then edge order or the other piece's index.
type Rank = (usize, u8, usize);

/// The `limit` first violations by rank, and a count of the others.
struct Kept {
    limit: usize,
    heap: BinaryHeap<Ranked>,
    dropped: usize,
}

/// A violation ordered by its rank alone (a max-heap drops the last).
struct Ranked(Rank, PlacementViolation);

impl PartialEq for Ranked {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}
impl Eq for Ranked {}
impl PartialOrd for Ranked {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Ranked {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.cmp(&other.0)
    }
}

impl Kept {
    fn new(limit: usize) -> Kept {
        Kept {
            limit,
            heap: BinaryHeap::new(),
            dropped: 0,
        }
    }

    fn offer(&mut self, rank: Rank, violation: PlacementViolation) {
        if self.heap.len() < self.limit {
            self.heap.push(Ranked(rank, violation));
        } else if self.heap.peek().is_some_and(|last| rank < last.0) {
            self.heap.push(Ranked(rank, violation));
            self.heap.pop();
            self.dropped += 1;
        } else {
            self.dropped += 1;
        }
    }

    fn finish(self) -> (Vec<PlacementViolation>, usize) {
        let kept = self
            .heap
            .into_sorted_vec()
            .into_iter()
            .map(|r| r.1)
            .collect();
        (kept, self.dropped)
    }
}
