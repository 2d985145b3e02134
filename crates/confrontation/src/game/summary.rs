//! A resolution of the game in catalogue messages: its title
//! ([`ConfrontationKind::title_message`]) and its outcome, one line per
//! model hit ([`ConfrontationOutcome::lines`]), so that a record sheet in
//! German has no English line.

use feldherr_dice::step::Message;

use super::{ConfrontationKind, ConfrontationOutcome, HitsCause, MoraleTest, Shot, ShotOutcome};
use crate::{
    DamageRoll, Fate, FireResult, HitEffect, HitResult, OutcomeMessage, PenetrationStop, Repair,
    TitleMessage,
};

/// One hit's result as a message: a figure's wound level, or a machine's
/// SP lost and left with its fate.
pub fn hit_message(result: &HitResult) -> Message {
    match result.effect {
        HitEffect::Wound(level) => Message::new(level.message_key()),
        HitEffect::Sp { lost, left } => {
            let key = match result.fate {
                Fate::Survives => "conf.game.hit.sp",
                Fate::Killed => "conf.game.hit.sp_killed",
                Fate::Destroyed => "conf.game.hit.sp_destroyed",
            };
            Message::new(key).int("lost", lost).int("left", left)
        }
    }
}

/// "{name}: {hit}".
fn named(name: &str, result: &HitResult) -> Message {
    Message::new("conf.game.hit.line")
        .text("name", name)
        .nested("hit", hit_message(result))
}

impl ConfrontationKind {
    /// The resolution's title as a message (what it is, with its numbers).
    pub fn title_message(&self) -> Message {
        let bad = || Message::new("conf.game.title.bad");
        match self {
            ConfrontationKind::Damage {
                strength,
                resilience,
                sacred,
                ..
            } => DamageRoll::new(*strength, *resilience)
                .map(|r| r.sacred(*sacred).title_message())
                .unwrap_or_else(|_| bad()),
            ConfrontationKind::Repair {
                x, start_sp, lost, ..
            } => Repair::new(*x, *start_sp, *lost)
                .map(|r| r.title_message())
                .unwrap_or_else(|_| bad()),
            ConfrontationKind::Shot(s) => match s.resolver() {
                Ok(r) => match &r.shot {
                    Shot::Zone(z) => z.title_message(),
                    Shot::Penetrating { shot, .. } => shot.title_message(),
                },
                Err(_) => bad(),
            },
            ConfrontationKind::Ramming(r) => r
                .resolver()
                .map(|r| r.0.title_message())
                .unwrap_or_else(|_| bad()),
            ConfrontationKind::Sickle(s) => s
                .resolver()
                .map(|r| r.0.title_message())
                .unwrap_or_else(|_| bad()),
            ConfrontationKind::Steam(s) => s
                .resolver()
                .map(|r| r.0.title_message())
                .unwrap_or_else(|_| bad()),
            ConfrontationKind::Hits(h) => Message::new(match h.cause {
                HitsCause::Explosion => "conf.game.title.explosion",
                HitsCause::Mine => "conf.game.title.mine",
            })
            .int("n", i64::try_from(h.victims.len()).unwrap_or(i64::MAX))
            .int("str", h.strength),
            ConfrontationKind::Passengers(p) => p
                .resolver()
                .map(|r| r.0.title_message())
                .unwrap_or_else(|_| bad()),
            ConfrontationKind::Instabil(i) => i
                .resolver()
                .map(|r| r.0.title_message())
                .unwrap_or_else(|_| bad()),
            ConfrontationKind::InstabilFigure(i) => i
                .resolver()
                .map(|r| r.0.title_message())
                .unwrap_or_else(|_| bad()),
            ConfrontationKind::TotalFailure(t) => t
                .resolver()
                .map(|r| r.0.title_message())
                .unwrap_or_else(|_| bad()),
            ConfrontationKind::CounterFire(c) => {
                let shot = ConfrontationKind::Shot(c.shot.clone()).title_message();
                Message::new("conf.game.title.counter_fire").nested("shot", shot)
            }
            ConfrontationKind::Morale(m) => Message::new(match m.test {
                MoraleTest::Courage => "conf.game.title.courage",
                MoraleTest::Rally => "conf.game.title.rally",
            })
            .text("name", m.name.clone())
            .int("value", m.value)
            .int("difficulty", m.difficulty),
            ConfrontationKind::FigureRoll(f) => Message::new("conf.game.title.figure_roll")
                .text("name", f.name.clone())
                .text("label", f.label.clone())
                .int("value", f.value)
                .int("difficulty", f.difficulty),
        }
    }
}

impl ConfrontationOutcome {
    /// How the resolution of `kind` ended, as messages: a summary first,
    /// then one line per model it concerned ("Goblin A: killed outright").
    pub fn lines(&self, kind: &ConfrontationKind) -> Vec<Message> {
        let names: Vec<&str> = match kind {
            ConfrontationKind::Shot(s) => s.models.iter().map(|m| m.victim.name.as_str()).collect(),
            ConfrontationKind::CounterFire(c) => c
                .shot
                .models
                .iter()
                .map(|m| m.victim.name.as_str())
                .collect(),
            _ => Vec::new(),
        };
        let name = |i: usize| names.get(i).copied().unwrap_or("?");
        match self {
            ConfrontationOutcome::Damage(d) => vec![d.message()],
            ConfrontationOutcome::Repair(r) => vec![r.message()],
            ConfrontationOutcome::Shot(ShotOutcome::Zone(z))
            | ConfrontationOutcome::CounterFire(ShotOutcome::Zone(z)) => {
                let mut out = vec![z.message()];
                if z.fire != FireResult::Jammed {
                    for h in &z.hits {
                        out.push(match &h.result {
                            Some(r) => named(name(h.model), r),
                            None => {
                                Message::new("conf.game.hit.missed").text("name", name(h.model))
                            }
                        });
                    }
                }
                out
            }
            ConfrontationOutcome::Shot(ShotOutcome::Penetrating { fire, chain })
            | ConfrontationOutcome::CounterFire(ShotOutcome::Penetrating { fire, chain }) => {
                let mut out = vec![Message::new("conf.game.fer_test").key(
                    "result",
                    match fire {
                        FireResult::Jammed => "conf.game.fire.jammed",
                        FireResult::Missed => "conf.game.fire.missed",
                        FireResult::Hit => "conf.game.fire.hit",
                    },
                )];
                if let Some(c) = chain {
                    for (m, s, r) in &c.hits {
                        out.push(
                            Message::new("conf.game.hit.line_str")
                                .text("name", name(*m))
                                .int("str", *s)
                                .nested("hit", hit_message(r)),
                        );
                    }
                    out.push(Message::new(match c.stop {
                        PenetrationStop::Stuck => "conf.game.shot.stuck",
                        PenetrationStop::RangeEnd => "conf.game.shot.range_end",
                    }));
                }
                out
            }
            ConfrontationOutcome::Ramming(r) => {
                let mut out = vec![r.message()];
                out.extend(r.hits.iter().map(|h| named(&h.name, &h.result)));
                out
            }
            ConfrontationOutcome::Sickle(s) => {
                let mut out = vec![s.message()];
                for h in s {
                    out.push(match &h.hit {
                        Some(r) => named(&h.name, r),
                        None => Message::new("conf.game.hit.passed").text("name", &h.name),
                    });
                }
                out
            }
            ConfrontationOutcome::Steam(p) => vec![p.message()],
            ConfrontationOutcome::Hits(h) => {
                if h.is_empty() {
                    return vec![Message::new("conf.game.hit.nobody")];
                }
                h.iter().map(|(n, r)| named(n, r)).collect()
            }
            ConfrontationOutcome::Passengers(p) => {
                let mut out = vec![p.message()];
                out.extend(p.iter().map(|h| named(&h.name, &h.result)));
                out
            }
            ConfrontationOutcome::Instabil(i) => vec![i.message()],
            ConfrontationOutcome::TotalFailure(m) => vec![m.message()],
            ConfrontationOutcome::Morale(passed) => {
                let name = match kind {
                    ConfrontationKind::Morale(m) => m.name.as_str(),
                    _ => "?",
                };
                vec![
                    Message::new(if *passed {
                        "conf.game.test.passed"
                    } else {
                        "conf.game.test.failed"
                    })
                    .text("name", name),
                ]
            }
            ConfrontationOutcome::FigureRoll(passed) => {
                let name = match kind {
                    ConfrontationKind::FigureRoll(f) => f.name.as_str(),
                    _ => "?",
                };
                vec![
                    Message::new(if *passed {
                        "conf.game.test.passed"
                    } else {
                        "conf.game.test.failed"
                    })
                    .text("name", name),
                ]
            }
        }
    }
}
