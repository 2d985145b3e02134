//! Pieces on the table: terrain, markers and models.

use std::fmt;

use feldherr_geometry::{Angle, Circle, OrientedRect, Point, Polygon, Shape, Vector};
use serde::{Deserialize, Serialize};

use crate::TableError;
use crate::error::{finite, positive, shape_error};

/// What a piece is, for drawing order and for which rules apply to it.
///
/// Drawn bottom to top: terrain, then markers, then models.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[serde(rename_all = "snake_case")]
pub enum Layer {
    /// Hills, woods, rivers, buildings: what placement rules such as W1
    /// govern by default.
    #[default]
    Terrain,
    /// Objective markers, zones, deployment zones, templates.
    Marker,
    /// Unit stands, characters, sleds, war machines.
    Model,
}

impl Layer {
    /// All layers, bottom to top.
    pub const ALL: [Layer; 3] = [Layer::Terrain, Layer::Marker, Layer::Model];

    /// `terrain`, `marker` or `model`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Layer::Terrain => "terrain",
            Layer::Marker => "marker",
            Layer::Model => "model",
        }
    }
}

impl fmt::Display for Layer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The three outline kinds a piece can have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShapeKind {
    /// A disc ([`Shape::Circle`]).
    Circle,
    /// An oriented rectangle ([`Shape::Rect`]).
    Rect,
    /// A simple polygon ([`Shape::Polygon`]).
    Polygon,
}

impl ShapeKind {
    /// All kinds: circle, rectangle, polygon.
    pub const ALL: [ShapeKind; 3] = [ShapeKind::Circle, ShapeKind::Rect, ShapeKind::Polygon];

    /// The kind of `shape`.
    #[must_use]
    pub fn of(shape: &Shape) -> ShapeKind {
        match shape {
            Shape::Circle(_) => ShapeKind::Circle,
            Shape::Rect(_) => ShapeKind::Rect,
            Shape::Polygon(_) => ShapeKind::Polygon,
        }
    }

    /// `circle`, `rect` or `polygon`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ShapeKind::Circle => "circle",
            ShapeKind::Rect => "rect",
            ShapeKind::Polygon => "polygon",
        }
    }
}

/// One piece on the table.
///
/// Fields are public: any combination is a valid piece, because its shape
/// is validated when built (see `feldherr_geometry`). The table checks that
/// ids are unique.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Piece {
    /// Unique within its table.
    pub id: u64,
    /// What the referee calls it ("Hill 1", "Objective A").
    pub name: String,
    /// Type id supplied by the rule system ([`TypeDef::id`](crate::TypeDef::id)),
    /// for example `hill`, `wood`, `objective`.
    pub kind: String,
    /// Terrain, marker or model.
    pub layer: Layer,
    /// The outline, in native table units.
    pub shape: Shape,
    /// The facing of circles and polygons drawn with one (markers and
    /// models). Rectangles carry their own facing, which wins; see
    /// [`Piece::facing_angle`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<Angle>,
}

impl Piece {
    /// A piece without a separate facing.
    #[must_use]
    pub fn new(
        id: u64,
        name: impl Into<String>,
        kind: impl Into<String>,
        layer: Layer,
        shape: Shape,
    ) -> Piece {
        Piece {
            id,
            name: name.into(),
            kind: kind.into(),
            layer,
            shape,
            facing: None,
        }
    }

    /// This piece with `facing` (a rectangle is turned to it as well).
    #[must_use]
    pub fn with_facing(mut self, facing: Angle) -> Piece {
        if let Shape::Rect(rect) = &self.shape {
            self.shape = Shape::Rect(rect.rotate_about(rect.center(), facing - rect.facing()));
        }
        self.facing = Some(facing);
        self
    }

    /// The centre: a circle's or rectangle's centre, a polygon's centre of
    /// area. [`TableEdit::Move`](crate::TableEdit::Move) moves this point.
    #[must_use]
    pub fn center(&self) -> Point {
        self.shape.centroid()
    }

    /// The facing to draw and edit: a rectangle's own facing, otherwise
    /// [`Piece::facing`].
    #[must_use]
    pub fn facing_angle(&self) -> Option<Angle> {
        match &self.shape {
            Shape::Rect(rect) => Some(rect.facing()),
            _ => self.facing,
        }
    }

    /// The outline kind.
    #[must_use]
    pub fn shape_kind(&self) -> ShapeKind {
        ShapeKind::of(&self.shape)
    }
}

/// A new size for [`TableEdit::Resize`](crate::TableEdit::Resize).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PieceSize {
    /// A circle's new radius (greater than zero).
    Radius(f64),
    /// A rectangle's new sides: `width` across its facing, `length` along
    /// it (both greater than zero).
    Rect {
        /// Across the facing.
        width: f64,
        /// Along the facing.
        length: f64,
    },
    /// Any shape scaled about its centre by this factor (greater than zero).
    Scale(f64),
}

impl PieceSize {
    fn name(self) -> &'static str {
        match self {
            PieceSize::Radius(_) => "radius",
            PieceSize::Rect { .. } => "width/length",
            PieceSize::Scale(_) => "scale",
        }
    }
}

/// Resizes `shape` (the shape of piece `id`).
pub(crate) fn resized(shape: &Shape, id: u64, size: PieceSize) -> Result<Shape, TableError> {
    let mismatch = || TableError::SizeMismatch {
        id,
        size: size.name(),
        shape: ShapeKind::of(shape).name(),
    };
    let field = format!("piece {id} shape");
    match (shape, size) {
        (Shape::Circle(c), PieceSize::Radius(r)) => {
            positive("radius", r)?;
            Ok(Shape::Circle(
                Circle::new(c.center(), r).map_err(shape_error(field))?,
            ))
        }
        (Shape::Rect(rect), PieceSize::Rect { width, length }) => {
            positive("width", width)?;
            positive("length", length)?;
            Ok(Shape::Rect(
                OrientedRect::new(rect.center(), width, length, rect.facing())
                    .map_err(shape_error(field))?,
            ))
        }
        (_, PieceSize::Scale(factor)) => {
            positive("scale", factor)?;
            scaled(shape, factor).map_err(shape_error(field))
        }
        _ => Err(mismatch()),
    }
}

/// `shape` scaled about its centre by `factor`.
fn scaled(shape: &Shape, factor: f64) -> Result<Shape, feldherr_geometry::GeometryError> {
    Ok(match shape {
        Shape::Circle(c) => Shape::Circle(Circle::new(c.center(), c.radius() * factor)?),
        Shape::Rect(r) => Shape::Rect(OrientedRect::new(
            r.center(),
            r.width() * factor,
            r.length() * factor,
            r.facing(),
        )?),
        Shape::Polygon(p) => {
            let c = p.centroid();
            Shape::Polygon(Polygon::new(
                p.vertices()
                    .iter()
                    .map(|&v| c + (v - c).scale(factor))
                    .collect(),
            )?)
        }
    })
}

/// The default outline of a piece type, independent of where it is placed:
/// sizes in the rule system's native unit, polygon vertices relative to the
/// piece's centre.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ShapeTemplate {
    /// A disc of this radius.
    Circle {
        /// Radius.
        radius: f64,
    },
    /// A rectangle `width` across its facing and `length` along it.
    Rect {
        /// Across the facing.
        width: f64,
        /// Along the facing.
        length: f64,
    },
    /// A polygon; vertices are offsets from the centre.
    Polygon {
        /// Offsets of the vertices from the piece's centre.
        vertices: Vec<Vector>,
    },
}

impl ShapeTemplate {
    /// The template's outline kind.
    #[must_use]
    pub fn kind(&self) -> ShapeKind {
        match self {
            ShapeTemplate::Circle { .. } => ShapeKind::Circle,
            ShapeTemplate::Rect { .. } => ShapeKind::Rect,
            ShapeTemplate::Polygon { .. } => ShapeKind::Polygon,
        }
    }

    /// Half the template's largest extent: a size to derive other kinds
    /// from.
    #[must_use]
    pub fn half_extent(&self) -> f64 {
        match self {
            ShapeTemplate::Circle { radius } => *radius,
            ShapeTemplate::Rect { width, length } => width.max(*length) / 2.0,
            ShapeTemplate::Polygon { vertices } => {
                vertices.iter().map(|v| v.length()).fold(0.0, f64::max)
            }
        }
    }

    /// A template of the same overall size but of kind `kind` (the
    /// template itself if it already is): a circle becomes the square
    /// around it or a hexagon, a rectangle the circle of half its longer
    /// side, and so on.
    #[must_use]
    pub fn as_kind(&self, kind: ShapeKind) -> ShapeTemplate {
        if self.kind() == kind {
            return self.clone();
        }
        let r = self.half_extent();
        match kind {
            ShapeKind::Circle => ShapeTemplate::Circle { radius: r },
            ShapeKind::Rect => ShapeTemplate::Rect {
                width: 2.0 * r,
                length: 2.0 * r,
            },
            ShapeKind::Polygon => ShapeTemplate::Polygon {
                vertices: (0..6)
                    .map(|i| {
                        let a = f64::from(i) * std::f64::consts::PI / 3.0;
                        Vector::new(r * a.cos(), r * a.sin())
                    })
                    .collect(),
            },
        }
    }

    /// The outline centred on `center`, turned to `facing` (a circle
    /// ignores the facing).
    ///
    /// # Errors
    /// [`TableError::NotFinite`] for a non-finite `center`,
    /// [`TableError::InvalidShape`] when the template's sizes or vertices
    /// are not a valid shape.
    pub fn at(&self, center: Point, facing: Angle) -> Result<Shape, TableError> {
        finite("center.x", center.x)?;
        finite("center.y", center.y)?;
        let err = shape_error("template");
        Ok(match self {
            ShapeTemplate::Circle { radius } => {
                Shape::Circle(Circle::new(center, *radius).map_err(err)?)
            }
            ShapeTemplate::Rect { width, length } => {
                Shape::Rect(OrientedRect::new(center, *width, *length, facing).map_err(err)?)
            }
            ShapeTemplate::Polygon { vertices } => Shape::Polygon(
                Polygon::new(
                    vertices
                        .iter()
                        .map(|&v| center + v.rotate(facing))
                        .collect(),
                )
                .map_err(err)?,
            ),
        })
    }
}
