//! Reading an army from a plain text list.
//!
//! # Format
//!
//! One entry per line: `name, count, points` and optional tags, separated
//! by commas (or by semicolons when the line holds one). `count` is how
//! many such units the army has, `points` what one of them costs. Blank
//! lines and lines starting with `#` are skipped. A line `army: <list>`
//! names the army list ("Dark Elves"); High Elves and Dark Elves are
//! recognised in English and German for W11. A line `version: <v>`
//! records the version of *Warmaster Armies* the list follows ("2.23.1",
//! the one the Guardians text names).
//!
//! Tags (any order, case-insensitive):
//! - a unit type: `infantry` (the default), `cavalry`, `chariot`,
//!   `artillery`, `machine`, `monster`, `general`, `hero`, `wizard`;
//! - `stands=N` (default: 1 for characters, machines and monsters, 2 for
//!   artillery, 3 otherwise);
//! - `flying`, `summoned`, `no-break` (does not count towards the break
//!   point), `renown` (a Regiment of Renown);
//! - `item=<name>` for a magic item (repeatable).
//!
//! ```text
//! army: High Elves
//! version: 2.23.1
//! # name, count, points, tags
//! Spearmen, 4, 60
//! Silver Helms, 2, 110, cavalry
//! General, 1, 155, general, item=Sword of Might
//! Eagle, 1, 70, monster, flying, stands=1
//! ```
//!
//! An entry with a count above 1 becomes that many units, numbered
//! ("Spearmen 1" ... "Spearmen 4"). Errors name the line.

use feldherr_dice::step::Message;
use feldherr_play::Id;

use crate::army::{ARMIES_VERSION, MAX_NAME, MAX_UNITS, MAX_VERSION};
use crate::refusal::{english, say};
use crate::{Army, ArmyKind, Unit, UnitKind, WarmasterError};

/// Longest list accepted, in lines.
pub const MAX_LINES: usize = 500;
/// Longest list accepted, in bytes.
pub const MAX_BYTES: usize = 100_000;
/// Largest count on one line.
pub const MAX_COUNT: u32 = 50;

/// Reads an army list (see the module docs for the format). Unit ids
/// start at 1.
///
/// # Errors
/// [`WarmasterError::ImportLine`] naming the first bad line,
/// [`WarmasterError::TooLarge`] for more than [`MAX_LINES`] lines or
/// [`MAX_UNITS`] units.
pub fn import_army(text: &str) -> Result<Army, WarmasterError> {
    if text.len() > MAX_BYTES {
        return Err(WarmasterError::TooLarge {
            what: "army list (bytes)".into(),
            size: text.len(),
            limit: MAX_BYTES,
        });
    }
    let lines = text.lines().count();
    if lines > MAX_LINES {
        return Err(WarmasterError::TooLarge {
            what: "army list".into(),
            size: lines,
            limit: MAX_LINES,
        });
    }
    let mut army = Army::default();
    let mut next = 1_u64;
    for (i, raw) in text.lines().enumerate() {
        let number = i + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        // The reason as a catalogue message (naming the field and the
        // value), its English sentence from the English catalogue.
        let bad = |message: Message| WarmasterError::ImportLine {
            line: number,
            text: line.to_owned(),
            reason: english(&message),
            message: Some(Box::new(message)),
        };
        if let Some(list) = strip_prefix_ci(line, "army:") {
            let list = list.trim();
            if list.is_empty() {
                return Err(bad(say("import.no_list")));
            }
            army.list = list.to_owned();
            army.kind = ArmyKind::from_list_name(list);
            continue;
        }
        if let Some(version) = strip_prefix_ci(line, "version:") {
            let version = version.trim();
            if version.is_empty() || version.chars().count() > MAX_VERSION {
                return Err(bad(say("import.version")
                    .text("value", version)
                    .int("max", MAX_VERSION as i64)
                    .text("example", ARMIES_VERSION)));
            }
            army.list_version = Some(version.to_owned());
            continue;
        }
        let sep = if line.contains(';') { ';' } else { ',' };
        let fields: Vec<&str> = line.split(sep).map(str::trim).collect();
        let [name, count, points, tags @ ..] = fields.as_slice() else {
            return Err(bad(say("import.fields")
                .text("sep", sep.to_string())
                .int("count", fields.len() as i64)));
        };
        if name.is_empty() {
            return Err(bad(say("import.name_empty")));
        }
        if name.chars().count() > MAX_NAME {
            return Err(bad(say("import.name_long")
                .text("value", *name)
                .int("max", MAX_NAME as i64)));
        }
        let count: u32 = count
            .parse()
            .map_err(|_| bad(say("import.count_not_number").text("value", *count)))?;
        if count == 0 || count > MAX_COUNT {
            return Err(bad(say("import.count_range")
                .int("value", count)
                .int("max", MAX_COUNT)));
        }
        let points: u32 = points
            .parse()
            .map_err(|_| bad(say("import.points_not_number").text("value", *points)))?;
        let mut kind = None;
        let mut stands = None;
        let (mut flying, mut summoned, mut not_counting, mut renown) = (false, false, false, false);
        let mut items = Vec::new();
        for tag in tags.iter().filter(|t| !t.is_empty()) {
            let lower = tag.to_ascii_lowercase();
            if let Some(k) = UnitKind::from_word(&lower) {
                if kind.is_some() {
                    return Err(bad(say("import.second_type").text("value", *tag)));
                }
                kind = Some(k);
            } else if let Some(n) = lower.strip_prefix("stands=") {
                let n: u32 = n
                    .trim()
                    .parse()
                    .map_err(|_| bad(say("import.stands_not_number").text("value", n.trim())))?;
                stands = Some(n);
            } else if lower == "flying" {
                flying = true;
            } else if lower == "summoned" {
                summoned = true;
            } else if lower == "no-break" || lower == "no_break" {
                not_counting = true;
            } else if lower == "renown" {
                renown = true;
            } else if let Some(item) = strip_prefix_ci(tag, "item=") {
                items.push(item.trim().to_owned());
            } else {
                return Err(bad(say("import.unknown_tag").text("value", *tag)));
            }
        }
        let kind = kind.unwrap_or(UnitKind::Infantry);
        let stands = stands.unwrap_or(kind.default_stands());
        for k in 1..=count {
            if army.units.len() >= MAX_UNITS {
                return Err(WarmasterError::TooLarge {
                    what: "army".into(),
                    size: army.units.len() + 1,
                    limit: MAX_UNITS,
                });
            }
            let unit_name = if count == 1 {
                (*name).to_owned()
            } else {
                format!("{name} {k}")
            };
            let mut unit = Unit::new(Id(next), unit_name, kind, points, stands);
            unit.flying = flying;
            unit.summoned = summoned;
            unit.not_counting = not_counting;
            unit.renown = renown;
            unit.magic_items = items.clone();
            unit.check().map_err(|e| {
                bad(e
                    .message()
                    .cloned()
                    .unwrap_or_else(|| Message::verbatim(&e.to_string())))
            })?;
            army.units.push(unit);
            next += 1;
        }
    }
    Ok(army)
}

fn strip_prefix_ci<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    if head.eq_ignore_ascii_case(prefix) {
        text.get(prefix.len()..)
    } else {
        None
    }
}
