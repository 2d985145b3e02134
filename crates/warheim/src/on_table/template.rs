//! Templates on the table (lines 215-223, PH21): the teardrop and the
//! large teardrop (10"), the blast (3") and the large blast (5"), laid at
//! a point in a direction; who is under one is read off the bases.

use crate::refusal::say;
use feldherr_geometry::{Angle, Circle, Point, Polygon, Shape, Vector, contains_partly};
use serde::{Deserialize, Serialize};

use super::Body;
use crate::{Template, WarheimError};

/// A template laid on the table.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TemplatePlacement {
    /// Which template.
    pub template: Template,
    /// A blast's centre, or a teardrop's narrow end.
    pub at: Point,
    /// The way a teardrop points from its narrow end, degrees.
    #[serde(default)]
    pub direction: f64,
}

/// A teardrop's length and the radii of its narrow and wide ends (PH21).
fn teardrop(template: Template) -> Option<(f64, f64, f64)> {
    match template {
        Template::Teardrop => Some((8.0, 0.25, 1.0)),
        Template::LargeTeardrop => Some((10.0, 0.3125, 1.25)),
        Template::Blast | Template::LargeBlast => None,
    }
}

/// A blast's radius (line 223: 3" and 5" across).
fn blast(template: Template) -> Option<f64> {
    match template {
        Template::Blast => Some(1.5),
        Template::LargeBlast => Some(2.5),
        Template::Teardrop | Template::LargeTeardrop => None,
    }
}

/// How far a teardrop reaches from its narrow end.
pub fn reach(template: Template) -> f64 {
    teardrop(template).map_or_else(|| 2.0 * blast(template).unwrap_or(0.0), |(l, _, _)| l)
}

impl TemplatePlacement {
    /// The template's outline on the table.
    pub fn shape(&self) -> Result<Shape, WarheimError> {
        let bad = |e: feldherr_geometry::GeometryError| {
            WarheimError::invalid_says(
                "template",
                format!("{:?}", self.template),
                say("template_shape").text("error", e.to_string()),
            )
        };
        if let Some(r) = blast(self.template) {
            return Ok(Shape::from(Circle::new(self.at, r).map_err(bad)?));
        }
        let (length, narrow, wide) = teardrop(self.template).unwrap_or((8.0, 0.25, 1.0));
        let angle = Angle::from_degrees(self.direction).map_err(bad)?;
        let axis = angle.direction();
        let near = self.at + axis.scale(narrow);
        let far = self.at + axis.scale(length - wide);
        let mut points = Vec::new();
        for (centre, radius) in [(near, narrow), (far, wide)] {
            for k in 0..24 {
                let a = f64::from(k) * 15.0_f64.to_radians();
                points.push(centre + Vector::new(a.cos(), a.sin()).scale(radius));
            }
        }
        Ok(Shape::from(Polygon::new(hull(points)).map_err(bad)?))
    }

    /// The template laid with its narrow end at the firer's base, pointing
    /// `direction` (line 215).
    pub fn at_firer(
        template: Template,
        firer: &Body,
        direction: f64,
    ) -> Result<Self, WarheimError> {
        let angle = Angle::from_degrees(direction).map_err(|_| {
            WarheimError::invalid_says("direction", direction, say("finite_facing"))
        })?;
        Ok(Self {
            template,
            at: firer.center() + angle.direction().scale(firer.radius()),
            direction: angle.degrees(),
        })
    }

    /// An Impact template (line 219): at the point of the target's base
    /// the line from the firer's centre first meets, along that line.
    pub fn impact(template: Template, firer: &Body, target: &Body) -> Result<Self, WarheimError> {
        let from = firer.center();
        let to = target.center();
        let Some(direction) = (to - from).angle() else {
            return Err(WarheimError::invalid_says(
                "impact",
                "-",
                say("firer_on_target"),
            ));
        };
        let at = to - direction.direction().scale(target.radius());
        Ok(Self {
            template,
            at,
            direction: direction.degrees(),
        })
    }

    /// The bodies under the template: those whose base it overlaps, at
    /// least in part (touching is not under; PH21).
    pub fn under<'b>(&self, bodies: &'b [Body]) -> Result<Vec<&'b Body>, WarheimError> {
        let shape = self.shape()?;
        Ok(bodies
            .iter()
            .filter(|b| contains_partly(&shape, &b.base))
            .collect())
    }
}

/// The convex hull of `points`, counter-clockwise (monotone chain).
fn hull(mut points: Vec<Point>) -> Vec<Point> {
    points.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    points.dedup();
    let cross = |o: Point, a: Point, b: Point| (a - o).cross(b - o);
    let mut lower: Vec<Point> = Vec::new();
    for &p in &points {
        while lower.len() >= 2 && cross(lower[lower.len() - 2], lower[lower.len() - 1], p) <= 0.0 {
            lower.pop();
        }
        lower.push(p);
    }
    let mut upper: Vec<Point> = Vec::new();
    for &p in points.iter().rev() {
        while upper.len() >= 2 && cross(upper[upper.len() - 2], upper[upper.len() - 1], p) <= 0.0 {
            upper.pop();
        }
        upper.push(p);
    }
    lower.pop();
    upper.pop();
    lower.extend(upper);
    lower
}
