//! The registry: one line per rule system and per kind of event (in
//! `systems.rs`), and what the host does with any of them: the saved types
//! with their `system` / `event` tags, their edits, and the dispatch of the
//! contract's methods, record sheets, standings and event sheets.
//!
//! Nothing here names a rule system: the lines in `systems.rs` do, and
//! `schema_v1.rs` (the system ids of schema 1).

pub(crate) mod schema_v1;
mod systems;

use feldherr_play::{Catalogue, EventRules, Game, Lang, OddsCommand};
use feldherr_scoring::StandingsTable;
use feldherr_sheet::{Document as SheetDocument, NamedSheet, SheetOptions};
use feldherr_table::{Table, TableEdit};
use serde::Serialize;

use crate::HostError;

/// What the host needs of a rule system's game beyond the contract of
/// [`feldherr_play::Game`]. Implemented for each registered game in
/// `systems.rs`.
pub trait HostedGame: Game {
    /// Catalogue key prefix of the system: `<key>.name` is its name.
    const KEY: &'static str;

    /// Whether [`HostedGame::record_sheet`] gives a sheet.
    const HAS_RECORD_SHEET: bool = false;

    /// The game's record sheet, named `name`; `None` for a system that
    /// keeps none.
    fn record_sheet(
        &self,
        table: &Table,
        name: &str,
        words: &Catalogue,
        options: SheetOptions,
    ) -> Option<Result<SheetDocument, HostError>> {
        let _ = (table, name, words, options);
        None
    }

    /// The system's odds commands (`feldherr odds <name>`).
    fn odds_commands() -> &'static [OddsCommand] {
        &[]
    }
}

/// What the host needs of a kind of event beyond the contract of
/// [`feldherr_play::EventRules`]. Implemented for each registered kind in
/// `systems.rs`.
pub trait HostedEvent: EventRules {
    /// The system whose start card offers this kind of event.
    const OFFERED_BY: &'static str;

    /// A new, empty event named `name`.
    fn new_named(name: &str) -> Self;

    /// The event from a bare event file of this kind (not wrapped in a
    /// Feldherr document); `None` when the text is not of this kind.
    fn from_bare(text: &str) -> Option<Result<Self, HostError>>;

    /// The standings as one typed table, in the language of `words`.
    ///
    /// # Errors
    /// The event's refusal when its results do not add up.
    fn standings_table(&self, words: &Catalogue) -> Result<StandingsTable, HostError>;

    /// Every sheet of the event, in print order.
    ///
    /// # Errors
    /// The event's refusal, or a sheet that cannot be laid out.
    fn sheets(
        &self,
        words: &Catalogue,
        options: SheetOptions,
        codes: TableCodes<'_>,
    ) -> Result<Vec<NamedSheet>, HostError>;
}

/// The code of a table of a shared event, by the round's key (as the
/// event's result entry names its rounds) and the table's number: printed
/// on the table's slip and the pairings sheets. `None` when the event is
/// not shared.
pub type TableCodes<'a> = &'a dyn Fn(&str, u32) -> Option<String>;

/// What the host knows of a rule system without a game of it.
#[derive(Debug, Clone, Copy)]
pub struct SystemInfo {
    /// The `system` tag of its games.
    pub id: &'static str,
    /// Catalogue key prefix: `<key>.name` is its name.
    pub key: &'static str,
    /// The message catalogue of its rule crate.
    pub messages: fn(Lang) -> &'static str,
    /// Whether it keeps a record sheet of a game.
    pub record_sheet: bool,
    /// Its odds commands.
    pub odds: fn() -> &'static [OddsCommand],
}

/// What the host knows of a kind of event.
#[derive(Debug, Clone, Copy)]
pub struct EventKindInfo {
    /// The `event` tag of its events.
    pub id: &'static str,
    /// The system whose start card offers it.
    pub offered_by: &'static str,
}

/// A game as saved: its `system` tag first, so a reader can type the
/// rest straight from the text.
#[derive(Serialize)]
struct WithSystem<'a, T> {
    system: &'a str,
    #[serde(flatten)]
    game: &'a T,
}

/// An event as saved: its `event` tag first (see [`WithSystem`]).
#[derive(Serialize)]
struct WithEvent<'a, T> {
    event: &'a str,
    #[serde(flatten)]
    body: &'a T,
}

/// Types a gathered body (a game or event whose tag was not first),
/// keeping the path of a bad field in the message.
fn typed_value<E: serde::de::Error, T: serde::de::DeserializeOwned>(
    body: serde_json::Value,
) -> Result<T, E> {
    serde_path_to_error::deserialize(body).map_err(|e| {
        let path = e.path().to_string();
        if path == "." {
            E::custom(e.into_inner())
        } else {
            E::custom(format!("{path}: {}", e.into_inner()))
        }
    })
}

/// Generates [`SystemGame`], [`SystemEdit`], [`SYSTEMS`] and their
/// dispatch from one line per system: variant, saved tag and game type
/// (which implements [`HostedGame`]).
macro_rules! games {
    ($($variant:ident = $id:literal => $game:ty;)*) => {
        /// One game of any rule system, saved as its fields plus a
        /// `system` tag.
        #[derive(Debug, Clone, PartialEq)]
        pub enum SystemGame {
            $(
                #[doc = concat!("A game of `", $id, "`.")]
                $variant(Box<$game>),
            )*
        }

        impl Serialize for SystemGame {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                match self {
                    $(SystemGame::$variant(game) => WithSystem { system: $id, game: &**game }.serialize(serializer),)*
                }
            }
        }

        impl<'de> Deserialize<'de> for SystemGame {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                /// Reads the `system` tag, then the game.
                struct Tagged;

                impl<'de> serde::de::Visitor<'de> for Tagged {
                    type Value = SystemGame;

                    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        f.write_str("a game with its `system` tag")
                    }

                    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<SystemGame, A::Error> {
                        let unknown = |other: &str| serde::de::Error::custom(format!(
                            "system: \"{other}\" is not a rule system (known: {})",
                            [$($id),*].join(", ")
                        ));
                        let first: Option<String> = map.next_key()?;
                        if first.as_deref() == Some("system") {
                            // As Feldherr writes it: the tag first, then the
                            // game read straight from the text.
                            let id: String = map.next_value()?;
                            return match id.as_str() {
                                $($id => crate::document::stream::rest_as::<$game, A>(map, &[])
                                    .map(|g| SystemGame::$variant(Box::new(g))),)*
                                other => Err(unknown(other)),
                            };
                        }
                        // The tag elsewhere: gather the object, then type it.
                        let mut object = serde_json::Map::new();
                        if let Some(key) = first {
                            let value: serde_json::Value = map.next_value()?;
                            object.insert(key, value);
                        }
                        while let Some((key, value)) = map.next_entry::<String, serde_json::Value>()? {
                            object.insert(key, value);
                        }
                        let id = match object.remove("system") {
                            Some(serde_json::Value::String(id)) => id,
                            Some(other) => return Err(serde::de::Error::custom(format!("system: {other} is not a name"))),
                            None => return Err(serde::de::Error::custom("system: missing")),
                        };
                        let body = serde_json::Value::Object(object);
                        match id.as_str() {
                            $($id => typed_value::<A::Error, $game>(body).map(|g| SystemGame::$variant(Box::new(g))),)*
                            other => Err(unknown(other)),
                        }
                    }
                }

                deserializer.deserialize_map(Tagged)
            }
        }

        /// Which rule system, without a game: a host with screens matches
        /// on it (without a wildcard), so a system registered here without
        /// screens there does not compile.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum SystemId {
            $(
                #[doc = concat!("`", $id, "`.")]
                $variant,
            )*
        }

        impl SystemId {
            /// Every system, in start-screen order.
            pub const ALL: &[SystemId] = &[$(SystemId::$variant),*];

            /// The system's id (its `system` tag).
            pub fn tag(self) -> &'static str {
                match self {
                    $(SystemId::$variant => $id,)*
                }
            }

            /// The system of tag `tag`.
            pub fn of_tag(tag: &str) -> Option<SystemId> {
                match tag {
                    $($id => Some(SystemId::$variant),)*
                    _ => None,
                }
            }

            /// What the host knows of the system.
            pub fn info(self) -> &'static SystemInfo {
                let index = Self::ALL.iter().position(|s| *s == self).unwrap_or(0);
                &SYSTEMS[index]
            }
        }

        /// An edit of any rule system's game.
        #[derive(Debug, Clone, PartialEq)]
        pub enum SystemEdit {
            $(
                #[doc = concat!("An edit of a `", $id, "` game.")]
                $variant(<$game as Game>::Edit),
            )*
        }

        $(
            impl Registered for $game {
                fn of(game: &SystemGame) -> Option<&Self> {
                    match game {
                        SystemGame::$variant(game) => Some(game),
                        #[allow(unreachable_patterns, reason = "one system would have no other")]
                        _ => None,
                    }
                }

                fn wrap(edit: Self::Edit) -> SystemEdit {
                    SystemEdit::$variant(edit)
                }
            }
        )*

        /// Every system, in start-screen order.
        pub const SYSTEMS: &[SystemInfo] = &[$(SystemInfo {
            id: $id,
            key: <$game as HostedGame>::KEY,
            messages: <$game as Game>::messages,
            record_sheet: <$game as HostedGame>::HAS_RECORD_SHEET,
            odds: <$game as HostedGame>::odds_commands,
        }),*];

        impl SystemGame {
            /// A fresh game of system `id` with its default names in the
            /// language of `words` ([`Game::new_game_in`]).
            pub fn new_of_in(id: &str, words: &feldherr_play::Catalogue) -> Option<SystemGame> {
                match id {
                    $($id => Some(SystemGame::$variant(Box::new(<$game as Game>::new_game_in(words)))),)*
                    _ => None,
                }
            }

            /// Why the saved game `saved` (its JSON with the `system`
            /// tag) is refused on loading, as its system's typed error
            /// ([`Game::load_refusal`]); `None` when the system knows of no
            /// such refusal (or `saved` is not a game).
            pub fn load_refusal(saved: &serde_json::Value) -> Option<PlayError> {
                let mut body = saved.as_object()?.clone();
                let id = match body.remove("system")? {
                    serde_json::Value::String(id) => id,
                    _ => return None,
                };
                let body = serde_json::Value::Object(body);
                match id.as_str() {
                    $($id => <$game as Game>::load_refusal(&body),)*
                    _ => None,
                }
            }

            /// A new game of system `id`; `None` for an unknown id.
            pub fn new_of(id: &str) -> Option<SystemGame> {
                match id {
                    $($id => Some(SystemGame::$variant(Box::new(<$game as Game>::new_game()))),)*
                    _ => None,
                }
            }

            /// The system's id (its `system` tag).
            pub fn id(&self) -> &'static str {
                match self {
                    $(SystemGame::$variant(_) => $id,)*
                }
            }

            /// Which system.
            pub fn system(&self) -> SystemId {
                match self {
                    $(SystemGame::$variant(_) => SystemId::$variant,)*
                }
            }

            /// What the host knows of the system.
            pub fn info(&self) -> &'static SystemInfo {
                self.system().info()
            }

            /// The system's table rules.
            pub fn table_rules(&self) -> TableRules {
                match self {
                    $(SystemGame::$variant(_) => <$game as Game>::table_rules(),)*
                }
            }

            /// The system's default table (G2).
            pub fn default_table(&self) -> Table {
                match self {
                    $(SystemGame::$variant(_) => <$game as Game>::default_table(),)*
                }
            }

            /// Applies a system edit; refused when it is another system's.
            ///
            /// # Errors
            /// The system's refusal, or [`HostError::WrongKind`].
            pub fn apply(&mut self, edit: &SystemEdit, table: &mut Table) -> Result<(), HostError> {
                match (self, edit) {
                    $((SystemGame::$variant(game), SystemEdit::$variant(edit)) => Ok(Game::apply(&mut **game, edit, table)?),)*
                    #[allow(unreachable_patterns, reason = "one system would have no other")]
                    (game, edit) => Err(HostError::WrongKind {
                        expected: format!("a {} game", edit.system()),
                        found: format!("a {} game", game.id()),
                    }),
                }
            }

            /// Whether `edit` would be accepted, without changing anything
            /// (the game and its table are tried on a copy: for forms that
            /// say why before the click, not for applying).
            ///
            /// # Errors
            /// What [`SystemGame::apply`] would refuse.
            pub fn check(&self, edit: &SystemEdit, table: &Table) -> Result<(), HostError> {
                let mut game = self.clone();
                let mut table = table.clone();
                game.apply(edit, &mut table)
            }

            /// Whether the game lets the user make `edit` to its table
            /// now ([`Game::check_table_edit`]).
            ///
            /// # Errors
            /// The system's refusal.
            pub fn check_table_edit(&self, edit: &TableEdit, table: &Table) -> Result<(), PlayError> {
                match self {
                    $(SystemGame::$variant(game) => Game::check_table_edit(&**game, edit, table),)*
                }
            }

            /// The game's problems against its table.
            pub fn problems(&self, table: &Table) -> Vec<Problem> {
                match self {
                    $(SystemGame::$variant(game) => Game::problems(&**game, table),)*
                }
            }

            /// The saved resolutions.
            pub fn resolutions(&self) -> &dyn ResolutionList {
                match self {
                    $(SystemGame::$variant(game) => Game::resolutions(&**game),)*
                }
            }

            /// The saved resolutions, to answer them.
            pub fn resolutions_mut(&mut self) -> &mut dyn ResolutionList {
                match self {
                    $(SystemGame::$variant(game) => Game::resolutions_mut(&mut **game),)*
                }
            }

            /// Seats the players an event names for a game it hosts.
            ///
            /// # Errors
            /// The system's refusal.
            pub fn seat(&mut self, players: &[String], table: &mut Table) -> Result<(), PlayError> {
                match self {
                    $(SystemGame::$variant(game) => Game::seat(&mut **game, players, table),)*
                }
            }

            /// Seats the players an event names for a game it hosts, with
            /// the terms the event prescribes for it (the slot's `terms`).
            ///
            /// # Errors
            /// The system's refusal.
            pub fn seat_with(
                &mut self,
                players: &[String],
                terms: Option<&serde_json::Value>,
                table: &mut Table,
            ) -> Result<(), PlayError> {
                match self {
                    $(SystemGame::$variant(game) => Game::seat_with(&mut **game, players, terms, table),)*
                }
            }

            /// What the game reports to an event.
            pub fn report(&self) -> Option<GameReport> {
                match self {
                    $(SystemGame::$variant(game) => Game::report(&**game),)*
                }
            }

            /// The game's record sheet, named `name`.
            ///
            /// # Errors
            /// [`HostError::NoRecordSheet`] for a system that keeps none, or
            /// the sheet's error.
            pub fn record_sheet(
                &self,
                table: &Table,
                name: &str,
                words: &Catalogue,
                options: SheetOptions,
            ) -> Result<SheetDocument, HostError> {
                let sheet = match self {
                    $(SystemGame::$variant(game) => HostedGame::record_sheet(&**game, table, name, words, options),)*
                };
                sheet.unwrap_or_else(|| Err(HostError::NoRecordSheet {
                    system: self.id().to_owned(),
                }))
            }

            /// Whether the system keeps a record sheet of a game.
            pub fn has_record_sheet(&self) -> bool {
                self.info().record_sheet
            }
        }

        impl SystemEdit {
            /// The system the edit is for.
            pub fn system(&self) -> &'static str {
                match self {
                    $(SystemEdit::$variant(_) => $id,)*
                }
            }
        }

        #[cfg(test)]
        mod game_ids {
            use super::*;

            #[test]
            fn every_tag_is_its_games_system_id() {
                $(assert_eq!($id, <$game as Game>::SYSTEM);)*
                let ids: Vec<&str> = SYSTEMS.iter().map(|s| s.id).collect();
                assert_eq!(ids, [$($id),*]);
            }
        }
    };
}

/// A registered game type: it finds itself in a [`SystemGame`], and its
/// edits become [`SystemEdit`]s. The typed adapter of a host's screens
/// (`ctx.game()`, `ctx.edit(..)`) rests on it.
pub trait Registered: HostedGame {
    /// The game inside `game`, if it is of this system.
    fn of(game: &SystemGame) -> Option<&Self>;

    /// The edit as an edit of any system.
    fn wrap(edit: Self::Edit) -> SystemEdit;
}

/// Generates [`SystemEvent`] and [`SystemEventEdit`] from one line per kind
/// of event: variant, saved tag and event type (which implements
/// [`HostedEvent`]).
macro_rules! events {
    ($($variant:ident = $id:literal => $event:ty;)*) => {
        /// An event of any kind, saved as its fields plus an `event` tag.
        #[derive(Debug, Clone, PartialEq)]
        #[allow(clippy::large_enum_variant, reason = "one event is open at a time per tab; whether the kinds differ much in size depends on which are registered")]
        pub enum SystemEvent {
            $(
                #[doc = concat!("An event of kind `", $id, "`.")]
                $variant($event),
            )*
        }

        impl Serialize for SystemEvent {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                match self {
                    $(SystemEvent::$variant(event) => WithEvent { event: $id, body: event }.serialize(serializer),)*
                }
            }
        }

        impl<'de> Deserialize<'de> for SystemEvent {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                /// Reads the `event` tag, then the event.
                struct Tagged;

                impl<'de> serde::de::Visitor<'de> for Tagged {
                    type Value = SystemEvent;

                    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        f.write_str("an event with its `event` tag")
                    }

                    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<SystemEvent, A::Error> {
                        let unknown = |other: &str| serde::de::Error::custom(format!(
                            "event: \"{other}\" is not a kind of event (known: {})",
                            [$($id),*].join(", ")
                        ));
                        let first: Option<String> = map.next_key()?;
                        if first.as_deref() == Some("event") {
                            let id: String = map.next_value()?;
                            return match id.as_str() {
                                $($id => crate::document::stream::rest_as::<$event, A>(map, &[])
                                    .map(SystemEvent::$variant),)*
                                other => Err(unknown(other)),
                            };
                        }
                        let mut object = serde_json::Map::new();
                        if let Some(key) = first {
                            let value: serde_json::Value = map.next_value()?;
                            object.insert(key, value);
                        }
                        while let Some((key, value)) = map.next_entry::<String, serde_json::Value>()? {
                            object.insert(key, value);
                        }
                        let id = match object.remove("event") {
                            Some(serde_json::Value::String(id)) => id,
                            Some(other) => return Err(serde::de::Error::custom(format!("event: {other} is not a name"))),
                            None => return Err(serde::de::Error::custom("event: missing")),
                        };
                        let body = serde_json::Value::Object(object);
                        match id.as_str() {
                            $($id => typed_value::<A::Error, $event>(body).map(SystemEvent::$variant),)*
                            other => Err(unknown(other)),
                        }
                    }
                }

                deserializer.deserialize_map(Tagged)
            }
        }

        /// An edit of any kind of event.
        #[derive(Debug, Clone, PartialEq)]
        pub enum SystemEventEdit {
            $(
                #[doc = concat!("An edit of a `", $id, "` event.")]
                $variant(<$event as EventRules>::Edit),
            )*
        }

        /// Every kind of event, in start-screen order.
        pub const EVENT_KINDS: &[EventKindInfo] = &[$(EventKindInfo {
            id: $id,
            offered_by: <$event as HostedEvent>::OFFERED_BY,
        }),*];

        /// Which kind of event, without an event: a host with screens
        /// matches on it (without a wildcard), so a kind registered here
        /// without screens there does not compile.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum EventKindId {
            $(
                #[doc = concat!("`", $id, "`.")]
                $variant,
            )*
        }

        impl EventKindId {
            /// Every kind, in start-screen order.
            pub const ALL: &[EventKindId] = &[$(EventKindId::$variant),*];

            /// The kind's id (its `event` tag).
            pub fn tag(self) -> &'static str {
                match self {
                    $(EventKindId::$variant => $id,)*
                }
            }

            /// The kind of tag `tag`.
            pub fn of_tag(tag: &str) -> Option<EventKindId> {
                match tag {
                    $($id => Some(EventKindId::$variant),)*
                    _ => None,
                }
            }
        }

        impl SystemEvent {
            /// The kind's id (its `event` tag).
            pub fn id(&self) -> &'static str {
                match self {
                    $(SystemEvent::$variant(_) => $id,)*
                }
            }

            /// Which kind of event.
            pub fn kind(&self) -> EventKindId {
                match self {
                    $(SystemEvent::$variant(_) => EventKindId::$variant,)*
                }
            }

            /// The event's name.
            pub fn name(&self) -> &str {
                match self {
                    $(SystemEvent::$variant(event) => EventRules::name(event),)*
                }
            }

            /// Renames the event.
            ///
            /// # Errors
            /// The kind's refusal (an empty or too long name).
            pub fn rename(&mut self, name: &str) -> Result<(), PlayError> {
                match self {
                    $(SystemEvent::$variant(event) => EventRules::rename(event, name),)*
                }
            }

            /// Applies an edit; refused when it is another kind's.
            ///
            /// # Errors
            /// The kind's refusal, or [`HostError::WrongKind`].
            pub fn apply(&mut self, edit: &SystemEventEdit) -> Result<(), HostError> {
                match (self, edit) {
                    $((SystemEvent::$variant(event), SystemEventEdit::$variant(edit)) => Ok(EventRules::apply(event, edit)?),)*
                    #[allow(unreachable_patterns, reason = "whether this arm is reachable depends on how many kinds are registered")]
                    (event, _) => Err(HostError::WrongKind {
                        expected: "another kind of event".to_owned(),
                        found: format!("a {} event", event.id()),
                    }),
                }
            }

            /// The event's problems.
            pub fn problems(&self) -> Vec<Problem> {
                match self {
                    $(SystemEvent::$variant(event) => EventRules::problems(event),)*
                }
            }

            /// The standings as one typed table.
            ///
            /// # Errors
            /// The event's refusal when its results do not add up.
            pub fn standings_table(&self, words: &Catalogue) -> Result<StandingsTable, HostError> {
                match self {
                    $(SystemEvent::$variant(event) => HostedEvent::standings_table(event, words),)*
                }
            }

            /// Every sheet of the event.
            ///
            /// # Errors
            /// The event's refusal, or a sheet that cannot be laid out.
            pub fn sheets(
                &self,
                words: &Catalogue,
                options: SheetOptions,
                codes: TableCodes<'_>,
            ) -> Result<Vec<NamedSheet>, HostError> {
                match self {
                    $(SystemEvent::$variant(event) => HostedEvent::sheets(event, words, options, codes),)*
                }
            }

            /// A new event of kind `id`; `None` for an unknown kind.
            pub fn new_of(id: &str, name: &str) -> Option<SystemEvent> {
                match id {
                    $($id => Some(SystemEvent::$variant(<$event as HostedEvent>::new_named(name))),)*
                    _ => None,
                }
            }

            /// An event from a bare event file of any kind.
            pub fn from_bare(text: &str) -> Option<Result<SystemEvent, HostError>> {
                $(
                    if let Some(event) = <$event as HostedEvent>::from_bare(text) {
                        return Some(event.map(SystemEvent::$variant));
                    }
                )*
                None
            }

            /// The games it can host.
            pub fn slots(&self) -> Vec<HostedSlot> {
                match self {
                    $(SystemEvent::$variant(event) => EventRules::slots(event),)*
                }
            }

            /// The tables whose results players may report (issue 30).
            pub fn entry_tables(&self) -> Vec<feldherr_play::EntryTable> {
                match self {
                    $(SystemEvent::$variant(event) => EventRules::entry_tables(event),)*
                }
            }

            /// A reported result checked, with its event points and the
            /// edit that records it.
            ///
            /// # Errors
            /// The kind's refusal (a bad value, an unknown table, a kind
            /// that takes no reported results).
            pub fn check_report(&self, round: &str, table: u32, values: &feldherr_play::ReportValues) -> Result<feldherr_play::ReportCheck<SystemEventEdit>, PlayError> {
                match self {
                    $(SystemEvent::$variant(event) => {
                        let check = EventRules::check_report(event, round, table, values)?;
                        Ok(feldherr_play::ReportCheck { points: check.points, edit: SystemEventEdit::$variant(check.edit) })
                    })*
                }
            }

            /// The edit that takes a hosted game's report in.
            ///
            /// # Errors
            /// The kind's refusal (a report that does not fit the role).
            pub fn feed(&self, role: &feldherr_play::Role, seats: &[feldherr_play::Seat], report: &GameReport) -> Result<Option<SystemEventEdit>, PlayError> {
                match self {
                    $(SystemEvent::$variant(event) => Ok(EventRules::feed(event, role, seats, report)?.map(SystemEventEdit::$variant)),)*
                }
            }
        }

        #[cfg(test)]
        mod event_ids {
            use super::*;

            #[test]
            fn every_tag_is_its_events_kind() {
                $(assert_eq!($id, <$event as EventRules>::KIND);)*
            }
        }
    };
}

use events;
use games;

/// What the host knows of system `id`.
pub fn info(id: &str) -> Option<&'static SystemInfo> {
    SYSTEMS.iter().find(|s| s.id == id)
}

/// Every system's rule-crate messages and the step protocol's, for a
/// language (JSON texts, merged by the caller).
pub fn messages(lang: Lang) -> Vec<&'static str> {
    let mut out = vec![feldherr_play::step_messages(lang)];
    out.extend(SYSTEMS.iter().map(|s| (s.messages)(lang)));
    out
}

/// Every system's odds commands, with the system they come from.
pub fn odds_commands() -> impl Iterator<Item = (&'static SystemInfo, &'static OddsCommand)> {
    SYSTEMS
        .iter()
        .flat_map(|s| (s.odds)().iter().map(move |c| (s, c)))
}

pub use systems::*;
