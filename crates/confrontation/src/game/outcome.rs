//! The typed outcome of a finished resolution of the game.

use crate::{
    DamageOutcome, HitResult, InstabilOutcome, PassengerHit, PressureOutcome, RammingOutcome,
    RepairOutcome, SickleResult, SteamMarkers,
};

use super::ShotOutcome;

/// What a finished resolution ended with, one variant per kind of
/// [`super::ConfrontationKind`]. The game computes its
/// [`super::Effect`]s from it; nobody parses text.
#[derive(Debug, Clone, PartialEq)]
pub enum ConfrontationOutcome {
    /// The damage table (C1).
    Damage(DamageOutcome),
    /// A repair attempt (C10).
    Repair(RepairOutcome),
    /// An artillery shot (C6, C7).
    Shot(ShotOutcome),
    /// A ramming (C5).
    Ramming(RammingOutcome),
    /// Sichel blades.
    Sickle(Vec<SickleResult>),
    /// A pressure or injection roll (C9).
    Steam(PressureOutcome),
    /// Hits at one STR (explosion C9, mine C10), with the victims' names.
    Hits(Vec<(String, HitResult)>),
    /// The passengers of a destroyed vehicle (Transport).
    Passengers(Vec<PassengerHit>),
    /// The end-of-round rolls of Instabil/X (a machine or a figure).
    Instabil(InstabilOutcome),
    /// The total failure's 4+: the markers afterwards (C9).
    TotalFailure(SteamMarkers),
    /// A counter-fire (the charger is model 0).
    CounterFire(ShotOutcome),
    /// A courage or rally test: passed.
    Morale(bool),
    /// A figure's roll: passed.
    FigureRoll(bool),
}

impl ConfrontationOutcome {
    /// Each model of the resolution's refs that was hit, with its result
    /// (index into the refs); empty for kinds that hit no model.
    pub fn hits(&self) -> Vec<(usize, HitResult)> {
        match self {
            ConfrontationOutcome::Shot(s) | ConfrontationOutcome::CounterFire(s) => s.hits(),
            ConfrontationOutcome::Ramming(r) => r
                .hits
                .iter()
                .enumerate()
                .map(|(i, h)| (i, h.result))
                .collect(),
            ConfrontationOutcome::Sickle(s) => s
                .iter()
                .enumerate()
                .filter_map(|(i, h)| h.hit.map(|hit| (i, hit)))
                .collect(),
            ConfrontationOutcome::Hits(h) => {
                h.iter().enumerate().map(|(i, (_, r))| (i, *r)).collect()
            }
            ConfrontationOutcome::Damage(_)
            | ConfrontationOutcome::Repair(_)
            | ConfrontationOutcome::Steam(_)
            | ConfrontationOutcome::Passengers(_)
            | ConfrontationOutcome::Instabil(_)
            | ConfrontationOutcome::TotalFailure(_)
            | ConfrontationOutcome::Morale(_)
            | ConfrontationOutcome::FigureRoll(_) => Vec::new(),
        }
    }
}
