//! Everything a saved free-for-all may not hold (issue #28): bounds from
//! the armies, every cross-reference resolved, every id unique, every
//! limit an edit enforces, and the units' state as their record makes it.
//!
//! Every problem carries its sentence as a `wh40k_ffa.refusal.check.*`
//! catalogue message (issue #27), naming players and units by name and
//! resolutions by what they are ("the combat in round 1, Anna's turn");
//! its English text is the same message through the English catalogue.

use std::collections::{BTreeMap, BTreeSet};

use feldherr_dice::step::Message;
use feldherr_play::{Id, PlayError, Problem};
use feldherr_table::Table;

use crate::army::{Player, Seat};
use crate::combat::Combat;
use crate::record::{self, EventKind, MAX_EVENTS};
use crate::refusal::{english, say};
use crate::resolution::FfaResolution;
use crate::roll_off::Contender;
use crate::units::{self, UnitState};
use crate::{FreeForAll, MAX_RESOLUTIONS};

/// A problem at `path` said by `message`; its English sentence is the
/// message through the English catalogue.
fn problem(path: impl Into<String>, message: Message) -> Problem {
    Problem::new(path, english(&message)).with_message(message)
}

/// A problem at `path` from a refusal of the crate: its own message (the
/// path names the field), or its English sentence as it is when it has
/// none.
fn refusal(path: impl Into<String>, e: &PlayError) -> Problem {
    match e.message() {
        Some(message) => problem(path, message.clone()),
        None => Problem::new(path, e.to_string()).with_message(Message::verbatim(&e.to_string())),
    }
}

/// A count as a message argument.
fn count(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// The name of the player at `seat` as a message argument.
fn player(message: Message, players: &[Player], seat: Seat) -> Message {
    match players.get(seat) {
        Some(p) => message.text("player", p.name.clone()),
        None => message.nested("player", say("check.nobody")),
    }
}

/// A resolution by what it is: the roll-off, the draw for a round, or
/// the combat in a round and a player's turn.
fn resolution_label(players: &[Player], kind: &FfaResolution) -> Message {
    match kind {
        FfaResolution::RollOff(_) => say("check.what.roll_off"),
        FfaResolution::Draw(draw) => say("check.what.draw").int("round", count(draw.round)),
        FfaResolution::Combat(combat) => player(
            say("check.what.combat").int("round", count(combat.round)),
            players,
            combat.turn_of,
        ),
    }
}

/// The resolution of id `id` by what it is (a combat no resolution holds
/// when there is none).
fn resolution_by_id(game: &FreeForAll, id: Id) -> Message {
    game.resolutions.iter().find(|r| r.id() == id).map_or_else(
        || say("check.what.unknown_combat"),
        |r| resolution_label(&game.players, r.kind()),
    )
}

/// Messages as one, joined by commas.
fn joined(mut items: Vec<Message>) -> Message {
    match items.len() {
        0 => Message::verbatim(""),
        1 => items.remove(0),
        _ => {
            let first = items.remove(0);
            say("list.comma")
                .nested("first", first)
                .nested("rest", joined(items))
        }
    }
}

/// Every problem of `game` on `table`, each with its path and rule.
pub(crate) fn problems(game: &FreeForAll, table: &Table) -> Vec<Problem> {
    let mut out = Vec::new();
    if game.players.is_empty() {
        out.push(problem("players", say("check.no_players")));
    }
    if let Err(e) = game.zone_sizes.check_fits(table.width(), table.depth()) {
        out.push(refusal("zone_sizes", &e).rule("F1"));
    }
    if let Some(d) = &game.deployment {
        for (i, c) in d.choices.iter().enumerate() {
            if let Some(id) = c.piece
                && table.piece(id).is_none()
            {
                out.push(
                    problem(
                        format!("deployment.choices[{i}].piece"),
                        player(
                            say("check.zone_piece_gone").key("zone", c.slot.label_key()),
                            &game.players,
                            c.seat,
                        ),
                    )
                    .rule("F1"),
                );
            }
        }
    }
    resolutions(game, &mut out);
    unit_states(game, &mut out);
    record_problems(game, &mut out);
    out
}

/// The turns played, in order: (round, seat).
fn turns(game: &FreeForAll) -> Vec<(usize, Seat)> {
    game.turn_order
        .iter()
        .flat_map(|t| t.rounds.iter().enumerate())
        .flat_map(|(r, seats)| seats.iter().map(move |s| (r + 1, *s)))
        .collect()
}

fn contenders(
    game: &FreeForAll,
    path: &str,
    who: &Message,
    list: &[Contender],
    out: &mut Vec<Problem>,
) {
    let mut seen = BTreeSet::new();
    for (j, c) in list.iter().enumerate() {
        let p = format!("{path}[{j}]");
        match game.players.get(c.seat) {
            None => out.push(
                problem(
                    format!("{p}.seat"),
                    say("check.contender_no_player")
                        .nested("who", who.clone())
                        .text("name", c.name.clone())
                        .int("count", count(game.players.len())),
                )
                .rule("F2"),
            ),
            Some(player) if player.name != c.name => out.push(
                problem(
                    format!("{p}.name"),
                    say("check.contender_other_player")
                        .nested("who", who.clone())
                        .text("name", c.name.clone())
                        .text("player", player.name.clone()),
                )
                .rule("F2"),
            ),
            Some(_) => {}
        }
        if !seen.insert(c.seat) {
            out.push(
                problem(
                    format!("{p}.seat"),
                    say("check.die_twice")
                        .nested("who", who.clone())
                        .text("name", c.name.clone()),
                )
                .rule("F2"),
            );
        }
    }
}

fn resolutions(game: &FreeForAll, out: &mut Vec<Problem>) {
    if game.resolutions.len() > MAX_RESOLUTIONS {
        out.push(problem(
            "resolutions",
            say("check.too_many_resolutions")
                .int("count", count(game.resolutions.len()))
                .int("max", count(MAX_RESOLUTIONS)),
        ));
    }
    let mut ids: BTreeMap<Id, usize> = BTreeMap::new();
    let played = turns(game);
    let mut pending_units: BTreeMap<Id, usize> = BTreeMap::new();
    for (i, r) in game.resolutions.iter().enumerate() {
        let path = format!("resolutions[{i}]");
        if let Some(first) = ids.insert(r.id(), i) {
            let other = game.resolutions.get(first).map_or_else(
                || say("check.what.unknown_combat"),
                |o| resolution_label(&game.players, o.kind()),
            );
            out.push(problem(
                format!("{path}.id"),
                say("check.same_id")
                    .nested("what", resolution_label(&game.players, r.kind()))
                    .nested("other", other),
            ));
        }
        match r.kind() {
            FfaResolution::RollOff(roll) => contenders(
                game,
                &format!("{path}.resolver.roll_off.players"),
                &say("check.who.roll_off"),
                &roll.players,
                out,
            ),
            FfaResolution::Draw(draw) => {
                contenders(
                    game,
                    &format!("{path}.resolver.draw.bag"),
                    &say("check.who.bag"),
                    &draw.bag,
                    out,
                );
                let rounds = game.turn_order.as_ref().map_or(0, |t| t.rounds.len());
                if draw.round == 0 || draw.round > rounds + 1 {
                    out.push(
                        problem(
                            format!("{path}.resolver.draw.round"),
                            say("check.draw_round")
                                .int("round", count(draw.round))
                                .int("rounds", count(rounds)),
                        )
                        .rule("F2"),
                    );
                }
            }
            FfaResolution::Combat(combat) => {
                let cpath = format!("{path}.resolver.combat");
                combat_problems(game, &cpath, combat, &played, out);
                if !r.applied() {
                    for u in combat.sides.iter().flat_map(|s| &s.units) {
                        if let Some(other) = pending_units.insert(u.unit, i) {
                            let other = game.resolutions.get(other).map_or_else(
                                || say("check.what.unknown_combat"),
                                |o| resolution_label(&game.players, o.kind()),
                            );
                            out.push(
                                problem(
                                    cpath.clone(),
                                    say("check.two_pending_combats")
                                        .nested("unit", units::label(&game.players, u.unit))
                                        .nested("combat", resolution_label(&game.players, r.kind()))
                                        .nested("other", other),
                                )
                                .rule("F3"),
                            );
                        }
                    }
                }
            }
        }
    }
}

/// A turn that was not played: round and whose turn.
fn turn_not_played(players: &[Player], round: usize, seat: Seat) -> Message {
    player(
        say("check.turn_not_played").int("round", count(round)),
        players,
        seat,
    )
}

fn combat_problems(
    game: &FreeForAll,
    path: &str,
    combat: &Combat,
    played: &[(usize, Seat)],
    out: &mut Vec<Problem>,
) {
    if !played.contains(&(combat.round, combat.turn_of)) {
        out.push(
            problem(
                format!("{path}.round"),
                turn_not_played(&game.players, combat.round, combat.turn_of),
            )
            .rule("F3"),
        );
    }
    for (s, side) in combat.sides.iter().enumerate() {
        let spath = format!("{path}.sides[{s}]");
        let Some(player) = game.players.get(side.seat) else {
            out.push(
                problem(
                    format!("{spath}.seat"),
                    say("check.side_no_player")
                        .text("name", side.player.clone())
                        .int("count", count(game.players.len())),
                )
                .rule("F3"),
            );
            continue;
        };
        if player.name != side.player {
            out.push(problem(
                format!("{spath}.player"),
                say("check.side_other_player")
                    .text("name", side.player.clone())
                    .text("player", player.name.clone()),
            ));
        }
        for (u, cu) in side.units.iter().enumerate() {
            let upath = format!("{spath}.units[{u}]");
            let Some(profile) = player.unit(cu.unit) else {
                out.push(problem(
                    format!("{upath}.unit"),
                    say("check.unit_not_in_army")
                        .text("unit", cu.name.clone())
                        .text("player", player.name.clone()),
                ));
                continue;
            };
            if profile.name != cu.name
                || profile.leadership != cu.leadership
                || profile.initiative != cu.initiative
            {
                out.push(problem(
                    upath.clone(),
                    say("check.profile_differs")
                        .text("unit", cu.name.clone())
                        .text("player", player.name.clone())
                        .text("name", profile.name.clone())
                        .int("leadership", profile.leadership)
                        .int("initiative", profile.initiative),
                ));
            }
            let fought = cu.models.checked_add(cu.lost);
            if fought.is_none_or(|m| m > profile.models) {
                out.push(
                    problem(
                        format!("{upath}.lost"),
                        say("check.lost_more")
                            .nested("unit", units::label(&game.players, cu.unit))
                            .int("models", profile.models)
                            .int("lost", cu.lost)
                            .int("left", cu.models),
                    )
                    .rule("F3"),
                );
            }
        }
    }
}

fn unit_states(game: &FreeForAll, out: &mut Vec<Problem>) {
    let expected: Vec<(Seat, Id)> = game
        .players
        .iter()
        .enumerate()
        .flat_map(|(seat, p)| p.army.iter().map(move |u| (seat, u.id)))
        .collect();
    let saved: Vec<(Seat, Id)> = game.units.iter().map(|u| (u.seat, u.unit)).collect();
    if saved != expected {
        let missing: Vec<Message> = expected
            .iter()
            .filter(|e| !saved.contains(e))
            .map(|(_, id)| units::label(&game.players, *id))
            .collect();
        let extra = saved.iter().filter(|s| !expected.contains(s)).count();
        let mut message = say("check.units_order");
        if !missing.is_empty() {
            message = say("check.units_missing")
                .nested("text", message)
                .nested("units", joined(missing));
        }
        if extra > 0 {
            message = say("check.units_extra")
                .nested("text", message)
                .int("count", count(extra));
        }
        out.push(problem("units", message));
    }
    let mut seen = BTreeSet::new();
    for (k, st) in game.units.iter().enumerate() {
        let path = format!("units[{k}]");
        if !seen.insert(st.unit) {
            out.push(problem(
                format!("{path}.unit"),
                say("check.listed_twice").nested("unit", units::label(&game.players, st.unit)),
            ));
        }
        let profile = game
            .players
            .get(st.seat)
            .and_then(|p| p.unit(st.unit).map(|u| (p, u)));
        if let Some((_, profile)) = profile
            && st.models_left > profile.models
        {
            out.push(
                problem(
                    format!("{path}.models_left"),
                    say("check.models_left")
                        .nested("unit", units::label(&game.players, st.unit))
                        .int("models", profile.models)
                        .int("left", st.models_left),
                )
                .rule("F3"),
            );
        }
        for (j, other) in st.in_combat_with.iter().enumerate() {
            let locked = units::find(&game.units, *other);
            let sound = locked.is_some_and(|o| {
                o.seat != st.seat && o.in_combat_with.contains(&st.unit) && o.status.active()
            }) && st.status.active();
            if !sound {
                out.push(
                    problem(
                        format!("{path}.in_combat_with[{j}]"),
                        say("check.cannot_be_locked")
                            .nested("unit", units::label(&game.players, st.unit))
                            .nested("other", units::label(&game.players, *other)),
                    )
                    .rule("F3"),
                );
            }
        }
    }
}

/// A unit's state in words: models left, status, whom it is locked with.
fn describe(players: &[Player], st: &UnitState) -> Message {
    let status = match &st.status {
        crate::UnitStatus::Active => say("check.state.active"),
        crate::UnitStatus::Fleeing { round, .. } => {
            say("check.state.fleeing").int("round", count(*round))
        }
        crate::UnitStatus::Destroyed { round, .. } => {
            say("check.state.destroyed").int("round", count(*round))
        }
        crate::UnitStatus::Removed { round, .. } => {
            say("check.state.removed").int("round", count(*round))
        }
    };
    let state = say("check.state")
        .int("models", st.models_left)
        .nested("status", status);
    let locked: Vec<Message> = st
        .in_combat_with
        .iter()
        .map(|u| units::label(players, *u))
        .collect();
    if locked.is_empty() {
        state
    } else {
        say("check.state_locked")
            .nested("state", state)
            .nested("units", joined(locked))
    }
}

fn record_problems(game: &FreeForAll, out: &mut Vec<Problem>) {
    if game.record.len() > MAX_EVENTS {
        out.push(problem(
            "record",
            say("check.too_many_events")
                .int("count", count(game.record.len()))
                .int("max", count(MAX_EVENTS)),
        ));
        return;
    }
    let played = turns(game);
    let mut last = 0;
    let mut combats_in_record = BTreeMap::new();
    for (i, e) in game.record.iter().enumerate() {
        match played.iter().position(|t| *t == (e.round, e.turn_of)) {
            None => out.push(
                problem(
                    format!("record[{i}].round"),
                    turn_not_played(&game.players, e.round, e.turn_of),
                )
                .rule("F2"),
            ),
            Some(at) if at < last => out
                .push(problem(format!("record[{i}].round"), say("check.record_order")).rule("F2")),
            Some(at) => last = at,
        }
        if let EventKind::Combat { resolution } = e.what
            && combats_in_record.insert(resolution, i).is_some()
        {
            out.push(problem(
                format!("record[{i}].what.combat.resolution"),
                say("check.combat_twice_in_record")
                    .nested("combat", resolution_by_id(game, resolution)),
            ));
        }
    }
    for (i, r) in game.resolutions.iter().enumerate() {
        if matches!(r.kind(), FfaResolution::Combat(_))
            && r.applied()
            && !combats_in_record.contains_key(&r.id())
        {
            out.push(
                problem(
                    format!("resolutions[{i}].applied"),
                    say("check.applied_not_in_record")
                        .nested("combat", resolution_label(&game.players, r.kind())),
                )
                .rule("F3"),
            );
        }
    }
    match record::replay(&game.players, &game.record, &game.resolutions) {
        Err((i, e)) => out.push(refusal(format!("record[{i}]"), &e).rule("F3")),
        Ok(derived) => {
            for (k, st) in game.units.iter().enumerate() {
                let Some(want) = derived.iter().find(|d| d.unit == st.unit) else {
                    continue;
                };
                if want != st {
                    out.push(
                        problem(
                            format!("units[{k}]"),
                            say("check.history_differs")
                                .nested("unit", units::label(&game.players, st.unit))
                                .nested("saved", describe(&game.players, st))
                                .nested("history", describe(&game.players, want)),
                        )
                        .rule("F3"),
                    );
                }
            }
        }
    }
}
