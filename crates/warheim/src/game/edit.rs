//! The edits of a Warheim game.

use feldherr_play::Id;

use crate::actions::{ActionPlan, ShortAction};
use crate::attack_order::AttackOrder;
use crate::magic::CastOrder;
use crate::morale::MoraleKind;
use crate::roster::Group;
use crate::turn::Source;
use crate::{Condition, Roster};

/// A change to the game.
#[derive(Debug, Clone, PartialEq)]
pub enum WarheimEdit {
    /// Sets player `player`'s roster (0-based; `player == count` adds a
    /// player, at most 3).
    SetRoster {
        /// The player.
        player: usize,
        /// The roster.
        roster: Roster,
    },
    /// Removes the last player's roster.
    RemoveLastRoster,
    /// Starts the next turn (H5): every commander appointed, no turn
    /// running.
    StartTurn,
    /// After the loss of the commander: a new commander (Leadership,
    /// Tactician, Strategist or Veteran) and new groups, between turns.
    AppointCommander {
        /// The player.
        player: usize,
        /// The new commander.
        commander: Id,
        /// The new groups.
        groups: Vec<Group>,
    },
    /// `player` picks the group at `index` of the turn's groups.
    ChooseGroup {
        /// The player choosing.
        player: usize,
        /// Index into [`crate::Turn::groups`].
        group: usize,
    },
    /// A fighter of the acting group takes an activation.
    Activate {
        /// The fighter.
        fighter: Id,
        /// Where the activation comes from.
        source: Source,
        /// What he does.
        plan: ActionPlan,
    },
    /// The acting group gives its squad order (two short actions).
    SquadOrder {
        /// The first action.
        first: ShortAction,
        /// The second.
        second: ShortAction,
    },
    /// Ends the acting group (spent, or declining the commander's extra).
    EndGroup,
    /// A Solo outside any group joins the acting group at its start, for
    /// the rest of the turn (he loses his +1 to a result meanwhile).
    SoloJoins(Id),
    /// Ends the turn: panic and stupor end, Mor comes back.
    EndTurn,
    /// Declares an attack: a saved resolution with its odds.
    Attack(AttackOrder),
    /// Casts a spell: a saved resolution (WIP roll, the target's answer,
    /// the effect).
    Cast(CastOrder),
    /// Declares a morale test.
    Morale {
        /// The fighter.
        fighter: Id,
        /// Which test.
        kind: MoraleKind,
        /// The penalty (nerves: T lost).
        penalty: i32,
    },
    /// Applies a finished resolution's outcome to the fighters.
    Apply(Id),
    /// Sets or clears a state by hand (stupor, hidden, ...).
    SetCondition {
        /// The fighter.
        fighter: Id,
        /// The state.
        condition: Condition,
        /// On or off.
        on: bool,
    },
    /// Records the winner as the players decide (`None`: a draw).
    RecordResult(Option<usize>),
    /// Puts a fighter on the table at `at` facing `facing` (degrees,
    /// counter-clockwise from the x axis): his piece is added the first
    /// time (a large base for Monsters and Cavalry), moved and turned
    /// after that.
    Place {
        /// The fighter.
        fighter: Id,
        /// Where his base's centre goes, in inches.
        at: feldherr_table::geometry::Point,
        /// His facing in degrees.
        facing: f64,
    },
}
