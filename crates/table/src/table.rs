//! The table: its size, unit and pieces, and the edits that change it.

use std::collections::HashSet;

use feldherr_geometry::{Angle, Point, Shape, Unit};
use serde::{Deserialize, Deserializer, Serialize};

use crate::error::{finite, shape_error, table_side};
use crate::piece::resized;
use crate::{Layer, Piece, PieceSize, TableError};

/// The longest table side, in its native unit: 1,000,000 (10 km in
/// centimetres). A longer table is refused when made, resized or loaded
/// (issue #28: a table 1e308 wide loaded and then no sheet could draw it;
/// ruling P38).
pub const MAX_TABLE_SIDE: f64 = 1.0e6;

/// A game table: `width` by `depth` in its native `unit`, with the pieces
/// on it.
///
/// Invariants (checked by every constructor, by [`Table::apply`] and when
/// deserialising): width and depth finite, greater than zero and at most
/// [`MAX_TABLE_SIDE`], piece ids unique.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Table {
    width: f64,
    depth: f64,
    unit: Unit,
    pieces: Vec<Piece>,
}

/// One change to a [`Table`]. The app keeps undo history as snapshots of
/// the table, so edits carry no inverse.
///
/// Serialised with an `edit` tag (`"add"`, `"move"`, ...).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "edit", rename_all = "snake_case")]
pub enum TableEdit {
    /// Put a new piece on the table; its id must be unused
    /// ([`Table::next_id`] gives one).
    Add(Piece),
    /// Move a piece so that its centre ([`Piece::center`]) is at `to`.
    Move {
        /// The piece.
        id: u64,
        /// Where its centre goes.
        to: Point,
    },
    /// Turn a piece to `facing` about its centre: a rectangle turns its
    /// outline, a polygon its vertices (by the turn from its old facing,
    /// 0° if it had none), a circle only records the facing.
    Rotate {
        /// The piece.
        id: u64,
        /// The new facing.
        facing: Angle,
    },
    /// Give a piece a new size, keeping its centre and facing.
    Resize {
        /// The piece.
        id: u64,
        /// The new size.
        size: PieceSize,
    },
    /// Replace a piece's outline.
    SetShape {
        /// The piece.
        id: u64,
        /// The new outline.
        shape: Shape,
    },
    /// Rename a piece.
    Rename {
        /// The piece.
        id: u64,
        /// The new name.
        name: String,
    },
    /// Change a piece's type id (and, for a type of another layer, its
    /// layer).
    SetKind {
        /// The piece.
        id: u64,
        /// The new type id.
        kind: String,
        /// The type's layer.
        layer: Layer,
    },
    /// Take a piece off the table.
    Delete {
        /// The piece.
        id: u64,
    },
    /// Change the table's size (the unit stays; pieces stay where they are).
    SetTableSize {
        /// New extent along x.
        width: f64,
        /// New extent along y.
        depth: f64,
    },
}

impl TableEdit {
    /// The piece the edit changes, if any.
    #[must_use]
    pub fn piece_id(&self) -> Option<u64> {
        match self {
            TableEdit::Add(piece) => Some(piece.id),
            TableEdit::Move { id, .. }
            | TableEdit::Rotate { id, .. }
            | TableEdit::Resize { id, .. }
            | TableEdit::SetShape { id, .. }
            | TableEdit::Rename { id, .. }
            | TableEdit::SetKind { id, .. }
            | TableEdit::Delete { id } => Some(*id),
            TableEdit::SetTableSize { .. } => None,
        }
    }
}

impl Table {
    /// An empty table `width` by `depth` in `unit`.
    ///
    /// # Errors
    /// [`TableError::NotFinite`] / [`TableError::NotPositive`] /
    /// [`TableError::TooLarge`] naming `width` or `depth`.
    pub fn new(width: f64, depth: f64, unit: Unit) -> Result<Table, TableError> {
        table_side("width", width)?;
        table_side("depth", depth)?;
        Ok(Table {
            width,
            depth,
            unit,
            pieces: Vec::new(),
        })
    }

    /// A table of the given size with `pieces`.
    ///
    /// # Errors
    /// As [`Table::new`], and [`TableError::DuplicateId`] when two pieces
    /// share an id.
    pub fn with_pieces(
        width: f64,
        depth: f64,
        unit: Unit,
        pieces: Vec<Piece>,
    ) -> Result<Table, TableError> {
        let mut table = Table::new(width, depth, unit)?;
        let mut seen = HashSet::new();
        for piece in &pieces {
            if !seen.insert(piece.id) {
                return Err(TableError::DuplicateId { id: piece.id });
            }
        }
        table.pieces = pieces;
        Ok(table)
    }

    pub(crate) const fn sized(width: f64, depth: f64, unit: Unit) -> Table {
        Table {
            width,
            depth,
            unit,
            pieces: Vec::new(),
        }
    }

    /// A 6 by 4 foot table, 72 x 48 in (the fallback of
    /// [`crate::TableRules::default_table`] for inch rules).
    #[must_use]
    pub const fn six_by_four() -> Table {
        Table::sized(72.0, 48.0, Unit::Inch)
    }

    /// Extent along x (the long edge), in [`Table::unit`].
    #[must_use]
    pub const fn width(&self) -> f64 {
        self.width
    }

    /// Extent along y, in [`Table::unit`].
    #[must_use]
    pub const fn depth(&self) -> f64 {
        self.depth
    }

    /// The native unit every coordinate and size is in.
    #[must_use]
    pub const fn unit(&self) -> Unit {
        self.unit
    }

    /// The grid step: 6 in or 10 cm.
    #[must_use]
    pub const fn grid_step(&self) -> f64 {
        match self.unit {
            Unit::Inch => 6.0,
            Unit::Centimetre => 10.0,
        }
    }

    /// The pieces, in the order they were added.
    #[must_use]
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The piece with `id`.
    #[must_use]
    pub fn piece(&self, id: u64) -> Option<&Piece> {
        self.pieces.iter().find(|p| p.id == id)
    }

    /// An id no piece uses yet (one more than the largest).
    #[must_use]
    pub fn next_id(&self) -> u64 {
        self.pieces
            .iter()
            .map(|p| p.id)
            .max()
            .map_or(1, |m| m.saturating_add(1))
    }

    /// The pieces bottom to top: by layer (terrain, markers, models), then
    /// in the order they were added.
    #[must_use]
    pub fn draw_order(&self) -> Vec<&Piece> {
        let mut order: Vec<&Piece> = self.pieces.iter().collect();
        order.sort_by_key(|p| p.layer);
        order
    }

    /// The topmost piece whose outline contains `point` (boundary
    /// included), if any.
    #[must_use]
    pub fn piece_at(&self, point: Point) -> Option<&Piece> {
        self.draw_order()
            .into_iter()
            .rev()
            .find(|p| p.shape.contains_point(point))
    }

    /// The playing surface as a geometry table (for edge distances and
    /// placement checks).
    ///
    /// # Errors
    /// Never for a validated table; a [`TableError::InvalidShape`] would
    /// mean the invariant was broken.
    pub fn surface(&self) -> Result<feldherr_geometry::Table, TableError> {
        feldherr_geometry::Table::new(self.width, self.depth).map_err(shape_error("table"))
    }

    fn index_of(&self, id: u64) -> Result<usize, TableError> {
        self.pieces
            .iter()
            .position(|p| p.id == id)
            .ok_or(TableError::UnknownPiece { id })
    }

    /// Puts `piece` on the table (same as applying [`TableEdit::Add`]).
    ///
    /// # Errors
    /// [`TableError::DuplicateId`] when its id is in use.
    pub fn add(&mut self, piece: Piece) -> Result<(), TableError> {
        self.apply(TableEdit::Add(piece))
    }

    /// Applies `edit`. On error the table is unchanged.
    ///
    /// # Errors
    /// * [`TableError::UnknownPiece`] for an id not on the table;
    /// * [`TableError::DuplicateId`] when an added piece's id is in use;
    /// * [`TableError::NotFinite`] naming `to.x`, `to.y`, `width`, `depth`,
    ///   `radius`, `length` or `scale`;
    /// * [`TableError::NotPositive`] for sizes of zero or less;
    /// * [`TableError::TooLarge`] for a table side beyond [`MAX_TABLE_SIDE`];
    /// * [`TableError::SizeMismatch`] for a radius given to a rectangle and
    ///   the like;
    /// * [`TableError::InvalidShape`] when the changed outline is not a
    ///   valid shape.
    pub fn apply(&mut self, edit: TableEdit) -> Result<(), TableError> {
        match edit {
            TableEdit::Add(piece) => {
                if self.piece(piece.id).is_some() {
                    return Err(TableError::DuplicateId { id: piece.id });
                }
                self.pieces.push(piece);
            }
            TableEdit::Move { id, to } => {
                let i = self.index_of(id)?;
                finite("to.x", to.x)?;
                finite("to.y", to.y)?;
                let piece = &mut self.pieces[i];
                let offset = to - piece.center();
                piece.shape = piece.shape.translate(offset);
            }
            TableEdit::Rotate { id, facing } => {
                let i = self.index_of(id)?;
                let piece = &mut self.pieces[i];
                let old = piece.facing_angle().unwrap_or(Angle::ZERO);
                let pivot = piece.center();
                piece.shape = match &piece.shape {
                    Shape::Circle(c) => Shape::Circle(*c),
                    other => other.rotate_about(pivot, facing - old),
                };
                piece.facing = Some(facing);
            }
            TableEdit::Resize { id, size } => {
                let i = self.index_of(id)?;
                let shape = resized(&self.pieces[i].shape, id, size)?;
                self.pieces[i].shape = shape;
            }
            TableEdit::SetShape { id, shape } => {
                let i = self.index_of(id)?;
                self.pieces[i].shape = shape;
            }
            TableEdit::Rename { id, name } => {
                let i = self.index_of(id)?;
                self.pieces[i].name = name;
            }
            TableEdit::SetKind { id, kind, layer } => {
                let i = self.index_of(id)?;
                self.pieces[i].kind = kind;
                self.pieces[i].layer = layer;
            }
            TableEdit::Delete { id } => {
                let i = self.index_of(id)?;
                self.pieces.remove(i);
            }
            TableEdit::SetTableSize { width, depth } => {
                table_side("width", width)?;
                table_side("depth", depth)?;
                self.width = width;
                self.depth = depth;
            }
        }
        Ok(())
    }

    /// Applies every edit in order, stopping at the first error (the edits
    /// before it stay applied).
    ///
    /// # Errors
    /// The first edit's error, with its index.
    pub fn apply_all(
        &mut self,
        edits: impl IntoIterator<Item = TableEdit>,
    ) -> Result<(), (usize, TableError)> {
        for (i, edit) in edits.into_iter().enumerate() {
            self.apply(edit).map_err(|e| (i, e))?;
        }
        Ok(())
    }
}

impl<'de> Deserialize<'de> for Table {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Data {
            width: f64,
            depth: f64,
            unit: Unit,
            #[serde(default)]
            pieces: Vec<Piece>,
        }
        let d = Data::deserialize(deserializer)?;
        Table::with_pieces(d.width, d.depth, d.unit, d.pieces).map_err(serde::de::Error::custom)
    }
}
