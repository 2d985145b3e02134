//! The round flow: one action per sled in the common case. An action
//! (a die chosen for a move, a draw typed or rolled, a roll typed) is
//! played on a copy of the race first, step by step, exactly as the host
//! will apply it: it opens the step, gives the answers the action already
//! holds, applies the step once nothing is left to ask, and goes on to the
//! sled's turn attempt (phase 4) with the angle chosen beforehand (0: it
//! keeps its facing). It stops at the first roll or choice only the user
//! can answer. What it did is sent as the same edits, in order; nothing
//! is sent when any of them is refused.

use feldherr_dice::step::{Answer, Prompt};
use feldherr_dice::{Dice, Roller};
use feldherr_host::document::GameEdit;
use feldherr_play::{Game, Id, PlayError};
use feldherr_sled_race::{NextStep, Race, RaceEdit, SpeedOption, StepInput};
use feldherr_table::Table;

use super::edit;
use crate::systems::GameCommand;

/// The key of the move's die prompt (S5).
const ASK_DIE: &str = "sled.ask.die";
/// The key of the move's rounding prompt (S5).
const ASK_ROUND: &str = "sled.ask.round";

/// What the turn attempt after a move will be: sled and angle (degrees,
/// left +; 0 keeps the facing).
pub type TurnPlan = Option<(Id, f64)>;

/// A copy of the race the flow plays on, with the edits it made.
#[derive(Debug)]
pub struct Sim {
    race: Race,
    table: Table,
    /// The edits made, in order, as commands for the host.
    pub commands: Vec<GameCommand>,
}

/// Why an action stopped or was refused.
#[derive(Debug)]
pub enum FlowError {
    /// The race refused an edit or an answer.
    Play(PlayError),
    /// A typed entry did not fit: the catalogue key and its arguments.
    Typed(&'static str, Vec<(&'static str, String)>),
}

impl From<PlayError> for FlowError {
    fn from(e: PlayError) -> Self {
        FlowError::Play(e)
    }
}

impl From<feldherr_dice::DiceError> for FlowError {
    fn from(e: feldherr_dice::DiceError) -> Self {
        FlowError::Play(PlayError::from(e))
    }
}

impl Sim {
    /// A copy of `race` on `table`.
    pub fn new(race: &Race, table: Table) -> Self {
        Self {
            race: race.clone(),
            table,
            commands: Vec::new(),
        }
    }

    fn edit(&mut self, change: RaceEdit) -> Result<(), FlowError> {
        self.race.apply(&change, &mut self.table)?;
        self.commands.push(edit(change));
        Ok(())
    }

    /// The index of the newest resolution while it is not applied.
    pub fn open_index(race: &Race) -> Option<usize> {
        let last = race.resolutions.len().checked_sub(1)?;
        (!race.resolutions[last].applied()).then_some(last)
    }

    /// The prompt of the open step, if it asks something.
    pub fn prompt(&self) -> Option<Prompt> {
        let i = Self::open_index(&self.race)?;
        self.race.resolutions[i].resolution().prompt().cloned()
    }

    /// Gives `answer` to the open step (checked against its prompt).
    pub fn answer(&mut self, answer: Answer) -> Result<(), FlowError> {
        let index = Self::open_index(&self.race)
            .ok_or_else(|| PlayError::refused("no step is open", None))?;
        if let Some(p) = self.race.resolutions[index].resolution().prompt() {
            p.check(&answer)?;
        }
        self.race.resolutions[index].answer(answer.clone())?;
        self.commands
            .push(GameCommand::Edit(GameEdit::Answer { index, answer }));
        Ok(())
    }

    /// Applies the open step once it is finished, then opens (and applies,
    /// when it asks nothing) the planned turn attempt of the sled that
    /// just moved. Stops at the first prompt.
    pub fn settle(&mut self, turn: TurnPlan) -> Result<(), FlowError> {
        let mut turned = false;
        for _ in 0..4 {
            if let Some(i) = Self::open_index(&self.race) {
                if !self.race.resolutions[i].finished() {
                    return Ok(());
                }
                let id = self.race.resolutions[i].id();
                self.edit(RaceEdit::Apply(id))?;
                continue;
            }
            match (self.race.next_step(), turn) {
                (Some(NextStep::Turn(id)), Some((planned, angle))) if id == planned && !turned => {
                    turned = true;
                    self.edit(RaceEdit::Open(StepInput::Turn { angle }))?;
                }
                _ => return Ok(()),
            }
        }
        Ok(())
    }

    /// Sled `id`'s move: faced anew if given, the speed `option` (die and
    /// rounding) answered, then settled with the turn `angle`.
    pub fn play_move(
        &mut self,
        id: Id,
        facing: Option<f64>,
        option: Option<SpeedOption>,
        angle: f64,
    ) -> Result<(), FlowError> {
        self.edit(RaceEdit::Open(StepInput::Move { facing }))?;
        if let Some(o) = option {
            if self.prompt_key() == Some(ASK_DIE) {
                self.answer(Answer::Choice(o.die))?;
            }
            if let Some(up) = o.round_up
                && self.prompt_key() == Some(ASK_ROUND)
            {
                self.answer(Answer::Choice(usize::from(up)))?;
            }
        }
        self.settle(Some((id, angle)))
    }

    /// Opens the turn attempt (phase 4) with `angle`.
    pub fn edit_open_turn(&mut self, angle: f64) -> Result<(), FlowError> {
        self.edit(RaceEdit::Open(StepInput::Turn { angle }))
    }

    fn prompt_key(&self) -> Option<&str> {
        let i = Self::open_index(&self.race)?;
        match self.race.resolutions[i].resolution().prompt()? {
            Prompt::Choice(c) => c.message.as_ref().map(|m| m.key.as_str()),
            Prompt::Roll(r) => r.message.as_ref().map(|m| m.key.as_str()),
        }
    }

    /// A draw or the movement dice (whichever is next), every roll answered
    /// by `faces` (called with the prompt's index in the step and the
    /// roll asked), then applied.
    pub fn play_draw(
        &mut self,
        mut faces: impl FnMut(usize, &feldherr_dice::RollRequest) -> Result<Vec<u32>, FlowError>,
    ) -> Result<(), FlowError> {
        self.edit(RaceEdit::Open(StepInput::Draw))?;
        for k in 0..feldherr_sled_race::MAX_ENTRANTS + 1 {
            match self.prompt() {
                Some(Prompt::Roll(request)) => {
                    let values = faces(k, &request)?;
                    self.answer(Answer::Dice(values))?;
                }
                Some(Prompt::Choice(_)) | None => break,
            }
        }
        self.settle(None)
    }
}

/// Faces rolled by the app's dice for `request`.
pub fn rolled(
    dice: &mut Dice,
    request: &feldherr_dice::RollRequest,
) -> Result<Vec<u32>, FlowError> {
    Ok(Roller::roll(dice, request.clone())?)
}

/// Whole numbers typed in one field: separated by spaces or commas, or
/// (all of them single digits) written together ("654").
pub fn numbers(text: &str) -> Result<Vec<u32>, String> {
    let text = text.trim();
    let parts: Vec<&str> = if text.contains([' ', ',', ';']) {
        text.split([' ', ',', ';'])
            .filter(|p| !p.is_empty())
            .collect()
    } else {
        text.char_indices()
            .map(|(i, c)| &text[i..i + c.len_utf8()])
            .collect()
    };
    parts
        .into_iter()
        .map(|p| p.parse::<u32>().map_err(|_| p.to_owned()))
        .collect()
}

/// The draw of markers (S3) from numbers typed in the order drawn: each
/// number is a sled's place in the race list (from 1); the faces the
/// draw's dice take are the marker's place among those left. `list` is
/// the sleds in the list's order, `left` those in the cup (in that order).
pub fn draw_faces(list: &[Id], left: &[Id], typed: &[u32]) -> Result<Vec<u32>, FlowError> {
    let mut cup: Vec<Id> = left.to_vec();
    let mut faces = Vec::new();
    let needed = cup.len().saturating_sub(1);
    if typed.len() < needed || typed.len() > cup.len() {
        return Err(FlowError::Typed(
            "race.flow.draw_count",
            vec![
                ("needed", needed.to_string()),
                ("count", typed.len().to_string()),
            ],
        ));
    }
    for &n in typed {
        let id = (n as usize)
            .checked_sub(1)
            .and_then(|i| list.get(i))
            .copied()
            .filter(|id| cup.contains(id))
            .ok_or_else(|| FlowError::Typed("race.flow.draw_number", vec![("n", n.to_string())]))?;
        let pos = cup.iter().position(|x| *x == id).unwrap_or(0);
        if cup.len() > 1 {
            faces.push(pos as u32 + 1);
        }
        cup.remove(pos);
    }
    Ok(faces)
}
