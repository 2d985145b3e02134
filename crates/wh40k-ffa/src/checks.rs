//! Everything a saved free-for-all may not hold (issue #28): bounds from
//! the armies, every cross-reference resolved, every id unique, every
//! limit an edit enforces, and the units' state as their record makes it.

use std::collections::{BTreeMap, BTreeSet};

use feldherr_play::{Id, Problem};
use feldherr_table::Table;

use crate::army::{Player, Seat};
use crate::combat::Combat;
use crate::record::{self, EventKind, MAX_EVENTS};
use crate::resolution::FfaResolution;
use crate::roll_off::Contender;
use crate::units::{self, UnitState};
use crate::{FreeForAll, MAX_RESOLUTIONS};

/// Every problem of `game` on `table`, each with its path and rule.
pub(crate) fn problems(game: &FreeForAll, table: &Table) -> Vec<Problem> {
    let mut out = Vec::new();
    if game.players.is_empty() {
        out.push(Problem::new(
            "players",
            "no players yet: a free-for-all needs three or four",
        ));
    }
    if let Err(e) = game.zone_sizes.check_fits(table.width(), table.depth()) {
        out.push(Problem::new("zone_sizes", e.to_string()).rule("F1"));
    }
    if let Some(d) = &game.deployment {
        for (i, c) in d.choices.iter().enumerate() {
            if let Some(id) = c.piece
                && table.piece(id).is_none()
            {
                out.push(
                    Problem::new(
                        format!("deployment.choices[{i}].piece"),
                        format!(
                            "the zone piece {id} of {} is no longer on the table",
                            c.slot
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
    who: &str,
    list: &[Contender],
    out: &mut Vec<Problem>,
) {
    let mut seen = BTreeSet::new();
    for (j, c) in list.iter().enumerate() {
        let p = format!("{path}[{j}]");
        match game.players.get(c.seat) {
            None => out.push(
                Problem::new(
                    format!("{p}.seat"),
                    format!(
                        "{who} names player {} of {}",
                        c.seat + 1,
                        game.players.len()
                    ),
                )
                .rule("F2"),
            ),
            Some(player) if player.name != c.name => out.push(
                Problem::new(
                    format!("{p}.name"),
                    format!("seat {} is {}, not {}", c.seat + 1, player.name, c.name),
                )
                .rule("F2"),
            ),
            Some(_) => {}
        }
        if !seen.insert(c.seat) {
            out.push(
                Problem::new(
                    format!("{p}.seat"),
                    format!("{who} holds {}'s die twice", c.name),
                )
                .rule("F2"),
            );
        }
    }
}

fn resolutions(game: &FreeForAll, out: &mut Vec<Problem>) {
    if game.resolutions.len() > MAX_RESOLUTIONS {
        out.push(Problem::new(
            "resolutions",
            format!(
                "{} resolutions, at most {MAX_RESOLUTIONS}",
                game.resolutions.len()
            ),
        ));
    }
    let mut ids: BTreeMap<Id, usize> = BTreeMap::new();
    let played = turns(game);
    let mut pending_units: BTreeMap<Id, usize> = BTreeMap::new();
    for (i, r) in game.resolutions.iter().enumerate() {
        let path = format!("resolutions[{i}]");
        if let Some(first) = ids.insert(r.id(), i) {
            out.push(Problem::new(
                format!("{path}.id"),
                format!(
                    "resolution id {} is used twice (also resolutions[{first}])",
                    r.id()
                ),
            ));
        }
        match r.kind() {
            FfaResolution::RollOff(roll) => contenders(
                game,
                &format!("{path}.resolver.roll_off.players"),
                "the roll-off",
                &roll.players,
                out,
            ),
            FfaResolution::Draw(draw) => {
                contenders(
                    game,
                    &format!("{path}.resolver.draw.bag"),
                    "the bag",
                    &draw.bag,
                    out,
                );
                let rounds = game.turn_order.as_ref().map_or(0, |t| t.rounds.len());
                if draw.round == 0 || draw.round > rounds + 1 {
                    out.push(
                        Problem::new(
                            format!("{path}.resolver.draw.round"),
                            format!("round {} of a game in round {rounds}", draw.round),
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
                            out.push(
                                Problem::new(
                                    cpath.clone(),
                                    format!(
                                        "{} is in two combats not yet applied (also resolutions[{other}])",
                                        units::label_text(&game.players, u.unit)
                                    ),
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

fn combat_problems(
    game: &FreeForAll,
    path: &str,
    combat: &Combat,
    played: &[(usize, Seat)],
    out: &mut Vec<Problem>,
) {
    if !played.contains(&(combat.round, combat.turn_of)) {
        out.push(
            Problem::new(
                format!("{path}.round"),
                format!(
                    "round {}, {}'s turn was not played",
                    combat.round,
                    units::player_name(&game.players, combat.turn_of)
                ),
            )
            .rule("F3"),
        );
    }
    for (s, side) in combat.sides.iter().enumerate() {
        let spath = format!("{path}.sides[{s}]");
        let Some(player) = game.players.get(side.seat) else {
            out.push(
                Problem::new(
                    format!("{spath}.seat"),
                    format!("player {} of {}", side.seat + 1, game.players.len()),
                )
                .rule("F3"),
            );
            continue;
        };
        if player.name != side.player {
            out.push(Problem::new(
                format!("{spath}.player"),
                format!(
                    "seat {} is {}, not {}",
                    side.seat + 1,
                    player.name,
                    side.player
                ),
            ));
        }
        for (u, cu) in side.units.iter().enumerate() {
            let upath = format!("{spath}.units[{u}]");
            let Some(profile) = player.unit(cu.unit) else {
                out.push(Problem::new(
                    format!("{upath}.unit"),
                    format!(
                        "unit {} ({}) is not in {}'s army",
                        cu.unit, cu.name, player.name
                    ),
                ));
                continue;
            };
            if profile.name != cu.name
                || profile.leadership != cu.leadership
                || profile.initiative != cu.initiative
            {
                out.push(Problem::new(
                    upath.clone(),
                    format!(
                        "{} of {} does not match its army profile ({}, Ld {}, I {})",
                        cu.name, player.name, profile.name, profile.leadership, profile.initiative
                    ),
                ));
            }
            let fought = cu.models.checked_add(cu.lost);
            if fought.is_none_or(|m| m > profile.models) {
                out.push(
                    Problem::new(
                        format!("{upath}.lost"),
                        format!(
                            "{} of {} has {} models; {} lost and {} left is more",
                            profile.name, player.name, profile.models, cu.lost, cu.models
                        ),
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
        let missing: Vec<String> = expected
            .iter()
            .filter(|e| !saved.contains(e))
            .map(|(_, id)| units::label_text(&game.players, *id))
            .collect();
        let extra: Vec<String> = saved
            .iter()
            .filter(|s| !expected.contains(s))
            .map(|(seat, id)| format!("unit {id} of player {}", seat + 1))
            .collect();
        let mut message =
            String::from("the units must be the armies' units, in seat and army order");
        if !missing.is_empty() {
            message.push_str(&format!("; missing: {}", missing.join(", ")));
        }
        if !extra.is_empty() {
            message.push_str(&format!("; not in an army: {}", extra.join(", ")));
        }
        out.push(Problem::new("units", message));
    }
    let mut seen = BTreeSet::new();
    for (k, st) in game.units.iter().enumerate() {
        let path = format!("units[{k}]");
        if !seen.insert(st.unit) {
            out.push(Problem::new(
                format!("{path}.unit"),
                format!(
                    "{} is listed twice",
                    units::label_text(&game.players, st.unit)
                ),
            ));
        }
        let profile = game
            .players
            .get(st.seat)
            .and_then(|p| p.unit(st.unit).map(|u| (p, u)));
        if let Some((player, profile)) = profile
            && st.models_left > profile.models
        {
            out.push(
                Problem::new(
                    format!("{path}.models_left"),
                    format!(
                        "{} of {} has {} models, not {}",
                        profile.name, player.name, profile.models, st.models_left
                    ),
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
                    Problem::new(
                        format!("{path}.in_combat_with[{j}]"),
                        format!(
                            "{} cannot be locked in combat with {}",
                            units::label_text(&game.players, st.unit),
                            units::label_text(&game.players, *other)
                        ),
                    )
                    .rule("F3"),
                );
            }
        }
    }
}

fn describe(players: &[Player], st: &UnitState) -> String {
    let status = match &st.status {
        crate::UnitStatus::Active => "active".to_owned(),
        crate::UnitStatus::Fleeing { combat, .. } => format!("fleeing since combat {combat}"),
        crate::UnitStatus::Destroyed { round, .. } => format!("destroyed in round {round}"),
        crate::UnitStatus::Removed { round, .. } => format!("removed in round {round}"),
    };
    let locked: Vec<String> = st
        .in_combat_with
        .iter()
        .map(|u| units::label_text(players, *u))
        .collect();
    if locked.is_empty() {
        format!("{} models, {status}", st.models_left)
    } else {
        format!(
            "{} models, {status}, locked with {}",
            st.models_left,
            locked.join(", ")
        )
    }
}

fn record_problems(game: &FreeForAll, out: &mut Vec<Problem>) {
    if game.record.len() > MAX_EVENTS {
        out.push(Problem::new(
            "record",
            format!("{} events, at most {MAX_EVENTS}", game.record.len()),
        ));
        return;
    }
    let played = turns(game);
    let mut last = 0;
    let mut combats_in_record = BTreeMap::new();
    for (i, e) in game.record.iter().enumerate() {
        match played.iter().position(|t| *t == (e.round, e.turn_of)) {
            None => out.push(
                Problem::new(
                    format!("record[{i}].round"),
                    format!(
                        "round {}, {}'s turn was not played",
                        e.round,
                        units::player_name(&game.players, e.turn_of)
                    ),
                )
                .rule("F2"),
            ),
            Some(at) if at < last => out.push(
                Problem::new(
                    format!("record[{i}].round"),
                    "the record is out of the order of play",
                )
                .rule("F2"),
            ),
            Some(at) => last = at,
        }
        if let EventKind::Combat { resolution } = e.what
            && let Some(first) = combats_in_record.insert(resolution, i)
        {
            out.push(Problem::new(
                format!("record[{i}].what.combat.resolution"),
                format!("combat {resolution} is in the record twice (also record[{first}])"),
            ));
        }
    }
    for (i, r) in game.resolutions.iter().enumerate() {
        if matches!(r.kind(), FfaResolution::Combat(_))
            && r.applied()
            && !combats_in_record.contains_key(&r.id())
        {
            out.push(
                Problem::new(
                    format!("resolutions[{i}].applied"),
                    format!(
                        "combat {} is applied but its result is not in the record",
                        r.id()
                    ),
                )
                .rule("F3"),
            );
        }
    }
    match record::replay(&game.players, &game.record, &game.resolutions) {
        Err((i, e)) => out.push(Problem::new(format!("record[{i}]"), e.to_string()).rule("F3")),
        Ok(derived) => {
            for (k, st) in game.units.iter().enumerate() {
                let Some(want) = derived.iter().find(|d| d.unit == st.unit) else {
                    continue;
                };
                if want != st {
                    out.push(
                        Problem::new(
                            format!("units[{k}]"),
                            format!(
                                "{}: saved as {}, but its history gives {}",
                                units::label_text(&game.players, st.unit),
                                describe(&game.players, st),
                                describe(&game.players, want)
                            ),
                        )
                        .rule("F3"),
                    );
                }
            }
        }
    }
}
