//! Every change a screen can make to a document. Screens emit edits; the
//! app applies them after the frame through the open document's history,
//! so that each one can be undone and is saved at once.

use feldherr_dice::step::Answer;

use super::{Document, EventDoc, GameDoc};
use crate::systems::{SystemEdit, SystemEventEdit};

/// A change to a game.
#[derive(Debug, Clone, PartialEq)]
pub enum GameEdit {
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
    /// Remove resolution `index` (refused once its result is applied).
    RemoveResolution(usize),
    /// Rename the game (a game an event hosts is renamed through this;
    /// a game of its own through [`DocumentEdit::Rename`]).
    Rename(String),
    /// Replace the notes.
    SetNotes(String),
    /// Change the table (terrain, markers, models, size).
    Table(feldherr_table::TableEdit),
    /// A change the rule system defines.
    System(SystemEdit),
}

/// A change to an event.
#[derive(Debug, Clone, PartialEq)]
pub enum EventEdit {
    /// A change the kind of event defines.
    Event(SystemEventEdit),
    /// Start hosting a new game of the role's system in `role`.
    Host {
        /// The role, one of the event's slots.
        role: String,
        /// The game's name.
        name: String,
    },
    /// Change the game hosted in `role`; its report then feeds the event.
    Hosted {
        /// The role.
        role: String,
        /// The change.
        edit: GameEdit,
    },
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
                    Document::Event(event) => {
                        event.event.rename(name).map_err(|e| e.to_string())?;
                    }
                }
                Ok(())
            }
            (DocumentEdit::Game(edit), Document::Game(game)) => apply_game(edit, game),
            (DocumentEdit::Event(edit), Document::Event(event)) => apply_event(edit, event),
            _ => Err("this edit does not fit this kind of document".into()),
        }
    }
}

/// Applies a game edit; on error the game is unchanged.
pub fn apply_game(edit: &GameEdit, doc: &mut GameDoc) -> Result<(), String> {
    let mut next = doc.clone();
    let text = |e: feldherr_play::PlayError| e.to_string();
    match edit {
        GameEdit::Answer { index, answer } => next
            .game
            .resolutions_mut()
            .answer_at(*index, answer.clone())
            .map_err(text)?,
        GameEdit::TakeBack { index } => {
            if !next
                .game
                .resolutions_mut()
                .take_back_at(*index)
                .map_err(text)?
            {
                return Err("nothing to take back".into());
            }
        }
        GameEdit::RemoveResolution(index) => {
            next.game
                .resolutions_mut()
                .remove_at(*index)
                .map_err(text)?;
        }
        GameEdit::Rename(name) => {
            if name.trim().is_empty() {
                return Err("name: must not be empty".into());
            }
            next.name = name.clone();
        }
        GameEdit::SetNotes(notes) => next.notes = notes.clone(),
        GameEdit::Table(edit) => {
            let mut table = next.table_or_default();
            table.apply(edit.clone()).map_err(|e| e.to_string())?;
            next.table = Some(table);
        }
        GameEdit::System(edit) => {
            let mut table = next.table_or_default();
            next.game.apply(edit, &mut table).map_err(text)?;
            next.table = Some(table);
        }
    }
    *doc = next;
    Ok(())
}

fn apply_event(edit: &EventEdit, doc: &mut EventDoc) -> Result<(), String> {
    let mut next = doc.clone();
    match edit {
        EventEdit::Event(edit) => next.event.apply(edit).map_err(|e| e.to_string())?,
        EventEdit::Host { role, name } => {
            if next.hosted(role).is_some() {
                return Err(format!("the event hosts a game as \"{role}\" already"));
            }
            let slot = next
                .event
                .slots()
                .into_iter()
                .find(|s| s.role == *role)
                .ok_or_else(|| format!("the event has no role \"{role}\""))?;
            let mut game = GameDoc::new(name.clone(), slot.system)
                .ok_or_else(|| format!("no rule system \"{}\"", slot.system))?;
            let mut table = game.table_or_default();
            game.game
                .seat(&slot.players, &mut table)
                .map_err(|e| format!("hosted \"{role}\": {e}"))?;
            game.table = Some(table);
            next.hosted.push(super::HostedGame {
                role: role.clone(),
                game,
            });
        }
        EventEdit::Hosted { role, edit } => {
            let hosted = next
                .hosted
                .iter_mut()
                .find(|h| h.role == *role)
                .ok_or_else(|| format!("the event hosts no game as \"{role}\""))?;
            apply_game(edit, &mut hosted.game)?;
            if let Some(report) = hosted.game.game.report() {
                let fed = next.event.feed(role, &report).map_err(|e| e.to_string())?;
                if let Some(fed) = fed {
                    next.event.apply(&fed).map_err(|e| e.to_string())?;
                }
            }
        }
    }
    *doc = next;
    Ok(())
}
