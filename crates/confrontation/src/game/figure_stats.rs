//! What the referee enters for a figure on the table: its side, its values
//! and its abilities.

use crate::game::refusal::{invalid, say};
use feldherr_play::{Id, PlayError};
use serde::{Deserialize, Serialize};

use super::side::first_side;
use crate::Size;

/// A characteristic of an army card, as the text abbreviates it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Characteristic {
    /// BEW (movement).
    Bew,
    /// INI (initiative).
    Ini,
    /// ATT (attack).
    Att,
    /// STR (STÄ, strength).
    Str,
    /// DEF (VER, defence).
    Def,
    /// RES (WK, resilience).
    Res,
    /// FER (shooting).
    Fer,
    /// MUT (courage).
    Mut,
    /// DIS (discipline).
    Dis,
}

impl Characteristic {
    /// The abbreviation ([`crate::ABBREVIATIONS`] labels most).
    pub fn abbr(self) -> &'static str {
        match self {
            Characteristic::Bew => "BEW",
            Characteristic::Ini => "INI",
            Characteristic::Att => "ATT",
            Characteristic::Str => "STR",
            Characteristic::Def => "VER",
            Characteristic::Res => "RES",
            Characteristic::Fer => "FER",
            Characteristic::Mut => "MUT",
            Characteristic::Dis => "DIS",
        }
    }
}

/// The abilities of a figure the text's rules ask about (chapter "Neue
/// Spezialfertigkeiten", Sichel's Sprung, Resistent, fear).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum FigureAbility {
    /// Fechtmeister: -1 on the target's VER dice after its successful
    /// attack; no counter-attack against it; on attack a 5 counts as 6.
    Fechtmeister,
    /// Finte: successful attacks may cancel the opponent's dice.
    Finte,
    /// Konzentration/X on the characteristics printed in bold.
    Konzentration {
        /// X: points per round.
        x: u32,
        /// The bold characteristics.
        bold: Vec<Characteristic>,
    },
    /// Meisterbogen-/Meisterarmbrustschütze: one more ranged attack.
    Meisterschuetze,
    /// Gegenangriff: counter-attacks like a character (+1 for one).
    Gegenangriff,
    /// Schlagabfolge: an extra combat die per melee phase.
    Schlagabfolge,
    /// Von den Göttern geliebt: 4 and 5 count as 6.
    Geliebt,
    /// Von den Göttern verdammt: never re-rolls after a 6.
    Verdammt,
    /// Instabil/X: end of round D6, X+ a light wound and again.
    Instabil(u32),
    /// Sprung: Sichel's INI test 2 easier.
    Sprung,
    /// Resistent: only shots, melee and fear affect it.
    Resistent,
    /// Causes fear (Angst) of this value.
    Angst(u32),
}

impl FigureAbility {
    fn name(&self) -> &'static str {
        match self {
            Self::Fechtmeister => "Fechtmeister",
            Self::Finte => "Finte",
            Self::Konzentration { .. } => "Konzentration",
            Self::Meisterschuetze => "Meisterschuetze",
            Self::Gegenangriff => "Gegenangriff",
            Self::Schlagabfolge => "Schlagabfolge",
            Self::Geliebt => "Geliebt",
            Self::Verdammt => "Verdammt",
            Self::Instabil(_) => "Instabil",
            Self::Sprung => "Sprung",
            Self::Resistent => "Resistent",
            Self::Angst(_) => "Angst",
        }
    }
}

fn normal() -> Size {
    Size::Normal
}

fn is_normal(s: &Size) -> bool {
    *s == Size::Normal
}

#[expect(clippy::trivially_copy_pass_by_ref, reason = "serde's signature")]
fn is_false(b: &bool) -> bool {
    !*b
}

/// What a figure on a Confrontation table is, for hits, tests and the
/// rules of the text: its side, its army card's values as printed and its
/// abilities. Figures are the model pieces of the table that stand for no
/// machine; they are known by their piece id (stable, P20).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FigureStats {
    /// RES (WK).
    pub res: i32,
    /// INI, for the Sichel test.
    #[serde(default)]
    pub ini: i32,
    /// Height level (0 = ground); shots hit one level only.
    #[serde(default)]
    pub level: i32,
    /// The side it belongs to (a game saved before sides: side 1, PC1).
    #[serde(default = "first_side")]
    pub side: Id,
    /// The name of its army card (its type): it may serve as crew of a
    /// machine whose card lists crew of that name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    /// Its size (normal unless given).
    #[serde(default = "normal", skip_serializing_if = "is_normal")]
    pub size: Size,
    /// A character (Persönlichkeit).
    #[serde(default, skip_serializing_if = "is_false")]
    pub character: bool,
    /// STR as printed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub str: Option<i32>,
    /// ATT as printed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub att: Option<i32>,
    /// DEF (VER) as printed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub def: Option<i32>,
    /// FER as printed (auxiliaries, C3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fer: Option<u32>,
    /// MUT as printed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub courage: Option<i32>,
    /// DIS as printed (auxiliaries, C3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dis: Option<u32>,
    /// Its abilities.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<FigureAbility>,
}

impl FigureStats {
    /// A figure of `side` with RES `res`, everything else unset.
    pub fn new(res: i32, side: Id) -> Self {
        Self {
            res,
            ini: 0,
            level: 0,
            side,
            card: None,
            size: Size::Normal,
            character: false,
            str: None,
            att: None,
            def: None,
            fer: None,
            courage: None,
            dis: None,
            abilities: Vec::new(),
        }
    }

    /// Whether it has `ability` (by kind, whatever its value).
    pub fn has(&self, ability: &FigureAbility) -> bool {
        self.abilities.iter().any(|a| a.name() == ability.name())
    }

    /// Instabil X, if it has it.
    pub fn instabil(&self) -> Option<u32> {
        self.abilities.iter().find_map(|a| match a {
            FigureAbility::Instabil(x) => Some(*x),
            _ => None,
        })
    }

    /// The fear it causes, if any.
    pub fn fear(&self) -> Option<u32> {
        self.abilities.iter().find_map(|a| match a {
            FigureAbility::Angst(x) => Some(*x),
            _ => None,
        })
    }

    /// The printed value of `c`, if known.
    pub fn value(&self, c: Characteristic) -> Option<i32> {
        match c {
            Characteristic::Ini => Some(self.ini),
            Characteristic::Res => Some(self.res),
            Characteristic::Str => self.str,
            Characteristic::Att => self.att,
            Characteristic::Def => self.def,
            Characteristic::Fer => self.fer.and_then(|v| i32::try_from(v).ok()),
            Characteristic::Mut => self.courage,
            Characteristic::Dis => self.dis.and_then(|v| i32::try_from(v).ok()),
            Characteristic::Bew => None,
        }
    }

    /// Checks the values; the error names the field and value.
    pub fn check(&self) -> Result<(), PlayError> {
        let range = |field: &str, value: i32, lo: i32, hi: i32| {
            if (lo..=hi).contains(&value) {
                Ok(())
            } else {
                Err(invalid(
                    field,
                    value,
                    say("figure_stats.outside")
                        .text("field", field.to_string())
                        .text("value", value.to_string())
                        .text("lo", lo.to_string())
                        .text("hi", hi.to_string()),
                ))
            }
        };
        range("RES", self.res, 0, 99)?;
        range("INI", self.ini, 0, 20)?;
        range("level", self.level, -9, 9)?;
        for (field, v) in [
            ("STR", self.str),
            ("ATT", self.att),
            ("DEF", self.def),
            ("MUT", self.courage),
        ] {
            if let Some(v) = v {
                range(field, v, 0, 30)?;
            }
        }
        for (field, v) in [("FER", self.fer), ("DIS", self.dis)] {
            if let Some(v) = v {
                range(field, i32::try_from(v).unwrap_or(i32::MAX), 0, 30)?;
            }
        }
        if let Some(card) = &self.card
            && (card.trim().is_empty() || card.chars().count() > 60)
        {
            return Err(invalid(
                "card",
                card,
                say("figure_stats.army_card_s_name_has"),
            ));
        }
        if self.abilities.len() > 16 {
            return Err(invalid(
                "abilities",
                self.abilities.len(),
                say("figure_stats.most_16_abilities"),
            ));
        }
        for (i, a) in self.abilities.iter().enumerate() {
            if self.abilities[..i].iter().any(|b| b.name() == a.name()) {
                return Err(invalid(
                    format!("abilities[{i}]"),
                    a.name(),
                    say("figure_stats.listed_twice"),
                ));
            }
            match a {
                FigureAbility::Instabil(x) => range("Instabil X", int(*x), 2, 6)?,
                FigureAbility::Angst(x) => range("Angst", int(*x), 1, 30)?,
                FigureAbility::Konzentration { x, bold } => {
                    range("Konzentration X", int(*x), 1, 20)?;
                    if bold.is_empty() || bold.len() > 9 {
                        return Err(invalid(
                            format!("abilities[{i}].bold"),
                            bold.len(),
                            say("figure_stats.konzentration_needs_1_9_bold"),
                        ));
                    }
                }
                _ => {}
            }
        }
        if self.has(&FigureAbility::Geliebt) && self.has(&FigureAbility::Verdammt) {
            return Err(invalid(
                "abilities",
                "Geliebt, Verdammt",
                say("figure_stats.loved_damned_gods_once"),
            ));
        }
        Ok(())
    }
}

fn int(x: u32) -> i32 {
    i32::try_from(x).unwrap_or(i32::MAX)
}
