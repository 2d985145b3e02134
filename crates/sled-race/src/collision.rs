//! Collisions between sleds, by the zone of the rammed sled (S12).

use feldherr_dice::step::{Pending, Steps};
use feldherr_geometry::Angle;
use feldherr_play::Id;

use crate::hit::{Target, resolve_hit};
use crate::movement::{MoveRun, Push, zone_at};
use crate::speed::change_magnitude;
use crate::text::{msg, rule_step};
use crate::{RaceState, SledZone};

/// The catalogue key of a zone's name.
pub fn zone_key(zone: SledZone) -> &'static str {
    match zone {
        SledZone::Front => "sled.zone.front",
        SledZone::FrontLeft => "sled.zone.front_left",
        SledZone::FrontRight => "sled.zone.front_right",
        SledZone::RearLeft => "sled.zone.rear_left",
        SledZone::RearRight => "sled.zone.rear_right",
        SledZone::Rear => "sled.zone.rear",
    }
}

/// `speed` lowered by `by` in a front collision ("sinkt um", S12,
/// corrected 2026-11-26): the absolute speed drops by `by` in the sled's
/// own direction of travel, so a sled moving backwards at -4 slowed by 3
/// moves backwards at -1. Only when the loss is larger than the absolute
/// speed does the direction of travel change, and then only a quarter of
/// the excess, truncated towards zero, is kept. A standing sled counts as
/// travelling forwards (its zones follow its facing): the Ogre/Elf
/// example, 0 lowered by 6 would be -6, kept -1.
pub fn lower_front(speed: i32, by: i32) -> i32 {
    let magnitude = i64::from(speed).abs();
    let by = i64::from(by.max(0));
    let sign: i64 = if speed < 0 { -1 } else { 1 };
    let new = if by <= magnitude {
        sign * (magnitude - by)
    } else {
        -sign * ((by - magnitude) / 4)
    };
    i32::try_from(new).unwrap_or(if new < 0 { i32::MIN } else { i32::MAX })
}

/// A speed with the magnitude `magnitude` in the sled's own direction of
/// travel (a standing sled: forwards).
fn with_magnitude(speed: i32, magnitude: i32) -> i32 {
    if speed < 0 { -magnitude } else { magnitude }
}

fn set_speed(st: &mut RaceState, id: Id, speed: i32) {
    if let Some(s) = st.sled_mut(id)
        && s.racing()
    {
        s.speed = speed;
    }
}

/// Hits of `strength` on both sleds and both drivers.
fn hit_all(
    steps: &mut Steps<'_>,
    st: &mut RaceState,
    a: Id,
    b: Id,
    strength: i32,
) -> Result<(), Pending> {
    for id in [a, b] {
        resolve_hit(steps, st, id, Target::Sled, strength)?;
        resolve_hit(steps, st, id, Target::Driver, strength)?;
    }
    Ok(())
}

/// Turns the rammer so that it lies beside the rammed sled, parallel to
/// it on the side it came from (S12 "nebeneinander", P35).
pub(crate) fn turn_beside(st: &mut RaceState, rammer: Id, rammed: Id) {
    let settings = st.settings;
    let (Some(a), Some(b)) = (st.sled(rammer).cloned(), st.sled(rammed).cloned()) else {
        return;
    };
    let facing = if Angle::between(a.facing, b.facing) <= 90.0 {
        b.facing
    } else {
        b.facing.opposite()
    };
    let forward = b.facing.direction();
    let left = feldherr_geometry::Vector::new(-forward.y, forward.x);
    let offset = a.center - b.center;
    let side = if offset.dot(left) >= 0.0 { 1.0 } else { -1.0 };
    let along = offset
        .dot(forward)
        .clamp(-settings.sled_length, settings.sled_length);
    let center = b
        .center
        .translate(left.scale(side * (settings.sled_width + 0.05)))
        .translate(forward.scale(along));
    if let Some(s) = st.sled_mut(rammer) {
        s.facing = facing;
        s.center = center;
    }
}

/// Resolves the rammer running into `rammed` (S12).
pub(crate) fn collide(
    steps: &mut Steps<'_>,
    st: &mut RaceState,
    rammer: Id,
    rammed: Id,
    run: &mut MoveRun,
) -> Result<(), Pending> {
    let (Some(a), Some(b)) = (st.sled(rammer).cloned(), st.sled(rammed).cloned()) else {
        return Ok(());
    };
    let zone = zone_at(st, rammed, a.center);
    let (va, vb) = (a.speed.saturating_abs(), b.speed.saturating_abs());
    let (ca, cb) = (a.collision_value(), b.collision_value());
    steps.log(rule_step(
        "S12",
        msg(
            "sled.log.collision",
            &[
                ("value_a", ca.into()),
                ("value_b", cb.into()),
                ("speed_a", va.into()),
                ("speed_b", vb.into()),
            ],
        )
        .text("rammer", &a.driver.name)
        .text("rammed", &b.driver.name)
        .key("zone", zone_key(zone)),
    ));
    match zone {
        SledZone::Rear => {
            if vb >= va {
                steps.log(rule_step("S12", msg("sled.log.rear_push", &[])));
            } else {
                let strength = ca.saturating_sub(cb).saturating_abs();
                steps.log(rule_step(
                    "S12",
                    msg("sled.log.rear_hits", &[("strength", strength.into())]),
                ));
                hit_all(steps, st, rammer, rammed, strength)?;
                let mean = va.saturating_add(vb).saturating_add(1) / 2;
                set_speed(st, rammer, with_magnitude(a.speed, mean));
                set_speed(st, rammed, with_magnitude(b.speed, mean));
                steps.log(rule_step(
                    "S12",
                    msg("sled.log.mean_speed_up", &[("speed", mean.into())]),
                ));
            }
            run.pushing = Some(Push {
                sled: rammed,
                dir: b.travel(),
            });
        }
        SledZone::RearLeft | SledZone::RearRight => {
            if vb >= va {
                turn_beside(st, rammer, rammed);
                set_speed(st, rammer, change_magnitude(a.speed, -1));
                steps.log(rule_step(
                    "S12",
                    msg(
                        "sled.log.side_rear_slower",
                        &[("speed", change_magnitude(a.speed, -1).into())],
                    ),
                ));
            } else {
                let strength = ca.min(cb);
                steps.log(rule_step(
                    "S12",
                    msg("sled.log.side_rear_hits", &[("strength", strength.into())]),
                ));
                hit_all(steps, st, rammer, rammed, strength)?;
                let mean = va.saturating_add(vb) / 2;
                set_speed(st, rammer, with_magnitude(a.speed, mean));
                set_speed(st, rammed, with_magnitude(b.speed, mean));
                steps.log(rule_step(
                    "S12",
                    msg("sled.log.mean_speed_down", &[("speed", mean.into())]),
                ));
                turn_beside(st, rammer, rammed);
            }
        }
        SledZone::FrontLeft | SledZone::FrontRight => {
            let strength = ca.max(cb);
            steps.log(rule_step(
                "S12",
                msg("sled.log.side_front_hits", &[("strength", strength.into())]),
            ));
            hit_all(steps, st, rammer, rammed, strength)?;
            turn_beside(st, rammer, rammed);
            let new_a = change_magnitude(a.speed, -(cb / 2));
            let new_b = change_magnitude(b.speed, -(ca / 2));
            set_speed(st, rammer, new_a);
            set_speed(st, rammed, new_b);
            steps.log(rule_step(
                "S12",
                msg(
                    "sled.log.side_front_speeds",
                    &[("speed_a", new_a.into()), ("speed_b", new_b.into())],
                ),
            ));
        }
        SledZone::Front => {
            let strength = ca.saturating_add(cb);
            steps.log(rule_step(
                "S12",
                msg("sled.log.front_hits", &[("strength", strength.into())]),
            ));
            hit_all(steps, st, rammer, rammed, strength)?;
            let new_a = lower_front(a.speed, cb);
            let new_b = lower_front(b.speed, ca);
            set_speed(st, rammer, new_a);
            set_speed(st, rammed, new_b);
            steps.log(rule_step(
                "S12",
                msg(
                    "sled.log.front_speeds",
                    &[("speed_a", new_a.into()), ("speed_b", new_b.into())],
                ),
            ));
            if st.sled(rammed).is_some_and(|s| s.racing()) {
                run.pushing = Some(Push {
                    sled: rammed,
                    dir: a.travel(),
                });
            }
        }
    }
    // Keep the geometry sane: a removed sled pushes nothing.
    if st.sled(rammed).is_none_or(|s| !s.racing()) {
        run.pushing = None;
    }
    Ok(())
}
