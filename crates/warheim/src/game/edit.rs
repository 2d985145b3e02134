//! The edits of a Warheim game.

use feldherr_play::Id;

use crate::actions::{ActionPlan, ShortAction};
use crate::activation::{Declaration, ReactionDecl, Sighting};
use crate::attack_order::AttackOrder;
use crate::magic::CastOrder;
use crate::morale::MoraleKind;
use crate::on_table::MovePath;
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
    /// Sets a terrain piece's height (`None`: its kind's, PH20).
    SetHeight {
        /// The piece.
        piece: u64,
        /// Its height in inches.
        height: Option<f64>,
    },
    /// Sets how high a fighter stands above the table, overruling the
    /// measured moves.
    SetElevation {
        /// The fighter.
        fighter: Id,
        /// Inches above the table.
        elevation: f64,
    },
    /// Moves a placed fighter along a drawn path, measured against his
    /// Speeds, the zones, obstacles and models (PH24). In an activation
    /// it is the move of a declared action; a charge that falls short
    /// leaves him where he is (line 195). Left in the air, he falls (line
    /// 191). [`WarheimEdit::Place`] puts him anywhere, unmeasured.
    DrawMove {
        /// The fighter.
        fighter: Id,
        /// The path.
        path: MovePath,
    },
    /// Takes back `fighter`'s drawn move in the running activation, to
    /// draw it again (PH26): he is put back where he stood, facing and
    /// height included; a first-half move only while no reaction is
    /// declared, any move only while nothing of the activation is
    /// resolved.
    TakeBackMove {
        /// The fighter.
        fighter: Id,
    },
    /// Спрятаться (line 181): the fighter becomes a hidden marker, if no
    /// enemy sees him; `overrule` takes the players' word over the table.
    Hide {
        /// The fighter.
        fighter: Id,
        /// The players say nobody sees him.
        overrule: bool,
    },
    /// Разглядеть (line 175): a Prec test to reveal a hidden enemy.
    Spot {
        /// Who looks.
        spotter: Id,
        /// The marker.
        target: Id,
        /// The players say he sees the marker, whatever the table shows.
        overrule: bool,
    },
    /// Вскрыть (line 199): spot a marker and shoot it: the order's one
    /// target is the marker.
    Reveal(AttackOrder),
    /// Перезарядка (line 177): loads a weapon.
    Reload {
        /// The fighter.
        fighter: Id,
        /// Index into his weapons.
        weapon: usize,
    },
    /// Спецспособность (line 165): a Mor test for a special ability.
    Special {
        /// The fighter.
        fighter: Id,
        /// The ability, as the army sheet names it.
        ability: String,
    },
    /// Бросок (line 155): a leap into base contact with an enemy within
    /// the second Speed, on a Ph test as a dodge.
    Throw {
        /// The fighter.
        fighter: Id,
        /// The enemy.
        target: Id,
    },
    /// A fighter falls from `height` inches, as the players judge it (a
    /// drawn move that leaves him in the air queues this by itself): above
    /// his second Speed, an AN hit of strength Arm + height (line 191).
    Fall {
        /// The fighter.
        fighter: Id,
        /// The height, in inches.
        height: f64,
    },
    /// Starts an activation of a fighter of the acting group, step by
    /// step (PH26); his activation is spent.
    BeginActivation {
        /// The fighter.
        fighter: Id,
        /// Where the activation comes from.
        source: Source,
    },
    /// Starts the acting group's squad order as one activation (line 237).
    BeginSquadOrder,
    /// Declares the first short action, or the whole full action.
    Declare(Declaration),
    /// Declares the second short action, once every enemy who saw has
    /// answered (line 33).
    DeclareSecond(Declaration),
    /// The players' list of who saw whom, overruling the table.
    SeenBy(Vec<Sighting>),
    /// An enemy who saw the active model declares his reaction (or a
    /// delay against a marker, or none).
    React {
        /// The enemy.
        fighter: Id,
        /// His reaction.
        reaction: ReactionDecl,
    },
    /// Ends the activation: every resolution it started is applied, the
    /// active player's fighters first (line 43); flight tests are queued
    /// for the friends of those who died (line 251).
    EndActivation,
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
