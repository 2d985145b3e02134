//! Outcomes in words: the sentence a finished resolution shows in the
//! panel and on the sheet (the typed outcome is what the game applies).

use std::fmt;

use feldherr_dice::step::{Pending, Resolver, Steps};

use crate::{
    Fate, FireResult, HitEffect, HitResult, InstabilOutcome, Instability, PassengerHit,
    PressureOutcome, RammingOutcome, Repair, RepairOutcome, RepairResult, SickleResult,
    SteamOutcome,
};

/// Outcomes that read as a sentence.
pub trait Words {
    /// The outcome in words.
    fn words(&self) -> String;
}

/// A library resolver whose outcome is given in words.
#[derive(Debug, Clone)]
pub struct Worded<R>(pub R);

/// The outcome of a [`Worded`] resolver.
#[derive(Debug, Clone, PartialEq)]
pub struct WordedOutcome<O>(pub O);

impl<O: Words> fmt::Display for WordedOutcome<O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.words())
    }
}

impl<R: Resolver> Resolver for Worded<R>
where
    R::Outcome: Words,
{
    type Outcome = WordedOutcome<R::Outcome>;

    fn title(&self) -> String {
        self.0.title()
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<Self::Outcome, Pending> {
        self.0.resolve(steps).map(WordedOutcome)
    }
}

/// The FER test's result in words.
pub(crate) fn fire_words(fire: FireResult) -> &'static str {
    match fire {
        FireResult::Jammed => "jammed (a 1): no shot this round",
        FireResult::Missed => "missed",
        FireResult::Hit => "on target",
    }
}

/// One hit's result in words.
pub(crate) fn hit_words(result: &HitResult) -> String {
    let effect = match result.effect {
        // A figure's wound level says it all ("killed outright").
        HitEffect::Wound(level) => return level.to_string(),
        HitEffect::Sp { lost, left } => format!("{lost} SP lost, {left} left"),
    };
    match result.fate {
        Fate::Survives => effect,
        Fate::Killed => format!("{effect}, killed"),
        Fate::Destroyed => format!("{effect}, destroyed"),
    }
}

impl Words for RammingOutcome {
    fn words(&self) -> String {
        let mut parts = vec![format!("STR {}", self.strength)];
        for h in &self.hits {
            parts.push(format!("{}: {}", h.name, hit_words(&h.result)));
        }
        parts.push(
            if self.drove_through {
                "the machine drove through"
            } else {
                "the machine stops"
            }
            .to_owned(),
        );
        parts.join("; ")
    }
}

impl Words for Vec<SickleResult> {
    fn words(&self) -> String {
        if self.is_empty() {
            return "no figure touched".into();
        }
        self.iter()
            .map(|r| match &r.hit {
                _ if r.passed => format!("{}: jumped clear", r.name),
                Some(h) => format!("{}: {}", r.name, hit_words(h)),
                None => format!("{}: failed", r.name),
            })
            .collect::<Vec<_>>()
            .join("; ")
    }
}

impl Words for PressureOutcome {
    fn words(&self) -> String {
        match self.result {
            SteamOutcome::Blocked => "no roll: total failure this round".into(),
            SteamOutcome::Bonus(b) => format!("bonus +{b}"),
            SteamOutcome::Incident(i) => format!("incident: {i}"),
        }
    }
}

impl Words for InstabilOutcome {
    fn words(&self) -> String {
        let left = match self.after {
            Instability::Structure(sp) => format!(", {sp} SP left"),
            Instability::Figure(level) => format!(", {level}"),
        };
        match self.hits {
            0 => format!("holds together{left}"),
            1 => format!("1 SP lost{left}"),
            n => format!("{n} SP lost{left}"),
        }
    }
}

impl Words for crate::SteamMarkers {
    fn words(&self) -> String {
        if !self.total_failure {
            "no total failure: the machine works".into()
        } else if self.cleared_this_round {
            "the machine works this round".into()
        } else {
            "no pressure roll this round".into()
        }
    }
}

impl Words for RepairOutcome {
    fn words(&self) -> String {
        let what = match self.result {
            RepairResult::Worse => "worse: 1 SP lost",
            RepairResult::Nothing => "no effect",
            RepairResult::Repaired => "repaired: 1 SP back",
        };
        format!("{what} ({} SP lost)", self.sp_lost)
    }
}

impl Words for Vec<PassengerHit> {
    fn words(&self) -> String {
        if self.is_empty() {
            return "nobody hit".into();
        }
        self.iter()
            .map(|h| format!("{}: {}", h.name, hit_words(&h.result)))
            .collect::<Vec<_>>()
            .join("; ")
    }
}

/// A repair attempt (C10) with its outcome in words.
pub type RepairStep = Worded<Repair>;
