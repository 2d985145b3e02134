//! Catalogue messages for the typed results, so the app and the sheet
//! show EP lines, VP lines, end reasons and the verdict in any language
//! (keys in `messages/en.json` and `messages/de.json`).

use feldherr_dice::step::Message;

use crate::{EndReason, EpSource, Player, Verdict, VictoryCondition, VpLineKind, VpNote};

fn name(names: &[String; 2], player: Player) -> String {
    names[player.index()].clone()
}

impl EpSource {
    /// The line's reason as a catalogue message.
    #[must_use]
    pub fn message(&self) -> Message {
        match self {
            EpSource::Marker { label, doubled, .. } => Message::new(if *doubled {
                "warmaster.ep.marker_doubled"
            } else {
                "warmaster.ep.marker"
            })
            .text("label", label.clone()),
            EpSource::Zone { label, .. } => {
                Message::new("warmaster.ep.zone").text("label", label.clone())
            }
            EpSource::Hill { markers } => {
                Message::new("warmaster.ep.hill").int("markers", i64::from(*markers))
            }
            EpSource::OwnLine => Message::new("warmaster.ep.own_line"),
            EpSource::EnemyLine { markers } => {
                Message::new("warmaster.ep.enemy_line").int("markers", i64::from(*markers))
            }
            EpSource::Cap { cap } => Message::new("warmaster.ep.cap").int("cap", i64::from(*cap)),
            EpSource::Dominate { label, .. } => {
                Message::new("warmaster.ep.dominate").text("label", label.clone())
            }
            EpSource::Killbox { name, .. } => {
                Message::new("warmaster.ep.killbox").text("name", name.clone())
            }
            EpSource::ScorchedEarth { name, .. } => {
                Message::new("warmaster.ep.scorched_earth").text("name", name.clone())
            }
            EpSource::KingSlain { name, .. } => {
                Message::new("warmaster.ep.king_slain").text("name", name.clone())
            }
            EpSource::GeneralFought { .. } => Message::new("warmaster.ep.general_fought"),
            EpSource::KingCap { .. } => Message::new("warmaster.ep.king_cap"),
            EpSource::Withheld { event } => {
                Message::new("warmaster.ep.withheld").nested("event", event.message())
            }
        }
    }
}

impl VictoryCondition {
    /// The catalogue key of its name.
    #[must_use]
    pub const fn label_key(self) -> &'static str {
        match self {
            VictoryCondition::TenEp => "warmaster.condition.ten_ep",
            VictoryCondition::SuddenDeath => "warmaster.condition.sudden_death",
            VictoryCondition::EnemyGeneralSlain => "warmaster.condition.enemy_general_slain",
            VictoryCondition::EnemyArmyBroken => "warmaster.condition.enemy_army_broken",
        }
    }
}

impl VpLineKind {
    /// The line as a catalogue message.
    #[must_use]
    pub fn message(&self) -> Message {
        match self {
            VpLineKind::Destroyed { name, cost, .. } => Message::new("warmaster.vp.destroyed")
                .text("name", name.clone())
                .int("cost", i64::from(*cost)),
            VpLineKind::HalfLost {
                name,
                cost,
                stands,
                lost,
                exact,
                ..
            } => Message::new("warmaster.vp.half_lost")
                .text("name", name.clone())
                .int("cost", i64::from(*cost))
                .int("stands", i64::from(*stands))
                .int("lost", i64::from(*lost))
                .text("exact", exact.to_string()),
            VpLineKind::EpBonus {
                ep,
                game_size,
                exact,
            } => Message::new("warmaster.vp.ep_bonus")
                .int("ep", i64::from(*ep))
                .int("size", i64::from(*game_size))
                .text("exact", exact.to_string()),
            VpLineKind::ConditionBonus {
                conditions,
                game_size,
                exact,
            } => {
                let mut m = Message::new("warmaster.vp.condition_bonus")
                    .int("count", i64::try_from(conditions.len()).unwrap_or(0))
                    .int("size", i64::from(*game_size))
                    .text("exact", exact.to_string());
                if let Some(first) = conditions.first() {
                    m = m.key("first", first.label_key());
                }
                m
            }
        }
    }
}

impl EndReason {
    /// Why the game ended, as a catalogue message with the players'
    /// `names` (A, B).
    #[must_use]
    pub fn message(&self, names: &[String; 2]) -> Message {
        match *self {
            EndReason::TenEp { player } => {
                Message::new("warmaster.end.ten_ep").text("player", name(names, player))
            }
            EndReason::SuddenDeath { leader } => {
                Message::new("warmaster.end.sudden_death").text("player", name(names, leader))
            }
            EndReason::GeneralSlain { player } => {
                Message::new("warmaster.end.general_slain").text("player", name(names, player))
            }
            EndReason::ArmyBroken { player } => {
                Message::new("warmaster.end.army_broken").text("player", name(names, player))
            }
            EndReason::TurnLimit { rounds } => {
                Message::new("warmaster.end.turn_limit").int("rounds", i64::from(rounds))
            }
            EndReason::ClockOut { player } => {
                Message::new("warmaster.end.clock_out").text("player", name(names, player))
            }
            EndReason::Agreed => Message::new("warmaster.end.agreed"),
        }
    }
}

impl VpNote {
    /// The note as a catalogue message with the players' `names` (A, B).
    #[must_use]
    pub fn message(&self, names: &[String; 2]) -> Message {
        match self {
            VpNote::SuccessorGeneral {
                player,
                slain,
                successor,
                round,
            } => Message::new("warmaster.vp_note.successor")
                .text("player", name(names, *player))
                .text("slain", slain.clone())
                .text("successor", successor.clone())
                .int("round", i64::from(*round)),
        }
    }
}

impl Verdict {
    /// The result as a catalogue message with the players' `names`.
    #[must_use]
    pub fn message(&self, names: &[String; 2]) -> Message {
        match *self {
            Verdict::Draw => Message::new("warmaster.verdict.draw"),
            Verdict::Points { winner } => {
                Message::new("warmaster.verdict.points").text("player", name(names, winner))
            }
            Verdict::Clock { winner } => {
                Message::new("warmaster.verdict.clock").text("player", name(names, winner))
            }
        }
    }
}
