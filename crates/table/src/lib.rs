//! The saved model of a game table for Feldherr, the referee's desk for
//! tabletop miniature wargames: shared by every rule system.
//!
//! A [`Table`] has a size in its native unit and [`Piece`]s on three
//! [`Layer`]s (terrain, markers, models). A rule system supplies
//! [`TableRules`]: its piece types ([`TypeDef`]: id, label, colour, layer,
//! default outline) and optional placement rules (e.g. Warmaster's W1,
//! given by its crate). Every
//! change is a [`TableEdit`] applied with [`Table::apply`], which validates
//! it and leaves the table unchanged on error; the app keeps undo history
//! by snapshots, so edits carry no inverse. [`Table::violations`] lists the
//! broken placement rules by piece id and name, [`measure`] and
//! [`Measurement`] measure edge to edge or point to point, and
//! [`render_rgba`] / [`encode_png`] draw a picture without any GUI;
//! [`annotated_picture`] adds a strip with a scale bar and a legend and lays
//! out every word of the picture (piece names, scale numbers, type names)
//! as [`PictureLabel`]s for the caller to draw, measuring text through
//! [`PictureText`].
//!
//! # Units and conventions
//!
//! The same as `feldherr_geometry` (ruling G1):
//!
//! * **Lengths** are plain `f64` in the table's *native unit*
//!   ([`Table::unit`]): inches or centimetres, whichever the rule system
//!   uses. Type sizes in [`TableRules`] are in [`TableRules::unit`].
//! * **Coordinates:** the origin is the table's lower-left corner; x runs to
//!   the right along the long edge (`0..width`), y upwards, away from the
//!   first player's edge (`0..depth`). Pictures (and screens) have y down,
//!   so drawing flips y.
//! * **Angles** are degrees, counter-clockwise, 0° = +x, 90° = +y (facing
//!   up the table). Rectangles carry their own facing; circles and
//!   polygons may have one in [`Piece::facing`].
//! * **Default sizes** (ruling G2) belong to each rule system's crate
//!   (`Game::default_table`); this crate only has a fallback per unit
//!   ([`TableRules::default_table`]). The grid is every 6 in or 10 cm
//!   ([`Table::grid_step`]).
//!
//! # Validation
//!
//! Table sizes must be finite and greater than zero; piece ids unique; edit
//! values finite (and sizes positive). Errors are [`TableError`], naming the
//! field and value. Everything is serde `Serialize`/`Deserialize`;
//! deserialising a table validates it.
//!
//! # Example
//!
//! ```
//! use feldherr_geometry::{PlacementRules, Point, Unit};
//! use feldherr_table::{
//!     ApproxText, Layer, ShapeTemplate, Table, TableEdit, TableRules, TypeDef,
//!     annotated_picture, measure, render_rgba,
//! };
//!
//! // A rule system's rules: woods, 10 cm from the edges, 12 cm apart.
//! let mut rules = TableRules::new("Example", Unit::Centimetre);
//! let round = ShapeTemplate::Circle { radius: 10.0 };
//! rules.types.push(TypeDef::new("wood", "Wood", [46, 112, 52], Layer::Terrain, round));
//! rules.placement = Some(PlacementRules::new(10.0, 12.0)?);
//! let mut table = Table::new(180.0, 120.0, Unit::Centimetre)?;
//! let wood = rules.type_def("wood").expect("a wood type");
//! // A wood of radius 10 cm, 5 cm from the left edge: too close (W1).
//! table.apply(TableEdit::Add(wood.piece(1, "Wood 1", Point::new(15.0, 60.0))?))?;
//! let violations = table.violations(&rules);
//! assert_eq!(violations.len(), 1);
//! assert_eq!(
//!     violations[0].to_string(),
//!     "\"Wood 1\" is 5 cm from the left table edge; at least 10 cm is required"
//! );
//! // Move it in: legal.
//! table.apply(TableEdit::Move { id: 1, to: Point::new(30.0, 60.0) })?;
//! assert!(table.violations(&rules).is_empty());
//!
//! // A second wood 12 cm away, edge to edge.
//! table.apply(TableEdit::Add(wood.piece(2, "Wood 2", Point::new(62.0, 60.0))?))?;
//! let [a, b] = [table.piece(1), table.piece(2)].map(Option::unwrap);
//! assert!((measure(a, b) - 12.0).abs() < 1e-9);
//!
//! // A picture, 2 pixels per centimetre.
//! let picture = render_rgba(&table, &rules, 2.0)?;
//! assert_eq!((picture.width, picture.height), (360, 240));
//!
//! // The same picture with words: both woods named, a 50 cm scale bar and
//! // a one-entry legend in a strip underneath.
//! let annotated = annotated_picture(&table, &rules, 2.0, &ApproxText)?;
//! assert_eq!(annotated.image.width, 360);
//! assert!(annotated.image.height > 240);
//! assert_eq!(annotated.scale_bar.length, 50.0);
//! assert_eq!(annotated.legend.len(), 1);
//! let names: Vec<&str> = annotated.labels.iter().map(|l| l.text.as_str()).collect();
//! assert!(names.contains(&"Wood 1") && names.contains(&"Wood 2") && names.contains(&"Wood"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![warn(missing_docs)]

mod annotate;
mod error;
mod measure;
mod piece;
mod render;
mod rules;
mod table;
mod violation;

/// The geometry this crate builds on, re-exported so that users need no
/// separate dependency: [`Point`](geometry::Point),
/// [`Angle`](geometry::Angle), [`Shape`](geometry::Shape),
/// [`Unit`](geometry::Unit) and the rest.
pub use feldherr_geometry as geometry;

pub use annotate::{
    AnnotatedPicture, ApproxText, LabelAnchor, LabelRole, LegendEntry, MAX_LABEL_CHARS,
    MAX_LABEL_PX, MAX_PIECE_LABELS, MIN_LABEL_PX, PictureLabel, PictureText, PixelRect, ScaleBar,
    annotated_picture,
};
pub use error::TableError;
pub use measure::{Measurement, measure, measure_points};
pub use piece::{Layer, Piece, PieceSize, ShapeKind, ShapeTemplate};
pub use render::{
    BACKGROUND, MAX_PICTURE_SIDE, RgbaImage, SHEET_PICTURE_SIDE, VIOLATION, encode_png,
    facing_tick, fitting_scale, render_rgba,
};
pub use rules::{TableRules, TypeDef};
pub use table::{MAX_TABLE_SIDE, Table, TableEdit};
pub use violation::{Against, DEFAULT_VIOLATION_LIMIT, Violation, format_length, more_violations};
