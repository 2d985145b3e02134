//! May a unit recover a treasure? (N5)

use std::fmt;

use serde::{Deserialize, Serialize};

/// Unit strength a unit needs to recover a treasure (N5).
pub const MIN_UNIT_STRENGTH: u32 = 5;

/// The kind of unit, as far as treasure recovery is concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitKind {
    /// A regular unit (infantry, cavalry, ...) in formation.
    Regular,
    /// A single model (a war machine, a lone beast).
    SingleModel,
    /// A character.
    Character,
    /// A monster.
    Monster,
    /// A skirmisher unit.
    Skirmishers,
    /// Light cavalry.
    LightCavalry,
    /// Flyers.
    Flyer,
}

impl UnitKind {
    /// Whether units of this kind may recover treasures at all (N5).
    pub const fn may_recover(self) -> bool {
        matches!(self, Self::Regular)
    }
}

/// `regular unit`, `single model`, `skirmisher unit`, ...
impl fmt::Display for UnitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Regular => "regular unit",
            Self::SingleModel => "single model",
            Self::Character => "character",
            Self::Monster => "monster",
            Self::Skirmishers => "skirmisher unit",
            Self::LightCavalry => "light cavalry unit",
            Self::Flyer => "flyer",
        })
    }
}

/// Whether the unit may move freely.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitState {
    /// Not fleeing, not in close combat, not compelled.
    MayMoveFreely,
    /// Fleeing.
    Fleeing,
    /// In close combat.
    InCloseCombat,
    /// Compelled to move (a spell or rule forces it in a direction).
    CompelledToMove,
}

/// Everything that decides whether a unit recovers a treasure (N5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecoveryCheck {
    /// The unit's unit strength.
    pub unit_strength: u32,
    /// The kind of unit.
    pub kind: UnitKind,
    /// Whether the unit touches the treasure card, at least partly.
    pub touches_card: bool,
    /// Whether an enemy unit that may itself recover treasures is within
    /// 3 in of the card.
    pub eligible_enemy_within_3_in: bool,
    /// Whether the unit may move freely.
    pub state: UnitState,
    /// Whether it is the start of the unit's own movement phase.
    pub start_of_own_movement_phase: bool,
    /// Whether this treasure has already been recovered.
    pub treasure_already_recovered: bool,
}

/// One reason why a unit cannot recover a treasure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case", deny_unknown_fields)]
pub enum NoRecovery {
    /// Unit strength below 5.
    UnitStrengthTooLow {
        /// The unit's unit strength.
        unit_strength: u32,
    },
    /// A kind of unit that never recovers treasures.
    IneligibleKind {
        /// The unit's kind.
        kind: UnitKind,
    },
    /// The unit does not touch the card.
    NotTouchingCard,
    /// An eligible enemy unit is within 3 in of the card.
    EnemyWithin3In,
    /// The unit may not move freely.
    NotFree {
        /// What keeps it from moving freely.
        state: UnitState,
    },
    /// It is not the start of the unit's own movement phase.
    NotStartOfMovementPhase,
    /// The treasure has already been recovered.
    AlreadyRecovered,
}

/// Each reason in its own words, citing the ruling.
impl fmt::Display for NoRecovery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnitStrengthTooLow { unit_strength } => write!(
                f,
                "unit strength {unit_strength} is below {MIN_UNIT_STRENGTH} (N5)"
            ),
            Self::IneligibleKind { kind } => {
                write!(f, "a {kind} cannot recover treasures (N5)")
            }
            Self::NotTouchingCard => f.write_str("the unit does not touch the card (N5)"),
            Self::EnemyWithin3In => f.write_str(
                "an enemy unit that may recover treasures is within 3 in of the card (N5)",
            ),
            Self::NotFree { state } => f.write_str(match state {
                UnitState::Fleeing => "the unit is fleeing (N5)",
                UnitState::InCloseCombat => "the unit is in close combat (N5)",
                UnitState::CompelledToMove => "the unit is compelled to move (N5)",
                // Not produced by `RecoveryCheck::answer`.
                UnitState::MayMoveFreely => "the unit may move freely (N5)",
            }),
            Self::NotStartOfMovementPhase => f.write_str(
                "treasures are recovered only at the start of the unit's own movement phase (N5)",
            ),
            Self::AlreadyRecovered => f.write_str(
                "this treasure has already been recovered; each is recovered only once (N3, N5)",
            ),
        }
    }
}

/// The answer of [`RecoveryCheck::answer`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RecoveryAnswer {
    /// The unit recovers the treasure and gives up its move; the card is
    /// turned over and its instructions followed. It stays recovered
    /// whatever happens to the unit later (N5).
    Yes,
    /// The unit cannot recover the treasure, for all these reasons.
    No(Vec<NoRecovery>),
}

impl RecoveryAnswer {
    /// Whether the answer is yes.
    pub fn is_yes(&self) -> bool {
        matches!(self, Self::Yes)
    }
}

/// `yes: ...` or `no: reason; reason`.
impl fmt::Display for RecoveryAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Yes => {
                f.write_str("yes: the unit recovers the treasure and gives up its move (N5)")
            }
            Self::No(reasons) => {
                let reasons: Vec<String> = reasons.iter().map(ToString::to_string).collect();
                write!(f, "no: {}", reasons.join("; "))
            }
        }
    }
}

impl RecoveryCheck {
    /// Answers yes, or no with every reason why not (N5).
    ///
    /// ```
    /// use feldherr_wfb_newyear::{RecoveryCheck, UnitKind, UnitState};
    ///
    /// let mut check = RecoveryCheck {
    ///     unit_strength: 10,
    ///     kind: UnitKind::Regular,
    ///     touches_card: true,
    ///     eligible_enemy_within_3_in: false,
    ///     state: UnitState::MayMoveFreely,
    ///     start_of_own_movement_phase: true,
    ///     treasure_already_recovered: false,
    /// };
    /// assert!(check.answer().is_yes());
    /// check.kind = UnitKind::LightCavalry;
    /// assert_eq!(check.answer().to_string(), "no: a light cavalry unit cannot recover treasures (N5)");
    /// ```
    pub fn answer(&self) -> RecoveryAnswer {
        let mut reasons = Vec::new();
        if self.treasure_already_recovered {
            reasons.push(NoRecovery::AlreadyRecovered);
        }
        if self.unit_strength < MIN_UNIT_STRENGTH {
            reasons.push(NoRecovery::UnitStrengthTooLow {
                unit_strength: self.unit_strength,
            });
        }
        if !self.kind.may_recover() {
            reasons.push(NoRecovery::IneligibleKind { kind: self.kind });
        }
        if !self.start_of_own_movement_phase {
            reasons.push(NoRecovery::NotStartOfMovementPhase);
        }
        if !self.touches_card {
            reasons.push(NoRecovery::NotTouchingCard);
        }
        if self.eligible_enemy_within_3_in {
            reasons.push(NoRecovery::EnemyWithin3In);
        }
        if self.state != UnitState::MayMoveFreely {
            reasons.push(NoRecovery::NotFree { state: self.state });
        }
        if reasons.is_empty() {
            RecoveryAnswer::Yes
        } else {
            RecoveryAnswer::No(reasons)
        }
    }
}
