//! Scenarios, their special rules and their layouts (W2, W3).

use std::fmt;

use feldherr_play::Id;
use serde::{Deserialize, Serialize};

use crate::Edge;

/// The six scenarios, by D6 (W2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scenario {
    /// 1: three objectives, one of them worth 2 each turn.
    Incursion,
    /// 2: four objectives, one on each side and two in area A.
    TakeAndHold,
    /// 3: two zones and two objectives.
    Outflanked,
    /// 4: one central zone and two objectives.
    KingOfTheHill,
    /// 5: two zones, one in each half.
    Entrenched,
    /// 6: four objectives, two on each side.
    Linebreak,
}

/// The scenario special rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpecialRule {
    /// The game ends once a player leads by 3 EP (W6).
    SuddenDeath,
    /// Lang lebe der Koenig (W10).
    LongLiveTheKing,
    /// Dominieren: +1 EP for a zone held with no enemy unit in it.
    Dominate,
    /// Zufaellige Spieldauer: turns 6 and 7 by rolls (W6).
    RandomGameLength,
    /// Verbranntes Land: units may leave over the enemy edge for 1 EP.
    ScorchedEarth,
    /// Killbox: 1 EP per enemy unit destroyed.
    Killbox,
}

impl SpecialRule {
    /// The snake-case word.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            SpecialRule::SuddenDeath => "sudden_death",
            SpecialRule::LongLiveTheKing => "long_live_the_king",
            SpecialRule::Dominate => "dominate",
            SpecialRule::RandomGameLength => "random_game_length",
            SpecialRule::ScorchedEarth => "scorched_earth",
            SpecialRule::Killbox => "killbox",
        }
    }

    /// The catalogue key of its name.
    #[must_use]
    pub fn label_key(self) -> String {
        format!("warmaster.special.{}", self.word())
    }
}

/// The English names, as the English catalogue has them
/// (`warmaster.special.*`), so English rows and results agree.
impl fmt::Display for SpecialRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SpecialRule::SuddenDeath => "Sudden Death",
            SpecialRule::LongLiveTheKing => "Long live the King",
            SpecialRule::Dominate => "Dominate",
            SpecialRule::RandomGameLength => "Random game length",
            SpecialRule::ScorchedEarth => "Scorched earth",
            SpecialRule::Killbox => "Killbox",
        })
    }
}

/// Objective marker or zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MarkerKind {
    /// An objective marker (OM), 3 cm across.
    Objective,
    /// A zone, 20 cm across.
    Zone,
}

/// One marker of a scenario layout: what it is and where, in cm from the
/// table centre (x along the long edges, y towards the north edge), W3.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct LayoutMarker {
    /// Its label ("A", "B", ...).
    pub label: &'static str,
    /// Objective or zone.
    pub kind: MarkerKind,
    /// Offset from the table centre along x, cm.
    pub x: f64,
    /// Offset from the table centre along y, cm.
    pub y: f64,
    /// The half of the table it belongs to, where the scenario scores by
    /// side (Take and Hold's home markers, Entrenched, Linebreak).
    pub side: Option<Edge>,
}

impl Scenario {
    /// Every scenario, by D6 from 1.
    pub const ALL: [Scenario; 6] = [
        Scenario::Incursion,
        Scenario::TakeAndHold,
        Scenario::Outflanked,
        Scenario::KingOfTheHill,
        Scenario::Entrenched,
        Scenario::Linebreak,
    ];

    /// The scenario of a D6 (W2); `None` for a face outside 1-6.
    #[must_use]
    pub fn from_d6(face: u32) -> Option<Scenario> {
        let i = usize::try_from(face).ok()?.checked_sub(1)?;
        Scenario::ALL.get(i).copied()
    }

    /// The snake-case word.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Scenario::Incursion => "incursion",
            Scenario::TakeAndHold => "take_and_hold",
            Scenario::Outflanked => "outflanked",
            Scenario::KingOfTheHill => "king_of_the_hill",
            Scenario::Entrenched => "entrenched",
            Scenario::Linebreak => "linebreak",
        }
    }

    /// The catalogue key of its name.
    #[must_use]
    pub fn label_key(self) -> String {
        format!("warmaster.scenario.{}", self.word())
    }

    /// The scenario's special-rule table: the rule for D6 1-2, 3-4, 5-6
    /// (`None`: no special rule).
    #[must_use]
    pub const fn special_rules(self) -> [Option<SpecialRule>; 3] {
        use SpecialRule as R;
        match self {
            Scenario::Incursion => [
                Some(R::LongLiveTheKing),
                Some(R::ScorchedEarth),
                Some(R::RandomGameLength),
            ],
            Scenario::TakeAndHold => [None, Some(R::RandomGameLength), Some(R::ScorchedEarth)],
            Scenario::Outflanked => [None, Some(R::Dominate), Some(R::LongLiveTheKing)],
            Scenario::KingOfTheHill => [
                Some(R::LongLiveTheKing),
                Some(R::SuddenDeath),
                Some(R::Dominate),
            ],
            Scenario::Entrenched => [
                Some(R::LongLiveTheKing),
                Some(R::Dominate),
                Some(R::ScorchedEarth),
            ],
            Scenario::Linebreak => [None, Some(R::RandomGameLength), Some(R::Killbox)],
        }
    }

    /// The special rule for a D6 face (1-6); `Err` names a bad face.
    ///
    /// # Errors
    /// A face outside 1-6.
    pub fn special_rule(self, face: u32) -> Result<Option<SpecialRule>, crate::WarmasterError> {
        match face {
            1 | 2 => Ok(self.special_rules()[0]),
            3 | 4 => Ok(self.special_rules()[1]),
            5 | 6 => Ok(self.special_rules()[2]),
            _ => Err(crate::WarmasterError::invalid_says(
                "d6",
                face,
                crate::refusal::say("d6_face"),
            )),
        }
    }

    /// The most EP a player can score from the scenario's objectives and
    /// zones at one scoring (W5).
    #[must_use]
    pub const fn cap(self) -> u32 {
        match self {
            Scenario::Incursion | Scenario::TakeAndHold | Scenario::Outflanked => 4,
            Scenario::KingOfTheHill | Scenario::Entrenched | Scenario::Linebreak => 3,
        }
    }

    /// The default layout (W3), in cm from the table centre.
    #[must_use]
    pub fn layout(self) -> Vec<LayoutMarker> {
        use MarkerKind::{Objective as O, Zone as Z};
        let m = |label, kind, x, y, side| LayoutMarker {
            label,
            kind,
            x,
            y,
            side,
        };
        match self {
            Scenario::Incursion => vec![
                m("A", O, -60.0, 0.0, None),
                m("B", O, 0.0, 0.0, None),
                m("C", O, 60.0, 0.0, None),
            ],
            Scenario::TakeAndHold => vec![
                m("South", O, 0.0, -35.0, Some(Edge::South)),
                m("North", O, 0.0, 35.0, Some(Edge::North)),
                m("A west", O, -45.0, 0.0, None),
                m("A east", O, 45.0, 0.0, None),
            ],
            Scenario::Outflanked => vec![
                m("Zone west", Z, -65.0, 0.0, None),
                m("Zone east", Z, 65.0, 0.0, None),
                m("West", O, -20.0, 0.0, None),
                m("East", O, 20.0, 0.0, None),
            ],
            Scenario::KingOfTheHill => vec![
                m("Hill", Z, 0.0, 0.0, None),
                m("West", O, -50.0, 0.0, None),
                m("East", O, 50.0, 0.0, None),
            ],
            Scenario::Entrenched => vec![
                m("South", Z, -45.0, -25.0, Some(Edge::South)),
                m("North", Z, 45.0, 25.0, Some(Edge::North)),
            ],
            Scenario::Linebreak => vec![
                m("South west", O, -45.0, -30.0, Some(Edge::South)),
                m("South east", O, 45.0, -30.0, Some(Edge::South)),
                m("North west", O, -45.0, 30.0, Some(Edge::North)),
                m("North east", O, 45.0, 30.0, Some(Edge::North)),
            ],
        }
    }
}

impl fmt::Display for Scenario {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Scenario::Incursion => "Incursion",
            Scenario::TakeAndHold => "Take and Hold",
            Scenario::Outflanked => "Outflanked",
            Scenario::KingOfTheHill => "King of the Hill",
            Scenario::Entrenched => "Entrenched",
            Scenario::Linebreak => "Linebreak",
        })
    }
}

/// An objective marker or zone of the game, linked to its table piece.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Objective {
    /// Stable id within the game.
    pub id: Id,
    /// The table piece (marker layer).
    pub piece: u64,
    /// Its label ("A", "Hill", ...).
    pub label: String,
    /// Objective marker or zone.
    pub kind: MarkerKind,
    /// The half it belongs to, where the scenario scores by side; set by
    /// the layout and kept when the marker moves (PW13).
    #[serde(default)]
    pub side: Option<Edge>,
}
