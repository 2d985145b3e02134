//! A fighter on the table as the rules see him (line 87): a column as high
//! as the miniature, as wide as its base, standing at some height above
//! the table, facing one way.

use feldherr_geometry::{Angle, Point, Shape};
use feldherr_play::Id;

use crate::{Fighter, ModelType};

/// Height of an ordinary miniature, in inches (PH20).
pub const INFANTRY_HEIGHT: f64 = 1.25;
/// Height of a cavalry model (PH20).
pub const CAVALRY_HEIGHT: f64 = 2.5;
/// Height of a monster (PH20).
pub const MONSTER_HEIGHT: f64 = 3.0;
/// Highest model accepted, in inches.
pub const MAX_HEIGHT: f64 = 12.0;

/// The height of `f`'s column: his own when the roster gives one, else by
/// his model type (PH20).
pub fn height_of(f: &Fighter) -> f64 {
    f.height.unwrap_or(if f.is(ModelType::Monster) {
        MONSTER_HEIGHT
    } else if f.is(ModelType::Cavalry) {
        CAVALRY_HEIGHT
    } else {
        INFANTRY_HEIGHT
    })
}

/// A fighter's column on the table.
#[derive(Debug, Clone, PartialEq)]
pub struct Body {
    /// The fighter.
    pub id: Id,
    /// The player he belongs to.
    pub player: usize,
    /// His base, as the table holds it.
    pub base: Shape,
    /// Where he faces.
    pub facing: Angle,
    /// How high his base stands above the table, in inches.
    pub ground: f64,
    /// How tall his column is.
    pub height: f64,
    /// He carries a shield: he covers the models in base contact (line 97).
    pub shield: bool,
    /// He carries a tower shield: he blocks sight too (line 95, PH20).
    pub tower_shield: bool,
}

impl Body {
    /// The centre of his base.
    pub fn center(&self) -> Point {
        self.base.centroid()
    }

    /// The radius of his base (half its larger extent for other shapes).
    pub fn radius(&self) -> f64 {
        match &self.base {
            Shape::Circle(c) => c.radius(),
            other => {
                let b = other.bounds();
                (b.max.x - b.min.x).max(b.max.y - b.min.y) / 2.0
            }
        }
    }

    /// The top of his column.
    pub fn top(&self) -> f64 {
        self.ground + self.height
    }

    /// The same column with its base centred on `at`.
    pub fn moved_to(&self, at: Point) -> Body {
        let offset = at - self.center();
        Body {
            base: self.base.translate(offset),
            ..self.clone()
        }
    }
}
