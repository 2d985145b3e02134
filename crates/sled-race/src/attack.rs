//! Kicks and punches during a move (S13).

use feldherr_dice::mechanics::{D6Test, to_hit_target};
use feldherr_dice::step::{ChoiceRequest, Pending, Steps};
use feldherr_dice::{Die, RollRequest, Roller};
use feldherr_geometry::{Angle, distance_point_shape};
use feldherr_play::Id;

use crate::collision::zone_key;
use crate::geometry::{footprint, side_midpoints};
use crate::hit::{Target, resolve_hit};
use crate::movement::zone_at;
use crate::speed::{MAX_SPEED, capped, change_magnitude, speed_band_modifier};
use crate::text::{msg, render, rule_step};
use crate::{RaceState, SledZone};

/// How far an attack reaches, from the middle of a long side (S13).
pub const REACH: f64 = 1.0;

/// The sleds within reach of sled `id`'s long-side midpoints.
pub fn targets(st: &RaceState, id: Id) -> Vec<Id> {
    let settings = st.settings;
    let Some(rect) = st.sled(id).and_then(|s| s.outline(&settings)) else {
        return Vec::new();
    };
    let mids = side_midpoints(&rect);
    st.sleds
        .iter()
        .filter(|o| o.id != id && o.racing())
        .filter(|o| {
            footprint(o, &settings).is_some_and(|shape| {
                mids.iter()
                    .any(|m| distance_point_shape(*m, &shape) <= REACH + 1e-9)
            })
        })
        .map(|o| o.id)
        .collect()
}

/// The zone effect of a kick that hit (S13): speed change and the turn of
/// 15° away from the attacker (degrees, CCW positive); faster and slower
/// change the absolute speed in the direction of travel (P35).
pub fn kick_effect(zone: SledZone) -> (i32, f64) {
    match zone {
        SledZone::Rear => (2, 0.0),
        SledZone::RearLeft => (1, 15.0),
        SledZone::RearRight => (1, -15.0),
        SledZone::FrontLeft => (-1, -15.0),
        SledZone::FrontRight => (-1, 15.0),
        SledZone::Front => (-2, 0.0),
    }
}

/// Offers an attack after an ordinary inch and resolves it.
pub(crate) fn offer(
    steps: &mut Steps<'_>,
    st: &mut RaceState,
    id: Id,
    inch: u32,
) -> Result<(), Pending> {
    let in_reach = targets(st, id);
    if in_reach.is_empty() {
        return Ok(());
    }
    let Some(a) = st.sled(id).cloned() else {
        return Ok(());
    };
    let question = msg("sled.ask.attack", &[("inch", inch.into())]).text("name", &a.driver.name);
    let none = msg("sled.opt.no_attack", &[]);
    let mut request = ChoiceRequest::new(render(&question))
        .rule("S13")
        .with_message(question)
        .option_message(render(&none), none, "");
    let kick_detail = msg("sled.opt.detail.kick", &[]);
    let punch_detail = msg("sled.opt.detail.punch", &[]);
    for t in &in_reach {
        let name = st.sled(*t).map_or("?", |s| s.driver.name.as_str());
        let kick = msg("sled.opt.kick", &[]).text("name", name);
        let punch = msg("sled.opt.punch", &[]).text("name", name);
        request = request
            .option_message(render(&kick), kick, render(&kick_detail))
            .detail_message(kick_detail.clone())
            .option_message(render(&punch), punch, render(&punch_detail))
            .detail_message(punch_detail.clone());
    }
    let choice = steps.choose(request)?;
    if choice == 0 {
        return Ok(());
    }
    let Some(&target) = in_reach.get((choice - 1) / 2) else {
        return Ok(());
    };
    let kick = (choice - 1) % 2 == 0;
    let Some(b) = st.sled(target).cloned() else {
        return Ok(());
    };
    let difference = a
        .speed
        .saturating_abs()
        .saturating_sub(b.speed.saturating_abs())
        .saturating_abs();
    let modifier = speed_band_modifier(difference);
    let base = if kick {
        3
    } else {
        to_hit_target(a.driver.weapon_skill, b.driver.weapon_skill)? as i32
    };
    let test = D6Test::new(base, modifier)?;
    let need = (base - modifier).clamp(2, 6);
    let purpose = msg(
        if kick {
            "sled.roll.kick"
        } else {
            "sled.roll.punch"
        },
        &[
            ("base", base.into()),
            ("difference", difference.into()),
            ("modifier", modifier.into()),
            ("need", need.into()),
        ],
    )
    .text("name", &b.driver.name);
    let face = steps.roll_one(
        RollRequest::new(1, Die::D6, render(&purpose))
            .rule("S13")
            .with_message(purpose)
            .odds_if(steps.wants_odds(), || test.distribution().odds_lines()),
    )?;
    if test.evaluate(face)?.passed() {
        steps.log(rule_step(
            "S13",
            msg("sled.log.attack_hit", &[("face", face.into())]),
        ));
        if kick {
            resolve_hit(steps, st, target, Target::Sled, a.driver.strength as i32)?;
            if st.sled(target).is_some_and(|s| s.racing()) {
                let zone = zone_at(st, target, a.center);
                let (delta, turn) = kick_effect(zone);
                if let Some(t) = st.sled_mut(target) {
                    let held = capped(t.speed, delta);
                    t.speed = change_magnitude(t.speed, delta);
                    if turn != 0.0 {
                        t.facing =
                            Angle::from_degrees(t.facing.degrees() + turn).unwrap_or(t.facing);
                    }
                    let speed = t.speed;
                    steps.log(rule_step(
                        "S13",
                        msg(
                            "sled.log.kick_effect",
                            &[("speed", speed.into()), ("turn", (turn as i64))],
                        )
                        .key("zone", zone_key(zone)),
                    ));
                    if held {
                        steps.log(rule_step(
                            "PS3",
                            msg("sled.log.speed_cap", &[("max", MAX_SPEED.into())]),
                        ));
                    }
                }
            }
        } else {
            resolve_hit(steps, st, target, Target::Driver, a.driver.strength as i32)?;
        }
    } else {
        steps.log(rule_step(
            "S13",
            msg("sled.log.attack_miss", &[("face", face.into())]),
        ));
    }
    if let Some(s) = st.sled_mut(id)
        && s.racing()
    {
        s.speed = change_magnitude(s.speed, -1);
        let speed = s.speed;
        steps.log(rule_step(
            "S13",
            msg("sled.log.attack_cost", &[("speed", speed.into())]),
        ));
    }
    Ok(())
}
