//! Everything a saved race may not hold (issue #28): each impossible state
//! with the path of its field and the rule it breaks. The limits the text
//! does not give are PS3's.

use std::collections::BTreeSet;

use feldherr_play::{Id, Problem};

use crate::movement::MAX_INCHES;
use crate::race::{MAX_RESOLUTIONS, MAX_TURNS};
use crate::speed::MAX_SPEED;
use crate::state::ROUNDS_PER_TURN;
use crate::track::MAX_TERRAIN;
use crate::{MAX_ENTRANTS, Race, RaceState, SLED_WOUNDS, Sled, SledKind, SledStatus, Track};

fn problem(path: impl Into<String>, message: impl Into<String>, rule: &str) -> Problem {
    Problem::new(path, message).rule(rule)
}

/// The problems of the race itself (entrants, settings, state, the chain
/// of resolutions); the table's are added by the caller.
pub(crate) fn race_problems(race: &Race, out: &mut Vec<Problem>) {
    if race.entrants.len() > MAX_ENTRANTS {
        out.push(problem(
            "entrants",
            format!(
                "{} entrants; a race takes at most {MAX_ENTRANTS}",
                race.entrants.len()
            ),
            "PS3",
        ));
    }
    let mut ids = BTreeSet::new();
    let mut players = BTreeSet::new();
    for (i, e) in race.entrants.iter().enumerate() {
        if !ids.insert(e.id) {
            out.push(problem(
                format!("entrants[{i}].id"),
                format!("two entrants have the id {}", e.id),
                "S3",
            ));
        }
        if !players.insert(e.player.as_str()) {
            out.push(problem(
                format!("entrants[{i}].player"),
                format!("{} is entered twice", e.player),
                "N6",
            ));
        }
        if let Some(d) = &e.driver {
            if let Err(err) = d.validate() {
                out.push(problem(
                    format!("entrants[{i}].driver"),
                    err.to_string(),
                    "N6",
                ));
            }
            if d.player != e.player {
                out.push(problem(
                    format!("entrants[{i}].driver.player"),
                    format!("{} drives for {}, not for {}", d.name, d.player, e.player),
                    "N6",
                ));
            }
        }
    }
    if let Err(e) = race.settings.validate() {
        out.push(problem("settings", e.to_string(), "PS3"));
    }
    if race.resolutions.len() > MAX_RESOLUTIONS {
        out.push(problem(
            "resolutions",
            format!(
                "{} resolutions; a race keeps at most {MAX_RESOLUTIONS}",
                race.resolutions.len()
            ),
            "PS3",
        ));
        return;
    }
    let Some(st) = &race.state else {
        if race.ended {
            out.push(problem(
                "ended",
                "a race that never started cannot have ended",
                "S15",
            ));
        }
        if !race.resolutions.is_empty() {
            out.push(problem(
                "resolutions",
                "a race that has not started has no resolutions",
                "S3",
            ));
        }
        return;
    };
    if st.settings != race.settings {
        out.push(problem(
            "state.settings",
            "the running race's settings differ from the race's: they are fixed at the start",
            "PS3",
        ));
    }
    state_problems(race, st, "state", out);
    chain_problems(race, st, out);
}

/// The bounds of one state of the race (the running one, or one a
/// resolution starts from), under `path`.
pub(crate) fn state_problems(race: &Race, st: &RaceState, path: &str, out: &mut Vec<Problem>) {
    if let Err(e) = st.settings.validate() {
        out.push(problem(format!("{path}.settings"), e.to_string(), "PS3"));
    }
    track_problems(&st.track, &format!("{path}.track"), out);
    if st.turn > MAX_TURNS {
        out.push(problem(
            format!("{path}.turn"),
            format!("turn {}; a race lasts at most {MAX_TURNS} turns", st.turn),
            "PS3",
        ));
    }
    if st.round > ROUNDS_PER_TURN {
        out.push(problem(
            format!("{path}.round"),
            format!("round {} of {ROUNDS_PER_TURN}", st.round),
            "S2",
        ));
    }
    if st.turn == 0 && (st.round != 0 || !st.order.is_empty()) {
        out.push(problem(
            format!("{path}.round"),
            format!("round {} before the first turn's dice", st.round),
            "S2",
        ));
    }
    if !st.placed && (st.turn != 0 || st.sleds.iter().any(|s| s.speed != 0 || !s.dice.is_empty())) {
        out.push(problem(
            format!("{path}.placed"),
            "a race whose start positions are not drawn has not moved",
            "S3",
        ));
    }
    let driven: Vec<&crate::Entrant> = race
        .entrants
        .iter()
        .filter(|e| e.driver.is_some())
        .collect();
    let mut seen = BTreeSet::new();
    for (i, s) in st.sleds.iter().enumerate() {
        let spath = format!("{path}.sleds[{i}]");
        if !seen.insert(s.id) {
            out.push(problem(
                format!("{spath}.id"),
                format!("two sleds have the id {}", s.id),
                "S3",
            ));
        }
        match driven.iter().find(|e| e.id == s.id) {
            None => out.push(problem(
                format!("{spath}.id"),
                format!(
                    "sled {} ({}) has no entrant with a driver",
                    s.id, s.driver.name
                ),
                "N6",
            )),
            Some(e) if e.driver.as_ref() != Some(&*s.driver) => out.push(problem(
                format!("{spath}.driver"),
                format!("{} is not the driver {} entered", s.driver.name, e.player),
                "N6",
            )),
            Some(_) => {}
        }
        sled_problems(st, s, &spath, out);
    }
    for e in &driven {
        if st.sled(e.id).is_none() {
            out.push(problem(
                format!("{path}.sleds"),
                format!("{} has a driver but no sled", e.player),
                "N6",
            ));
        }
    }
    let mut order = BTreeSet::new();
    for (i, id) in st.order.iter().enumerate() {
        if st.sled(*id).is_none() {
            out.push(problem(
                format!("{path}.order[{i}]"),
                format!("the order names sled {id}, which is not in the race"),
                "S3",
            ));
        }
        if !order.insert(*id) {
            out.push(problem(
                format!("{path}.order[{i}]"),
                format!("sled {id} is in the order twice"),
                "S3",
            ));
        }
    }
    let mut moved = BTreeSet::new();
    for (i, id) in st.moved.iter().enumerate() {
        if !order.contains(id) || !moved.insert(*id) {
            out.push(problem(
                format!("{path}.moved[{i}]"),
                format!("sled {id} cannot have moved in this round (not in its order, or twice)"),
                "S3",
            ));
        }
    }
    if let Some(id) = st.turning
        && (!order.contains(&id) || moved.contains(&id))
    {
        out.push(problem(
            format!("{path}.turning"),
            format!("sled {id} is not the sled that just moved in this round"),
            "S11",
        ));
    }
}

fn track_problems(track: &Track, path: &str, out: &mut Vec<Problem>) {
    for (field, v) in [("width", track.width), ("depth", track.depth)] {
        if !(v.is_finite() && v > 0.0 && v <= 10_000.0) {
            out.push(problem(
                format!("{path}.{field}"),
                format!("{v} in is no table size"),
                "S1",
            ));
        }
    }
    if track.finish_x != track.width {
        out.push(problem(
            format!("{path}.finish_x"),
            format!(
                "the finish line is the far short edge (x = {}), not x = {}",
                track.width, track.finish_x
            ),
            "S1",
        ));
    }
    if track.terrain.len() > MAX_TERRAIN {
        out.push(problem(
            format!("{path}.terrain"),
            format!(
                "{} terrain pieces, at most {MAX_TERRAIN}",
                track.terrain.len()
            ),
            "PS3",
        ));
    }
}

fn sled_problems(st: &RaceState, s: &Sled, path: &str, out: &mut Vec<Problem>) {
    let name = &s.driver.name;
    if s.sled_wounds > SLED_WOUNDS {
        out.push(problem(
            format!("{path}.sled_wounds"),
            format!(
                "{name}'s sled has {} of {SLED_WOUNDS} wounds",
                s.sled_wounds
            ),
            "S14",
        ));
    }
    if s.driver_wounds > s.driver.wounds {
        out.push(problem(
            format!("{path}.driver_wounds"),
            format!(
                "{name} has {} of {} wounds",
                s.driver_wounds, s.driver.wounds
            ),
            "S14",
        ));
    }
    if s.speed.unsigned_abs() > MAX_SPEED.unsigned_abs() {
        out.push(problem(
            format!("{path}.speed"),
            format!(
                "{name}'s speed {}; a speed is at most {MAX_SPEED} either way",
                s.speed
            ),
            "PS3",
        ));
    }
    if s.dice.len() > s.driver.toughness as usize {
        out.push(problem(
            format!("{path}.dice"),
            format!(
                "{name} holds {} movement dice; Toughness {} gives at most that many",
                s.dice.len(),
                s.driver.toughness
            ),
            "S2",
        ));
    }
    for (j, face) in s.dice.iter().enumerate() {
        if !(1..=6).contains(face) {
            out.push(problem(
                format!("{path}.dice[{j}]"),
                format!("{name}'s movement die shows {face}; a D6 shows 1 to 6"),
                "S2",
            ));
        }
    }
    // Where a sled can be: on the table, or past the finish line by at
    // most one move (P31, P33).
    let reach = f64::from(MAX_INCHES) + 2.0 * st.settings.sled_length.max(st.settings.sled_width);
    let (x, y) = (s.center.x, s.center.y);
    let on_table = x.is_finite()
        && y.is_finite()
        && x >= -reach
        && x <= st.track.width + reach
        && y >= -reach
        && y <= st.track.depth + reach;
    if !on_table {
        out.push(problem(
            format!("{path}.center"),
            format!("{name}'s sled at ({x}, {y}) is off the table"),
            "P31",
        ));
    }
    let round = st.race_round();
    match &s.status {
        SledStatus::Racing => {
            if s.sled_wounds == 0 || s.driver_wounds == 0 {
                out.push(problem(
                    format!("{path}.status"),
                    format!("{name} has lost the last wound of sled or driver but is still racing"),
                    "S14",
                ));
            }
        }
        SledStatus::Finished {
            round: at,
            past,
            order,
        } => {
            if *at > round || *at == 0 {
                out.push(problem(
                    format!("{path}.status.finished.round"),
                    format!("{name} finished in round {at}, but the race is in round {round}"),
                    "S15",
                ));
            }
            if !(past.is_finite() && (0.0..=reach).contains(past)) {
                out.push(problem(
                    format!("{path}.status.finished.past"),
                    format!("{name} cannot be {past} in past the line"),
                    "S15",
                ));
            }
            if *order as usize >= st.sleds.len().max(1) {
                out.push(problem(
                    format!("{path}.status.finished.order"),
                    format!(
                        "{name} moved {}th in a round of {} sleds",
                        order + 1,
                        st.sleds.len()
                    ),
                    "P32",
                ));
            }
        }
        SledStatus::Out { round: at } => {
            if *at > round || *at == 0 {
                out.push(problem(
                    format!("{path}.status.out.round"),
                    format!("{name} went out in round {at}, but the race is in round {round}"),
                    "S14",
                ));
            }
            if s.sled_wounds > 0 && s.driver_wounds > 0 {
                out.push(problem(
                    format!("{path}.status"),
                    format!("{name} is out of the race with wounds left on sled and driver"),
                    "S14",
                ));
            }
        }
    }
}

/// Whether two states agree but for the sleds' table pieces (a state
/// applied to the table gets its pieces there).
fn same_but_pieces(a: &RaceState, b: &RaceState) -> bool {
    let sled_eq = |x: &Sled, y: &Sled| {
        x.id == y.id
            && x.driver == y.driver
            && x.center == y.center
            && x.facing == y.facing
            && x.speed == y.speed
            && x.sled_wounds == y.sled_wounds
            && x.driver_wounds == y.driver_wounds
            && x.dice == y.dice
            && x.status == y.status
    };
    a.settings == b.settings
        && a.placed == b.placed
        && a.turn == b.turn
        && a.round == b.round
        && a.order == b.order
        && a.moved == b.moved
        && a.turning == b.turning
        && a.sleds.len() == b.sleds.len()
        && a.sleds.iter().zip(&b.sleds).all(|(x, y)| sled_eq(x, y))
        && (std::sync::Arc::ptr_eq(&a.track, &b.track) || a.track == b.track)
}

fn kind_name(kind: &SledKind) -> &'static str {
    match kind {
        SledKind::StartDraw { .. } => "start_draw",
        SledKind::TurnDice { .. } => "turn_dice",
        SledKind::RoundOrder { .. } => "round_order",
        SledKind::Move { .. } => "move",
        SledKind::Turn { .. } => "turn",
    }
}

/// The resolutions as a chain: ids unique, every one but the newest
/// applied, each starting from the state the one before ended with, the
/// running state the end of the last applied one (or the start).
fn chain_problems(race: &Race, st: &RaceState, out: &mut Vec<Problem>) {
    let n = race.resolutions.len();
    let mut ids: BTreeSet<Id> = BTreeSet::new();
    let mut previous: Option<&RaceState> = None;
    for (i, r) in race.resolutions.iter().enumerate() {
        let path = format!("resolutions[{i}]");
        if !ids.insert(r.id()) {
            out.push(problem(
                format!("{path}.id"),
                format!("resolution id {} is used twice", r.id()),
                "S3",
            ));
        }
        if !r.applied() && i + 1 != n {
            out.push(problem(
                format!("{path}.applied"),
                "only the newest resolution may be open; every earlier one is applied",
                "S3",
            ));
        }
        let before = r.kind().before();
        let bpath = format!("{path}.resolver.{}.before", kind_name(r.kind()));
        state_problems(race, before, &bpath, out);
        match previous {
            None => {
                if before.placed || before.turn != 0 {
                    out.push(problem(
                        bpath.clone(),
                        "the first resolution starts from the race as it started",
                        "S3",
                    ));
                }
            }
            Some(prev) if !same_but_pieces(prev, before) => out.push(problem(
                bpath.clone(),
                "does not start from the state the resolution before ended with",
                "S3",
            )),
            Some(_) => {}
        }
        previous = r.outcome().map(|o| &o.after);
    }
    let expected = match race.resolutions.last() {
        Some(last) if !last.applied() => Some(last.kind().before()),
        Some(last) => last.outcome().map(|o| &o.after),
        None => None,
    };
    let consistent = match expected {
        Some(e) => same_but_pieces(e, st),
        None => !st.placed && st.turn == 0,
    };
    if !consistent {
        out.push(problem(
            "state",
            "the running race is not what its resolutions give",
            "S3",
        ));
    }
}
