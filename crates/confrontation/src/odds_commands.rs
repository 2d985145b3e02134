//! Confrontation's odds on the command line: `feldherr odds damage`.

use crate::game::refusal::{invalid, say};
use feldherr_play::{OddsCommand, OddsParam, OddsResult, PlayError};

use crate::DamageRoll;

/// `damage --str S --res R [--sacred]`: SP lost on the damage table (C1).
pub const ODDS_COMMANDS: &[OddsCommand] = &[OddsCommand {
    name: "damage",
    about: "SP lost on the Confrontation damage table (C1)",
    params: &[
        OddsParam {
            name: "str",
            help: "Attacker's strength (STR)",
            flag: false,
        },
        OddsParam {
            name: "res",
            help: "Machine's resilience (RES)",
            flag: false,
        },
        OddsParam {
            name: "sacred",
            help: "The hit is from a sacred weapon (doubles kill instantly)",
            flag: true,
        },
    ],
    run: damage_odds,
}];

/// The odds of `damage`: values STR, RES, sacred (0 or 1).
fn damage_odds(values: &[i64]) -> OddsResult {
    let value = |i: usize, name: &str| -> Result<i32, PlayError> {
        let v = values.get(i).copied().unwrap_or(0);
        i32::try_from(v).map_err(|_| invalid(name, v, say("odds_commands.whole_number_card")))
    };
    let (strength, resilience) = (value(0, "--str")?, value(1, "--res")?);
    let sacred = values.get(2).copied().unwrap_or(0) != 0;
    // The card's own refusal names the field and its range ("STR: -1 is
    // not allowed (0 to 99)").
    let roll = DamageRoll::new(strength, resilience)
        .map_err(|e| {
            let message = crate::game::refusal::reason_message(&e);
            PlayError::refused(e.to_string(), None).with_message(message)
        })?
        .sacred(sacred);
    let title = format!(
        "SP lost, damage table (C1), STR {strength} against RES {resilience}{}",
        if sacred { ", sacred weapon" } else { "" }
    );
    Ok((title, roll.distribution().map(|&sp| i64::from(sp))))
}
