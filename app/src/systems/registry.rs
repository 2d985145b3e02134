//! The registry: one line per rule system and per kind of event.

use feldherr_play::{EventRules, Game, GameReport, HostedSlot, PlayError, Problem, ResolutionList};
use feldherr_table::{Table, TableRules};
use serde::{Deserialize, Serialize};

use super::{SystemInfo, SystemUi};

/// Writes `value`'s fields with `tag: id` in front.
fn tagged<T: Serialize, S: serde::Serializer>(
    tag: &str,
    id: &str,
    value: &T,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    use serde::ser::Error as _;
    let mut object = serde_json::Map::new();
    object.insert(tag.to_owned(), serde_json::Value::from(id));
    match serde_json::to_value(value).map_err(S::Error::custom)? {
        serde_json::Value::Object(fields) => object.extend(fields),
        _ => return Err(S::Error::custom(format!("a {id} value is not an object"))),
    }
    object.serialize(serializer)
}

/// Reads an object and takes its `tag` out.
fn untag<'de, D: serde::Deserializer<'de>>(
    tag: &str,
    deserializer: D,
) -> Result<(String, serde_json::Value), D::Error> {
    use serde::de::Error as _;
    let mut object = serde_json::Map::<String, serde_json::Value>::deserialize(deserializer)?;
    let id = match object.remove(tag) {
        Some(serde_json::Value::String(id)) => id,
        Some(other) => return Err(D::Error::custom(format!("{tag}: {other} is not a name"))),
        None => return Err(D::Error::custom(format!("{tag}: missing"))),
    };
    Ok((id, serde_json::Value::Object(object)))
}

/// Deserialises a tagged body, keeping the path of a bad field in the
/// message.
fn typed<'de, D: serde::Deserializer<'de>, T: serde::de::DeserializeOwned>(
    body: serde_json::Value,
) -> Result<T, D::Error> {
    use serde::de::Error as _;
    serde_path_to_error::deserialize(body).map_err(|e| {
        let path = e.path().to_string();
        if path == "." {
            D::Error::custom(e.into_inner())
        } else {
            D::Error::custom(format!("{path}: {}", e.into_inner()))
        }
    })
}

/// Generates [`SystemGame`], [`SystemEdit`], [`SYSTEMS`] and their
/// dispatch from one line per system: variant, saved tag, game type, UI
/// type and [`SystemInfo`].
macro_rules! games {
    ($($variant:ident = $id:literal => $game:ty, $ui:ty, $info:expr;)*) => {
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
                    $(SystemGame::$variant(game) => tagged("system", $id, &**game, serializer),)*
                }
            }
        }

        impl<'de> Deserialize<'de> for SystemGame {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let (id, body) = untag::<D>("system", deserializer)?;
                match id.as_str() {
                    $($id => typed::<D, $game>(body).map(|g| SystemGame::$variant(Box::new(g))),)*
                    other => Err(serde::de::Error::custom(format!(
                        "system: \"{other}\" is not a rule system (known: {})",
                        [$($id),*].join(", ")
                    ))),
                }
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

        /// Every system, in start-screen order.
        pub const SYSTEMS: &[SystemInfo] = &[$($info),*];

        impl SystemGame {
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
            pub fn apply(&mut self, edit: &SystemEdit, table: &mut Table) -> Result<(), PlayError> {
                match (self, edit) {
                    $((SystemGame::$variant(game), SystemEdit::$variant(edit)) => game.apply(edit, table),)*
                    (game, _) => Err(PlayError::refused(
                        format!("this edit is not for a {} game", game.id()),
                        None,
                    )),
                }
            }

            /// The game's problems against its table.
            pub fn problems(&self, table: &Table) -> Vec<Problem> {
                match self {
                    $(SystemGame::$variant(game) => game.problems(table),)*
                }
            }

            /// The saved resolutions.
            pub fn resolutions(&self) -> &dyn ResolutionList {
                match self {
                    $(SystemGame::$variant(game) => game.resolutions(),)*
                }
            }

            /// The saved resolutions, to answer them.
            pub fn resolutions_mut(&mut self) -> &mut dyn ResolutionList {
                match self {
                    $(SystemGame::$variant(game) => game.resolutions_mut(),)*
                }
            }

            /// Seats the players an event names for a game it hosts.
            pub fn seat(&mut self, players: &[String], table: &mut Table) -> Result<(), PlayError> {
                match self {
                    $(SystemGame::$variant(game) => game.seat(players, table),)*
                }
            }

            /// What the game reports to an event.
            pub fn report(&self) -> Option<GameReport> {
                match self {
                    $(SystemGame::$variant(game) => game.report(),)*
                }
            }

            /// The screens of this game.
            pub fn ui(&self) -> Box<dyn SystemUi> {
                match self {
                    $(SystemGame::$variant(_) => Box::<$ui>::default(),)*
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

games! {
    WfbNewyear = "wfb_newyear" => crate::systems::newyear::BattleGame, crate::systems::NoUi, crate::systems::newyear::INFO;
    Warmaster = "warmaster" => crate::systems::warmaster::WarmasterGame, crate::systems::warmaster::WarmasterUi, crate::systems::warmaster::INFO;
    Warheim = "warheim" => crate::systems::warheim::WarheimGame, crate::systems::warheim::WarheimUi, crate::systems::warheim::INFO;
    Confrontation = "confrontation" => feldherr_confrontation::ConfrontationGame, crate::systems::confrontation::ConfrontationUi, crate::systems::confrontation::INFO;
    Wh40kFfa = "wh40k_ffa" => crate::systems::wh40k::FfaGame, crate::systems::wh40k::FfaUi, crate::systems::wh40k::INFO;
    SledRace = "sled_race" => crate::systems::sled_race::SledRace, crate::systems::sled_race::SledRaceUi, crate::systems::sled_race::INFO;
}

/// Generates [`SystemEvent`] and [`EventEdit`] from one line per kind of
/// event.
macro_rules! events {
    ($($variant:ident = $id:literal => $event:ty, $ui:ty;)*) => {
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
                    $(SystemEvent::$variant(event) => tagged("event", $id, event, serializer),)*
                }
            }
        }

        impl<'de> Deserialize<'de> for SystemEvent {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let (id, body) = untag::<D>("event", deserializer)?;
                match id.as_str() {
                    $($id => typed::<D, $event>(body).map(SystemEvent::$variant),)*
                    other => Err(serde::de::Error::custom(format!(
                        "event: \"{other}\" is not a kind of event (known: {})",
                        [$($id),*].join(", ")
                    ))),
                }
            }
        }

        /// An edit of any kind of event.
        #[derive(Debug, Clone, PartialEq)]
        pub enum EventEdit {
            $(
                #[doc = concat!("An edit of a `", $id, "` event.")]
                $variant(<$event as EventRules>::Edit),
            )*
        }

        impl SystemEvent {
            /// The kind's id (its `event` tag).
            pub fn id(&self) -> &'static str {
                match self {
                    $(SystemEvent::$variant(_) => $id,)*
                }
            }

            /// The event's name.
            pub fn name(&self) -> &str {
                match self {
                    $(SystemEvent::$variant(event) => event.name(),)*
                }
            }

            /// Renames the event.
            pub fn rename(&mut self, name: &str) -> Result<(), PlayError> {
                match self {
                    $(SystemEvent::$variant(event) => event.rename(name),)*
                }
            }

            /// Applies an edit; refused when it is another kind's.
            pub fn apply(&mut self, edit: &EventEdit) -> Result<(), PlayError> {
                match (self, edit) {
                    $((SystemEvent::$variant(event), EventEdit::$variant(edit)) => event.apply(edit),)*
                    #[allow(unreachable_patterns, reason = "whether this arm is reachable depends on how many kinds are registered")]
                    (event, _) => Err(PlayError::refused(
                        format!("this edit is not for a {} event", event.id()),
                        None,
                    )),
                }
            }

            /// The event's problems.
            pub fn problems(&self) -> Vec<Problem> {
                match self {
                    $(SystemEvent::$variant(event) => event.problems(),)*
                }
            }

            /// The screens of this event.
            pub fn ui(&self) -> Box<dyn super::EventUi> {
                match self {
                    $(SystemEvent::$variant(_) => Box::<$ui>::default(),)*
                }
            }

            /// The standings, printed.
            pub fn standings(&self, texts: &crate::i18n::Texts, format: super::StandingsFormat) -> Result<String, String> {
                match self {
                    $(SystemEvent::$variant(event) => super::EventHeadless::standings(event, texts, format),)*
                }
            }

            /// Every sheet of the event.
            pub fn sheets(
                &self,
                texts: &crate::i18n::Texts,
                options: crate::sheets::SheetOptions,
            ) -> Result<Vec<crate::sheets::NamedSheet>, String> {
                match self {
                    $(SystemEvent::$variant(event) => super::EventHeadless::sheets(event, texts, options),)*
                }
            }

            /// A new event of kind `id`; `None` for an unknown kind.
            pub fn new_of(id: &str, name: &str) -> Option<SystemEvent> {
                match id {
                    $($id => Some(SystemEvent::$variant(<$event as super::EventHeadless>::new_named(name))),)*
                    _ => None,
                }
            }

            /// An event from a bare event file of any kind.
            pub fn from_bare(text: &str) -> Option<Result<SystemEvent, String>> {
                $(
                    if let Some(event) = <$event as super::EventHeadless>::from_bare(text) {
                        return Some(event.map(SystemEvent::$variant));
                    }
                )*
                None
            }

            /// The games it can host.
            pub fn slots(&self) -> Vec<HostedSlot> {
                match self {
                    $(SystemEvent::$variant(event) => event.slots(),)*
                }
            }

            /// The edit that takes a hosted game's report in.
            pub fn feed(&self, role: &str, report: &GameReport) -> Result<Option<EventEdit>, PlayError> {
                match self {
                    $(SystemEvent::$variant(event) => Ok(event.feed(role, report)?.map(EventEdit::$variant)),)*
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

events! {
    NewYear = "wfb_newyear" => crate::systems::newyear::NewYearEvent, crate::systems::newyear::EventScreen;
    WarmasterTournament = "warmaster_tournament" => feldherr_warmaster::WarmasterTournament, crate::systems::warmaster::TournamentScreen;
}

/// The odds subcommands of the systems (`feldherr odds ...`).
#[derive(Debug, clap::Subcommand)]
pub enum SystemOdds {
    /// Confrontation.
    #[command(flatten)]
    Confrontation(super::confrontation::cli::Odds),
}

impl SystemOdds {
    /// The title and the exact distribution.
    pub fn run(self) -> Result<(String, feldherr_dice::Dist<i64>), String> {
        match self {
            SystemOdds::Confrontation(odds) => odds.run(),
        }
    }
}

/// The kinds of event, in start-screen order: (id, the system whose card
/// offers it).
pub const EVENT_KINDS: &[(&str, &str)] = &[
    ("wfb_newyear", "wfb_newyear"),
    ("warmaster_tournament", "warmaster"),
];

/// What the app knows of system `id`.
pub fn info(id: &str) -> Option<&'static SystemInfo> {
    SYSTEMS.iter().find(|s| s.id == id)
}

/// Every system's rule-crate messages and the step protocol's, for a
/// language code (JSON texts, merged by the caller).
pub fn messages(code: &str) -> Vec<&'static str> {
    let lang = feldherr_play::Lang::from_code(code).unwrap_or(feldherr_play::Lang::En);
    let mut out = vec![feldherr_play::step_messages(lang)];
    out.extend(SYSTEMS.iter().filter_map(|s| (s.messages)(code)));
    out
}

/// The screen of start-screen tool `tool` of system `system`.
pub fn tool_screen(system: &str, tool: &str) -> Option<Box<dyn super::contract::ToolScreen>> {
    SYSTEMS
        .iter()
        .find(|s| s.id == system)
        .and_then(|s| s.tool_screen)
        .and_then(|make| make(tool))
}
