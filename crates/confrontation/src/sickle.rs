//! Sichel/X: blades on a machine's sides.
//!
//! When the machine moves, every figure the blades touch wholly or partly
//! takes an INI test at difficulty 6 (8 if it is already in a melee; 2 less
//! with Sprung). The test is taken at once; a failure costs a wound of
//! STR X, applied at once.
//!
//! Geometry: the machine's footprint (width across, length along its
//! facing) is centred on the path; on each straight leg the blades sweep a
//! strip `reach_cm` wide along each long side, from the rear corner at the
//! leg's start to the front corner at its end. A figure is touched if its
//! base touches or overlaps one of these strips. At a bend the machine
//! pivots on the path's corner: its blades are swept through the turn in
//! steps of at most 1 deg.
//!
//! ```
//! use feldherr_confrontation::{SickleFigure, SickleRun, blade_victims};
//! use feldherr_geometry::{Circle, Point, Polyline, Shape};
//! let path = Polyline::new(vec![Point::new(0.0, 0.0), Point::new(20.0, 0.0)])?;
//! let base = |x, y| Shape::Circle(Circle::new(Point::new(x, y), 1.25).unwrap());
//! // A 4 cm wide machine with 1 cm blades: a figure 4 cm beside the path is
//! // touched (3 cm reach + 1.25 cm base), one 6 cm beside it is not.
//! let touched = blade_victims(4.0, 6.0, 1.0, &path, &[base(10.0, 4.0), base(10.0, -6.0)])?;
//! assert_eq!(touched, vec![0]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::ConfrontationRoll;
use feldherr_dice::step::{LogStep, Message, Pending, Resolver, Steps};
use feldherr_geometry::{
    Angle, CONTACT_TOLERANCE, GEOMETRIC_EPSILON, OrientedRect, Point, Polyline, Shape, distance,
};
use serde::{Deserialize, Serialize};

use crate::characteristic_test::CharacteristicTest;
use crate::damage::{HitResult, Victim, resolve_hit};
use crate::error::{ConfrontationError, check_cm, check_range};
use crate::figure_wounds::WoundTable;

/// The indices of `figures` (their bases) touched by the blades of a
/// machine `width_cm` x `length_cm` with blades `reach_cm` wide driving its
/// centre along `path`, in index order.
///
/// # Errors
/// [`ConfrontationError::Inconsistent`] for sizes that are not positive
/// distances; geometry errors for degenerate strips.
pub fn blade_victims(
    width_cm: f64,
    length_cm: f64,
    reach_cm: f64,
    path: &Polyline,
    figures: &[Shape],
) -> Result<Vec<usize>, ConfrontationError> {
    check_cm("width", width_cm)?;
    check_cm("length", length_cm)?;
    check_cm("blade reach", reach_cm)?;
    let reach = reach_cm.max(CONTACT_TOLERANCE);
    let mut strips = Vec::new();
    let mut previous: Option<Angle> = None;
    for leg in path.segments() {
        let Some(heading) = leg.direction() else {
            continue;
        };
        if leg.length() <= GEOMETRIC_EPSILON {
            continue;
        }
        // The pivot at a bend: the blades at the machine's length, turned
        // in steps of at most 1 deg from the old heading to the new one.
        if let Some(prev) = previous {
            let turn = Angle::signed_between(prev, heading);
            let steps = turn.abs().ceil().max(1.0) as u32;
            for k in 1..steps {
                let a =
                    Angle::from_degrees(prev.degrees() + turn * f64::from(k) / f64::from(steps))?;
                blade_strips(&mut strips, leg.start(), a, 0.0, width_cm, length_cm, reach)?;
            }
        }
        blade_strips(
            &mut strips,
            leg.midpoint(),
            heading,
            leg.length(),
            width_cm,
            length_cm,
            reach,
        )?;
        previous = Some(heading);
    }
    Ok(figures
        .iter()
        .enumerate()
        .filter(|(_, f)| strips.iter().any(|s| distance(s, f) <= CONTACT_TOLERANCE))
        .map(|(i, _)| i)
        .collect())
}

/// Adds the two blade strips of a machine centred on `center` facing
/// `heading`, stretched by `travel` cm along it.
fn blade_strips(
    strips: &mut Vec<Shape>,
    center: Point,
    heading: Angle,
    travel: f64,
    width_cm: f64,
    length_cm: f64,
    reach: f64,
) -> Result<(), ConfrontationError> {
    let fwd = heading.direction();
    let left = (-fwd.y, fwd.x);
    let off = width_cm / 2.0 + reach / 2.0;
    for side in [1.0, -1.0] {
        let c = Point::new(
            center.x + side * left.0 * off,
            center.y + side * left.1 * off,
        );
        strips.push(Shape::Rect(OrientedRect::new(
            c,
            reach,
            travel + length_cm,
            heading,
        )?));
    }
    Ok(())
}

/// A figure touched by the blades.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SickleFigure {
    /// Name and RES, for the wound.
    pub victim: Victim,
    /// INI.
    pub ini: i32,
    /// Already in a melee when the blades come: difficulty 8.
    #[serde(default)]
    pub in_melee: bool,
    /// Has Sprung: difficulty 2 less.
    #[serde(default)]
    pub sprung: bool,
    /// Die modifier on the INI test (wound penalties, C2 for machines).
    #[serde(default)]
    pub die_modifier: i32,
}

impl SickleFigure {
    /// The difficulty of its INI test: 6, 8 in melee, 2 less with Sprung.
    pub fn difficulty(&self) -> i32 {
        let base = if self.in_melee { 8 } else { 6 };
        if self.sprung { base - 2 } else { base }
    }

    fn test(&self) -> Result<CharacteristicTest, ConfrontationError> {
        CharacteristicTest::new(
            "INI",
            self.ini,
            self.difficulty(),
            ConfrontationRoll::standard().with_modifier(self.die_modifier)?,
        )
    }
}

/// One figure's INI test and, on failure, its wound.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SickleResult {
    /// The figure.
    pub name: String,
    /// Whether it passed the INI test.
    pub passed: bool,
    /// The wound (STR X) if it failed.
    pub hit: Option<HitResult>,
}

/// The blades' passage as a resolver: each touched figure in turn tests INI
/// and, failing, takes a wound of STR X.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SickleRun {
    x: u32,
    figures: Vec<SickleFigure>,
    table: WoundTable,
}

impl SickleRun {
    /// Blades of Sichel/`x` touching `figures` (see [`blade_victims`]).
    ///
    /// # Errors
    /// [`ConfrontationError::InvalidValue`] for X outside 1..=20, a bad RES,
    /// INI or modifier.
    pub fn new(
        x: u32,
        figures: Vec<SickleFigure>,
        table: WoundTable,
    ) -> Result<Self, ConfrontationError> {
        check_range("Sichel X", x.into(), 1, 20, "1 to 20")?;
        for f in &figures {
            f.victim.check()?;
            f.test()?;
        }
        Ok(Self { x, figures, table })
    }

    /// The INI test of figure `i`, for its exact odds.
    pub fn test(&self, i: usize) -> Option<CharacteristicTest> {
        self.figures.get(i).and_then(|f| f.test().ok())
    }
}

impl crate::TitleMessage for SickleRun {
    fn title_message(&self) -> Message {
        Message::new("conf.title.sickle")
            .int("x", self.x)
            .int("n", self.figures.len() as i64)
    }
}

impl Resolver for SickleRun {
    type Outcome = Vec<SickleResult>;

    fn title(&self) -> String {
        format!("Sichel/{}: {} figures touched", self.x, self.figures.len())
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<Vec<SickleResult>, Pending> {
        let mut out = Vec::new();
        for f in &self.figures {
            let test = f.test().map_err(|e| Pending::Failed(e.into_dice_error()))?;
            let passed = test.roll(steps, "Sichel")?;
            let hit = if passed {
                steps.log(
                    LogStep::rule(
                        "Sichel",
                        format!(
                            "{} passes the INI test (difficulty {})",
                            f.victim.name,
                            f.difficulty()
                        ),
                    )
                    .with_message(
                        Message::new("conf.log.sickle.passes")
                            .text("name", f.victim.name.clone())
                            .int("difficulty", f.difficulty()),
                    ),
                );
                None
            } else {
                steps.log(
                    LogStep::rule(
                        "Sichel",
                        format!(
                            "{} fails the INI test (difficulty {}): wound of STR {}",
                            f.victim.name,
                            f.difficulty(),
                            self.x
                        ),
                    )
                    .with_message(
                        Message::new("conf.log.sickle.fails")
                            .text("name", f.victim.name.clone())
                            .int("difficulty", f.difficulty())
                            .int("str", self.x),
                    )
                    .number("strength", self.x.into()),
                );
                Some(resolve_hit(
                    steps,
                    self.x as i32,
                    &f.victim,
                    &self.table,
                    true,
                    "Sichel",
                )?)
            };
            out.push(SickleResult {
                name: f.victim.name.clone(),
                passed,
                hit,
            });
        }
        Ok(out)
    }
}
