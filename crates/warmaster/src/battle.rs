//! The battle, turn by turn: scoring points (W5), events of the special
//! rules (W10, Killbox, Verbranntes Land), units lost, generals slain and
//! every end condition (W6).

use feldherr_play::Id;
use serde::{Deserialize, Serialize};

use crate::{Control, EpLine, Player};

/// One player turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnRecord {
    /// The game turn (from 1).
    pub round: u32,
    /// Whose player turn.
    pub player: Player,
    /// The control of every objective and zone at its end, as stated or
    /// computed.
    #[serde(default)]
    pub control: Vec<ControlEntry>,
    /// Whether it ended (and, at a scoring point, was scored).
    #[serde(default)]
    pub ended: bool,
}

/// The control of one objective at the end of a player turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ControlEntry {
    /// The objective or zone.
    pub objective: Id,
    /// Who controls it.
    pub control: Control,
    /// Computed from stands on the map (otherwise stated by the players).
    #[serde(default)]
    pub from_stands: bool,
    /// Carried over from the player turn before and not changed since:
    /// ending the turn confirms it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub carried: bool,
}

/// One EP line with the player turn it was scored in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EpEntry {
    /// The game turn.
    pub round: u32,
    /// Whose player turn it was.
    pub turn_of: Player,
    /// The line.
    pub line: EpLine,
}

/// Incursion: the marker worth 2 EP in a game turn (W5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IncursionPick {
    /// The game turn.
    pub round: u32,
    /// The marker.
    pub objective: Id,
}

/// Why the game ended (W6); several at once are possible.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case", deny_unknown_fields)]
pub enum EndReason {
    /// `player` reached 10 EP.
    TenEp {
        /// Who.
        player: Player,
    },
    /// `leader` led by 3 EP under Sudden Death.
    SuddenDeath {
        /// Who.
        leader: Player,
    },
    /// `player`'s general was slain (and no character could take over).
    GeneralSlain {
        /// Whose general.
        player: Player,
    },
    /// `player`'s army reached its break point.
    ArmyBroken {
        /// Whose army.
        player: Player,
    },
    /// The last game turn was played.
    TurnLimit {
        /// Game turns played.
        rounds: u32,
    },
    /// `player`'s clock ran out (W9).
    ClockOut {
        /// Whose clock.
        player: Player,
    },
    /// The players ended the game.
    Agreed,
}

impl EndReason {
    /// The victory condition this reason gives `player` (W8 bonus).
    #[must_use]
    pub fn condition_for(self, player: Player) -> Option<crate::VictoryCondition> {
        use crate::VictoryCondition as V;
        match self {
            EndReason::TenEp { player: p } if p == player => Some(V::TenEp),
            EndReason::SuddenDeath { leader } if leader == player => Some(V::SuddenDeath),
            EndReason::GeneralSlain { player: p } if p == player.other() => {
                Some(V::EnemyGeneralSlain)
            }
            EndReason::ArmyBroken { player: p } if p == player.other() => Some(V::EnemyArmyBroken),
            _ => None,
        }
    }
}

/// How and when the game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameEnd {
    /// The game turn.
    pub round: u32,
    /// Whose player turn it was.
    pub turn_of: Player,
    /// Every condition met at that moment.
    pub reasons: Vec<EndReason>,
    /// The chess clock when the game ended (it stops then, W9); `None`
    /// when no clock was running.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<EndClock>,
}

/// The chess clock at the end of the game: it stopped then (W6, W9), so
/// these are the times the sheet shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndClock {
    /// The host's time at which it stopped, ms.
    pub at_ms: u64,
    /// Time left for A and B, ms.
    pub remaining_ms: [u64; 2],
}

/// What happened to one unit so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitState {
    /// The owner.
    pub player: Player,
    /// The unit.
    pub unit: Id,
    /// Stands lost.
    #[serde(default)]
    pub stands_lost: u32,
    /// Destroyed (slain).
    #[serde(default)]
    pub destroyed: bool,
    /// Left the table to pillage (Verbranntes Land): not destroyed.
    #[serde(default)]
    pub pillaged: bool,
}

/// The battle in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Battle {
    /// The current game turn.
    pub round: u32,
    /// Whose player turn it is.
    pub turn_of: Player,
    /// Game turns to play, as far as known (extended by Zufaellige
    /// Spieldauer).
    pub rounds: u32,
    /// Every player turn so far, the current one last.
    #[serde(default)]
    pub turns: Vec<TurnRecord>,
    /// Every EP line.
    #[serde(default)]
    pub ep: Vec<EpEntry>,
    /// Incursion's marker worth 2, per game turn.
    #[serde(default)]
    pub incursion: Vec<IncursionPick>,
    /// A game-length roll is due after this game turn.
    #[serde(default)]
    pub length_roll_due: Option<u32>,
    /// Each player's current general (A, B).
    #[serde(default)]
    pub generals: [Option<Id>; 2],
    /// Units lost, destroyed or gone pillaging.
    #[serde(default)]
    pub units: Vec<UnitState>,
    /// Lang lebe der Koenig: every general slain and the character who
    /// took over (W10), in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub successions: Vec<Succession>,
}

/// Lang lebe der Koenig (W10): a slain general and his successor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Succession {
    /// Whose general.
    pub player: Player,
    /// The slain general.
    pub slain: Id,
    /// The character who counts as general from then on.
    pub successor: Id,
    /// The game turn.
    pub round: u32,
}

/// EP per player in one player turn, for the chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnEp {
    /// The game turn.
    pub round: u32,
    /// Whose player turn.
    pub turn_of: Player,
    /// EP gained in it by A and B.
    pub gained: [i32; 2],
    /// EP totals after it.
    pub total: [i32; 2],
}

impl Battle {
    /// The EP total of `player`.
    #[must_use]
    pub fn ep_total(&self, player: Player) -> i32 {
        self.ep
            .iter()
            .filter(|e| e.line.player == player)
            .fold(0_i32, |sum, e| sum.saturating_add(e.line.ep))
    }

    /// EP per player per player turn.
    #[must_use]
    pub fn ep_per_turn(&self) -> Vec<TurnEp> {
        let mut total = [0_i32, 0];
        self.turns
            .iter()
            .map(|t| {
                let mut gained = [0_i32, 0];
                for e in self
                    .ep
                    .iter()
                    .filter(|e| e.round == t.round && e.turn_of == t.player)
                {
                    let g = &mut gained[e.line.player.index()];
                    *g = g.saturating_add(e.line.ep);
                }
                total[0] = total[0].saturating_add(gained[0]);
                total[1] = total[1].saturating_add(gained[1]);
                TurnEp {
                    round: t.round,
                    turn_of: t.player,
                    gained,
                    total,
                }
            })
            .collect()
    }

    /// The state of `unit` of `player` (a fresh one if nothing happened).
    #[must_use]
    pub fn unit_state(&self, player: Player, unit: Id) -> UnitState {
        self.units
            .iter()
            .find(|u| u.player == player && u.unit == unit)
            .copied()
            .unwrap_or(UnitState {
                player,
                unit,
                stands_lost: 0,
                destroyed: false,
                pillaged: false,
            })
    }

    pub(crate) fn set_unit_state(&mut self, state: UnitState) {
        match self
            .units
            .iter_mut()
            .find(|u| u.player == state.player && u.unit == state.unit)
        {
            Some(u) => *u = state,
            None => self.units.push(state),
        }
    }

    /// The current player turn's record.
    #[must_use]
    pub fn current(&self) -> Option<&TurnRecord> {
        self.turns.last()
    }

    pub(crate) fn current_mut(&mut self) -> Option<&mut TurnRecord> {
        self.turns.last_mut()
    }

    /// The marker worth 2 in game turn `round` (Incursion).
    #[must_use]
    pub fn doubled_in(&self, round: u32) -> Option<Id> {
        self.incursion
            .iter()
            .find(|p| p.round == round)
            .map(|p| p.objective)
    }
}
