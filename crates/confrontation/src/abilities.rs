//! New abilities of the text's chapter on special abilities, as plain
//! functions the app calls while the players fight: withdrawal by strength,
//! Fechtmeister, Von den Goettern geliebt/verdammt, Gegenangriff,
//! Schlagabfolge, Meisterschuetze. Finte, Konzentration and Instabil have
//! their own types ([`Feint`](crate::Feint), [`Concentration`](crate::Concentration),
//! [`InstabilRoll`](crate::InstabilRoll)).
//!
//! ```
//! use feldherr_confrontation::abilities::{Luck, attack_roll, defence_roll, withdrawal_by_strength};
//! use feldherr_confrontation::ConfrontationResult::*;
//! // STR 8 against the highest RES 5 in contact: the test uses 3.
//! assert_eq!(withdrawal_by_strength(8, 3, &[(5, 2), (4, 1)], 0)?, (3, 0));
//! assert!(withdrawal_by_strength(4, 3, &[(5, 2)], 0).is_err());
//! // Fechtmeister: a critically wounded defender (-3) needs a 6 to get 2.
//! let parry = defence_roll(-3, true, Luck::Ordinary)?;
//! assert_eq!(parry.evaluate(&[5])?, Fumble);
//! assert_eq!(parry.evaluate(&[6, 2])?, Total(4));
//! // His attack: a 5 counts as 6 and re-rolls; a 1 on the re-roll adds.
//! assert_eq!(attack_roll(0, true, Luck::Ordinary)?.evaluate(&[5, 1])?, Total(7));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::ConfrontationRoll;
use crate::game::refusal::{not_allowed, say};
use feldherr_dice::step::Message;
use serde::{Deserialize, Serialize};

use crate::error::{ConfrontationError, check_range};

fn refused(rule: &'static str, message: Message) -> ConfrontationError {
    not_allowed(rule, message)
}

/// Withdrawal by strength ("Rueckzug durch Staerke"): a figure of size
/// `size` (0 small ... 3 very large) in contact with enemies `(RES, size)`
/// may test STR instead of INI if it is larger than every one of them; the
/// highest RES is taken off its STR (below 0: no withdrawal). Returns the
/// characteristic for the test and the die modifier (`wound_penalty`, e.g.
/// -1 for a light wound).
pub fn withdrawal_by_strength(
    strength: i32,
    size: u32,
    enemies: &[(i32, u32)],
    wound_penalty: i32,
) -> Result<(i32, i32), ConfrontationError> {
    if let Some(&(_, s)) = enemies.iter().find(|(_, s)| *s >= size) {
        return Err(refused(
            "withdrawal by strength",
            say("abilities.enemy_size_not_smaller_than")
                .text("s", s.to_string())
                .text("size", size.to_string()),
        ));
    }
    let highest = enemies.iter().map(|(r, _)| *r).max().unwrap_or(0);
    let value = strength - highest;
    if value < 0 {
        return Err(refused(
            "withdrawal by strength",
            say("abilities.str_res_below_0")
                .text("strength", strength.to_string())
                .text("highest", highest.to_string())
                .text("value", value.to_string()),
        ));
    }
    Ok((value, wound_penalty))
}

/// What the gods think of a figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Luck {
    /// Neither.
    #[default]
    Ordinary,
    /// Von den Goettern geliebt: every 4 and 5 counts as 6 and re-rolls; a 1
    /// on a re-roll is added, not a fumble.
    Beloved,
    /// Von den Goettern verdammt (characters): never re-rolls after a 6,
    /// whatever turned the face into a 6 (Brutal, Fechtmeister ...).
    Damned,
}

/// Any roll of a figure with `luck` and `die_modifier` (wounds, C2).
///
/// # Errors
/// A modifier outside -20..=20.
pub fn roll_for(luck: Luck, die_modifier: i32) -> Result<ConfrontationRoll, ConfrontationError> {
    let base = match luck {
        Luck::Ordinary => ConfrontationRoll::standard(),
        Luck::Beloved => ConfrontationRoll::beloved(),
        Luck::Damned => ConfrontationRoll::standard().without_reroll(),
    };
    Ok(base.with_modifier(die_modifier)?)
}

/// An attack (ATT) roll: with Fechtmeister a 5 counts as 6 and re-rolls and
/// a 1 on the re-roll is added; Beloved goes further (4 and 5); Damned never
/// re-rolls, Fechtmeister or not.
///
/// # Errors
/// A modifier outside -20..=20.
pub fn attack_roll(
    die_modifier: i32,
    fechtmeister: bool,
    luck: Luck,
) -> Result<ConfrontationRoll, ConfrontationError> {
    let roll = roll_for(luck, die_modifier)?;
    if fechtmeister && roll.counts_as_six() > 5 {
        let r = roll.with_counts_as_six(5)?;
        return Ok(if luck == Luck::Damned {
            r.without_reroll()
        } else {
            r
        });
    }
    Ok(roll)
}

/// A defence (DEF) roll of a figure with `wound_penalty`; attacked
/// successfully by a Fechtmeister it takes a further -1 on the die.
///
/// # Errors
/// A modifier outside -20..=20.
pub fn defence_roll(
    wound_penalty: i32,
    against_fechtmeister: bool,
    luck: Luck,
) -> Result<ConfrontationRoll, ConfrontationError> {
    roll_for(luck, wound_penalty - i32::from(against_fechtmeister))
}

/// Whether a counter-attack is possible against the attacker: never
/// against a Fechtmeister, not even with Beidhaendig.
///
/// # Errors
/// [`ConfrontationError::NotAllowed`] against a Fechtmeister.
pub fn counter_attack_against(attacker_is_fechtmeister: bool) -> Result<(), ConfrontationError> {
    if attacker_is_fechtmeister {
        return Err(refused(
            "Fechtmeister",
            say("abilities.no_counter_attack_against_fechtmeister"),
        ));
    }
    Ok(())
}

/// The difficulty added to DEF dice used for a counter-attack: +2 for a
/// character, and for a non-character with Gegenangriff (which counters
/// like a character); +1 for a character with Gegenangriff.
///
/// # Errors
/// [`ConfrontationError::NotAllowed`] for a non-character without
/// Gegenangriff.
pub fn counter_attack_difficulty(
    character: bool,
    gegenangriff: bool,
) -> Result<i32, ConfrontationError> {
    match (character, gegenangriff) {
        (true, true) => Ok(1),
        (true, false) | (false, true) => Ok(2),
        (false, false) => Err(refused(
            "Gegenangriff",
            say("abilities.only_characters_figures_with_gegenangriff"),
        )),
    }
}

/// Schlagabfolge: the ATT and DEF points the next extra combat die costs,
/// `bought` extra dice already bought this melee phase. A non-character
/// with the ability may buy one, for 2; a character with it pays 1 for the
/// first and 2 for each further; a character without pays 2 each.
///
/// # Errors
/// [`ConfrontationError::NotAllowed`] for a non-character without the
/// ability, or a second die for a non-character.
pub fn extra_die_cost(
    character: bool,
    schlagabfolge: bool,
    bought: u32,
) -> Result<i32, ConfrontationError> {
    match (character, schlagabfolge, bought) {
        (true, true, 0) => Ok(1),
        (true, _, _) => Ok(2),
        (false, true, 0) => Ok(2),
        (false, true, _) => Err(refused(
            "Schlagabfolge",
            say("abilities.no_more_than_one_extra"),
        )),
        (false, false, _) => Err(refused(
            "Schlagabfolge",
            say("abilities.only_characters_figures_with_schlagabfolge"),
        )),
    }
}

/// Meisterbogenschuetze / Meisterarmbrustschuetze: one ranged attack more
/// per round (the longer range is printed on the card).
///
/// # Errors
/// [`ConfrontationError::InvalidValue`] for more than 10 base attacks.
pub fn ranged_attacks(base: u32, master: bool) -> Result<u32, ConfrontationError> {
    check_range("ranged attacks", base.into(), 0, 10, "0 to 10")?;
    Ok(base + u32::from(master))
}
