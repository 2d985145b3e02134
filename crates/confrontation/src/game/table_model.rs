//! The models of the table as the resolutions see them, and the one
//! geometric model for blasts: explosions (C9) and mines (C10) measure
//! edge to edge from the outline of the exploding machine or the mine
//! marker to each model's outline (P19).

use crate::game::refusal::{invalid, say};
use feldherr_play::{Id, PlayError};
use feldherr_table::geometry::{Point, Shape};
use feldherr_table::{Layer, Measurement, Table};
use serde::{Deserialize, Serialize};

use super::ConfrontationGame;
use super::crew_marker::MarkerKind;
use crate::{
    CrewAbility, EXPLOSION_RADIUS_CM, Model, Victim, check_placement, mine_victims, triggers,
};

/// Where a model of a resolution came from: the table piece, and the
/// game's machine it stands for (results are applied to that machine).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelRef {
    /// The piece on the table (its id is stable).
    #[serde(default)]
    pub piece: Option<u64>,
    /// The machine of the game, if the piece stands for one.
    #[serde(default)]
    pub machine: Option<Id>,
}

/// A model piece of the table, as a resolution sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct TableModel {
    /// Position, base and the victim it makes.
    pub model: Model,
    /// Where it came from.
    pub source: ModelRef,
    /// Its INI (0 for machines).
    pub ini: i32,
    /// Its outline on the table.
    pub shape: Shape,
}

/// The round base standing for a shape (P19): a circle is itself, a
/// rectangle counts as the circle across its shorter side.
pub fn base_of(shape: &Shape) -> (Point, f64) {
    match shape {
        Shape::Circle(c) => (c.center(), c.radius()),
        Shape::Rect(r) => (r.center(), r.width().min(r.length()) / 2.0),
        other => {
            let b = other.bounds();
            let radius = (b.max.x - b.min.x).min(b.max.y - b.min.y) / 2.0;
            (other.centroid(), radius.max(0.01))
        }
    }
}

impl ConfrontationGame {
    /// Every model piece of `table` that can be hit: linked machines (not
    /// destroyed) with their card's RES and SP left, living figures with
    /// their [`super::FigureStats`]. A figure marked dead is never a
    /// target. A figure without stats is an error naming it.
    pub fn table_models(&self, table: &Table) -> Result<Vec<TableModel>, PlayError> {
        let mut out = Vec::new();
        let aboard: Vec<u64> = self
            .machines
            .iter()
            .flat_map(|m| m.passengers.iter().filter_map(|p| p.piece))
            .collect();
        for piece in table.pieces().iter().filter(|p| p.layer == Layer::Model) {
            // The dead, and figures inside a vehicle (neither seen nor
            // targets, Transport), are no targets.
            if self.dead.contains(&piece.id) || aboard.contains(&piece.id) {
                continue;
            }
            let (center, radius) = base_of(&piece.shape);
            let level = self.figures.get(&piece.id).map_or(0, |s| s.level);
            let (victim, ini, machine) = match self.machine_on(piece.id) {
                Some(m) => {
                    if m.state.destroyed {
                        continue;
                    }
                    let card = &m.card;
                    (
                        Victim::machine(
                            card.spec().name.clone(),
                            i32::try_from(card.spec().res).unwrap_or(i32::MAX),
                            m.state.sp_left(card),
                            card.is_resistent(),
                        ),
                        0,
                        Some(m.id),
                    )
                }
                None => {
                    let stats = self.figures.get(&piece.id).ok_or_else(|| {
                        invalid(
                            format!("figures[{}]", piece.id),
                            &piece.name,
                            say("table_model.model_piece_res_not_set")
                                .text("piece_name", piece.name.to_string())
                                .text("piece_id", piece.id.to_string()),
                        )
                    })?;
                    (
                        Victim::figure(piece.name.clone(), stats.res),
                        stats.ini,
                        None,
                    )
                }
            };
            out.push(TableModel {
                model: Model {
                    victim,
                    center,
                    radius,
                    level,
                },
                source: ModelRef {
                    piece: Some(piece.id),
                    machine,
                },
                ini,
                shape: piece.shape.clone(),
            });
        }
        // Barricades (Pionier/X): WK 10 and X SP, until their SP are gone.
        for (id, marker) in &self.markers {
            if marker.kind != MarkerKind::Barricade || marker.sp_lost >= marker.sp {
                continue;
            }
            let Some(piece) = table.piece(*id) else {
                continue;
            };
            let (center, radius) = base_of(&piece.shape);
            out.push(TableModel {
                model: Model {
                    victim: Victim::machine(
                        piece.name.clone(),
                        crate::BARRICADE_RES,
                        marker.sp - marker.sp_lost,
                        false,
                    ),
                    center,
                    radius,
                    level: 0,
                },
                source: ModelRef {
                    piece: Some(*id),
                    machine: None,
                },
                ini: 0,
                shape: piece.shape.clone(),
            });
        }
        Ok(out)
    }

    /// The models (indices into `models`) an explosion of a machine with
    /// outline `outline` catches: every model wholly or partly within 5 cm,
    /// edge to edge (C9, P19).
    ///
    /// This replaces the app's own `within()`: the crate's
    /// [`crate::explosion_victims`] measures from a point (the centre of the
    /// machine) to each base, which for a 5 x 8 cm machine misses figures
    /// standing 3 cm from its hull; the text says "within 5 cm of it", and
    /// P19 measures from the outline. Both models agree when the exploding
    /// machine is a point.
    pub fn explosion_victims(outline: &Shape, models: &[TableModel]) -> Vec<usize> {
        let distances: Vec<f64> = models
            .iter()
            .map(|m| Measurement::between(outline, &m.shape).distance)
            .collect();
        distances
            .iter()
            .enumerate()
            .filter(|(_, d)| **d <= EXPLOSION_RADIUS_CM + 1e-9)
            .map(|(i, _)| i)
            .collect()
    }

    /// The models (indices into `models`) a mine with outline `mine` wounds:
    /// every model wholly or partly within 10 cm, edge to edge
    /// ([`mine_victims`], C10, P19).
    pub fn mine_victims(mine: &Shape, models: &[TableModel]) -> Vec<usize> {
        let distances: Vec<f64> = models
            .iter()
            .map(|m| Measurement::between(mine, &m.shape).distance)
            .collect();
        mine_victims(&distances)
    }

    /// The status of every mine and decoy marker on the table (C10): the
    /// machine whose Minenleger laid it (its record, else the nearest
    /// machine whose crew lays mines), whether it lies within 20 cm of it,
    /// and who sets it off.
    pub fn mine_status(&self, table: &Table) -> Vec<MineStatus> {
        let layers: Vec<(Id, String, Shape)> = self
            .machines
            .iter()
            .filter(|m| {
                m.card
                    .spec()
                    .crew
                    .iter()
                    .any(|c| c.abilities.contains(&CrewAbility::Minenleger))
            })
            .filter_map(|m| {
                let piece = table.piece(m.piece?)?;
                Some((m.id, m.name().to_owned(), piece.shape.clone()))
            })
            .collect();
        table
            .pieces()
            .iter()
            .filter(|p| p.kind == "mine" || p.kind == "decoy")
            .map(|mine| {
                let record = self.markers.get(&mine.id);
                let laid_by = record
                    .and_then(|r| self.crew_figure(r.crew))
                    .and_then(|c| c.origin.map(|o| o.machine));
                let layer = layers
                    .iter()
                    .filter(|(id, _, _)| laid_by.is_none_or(|l| l == *id))
                    .map(|(id, name, shape)| MineLayer {
                        machine: *id,
                        name: name.clone(),
                        distance_cm: Measurement::between(&mine.shape, shape).distance,
                    })
                    .min_by(|a, b| a.distance_cm.total_cmp(&b.distance_cm));
                let placement_ok = layer
                    .as_ref()
                    .is_some_and(|l| check_placement(l.distance_cm, true).is_ok());
                let triggered = table
                    .pieces()
                    .iter()
                    .filter(|p| p.layer == Layer::Model && !self.dead.contains(&p.id))
                    .filter(|p| triggers(Measurement::between(&mine.shape, &p.shape).distance))
                    .collect::<Vec<_>>();
                MineStatus {
                    mine: mine.id,
                    name: mine.name.clone(),
                    decoy: mine.kind == "decoy",
                    laid_by: record.map(|r| r.crew),
                    spent: record.is_some_and(|r| r.spent),
                    layer,
                    placement_ok,
                    triggered_by: triggered.iter().map(|p| p.name.clone()).collect(),
                    triggered_pieces: triggered.iter().map(|p| p.id).collect(),
                }
            })
            .collect()
    }
}

/// The machine that laid a mine, as far as the table tells.
#[derive(Debug, Clone, PartialEq)]
pub struct MineLayer {
    /// The machine whose crew lays mines.
    pub machine: Id,
    /// Its name.
    pub name: String,
    /// Edge to edge, cm.
    pub distance_cm: f64,
}

/// Where a mine marker stands against the rules of C10: its distance to
/// the nearest machine whose crew lays mines (at most 20 cm at
/// deployment), and the models close enough to set it off (5 cm).
#[derive(Debug, Clone, PartialEq)]
pub struct MineStatus {
    /// The marker's piece id.
    pub mine: u64,
    /// The marker's name.
    pub name: String,
    /// A decoy (Köder): nothing happens when it is set off.
    pub decoy: bool,
    /// The crew figure that laid it, if recorded.
    pub laid_by: Option<Id>,
    /// Went off already.
    pub spent: bool,
    /// The machine whose Minenleger laid it (else the nearest machine with
    /// a Minenleger), if any machine has one and a piece.
    pub layer: Option<MineLayer>,
    /// Whether that distance is a legal placement.
    pub placement_ok: bool,
    /// Names of the models within 5 cm of the marker.
    pub triggered_by: Vec<String>,
    /// Their pieces.
    pub triggered_pieces: Vec<u64>,
}
