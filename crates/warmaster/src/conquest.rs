//! Conquest points (Eroberungspunkte, EP): each scenario's scoring with its
//! cap (W5), Dominieren, and the EP of the special rules' events.

use feldherr_play::Id;
use serde::{Deserialize, Serialize};

use crate::{Control, Edge, MarkerKind, Objective, Player, Scenario, SpecialRule};

/// A player who reaches this many EP ends the game (W6).
pub const EP_TO_WIN: i32 = 10;
/// A lead of this many EP ends the game under Sudden Death (W6).
pub const SUDDEN_DEATH_LEAD: i32 = 3;
/// Lang lebe der Koenig: at most this many EP per general per round (W10).
pub const KING_EP_PER_ROUND: i32 = 2;

/// Where EP came from: one line of a scoring or an event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "source", rename_all = "snake_case", deny_unknown_fields)]
pub enum EpSource {
    /// A controlled objective marker (Incursion, Take and Hold,
    /// Outflanked).
    Marker {
        /// The objective.
        objective: Id,
        /// Its label.
        label: String,
        /// Incursion: this turn's marker worth 2.
        #[serde(default)]
        doubled: bool,
    },
    /// A controlled zone (Outflanked, Entrenched).
    Zone {
        /// The zone.
        objective: Id,
        /// Its label.
        label: String,
    },
    /// King of the Hill: the zone, plus one per marker held with it.
    Hill {
        /// Markers held together with the zone.
        markers: u32,
    },
    /// Linebreak: both markers on the own side.
    OwnLine,
    /// Linebreak: one or both markers on the enemy side.
    EnemyLine {
        /// How many of them are held.
        markers: u32,
    },
    /// The scenario's cap per scoring (W5) took EP away.
    Cap {
        /// The cap.
        cap: u32,
    },
    /// Dominieren: a zone held with no enemy unit in it.
    Dominate {
        /// The zone.
        objective: Id,
        /// Its label.
        label: String,
    },
    /// Killbox: an enemy unit destroyed.
    Killbox {
        /// The enemy unit.
        unit: Id,
        /// Its name.
        name: String,
    },
    /// Verbranntes Land: an own unit left the table to pillage.
    ScorchedEarth {
        /// The unit.
        unit: Id,
        /// Its name.
        name: String,
    },
    /// Lang lebe der Koenig: the enemy general slain (W10).
    KingSlain {
        /// The slain general.
        unit: Id,
        /// His name.
        name: String,
        /// The slayer's general, whose W10 allowance it uses.
        by_general: Option<Id>,
    },
    /// Lang lebe der Koenig: the own general took part in a combat or
    /// shot that destroyed enemy units (W10).
    GeneralFought {
        /// The general.
        general: Id,
    },
    /// The W10 cap of 2 EP per general and round took EP away.
    KingCap {
        /// The general whose allowance was used up.
        general: Option<Id>,
    },
    /// An event that gives EP (Killbox, Verbranntes Land, Lang lebe der
    /// Koenig) happened before the second player's second turn: no EP
    /// yet (W5, clarified 2026-11-26). The line gives 0.
    Withheld {
        /// The event.
        event: Box<EpSource>,
    },
}

/// One line of EP.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EpLine {
    /// Who gets them.
    pub player: Player,
    /// Why.
    pub source: EpSource,
    /// How many (negative for a cap).
    pub ep: i32,
}

/// What a scoring needs to know beyond the control of each marker.
#[derive(Debug, Clone, Copy)]
pub struct ScoringContext<'a> {
    /// The scenario.
    pub scenario: Scenario,
    /// The special rule in force.
    pub special: Option<SpecialRule>,
    /// The objectives and zones.
    pub objectives: &'a [Objective],
    /// Incursion: the marker worth 2 at this scoring.
    pub doubled: Option<Id>,
    /// Each player's home edge (A, B).
    pub home: [Edge; 2],
}

/// The EP `player` scores at one scoring point (W5), line by line:
/// the scenario's lines, the cap if it bites, then Dominieren (not under
/// the cap, PW3). `control` gives the control of each objective (missing
/// ones count as held by nobody).
#[must_use]
pub fn score(
    ctx: &ScoringContext<'_>,
    control: &dyn Fn(Id) -> Control,
    player: Player,
) -> Vec<EpLine> {
    let held = |o: &Objective| control(o.id).by == Some(player);
    let home = ctx.home[player.index()];
    let line = |source, ep| EpLine { player, source, ep };
    let markers = || {
        ctx.objectives
            .iter()
            .filter(|o| o.kind == MarkerKind::Objective)
    };
    let zones = || ctx.objectives.iter().filter(|o| o.kind == MarkerKind::Zone);
    let mut lines = Vec::new();
    match ctx.scenario {
        Scenario::Incursion | Scenario::Outflanked => {
            for o in ctx.objectives.iter().filter(|o| held(o)) {
                let doubled = ctx.scenario == Scenario::Incursion && ctx.doubled == Some(o.id);
                let source = match o.kind {
                    MarkerKind::Objective => EpSource::Marker {
                        objective: o.id,
                        label: o.label.clone(),
                        doubled,
                    },
                    MarkerKind::Zone => EpSource::Zone {
                        objective: o.id,
                        label: o.label.clone(),
                    },
                };
                lines.push(line(source, if doubled { 2 } else { 1 }));
            }
        }
        Scenario::TakeAndHold => {
            for o in markers().filter(|o| held(o)) {
                let ep = match o.side {
                    Some(side) if side == home => 0,
                    Some(_) => 2,
                    None => 1,
                };
                if ep > 0 {
                    lines.push(line(
                        EpSource::Marker {
                            objective: o.id,
                            label: o.label.clone(),
                            doubled: false,
                        },
                        ep,
                    ));
                }
            }
        }
        Scenario::KingOfTheHill => {
            if zones().any(&held) {
                let n = u32::try_from(markers().filter(|o| held(o)).count()).unwrap_or(0);
                lines.push(line(EpSource::Hill { markers: n }, 1 + n.min(2) as i32));
            }
        }
        Scenario::Entrenched => {
            for o in zones().filter(|o| held(o)) {
                let ep = if o.side == Some(home) { 1 } else { 2 };
                lines.push(line(
                    EpSource::Zone {
                        objective: o.id,
                        label: o.label.clone(),
                    },
                    ep,
                ));
            }
        }
        Scenario::Linebreak => {
            let own: Vec<&Objective> = markers().filter(|o| o.side == Some(home)).collect();
            if !own.is_empty() && own.iter().all(|o| held(o)) {
                lines.push(line(EpSource::OwnLine, 1));
            }
            let enemy = markers()
                .filter(|o| o.side == Some(home.opposite()) && held(o))
                .count();
            if enemy > 0 {
                lines.push(line(
                    EpSource::EnemyLine {
                        markers: u32::try_from(enemy).unwrap_or(0),
                    },
                    2,
                ));
            }
        }
    }
    let total: i32 = lines.iter().map(|l| l.ep).sum();
    let cap = ctx.scenario.cap();
    let cap_i = i32::try_from(cap).unwrap_or(i32::MAX);
    if total > cap_i {
        lines.push(line(EpSource::Cap { cap }, cap_i - total));
    }
    if ctx.special == Some(SpecialRule::Dominate) {
        for o in zones() {
            let c = control(o.id);
            if c.by == Some(player) && c.alone {
                lines.push(line(
                    EpSource::Dominate {
                        objective: o.id,
                        label: o.label.clone(),
                    },
                    1,
                ));
            }
        }
    }
    lines
}
