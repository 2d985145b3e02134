//! Terrain placement checks (Warmaster ruling W1).

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize};

use crate::error::non_negative;
use crate::{GEOMETRIC_EPSILON, GeometryError, Shape, Table, TableEdge, distance};

/// Minimum edge-to-edge clearances for placing pieces (usually terrain).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PlacementRules {
    min_to_edge: f64,
    min_between: f64,
}

impl PlacementRules {
    /// Warmaster ruling W1, in centimetres: every terrain piece at least
    /// 10 cm from every table edge and 12 cm from every other piece.
    pub const WARMASTER_CM: PlacementRules = PlacementRules {
        min_to_edge: 10.0,
        min_between: 12.0,
    };

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
#[must_use]
pub fn check_placement(
    table: &Table,
    pieces: &[Shape],
    rules: &PlacementRules,
) -> Vec<PlacementViolation> {
    let mut out = Vec::new();
    for (i, piece) in pieces.iter().enumerate() {
        for (edge, d) in table.edge_distances(piece) {
            if d < rules.min_to_edge - GEOMETRIC_EPSILON || d < -GEOMETRIC_EPSILON {
                out.push(PlacementViolation {
                    piece: i,
                    against: PlacementAgainst::Edge(edge),
                    distance: d,
                    required: rules.min_to_edge,
                });
            }
        }
        for (j, other) in pieces.iter().enumerate().skip(i + 1) {
            let d = distance(piece, other);
            if d < rules.min_between - GEOMETRIC_EPSILON {
                out.push(PlacementViolation {
                    piece: i,
                    against: PlacementAgainst::Piece(j),
                    distance: d,
                    required: rules.min_between,
                });
            }
        }
    }
    out
}
