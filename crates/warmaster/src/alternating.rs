//! The alternating terrain placement (W1) as a state machine.

use feldherr_play::PlayError;
use serde::{Deserialize, Serialize};

use crate::refusal::{refused, say};
use crate::{Player, TerrainType};

/// Passing is allowed once at least this many pieces stand (W1).
pub const PASS_FROM: usize = 10;
/// Most pieces the engine accepts (a bound, not a rule; W1's guideline is
/// 12 and beyond it the game warns).
pub const MAX_PIECES: usize = 40;

/// One piece placed during the alternating placement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacedTerrain {
    /// Who placed it.
    pub player: Player,
    /// The table piece.
    pub piece: u64,
    /// Its type.
    pub terrain: TerrainType,
}

/// What happens next in the alternating placement: for the app's guide.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum TerrainStep {
    /// `player` places `pieces_left` more pieces in this turn; each must
    /// be of a type other than `must_differ_from`.
    Place {
        /// Whose turn it is.
        player: Player,
        /// Pieces still to place in this turn (1 or 2).
        pieces_left: u32,
        /// Types already placed in this turn (the pair must differ).
        must_differ_from: Vec<TerrainType>,
        /// Whether he may pass instead (only at the start of his turn,
        /// with at least 10 pieces on the table).
        may_pass: bool,
    },
    /// The other player passed; `player` may place one last piece (or
    /// decline it).
    LastPiece {
        /// Who places the last piece.
        player: Player,
    },
    /// The placement is over; the player who passed starts the game.
    Done {
        /// The starting player.
        starting_player: Player,
    },
}

/// The alternating placement: the roll-off winner places one piece, the
/// other two pieces of different types, then one, two, ... until a player
/// passes (allowed from 10 pieces); the other places one last piece; the
/// passer becomes the starting player (W1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AlternatingTerrain {
    /// Who won the roll-off and placed first.
    pub first: Player,
    /// Every piece placed, in order.
    #[serde(default)]
    pub placed: Vec<PlacedTerrain>,
    /// Whose turn it is.
    pub turn: Player,
    /// Types placed so far in the current turn.
    #[serde(default)]
    pub batch: Vec<TerrainType>,
    /// Who passed, once someone has.
    #[serde(default)]
    pub passed: Option<Player>,
    /// Whether the placement is over.
    #[serde(default)]
    pub finished: bool,
}

impl AlternatingTerrain {
    /// A new placement; `first` won the roll-off.
    #[must_use]
    pub fn new(first: Player) -> Self {
        AlternatingTerrain {
            first,
            placed: Vec::new(),
            turn: first,
            batch: Vec::new(),
            passed: None,
            finished: false,
        }
    }

    /// How many pieces `player` places in each of his turns: 1 for the
    /// roll-off winner, 2 for the other.
    #[must_use]
    pub fn batch_size(&self, player: Player) -> u32 {
        if player == self.first { 1 } else { 2 }
    }

    /// What happens next.
    #[must_use]
    pub fn step(&self) -> TerrainStep {
        match (self.finished, self.passed) {
            (true, Some(passer)) => TerrainStep::Done {
                starting_player: passer,
            },
            (true, None) => TerrainStep::Done {
                starting_player: self.first,
            },
            (false, Some(passer)) => TerrainStep::LastPiece {
                player: passer.other(),
            },
            (false, None) => {
                let done = u32::try_from(self.batch.len()).unwrap_or(u32::MAX);
                TerrainStep::Place {
                    player: self.turn,
                    pieces_left: self.batch_size(self.turn).saturating_sub(done),
                    must_differ_from: self.batch.clone(),
                    may_pass: self.may_pass(self.turn),
                }
            }
        }
    }

    /// Whether `player` may pass now: it is his turn, he has placed
    /// nothing in it yet, nobody has passed and at least 10 pieces stand.
    #[must_use]
    pub fn may_pass(&self, player: Player) -> bool {
        !self.finished
            && self.passed.is_none()
            && self.turn == player
            && self.batch.is_empty()
            && self.placed.len() >= PASS_FROM
    }

    /// The starting player, once the placement is over.
    #[must_use]
    pub fn starting_player(&self) -> Option<Player> {
        match self.step() {
            TerrainStep::Done { starting_player } => Some(starting_player),
            _ => None,
        }
    }

    /// Checks that `player` may place a piece of `terrain` now.
    ///
    /// # Errors
    /// [`PlayError::Refused`] (W1) naming why: not his turn, the placement
    /// is over, the type repeats within a pair, too many pieces.
    /// Players are named by `names` (A, B).
    pub fn check_place(
        &self,
        player: Player,
        terrain: TerrainType,
        names: &[String; 2],
    ) -> Result<(), PlayError> {
        let name = |p: Player| names[p.index()].as_str();
        if self.finished {
            return Err(refused(say("placement_over"), Some("W1")));
        }
        if self.placed.len() >= MAX_PIECES {
            return Err(refused(
                say("too_many_pieces").int("max", MAX_PIECES as i64),
                None,
            ));
        }
        let expected = match self.passed {
            Some(passer) => passer.other(),
            None => self.turn,
        };
        if player != expected {
            return Err(refused(
                say("not_your_placement")
                    .text("player", name(expected))
                    .text("other", name(player)),
                Some("W1"),
            ));
        }
        if self.passed.is_none() && self.batch.contains(&terrain) {
            return Err(refused(
                say("same_type")
                    .text("player", name(player))
                    .key("terrain", terrain.label_key()),
                Some("W1"),
            ));
        }
        Ok(())
    }

    /// Records a piece placed by `player` (after the distance checks).
    ///
    /// # Errors
    /// As [`AlternatingTerrain::check_place`].
    pub fn place(
        &mut self,
        player: Player,
        terrain: TerrainType,
        piece: u64,
        names: &[String; 2],
    ) -> Result<(), PlayError> {
        self.check_place(player, terrain, names)?;
        self.placed.push(PlacedTerrain {
            player,
            piece,
            terrain,
        });
        if self.passed.is_some() {
            self.finished = true;
            return Ok(());
        }
        self.batch.push(terrain);
        if self.batch.len() >= self.batch_size(player) as usize {
            self.batch.clear();
            self.turn = player.other();
        }
        Ok(())
    }

    /// `player` passes; after someone passed, the other player declines
    /// his last piece with a pass (PW7).
    ///
    /// # Errors
    /// [`PlayError::Refused`] (W1): fewer than 10 pieces, not his turn,
    /// in the middle of his pair, or the placement is over.
    /// Players are named by `names` (A, B).
    pub fn pass(&mut self, player: Player, names: &[String; 2]) -> Result<(), PlayError> {
        let name = |p: Player| names[p.index()].as_str();
        if self.finished {
            return Err(refused(say("placement_over"), Some("W1")));
        }
        if let Some(passer) = self.passed {
            if player == passer.other() {
                self.finished = true;
                return Ok(());
            }
            return Err(refused(
                say("passed_already")
                    .text("player", name(player))
                    .text("other", name(passer.other())),
                Some("W1"),
            ));
        }
        if self.turn != player {
            return Err(refused(
                say("not_your_turn")
                    .text("player", name(self.turn))
                    .text("other", name(player)),
                Some("W1"),
            ));
        }
        if self.placed.len() < PASS_FROM {
            return Err(refused(
                say("pass_too_early")
                    .int("placed", self.placed.len() as i64)
                    .int("min", PASS_FROM as i64),
                Some("W1"),
            ));
        }
        if !self.batch.is_empty() {
            return Err(refused(
                say("mid_pair").text("player", name(player)),
                Some("W1"),
            ));
        }
        self.passed = Some(player);
        Ok(())
    }
}
