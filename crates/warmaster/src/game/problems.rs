//! Everything wrong with a loaded game.

use feldherr_play::Problem;
use feldherr_table::geometry::{Point, Unit as LengthUnit, distance};
use feldherr_table::{Layer, Table};

use super::*;
use crate::terrain::{TERRAIN_GUIDELINE, warmaster_table_rules};
use crate::{MarkerKind, Player, Scenario};

// ---------------------------------------------------------------------
// Problems.

impl WarmasterGame {
    pub(super) fn all_problems(&self, table: &Table) -> Vec<Problem> {
        let mut out = Vec::new();
        if let Err(e) = self.settings.check() {
            out.push(Problem::new("settings", e.to_string()));
        }
        for p in Player::BOTH {
            let prefix = format!("players[{}].army", p.index());
            out.extend(
                self.army(p)
                    .problems(self.settings.game_size, &self.settings.options)
                    .into_iter()
                    .map(|x| x.under(&prefix)),
            );
        }
        let rules = warmaster_table_rules();
        let terrain_ids: Vec<u64> = self.terrain.iter().map(|t| t.piece).collect();
        for v in table.violations(&rules) {
            if v.piece_ids().iter().any(|id| terrain_ids.contains(id)) {
                out.push(Problem::new("terrain", v.explanation()).rule("W1"));
            }
        }
        let count = table
            .pieces()
            .iter()
            .filter(|p| p.layer == Layer::Terrain)
            .count();
        if count > TERRAIN_GUIDELINE {
            out.push(
                Problem::new(
                    "terrain",
                    format!("{count} terrain pieces stand; the guideline is {TERRAIN_GUIDELINE}"),
                )
                .rule("W1"),
            );
        }
        for (i, t) in self.terrain.iter().enumerate() {
            if table.piece(t.piece).is_none() {
                out.push(Problem::new(
                    format!("terrain[{i}].piece"),
                    format!("terrain piece {} is not on the table", t.piece),
                ));
            }
        }
        for (i, o) in self.objectives.iter().enumerate() {
            let Some(marker) = table.piece(o.piece) else {
                out.push(Problem::new(
                    format!("objectives[{i}].piece"),
                    format!("the marker of \"{}\" is not on the table", o.label),
                ));
                continue;
            };
            if o.kind != MarkerKind::Objective {
                continue;
            }
            for t in &self.terrain {
                if !t.terrain.impassable() {
                    continue;
                }
                if let Some(piece) = table.piece(t.piece) {
                    let d = distance(&marker.shape, &piece.shape);
                    if d < IMPASSABLE_CLEARANCE_CM - 1e-9 {
                        out.push(
                            Problem::new(
                                format!("objectives[{i}]"),
                                format!(
                                    "impassable \"{}\" is {} from objective \"{}\"; at least 10 cm is required",
                                    piece.name,
                                    feldherr_table::format_length(d, LengthUnit::Centimetre),
                                    o.label
                                ),
                            )
                            .rule("W3"),
                        );
                    }
                }
            }
        }
        if self.scenario == Some(Scenario::KingOfTheHill) {
            let centre = Point::new(table.width() / 2.0, table.depth() / 2.0);
            for t in &self.terrain {
                if let Some(piece) = table.piece(t.piece)
                    && piece.shape.distance_to_point(centre) < HILL_CLEARANCE_CM - 1e-9
                {
                    out.push(
                        Problem::new(
                            "terrain",
                            format!(
                                "\"{}\" lies within 5 cm of the table centre (King of the Hill)",
                                piece.name
                            ),
                        )
                        .rule("W3"),
                    );
                }
            }
        }
        if self.scenario == Some(Scenario::Incursion) && !self.objectives.is_empty() {
            let open = self.objectives.iter().any(|o| {
                table.piece(o.piece).is_some_and(|m| {
                    let c = m.center();
                    !self.terrain.iter().any(|t| {
                        table
                            .piece(t.piece)
                            .is_some_and(|p| p.shape.contains_point(c))
                    })
                })
            });
            if !open {
                out.push(
                    Problem::new(
                        "objectives",
                        "no objective marker lies in open ground; move a terrain piece off one",
                    )
                    .rule("W3"),
                );
            }
        }
        for (i, s) in self.stands.iter().enumerate() {
            if table.piece(s.piece).is_none() {
                out.push(Problem::new(
                    format!("stands[{i}].piece"),
                    format!("stand piece {} is not on the table", s.piece),
                ));
            }
            if self.army(s.player).unit(s.unit).is_none() {
                out.push(Problem::new(
                    format!("stands[{i}].unit"),
                    format!("{} has no unit {}", s.player, s.unit),
                ));
            }
        }
        out
    }
}
