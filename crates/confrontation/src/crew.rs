//! Crews of immobile machines (C3): minimum crew to fire, moving the machine,
//! auxiliaries, changing machines, capture and recapture, fleeing crews.
//! Distances in centimetres.
//!
//! ```
//! use feldherr_confrontation::crew::immobile_move;
//! // The text's ballista: GEW 8, crew BEW 10.
//! let one = immobile_move(8, &[10], 4)?;
//! assert_eq!((one.walk_cm, one.run_cm), (2, 4));
//! assert_eq!(immobile_move(8, &[10, 10], 4)?.penalty, 6);
//! assert_eq!(immobile_move(8, &[10, 10, 10], 4)?.penalty, 4);
//! # Ok::<(), feldherr_confrontation::ConfrontationError>(())
//! ```

use crate::game::refusal::{not_allowed, say};
use serde::{Deserialize, Serialize};

use crate::card::AuxiliaryRequirement;
use crate::error::{ConfrontationError, check_range};

/// No figure of the original side may be this close (or closer) for a capture.
pub const CAPTURE_DISTANCE_CM: f64 = 10.0;

/// What a crew may do with its machine this activation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveAllowance {
    /// X: GEW - 2 per mover beyond the first, never below 0.
    pub penalty: u32,
    /// BEW of the slowest mover - X, in cm.
    pub walk_cm: u32,
    /// Twice the walk, in cm.
    pub run_cm: u32,
}

/// How far crew with BEW `mover_bew` (one per mover; crew only, never
/// auxiliaries) may move an immobile machine of weight `gew` (C3); at most
/// `max_contact` movers (as many as may touch it).
pub fn immobile_move(
    gew: u32,
    mover_bew: &[u32],
    max_contact: u32,
) -> Result<MoveAllowance, ConfrontationError> {
    check_range("GEW", gew.into(), 1, 99, "1 to 99")?;
    let n = mover_bew.len() as i64;
    check_range(
        "movers",
        n,
        1,
        max_contact.into(),
        "1 to as many crew as may touch the machine",
    )?;
    let slowest = mover_bew.iter().copied().min().unwrap_or(0);
    let penalty = gew.saturating_sub(2 * (mover_bew.len() as u32 - 1));
    let walk = slowest.saturating_sub(penalty);
    Ok(MoveAllowance {
        penalty,
        walk_cm: walk,
        run_cm: 2 * walk,
    })
}

/// Crew or auxiliary, as far as serving a machine goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Trained crew ("Mannschaft"): may move the machine.
    Crew,
    /// Auxiliary ("Hilfspersonal"): may serve and re-aim, never move it.
    Auxiliary,
}

/// One figure near a machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Server {
    /// Crew or auxiliary.
    pub role: Role,
    /// In base contact with the machine.
    pub in_contact: bool,
    /// In base contact with an enemy (busy, does not count).
    pub engaged: bool,
    /// Fleeing: still crew, but not serving.
    pub fleeing: bool,
    /// Moved this round more than turning the machine.
    pub moved: bool,
}

impl Server {
    /// Whether the figure counts for serving the machine now.
    pub fn serves(&self) -> bool {
        self.in_contact && !self.engaged && !self.fleeing && !self.moved
    }
}

/// Whether the machine may fire: at least BES serving figures (crew or
/// auxiliaries), each in contact, not engaged, not fleeing, not moved (C3).
pub fn may_fire(bes: u32, servers: &[Server]) -> Result<(), ConfrontationError> {
    let serving = servers.iter().filter(|s| s.serves()).count() as u32;
    if serving >= bes {
        Ok(())
    } else {
        Err(not_allowed(
            "C3",
            say("crew.figure_s_serve_machine_bes")
                .text("serving", serving.to_string())
                .text("bes", bes.to_string()),
        ))
    }
}

/// The BEW of the crew who may move the machine: crew only, in contact at
/// activation, not engaged, not fleeing.
pub fn movers(servers: &[(Server, u32)]) -> Vec<u32> {
    servers
        .iter()
        .filter(|(s, _)| s.role == Role::Crew && s.in_contact && !s.engaged && !s.fleeing)
        .map(|&(_, bew)| bew)
        .collect()
}

/// Whether a captured machine may be moved: only by its trained crew;
/// auxiliaries may only re-aim it.
pub fn may_move(role: Role) -> Result<(), ConfrontationError> {
    match role {
        Role::Crew => Ok(()),
        Role::Auxiliary => Err(not_allowed(
            "C3",
            say("crew.auxiliaries_may_re_aim_machine"),
        )),
    }
}

/// Whether a crew figure may join another machine: same machine type and in
/// base contact when that machine is activated.
pub fn may_join(same_type: bool, in_contact_at_activation: bool) -> bool {
    same_type && in_contact_at_activation
}

/// A would-be captor in contact with the machine: printed FER and DIS.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Captor {
    /// Printed FER.
    pub fer: Option<u32>,
    /// Printed DIS.
    pub dis: Option<u32>,
    /// Engaged with an enemy.
    pub engaged: bool,
}

/// Whether a machine can be captured (or recaptured under the same
/// conditions): no figure of the side holding it 10 cm or closer
/// (`holder_distances_cm`, edge to edge), and at least BES figures in
/// contact that meet the auxiliary requirement.
///
/// ```
/// use feldherr_confrontation::crew::{Captor, capture};
/// use feldherr_confrontation::AuxiliaryRequirement;
/// let req = AuxiliaryRequirement { min_fer: Some(3), min_dis: Some(3) };
/// let thallion = Captor { fer: Some(4), dis: Some(4), engaged: false };
/// assert!(capture(1, &req, &[15.0], &[thallion]).is_ok());   // the Felsspalter example
/// assert!(capture(1, &req, &[9.9], &[thallion]).is_err());
/// # Ok::<(), feldherr_confrontation::ConfrontationError>(())
/// ```
pub fn capture(
    bes: u32,
    requirement: &AuxiliaryRequirement,
    holder_distances_cm: &[f64],
    captors: &[Captor],
) -> Result<(), ConfrontationError> {
    if let Some(d) = holder_distances_cm
        .iter()
        .copied()
        .find(|d| !d.is_finite() || *d <= CAPTURE_DISTANCE_CM)
    {
        return Err(not_allowed(
            "capture",
            say("crew.figure_holding_side_cm_away").text("d", d.to_string()),
        ));
    }
    let qualified = captors
        .iter()
        .filter(|c| !c.engaged && requirement.met_by(c.fer, c.dis))
        .count() as u32;
    if qualified < bes {
        return Err(not_allowed(
            "capture",
            say("crew.qualified_figure_s_contact_bes")
                .text("qualified", qualified.to_string())
                .text("bes", bes.to_string()),
        ));
    }
    Ok(())
}
