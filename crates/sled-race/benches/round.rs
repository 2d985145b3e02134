//! One whole round of six sleds on a track with 20 terrain pieces: the
//! order draw, six moves (speed, inch by inch through terrain,
//! collisions, attacks) and six turn attempts, each replayed from its
//! answers as the saved game keeps it.
//!
//! Every benchmark runs twice: timed by the wall clock, and by the CPU
//! time of the benchmarking thread (Linux: `/proc/thread-self/schedstat`),
//! which a busy shared machine inflates far less.

use std::hint::black_box;

use std::time::Duration;

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{BenchmarkGroup, Criterion, SamplingMode, criterion_group, criterion_main};
use feldherr_dice::Dice;
use feldherr_dice::step::{Answer, Resolver, Steps};
use feldherr_geometry::{Angle, Point};
use feldherr_play::Game;
use feldherr_sled_race::{
    DrawKind, DrawResolver, Driver, MoveResolver, NextStep, Race, RaceEdit, SledKind, StepInput,
    TerrainKind, TurnResolver,
};
use feldherr_table::{Table, TableEdit};

fn setup() -> (Race, Table) {
    let mut table = Race::default_table();
    let rules = Race::table_rules();
    for i in 0..20u32 {
        let kind = TerrainKind::ALL[(i % 10) as usize];
        let t = rules.type_def(kind.type_id()).expect("type");
        let at = Point::new(12.0 + f64::from(i * 13 % 56), 4.0 + f64::from(i * 7 % 40));
        let p = t
            .piece(table.next_id(), kind.label(), at)
            .expect("piece")
            .with_facing(Angle::from_degrees(f64::from(i * 37)).expect("angle"));
        table.apply(TableEdit::Add(p)).expect("add");
    }
    let mut race = Race::new_game();
    for i in 0..6u32 {
        let d = Driver::on_foot(&format!("D{i}"), &format!("P{i}"), [3 + i % 3, 4, 4, 4, 3]);
        race.apply(
            &RaceEdit::AddEntrant {
                player: format!("P{i}"),
                driver: Some(d),
            },
            &mut table,
        )
        .expect("entrant");
    }
    race.apply(&RaceEdit::Start, &mut table).expect("start");
    let mut dice = Dice::seeded(3);
    let last = |c: &feldherr_dice::step::ChoiceRequest| c.options.len() - 1;
    // Start draw and movement dice.
    for _ in 0..2 {
        race.play_next(&mut table, &mut dice, last, StepInput::Draw)
            .expect("draw");
    }
    (race, table)
}

fn one_round(race: &mut Race, table: &mut Table, seed: u64) {
    let mut dice = Dice::seeded(seed);
    let last = |c: &feldherr_dice::step::ChoiceRequest| c.options.len() - 1;
    race.play_next(table, &mut dice, last, StepInput::Draw)
        .expect("order");
    loop {
        let input = match race.next_step() {
            Some(NextStep::Move(_)) => StepInput::Move { facing: Some(0.0) },
            Some(NextStep::Turn(_)) => StepInput::Turn { angle: 20.0 },
            _ => break,
        };
        let input = match (input, race.next_step()) {
            (StepInput::Move { .. }, Some(NextStep::Move(id)))
                if race
                    .state()
                    .and_then(|s| s.sled(id))
                    .is_some_and(|s| s.speed != 0) =>
            {
                StepInput::Move { facing: None }
            }
            (i, _) => i,
        };
        race.play_next(table, &mut dice, last, input).expect("step");
    }
}

fn bench<M: Measurement>(c: &mut BenchmarkGroup<'_, M>) {
    let (race, table) = setup();
    c.bench_function("one round, 6 sleds, 20 terrain pieces", |b| {
        b.iter_batched(
            || (race.clone(), table.clone()),
            |(mut race, mut table)| {
                one_round(&mut race, &mut table, 9);
                black_box(race.state().map(|s| s.round))
            },
            criterion::BatchSize::SmallInput,
        );
    });
}

/// The engine's own work for the same round: every resolver of the round
/// run once over its recorded answers (no replay per answer, no table).
fn bench_resolve<M: Measurement>(c: &mut BenchmarkGroup<'_, M>) {
    let (mut race, mut table) = setup();
    let first = race.resolutions.len();
    one_round(&mut race, &mut table, 9);
    let round: Vec<(SledKind, Vec<Answer>)> = race.resolutions[first..]
        .iter()
        .map(|r| (r.kind().clone(), r.answers().to_vec()))
        .collect();
    c.bench_function("resolve one round once, 6 sleds, 20 terrain pieces", |b| {
        b.iter(|| {
            for (kind, answers) in &round {
                black_box(resolve_once(kind, answers));
            }
        });
    });
}

fn resolve_once(kind: &SledKind, answers: &[Answer]) -> Option<usize> {
    let mut steps = Steps::new(answers);
    let out = match kind {
        SledKind::Move {
            before,
            sled,
            facing,
        } => MoveResolver {
            before: std::sync::Arc::clone(before),
            sled: *sled,
            facing: *facing,
        }
        .resolve(&mut steps)
        .ok(),
        SledKind::Turn {
            before,
            sled,
            angle,
        } => TurnResolver {
            before: std::sync::Arc::clone(before),
            sled: *sled,
            angle: *angle,
        }
        .resolve(&mut steps)
        .ok(),
        SledKind::RoundOrder { before } => DrawResolver {
            before: std::sync::Arc::clone(before),
            kind: DrawKind::Round,
        }
        .resolve(&mut steps)
        .ok(),
        _ => None,
    };
    out.map(|o| o.path.len())
}

/// The same round played through the contract, as the app plays it: each
/// step opened with [`RaceEdit::Open`], every prompt answered one by one
/// through the resolution list (each answer replays the resolution once)
/// and the result applied with [`RaceEdit::Apply`].
fn contract_round(race: &mut Race, table: &mut Table, seed: u64) {
    use feldherr_dice::step::Prompt;
    let mut dice = Dice::seeded(seed);
    loop {
        let input = match race.next_step() {
            Some(NextStep::RoundOrder) if race.state().is_some_and(|s| s.round > 0) => break,
            Some(NextStep::RoundOrder) => StepInput::Draw,
            Some(NextStep::Move(id)) => {
                let standing = race
                    .state()
                    .and_then(|s| s.sled(id))
                    .is_some_and(|s| s.speed == 0);
                StepInput::Move {
                    facing: standing.then_some(0.0),
                }
            }
            Some(NextStep::Turn(_)) => StepInput::Turn { angle: 20.0 },
            _ => break,
        };
        race.apply(&RaceEdit::Open(input), table).expect("open");
        let index = race.resolutions.len() - 1;
        loop {
            let answer = match race
                .resolutions()
                .resolution_at(index)
                .and_then(|r| r.prompt())
            {
                Some(Prompt::Roll(request)) => Answer::Dice(
                    feldherr_dice::Roller::roll(&mut dice, request.clone()).expect("roll"),
                ),
                Some(Prompt::Choice(request)) => Answer::Choice(request.options.len() - 1),
                None => break,
            };
            race.resolutions_mut()
                .answer_at(index, answer)
                .expect("answer");
        }
        let id = race.resolutions[index].id();
        race.apply(&RaceEdit::Apply(id), table).expect("apply");
    }
}

fn bench_contract<M: Measurement>(c: &mut BenchmarkGroup<'_, M>) {
    let (race, table) = setup();
    c.bench_function(
        "one round through the contract, 6 sleds, 20 terrain pieces",
        |b| {
            b.iter_batched(
                || (race.clone(), table.clone()),
                |(mut race, mut table)| {
                    contract_round(&mut race, &mut table, 9);
                    black_box(race.state().map(|s| s.round))
                },
                criterion::BatchSize::SmallInput,
            );
        },
    );
}

/// The CPU time the benchmarking thread spent, in nanoseconds (0 where
/// the kernel does not say).
fn thread_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// Criterion's measurement by the thread's CPU time.
struct ThreadCpuTime;

static WALL: WallTime = WallTime;

impl Measurement for ThreadCpuTime {
    type Intermediate = u64;
    type Value = u64;
    fn start(&self) -> u64 {
        thread_cpu_ns()
    }
    fn end(&self, start: u64) -> u64 {
        thread_cpu_ns().saturating_sub(start)
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, value: &u64) -> f64 {
        *value as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        WALL.formatter()
    }
}

fn wall(c: &mut Criterion) {
    let mut group = c.benchmark_group("sled race");
    bench(&mut group);
    bench_resolve(&mut group);
    bench_contract(&mut group);
    group.finish();
}

/// The same benchmarks by the thread's CPU time. The kernel updates it at
/// scheduler ticks, so every sample runs the same, long batch (flat
/// sampling, about 100 ms each).
fn cpu(c: &mut Criterion<ThreadCpuTime>) {
    if thread_cpu_ns() == 0 {
        return;
    }
    let mut group = c.benchmark_group("sled race (thread CPU time)");
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(50)
        .measurement_time(Duration::from_secs(5));
    bench(&mut group);
    bench_resolve(&mut group);
    bench_contract(&mut group);
    group.finish();
}

criterion_group!(benches, wall);
criterion_group! {
    name = cpu_time;
    config = Criterion::default().with_measurement(ThreadCpuTime);
    targets = cpu
}
criterion_main!(benches, cpu_time);
