//! The damage table for machines with structure points (C1), direct wound
//! effects on machines, and the one hit resolution every chain (ramming C5,
//! penetration C7, templates C6) uses: [`Victim`] and [`resolve_hit`].

use std::fmt;

use feldherr_dice::step::{LogStep, Message, Pending, Resolver, Steps};
use feldherr_dice::{DiceError, Die, Dist, RollRequest, Roller};
use serde::{Deserialize, Serialize};

use crate::error::{ConfrontationError, check_range};

/// SP lost by an instant kill ("SOFORT TOT") on a machine with SP.
pub const INSTANT_DEATH_SP: u32 = 4;

/// The column of the damage table, picked by the lower die.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Location {
    /// Running gear (lower die 1).
    Fahrwerk,
    /// Hull (lower die 2).
    Huelle,
    /// Structure (lower die 3).
    Struktur,
    /// Engine (lower die 4 to 6).
    Motor,
}

impl Location {
    /// The column for the lower of the two dice.
    pub fn from_lower_die(lower: u32) -> Self {
        match lower {
            0 | 1 => Location::Fahrwerk,
            2 => Location::Huelle,
            3 => Location::Struktur,
            _ => Location::Motor,
        }
    }

    fn index(self) -> usize {
        match self {
            Location::Fahrwerk => 0,
            Location::Huelle => 1,
            Location::Struktur => 2,
            Location::Motor => 3,
        }
    }

    /// All four columns in table order.
    pub const ALL: [Location; 4] = [
        Location::Fahrwerk,
        Location::Huelle,
        Location::Struktur,
        Location::Motor,
    ];
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Location::Fahrwerk => "Fahrwerk",
            Location::Huelle => "Huelle",
            Location::Struktur => "Struktur",
            Location::Motor => "Motor",
        })
    }
}

/// The table's rows: damage "0 or less", 1-5, 6-10, 11-15, 16-20, 21+;
/// each row gives SP lost for Fahrwerk, Huelle, Struktur, Motor.
const TABLE: [[u32; 4]; 6] = [
    [0, 0, 1, 1],
    [0, 1, 1, 2],
    [1, 1, 2, 3],
    [1, 2, 3, 4],
    [2, 3, 4, 4],
    [3, 3, 4, 4],
];

/// Labels of the rows, as printed.
pub const ROW_LABELS: [&str; 6] = ["0 or less", "1-5", "6-10", "11-15", "16-20", "21+"];

/// The row for a damage value (2D6 + STR - RES).
pub fn row_for(damage: i32) -> usize {
    match damage {
        i32::MIN..=0 => 0,
        1..=5 => 1,
        6..=10 => 2,
        11..=15 => 3,
        16..=20 => 4,
        _ => 5,
    }
}

/// SP lost for a damage value in a column.
pub fn table_sp(location: Location, damage: i32) -> u32 {
    TABLE
        .get(row_for(damage))
        .and_then(|row| row.get(location.index()))
        .copied()
        .unwrap_or(0)
}

/// SP lost by a critical hit (a double), whatever STR and RES:
/// 1-1 and 2-2 nothing, 3-3 1, 4-4 2, 5-5 3, 6-6 4.
pub fn critical_sp(double: u32) -> u32 {
    double.saturating_sub(2).min(4)
}

/// How the SP loss came about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DamageKind {
    /// Read off the table.
    Table {
        /// Column, from the lower die.
        location: Location,
        /// 2D6 + STR - RES.
        damage: i32,
    },
    /// A double: a critical hit.
    Critical {
        /// The face shown twice.
        double: u32,
    },
    /// A double from a sacred weapon: instant death, 4 SP.
    InstantDeath {
        /// The face shown twice.
        double: u32,
    },
}

/// The result of one damage roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageOutcome {
    /// Structure points lost.
    pub sp_lost: u32,
    /// Why.
    pub kind: DamageKind,
}

impl fmt::Display for DamageOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sp = self.sp_lost;
        match self.kind {
            DamageKind::Table { location, damage } => {
                write!(f, "{sp} SP lost ({location}, damage {damage})")
            }
            DamageKind::Critical { double } => {
                write!(f, "{sp} SP lost (critical hit, double {double})")
            }
            DamageKind::InstantDeath { double } => {
                write!(
                    f,
                    "{sp} SP lost (sacred weapon, double {double}: instant death)"
                )
            }
        }
    }
}

/// A damage roll against a machine with SP (C1): roll 2D6; a double is a
/// critical hit; otherwise the lower die picks the column and
/// 2D6 + STR - RES the row. No re-roll on a 6, no fumble on a 1.
///
/// ```
/// use feldherr_confrontation::{DamageRoll, Location, DamageKind};
/// // The text's example: RES 14, STR 10, dice 3 and 5: damage 4, Struktur, 1 SP.
/// let roll = DamageRoll::new(10, 14)?;
/// let outcome = roll.evaluate(&[3, 5])?;
/// assert_eq!(outcome.sp_lost, 1);
/// assert_eq!(outcome.kind, DamageKind::Table { location: Location::Struktur, damage: 4 });
/// // Exact odds of the SP lost before rolling:
/// let odds = roll.distribution();
/// assert!((odds.total() - 1.0).abs() < 1e-12);
/// # Ok::<(), feldherr_confrontation::ConfrontationError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageRoll {
    strength: i32,
    resilience: i32,
    sacred: bool,
    #[serde(default = "yes")]
    criticals: bool,
}

fn yes() -> bool {
    true
}

impl DamageRoll {
    /// A hit of `strength` (STR) on a machine of resilience (RES/WK)
    /// `resilience`. Both must be 0 or more.
    pub fn new(strength: i32, resilience: i32) -> Result<Self, ConfrontationError> {
        check_range("STR", strength.into(), 0, 99, "0 to 99")?;
        check_range("RES", resilience.into(), 0, 99, "0 to 99")?;
        Ok(Self {
            strength,
            resilience,
            sacred: false,
            criticals: true,
        })
    }

    /// The hit comes from a sacred weapon: every double is an instant kill.
    pub fn sacred(self, sacred: bool) -> Self {
        Self { sacred, ..self }
    }

    /// Whether a double is a critical hit (true by default). A collision
    /// (C5) reads doubles off the table like any other roll.
    pub fn criticals(self, criticals: bool) -> Self {
        Self { criticals, ..self }
    }

    /// Attacker's strength.
    pub fn strength(self) -> i32 {
        self.strength
    }

    /// Machine's resilience.
    pub fn resilience(self) -> i32 {
        self.resilience
    }

    /// Whether doubles are instant kills.
    pub fn is_sacred(self) -> bool {
        self.sacred
    }

    /// The outcome of two faces.
    pub fn evaluate(self, faces: &[u32]) -> Result<DamageOutcome, ConfrontationError> {
        RollRequest::new(2, Die::D6, "damage table").check(faces)?;
        let (a, b) = match faces {
            [a, b] => (*a, *b),
            _ => {
                return Err(DiceError::WrongDiceCount {
                    purpose: "damage table".into(),
                    expected: 2,
                    got: faces.len(),
                }
                .into());
            }
        };
        Ok(self.outcome(a, b))
    }

    fn outcome(self, a: u32, b: u32) -> DamageOutcome {
        if a == b && self.criticals {
            if self.sacred {
                return DamageOutcome {
                    sp_lost: INSTANT_DEATH_SP,
                    kind: DamageKind::InstantDeath { double: a },
                };
            }
            return DamageOutcome {
                sp_lost: critical_sp(a),
                kind: DamageKind::Critical { double: a },
            };
        }
        let location = Location::from_lower_die(a.min(b));
        let damage = (a + b) as i32 + self.strength - self.resilience;
        DamageOutcome {
            sp_lost: table_sp(location, damage),
            kind: DamageKind::Table { location, damage },
        }
    }

    /// Exact odds of the SP lost.
    pub fn distribution(self) -> Dist<u32> {
        let mut weights = Vec::with_capacity(36);
        for a in 1..=6 {
            for b in 1..=6 {
                weights.push((self.outcome(a, b).sp_lost, 1.0 / 36.0));
            }
        }
        Dist::from_weights(weights)
    }

    /// Rolls through any roller (random, typed in, or step by step).
    pub fn roll<R: Roller + ?Sized>(self, roller: &mut R) -> Result<DamageOutcome, R::Error> {
        let faces = roller.roll(self.request(roller.wants_odds()))?;
        self.evaluate(&faces)
            .map_err(|e| e.into_dice_error().into())
    }

    fn request(self, with_odds: bool) -> RollRequest {
        RollRequest::new(2, Die::D6, "damage table")
            .rule("C1")
            .with_message(Message::new("conf.roll.damage_table"))
            .odds_if(with_odds, || {
                self.distribution()
                    .iter()
                    .map(|(sp, p)| feldherr_dice::OddsLine {
                        label: format!("{sp} SP lost"),
                        probability: p,
                    })
                    .collect()
            })
    }
}

impl crate::TitleMessage for DamageRoll {
    fn title_message(&self) -> Message {
        let key = if !self.criticals {
            "conf.title.damage_collision"
        } else if self.sacred {
            "conf.title.damage_sacred"
        } else {
            "conf.title.damage"
        };
        Message::new(key)
            .int("str", self.strength)
            .int("res", self.resilience)
    }
}

impl Resolver for DamageRoll {
    type Outcome = DamageOutcome;

    fn title(&self) -> String {
        let sacred = if self.sacred { ", sacred weapon" } else { "" };
        let sacred = if self.criticals {
            sacred
        } else {
            ", doubles not critical"
        };
        format!(
            "Damage table: STR {} against RES {}{sacred}",
            self.strength, self.resilience
        )
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<DamageOutcome, Pending> {
        let outcome = self.roll(steps)?;
        let step = match outcome.kind {
            DamageKind::Critical { double } => LogStep::rule(
                "C1",
                format!(
                    "Double {double}: critical hit, STR and RES ignored: {} SP lost",
                    outcome.sp_lost
                ),
            )
            .with_message(
                Message::new("conf.log.damage.critical")
                    .int("double", double)
                    .int("sp", outcome.sp_lost),
            )
            .number("double", double.into()),
            DamageKind::InstantDeath { double } => LogStep::rule(
                "C1",
                format!("Double {double} with a sacred weapon: instant death, 4 SP lost"),
            )
            .with_message(Message::new("conf.log.damage.instant_death").int("double", double))
            .number("double", double.into()),
            DamageKind::Table { location, damage } => {
                let (first, second) = steps
                    .logged()
                    .last()
                    .map(|s| (s.get("die 1").unwrap_or(0), s.get("die 2").unwrap_or(0)))
                    .unwrap_or_default();
                let lower = first.min(second);
                steps.log(
                    LogStep::rule("C1", format!("Lower die {lower}: column {location}"))
                        .with_message(
                            Message::new("conf.log.damage.column")
                                .int("lower", lower)
                                .key("location", location.message_key()),
                        )
                        .number("lower die", lower),
                );
                LogStep::rule(
                    "C1",
                    format!(
                        "Damage = {first} + {second} + STR {} - RES {} = {damage}: row {}, {} SP lost",
                        self.strength,
                        self.resilience,
                        ROW_LABELS.get(row_for(damage)).unwrap_or(&""),
                        outcome.sp_lost
                    ),
                )
                .with_message(
                    Message::new("conf.log.damage.row")
                        .int("first", first)
                        .int("second", second)
                        .int("str", self.strength)
                        .int("res", self.resilience)
                        .int("damage", damage)
                        .key("row", crate::messages::row_key(row_for(damage)))
                        .int("sp", outcome.sp_lost),
                )
                .number("damage", damage.into())
            }
        };
        steps.log(step.number("SP lost", outcome.sp_lost.into()));
        Ok(outcome)
    }
}

/// How a model ended after a hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HitEffect {
    /// A figure's wound (C8).
    Wound(crate::WoundLevel),
    /// SP lost by a machine, and SP left.
    Sp {
        /// SP lost by this hit.
        lost: u32,
        /// SP left afterwards.
        left: u32,
    },
}

/// The end of a model: killed outright, or destroyed (Resistent, 0 SP).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fate {
    /// Still in play.
    Survives,
    /// "SOFORT TOT": a figure killed outright, or a machine without the
    /// Resistent ability brought to 0 SP.
    Killed,
    /// "ZERSTOERT": a Resistent structure brought to 0 SP. Not an instant
    /// kill for effects that need one (e.g. penetration, C7).
    Destroyed,
}

/// What a model is, for a hit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum VictimKind {
    /// A figure without SP (C8).
    Figure,
    /// A machine (or barricade) with SP left.
    Machine {
        /// SP left.
        sp_left: u32,
        /// Resistent: destroyed, not killed.
        resistent: bool,
    },
}

/// A model that can be hit: its name, RES and kind.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Victim {
    /// Name shown in the log.
    pub name: String,
    /// RES (WK).
    pub res: i32,
    /// Figure or machine.
    pub kind: VictimKind,
}

impl Victim {
    /// A figure without SP.
    pub fn figure(name: impl Into<String>, res: i32) -> Self {
        Self {
            name: name.into(),
            res,
            kind: VictimKind::Figure,
        }
    }

    /// A machine with `sp_left` SP.
    pub fn machine(name: impl Into<String>, res: i32, sp_left: u32, resistent: bool) -> Self {
        Self {
            name: name.into(),
            res,
            kind: VictimKind::Machine { sp_left, resistent },
        }
    }

    pub(crate) fn check(&self) -> Result<(), ConfrontationError> {
        check_range("RES", self.res.into(), 0, 99, "0 to 99")
    }
}

/// The result of one hit on one model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct HitResult {
    /// Wound or SP.
    pub effect: HitEffect,
    /// Killed, destroyed or still there.
    pub fate: Fate,
}

/// How a machine ends when its SP reach 0: destroyed if Resistent, else killed.
pub fn fate_at(sp_left: u32, resistent: bool) -> Fate {
    match (sp_left, resistent) {
        (0, true) => Fate::Destroyed,
        (0, false) => Fate::Killed,
        _ => Fate::Survives,
    }
}

/// A direct wound effect (spell, miracle) on a machine with SP: light -1,
/// serious -2, critical -3, instant death -4 SP. Returns the SP left and the
/// fate (Resistent structures are destroyed, not killed).
pub fn direct_wound(sp_left: u32, level: crate::WoundLevel, resistent: bool) -> (u32, Fate) {
    let left = sp_left.saturating_sub(level.machine_sp());
    (left, fate_at(left, resistent))
}

/// One hit of `strength` on `victim`, rolled through `steps` and logged
/// under `rule`: a figure rolls 2D6 + STR - RES on `table` (C8); a machine
/// rolls on the damage table (C1), doubles critical only if `criticals`.
pub fn resolve_hit(
    steps: &mut Steps<'_>,
    strength: i32,
    victim: &Victim,
    table: &crate::WoundTable,
    criticals: bool,
    rule: &str,
) -> Result<HitResult, Pending> {
    let strength = strength.clamp(0, 99);
    let res = victim.res.clamp(0, 99);
    match victim.kind {
        VictimKind::Figure => {
            let roll = crate::WoundRoll::new(strength, res, table.clone())
                .map_err(|e| Pending::Failed(e.into_dice_error()))?;
            let w = roll.roll(steps, rule)?;
            let fate = if w.level == crate::WoundLevel::Killed {
                Fate::Killed
            } else {
                Fate::Survives
            };
            steps.log(
                LogStep::rule(
                    rule.to_owned(),
                    format!(
                        "{}: 2D6 + STR {strength} - RES {res} = {}, location die {}: {}",
                        victim.name, w.total, w.location_die, w.level
                    ),
                )
                .with_message(
                    Message::new("conf.log.hit.figure")
                        .text("name", victim.name.clone())
                        .int("str", strength)
                        .int("res", res)
                        .int("total", w.total)
                        .int("die", w.location_die)
                        .key("level", w.level.message_key()),
                )
                .number("total", w.total.into())
                .number("location die", w.location_die.into()),
            );
            Ok(HitResult {
                effect: HitEffect::Wound(w.level),
                fate,
            })
        }
        VictimKind::Machine { sp_left, resistent } => {
            let roll = DamageRoll::new(strength, res)
                .map_err(|e| Pending::Failed(e.into_dice_error()))?
                .criticals(criticals);
            let out = roll.roll(steps)?;
            let left = sp_left.saturating_sub(out.sp_lost);
            let fate = fate_at(left, resistent);
            steps.log(
                LogStep::rule(
                    rule.to_owned(),
                    format!("{}: {out}, {left} SP left", victim.name),
                )
                .with_message(
                    Message::new("conf.log.hit.machine")
                        .text("name", victim.name.clone())
                        .nested("outcome", crate::OutcomeMessage::message(&out))
                        .int("left", left),
                )
                .number("SP lost", out.sp_lost.into())
                .number("SP left", left.into()),
            );
            Ok(HitResult {
                effect: HitEffect::Sp {
                    lost: out.sp_lost,
                    left,
                },
                fate,
            })
        }
    }
}

/// Exact odds of a hit's fate (killed, destroyed, survives).
pub fn fate_distribution(
    strength: i32,
    victim: &Victim,
    table: &crate::WoundTable,
    criticals: bool,
) -> Dist<Fate> {
    let strength = strength.clamp(0, 99);
    let res = victim.res.clamp(0, 99);
    match victim.kind {
        VictimKind::Figure => match crate::WoundRoll::new(strength, res, table.clone()) {
            Ok(roll) => roll.distribution().map(|l| {
                if *l == crate::WoundLevel::Killed {
                    Fate::Killed
                } else {
                    Fate::Survives
                }
            }),
            Err(_) => Dist::certain(Fate::Survives),
        },
        VictimKind::Machine { sp_left, resistent } => match DamageRoll::new(strength, res) {
            Ok(roll) => roll
                .criticals(criticals)
                .distribution()
                .map(|lost| fate_at(sp_left.saturating_sub(*lost), resistent)),
            Err(_) => Dist::certain(Fate::Survives),
        },
    }
}
