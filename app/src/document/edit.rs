//! Every change a screen can make to a document. Screens emit edits; the
//! app applies them after the frame through the open document's history,
//! so that each one can be undone and is saved at once.

use feldherr_dice::step::Answer;
use feldherr_wfb_newyear::{
    BattleKind, BattleResult, Event, EventTieBreaker, Pairing, Player, SledRace,
};

use feldherr_confrontation::{Hold, Passenger};
use feldherr_table::geometry::FacingArc;

use super::confrontation::{Effect, FigureStats};
use super::game::GameMachine;
use super::{Document, SavedResolution};

/// A change to a game.
#[derive(Debug, Clone, PartialEq)]
pub enum GameEdit {
    /// Start a new resolution.
    AddResolution(SavedResolution),
    /// Answer the current prompt of resolution `index`.
    Answer {
        /// Which resolution.
        index: usize,
        /// The answer (checked by replaying before it is kept).
        answer: Answer,
    },
    /// Take back the last answer of resolution `index`.
    TakeBack {
        /// Which resolution.
        index: usize,
    },
    /// Remove resolution `index`.
    RemoveResolution(usize),
    /// Replace the notes.
    SetNotes(String),
    /// Change the table (terrain, markers, models, size).
    Table(feldherr_table::TableEdit),
    /// Add a war machine with a fresh state (Confrontation).
    AddMachine(feldherr_confrontation::MachineCard),
    /// Replace the card of machine `index` (its state is kept).
    UpdateMachineCard {
        /// Which machine.
        index: usize,
        /// The new card.
        card: feldherr_confrontation::MachineCard,
    },
    /// Replace the state of machine `index` (SP lost, markers, crew).
    SetMachineState {
        /// Which machine.
        index: usize,
        /// The new state.
        state: feldherr_confrontation::MachineState,
    },
    /// Remove machine `index`; refused while a resolution refers to it.
    RemoveMachine(usize),
    /// Apply the outcome of finished resolution `index` to its machine.
    ApplyResult(usize),
    /// Set (or with `None` forget) the RES, INI and level of figure piece
    /// `piece`.
    SetFigureStats {
        /// The piece id.
        piece: u64,
        /// The stats.
        stats: Option<FigureStats>,
    },
    /// Link machine `index` to the model piece that stands for it (or
    /// unlink it).
    LinkMachinePiece {
        /// Which machine.
        index: usize,
        /// The piece id.
        piece: Option<u64>,
    },
    /// A figure boards vehicle `index` (Transport: capacity, and in play
    /// the access side and a standing vehicle, are checked).
    Board {
        /// Which machine.
        index: usize,
        /// The figure.
        passenger: Passenger,
        /// The side it boards from; `None` when deployed aboard.
        side: Option<FacingArc>,
        /// Whether the vehicle is moving.
        moving: bool,
    },
    /// Passenger `passenger` leaves vehicle `index`.
    Leave {
        /// Which machine.
        index: usize,
        /// Which passenger.
        passenger: usize,
        /// The side it leaves from; `None` to just take it out (set-up).
        side: Option<FacingArc>,
        /// The vehicle halts for it (gives up its speed marker, no more
        /// movement this phase).
        stop: bool,
    },
}

/// A change to an event.
#[derive(Debug, Clone, PartialEq)]
pub enum EventEdit {
    /// Set the date.
    SetDate(String),
    /// Add a player.
    AddPlayer(Player),
    /// Replace player `index`.
    UpdatePlayer {
        /// Which player.
        index: usize,
        /// The new data.
        player: Player,
    },
    /// Remove player `index`.
    RemovePlayer(usize),
    /// Add a pairing to a battle game.
    AddPairing {
        /// Which game.
        game: BattleKind,
        /// The pairing (table and players).
        pairing: Pairing,
    },
    /// Remove pairing `index` of a battle game.
    RemovePairing {
        /// Which game.
        game: BattleKind,
        /// Which pairing.
        index: usize,
    },
    /// Enter, change or clear the result of a pairing.
    SetResult {
        /// Which game.
        game: BattleKind,
        /// Which pairing.
        index: usize,
        /// The result; `None` clears it.
        result: Option<BattleResult>,
    },
    /// Enter or clear the sled race result.
    SetSledRace(Option<SledRace>),
    /// Set the tie-breakers in the organiser's order.
    SetTieBreakers(Vec<EventTieBreaker>),
}

/// A change to any document.
#[derive(Debug, Clone, PartialEq)]
pub enum DocumentEdit {
    /// Rename the document.
    Rename(String),
    /// Change a game.
    Game(GameEdit),
    /// Change an event.
    Event(EventEdit),
}

impl DocumentEdit {
    /// Applies the edit; an error (naming what is wrong) changes nothing.
    pub fn apply(&self, document: &mut Document) -> Result<(), String> {
        match (self, document) {
            (DocumentEdit::Rename(name), doc) => {
                if name.trim().is_empty() {
                    return Err("name: must not be empty".into());
                }
                match doc {
                    Document::Game(game) => game.name = name.clone(),
                    Document::Event(event) => event.new_year.name = name.clone(),
                }
                Ok(())
            }
            (DocumentEdit::Game(edit), Document::Game(game)) => apply_game(edit, game),
            (DocumentEdit::Event(edit), Document::Event(event)) => {
                apply_event(edit, &mut event.new_year)
            }
            _ => Err("this edit does not fit this kind of document".into()),
        }
    }
}

fn resolution(game: &mut super::GameDoc, index: usize) -> Result<&mut SavedResolution, String> {
    let count = game.resolutions.len();
    game.resolutions
        .get_mut(index)
        .ok_or_else(|| format!("resolution {}: there are {count}", index + 1))
}

fn machine(game: &mut super::GameDoc, index: usize) -> Result<&mut GameMachine, String> {
    let count = game.machines.len();
    game.machines
        .get_mut(index)
        .ok_or_else(|| format!("machine {}: there are {count}", index + 1))
}

fn record_sp(m: &mut GameMachine) {
    let left = m.state.sp_left(&m.card);
    if m.sp_history.last() != Some(&left) {
        m.sp_history.push(left);
    }
}

fn apply_result(game: &mut super::GameDoc, index: usize) -> Result<(), String> {
    let saved = resolution(game, index)?.clone();
    let number = index + 1;
    if saved.resolver.applied() {
        return Err(format!("resolution {number}: already applied"));
    }
    let effects = saved
        .effects()
        .map_err(|e| format!("resolution {number}: {e}"))?;
    if saved.resolver.machines().is_empty() {
        return Err(format!("resolution {number}: has no machine to apply to"));
    }
    for effect in effects {
        match effect {
            Effect::LoseSp { machine: i, sp } => {
                let m = machine(game, i)?;
                m.state.lose_sp(&m.card, sp);
                record_sp(m);
            }
            Effect::RegainSp { machine: i, sp } => {
                let m = machine(game, i)?;
                if !m.state.destroyed {
                    m.state.regain_sp(sp);
                }
                record_sp(m);
            }
            Effect::RepairTried { machine: i } => machine(game, i)?.state.repair_tried = true,
            Effect::Jammed { machine: i } => machine(game, i)?.state.jammed = true,
            Effect::Markers {
                machine: i,
                markers,
            } => machine(game, i)?.state.steam = markers,
            Effect::Exploded { machine: i } => {
                let m = machine(game, i)?;
                let sp = m.card.sp();
                m.state.lose_sp(&m.card, sp);
                m.state.destroyed = true;
                record_sp(m);
            }
            Effect::PassengersGone { machine: i } => machine(game, i)?.passengers.clear(),
        }
    }
    game.resolutions[index].resolver.set_applied();
    Ok(())
}

fn hold_of(m: &GameMachine) -> Result<Hold, String> {
    let mut hold = Hold::for_card(&m.card).map_err(|e| e.to_string())?;
    for p in &m.passengers {
        hold.deploy(p.clone()).map_err(|e| e.to_string())?;
    }
    Ok(hold)
}

fn apply_game(edit: &GameEdit, game: &mut super::GameDoc) -> Result<(), String> {
    match edit {
        GameEdit::AddMachine(card) => game.machines.push(GameMachine::new(card.clone())),
        GameEdit::UpdateMachineCard { index, card } => {
            let m = machine(game, *index)?;
            m.card = card.clone();
            m.state.sp_lost = m.state.sp_lost.min(m.card.sp());
            record_sp(m);
        }
        GameEdit::SetMachineState { index, state } => {
            let m = machine(game, *index)?;
            m.state = state.clone();
            m.state.sp_lost = m.state.sp_lost.min(m.card.sp());
            record_sp(m);
        }
        GameEdit::RemoveMachine(index) => {
            machine(game, *index)?;
            if let Some(r) = game
                .resolutions
                .iter()
                .position(|r| r.resolver.machines().contains(index))
            {
                return Err(format!(
                    "machine {}: resolution {} refers to it",
                    index + 1,
                    r + 1
                ));
            }
            game.machines.remove(*index);
            for r in &mut game.resolutions {
                r.resolver.machine_removed(*index);
            }
        }
        GameEdit::SetFigureStats { piece, stats } => match stats {
            Some(stats) => {
                stats.check().map_err(|e| format!("figure {piece}: {e}"))?;
                game.figures.insert(*piece, *stats);
            }
            None => {
                game.figures.remove(piece);
            }
        },
        GameEdit::LinkMachinePiece { index, piece } => {
            if let Some(id) = piece {
                if game.table_or_default().piece(*id).is_none() {
                    return Err(format!("piece {id}: not on the table"));
                }
                if let Some(other) = game
                    .machines
                    .iter()
                    .position(|m| m.piece == Some(*id))
                    .filter(|o| o != index)
                {
                    return Err(format!(
                        "piece {id}: already stands for machine {}",
                        other + 1
                    ));
                }
            }
            machine(game, *index)?.piece = *piece;
        }
        GameEdit::Board {
            index,
            passenger,
            side,
            moving,
        } => {
            let m = machine(game, *index)?;
            if m.state.destroyed {
                return Err(format!("machine {}: destroyed", index + 1));
            }
            let mut hold = hold_of(m)?;
            match side {
                Some(side) => hold.board(passenger.clone(), *side, *moving),
                None => hold.deploy(passenger.clone()),
            }
            .map_err(|e| e.to_string())?;
            m.passengers.push(passenger.clone());
        }
        GameEdit::Leave {
            index,
            passenger,
            side,
            stop,
        } => {
            let m = machine(game, *index)?;
            let name = m
                .passengers
                .get(*passenger)
                .map(|p| p.name.clone())
                .ok_or_else(|| {
                    format!(
                        "passenger {}: there are {}",
                        passenger + 1,
                        m.passengers.len()
                    )
                })?;
            if let Some(side) = side {
                let mut hold = hold_of(m)?;
                let moving = m.state.speed_marker && !*stop;
                if *stop {
                    hold.stop_and_leave(&name, *side, &mut m.state)
                } else {
                    hold.leave(&name, *side, moving)
                }
                .map_err(|e| e.to_string())?;
            }
            m.passengers.remove(*passenger);
        }
        GameEdit::ApplyResult(index) => apply_result(game, *index)?,
        GameEdit::AddResolution(saved) => {
            saved.check()?;
            for m in saved.resolver.machines() {
                machine(game, m)?;
            }
            game.resolutions.push(saved.clone());
        }
        GameEdit::Answer { index, answer } => {
            let saved = resolution(game, *index)?;
            let mut next = saved.clone();
            next.answers.push(answer.clone());
            next.check()?;
            *saved = next;
        }
        GameEdit::TakeBack { index } => {
            let saved = resolution(game, *index)?;
            if saved.answers.pop().is_none() {
                return Err("nothing to take back".into());
            }
        }
        GameEdit::RemoveResolution(index) => {
            resolution(game, *index)?;
            game.resolutions.remove(*index);
        }
        GameEdit::SetNotes(notes) => game.notes = notes.clone(),
        GameEdit::Table(edit) => {
            let mut table = game.table_or_default();
            table.apply(edit.clone()).map_err(|e| e.to_string())?;
            game.table = Some(table);
        }
    }
    Ok(())
}

fn apply_event(edit: &EventEdit, event: &mut Event) -> Result<(), String> {
    let mut next = event.clone();
    let count = next.players.len();
    let missing =
        |what: &str, index: usize, count: usize| format!("{what} {}: there are {count}", index + 1);
    match edit {
        EventEdit::SetDate(date) => next.date = date.clone(),
        EventEdit::AddPlayer(player) => {
            if next.players.iter().any(|p| p.id == player.id) {
                return Err(format!("player id \"{}\" exists already", player.id));
            }
            next.players.push(player.clone());
        }
        EventEdit::UpdatePlayer { index, player } => {
            let slot = next
                .players
                .get_mut(*index)
                .ok_or_else(|| missing("player", *index, count))?;
            *slot = player.clone();
        }
        EventEdit::RemovePlayer(index) => {
            if *index >= count {
                return Err(missing("player", *index, count));
            }
            next.players.remove(*index);
        }
        EventEdit::AddPairing { game, pairing } => {
            game_mut(&mut next, *game).pairings.push(pairing.clone())
        }
        EventEdit::RemovePairing { game, index } => {
            let pairings = &mut game_mut(&mut next, *game).pairings;
            if *index >= pairings.len() {
                return Err(missing("pairing", *index, pairings.len()));
            }
            pairings.remove(*index);
        }
        EventEdit::SetResult {
            game,
            index,
            result,
        } => {
            let pairings = &mut game_mut(&mut next, *game).pairings;
            let len = pairings.len();
            let pairing = pairings
                .get_mut(*index)
                .ok_or_else(|| missing("pairing", *index, len))?;
            pairing.result = *result;
        }
        EventEdit::SetSledRace(race) => next.sled_race = race.clone(),
        EventEdit::SetTieBreakers(order) => next.tie_breakers = order.clone(),
    }
    // The event stays valid after every edit: a bad edit is refused with the
    // reason and changes nothing (N1-N7).
    next.validate().map_err(|e| e.to_string())?;
    *event = next;
    Ok(())
}

fn game_mut(event: &mut Event, game: BattleKind) -> &mut feldherr_wfb_newyear::BattleGame {
    match game {
        BattleKind::RaeuberWarhammer => &mut event.raeuber_warhammer,
        BattleKind::NewYearScenario => &mut event.new_year_scenario,
    }
}
