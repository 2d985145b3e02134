//! Confrontation "Fortification": war machine rules.
//!
//! Modules follow the text's chapters: the system's own rolls
//! ([`ConfrontationRoll`]: open-ended D6 with fumbles and penalties, C2;
//! [`PressureRoll`]: pressure and injection rolls, C9), machine cards and
//! their state ([`MachineCard`], [`MachineState`]), the damage table and
//! hits ([`DamageRoll`], [`resolve_hit`], C1, C2), crews ([`crew`], C3), ramming
//! ([`Ramming`], C5), artillery ([`ZoneShot`], [`PenetratingShot`], C6, C7)
//! with the deviation of missed zone shots ([`deviate`], C6),
//! figure wounds ([`WoundRoll`], C8), steam and naphtha
//! ([`PressureResolution`], C9), crew abilities ([`Repair`], mines,
//! barricades, C10), movement of mobile machines ([`MovePath`], C4) and
//! their follow-up moves after a fight ([`MovePath::follow_up`], P18),
//! Unaufhaltsam ([`SpeedMarker`]), Sichel ([`blade_victims`],
//! [`SickleRun`]), Transport ([`Hold`], [`PassengerWounds`]), the new
//! abilities ([`abilities`], [`Feint`], [`Concentration`], [`InstabilRoll`]),
//! counter-fire against chargers ([`CounterFire`],
//! [`PenetratingCounterFire`]) and Schutzwall ([`may_descend`]).
//!
//! The [`game`] module puts them together behind the `feldherr-play`
//! contract: sides, the round and its phases, machines with their crew as
//! figures, figures with their abilities and wounds, and every resolution
//! with its typed outcome and effects, measured from the table's pieces.
//!
//! Conventions: distances in centimetres; characteristics as printed on
//! the cards (STR, RES = WK, SP); every die comes through
//! [`feldherr_dice`], so every resolution here can be rolled at random,
//! typed in from physical dice, or driven step by step: each multi-step
//! resolution is a [`feldherr_dice::step::Resolver`] that asks each roll with
//! its exact odds and each choice with its options, and logs each step with
//! its rule id. Whole resolutions offer their exact odds as well
//! (`distribution()`, e.g. [`ZoneShot::distribution`],
//! [`PenetratingShot::distribution`], [`InstabilRoll::distribution`]); the
//! crate's tests check every resolver's odds against Monte Carlo play.
//! Ruling ids (`C1` ... `C10`, `P13` ...) refer to the project's
//! `docs/RULINGS.md`.
//!
//! Words: every log line, roll purpose, choice and option a resolver
//! writes carries a catalogue [`Message`](feldherr_dice::step::Message)
//! (`conf.…` keys) next to its English text; titles and outcomes have
//! theirs through [`TitleMessage`] and [`OutcomeMessage`]. [`messages`]
//! gives the catalogue in English or German (the text's own terms: SP,
//! STÄ, WK, Pasch, Patzer, SOFORT TOT, Zwischenfall, ...), together with
//! explanation labels for the card abbreviations
//! ([`abbreviation_message`]: "BEW (movement)" / "BEW (Bewegung)"). Render
//! with `feldherr_play::Catalogue` after adding
//! `feldherr_play::step_messages` for the protocol's own keys.
//!
//! ```
//! use feldherr_confrontation::DamageRoll;
//! use feldherr_dice::step::Driver;
//!
//! // Step by step: the driver asks for 2D6 with the odds, then logs each step.
//! let mut driver = Driver::new(DamageRoll::new(10, 14)?);
//! assert!(driver.prompt().is_some()); // 2D6 for the damage table, with odds
//! driver.answer_dice(vec![3, 5])?;
//! assert_eq!(driver.outcome().map(|o| o.sp_lost), Some(1));
//! assert!(driver.log().iter().any(|s| s.rule.as_deref() == Some("C1")));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod abilities;
mod artillery;
mod card;
mod characteristic_test;
mod concentration;
mod counter_fire;
pub mod crew;
mod crew_abilities;
mod damage;
mod deviation;
mod error;
mod feint;
mod figure_wounds;
pub mod game;
mod instabil;
mod machine_sheet;
mod messages;
mod movement;
mod odds_commands;
mod penalty;
mod pressure_roll;
mod ramming;
mod roll;
mod roll_odds;
mod sickle;
mod state;
mod steam;
mod transport;
mod unaufhaltsam;

pub use artillery::{
    DEFAULT_TEMPLATE_CM, FerTest, FireResult, FiringModifiers, Model, Motion, PenetratingShot,
    PenetrationOutcome, PenetrationStop, TemplateHit, ZoneOutcome, ZoneProgress, ZoneShot,
    direction_odds, firing_modifiers, models_on_line, under_template,
};
pub use card::{
    Access, Ammunition, Artillery, ArtilleryClass, AuxiliaryRequirement, CrewAbility, CrewCard,
    MachineCard, MachineSpec, MechanicalAbility, Mobility, Size,
};
pub use characteristic_test::CharacteristicTest;
pub use concentration::Concentration;
pub use counter_fire::{
    COUNTER_FIRE_DIFFICULTY, CounterFire, CounterFireOutcome, PenetratingCounterFire, may_descend,
};
pub use crew_abilities::{
    BARRICADE_RES, Barricade, MINE_BLAST_CM, MINE_STRENGTH, PLACEMENT_CM, Repair, RepairOutcome,
    RepairResult, TRIGGER_CM, check_placement, mine_victims, triggers,
};
pub use damage::{
    DamageKind, DamageOutcome, DamageRoll, Fate, HitEffect, HitResult, INSTANT_DEATH_SP, Location,
    ROW_LABELS, Victim, VictimKind, critical_sp, direct_wound, fate_at, fate_distribution,
    resolve_hit, row_for, table_sp,
};
pub use deviation::{deviate, deviation_direction, deviation_distance_cm};
pub use error::ConfrontationError;
pub use feint::Feint;
pub use figure_wounds::{FigureWound, WoundLevel, WoundRoll, WoundTable};
pub use game::{ConfrontationEdit, ConfrontationGame, ConfrontationKind, ConfrontationOutcome};
pub use instabil::{InstabilOutcome, InstabilRoll, Instability};
pub use machine_sheet::machine_sheet;
pub use messages::{ABBREVIATIONS, OutcomeMessage, TitleMessage, abbreviation_message, messages};
pub use movement::{MAX_TURN_DEG, MovePath, MoveViolation, PathCheck, Turn};
pub use odds_commands::ODDS_COMMANDS;
pub use penalty::penalty;
pub use pressure_roll::{PressureResult, PressureRoll};
pub use ramming::{CollisionHit, Impetus, Ramming, RammingOutcome, collision_strength};
pub use roll::{ConfrontationResult, ConfrontationRoll};
pub use sickle::{SickleFigure, SickleResult, SickleRun, blade_victims};
pub use state::{Boost, MachineState};
pub use steam::{
    EXPLOSION_RADIUS_CM, EXPLOSION_STRENGTH, Incident, PressureOutcome, PressureResolution,
    SteamMarkers, SteamOutcome, TotalFailureCheck, explosion_victims,
};
pub use transport::{
    CardActivation, Hold, Passenger, PassengerHit, PassengerWounds, card_activation, is_access,
};
pub use unaufhaltsam::SpeedMarker;
