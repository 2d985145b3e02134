//! Hits of a strength on a sled or a driver (S14).

use feldherr_dice::mechanics::{ArmourSave, D6Test, to_wound_target};
use feldherr_dice::step::{Pending, Steps};
use feldherr_dice::{Die, RollRequest, Roller};
use feldherr_play::Id;

use crate::sled::SLED_TOUGHNESS;
use crate::text::{msg, render, rule_step};
use crate::{RaceState, SledStatus};

/// What a hit strikes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Target {
    /// The sled (T6, no save).
    Sled,
    /// The driver (his Toughness and armour save).
    Driver,
}

/// Resolves one hit of `strength` on sled `id`'s sled or driver: to-wound
/// roll, the driver's armour save, the wound, removal (S14).
pub(crate) fn resolve_hit(
    steps: &mut Steps<'_>,
    state: &mut RaceState,
    id: Id,
    target: Target,
    strength: i32,
) -> Result<(), Pending> {
    let round = state.race_round();
    let Some(sled) = state.sled(id) else {
        return Ok(());
    };
    if !sled.racing() {
        return Ok(());
    }
    let who = sled.driver.name.clone();
    let (toughness, whom) = match target {
        Target::Sled => (SLED_TOUGHNESS, "sled.word.sled"),
        Target::Driver => (sled.driver.toughness, "sled.word.driver"),
    };
    if strength <= 0 {
        steps.log(rule_step(
            "S14",
            msg("sled.log.hit_none", &[("strength", strength.into())])
                .key("whom", whom)
                .text("name", &who),
        ));
        return Ok(());
    }
    let chart_strength = strength.min(10) as u32;
    let Ok(Some(need)) = to_wound_target(chart_strength, toughness) else {
        steps.log(rule_step(
            "S14",
            msg(
                "sled.log.hit_cannot_wound",
                &[
                    ("strength", strength.into()),
                    ("toughness", toughness.into()),
                ],
            )
            .key("whom", whom)
            .text("name", &who),
        ));
        return Ok(());
    };
    let purpose = msg(
        "sled.roll.to_wound",
        &[
            ("strength", strength.into()),
            ("toughness", toughness.into()),
            ("need", need.into()),
        ],
    )
    .key("whom", whom)
    .text("name", &who);
    let test = D6Test::new(need as i32, 0)?;
    let face = steps.roll_one(
        RollRequest::new(1, Die::D6, render(&purpose))
            .rule("S14")
            .with_message(purpose)
            .odds_if(steps.wants_odds(), || test.distribution().odds_lines()),
    )?;
    if !test.evaluate(face)?.passed() {
        steps.log(rule_step(
            "S14",
            msg(
                "sled.log.no_wound",
                &[("face", face.into()), ("need", need.into())],
            )
            .key("whom", whom)
            .text("name", &who),
        ));
        return Ok(());
    }
    if target == Target::Driver
        && let Some(save) = sled.driver.armour_save
    {
        let armour = ArmourSave::new(save, strength as u32)?;
        match armour.required() {
            None => steps.log(rule_step(
                "S14",
                msg(
                    "sled.log.no_save_possible",
                    &[("save", save.into()), ("strength", strength.into())],
                )
                .text("name", &who),
            )),
            Some(required) => {
                let purpose = msg(
                    "sled.roll.save",
                    &[("save", save.into()), ("need", required.into())],
                )
                .text("name", &who);
                let face = steps.roll_one(
                    RollRequest::new(1, Die::D6, render(&purpose))
                        .rule("S14")
                        .with_message(purpose)
                        .odds_if(steps.wants_odds(), || armour.distribution().odds_lines()),
                )?;
                if armour.evaluate(face)? {
                    steps.log(rule_step(
                        "S14",
                        msg("sled.log.saved", &[("face", face.into())]).text("name", &who),
                    ));
                    return Ok(());
                }
            }
        }
    }
    let Some(sled) = state.sled_mut(id) else {
        return Ok(());
    };
    let left = match target {
        Target::Sled => {
            sled.sled_wounds = sled.sled_wounds.saturating_sub(1);
            sled.sled_wounds
        }
        Target::Driver => {
            sled.driver_wounds = sled.driver_wounds.saturating_sub(1);
            sled.driver_wounds
        }
    };
    steps.log(rule_step(
        "S14",
        msg("sled.log.wound", &[("left", left.into())])
            .key("whom", whom)
            .text("name", &who),
    ));
    if left == 0 {
        sled.status = SledStatus::Out { round };
        sled.speed = 0;
        steps.log(rule_step(
            "S14",
            msg("sled.log.out", &[])
                .key("whom", whom)
                .text("name", &who),
        ));
    }
    Ok(())
}
