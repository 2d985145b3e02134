//! Placement violations, by piece id and name.

use std::fmt;

use feldherr_geometry::{PlacementAgainst, Shape, TableEdge, Unit, check_placement_capped};
use serde::{Deserialize, Serialize};

use crate::{Piece, Table, TableRules};

/// What a piece is too close to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Against {
    /// A table edge.
    Edge(TableEdge),
    /// Another piece.
    Piece {
        /// Its id.
        id: u64,
        /// Its name.
        name: String,
    },
}

/// One broken placement rule, in the table's terms.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Violation {
    /// The offending piece's id.
    pub piece: u64,
    /// Its name.
    pub name: String,
    /// What it is too close to.
    pub against: Against,
    /// The edge-to-edge distance. Against a table edge it is negative when
    /// the piece sticks out over that edge (by that much).
    pub distance: f64,
    /// The required minimum.
    pub required: f64,
    /// The unit of both numbers.
    pub unit: Unit,
}

impl Violation {
    /// Whether the piece is partly off the table.
    #[must_use]
    pub fn is_off_table(&self) -> bool {
        matches!(self.against, Against::Edge(_)) && self.distance < 0.0
    }

    /// The ids of the pieces involved (one, or two for a pair).
    #[must_use]
    pub fn piece_ids(&self) -> Vec<u64> {
        match &self.against {
            Against::Edge(_) => vec![self.piece],
            Against::Piece { id, .. } => vec![self.piece, *id],
        }
    }

    /// The explanation for people, in English (the same as `Display`).
    #[must_use]
    pub fn explanation(&self) -> String {
        self.to_string()
    }
}

/// A measurement for people: at most one decimal, no trailing zero, the
/// unit after a space (`9.9 cm`, `10 cm`).
#[must_use]
pub fn format_length(value: f64, unit: Unit) -> String {
    let text = format!("{value:.1}");
    let text = text.strip_suffix(".0").unwrap_or(&text);
    let text = if text == "-0" { "0" } else { text };
    format!("{text} {unit}")
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let required = format_length(self.required, self.unit);
        match &self.against {
            Against::Edge(edge) if self.distance < 0.0 => write!(
                f,
                "\"{}\" sticks out {} over the {edge} table edge; it must be on the table and at least {required} from that edge",
                self.name,
                format_length(-self.distance, self.unit)
            ),
            Against::Edge(edge) => write!(
                f,
                "\"{}\" is {} from the {edge} table edge; at least {required} is required",
                self.name,
                format_length(self.distance, self.unit)
            ),
            Against::Piece { name, .. } => write!(
                f,
                "\"{}\" is {} from \"{name}\" (edge to edge); at least {required} is required",
                self.name,
                format_length(self.distance, self.unit)
            ),
        }
    }
}

/// How many violations [`Table::violations_capped`] keeps by default for
/// people: a screen or a terminal shows no more usefully (issue 16: 5,000
/// pieces on one spot gave 101 MB of text).
pub const DEFAULT_VIOLATION_LIMIT: usize = 100;

impl Table {
    /// Every broken placement rule: the pieces on the layers `rules`
    /// govern, checked with `feldherr_geometry::check_placement` (edge to
    /// edge; a distance equal to the minimum is allowed). Empty when the
    /// rules have no placement rule or the placement is legal.
    ///
    /// There can be one for every pair of pieces; for anything shown to
    /// people use [`Table::violations_capped`].
    #[must_use]
    pub fn violations(&self, rules: &TableRules) -> Vec<Violation> {
        self.violations_capped(rules, usize::MAX).0
    }

    /// The first `limit` violations of [`Table::violations`] (same order)
    /// and how many more there are, for a summary line such as "and 12,345
    /// more" (see [`more_violations`]). Work and memory stay bounded: pairs
    /// are found by sort and sweep
    /// (`feldherr_geometry::check_placement_capped`) and only `limit`
    /// violations are kept.
    #[must_use]
    pub fn violations_capped(&self, rules: &TableRules, limit: usize) -> (Vec<Violation>, usize) {
        let Some(placement) = &rules.placement else {
            return (Vec::new(), 0);
        };
        let Ok(surface) = self.surface() else {
            return (Vec::new(), 0);
        };
        let governed: Vec<&Piece> = self
            .pieces()
            .iter()
            .filter(|p| rules.placement_layers.contains(&p.layer))
            .collect();
        let shapes: Vec<Shape> = governed.iter().map(|p| p.shape.clone()).collect();
        let (found, more) = check_placement_capped(&surface, &shapes, placement, limit);
        let kept = found
            .into_iter()
            .filter_map(|v| {
                let piece = governed.get(v.piece)?;
                let against = match v.against {
                    PlacementAgainst::Edge(edge) => Against::Edge(edge),
                    PlacementAgainst::Piece(j) => {
                        let other = governed.get(j)?;
                        Against::Piece {
                            id: other.id,
                            name: other.name.clone(),
                        }
                    }
                };
                Some(Violation {
                    piece: piece.id,
                    name: piece.name.clone(),
                    against,
                    distance: v.distance,
                    required: v.required,
                    unit: self.unit(),
                })
            })
            .collect();
        (kept, more)
    }
}

/// The summary line after a capped list: `None` when nothing was left out,
/// else "… and N more placement problems".
#[must_use]
pub fn more_violations(more: usize) -> Option<String> {
    match more {
        0 => None,
        1 => Some("… and 1 more placement problem".to_owned()),
        n => Some(format!("… and {n} more placement problems")),
    }
}
