//! Taking a race into an event: a race run in a game document of its own
//! (New game -> Sled race) is read from its file and hosted by the event in
//! its `sled_race` role, race and table together (`RaceEdit::Load`). Every
//! change to the hosted race feeds its report to the event, so the finish
//! order and rounds reach the sled race tab and the standings without
//! retyping (N6).

use feldherr_play::{EventRules, Game, Role};
use feldherr_sled_race::RaceEdit;

use super::race;
use crate::app::Command;
use feldherr_host::document::{Document, DocumentEdit, EventEdit, GameDoc, GameEdit};
use feldherr_host::registry::Registered;
use feldherr_sled_race::Race;

/// The event role that hosts the race.
pub const ROLE: Role = feldherr_wfb_newyear::SLED_RACE_ROLE;

/// Reads a race document from `path`: a game of the sled race.
pub fn read_race(path: &std::path::Path) -> Result<GameDoc, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let name = path.display().to_string();
    match feldherr_host::document::parse(&text, &name).map_err(|e| e.to_string())? {
        Document::Game(game) if race(&game).is_some() => Ok(game),
        Document::Game(game) => Err(format!("{name}: a {} game, not a sled race", game.system())),
        Document::Event(_) => Err(format!("{name}: an event, not a sled race")),
    }
}

/// The hosted-game edit that replaces the hosted race and its table with
/// those of `doc`.
pub fn load_edit(doc: &GameDoc) -> Result<GameEdit, String> {
    let race = race(doc).ok_or("not a sled race")?;
    Ok(GameEdit::System(<Race as Registered>::wrap(
        RaceEdit::Load {
            race: Box::new(race.clone()),
            table: Box::new(doc.table_or_default()),
        },
    )))
}

/// The commands that take race `doc` into the open event: hosting a new
/// race first when `host` is set, then loading it. Refused when the race
/// names a player the event does not have, or has a problem of its own.
pub fn take_in_commands(
    event: &feldherr_wfb_newyear::Event,
    doc: &GameDoc,
    host: bool,
) -> Result<Vec<Command>, String> {
    let race = race(doc).ok_or("not a sled race")?;
    let unknown: Vec<&str> = race
        .entrants
        .iter()
        .map(|e| e.player.as_str())
        .filter(|p| !event.players.iter().any(|x| x.name == *p))
        .collect();
    if !unknown.is_empty() {
        return Err(format!(
            "not players of this event: {} (an entrant's player must be the event player's name)",
            unknown.join(", ")
        ));
    }
    if let Some(report) = race.report() {
        let seats = event
            .slots()
            .into_iter()
            .find(|s| s.role == ROLE)
            .map(|s| s.players)
            .unwrap_or_default();
        EventRules::feed(event, &ROLE, &seats, &report).map_err(|e| e.to_string())?;
    }
    let edit = load_edit(doc)?;
    let mut commands = Vec::new();
    if host {
        commands.push(Command::Edit(DocumentEdit::Event(EventEdit::Host {
            role: ROLE,
            name: doc.name.clone(),
        })));
    }
    commands.push(Command::Edit(DocumentEdit::Event(EventEdit::Hosted {
        role: ROLE,
        edit,
    })));
    Ok(commands)
}

/// Whether a race has what it needs to be played (for messages).
pub fn finished(doc: &GameDoc) -> bool {
    race(doc).and_then(Game::report).is_some_and(|r| r.finished)
}
