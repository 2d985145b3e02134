//! Machine cards ("Armeekarten" of war machines) and their crews, as the
//! chapters "Die Kriegsmaschinen", "Die Eigenschaften" and "Die Besatzung"
//! describe them. Distances in centimetres.
//!
//! A card is built from a [`MachineSpec`] (plain data, as typed in or
//! loaded from a document) by [`MachineCard::new`], which checks it; a card
//! deserialises through the same check.
//!
//! ```
//! use feldherr_confrontation::{MachineCard, MachineSpec, Mobility};
//! let json = r#"{"name": "Panzerwagen", "mobility": "mobile", "sp": 8, "gew": 10,
//!   "res": 14, "bew": 20, "abilities": [{"ramme": 3}, "unaufhaltsam"]}"#;
//! let card: MachineCard = serde_json::from_str(json)?;
//! assert_eq!(card.spec().mobility, Mobility::Mobile);
//! assert_eq!(card.ram(), Some(3));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::game::refusal::say;
use feldherr_dice::step::Message;
use serde::{Deserialize, Serialize};

use crate::error::{ConfrontationError, check_range};

/// Whether the machine moves on its own (yellow weight symbol) or needs its
/// crew (black weight symbol, BEW "-").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mobility {
    /// Yellow weight symbol: moves with its own BEW.
    Mobile,
    /// Black weight symbol: moved by its crew (C3).
    Immobile,
}

/// Figure and machine sizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Size {
    /// Goblins, dwarves.
    Small,
    /// Lions, living dead.
    Normal,
    /// Wolfen, minotaurs.
    Large,
    /// Very large figures and most machines.
    VeryLarge,
}

/// Light or heavy artillery.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArtilleryClass {
    /// Light artillery.
    Light,
    /// Heavy artillery.
    Heavy,
}

/// The ammunition after "Artillerie /"; none given means penetrating.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Ammunition {
    /// "Durchschlag": shots carry on after an instant kill (C7).
    #[default]
    Penetrating,
    /// "Zone": template and deviation (C6).
    Zone,
}

/// The artillery entry of a card.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Artillery {
    /// Light or heavy.
    pub class: ArtilleryClass,
    /// Penetrating or zone.
    #[serde(default)]
    pub ammunition: Ammunition,
    /// The weapon's STR.
    pub strength: u32,
    /// Maximum range in cm.
    pub range_cm: f64,
    /// Minimum range in cm, if any.
    #[serde(default)]
    pub min_range_cm: Option<f64>,
}

/// Where passengers board and leave a transport.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Access {
    /// Left or right side.
    Side,
    /// Rear only.
    Rear,
}

/// Mechanical abilities ("mechanische Spezialfertigkeiten") with their values.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum MechanicalAbility {
    /// Ramme/X: collisions at X times the distance factor (C5).
    Ramme(u32),
    /// Unaufhaltsam: speed marker.
    Unaufhaltsam,
    /// Sichel/X: blades; INI test or a wound of STR X.
    Sichel(u32),
    /// Transport/X: X places, with an access side.
    Transport {
        /// Places on board.
        places: u32,
        /// Where figures board and leave.
        access: Access,
    },
    /// Resistent: immune to most effects; "destroyed", not "killed".
    Resistent,
    /// Schutzwall/X: no figure may descend within X cm.
    Schutzwall(f64),
    /// Instabil/X: end of round D6, X+ costs 1 SP and is rolled again.
    Instabil(u32),
}

impl MechanicalAbility {
    fn name(&self) -> &'static str {
        match self {
            Self::Ramme(_) => "Ramme",
            Self::Unaufhaltsam => "Unaufhaltsam",
            Self::Sichel(_) => "Sichel",
            Self::Transport { .. } => "Transport",
            Self::Resistent => "Resistent",
            Self::Schutzwall(_) => "Schutzwall",
            Self::Instabil(_) => "Instabil",
        }
    }
}

/// Crew abilities ("Spezialfertigkeiten der Besatzung").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CrewAbility {
    /// Mechaniker/X: repair on D6 >= X (C10).
    Mechaniker(u32),
    /// Minenleger: a mine and a decoy.
    Minenleger,
    /// Pionier/X: a barricade with X SP.
    Pionier(u32),
}

/// A crew figure's own card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CrewCard {
    /// Name of the figure.
    pub name: String,
    /// BEW in cm.
    pub bew: u32,
    /// STR.
    #[serde(default)]
    pub str: u32,
    /// RES (WK).
    #[serde(default)]
    pub res: u32,
    /// FER (shooting), if any.
    #[serde(default)]
    pub fer: Option<u32>,
    /// DIS, if any.
    #[serde(default)]
    pub dis: Option<u32>,
    /// MUT (courage), if any: the crew take fear tests with their own
    /// values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub courage: Option<u32>,
    /// Size (small unless given).
    #[serde(default = "small")]
    pub size: Size,
    /// Crew abilities.
    #[serde(default)]
    pub abilities: Vec<CrewAbility>,
}

fn small() -> Size {
    Size::Small
}

/// What a figure needs to serve as auxiliary ("Hilfspersonal"), e.g. FER and
/// DIS 3+ for the Felsspalter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AuxiliaryRequirement {
    /// Minimum FER as printed.
    #[serde(default)]
    pub min_fer: Option<u32>,
    /// Minimum DIS as printed.
    #[serde(default)]
    pub min_dis: Option<u32>,
}

impl AuxiliaryRequirement {
    /// Whether printed values meet the requirement; a missing value fails a
    /// requirement on it. Only printed values count (no potions, no banners).
    pub fn met_by(&self, fer: Option<u32>, dis: Option<u32>) -> bool {
        let ok = |min: Option<u32>, v: Option<u32>| match min {
            None => true,
            Some(m) => v.is_some_and(|v| v >= m),
        };
        ok(self.min_fer, fer) && ok(self.min_dis, dis)
    }
}

/// A machine card as data, unchecked. See [`MachineCard`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MachineSpec {
    /// Name on the card.
    pub name: String,
    /// Mobile (yellow) or immobile (black).
    pub mobility: Mobility,
    /// A light machine carried and served by its owner: no SP, GEW, BES.
    #[serde(default)]
    pub carried_by_owner: bool,
    /// Structure points.
    #[serde(default)]
    pub sp: Option<u32>,
    /// Weight (GEW); none for the lightest machines.
    #[serde(default)]
    pub gew: Option<u32>,
    /// Minimum crew (BES).
    #[serde(default)]
    pub bes: Option<u32>,
    /// Resilience (RES, WK).
    pub res: u32,
    /// BEW in cm; none ("-") for immobile machines.
    #[serde(default)]
    pub bew: Option<u32>,
    /// MUT (courage) of a mobile machine.
    #[serde(default)]
    pub courage: Option<u32>,
    /// DIS of a mobile machine.
    #[serde(default)]
    pub discipline: Option<u32>,
    /// INI of a mobile machine (it fights as one entity).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ini: Option<u32>,
    /// ATT of a mobile machine.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub att: Option<u32>,
    /// STR of a mobile machine (charges against an Unaufhaltsam machine's
    /// flank, withdrawal by strength).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub str: Option<u32>,
    /// DEF (VER) of a mobile machine.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub def: Option<u32>,
    /// FER of a mobile machine's gunner (an immobile machine fires with its
    /// crew's or auxiliaries' FER).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fer: Option<u32>,
    /// A turret mount (an explanation card's rule): the gun turns apart
    /// from the machine, so its field of fire is not the 180 degrees ahead.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub turret: bool,
    /// Size: how many figures may touch it.
    #[serde(default = "very_large")]
    pub size: Size,
    /// Artillery entry.
    #[serde(default)]
    pub artillery: Option<Artillery>,
    /// Mechanical abilities.
    #[serde(default)]
    pub abilities: Vec<MechanicalAbility>,
    /// The crew figures supplied with it, each with its card.
    #[serde(default)]
    pub crew: Vec<CrewCard>,
    /// Who may serve as auxiliary.
    #[serde(default)]
    pub auxiliary: Option<AuxiliaryRequirement>,
}

fn very_large() -> Size {
    Size::VeryLarge
}

/// A checked machine card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "MachineSpec", into = "MachineSpec")]
pub struct MachineCard(MachineSpec);

fn inconsistent(field: &'static str, message: Message) -> ConfrontationError {
    crate::game::refusal::inconsistent(field, message)
}

impl MachineCard {
    /// Checks a spec: carried machines have no SP, GEW or BES; other
    /// machines have SP; immobile machines have GEW and BES and no BEW, and
    /// at least BES crew figures; mobile machines have a BEW; values in range;
    /// each ability at most once.
    pub fn new(spec: MachineSpec) -> Result<Self, ConfrontationError> {
        check_range("RES", spec.res.into(), 0, 99, "0 to 99")?;
        if spec.carried_by_owner {
            for (field, v) in [("SP", spec.sp), ("GEW", spec.gew), ("BES", spec.bes)] {
                if v.is_some() {
                    return Err(inconsistent(
                        field,
                        say("card.light_machine_carried_owner_has"),
                    ));
                }
            }
        } else {
            let sp = spec.sp.ok_or_else(|| {
                inconsistent("SP", say("card.required_unless_machine_carried_owner"))
            })?;
            check_range("SP", sp.into(), 1, 99, "1 to 99")?;
        }
        if let Some(gew) = spec.gew {
            check_range("GEW", gew.into(), 1, 99, "1 to 99")?;
        }
        for (field, v) in [
            ("INI", spec.ini),
            ("ATT", spec.att),
            ("STR", spec.str),
            ("DEF", spec.def),
            ("FER", spec.fer),
            ("MUT", spec.courage),
            ("DIS", spec.discipline),
        ] {
            if let Some(v) = v {
                check_range(field, v.into(), 0, 30, "0 to 30")?;
            }
        }
        if spec.crew.len() > 20 {
            return Err(inconsistent(
                "crew",
                say("card.crew_figures_listed_most_20")
                    .text("spec_crew_len", spec.crew.len().to_string()),
            ));
        }
        if spec.name.trim().is_empty() || spec.name.chars().count() > 60 {
            return Err(inconsistent("name", say("card.machine_s_name_has_1")));
        }
        match spec.mobility {
            Mobility::Immobile => {
                if spec.bew.is_some() {
                    return Err(inconsistent("BEW", say("card.immobile_machine_has_bew")));
                }
                if spec.gew.is_none() {
                    return Err(inconsistent(
                        "GEW",
                        say("card.immobile_machine_needs_weight"),
                    ));
                }
                let bes = spec
                    .bes
                    .ok_or_else(|| inconsistent("BES", say("card.immobile_machine_needs_crew")))?;
                check_range("BES", bes.into(), 1, 20, "1 to 20")?;
                if (spec.crew.len() as u32) < bes {
                    return Err(inconsistent(
                        "crew",
                        say("card.crew_figure_s_listed_bes")
                            .text("spec_crew_len", spec.crew.len().to_string())
                            .text("bes", bes.to_string()),
                    ));
                }
            }
            Mobility::Mobile => {
                let bew = spec
                    .bew
                    .ok_or_else(|| inconsistent("BEW", say("card.mobile_machine_needs_bew")))?;
                check_range("BEW", bew.into(), 1, 99, "1 to 99")?;
            }
        }
        if let Some(a) = &spec.artillery {
            check_range("weapon STR", a.strength.into(), 0, 30, "0 to 30")?;
            if !(a.range_cm.is_finite() && a.range_cm > 0.0) {
                return Err(inconsistent(
                    "range",
                    say("card.cm_must_above_0").text("a_range_cm", a.range_cm.to_string()),
                ));
            }
            if let Some(min) = a.min_range_cm
                && !(min.is_finite() && min >= 0.0 && min < a.range_cm)
            {
                return Err(inconsistent(
                    "minimum range",
                    say("card.cm_must_0_more_below")
                        .text("min", min.to_string())
                        .text("a_range_cm", a.range_cm.to_string()),
                ));
            }
        }
        for (i, ability) in spec.abilities.iter().enumerate() {
            if spec.abilities[..i]
                .iter()
                .any(|b| b.name() == ability.name())
            {
                return Err(inconsistent(
                    "abilities",
                    say("card.twice").text("ability_name", ability.name().to_string()),
                ));
            }
            match *ability {
                MechanicalAbility::Ramme(x) => check_range("Ramme X", x.into(), 1, 20, "1 to 20")?,
                MechanicalAbility::Sichel(x) => {
                    check_range("Sichel X", x.into(), 1, 30, "1 to 30")?
                }
                MechanicalAbility::Transport { places, .. } => {
                    check_range("Transport X", places.into(), 1, 30, "1 to 30")?
                }
                MechanicalAbility::Instabil(x) => {
                    check_range("Instabil X", x.into(), 2, 6, "2 to 6")?
                }
                MechanicalAbility::Schutzwall(x) => {
                    if !(x.is_finite() && x > 0.0) {
                        return Err(inconsistent(
                            "Schutzwall X",
                            say("card.cm_must_above_0_2").text("x", x.to_string()),
                        ));
                    }
                }
                MechanicalAbility::Unaufhaltsam => {
                    if spec.mobility != Mobility::Mobile {
                        return Err(inconsistent(
                            "abilities",
                            say("card.unaufhaltsam_needs_mobile_machine"),
                        ));
                    }
                }
                MechanicalAbility::Resistent => {}
            }
        }
        for c in &spec.crew {
            check_range("crew BEW", c.bew.into(), 1, 99, "1 to 99")?;
            for a in &c.abilities {
                match *a {
                    CrewAbility::Mechaniker(x) => {
                        check_range("Mechaniker X", x.into(), 2, 6, "2 to 6")?
                    }
                    CrewAbility::Pionier(x) => {
                        check_range("Pionier X", x.into(), 1, 20, "1 to 20")?
                    }
                    CrewAbility::Minenleger => {}
                }
            }
        }
        Ok(Self(spec))
    }

    /// The checked data.
    pub fn spec(&self) -> &MachineSpec {
        &self.0
    }

    /// Structure points at the start (0 for carried machines).
    pub fn sp(&self) -> u32 {
        self.0.sp.unwrap_or(0)
    }

    /// Whether it is mobile.
    pub fn is_mobile(&self) -> bool {
        self.0.mobility == Mobility::Mobile
    }

    /// Whether it has Resistent.
    pub fn is_resistent(&self) -> bool {
        self.0.abilities.contains(&MechanicalAbility::Resistent)
    }

    /// Whether it has Unaufhaltsam.
    pub fn is_unaufhaltsam(&self) -> bool {
        self.0.abilities.contains(&MechanicalAbility::Unaufhaltsam)
    }

    /// Ramme X, if any.
    pub fn ram(&self) -> Option<u32> {
        self.0.abilities.iter().find_map(|a| match a {
            MechanicalAbility::Ramme(x) => Some(*x),
            _ => None,
        })
    }

    /// Sichel X, if any.
    pub fn sickle(&self) -> Option<u32> {
        self.0.abilities.iter().find_map(|a| match a {
            MechanicalAbility::Sichel(x) => Some(*x),
            _ => None,
        })
    }

    /// Transport places and access, if any.
    pub fn transport(&self) -> Option<(u32, Access)> {
        self.0.abilities.iter().find_map(|a| match a {
            MechanicalAbility::Transport { places, access } => Some((*places, *access)),
            _ => None,
        })
    }

    /// Schutzwall X (cm), if any.
    pub fn rampart(&self) -> Option<f64> {
        self.0.abilities.iter().find_map(|a| match a {
            MechanicalAbility::Schutzwall(x) => Some(*x),
            _ => None,
        })
    }

    /// Instabil X, if any.
    pub fn instabil(&self) -> Option<u32> {
        self.0.abilities.iter().find_map(|a| match a {
            MechanicalAbility::Instabil(x) => Some(*x),
            _ => None,
        })
    }
}

impl TryFrom<MachineSpec> for MachineCard {
    type Error = ConfrontationError;
    fn try_from(spec: MachineSpec) -> Result<Self, ConfrontationError> {
        Self::new(spec)
    }
}

impl From<MachineCard> for MachineSpec {
    fn from(card: MachineCard) -> Self {
        card.0
    }
}
