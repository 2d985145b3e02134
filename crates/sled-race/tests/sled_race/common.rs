//! Helpers: constructed tracks, states and a scripted driver.

use std::collections::VecDeque;

use feldherr_dice::Dice;
use feldherr_dice::step::{Driver, LogStep, Prompt};
use feldherr_geometry::{Angle, Circle, OrientedRect, Point, Shape};
use feldherr_play::Id;
use feldherr_sled_race::{
    MoveResolver, RaceSettings, RaceState, Sled, Stepped, Terrain, TerrainKind, Track, TurnResolver,
};

pub fn deg(d: f64) -> Angle {
    Angle::from_degrees(d).expect("finite")
}

/// A driver-sled: T, I, S, WS, W.
pub fn sled(
    id: u64,
    name: &str,
    profile: [u32; 5],
    at: (f64, f64),
    facing: f64,
    speed: i32,
) -> Sled {
    let driver = feldherr_sled_race::Driver::on_foot(name, &format!("player {id}"), profile);
    let mut s = Sled::new(Id(id), driver, Point::new(at.0, at.1));
    s.facing = deg(facing);
    s.speed = speed;
    s
}

pub fn circle(kind: TerrainKind, x: f64, y: f64, r: f64) -> Terrain {
    Terrain {
        piece: 100,
        name: format!("{kind:?}"),
        kind,
        shape: Shape::Circle(Circle::new(Point::new(x, y), r).expect("circle")),
        uphill: None,
    }
}

/// A rectangle `w` along y by `l` along x, centred at (x, y).
pub fn rect(kind: TerrainKind, x: f64, y: f64, l: f64, w: f64, uphill: Option<f64>) -> Terrain {
    Terrain {
        piece: 101,
        name: format!("{kind:?}"),
        kind,
        shape: Shape::Rect(OrientedRect::new(Point::new(x, y), w, l, Angle::ZERO).expect("rect")),
        uphill: uphill.map(deg),
    }
}

/// A placed race in turn `turn`, round 1, moving in the given order.
pub fn state(terrain: Vec<Terrain>, sleds: Vec<Sled>, turn: u32) -> RaceState {
    let mut track = Track::empty(72.0, 48.0).expect("track");
    track.terrain = terrain;
    let order = sleds.iter().map(|s| s.id).collect();
    RaceState {
        settings: RaceSettings::default(),
        track: std::sync::Arc::new(track),
        sleds,
        placed: true,
        turn,
        round: 1,
        order,
        moved: Vec::new(),
        turning: None,
    }
}

/// Runs a resolver with scripted dice and choices (missing choices: 0).
pub fn run<R: feldherr_dice::step::Resolver<Outcome = Stepped>>(
    r: R,
    dice: &[u32],
    choices: &[usize],
) -> (Stepped, Vec<LogStep>) {
    let mut driver = Driver::new(r);
    let mut dice = Dice::scripted(dice.iter().copied());
    let mut choices: VecDeque<usize> = choices.iter().copied().collect();
    driver
        .run_to_end(&mut dice, |_| choices.pop_front().unwrap_or(0))
        .expect("resolves");
    let out = driver.outcome().expect("finished").clone();
    (out, driver.log().to_vec())
}

pub fn run_move(
    st: &RaceState,
    id: u64,
    facing: Option<f64>,
    dice: &[u32],
    choices: &[usize],
) -> (Stepped, Vec<LogStep>) {
    run(
        MoveResolver {
            before: std::sync::Arc::new(st.clone()),
            sled: Id(id),
            facing: facing.map(deg),
        },
        dice,
        choices,
    )
}

pub fn run_turn(st: &RaceState, id: u64, angle: f64, dice: &[u32]) -> (Stepped, Vec<LogStep>) {
    run(
        TurnResolver {
            before: std::sync::Arc::new(st.clone()),
            sled: Id(id),
            angle,
        },
        dice,
        &[],
    )
}

/// The first roll prompt with message key `key` when running with the
/// given answers, and its integer arguments.
pub fn prompt_args(
    r: MoveResolver,
    dice: &[u32],
    choices: &[usize],
    key: &str,
) -> Vec<(String, i64)> {
    let mut driver = Driver::new(r);
    let mut dice: VecDeque<u32> = dice.iter().copied().collect();
    let mut choices: VecDeque<usize> = choices.iter().copied().collect();
    loop {
        match driver.prompt().cloned() {
            Some(Prompt::Roll(req)) => {
                if let Some(m) = &req.message
                    && m.key == key
                {
                    return m
                        .args
                        .iter()
                        .filter_map(|(n, a)| match a {
                            feldherr_dice::step::MessageArg::Int(v) => Some((n.clone(), *v)),
                            _ => None,
                        })
                        .collect();
                }
                let faces = (0..req.dice.len())
                    .map(|_| dice.pop_front().unwrap_or(1))
                    .collect();
                driver.answer_dice(faces).expect("die");
            }
            Some(Prompt::Choice(_)) => driver
                .answer_choice(choices.pop_front().unwrap_or(0))
                .expect("choice"),
            None => panic!("no prompt {key}"),
        }
    }
}

/// Whether the log has a step with catalogue key `key`.
pub fn logged(log: &[LogStep], key: &str) -> bool {
    log.iter()
        .any(|s| s.message.as_ref().is_some_and(|m| m.key == key))
}

/// The number `name` of the first step with key `key`.
pub fn number(log: &[LogStep], key: &str, name: &str) -> Option<i64> {
    log.iter()
        .find(|s| s.message.as_ref().is_some_and(|m| m.key == key))
        .and_then(|s| s.get(name))
}

pub fn sled_of(out: &Stepped, id: u64) -> &Sled {
    out.after.sled(Id(id)).expect("sled")
}
