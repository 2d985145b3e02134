//! The resolutions of a Confrontation game: the inputs of each kind, how
//! it is rebuilt as a resolver, and its typed outcome.

use crate::game::refusal::{refused, say};
use feldherr_dice::step::{Answer, Message};
use feldherr_play::{Id, PlayError, Replayed, ResolutionKind};
use serde::{Deserialize, Serialize};

use super::worded::Worded;
use super::{
    ConfrontationGame, ConfrontationOutcome, CounterFireInputs, FigureRollInputs, HitsInputs,
    InstabilFigureInputs, InstabilInputs, ModelRef, MoraleInputs, PassengerInputs, Phase,
    RammingInputs, RoundCheck, ShotInputs, SickleInputs, SteamInputs, Subject, TotalFailureInputs,
};
use crate::{DamageRoll, Repair};

/// Which resolver a saved resolution belongs to, with its inputs. Each
/// keeps a snapshot of what it concerns (models, positions, SP) as it was
/// when it was started (P20). Machines are referred to by their stable
/// [`Id`], models by their table piece.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ConfrontationKind {
    /// The damage table (C1), free-standing or against a machine of the
    /// game.
    Damage {
        /// Attacker's STR.
        strength: i32,
        /// Machine's RES.
        resilience: i32,
        /// Sacred weapon.
        #[serde(default)]
        sacred: bool,
        /// The machine hit, if any.
        #[serde(default)]
        machine: Option<Id>,
    },
    /// A repair attempt on a machine of the game (C10), with the machine's
    /// SP when it was started.
    Repair {
        /// Which machine.
        machine: Id,
        /// The Mechaniker's X.
        x: u32,
        /// The machine's start SP.
        start_sp: u32,
        /// SP lost when the attempt was started (at least 1: C10).
        lost: u32,
    },
    /// An artillery shot (C6 zone, C7 penetrating).
    Shot(ShotInputs),
    /// A ramming (C5).
    Ramming(RammingInputs),
    /// Sichel blades (INI tests, wounds).
    Sickle(SickleInputs),
    /// A pressure or injection roll (C9).
    Steam(SteamInputs),
    /// Hits at one STR: explosion (C9), mine (C10).
    Hits(HitsInputs),
    /// The passengers of a destroyed vehicle (Transport).
    Passengers(PassengerInputs),
    /// The end-of-round rolls of Instabil/X of a machine.
    Instabil(InstabilInputs),
    /// The end-of-round rolls of Instabil/X of a figure.
    InstabilFigure(InstabilFigureInputs),
    /// A machine's total failure: the start-of-round 4+ (C9).
    TotalFailure(TotalFailureInputs),
    /// Counter-fire (Gegenschuss) of artillery at a charger (C6, C7).
    CounterFire(CounterFireInputs),
    /// A courage (fear) or rally test of a mobile machine or a crew figure.
    Morale(MoraleInputs),
    /// A roll of a figure, crew figure or machine with its abilities and
    /// wounds (attack, defence, withdrawal by strength, ...).
    FigureRoll(FigureRollInputs),
}

fn conf(e: crate::ConfrontationError) -> PlayError {
    crate::game::refusal::from_conf(e)
}

impl ConfrontationKind {
    /// The machine the resolution belongs to, if any.
    pub fn machine(&self) -> Option<Id> {
        match self {
            ConfrontationKind::Damage { machine, .. } => *machine,
            ConfrontationKind::Repair { machine, .. } => Some(*machine),
            ConfrontationKind::Shot(s) => Some(s.machine),
            ConfrontationKind::Ramming(r) => Some(r.machine),
            ConfrontationKind::Sickle(s) => Some(s.machine),
            ConfrontationKind::Steam(s) => Some(s.machine),
            ConfrontationKind::Hits(h) => h.machine,
            ConfrontationKind::Passengers(p) => Some(p.machine),
            ConfrontationKind::Instabil(i) => Some(i.machine),
            ConfrontationKind::TotalFailure(t) => Some(t.machine),
            ConfrontationKind::CounterFire(c) => Some(c.machine()),
            ConfrontationKind::Morale(m) => match m.subject {
                Subject::Machine(id) => Some(id),
                _ => None,
            },
            ConfrontationKind::FigureRoll(f) => match f.subject {
                Subject::Machine(id) => Some(id),
                _ => None,
            },
            ConfrontationKind::InstabilFigure(_) => None,
        }
    }

    /// Refuses the resolution outside the phases it belongs to (PC2):
    /// the total failure's 4+ at the start of the round (C9); repairs
    /// (C10) and Instabil at its end; counter-fire in the movement phase;
    /// everything else during play.
    pub(crate) fn check_phase(&self, game: &ConfrontationGame) -> Result<(), PlayError> {
        match self {
            ConfrontationKind::TotalFailure(_) => {
                game.in_phase("the total failure's 4+", &[Phase::Start])
            }
            ConfrontationKind::Repair { .. } => game.in_phase("a repair", &[Phase::End]),
            ConfrontationKind::Instabil(_) | ConfrontationKind::InstabilFigure(_) => {
                game.in_phase("Instabil", &[Phase::End])
            }
            ConfrontationKind::CounterFire(_) => game.in_phase("counter-fire", &[Phase::Movement]),
            ConfrontationKind::Damage { machine: None, .. } => Ok(()),
            ConfrontationKind::Shot(_) => game.in_play("a shot"),
            _ => game.in_phase(
                "this",
                &[Phase::Movement, Phase::Ranged, Phase::Melee, Phase::End],
            ),
        }
    }

    /// Refuses a second roll of a round's check (total failure, Instabil)
    /// and a second shot of a machine in a round.
    pub(crate) fn check_once(&self, game: &ConfrontationGame) -> Result<(), PlayError> {
        let pending = |check: RoundCheck| {
            game.resolutions
                .iter()
                .any(|r| !r.applied() && r.kind().round_check() == Some(check))
        };
        if let Some(check) = self.round_check() {
            if game.round.checked.contains(&check) {
                return Err(refused(
                    say("resolution_kind.rolled_already_round"),
                    Some(match check {
                        RoundCheck::TotalFailure(_) => "C9",
                        RoundCheck::Instabil(_) => "Instabil",
                    }),
                ));
            }
            if pending(check) {
                return Err(refused(
                    say("resolution_kind.earlier_roll_not_applied_yet"),
                    None,
                ));
            }
        }
        if let (ConfrontationKind::Shot(_) | ConfrontationKind::CounterFire(_), Some(id)) =
            (self, self.machine())
            && let Some(m) = game.machine(id)
        {
            if m.state.jammed {
                return Err(refused(
                    say("resolution_kind.weapon_jammed_round")
                        .text("machine", m.name().to_string()),
                    Some("C6"),
                ));
            }
            if m.state.fired {
                return Err(refused(
                    say("resolution_kind.fired_round_already")
                        .text("machine", m.name().to_string()),
                    Some("PC7"),
                ));
            }
        }
        Ok(())
    }

    /// The round's check this resolution rolls, if any.
    pub fn round_check(&self) -> Option<RoundCheck> {
        match self {
            ConfrontationKind::TotalFailure(t) => Some(RoundCheck::TotalFailure(t.machine)),
            ConfrontationKind::Instabil(i) => {
                Some(RoundCheck::Instabil(Subject::Machine(i.machine)))
            }
            ConfrontationKind::InstabilFigure(i) => Some(RoundCheck::Instabil(i.subject)),
            _ => None,
        }
    }

    /// Where the models it hits came from (empty for kinds without).
    pub fn refs(&self) -> &[ModelRef] {
        match self {
            ConfrontationKind::Shot(s) => &s.refs,
            ConfrontationKind::Ramming(r) => &r.refs,
            ConfrontationKind::Sickle(s) => &s.refs,
            ConfrontationKind::Hits(h) => &h.refs,
            ConfrontationKind::CounterFire(c) => &c.shot.refs,
            _ => &[],
        }
    }

    /// Every machine the resolution refers to: its own and those it hits.
    pub fn machines(&self) -> Vec<Id> {
        let mut out: Vec<Id> = self.machine().into_iter().collect();
        out.extend(self.refs().iter().filter_map(|r| r.machine));
        out
    }

    /// A shot's inputs, if it is one.
    pub fn shot(&self) -> Option<&ShotInputs> {
        match self {
            ConfrontationKind::Shot(s) => Some(s),
            _ => None,
        }
    }
}

impl ResolutionKind for ConfrontationKind {
    type Outcome = ConfrontationOutcome;

    fn replay(&self, answers: &[Answer]) -> Result<Replayed<ConfrontationOutcome>, PlayError> {
        use ConfrontationOutcome as O;
        match self {
            ConfrontationKind::Damage {
                strength,
                resilience,
                sacred,
                ..
            } => {
                let roll = DamageRoll::new(*strength, *resilience)
                    .map_err(conf)?
                    .sacred(*sacred);
                Replayed::of(roll, answers, |o| O::Damage(*o))
            }
            ConfrontationKind::Repair {
                x, start_sp, lost, ..
            } => {
                let repair = Repair::new(*x, *start_sp, *lost).map_err(conf)?;
                Replayed::of(Worded(repair), answers, |o| O::Repair(o.0))
            }
            ConfrontationKind::Shot(s) => {
                Replayed::of(s.resolver()?, answers, |o| O::Shot(o.outcome.clone()))
            }
            ConfrontationKind::Ramming(r) => {
                Replayed::of(r.resolver()?, answers, |o| O::Ramming(o.0.clone()))
            }
            ConfrontationKind::Sickle(s) => {
                Replayed::of(s.resolver()?, answers, |o| O::Sickle(o.0.clone()))
            }
            ConfrontationKind::Steam(s) => Replayed::of(s.resolver()?, answers, |o| O::Steam(o.0)),
            ConfrontationKind::Hits(h) => {
                Replayed::of(h.resolver()?, answers, |o| O::Hits(o.0.clone()))
            }
            ConfrontationKind::Passengers(p) => {
                Replayed::of(p.resolver()?, answers, |o| O::Passengers(o.0.clone()))
            }
            ConfrontationKind::Instabil(i) => {
                Replayed::of(i.resolver()?, answers, |o| O::Instabil(o.0))
            }
            ConfrontationKind::InstabilFigure(i) => {
                Replayed::of(i.resolver()?, answers, |o| O::Instabil(o.0))
            }
            ConfrontationKind::TotalFailure(t) => {
                Replayed::of(t.resolver()?, answers, |o| O::TotalFailure(o.0))
            }
            ConfrontationKind::CounterFire(c) => Replayed::of(c.resolver()?, answers, |o| {
                O::CounterFire(o.outcome.clone())
            }),
            ConfrontationKind::Morale(m) => {
                Replayed::of(m.resolver()?, answers, |o| O::Morale(o.0))
            }
            ConfrontationKind::FigureRoll(f) => {
                Replayed::of(f.resolver()?, answers, |o| O::FigureRoll(o.0))
            }
        }
    }

    fn title_message(&self) -> Option<Message> {
        Some(ConfrontationKind::title_message(self))
    }

    /// The outcome's first line (the sheet prints all of them).
    fn outcome_message(&self, outcome: &ConfrontationOutcome) -> Option<Message> {
        outcome.lines(self).into_iter().next()
    }
}
