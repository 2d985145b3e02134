//! A sled's move: phases 1 to 3 of its round (S5, S6, S8-S10, S12, S13).

use std::fmt;
use std::sync::Arc;

use feldherr_dice::mechanics::D6Test;
use feldherr_dice::step::{ChoiceRequest, Message, Pending, Resolver, Steps};
use feldherr_dice::{Die, RollRequest, Roller};
use feldherr_geometry::{Angle, Bounds, Point, Shape};
use feldherr_play::Id;
use serde::{Deserialize, Serialize};

use crate::geometry::{
    crossed_within, first_contact, first_contact_within, footprint, near, on_kind, swept_bounds,
};
use crate::hit::{Target, resolve_hit};
use crate::speed::{
    MAX_SPEED, capped, change_magnitude, mean_speed, sign_rule, slope_modifier, speed_band_modifier,
};
use crate::text::{msg, render, rule_step};
use crate::track::downhill;
use crate::{RaceState, SledStatus, SledZone, SlopeReading, Terrain, TerrainEffect, TerrainKind};

/// The most inches one move resolves (work is bounded; a sled this fast
/// stops there, P33).
pub const MAX_INCHES: u32 = 60;

/// A rammer's gap to what it runs into: it stops just short of
/// interpenetrating.
pub(crate) const BACK_OFF: f64 = 0.02;

/// What a finished step of the race ends with: the new state, the path
/// of the sled that moved (empty for draws and dice) and a summary.
#[derive(Debug, Clone, PartialEq)]
pub struct Stepped {
    /// The race after the step.
    pub after: RaceState,
    /// The moving sled's centre after every inch, starting where it stood.
    pub path: Vec<Point>,
    /// One line in English.
    pub summary: String,
    /// The same line as a catalogue message (for other languages).
    pub message: Message,
}

impl Stepped {
    /// A finished step whose summary is `message` (rendered in English).
    pub(crate) fn new(after: RaceState, path: Vec<Point>, message: Message) -> Stepped {
        Stepped {
            after,
            path,
            summary: crate::text::render(&message),
            message,
        }
    }
}

impl fmt::Display for Stepped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.summary)
    }
}

/// A sled being pushed by the moving sled (S12).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub(crate) struct Push {
    pub sled: Id,
    pub dir: Angle,
}

/// Slack when comparing distances moved (floating-point rounding only).
const EPS: f64 = 1e-9;

/// The bookkeeping of one move.
#[derive(Debug, Default)]
pub(crate) struct MoveRun {
    /// Inches moved so far, fractions included (S6).
    pub moved: f64,
    /// Inches moved uphill on flat slopes (S8).
    pub flat_up: f64,
    /// Inches moved downhill on flat slopes.
    pub flat_down: f64,
    /// Inches moved uphill on steep slopes.
    pub steep_up: f64,
    /// Inches moved downhill on steep slopes.
    pub steep_down: f64,
    /// The sled being pushed, if any.
    pub pushing: Option<Push>,
    /// A pushed sled that was blocked: the rammer stops in contact with it
    /// without a second collision (PS1).
    pub blocked: Option<Id>,
    /// The centre after every step.
    pub path: Vec<Point>,
}

/// Whether a distance moved from `before` to `after` passed a multiple
/// of `every` inches.
fn passed_multiple(before: f64, after: f64, every: f64) -> bool {
    ((after + EPS) / every).floor() > ((before + EPS) / every).floor()
}

/// A length in inches as a catalogue message, to a tenth: "3.5" in
/// English, "3,5" in German, whole numbers without a fraction.
pub(crate) fn inches_message(inches: f64) -> Message {
    let tenths = (inches * 10.0).round().clamp(0.0, 1e9) as i64;
    if tenths % 10 == 0 {
        msg("sled.num.whole", &[("n", tenths / 10)])
    } else {
        msg("sled.num.tenths", &[("n", tenths / 10), ("d", tenths % 10)])
    }
}

/// The move of one sled: free facing at speed 0, the new speed, then
/// inch by inch through the track.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveResolver {
    /// The race before the move (shared with the saved resolution).
    pub before: Arc<RaceState>,
    /// The moving sled.
    pub sled: Id,
    /// The facing chosen at speed 0 (phase 1), if any.
    pub facing: Option<Angle>,
}

impl Resolver for MoveResolver {
    type Outcome = Stepped;

    fn title(&self) -> String {
        let name = self
            .before
            .sled(self.sled)
            .map_or("?", |s| s.driver.name.as_str());
        format!("Round {}: {name} moves", self.before.race_round())
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<Stepped, Pending> {
        let mut st = (*self.before).clone();
        let id = self.sled;
        let Some(start) = st.sled(id).cloned() else {
            return Ok(Stepped::new(
                st,
                Vec::new(),
                msg("sled.outcome.no_sled", &[]),
            ));
        };
        let standing = start.speed == 0;
        // Phase 1: a standing sled may face anywhere.
        if let Some(facing) = self.facing
            && standing
        {
            if let Some(s) = st.sled_mut(id) {
                s.facing = facing;
            }
            steps.log(rule_step(
                "S5",
                msg(
                    "sled.log.face",
                    &[("angle", facing.degrees().round() as i64)],
                )
                .text("name", &start.driver.name),
            ));
        }
        // Phase 2: the new speed.
        speed_phase(steps, &mut st, id)?;
        // Phase 3: move.
        let mut run = MoveRun::default();
        run.path
            .push(st.sled(id).map_or(start.center, |s| s.center));
        move_phase(steps, &mut st, id, standing, &mut run)?;
        end_of_move(steps, &mut st, id);
        let speed = st.sled(id).map_or(0, |s| s.speed);
        let message = msg("sled.outcome.move", &[("speed", speed.into())])
            .nested("inches", inches_message(run.moved))
            .text("name", &start.driver.name);
        Ok(Stepped::new(st, run.path, message))
    }
}

/// Phase 2 (S5, S2, S9 ice start).
fn speed_phase(steps: &mut Steps<'_>, st: &mut RaceState, id: Id) -> Result<(), Pending> {
    let settings = st.settings;
    let Some(s) = st.sled(id).cloned() else {
        return Ok(());
    };
    let name = s.driver.name.clone();
    let shape = footprint(&s, &settings);
    let on_ice = shape
        .as_ref()
        .is_some_and(|sh| on_kind(sh, &st.track, TerrainKind::Ice));
    if on_ice && s.speed != 0 {
        steps.log(rule_step(
            "S9",
            msg("sled.log.ice_start_keep", &[("speed", s.speed.into())]).text("name", &name),
        ));
        return Ok(());
    }
    if on_ice {
        steps.log(rule_step(
            "S9",
            msg("sled.log.ice_start_standing", &[]).text("name", &name),
        ));
    }
    let previous = s.speed;
    let base = if s.dice.is_empty() {
        steps.log(rule_step(
            "S2",
            msg("sled.log.no_dice", &[("speed", previous.into())]).text("name", &name),
        ));
        previous
    } else {
        let question = msg("sled.ask.die", &[("speed", previous.into())]).text("name", &name);
        let mut request = ChoiceRequest::new(render(&question))
            .rule("S5")
            .with_message(question);
        for &face in &s.dice {
            let (down, up) = mean_speed(previous, face);
            let label = msg("sled.opt.die", &[("face", face.into())]);
            let detail = if down == up {
                msg("sled.opt.detail.speed", &[("speed", down.into())])
            } else {
                msg(
                    "sled.opt.detail.speed_either",
                    &[("down", down.into()), ("up", up.into())],
                )
            };
            request = request
                .option_message(render(&label), label, render(&detail))
                .detail_message(detail);
        }
        let index = steps.choose(request)?;
        let face = s.dice.get(index).copied().unwrap_or(1);
        if let Some(m) = st.sled_mut(id) {
            m.dice.remove(index.min(m.dice.len().saturating_sub(1)));
        }
        let (down, up) = mean_speed(previous, face);
        steps.log(rule_step(
            "S5",
            msg(
                "sled.log.mean",
                &[
                    ("speed", previous.into()),
                    ("face", face.into()),
                    ("sum", i64::from(previous) + i64::from(face)),
                ],
            ),
        ));
        if down == up {
            down
        } else {
            let question = msg(
                "sled.ask.round",
                &[("down", down.into()), ("up", up.into())],
            );
            let down_label = msg("sled.opt.round_down", &[("speed", down.into())]);
            let up_label = msg("sled.opt.round_up", &[("speed", up.into())]);
            let request = ChoiceRequest::new(render(&question))
                .rule("S5")
                .with_message(question)
                .option_message(render(&down_label), down_label, "")
                .option_message(render(&up_label), up_label, "");
            if steps.choose(request)? == 0 {
                down
            } else {
                up
            }
        }
    };
    let (angle, modifier) = slope_of(&s, &settings);
    let result = base.saturating_add(modifier);
    let mut new = sign_rule(previous, result);
    steps.log(rule_step(
        "S5",
        msg(
            "sled.log.slope_modifier",
            &[
                ("angle", angle.round() as i64),
                ("modifier", modifier.into()),
                ("result", result.into()),
            ],
        ),
    ));
    if new != result {
        steps.log(rule_step(
            "S5",
            msg(
                "sled.log.sign_rule",
                &[
                    ("previous", previous.into()),
                    ("result", result.into()),
                    ("speed", new.into()),
                ],
            ),
        ));
    }
    if new.saturating_abs() > MAX_SPEED {
        new = new.clamp(-MAX_SPEED, MAX_SPEED);
        steps.log(rule_step(
            "PS3",
            msg("sled.log.speed_cap", &[("max", MAX_SPEED.into())]),
        ));
    }
    steps.log(rule_step(
        "S5",
        msg("sled.log.new_speed", &[("speed", new.into())]).text("name", &name),
    ));
    if let Some(m) = st.sled_mut(id) {
        m.speed = new;
    }
    Ok(())
}

/// The angle to downhill that the slope modifier reads (facing or
/// travel, as the settings say) and the modifier (S5).
fn slope_of(s: &crate::Sled, settings: &crate::RaceSettings) -> (f64, i32) {
    let direction = match settings.slope_reading {
        SlopeReading::Facing => s.facing,
        SlopeReading::Travel => s.travel(),
    };
    let angle = Angle::between(direction, downhill());
    (angle, slope_modifier(angle))
}

/// One way to set a sled's new speed in phase 2 (S5): a movement die and,
/// when the mean of speed and die is odd, the rounding; with the speed it
/// gives after the slope modifier, the sign rule and the cap (PS3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpeedOption {
    /// Index of the die in the sled's remaining dice (the die prompt's
    /// option index).
    pub die: usize,
    /// Its face.
    pub face: u32,
    /// `None` when the mean is whole; else whether it is rounded up
    /// (option 1 of the rounding prompt) or down (option 0).
    pub round_up: Option<bool>,
    /// The speed the sled moves at.
    pub speed: i32,
}

impl RaceState {
    /// The ways sled `id` can set its new speed in its next move (S5),
    /// facing `facing` first if it stands (phase 1): one per distinct die
    /// face and rounding, with the speed after the slope modifier, the
    /// sign rule and the cap, highest first. Empty when phase 2 asks
    /// nothing (no dice left, or a moving sled starting on ice, S9).
    pub fn speed_options(&self, id: Id, facing: Option<Angle>) -> Vec<SpeedOption> {
        speed_options(self, id, facing)
    }
}

fn speed_options(st: &RaceState, id: Id, facing: Option<Angle>) -> Vec<SpeedOption> {
    let settings = st.settings;
    let Some(mut s) = st.sled(id).cloned() else {
        return Vec::new();
    };
    if let Some(f) = facing
        && s.speed == 0
    {
        s.facing = f;
    }
    let on_ice = footprint(&s, &settings)
        .as_ref()
        .is_some_and(|sh| on_kind(sh, &st.track, TerrainKind::Ice));
    if on_ice && s.speed != 0 {
        return Vec::new();
    }
    let (_, modifier) = slope_of(&s, &settings);
    let previous = s.speed;
    let after =
        |base: i32| sign_rule(previous, base.saturating_add(modifier)).clamp(-MAX_SPEED, MAX_SPEED);
    let mut out: Vec<SpeedOption> = Vec::new();
    for (die, &face) in s.dice.iter().enumerate() {
        if out.iter().any(|o| o.face == face) {
            continue;
        }
        let (down, up) = mean_speed(previous, face);
        if down == up {
            out.push(SpeedOption {
                die,
                face,
                round_up: None,
                speed: after(down),
            });
        } else {
            for (round_up, base) in [(true, up), (false, down)] {
                out.push(SpeedOption {
                    die,
                    face,
                    round_up: Some(round_up),
                    speed: after(base),
                });
            }
        }
    }
    out.sort_by(|a, b| b.speed.cmp(&a.speed).then(b.face.cmp(&a.face)));
    out
}

/// Moves a sled's centre by `travel` along `heading`.
fn shift(st: &mut RaceState, id: Id, heading: Angle, travel: f64) {
    if let Some(s) = st.sled_mut(id) {
        s.center = s.center.translate(heading.direction().scale(travel));
    }
}

/// Phase 3: inch by inch (S6). A move covers its inches in total,
/// fractions included: after a contact part way into an inch the sled
/// goes on for the rest of its move, first to the end of that inch, then
/// inch by inch (PS2).
pub(crate) fn move_phase(
    steps: &mut Steps<'_>,
    st: &mut RaceState,
    id: Id,
    standing: bool,
    run: &mut MoveRun,
) -> Result<(), Pending> {
    let settings = st.settings;
    let track = Arc::clone(&st.track);
    let edges = track.edge_walls();
    let terrain_bounds: Vec<Bounds> = track.terrain.iter().map(|t| t.shape.bounds()).collect();
    let obstacles: Vec<(Bounds, &Terrain)> = track
        .terrain
        .iter()
        .filter(|t| t.kind.effect() == TerrainEffect::Obstacle)
        .chain(edges.iter())
        .map(|t| (t.shape.bounds(), t))
        .collect();
    let mut crossed_line = false;
    // The other racing sleds' footprints, refreshed only after something
    // that can move them or take them out (a push, a collision, an attack).
    let mut others: Vec<(Id, Shape, Bounds)> = Vec::new();
    let mut others_stale = true;
    while let Some((racing, speed)) = st.sled(id).map(|s| (s.racing(), s.speed)) {
        let limit = f64::from(speed.unsigned_abs());
        if !racing || run.moved + EPS >= limit {
            break;
        }
        if run.moved + EPS >= f64::from(MAX_INCHES) {
            steps.log(rule_step(
                "P33",
                msg("sled.log.max_inches", &[("inches", MAX_INCHES.into())]),
            ));
            break;
        }
        // The inch this step lies in, and the step: to the end of that
        // inch or to the end of the move, whichever comes first.
        let whole = (run.moved + EPS).floor();
        let inch = whole as u32 + 1;
        let step = (whole + 1.0 - run.moved).min(limit - run.moved).max(0.0);
        let full_inch = step + EPS >= 1.0;
        // A pushed sled moves first (S12); a blocked push ends the push
        // (PS1).
        if let Some(push) = run.pushing {
            push_step(steps, st, id, push, &edges, step, run)?;
            others_stale = true;
        }
        if others_stale {
            others = st
                .sleds
                .iter()
                .filter(|o| o.id != id && o.racing())
                .filter_map(|o| {
                    let shape = footprint(o, &settings)?;
                    let bounds = shape.bounds();
                    Some((o.id, shape, bounds))
                })
                .collect();
            others_stale = false;
        }
        let Some((heading, center, shape)) = st
            .sled(id)
            .filter(|s| s.racing())
            .and_then(|s| Some((s.travel(), s.center, footprint(s, &settings)?)))
        else {
            break;
        };
        let swept = swept_bounds(&shape, heading, step);
        // The first obstacle or sled this step runs into.
        let mut obstacle: Option<(f64, &Terrain)> = None;
        for (b, t) in &obstacles {
            if let Some(at) = first_contact_within(&shape, swept, heading, step, &t.shape, *b)
                && obstacle.is_none_or(|(best, _)| at < best)
            {
                obstacle = Some((at, t));
            }
        }
        // A sled already reaching over a table edge and heading further
        // out is stopped at once (P31).
        if obstacle.is_none()
            && let Some(edge) = track.edge_blocking(&shape, heading, &edges)
        {
            obstacle = Some((0.0, edge));
        }
        let mut rammed: Option<(f64, Id)> = None;
        for (other, other_shape, other_bounds) in &others {
            if let Some(at) =
                first_contact_within(&shape, swept, heading, step, other_shape, *other_bounds)
                && rammed.is_none_or(|(best, _)| at < best)
            {
                rammed = Some((at, *other));
            }
        }
        let obstacle = obstacle.map(|(at, t)| (at, t.name.clone(), t.kind));
        match (obstacle, rammed) {
            (Some((at, name, kind)), r) if r.is_none_or(|(rt, _)| at < rt) => {
                shift(st, id, heading, (at - BACK_OFF).max(0.0));
                run.moved += at;
                run.path.push(st.sled(id).map_or(center, |x| x.center));
                let strength = speed.saturating_abs();
                steps.log(rule_step(
                    "S10",
                    msg(
                        "sled.log.obstacle",
                        &[("inch", inch.into()), ("strength", strength.into())],
                    )
                    .text("obstacle", &name)
                    .key("kind", kind.key()),
                ));
                resolve_hit(steps, st, id, Target::Driver, strength)?;
                resolve_hit(steps, st, id, Target::Sled, strength)?;
                if let Some(m) = st.sled_mut(id) {
                    m.speed = 0;
                }
                break;
            }
            (_, Some((at, other))) => {
                shift(st, id, heading, (at - BACK_OFF).max(0.0));
                run.moved += at;
                run.path.push(st.sled(id).map_or(center, |x| x.center));
                if run.blocked == Some(other) {
                    // PS1: the rammer stops in contact with the sled whose
                    // push was blocked; no second collision.
                    steps.log(rule_step(
                        "PS1",
                        msg("sled.log.push_stop", &[("inch", inch.into())]),
                    ));
                    break;
                }
                if run.pushing.is_some_and(|p| p.sled == other) {
                    steps.log(rule_step(
                        "S12",
                        msg("sled.log.push_contact", &[("inch", inch.into())]),
                    ));
                } else {
                    crate::collision::collide(steps, st, id, other, run)?;
                    others_stale = true;
                    let left = st.sled(id).filter(|s| s.racing()).map_or(0.0, |s| {
                        (f64::from(s.speed.unsigned_abs()) - run.moved).max(0.0)
                    });
                    steps.log(rule_step(
                        "S6",
                        msg("sled.log.contact_left", &[("inch", inch.into())])
                            .nested("moved", inches_message(run.moved))
                            .nested("left", inches_message(left)),
                    ));
                }
            }
            _ => {
                shift(st, id, heading, step);
                run.moved += step;
                run.path.push(st.sled(id).map_or(center, |x| x.center));
                let special = inch_terrain(
                    steps,
                    st,
                    id,
                    (inch, &shape, heading, step),
                    (&track.terrain, &terrain_bounds),
                    run,
                )?;
                if !crossed_line && st.sled(id).is_some_and(|x| x.center.x >= st.track.finish_x) {
                    crossed_line = true;
                    steps.log(rule_step(
                        "S15",
                        msg("sled.log.crossed", &[("inch", inch.into())]),
                    ));
                }
                let left = st.sled(id).is_some_and(|x| {
                    x.racing() && run.moved + EPS < f64::from(x.speed.unsigned_abs())
                });
                if full_inch && !special && !standing && st.turn >= 2 && left {
                    crate::attack::offer(steps, st, id, inch)?;
                    others_stale = true;
                }
            }
        }
        // Pushing ends when the two lose contact (S12).
        if let Some(push) = run.pushing {
            let (a, b) = (st.sled(id), st.sled(push.sled));
            let touching = match (a, b) {
                (Some(a), Some(b)) if a.racing() && b.racing() => {
                    match (footprint(a, &settings), footprint(b, &settings)) {
                        (Some(x), Some(y)) => near(&x, &y),
                        _ => false,
                    }
                }
                _ => false,
            };
            if !touching {
                run.pushing = None;
                steps.log(rule_step("S12", msg("sled.log.push_ends", &[])));
            }
        }
    }
    Ok(())
}

/// Moves the pushed sled `travel` inches along the push, or to the first
/// thing in its way. A pushed sled that meets a wall or another sled meets
/// it as if it moved there itself (S10, S12) and the push ends (PS1).
fn push_step(
    steps: &mut Steps<'_>,
    st: &mut RaceState,
    rammer: Id,
    push: Push,
    edges: &[Terrain],
    travel: f64,
    run: &mut MoveRun,
) -> Result<(), Pending> {
    let settings = st.settings;
    let Some(p) = st.sled(push.sled).filter(|p| p.racing()).cloned() else {
        run.pushing = None;
        return Ok(());
    };
    let Some(shape) = footprint(&p, &settings) else {
        run.pushing = None;
        return Ok(());
    };
    // The first wall, rock, table edge or other sled in the way.
    enum Blocker<'a> {
        Terrain(&'a Terrain),
        Sled(Id),
    }
    let mut first: Option<(f64, Blocker<'_>)> = None;
    let track = Arc::clone(&st.track);
    for t in track
        .terrain
        .iter()
        .filter(|t| t.kind.effect() == TerrainEffect::Obstacle)
        .chain(edges.iter())
    {
        if let Some(at) = first_contact(&shape, push.dir, travel, &t.shape)
            && first.as_ref().is_none_or(|(best, _)| at < *best)
        {
            first = Some((at, Blocker::Terrain(t)));
        }
    }
    for o in st
        .sleds
        .iter()
        .filter(|o| o.id != rammer && o.id != push.sled && o.racing())
    {
        if let Some(other) = footprint(o, &settings)
            && let Some(at) = first_contact(&shape, push.dir, travel, &other)
            && first.as_ref().is_none_or(|(best, _)| at < *best)
        {
            first = Some((at, Blocker::Sled(o.id)));
        }
    }
    let moved = first
        .as_ref()
        .map_or(travel, |(at, _)| (at - BACK_OFF).max(0.0));
    shift(st, push.sled, push.dir, moved);
    steps.log(rule_step(
        "S12",
        msg(
            "sled.log.pushed",
            &[("tenths", (moved * 10.0).round() as i64)],
        )
        .text("name", &p.driver.name),
    ));
    let Some((_, blocker)) = first else {
        return Ok(());
    };
    run.pushing = None;
    run.blocked = Some(push.sled);
    match blocker {
        Blocker::Terrain(t) => {
            // As if it had driven into the obstacle itself (S10).
            let strength = p.speed.saturating_abs();
            steps.log(rule_step(
                "PS1",
                msg("sled.log.pushed_into", &[("strength", strength.into())])
                    .text("name", &p.driver.name)
                    .text("obstacle", &t.name)
                    .key("kind", t.kind.key()),
            ));
            resolve_hit(steps, st, push.sled, Target::Driver, strength)?;
            resolve_hit(steps, st, push.sled, Target::Sled, strength)?;
            if let Some(m) = st.sled_mut(push.sled) {
                m.speed = 0;
            }
        }
        Blocker::Sled(other) => {
            // As if it had rammed the other sled itself (S12); it does not
            // move on, so whatever push that collision would start is not.
            steps.log(rule_step(
                "PS1",
                msg("sled.log.pushed_onto", &[]).text("name", &p.driver.name),
            ));
            let mut own = MoveRun::default();
            crate::collision::collide(steps, st, push.sled, other, &mut own)?;
        }
    }
    Ok(())
}

/// Terrain effects of one step, a whole inch or the rest of one (S8, S9,
/// P34, PS2); returns whether it was in special terrain (no attack after
/// it, S13).
fn inch_terrain(
    steps: &mut Steps<'_>,
    st: &mut RaceState,
    id: Id,
    (inch, shape, heading, step): (u32, &Shape, Angle, f64),
    (terrain, bounds): (&[Terrain], &[Bounds]),
    run: &mut MoveRun,
) -> Result<bool, Pending> {
    let touched: Vec<&Terrain> = crossed_within(shape, heading, step, terrain, bounds);
    if touched.is_empty() {
        steps.log(rule_step(
            "S6",
            msg("sled.log.inch_clear", &[("inch", inch.into())]),
        ));
        return Ok(false);
    }
    for t in &touched {
        steps.log(rule_step(
            "S6",
            msg("sled.log.inch_in", &[("inch", inch.into())])
                .key("terrain", t.kind.key())
                .text("name", &t.name),
        ));
    }
    let special = touched.iter().any(|t| t.kind != TerrainKind::Plateau);
    // Slopes (S8): a steep slope wins over a flat one in the same inch.
    // The inches on a slope are counted with their fractions (PS2).
    let slope = touched
        .iter()
        .find(|t| t.kind == TerrainKind::SteepSlope)
        .or_else(|| touched.iter().find(|t| t.kind == TerrainKind::FlatSlope));
    if let Some(slope) = slope
        && let Some(uphill) = slope.uphill
    {
        let angle = Angle::between(heading, uphill);
        let up = angle < 90.0;
        let down = angle > 90.0;
        let steep = slope.kind == TerrainKind::SteepSlope;
        let (counter, every) = match (steep, up) {
            (true, true) => (&mut run.steep_up, 1.0),
            (true, false) => (&mut run.steep_down, 1.0),
            (false, true) => (&mut run.flat_up, 2.0),
            (false, false) => (&mut run.flat_down, 2.0),
        };
        let due = if up || down {
            let before = *counter;
            *counter += step;
            passed_multiple(before, *counter, every)
        } else {
            false
        };
        if (up || down)
            && due
            && let Some(s) = st.sled_mut(id)
        {
            let delta = if up { -1 } else { 1 };
            let held = capped(s.speed, delta);
            s.speed = change_magnitude(s.speed, delta);
            let key = if up {
                "sled.log.slope_up"
            } else {
                "sled.log.slope_down"
            };
            let per: i64 = if steep { 1 } else { 2 };
            let speed = s.speed;
            steps.log(rule_step(
                "S8",
                msg(
                    key,
                    &[("inch", inch.into()), ("per", per), ("speed", speed.into())],
                )
                .key("terrain", slope.kind.key()),
            ));
            if held {
                steps.log(rule_step(
                    "PS3",
                    msg("sled.log.speed_cap", &[("max", MAX_SPEED.into())]),
                ));
            }
            if speed == 0 {
                steps.log(rule_step(
                    "S8",
                    msg("sled.log.stops", &[("inch", inch.into())]),
                ));
            }
        } else if !up && !down {
            steps.log(rule_step(
                "P34",
                msg("sled.log.slope_across", &[("inch", inch.into())]),
            ));
        }
    }
    // Woods and hedges (S9): one test with the worst terrain modifier.
    let vegetation = touched
        .iter()
        .filter_map(|t| match t.kind.effect() {
            TerrainEffect::Vegetation { modifier } => Some((modifier, t)),
            _ => None,
        })
        .min_by_key(|(m, _)| *m);
    if let Some((terrain_mod, t)) = vegetation
        && let Some(s) = st.sled(id).cloned()
        && s.racing()
    {
        let speed = s.speed.saturating_abs();
        let speed_mod = speed_band_modifier(speed);
        let total = speed_mod + terrain_mod;
        let need = (3 - total).clamp(2, 6);
        let test = D6Test::new(3, total)?;
        let purpose = msg(
            "sled.roll.wood_test",
            &[
                ("inch", inch.into()),
                ("speed", speed.into()),
                ("speed_mod", speed_mod.into()),
                ("terrain_mod", terrain_mod.into()),
                ("need", need.into()),
            ],
        )
        .key("terrain", t.kind.key());
        let face = steps.roll_one(
            RollRequest::new(1, Die::D6, render(&purpose))
                .rule("S9")
                .with_message(purpose)
                .odds_if(steps.wants_odds(), || test.distribution().odds_lines()),
        )?;
        if test.evaluate(face)?.passed() {
            steps.log(rule_step(
                "S9",
                msg("sled.log.wood_pass", &[("face", face.into())]),
            ));
        } else {
            steps.log(rule_step(
                "S9",
                msg(
                    "sled.log.wood_fail",
                    &[("face", face.into()), ("strength", speed.into())],
                )
                .text("name", &s.driver.name),
            ));
            resolve_hit(steps, st, id, Target::Driver, speed)?;
            if let Some(m) = st.sled_mut(id) {
                m.speed = 0;
            }
        }
    }
    Ok(special)
}

/// After the move: finishes (S15), ice (S9) and whether the sled may turn.
fn end_of_move(steps: &mut Steps<'_>, st: &mut RaceState, id: Id) {
    let settings = st.settings;
    let round = st.race_round();
    let finish = st.track.finish_x;
    let order = st.order.clone();
    let mut finished = Vec::new();
    for s in st.sleds.iter_mut().filter(|s| s.racing()) {
        if s.center.x >= finish {
            let past = s.center.x - finish;
            let place = order.iter().position(|o| *o == s.id).unwrap_or(0) as u32;
            s.status = SledStatus::Finished {
                round,
                past,
                order: place,
            };
            finished.push((s.driver.name.clone(), past));
        }
    }
    for (name, past) in finished {
        steps.log(rule_step(
            "S15",
            msg(
                "sled.log.finished",
                &[
                    ("round", round.into()),
                    ("tenths", (past * 10.0).round() as i64),
                ],
            )
            .text("name", &name),
        ));
    }
    let may_turn = match st.sled(id) {
        Some(s) if s.racing() && s.speed > 0 => {
            let on_ice =
                footprint(s, &settings).is_some_and(|sh| on_kind(&sh, &st.track, TerrainKind::Ice));
            if on_ice {
                steps.log(rule_step("S9", msg("sled.log.ice_end", &[])));
            }
            !on_ice
        }
        _ => false,
    };
    if may_turn {
        st.turning = Some(id);
    } else {
        st.moved.push(id);
    }
}

/// The zone of `target` that the point lies in, front when at its centre.
pub(crate) fn zone_at(st: &RaceState, target: Id, point: Point) -> SledZone {
    st.sled(target)
        .and_then(|t| t.zone_of(&st.settings, point))
        .unwrap_or(SledZone::Front)
}
