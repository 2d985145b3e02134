//! Armies: units, characters, points, validation and the break point (W7,
//! W11).

use std::fmt;

use feldherr_play::{Id, Problem};
use serde::{Deserialize, Serialize};

use crate::refusal::say;
use crate::{GuardiansOptions, TerrainType, WarmasterError};

/// Most units an army may hold (a bound, not a rule).
pub const MAX_UNITS: usize = 200;
/// Most points one unit may cost (a bound, not a rule).
pub const MAX_UNIT_POINTS: u32 = 10_000;
/// Most stands one unit may have (a bound, not a rule).
pub const MAX_STANDS: u32 = 60;
/// Most magic items one unit may carry (a bound, not a rule).
pub const MAX_ITEMS: usize = 10;
/// The version of *Warmaster Armies* the Guardians text names (text line
/// 11).
pub const ARMIES_VERSION: &str = "2.23.1";
/// Longest list version accepted, in characters (a bound, not a rule).
pub const MAX_VERSION: usize = 20;
/// Longest name accepted, in characters.
pub const MAX_NAME: usize = 80;

/// The magic items Dark Elves may not take under "Arrogant" (W11).
pub const ARROGANT_ITEMS: [&str; 3] = [
    "Helm of Dominion",
    "Orb of Majesty",
    "Sceptre of Sovereignty",
];

/// What a unit is (Warmaster's unit types and the three kinds of
/// character).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitKind {
    /// Infanterie.
    Infantry,
    /// Kavallerie.
    Cavalry,
    /// Streitwagen.
    Chariot,
    /// Artillerie.
    Artillery,
    /// Maschine.
    Machine,
    /// Monster.
    Monster,
    /// The army's General (a character).
    General,
    /// A Hero (a character).
    Hero,
    /// A Wizard (a character).
    Wizard,
}

impl UnitKind {
    /// Every kind, in the order above.
    pub const ALL: [UnitKind; 9] = [
        UnitKind::Infantry,
        UnitKind::Cavalry,
        UnitKind::Chariot,
        UnitKind::Artillery,
        UnitKind::Machine,
        UnitKind::Monster,
        UnitKind::General,
        UnitKind::Hero,
        UnitKind::Wizard,
    ];

    /// Whether it is a character (General, Hero, Wizard).
    #[must_use]
    pub const fn is_character(self) -> bool {
        matches!(self, UnitKind::General | UnitKind::Hero | UnitKind::Wizard)
    }

    /// The snake-case word used in saved games and army lists.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            UnitKind::Infantry => "infantry",
            UnitKind::Cavalry => "cavalry",
            UnitKind::Chariot => "chariot",
            UnitKind::Artillery => "artillery",
            UnitKind::Machine => "machine",
            UnitKind::Monster => "monster",
            UnitKind::General => "general",
            UnitKind::Hero => "hero",
            UnitKind::Wizard => "wizard",
        }
    }

    /// The catalogue key of its name, `warmaster.unit_kind.<word>`.
    #[must_use]
    pub fn label_key(self) -> String {
        format!("warmaster.unit_kind.{}", self.word())
    }

    /// The kind named by `word` (case-insensitive).
    #[must_use]
    pub fn from_word(word: &str) -> Option<UnitKind> {
        let word = word.trim().to_ascii_lowercase();
        UnitKind::ALL.into_iter().find(|k| k.word() == word)
    }

    /// The usual number of stands of a unit of this kind, used when an
    /// imported line does not say: characters, machines and monsters 1,
    /// artillery 2, everything else 3.
    #[must_use]
    pub const fn default_stands(self) -> u32 {
        match self {
            UnitKind::General
            | UnitKind::Hero
            | UnitKind::Wizard
            | UnitKind::Machine
            | UnitKind::Monster => 1,
            UnitKind::Artillery => 2,
            UnitKind::Infantry | UnitKind::Cavalry | UnitKind::Chariot => 3,
        }
    }
}

impl fmt::Display for UnitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// One unit or character of an army.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Unit {
    /// Stable id within the army.
    pub id: Id,
    /// The unit's name ("Spearmen 1").
    pub name: String,
    /// Its type.
    pub kind: UnitKind,
    /// What it costs.
    pub points: u32,
    /// How many stands it has (at least 1).
    pub stands: u32,
    /// A flying unit: cannot control objectives but blocks them (W4).
    #[serde(default)]
    pub flying: bool,
    /// A summoned unit: never counts for zones (W4).
    #[serde(default)]
    pub summoned: bool,
    /// Does not count towards the break point (W7).
    #[serde(default)]
    pub not_counting: bool,
    /// Its magic items, by name.
    #[serde(default)]
    pub magic_items: Vec<String>,
    /// A Regiment of Renown, used by the rules of *Warmaster Armies*
    /// (text line 15).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub renown: bool,
}

impl Unit {
    /// A unit with no flags and no items.
    #[must_use]
    pub fn new(id: Id, name: impl Into<String>, kind: UnitKind, points: u32, stands: u32) -> Unit {
        Unit {
            id,
            name: name.into(),
            kind,
            points,
            stands,
            flying: false,
            summoned: false,
            not_counting: false,
            magic_items: Vec::new(),
            renown: false,
        }
    }

    /// Checks the bounds of every field.
    ///
    /// # Errors
    /// [`WarmasterError::Invalid`] naming the field (`name`, `points`,
    /// `stands`, `magic_items`).
    pub fn check(&self) -> Result<(), WarmasterError> {
        if self.name.trim().is_empty() {
            return Err(WarmasterError::invalid_says(
                "name",
                "\"\"",
                say("unit_name"),
            ));
        }
        if self.name.chars().count() > MAX_NAME {
            return Err(WarmasterError::invalid_says(
                "name",
                &self.name,
                say("unit_name_long")
                    .text("unit", &self.name)
                    .int("max", MAX_NAME as i64),
            ));
        }
        if self.points > MAX_UNIT_POINTS {
            return Err(WarmasterError::invalid_says(
                "points",
                self.points,
                say("unit_points")
                    .text("unit", &self.name)
                    .int("points", self.points)
                    .int("max", MAX_UNIT_POINTS),
            ));
        }
        if self.stands == 0 || self.stands > MAX_STANDS {
            return Err(WarmasterError::invalid_says(
                "stands",
                self.stands,
                say("unit_stands")
                    .text("unit", &self.name)
                    .int("max", MAX_STANDS),
            ));
        }
        if self.magic_items.len() > MAX_ITEMS {
            return Err(WarmasterError::invalid_says(
                "magic_items",
                self.magic_items.len(),
                say("unit_items")
                    .text("unit", &self.name)
                    .int("max", MAX_ITEMS as i64),
            ));
        }
        if let Some(item) = self.magic_items.iter().find(|i| i.trim().is_empty()) {
            return Err(WarmasterError::invalid_says(
                "magic_items",
                format!("\"{item}\""),
                say("item_name").text("unit", &self.name),
            ));
        }
        if let Some(item) = self
            .magic_items
            .iter()
            .find(|i| i.chars().count() > MAX_NAME)
        {
            return Err(WarmasterError::invalid_says(
                "magic_items",
                item,
                say("item_name_long")
                    .text("unit", &self.name)
                    .int("max", MAX_NAME as i64),
            ));
        }
        Ok(())
    }

    /// Extra attacks in every combat under "Zerstoererisch" (W11): 2 for
    /// a non-flying monster, whatever its stands; otherwise 0.
    #[must_use]
    pub fn destructive_attacks(&self, options: &GuardiansOptions) -> u32 {
        if options.destructive && self.kind == UnitKind::Monster && !self.flying {
            DESTRUCTIVE_ATTACKS
        } else {
            0
        }
    }

    /// Whether terrain can make the unit defended: under "Zerstoererisch"
    /// (W11) a non-flying monster never is.
    #[must_use]
    pub fn may_be_defended(&self, options: &GuardiansOptions) -> bool {
        self.destructive_attacks(options) == 0
    }

    /// How the terrain and the Guardians `options` treat the unit: the
    /// kind it moves through terrain as, the terrain it may enter and
    /// cross, whether it can be defended and its extra attacks in every
    /// combat (W11, PW18).
    #[must_use]
    pub fn rules(&self, options: &GuardiansOptions) -> UnitRules {
        let sheet = crate::cheat_sheet(options);
        let moves_as = sheet
            .first()
            .map_or(self.kind, |e| e.moves_as(self.kind, self.flying));
        UnitRules {
            moves_as,
            flying: self.flying,
            may_enter: sheet
                .iter()
                .filter(|e| e.may_enter(self.kind, self.flying))
                .map(|e| e.terrain)
                .collect(),
            may_cross: sheet
                .iter()
                .filter(|e| e.may_cross(self.kind, self.flying))
                .map(|e| e.terrain)
                .collect(),
            may_be_defended: self.may_be_defended(options),
            extra_attacks: self.destructive_attacks(options),
        }
    }

    /// Whether it counts towards the break point (W7): not a character and
    /// not marked as not counting.
    #[must_use]
    pub fn counts_for_break_point(&self) -> bool {
        !self.kind.is_character() && !self.not_counting
    }
}

/// Extra attacks of a non-flying monster in every combat under
/// "Zerstoererisch" (W11).
pub const DESTRUCTIVE_ATTACKS: u32 = 2;

/// How terrain and the Guardians options treat one unit ([`Unit::rules`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct UnitRules {
    /// The kind it moves through terrain as (a non-flying monster moves
    /// as infantry under "Zerstoererisch").
    pub moves_as: UnitKind,
    /// It flies: it crosses every terrain and may end its move in any but
    /// impassable terrain (PW18).
    pub flying: bool,
    /// The terrain types it may enter and end its move in.
    pub may_enter: Vec<TerrainType>,
    /// The terrain types it may move across.
    pub may_cross: Vec<TerrainType>,
    /// Whether terrain can make it defended.
    pub may_be_defended: bool,
    /// Extra attacks in every combat.
    pub extra_attacks: u32,
}

/// The army list an army is drawn from, as far as the Guardians rules
/// care (W11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum ArmyKind {
    /// Hochelfen: "Aussterbendes Volk" lowers their break point.
    HighElves,
    /// Dunkelelfen: "Arrogant" forbids three items.
    DarkElves,
    /// Any other army list.
    #[default]
    Other,
}

impl ArmyKind {
    /// The kind named by an army list's name: "High Elves"/"Hochelfen",
    /// "Dark Elves"/"Dunkelelfen" (case-insensitive), otherwise `Other`.
    #[must_use]
    pub fn from_list_name(name: &str) -> ArmyKind {
        let n: String = name
            .chars()
            .filter(|c| c.is_alphanumeric())
            .collect::<String>()
            .to_lowercase();
        match n.as_str() {
            "highelves" | "hochelfen" | "highelf" => ArmyKind::HighElves,
            "darkelves" | "dunkelelfen" | "darkelf" => ArmyKind::DarkElves,
            _ => ArmyKind::Other,
        }
    }
}

/// The break point and how it was reached (W7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BreakPoint {
    /// Units that count (not characters, not marked as not counting).
    pub counting_units: u32,
    /// Half of them, rounded up.
    pub half_rounded_up: u32,
    /// 1 when "Aussterbendes Volk" lowers a High Elf army's break point.
    pub lowered_by: u32,
    /// The break point: destroyed counting units at which the army breaks.
    pub value: u32,
}

/// One player's army.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Army {
    /// The army list's name ("Dark Elves").
    #[serde(default)]
    pub list: String,
    /// The version of *Warmaster Armies* the list follows ("2.23.1",
    /// text line 11), when it says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub list_version: Option<String>,
    /// What the Guardians rules need to know about the list.
    #[serde(default)]
    pub kind: ArmyKind,
    /// Units and characters.
    #[serde(default)]
    pub units: Vec<Unit>,
}

impl Army {
    /// An army from `list` (its kind read from the name) with no units.
    #[must_use]
    pub fn new(list: impl Into<String>) -> Army {
        let list = list.into();
        Army {
            kind: ArmyKind::from_list_name(&list),
            list,
            list_version: None,
            units: Vec::new(),
        }
    }

    /// The unit with `id`.
    #[must_use]
    pub fn unit(&self, id: Id) -> Option<&Unit> {
        self.units.iter().find(|u| u.id == id)
    }

    /// An id no unit uses yet.
    #[must_use]
    pub fn next_unit_id(&self) -> Id {
        Id::next_after(self.units.iter().map(|u| u.id))
    }

    /// What the army costs.
    #[must_use]
    pub fn total_points(&self) -> u64 {
        self.units.iter().map(|u| u64::from(u.points)).sum()
    }

    /// The army's General (the first unit of kind General).
    #[must_use]
    pub fn general(&self) -> Option<&Unit> {
        self.units.iter().find(|u| u.kind == UnitKind::General)
    }

    /// The break point (W7): half the counting units rounded up; with
    /// "Aussterbendes Volk" a High Elf army's is 1 lower (never below 0).
    #[must_use]
    pub fn break_point(&self, options: &GuardiansOptions) -> BreakPoint {
        let counting = self
            .units
            .iter()
            .filter(|u| u.counts_for_break_point())
            .count();
        let counting_units = u32::try_from(counting).unwrap_or(u32::MAX);
        let half_rounded_up = counting_units.div_ceil(2);
        let lowered_by = u32::from(
            options.dying_race && self.kind == ArmyKind::HighElves && half_rounded_up > 0,
        );
        BreakPoint {
            counting_units,
            half_rounded_up,
            lowered_by,
            value: half_rounded_up - lowered_by,
        }
    }

    /// Adds `unit`; refused when its id is in use, a field is out of
    /// bounds or the army is full.
    ///
    /// # Errors
    /// [`WarmasterError::Invalid`] naming the field.
    pub fn add(&mut self, unit: Unit) -> Result<(), WarmasterError> {
        unit.check()?;
        if let Some(other) = self.unit(unit.id) {
            return Err(WarmasterError::invalid_says(
                "id",
                unit.id,
                say("unit_id_taken")
                    .text("unit", &unit.name)
                    .text("other", &other.name),
            ));
        }
        if unit.kind == UnitKind::General
            && let Some(general) = self.general()
        {
            return Err(WarmasterError::invalid_says(
                "kind",
                "general",
                say("general_taken")
                    .text("unit", &unit.name)
                    .text("general", &general.name),
            ));
        }
        if self.units.len() >= MAX_UNITS {
            return Err(WarmasterError::TooLarge {
                what: "army".into(),
                size: self.units.len() + 1,
                limit: MAX_UNITS,
            });
        }
        self.units.push(unit);
        Ok(())
    }

    /// Everything the army setup refuses, as problems: units out of
    /// bounds, an id used twice, more than one General, more than
    /// [`MAX_UNITS`] units, a list name over [`MAX_NAME`] characters, and
    /// magic items "Arrogant" forbids (W11). A loaded army is checked
    /// against the same limits its edits enforce. Paths are relative to
    /// the army (`units[2].magic_items`).
    #[must_use]
    pub fn errors(&self, options: &GuardiansOptions) -> Vec<Problem> {
        let mut out = Vec::new();
        if self.list.chars().count() > MAX_NAME {
            let count = self.list.chars().count();
            out.push(
                Problem::new(
                    "list",
                    format!("the list name has {count} characters; at most {MAX_NAME}"),
                )
                .with_message(
                    say("army.list_long")
                        .int("count", count as i64)
                        .int("max", MAX_NAME as i64),
                ),
            );
        }
        if let Some(v) = &self.list_version
            && (v.trim().is_empty() || v.chars().count() > MAX_VERSION)
        {
            out.push(
                Problem::new(
                    "list_version",
                    format!("\"{v}\": a version of 1 to {MAX_VERSION} characters"),
                )
                .with_message(
                    say("army.version")
                        .text("version", v)
                        .int("max", MAX_VERSION as i64),
                ),
            );
        }
        if self.units.len() > MAX_UNITS {
            out.push(
                Problem::new(
                    "units",
                    format!(
                        "the army has {} units; at most {MAX_UNITS}",
                        self.units.len()
                    ),
                )
                .with_message(
                    say("army.too_many_units")
                        .int("count", self.units.len() as i64)
                        .int("max", MAX_UNITS as i64),
                ),
            );
        }
        let generals = self
            .units
            .iter()
            .filter(|u| u.kind == UnitKind::General)
            .count();
        if generals > 1 {
            out.push(
                Problem::new(
                    "units",
                    format!("the army has {generals} Generals; it must have exactly one"),
                )
                .with_message(say("army.generals").int("count", generals as i64)),
            );
        }
        for (i, unit) in self.units.iter().enumerate().take(MAX_UNITS) {
            if let Err(e) = unit.check() {
                let problem = Problem::new(format!("units[{i}]"), e.to_string());
                out.push(match e.message() {
                    Some(m) => problem.with_message(m.clone()),
                    None => problem,
                });
            }
        }
        for f in self.forbidden_items(options).into_iter().take(MAX_UNITS) {
            out.push(
                Problem::new(
                    format!("units[{}].magic_items", f.index),
                    format!(
                        "\"{}\" carries the {}, which Dark Elves may not take under \"Arrogant\"",
                        f.unit, f.item
                    ),
                )
                .rule("W11")
                .with_message(
                    say("army.arrogant_item")
                        .text("unit", &f.unit)
                        .text("item", f.item),
                ),
            );
        }
        let mut ids: Vec<(Id, usize)> = self
            .units
            .iter()
            .enumerate()
            .map(|(i, u)| (u.id, i))
            .collect();
        ids.sort();
        if let Some(pair) = ids.windows(2).find(|w| w[0].0 == w[1].0) {
            let (first, second) = (&self.units[pair[0].1].name, &self.units[pair[1].1].name);
            out.push(
                Problem::new(
                    format!("units[{}].id", pair[1].1),
                    format!(
                        "unit id {} is used twice (\"{first}\" and \"{second}\")",
                        pair[0].0
                    ),
                )
                .with_message(
                    say("army.same_id")
                        .text("unit", first)
                        .text("other", second),
                ),
            );
        }
        out
    }

    /// What keeps the army from the battle: no units, no General, more
    /// points than the game size. The battle begins only without these
    /// (so a battle-begun game with one is impossible).
    #[must_use]
    pub fn readiness(&self, game_size: u32) -> Vec<Problem> {
        let mut out = Vec::new();
        if self.units.is_empty() {
            out.push(
                Problem::new("units", "the army has no units").with_message(say("army.no_units")),
            );
            return out;
        }
        let total = self.total_points();
        if total > u64::from(game_size) {
            let over = total - u64::from(game_size);
            out.push(
                Problem::new(
                    "units",
                    format!(
                        "the army costs {total} points, {over} over the game size of {game_size}"
                    ),
                )
                .with_message(
                    say("army.over_size")
                        .int("total", i64::try_from(total).unwrap_or(i64::MAX))
                        .int("over", i64::try_from(over).unwrap_or(i64::MAX))
                        .int("size", game_size),
                ),
            );
        }
        if self.general().is_none() {
            out.push(
                Problem::new("units", "the army has no General")
                    .with_message(say("army.no_general")),
            );
        }
        out
    }

    /// Everything wrong with the army for a game of `game_size` points:
    /// [`Army::readiness`] then [`Army::errors`].
    #[must_use]
    pub fn problems(&self, game_size: u32, options: &GuardiansOptions) -> Vec<Problem> {
        let mut out = self.readiness(game_size);
        out.extend(self.errors(options));
        out
    }

    /// Refuses an army its setup may not hold ([`Army::errors`]).
    ///
    /// # Errors
    /// [`WarmasterError::Invalid`] naming the field of the first error.
    pub fn check(&self, options: &GuardiansOptions) -> Result<(), WarmasterError> {
        for (i, unit) in self.units.iter().enumerate() {
            unit.check().map_err(|e| match e {
                WarmasterError::Invalid {
                    field,
                    value,
                    reason,
                    message,
                } => WarmasterError::Invalid {
                    field: format!("units[{i}].{field}"),
                    value,
                    // A message names the unit already.
                    reason: if message.is_some() {
                        reason
                    } else {
                        format!("{} (\"{}\")", reason, unit.name)
                    },
                    message,
                },
                other => other,
            })?;
        }
        self.check_items(options)?;
        match self.errors(options).into_iter().next() {
            Some(p) => {
                let mut e = WarmasterError::invalid(&p.path, "the army", &p.message);
                if let (WarmasterError::Invalid { message, .. }, Some(m)) = (&mut e, p.said()) {
                    *message = Some(Box::new(m.clone()));
                }
                Err(e)
            }
            None => Ok(()),
        }
    }
}

/// A magic item "Arrogant" forbids (W11): the unit carrying it and the
/// item's name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForbiddenItem {
    /// The unit's index in the army.
    pub index: usize,
    /// The unit's name.
    pub unit: String,
    /// The item as the text names it.
    pub item: &'static str,
}

impl Army {
    /// Every magic item the army may not take under the Guardians
    /// `options` ("Arrogant": Dark Elves may not take the Helm of
    /// Dominion, the Orb of Majesty and the Sceptre of Sovereignty, W11).
    #[must_use]
    pub fn forbidden_items(&self, options: &GuardiansOptions) -> Vec<ForbiddenItem> {
        if !(options.arrogant && self.kind == ArmyKind::DarkElves) {
            return Vec::new();
        }
        self.units
            .iter()
            .enumerate()
            .flat_map(|(index, u)| {
                u.magic_items
                    .iter()
                    .filter_map(|i| forbidden_item(i))
                    .map(move |item| ForbiddenItem {
                        index,
                        unit: u.name.clone(),
                        item,
                    })
            })
            .collect()
    }

    /// Refuses an army that takes an item "Arrogant" forbids (W11).
    ///
    /// # Errors
    /// [`WarmasterError::Invalid`] naming the unit's `magic_items`.
    pub fn check_items(&self, options: &GuardiansOptions) -> Result<(), WarmasterError> {
        match self.forbidden_items(options).first() {
            Some(f) => Err(WarmasterError::invalid_says(
                format!("units[{}].magic_items", f.index),
                f.item,
                say("arrogant_item")
                    .text("unit", &f.unit)
                    .text("item", f.item),
            )),
            None => Ok(()),
        }
    }
}

/// The forbidden item `item` names under "Arrogant", if any (compared
/// without case and spaces).
fn forbidden_item(item: &str) -> Option<&'static str> {
    let squash = |s: &str| -> String {
        s.chars()
            .filter(|c| c.is_alphanumeric())
            .collect::<String>()
            .to_lowercase()
    };
    let wanted = squash(item);
    ARROGANT_ITEMS.into_iter().find(|f| squash(f) == wanted)
}
