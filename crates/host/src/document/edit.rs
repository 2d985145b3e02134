//! Every change a screen (or the command line, or a server) can make to a
//! document. Edits are applied once, in place: the document is cloned once
//! before (the undo snapshot, and what a refused edit is restored from),
//! never tried on a copy first.

use feldherr_dice::step::Answer;
use feldherr_play::Role;

use super::{Document, EventDoc, GameDoc, HostedGame};
use crate::HostError;
use crate::registry::{SystemEdit, SystemEventEdit};

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
        role: Role,
        /// The game's name.
        name: String,
    },
    /// Change the game hosted in `role`; its report then feeds the event.
    Hosted {
        /// The role.
        role: Role,
        /// The change.
        edit: GameEdit,
    },
    /// A change to the sharing state (issue 30): table codes, a reported
    /// result, the organiser's confirmation, a round closed.
    Sharing(super::sharing::SharingEdit),
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
    /// Applies the edit. On error the document is as before (restored
    /// from the one snapshot taken).
    ///
    /// # Errors
    /// What the rules, the table or the document refuse.
    pub fn apply(&self, document: &mut Document) -> Result<(), HostError> {
        self.apply_keeping(document).map(drop)
    }

    /// Applies the edit and returns the document as it was before (the
    /// undo snapshot: the only clone an edit makes). On error the document
    /// is as before.
    ///
    /// # Errors
    /// What the rules, the table or the document refuse.
    pub fn apply_keeping(&self, document: &mut Document) -> Result<Document, HostError> {
        let before = document.clone();
        match self.apply_in_place(document) {
            Ok(()) => Ok(before),
            Err(e) => {
                *document = before;
                Err(e)
            }
        }
    }

    /// Applies the edit in place; on error the document may be partly
    /// changed (the callers above restore it).
    fn apply_in_place(&self, document: &mut Document) -> Result<(), HostError> {
        match (self, document) {
            (DocumentEdit::Rename(name), doc) => {
                if name.trim().is_empty() {
                    return Err(HostError::EmptyName);
                }
                match doc {
                    Document::Game(game) => game.name.clone_from(name),
                    Document::Event(event) => event.event.rename(name)?,
                }
                Ok(())
            }
            (DocumentEdit::Game(edit), Document::Game(game)) => edit.apply_in_place(game),
            (DocumentEdit::Event(edit), Document::Event(event)) => edit.apply_in_place(event),
            (edit, doc) => Err(HostError::WrongKind {
                expected: match edit {
                    DocumentEdit::Event(_) => "an event",
                    _ => "a game",
                }
                .to_owned(),
                found: format!("a {}", doc.kind()),
            }),
        }
    }
}

impl GameEdit {
    /// Applies the edit in place. Every part is all or nothing (the
    /// contract of `Game::apply`, table edits and answers), so a refused
    /// edit leaves the game as it was, but for a default table put in.
    ///
    /// # Errors
    /// What the rules or the table refuse.
    pub fn apply_in_place(&self, doc: &mut GameDoc) -> Result<(), HostError> {
        match self {
            GameEdit::Answer { index, answer } => doc
                .game
                .resolutions_mut()
                .answer_at(*index, answer.clone())?,
            GameEdit::TakeBack { index } => {
                if !doc.game.resolutions_mut().take_back_at(*index)? {
                    return Err(HostError::NothingToTakeBack);
                }
            }
            GameEdit::RemoveResolution(index) => {
                doc.game.resolutions_mut().remove_at(*index)?;
            }
            GameEdit::Rename(name) => {
                if name.trim().is_empty() {
                    return Err(HostError::EmptyName);
                }
                doc.name.clone_from(name);
            }
            GameEdit::SetNotes(notes) => doc.notes.clone_from(notes),
            GameEdit::Table(edit) => {
                // The game is asked first: a running game may refuse a
                // hand edit of a piece it reads (a race's track).
                let GameDoc { game, table, .. } = &mut *doc;
                let table = table.get_or_insert_with(|| game.default_table());
                game.check_table_edit(edit, table)?;
                doc.table_mut()
                    .apply(edit.clone())
                    .map_err(feldherr_play::PlayError::from)?;
            }
            GameEdit::System(edit) => {
                let GameDoc { game, table, .. } = doc;
                let table = table.get_or_insert_with(|| game.default_table());
                game.apply(edit, table)?;
            }
        }
        Ok(())
    }
}

impl EventEdit {
    /// Applies the edit in place; a hosted game's report then feeds the
    /// event. On error the event may be partly changed: callers restore it
    /// (see [`DocumentEdit::apply`]).
    ///
    /// # Errors
    /// What the event's rules, the hosted game's or the document refuse.
    pub fn apply_in_place(&self, doc: &mut EventDoc) -> Result<(), HostError> {
        match self {
            EventEdit::Event(edit) => doc.event.apply(edit)?,
            EventEdit::Sharing(edit) => doc.apply_sharing(edit)?,
            EventEdit::Host { role, name } => {
                if doc.hosted(role).is_some() {
                    return Err(HostError::AlreadyHosted { role: role.clone() });
                }
                let slot = doc
                    .event
                    .slots()
                    .into_iter()
                    .find(|s| s.role == *role)
                    .ok_or_else(|| HostError::NoSuchRole { role: role.clone() })?;
                let mut game = GameDoc::new(name.clone(), slot.system).ok_or_else(|| {
                    HostError::UnknownSystem {
                        id: slot.system.to_owned(),
                    }
                })?;
                let GameDoc {
                    game: played,
                    table,
                    ..
                } = &mut game;
                let table = table.get_or_insert_with(|| played.default_table());
                played.seat_with(&slot.names(), slot.terms.as_ref(), table)?;
                doc.hosted.push(HostedGame {
                    role: role.clone(),
                    seats: slot.players,
                    game,
                });
            }
            EventEdit::Hosted { role, edit } => {
                let hosted = doc
                    .hosted
                    .iter_mut()
                    .find(|h| h.role == *role)
                    .ok_or_else(|| HostError::NotHosted { role: role.clone() })?;
                edit.apply_in_place(&mut hosted.game)?;
                let hosted: &HostedGame = hosted;
                if let Some(report) = hosted.game.game.report()
                    && let Some(fed) = doc.event.feed(role, &hosted.seats, &report)?
                {
                    doc.event.apply(&fed)?;
                }
            }
        }
        Ok(())
    }
}
