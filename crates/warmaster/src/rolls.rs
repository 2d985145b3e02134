//! Every step that rolls dice, as a saved resolution with exact odds and
//! logged rule ids: roll-offs (W1, Spielstart), scenario and special rule
//! (W2), the Incursion marker (W5) and the game length (W6).

use std::fmt;

use feldherr_dice::step::{ChoiceRequest, LogStep, Message, Pending, Resolver, Steps};
use feldherr_dice::{Die, OddsLine, RollRequest, Roller};
use feldherr_play::{PlayError, Replayed, ResolutionKind};
use serde::{Deserialize, Serialize};

use crate::{Player, Scenario, SpecialRule};

/// The inputs of one dice step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
// The variants without inputs are written `{}` rather than as unit
// variants: serde lets extra keys pass beside the tag of an internally
// tagged unit variant, and a saved roll must refuse them (issue 16).
#[serde(tag = "roll", rename_all = "snake_case", deny_unknown_fields)]
pub enum WarmasterRoll {
    /// The terrain roll-off: a D6 each, ties re-rolled; the higher places
    /// the first piece (W1).
    TerrainRollOff {
        /// The players' names (A, B), which the prompt, the odds and the
        /// log name them by; the game fills them in when the roll is
        /// asked for (`None` in games saved before, which say "the first
        /// player").
        #[serde(default, skip_serializing_if = "Option::is_none")]
        players: Option<[String; 2]>,
    },
    /// The roll-off for the starting player when the terrain was not
    /// placed alternately: the winner chooses whether he starts.
    StartRollOff {
        /// The players' names (A, B), as for the terrain roll-off.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        players: Option<[String; 2]>,
    },
    /// The scenario by D6 (W2).
    Scenario {},
    /// The scenario's special rule by D6 (W2).
    SpecialRule {
        /// The scenario whose table is used.
        scenario: Scenario,
    },
    /// Incursion set-up: when no marker lies in open ground, a D6 picks
    /// the marker whose terrain is moved off it (1-2 A, 3-4 B, 5-6 C; W3,
    /// PW16).
    IncursionTerrain {},
    /// Incursion: the marker worth 2 EP in game turn `round` (W5).
    Incursion {
        /// The game turn.
        round: u32,
    },
    /// Zufaellige Spieldauer: after game turn `after_round`, a D6 of
    /// `need` or more gives another turn (W6).
    GameLength {
        /// The game turn just played.
        after_round: u32,
        /// The score needed (2 after turn 5, 4 after turn 6).
        need: u32,
    },
}

/// The typed outcome of a dice step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum RollOutcome {
    /// Who places the first terrain piece.
    FirstToPlace {
        /// The roll-off winner.
        player: Player,
    },
    /// Who starts the game.
    StartingPlayer {
        /// The starting player.
        player: Player,
    },
    /// The scenario.
    Scenario {
        /// It.
        scenario: Scenario,
    },
    /// The special rule (`None`: none).
    SpecialRule {
        /// It.
        rule: Option<SpecialRule>,
    },
    /// Incursion set-up: the marker cleared of terrain (0 = A, 1 = B,
    /// 2 = C).
    IncursionTerrain {
        /// The marker's index in the layout order.
        marker: usize,
    },
    /// Incursion: the marker worth 2 (0 = A, 1 = B, 2 = C).
    Incursion {
        /// The marker's index in the layout order.
        marker: usize,
    },
    /// Whether the game goes on for another turn.
    GameLength {
        /// Another turn is played.
        another_turn: bool,
    },
}

impl fmt::Display for RollOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RollOutcome::FirstToPlace { player } => write!(f, "{player} places first"),
            RollOutcome::StartingPlayer { player } => write!(f, "{player} starts"),
            RollOutcome::Scenario { scenario } => write!(f, "{scenario}"),
            RollOutcome::SpecialRule { rule: Some(rule) } => write!(f, "{rule}"),
            RollOutcome::SpecialRule { rule: None } => write!(f, "no special rule"),
            RollOutcome::IncursionTerrain { marker } => {
                write!(f, "terrain moves off marker {}", marker_letter(*marker))
            }
            RollOutcome::Incursion { marker } => {
                write!(f, "marker {} is worth 2", marker_letter(*marker))
            }
            RollOutcome::GameLength { another_turn: true } => write!(f, "another turn"),
            RollOutcome::GameLength {
                another_turn: false,
            } => write!(f, "the game ends"),
        }
    }
}

/// "A", "B", "C" for Incursion's markers 0, 1, 2.
#[must_use]
pub fn marker_letter(marker: usize) -> &'static str {
    match marker {
        0 => "A",
        1 => "B",
        _ => "C",
    }
}

fn player_key(player: Player) -> &'static str {
    match player {
        Player::A => "warmaster.player.a",
        Player::B => "warmaster.player.b",
    }
}

impl WarmasterRoll {
    /// The terrain roll-off, before the game names its players.
    #[must_use]
    pub fn terrain_roll_off() -> Self {
        WarmasterRoll::TerrainRollOff { players: None }
    }

    /// The roll-off for the starting player, before the game names its
    /// players.
    #[must_use]
    pub fn start_roll_off() -> Self {
        WarmasterRoll::StartRollOff { players: None }
    }

    /// Whether this is the terrain roll-off (whoever it names).
    #[must_use]
    pub fn is_terrain_roll_off(&self) -> bool {
        matches!(self, WarmasterRoll::TerrainRollOff { .. })
    }

    /// Whether this is the roll-off for the starting player.
    #[must_use]
    pub fn is_start_roll_off(&self) -> bool {
        matches!(self, WarmasterRoll::StartRollOff { .. })
    }

    /// The roll with the players' names put in (the roll-offs name them).
    #[must_use]
    pub fn named(self, names: [String; 2]) -> Self {
        match self {
            WarmasterRoll::TerrainRollOff { .. } => WarmasterRoll::TerrainRollOff {
                players: Some(names),
            },
            WarmasterRoll::StartRollOff { .. } => WarmasterRoll::StartRollOff {
                players: Some(names),
            },
            other => other,
        }
    }

    /// The names a roll-off gives its players, if it has them.
    fn players(&self) -> Option<&[String; 2]> {
        match self {
            WarmasterRoll::TerrainRollOff { players } | WarmasterRoll::StartRollOff { players } => {
                players.as_ref()
            }
            _ => None,
        }
    }

    /// `message` with `player` put in as `arg`: by name when the roll has
    /// the names, else as "the first/second player".
    fn with_player(&self, message: Message, arg: &str, player: Player) -> Message {
        match self.players() {
            Some(names) => message.text(arg, names[player.index()].clone()),
            None => message.key(arg, player_key(player)),
        }
    }

    /// `player` in English, by name when the roll has the names.
    fn player_english(&self, player: Player) -> String {
        match self.players() {
            Some(names) => names[player.index()].clone(),
            None => match player {
                Player::A => "the first player".to_owned(),
                Player::B => "the second player".to_owned(),
            },
        }
    }
}

/// One outcome of a dice step with its exact odds: the faces that give
/// it and how many of the equally likely results those are. Shown before
/// the roll, one row per outcome ("A (1-2) 33.33 %"), not per face.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OddsRow {
    /// The outcome as a catalogue message (the same names the result
    /// uses).
    pub outcome: Message,
    /// The faces of the D6 that give it; empty for the two-dice roll-off.
    pub faces: Vec<u32>,
    /// Equally likely results that give it...
    pub chances: u32,
    /// ...out of this many (6 for a D6, 36 for two).
    pub of: u32,
    /// The row in English, as the prompt shows it where no catalogue is
    /// at hand: the outcome and its faces, "Long live the King (1-2)".
    pub label: String,
}

impl OddsRow {
    /// The exact probability.
    #[must_use]
    pub fn probability(&self) -> f64 {
        f64::from(self.chances) / f64::from(self.of)
    }

    /// The faces as text: "1-2", "5", "2-6"; empty when none.
    #[must_use]
    pub fn faces_text(&self) -> String {
        match (self.faces.first(), self.faces.last()) {
            (Some(a), Some(b)) if a == b => a.to_string(),
            (Some(a), Some(b)) => format!("{a}-{b}"),
            _ => String::new(),
        }
    }

    /// The row as a catalogue message: the outcome and, for a D6, its
    /// faces (`warmaster.odds.row`: "{outcome} ({faces})").
    #[must_use]
    pub fn message(&self) -> Message {
        if self.faces.is_empty() {
            self.outcome.clone()
        } else {
            Message::new("warmaster.odds.row")
                .nested("outcome", self.outcome.clone())
                .text("faces", self.faces_text())
        }
    }
}

/// Groups the faces 1-6 by the outcome `of` gives them, in face order,
/// one row per outcome; `english` names an outcome in English.
fn d6_rows<T: PartialEq + Copy>(
    of: impl Fn(u32) -> T,
    message: impl Fn(T) -> Message,
    english: impl Fn(T) -> String,
) -> Vec<OddsRow> {
    let mut groups: Vec<(T, Vec<u32>)> = Vec::new();
    for face in 1..=6 {
        let o = of(face);
        match groups.iter_mut().find(|(g, _)| *g == o) {
            Some((_, faces)) => faces.push(face),
            None => groups.push((o, vec![face])),
        }
    }
    groups
        .into_iter()
        .map(|(o, faces)| {
            let mut row = OddsRow {
                outcome: message(o),
                chances: u32::try_from(faces.len()).unwrap_or(6),
                of: 6,
                faces,
                label: String::new(),
            };
            row.label = format!("{} ({})", english(o), row.faces_text());
            row
        })
        .collect()
}

fn odds_lines(rows: &[OddsRow]) -> Vec<OddsLine> {
    rows.iter()
        .map(|r| OddsLine {
            label: r.label.clone(),
            probability: r.probability(),
        })
        .collect()
}

fn marker_message(marker: usize) -> Message {
    Message::new("warmaster.odds.marker").text("marker", marker_letter(marker))
}

fn marker_of_face(face: u32) -> usize {
    (face.saturating_sub(1) / 2) as usize
}

impl WarmasterRoll {
    /// The exact odds of the step's roll, one row per outcome with its
    /// faces (issue 25, 6): the scenario table's 1-2 / 3-4 / 5-6 give
    /// three rows of 1 in 3, not six of 1 in 6.
    #[must_use]
    pub fn odds(&self) -> Vec<OddsRow> {
        match self {
            WarmasterRoll::TerrainRollOff { .. } | WarmasterRoll::StartRollOff { .. } => {
                let row = |outcome: Message, label: String, chances| OddsRow {
                    outcome,
                    faces: Vec::new(),
                    chances,
                    of: 36,
                    label,
                };
                let higher = |player| {
                    row(
                        self.with_player(Message::new("warmaster.odds.higher"), "player", player),
                        format!("{} higher", self.player_english(player)),
                        15,
                    )
                };
                vec![
                    higher(Player::A),
                    row(
                        Message::new("warmaster.odds.tie"),
                        "tie, roll again".to_owned(),
                        6,
                    ),
                    higher(Player::B),
                ]
            }
            WarmasterRoll::Scenario {} => d6_rows(
                |f| Scenario::from_d6(f).unwrap_or(Scenario::Incursion),
                |s| Message::new(s.label_key()),
                |s| s.to_string(),
            ),
            WarmasterRoll::SpecialRule { scenario } => d6_rows(
                |f| scenario.special_rule(f).unwrap_or(None),
                |r| match r {
                    Some(r) => Message::new(r.label_key()),
                    None => Message::new("warmaster.outcome.no_special_rule"),
                },
                |r| r.map_or_else(|| "no special rule".to_owned(), |r| r.to_string()),
            ),
            WarmasterRoll::IncursionTerrain {} | WarmasterRoll::Incursion { .. } => {
                d6_rows(marker_of_face, marker_message, |m| {
                    marker_letter(m).to_owned()
                })
            }
            WarmasterRoll::GameLength { need, .. } => d6_rows(
                |f| f >= *need,
                |another| {
                    Message::new(if another {
                        "warmaster.outcome.another_turn"
                    } else {
                        "warmaster.outcome.game_ends"
                    })
                },
                |another| {
                    if another {
                        "another turn".to_owned()
                    } else {
                        "the game ends".to_owned()
                    }
                },
            ),
        }
    }
}

/// The resolver of a [`WarmasterRoll`].
#[derive(Debug, Clone)]
pub struct RollResolver(pub WarmasterRoll);

/// Rolls a D6 each until they differ; the higher wins.
fn roll_off(steps: &mut Steps<'_>, rule: &str, roll: &WarmasterRoll) -> Result<Player, Pending> {
    loop {
        let (a_name, b_name) = (
            roll.player_english(Player::A),
            roll.player_english(Player::B),
        );
        let message = roll.with_player(
            roll.with_player(Message::new("warmaster.roll.roll_off"), "a", Player::A),
            "b",
            Player::B,
        );
        let mut request = RollRequest::new(2, Die::D6, format!("roll-off: {a_name}, {b_name}"))
            .rule(rule)
            .with_message(message)
            .odds_if(steps.wants_odds(), || odds_lines(&roll.odds()));
        if let Some(names) = roll.players() {
            request = request.with_owners(names.iter().cloned());
        }
        let faces = steps.roll(request)?;
        let (a, b) = match faces.as_slice() {
            [a, b] => (*a, *b),
            _ => continue,
        };
        if a == b {
            steps.log(
                LogStep::rule(rule, format!("both rolled {a}: roll again"))
                    .with_message(Message::new("warmaster.log.roll_off_tie").int("face", a)),
            );
            continue;
        }
        let winner = if a > b { Player::A } else { Player::B };
        steps.log(
            LogStep::rule(
                rule,
                format!(
                    "{} wins the roll-off, {a} to {b}",
                    roll.player_english(winner)
                ),
            )
            .with_message(
                roll.with_player(Message::new("warmaster.log.roll_off_won"), "player", winner)
                    .int("a", a)
                    .int("b", b),
            ),
        );
        return Ok(winner);
    }
}

fn d6(
    steps: &mut Steps<'_>,
    purpose: &str,
    rule: &str,
    message: Message,
    roll: &WarmasterRoll,
) -> Result<u32, Pending> {
    let request = RollRequest::new(1, Die::D6, purpose)
        .rule(rule)
        .with_message(message)
        .odds_if(steps.wants_odds(), || odds_lines(&roll.odds()));
    steps.roll_one(request)
}

impl Resolver for RollResolver {
    type Outcome = RollOutcome;

    fn title(&self) -> String {
        match &self.0 {
            WarmasterRoll::TerrainRollOff { .. } => "Terrain roll-off (W1)".into(),
            WarmasterRoll::StartRollOff { .. } => "Roll-off for the starting player".into(),
            WarmasterRoll::Scenario {} => "Scenario roll (W2)".into(),
            WarmasterRoll::SpecialRule { scenario } => {
                format!("Special rule roll for {scenario} (W2)")
            }
            WarmasterRoll::IncursionTerrain {} => {
                "Incursion set-up: the marker whose terrain moves (W3)".to_owned()
            }
            WarmasterRoll::Incursion { round } => format!("Incursion roll, turn {round} (W5)"),
            WarmasterRoll::GameLength { after_round, .. } => {
                format!("Game length roll after turn {after_round} (W6)")
            }
        }
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<RollOutcome, Pending> {
        match &self.0 {
            WarmasterRoll::TerrainRollOff { .. } => {
                let player = roll_off(steps, "W1", &self.0)?;
                Ok(RollOutcome::FirstToPlace { player })
            }
            WarmasterRoll::StartRollOff { .. } => {
                let winner = roll_off(steps, "W2", &self.0)?;
                let roll = &self.0;
                let choice = steps.choose(
                    ChoiceRequest::new(format!(
                        "Does {} start the game?",
                        roll.player_english(winner)
                    ))
                    .rule("W2")
                    .with_message(roll.with_player(
                        Message::new("warmaster.choice.start"),
                        "player",
                        winner,
                    ))
                    .option_message(
                        "start",
                        Message::new("warmaster.choice.start_self"),
                        format!("{} is the starting player", roll.player_english(winner)),
                    )
                    .detail_message(roll.with_player(
                        Message::new("warmaster.choice.starting_player"),
                        "player",
                        winner,
                    ))
                    .option_message(
                        "let the opponent start",
                        Message::new("warmaster.choice.start_other"),
                        format!(
                            "{} is the starting player",
                            roll.player_english(winner.other())
                        ),
                    )
                    .detail_message(roll.with_player(
                        Message::new("warmaster.choice.starting_player"),
                        "player",
                        winner.other(),
                    )),
                )?;
                let player = if choice == 0 { winner } else { winner.other() };
                steps.log(
                    LogStep::rule("W2", format!("{player} is the starting player")).with_message(
                        Message::new("warmaster.log.starting_player")
                            .key("player", player_key(player)),
                    ),
                );
                Ok(RollOutcome::StartingPlayer { player })
            }
            WarmasterRoll::Scenario {} => {
                let face = d6(
                    steps,
                    "scenario",
                    "W2",
                    Message::new("warmaster.roll.scenario"),
                    &self.0,
                )?;
                let scenario = Scenario::from_d6(face).unwrap_or(Scenario::Incursion);
                steps.log(
                    LogStep::rule("W2", format!("D6 {face}: {scenario}")).with_message(
                        Message::new("warmaster.log.scenario")
                            .int("face", face)
                            .key("scenario", scenario.label_key()),
                    ),
                );
                Ok(RollOutcome::Scenario { scenario })
            }
            WarmasterRoll::SpecialRule { scenario } => {
                let face = d6(
                    steps,
                    "special rule",
                    "W2",
                    Message::new("warmaster.roll.special_rule")
                        .key("scenario", scenario.label_key()),
                    &self.0,
                )?;
                let rule = scenario.special_rule(face).unwrap_or(None);
                let message = match rule {
                    Some(r) => Message::new("warmaster.log.special_rule")
                        .int("face", face)
                        .key("rule", r.label_key()),
                    None => Message::new("warmaster.log.no_special_rule").int("face", face),
                };
                let text = match rule {
                    Some(r) => format!("D6 {face}: {r}"),
                    None => format!("D6 {face}: no special rule"),
                };
                steps.log(LogStep::rule("W2", text).with_message(message));
                Ok(RollOutcome::SpecialRule { rule })
            }
            WarmasterRoll::IncursionTerrain {} => {
                let face = d6(
                    steps,
                    "Incursion: the marker whose terrain moves",
                    "W3",
                    Message::new("warmaster.roll.incursion_terrain"),
                    &self.0,
                )?;
                let marker = marker_of_face(face);
                steps.log(
                    LogStep::rule(
                        "W3",
                        format!(
                            "D6 {face}: the terrain on marker {} moves off it the shortest way",
                            marker_letter(marker)
                        ),
                    )
                    .with_message(
                        Message::new("warmaster.log.incursion_terrain")
                            .int("face", face)
                            .text("marker", marker_letter(marker)),
                    ),
                );
                Ok(RollOutcome::IncursionTerrain { marker })
            }
            WarmasterRoll::Incursion { round } => {
                let face = d6(
                    steps,
                    "Incursion: the marker worth 2 EP",
                    "W5",
                    Message::new("warmaster.roll.incursion").int("round", *round),
                    &self.0,
                )?;
                let marker = marker_of_face(face);
                steps.log(
                    LogStep::rule(
                        "W5",
                        format!("D6 {face}: marker {} is worth 2 EP", marker_letter(marker)),
                    )
                    .with_message(
                        Message::new("warmaster.log.incursion")
                            .int("face", face)
                            .text("marker", marker_letter(marker)),
                    ),
                );
                Ok(RollOutcome::Incursion { marker })
            }
            WarmasterRoll::GameLength { after_round, need } => {
                let face = d6(
                    steps,
                    "game length",
                    "W6",
                    Message::new("warmaster.roll.game_length")
                        .int("round", *after_round)
                        .int("need", *need),
                    &self.0,
                )?;
                let another_turn = face >= *need;
                let (text, key) = if another_turn {
                    (
                        format!(
                            "D6 {face}, {need}+ needed: turn {} is played",
                            after_round.saturating_add(1)
                        ),
                        "warmaster.log.game_continues",
                    )
                } else {
                    (
                        format!(
                            "D6 {face}, {need}+ needed: the game ends after turn {after_round}"
                        ),
                        "warmaster.log.game_ends",
                    )
                };
                steps.log(
                    LogStep::rule("W6", text).with_message(
                        Message::new(key)
                            .int("face", face)
                            .int("need", *need)
                            .int("round", *after_round),
                    ),
                );
                Ok(RollOutcome::GameLength { another_turn })
            }
        }
    }
}

impl ResolutionKind for WarmasterRoll {
    type Outcome = RollOutcome;

    fn replay(
        &self,
        answers: &[feldherr_dice::step::Answer],
    ) -> Result<Replayed<RollOutcome>, PlayError> {
        if let WarmasterRoll::GameLength { need, after_round } = self {
            if !(2..=6).contains(need) {
                return Err(crate::refusal::invalid(
                    "need",
                    need,
                    crate::refusal::say("game_length_need"),
                ));
            }
            if *after_round == 0 {
                return Err(crate::refusal::invalid(
                    "after_round",
                    after_round,
                    crate::refusal::say("turns_from_one"),
                ));
            }
        }
        if let WarmasterRoll::Incursion { round } = self
            && *round < 2
        {
            return Err(crate::refusal::invalid(
                "round",
                round,
                crate::refusal::say("incursion_turn"),
            ));
        }
        Replayed::of(RollResolver(self.clone()), answers, |o| *o)
    }

    fn title_message(&self) -> Option<Message> {
        Some(match self {
            WarmasterRoll::TerrainRollOff { .. } => {
                Message::new("warmaster.title.terrain_roll_off")
            }
            WarmasterRoll::StartRollOff { .. } => Message::new("warmaster.title.start_roll_off"),
            WarmasterRoll::Scenario {} => Message::new("warmaster.title.scenario"),
            WarmasterRoll::SpecialRule { scenario } => {
                Message::new("warmaster.title.special_rule").key("scenario", scenario.label_key())
            }
            WarmasterRoll::IncursionTerrain {} => Message::new("warmaster.title.incursion_terrain"),
            WarmasterRoll::Incursion { round } => {
                Message::new("warmaster.title.incursion").int("round", i64::from(*round))
            }
            WarmasterRoll::GameLength { after_round, .. } => {
                Message::new("warmaster.title.game_length").int("round", i64::from(*after_round))
            }
        })
    }

    fn outcome_message(&self, outcome: &RollOutcome) -> Option<Message> {
        Some(match outcome {
            RollOutcome::FirstToPlace { player } => self.with_player(
                Message::new("warmaster.outcome.first_to_place"),
                "player",
                *player,
            ),
            RollOutcome::StartingPlayer { player } => {
                self.with_player(Message::new("warmaster.outcome.starts"), "player", *player)
            }
            RollOutcome::Scenario { scenario } => Message::new(scenario.label_key()),
            RollOutcome::SpecialRule { rule: Some(rule) } => Message::new(rule.label_key()),
            RollOutcome::SpecialRule { rule: None } => {
                Message::new("warmaster.outcome.no_special_rule")
            }
            RollOutcome::IncursionTerrain { marker } => {
                Message::new("warmaster.outcome.incursion_terrain")
                    .text("marker", marker_letter(*marker))
            }
            RollOutcome::Incursion { marker } => {
                Message::new("warmaster.outcome.incursion").text("marker", marker_letter(*marker))
            }
            RollOutcome::GameLength { another_turn: true } => {
                Message::new("warmaster.outcome.another_turn")
            }
            RollOutcome::GameLength {
                another_turn: false,
            } => Message::new("warmaster.outcome.game_ends"),
        })
    }
}
