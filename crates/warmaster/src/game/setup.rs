//! The set-up steps: dice steps and their outcomes, scenario, layout,
//! terrain (W1, W2, W3, PW16).

use feldherr_play::{Id, PlayError};
use feldherr_table::geometry::{Point, Shape, Vector, distance};
use feldherr_table::{Table, TableEdit};

use super::turns::{ClockAt, length_need, next_round};
use super::*;
use crate::battle::{EndReason, IncursionPick};
use crate::push::{PushReason, TerrainPush};
use crate::rolls::{RollOutcome, WarmasterRoll, marker_letter};
use crate::terrain::{
    OBJECTIVE_KIND, OBJECTIVE_RADIUS_CM, ZONE_KIND, ZONE_RADIUS_CM, placement_violations,
    terrain_piece, warmaster_table_rules,
};
use crate::{AlternatingTerrain, MarkerKind, Objective, Player, Scenario, TerrainType};

impl WarmasterGame {
    /// Refuses a step that comes after the terrain while it is not
    /// placed: the alternating placement is over, or (on a table built
    /// otherwise) at least one piece stands.
    pub(super) fn terrain_placed(&self) -> Result<(), PlayError> {
        match &self.alternating {
            Some(a) if !a.finished => Err(refused(say("finish_terrain"), "W1")),
            None if self.terrain.is_empty() => Err(refused(say("place_terrain"), "W1")),
            _ => Ok(()),
        }
    }

    pub(super) fn check_roll(&self, kind: &WarmasterRoll) -> Result<(), PlayError> {
        match kind {
            WarmasterRoll::TerrainRollOff { .. } => {
                self.before_battle("the terrain")?;
                if self.alternating.is_some() {
                    return Err(refused(say("terrain_rolled"), "W1"));
                }
                if !self.terrain.is_empty() {
                    return Err(refused(say("terrain_stands"), "W1"));
                }
            }
            WarmasterRoll::StartRollOff { .. } => {
                self.before_battle("the starting player")?;
                if self.alternating.is_some() {
                    return Err(refused(say("after_alternating"), "W1"));
                }
                self.terrain_placed()?;
            }
            WarmasterRoll::Scenario {} => {
                self.before_battle("the scenario")?;
                // Text line 53: "Der Startspieler wuerfelt einen W6": once
                // the terrain stands and the starting player is known.
                self.terrain_placed()?;
                if self.starting_player.is_none() {
                    return Err(refused(say("scenario_needs_starter"), "W2"));
                }
            }
            WarmasterRoll::SpecialRule { .. } => {
                self.before_battle("the scenario")?;
            }
            WarmasterRoll::IncursionTerrain {} => {
                self.before_battle("the layout")?;
                if self.scenario != Some(Scenario::Incursion) {
                    return Err(refused(say("only_incursion_clears"), "W3"));
                }
                if self.objectives.is_empty() {
                    return Err(refused(say("place_markers"), "W3"));
                }
            }
            WarmasterRoll::Incursion { round } => {
                if self.scenario != Some(Scenario::Incursion) {
                    return Err(refused(say("only_incursion_rolls"), "W5"));
                }
                let b = self
                    .battle
                    .as_ref()
                    .ok_or_else(|| plain_refusal(say("not_begun")))?;
                if *round != b.round {
                    return Err(invalid(
                        "round",
                        round,
                        say("current_round").int("round", i64::from(b.round)),
                    ));
                }
                if b.doubled_in(*round).is_some() {
                    return Err(refused(
                        say("marker_rolled").int("round", i64::from(*round)),
                        "W5",
                    ));
                }
            }
            WarmasterRoll::GameLength { after_round, need } => {
                let due = self.battle.as_ref().and_then(|b| b.length_roll_due);
                if due != Some(*after_round) {
                    return Err(refused(
                        say("no_length_roll").int("after", i64::from(*after_round)),
                        "W6",
                    ));
                }
                if self.end.is_some() {
                    return Err(plain_refusal(say("game_over")));
                }
                let want = length_need(*after_round).ok_or_else(|| {
                    refused(
                        say("length_turns").int("after", i64::from(*after_round)),
                        "W6",
                    )
                })?;
                if *need != want {
                    return Err(invalid(
                        "need",
                        need,
                        say("length_need")
                            .int("after", i64::from(*after_round))
                            .int("need", i64::from(want)),
                    ));
                }
            }
        }
        Ok(())
    }

    pub(super) fn apply_roll(&mut self, id: Id, table: &mut Table) -> Result<(), PlayError> {
        let index = self
            .resolutions
            .iter()
            .position(|r| r.id() == id)
            .ok_or_else(|| not_found("resolution", id))?;
        let resolution = &self.resolutions[index];
        if resolution.applied() {
            return Err(plain_refusal(say("applied")));
        }
        let outcome = *resolution.outcome().ok_or(PlayError::Unfinished)?;
        let kind = resolution.kind().clone();
        self.check_roll(&kind)?;
        match (kind, outcome) {
            (WarmasterRoll::TerrainRollOff { .. }, RollOutcome::FirstToPlace { player }) => {
                self.alternating = Some(AlternatingTerrain::new(player));
            }
            (WarmasterRoll::StartRollOff { .. }, RollOutcome::StartingPlayer { player }) => {
                if self.alternating.as_ref().is_some_and(|a| a.finished) {
                    return Err(refused(say("passer_starts"), "W1"));
                }
                self.starting_player = Some(player);
            }
            (WarmasterRoll::Scenario {}, RollOutcome::Scenario { scenario }) => {
                self.set_scenario(scenario, table)?;
            }
            (WarmasterRoll::SpecialRule { scenario }, RollOutcome::SpecialRule { rule }) => {
                if self.scenario != Some(scenario) {
                    return Err(refused(
                        say("other_scenario").text("scenario", scenario.to_string()),
                        "W2",
                    ));
                }
                if !self.settings.scenario_rules {
                    return Err(refused(say("special_rules_off"), "W2"));
                }
                if self.south.is_none() {
                    return Err(refused(say("roll_after_side"), "W2"));
                }
                self.special_rule = rule;
                self.special_rule_decided = true;
            }
            (WarmasterRoll::IncursionTerrain {}, RollOutcome::IncursionTerrain { marker }) => {
                self.clear_marker(marker, table)?;
            }
            (WarmasterRoll::Incursion { round }, RollOutcome::Incursion { marker }) => {
                let letter = marker_letter(marker);
                let markers: Vec<&Objective> = self
                    .objectives
                    .iter()
                    .filter(|o| o.kind == MarkerKind::Objective)
                    .collect();
                let objective = markers
                    .iter()
                    .find(|o| o.label == letter)
                    .or_else(|| markers.get(marker))
                    .map(|o| o.id)
                    .ok_or_else(|| not_found("objective marker", letter))?;
                let b = self
                    .battle
                    .as_mut()
                    .ok_or_else(|| plain_refusal(say("not_begun")))?;
                b.incursion.push(IncursionPick { round, objective });
            }
            (
                WarmasterRoll::GameLength { after_round, .. },
                RollOutcome::GameLength { another_turn },
            ) => {
                let starting = self
                    .starting_player
                    .ok_or_else(|| plain_refusal(say("no_starter")))?;
                let b = self
                    .battle
                    .as_mut()
                    .ok_or_else(|| plain_refusal(say("not_begun")))?;
                b.length_roll_due = None;
                if another_turn {
                    b.rounds = after_round.saturating_add(1);
                    next_round(b, starting);
                } else {
                    // The game ended with the turn just played: the clock
                    // stops as of its end (PW17).
                    self.finish(
                        vec![EndReason::TurnLimit {
                            rounds: after_round,
                        }],
                        ClockAt::HandOver,
                    )?;
                }
            }
            (kind, outcome) => {
                return Err(invalid(
                    "resolution",
                    format!("{kind:?}"),
                    say("outcome_mismatch").text("outcome", outcome.to_string()),
                ));
            }
        }
        self.resolutions[index].set_applied()?;
        Ok(())
    }

    pub(super) fn set_scenario(
        &mut self,
        scenario: Scenario,
        table: &mut Table,
    ) -> Result<(), PlayError> {
        if self.scenario != Some(scenario) {
            self.remove_layout(table)?;
            self.special_rule = None;
            self.special_rule_decided = false;
        }
        self.scenario = Some(scenario);
        Ok(())
    }

    pub(super) fn remove_layout(&mut self, table: &mut Table) -> Result<(), PlayError> {
        for o in &self.objectives {
            if table.piece(o.piece).is_some() {
                table.apply(TableEdit::Delete { id: o.piece })?;
            }
        }
        self.objectives.clear();
        Ok(())
    }

    pub(super) fn place_layout(
        &mut self,
        scenario: Scenario,
        table: &mut Table,
    ) -> Result<(), PlayError> {
        self.remove_layout(table)?;
        let (cx, cy) = (table.width() / 2.0, table.depth() / 2.0);
        let rules = warmaster_table_rules();
        for (next, m) in (1_u64..).zip(scenario.layout()) {
            let (kind, radius) = match m.kind {
                MarkerKind::Objective => (OBJECTIVE_KIND, OBJECTIVE_RADIUS_CM),
                MarkerKind::Zone => (ZONE_KIND, ZONE_RADIUS_CM),
            };
            let def = rules
                .type_def(kind)
                .ok_or_else(|| plain_refusal(say("no_marker_type")))?;
            debug_assert!(
                matches!(def.shape, feldherr_table::ShapeTemplate::Circle { radius: r } if (r - radius).abs() < 1e-9)
            );
            let id = table.next_id();
            let piece = def.piece(id, m.label, Point::new(cx + m.x, cy + m.y))?;
            table.apply(TableEdit::Add(piece))?;
            self.objectives.push(Objective {
                id: Id(next),
                piece: id,
                label: m.label.to_owned(),
                kind: m.kind,
                side: m.side,
            });
        }
        Ok(())
    }

    pub(super) fn place_terrain(
        &mut self,
        player: Option<Player>,
        terrain: TerrainType,
        at: Point,
        shape: Option<&Shape>,
        name: Option<&str>,
        table: &mut Table,
    ) -> Result<(), PlayError> {
        self.before_battle("the terrain")?;
        if self.terrain.len() >= MAX_TERRAIN {
            return Err(plain_refusal(
                say("too_many_terrain").int("max", MAX_TERRAIN as i64),
            ));
        }
        if let Some(n) = name
            && n.trim().chars().count() > crate::army::MAX_NAME
        {
            return Err(invalid(
                "name",
                n,
                say("name_length").int("max", crate::army::MAX_NAME as i64),
            ));
        }
        if !at.is_finite() {
            return Err(invalid("at", format!("{at:?}"), say("finite_point")));
        }
        let id = table.next_id();
        let count = self.terrain.iter().filter(|t| t.terrain == terrain).count() + 1;
        let name = match name {
            Some(n) if !n.trim().is_empty() => n.trim().to_owned(),
            Some(_) => return Err(invalid("name", "\"\"", say("piece_name"))),
            None => format!("{} {count}", terrain.label()),
        };
        let mut piece = terrain_piece(terrain, id, &name, at)?;
        if let Some(shape) = shape {
            let offset: Vector = at - shape.centroid();
            piece.shape = shape.translate(offset);
        }
        // W1 distances are enforced during the alternation only (PW12).
        let alternating = self.alternating.as_ref().is_some_and(|a| !a.finished);
        if alternating {
            let Some(player) = player else {
                return Err(refused(say("piece_by_player"), "W1"));
            };
            if let Some(alt) = &self.alternating {
                alt.check_place(player, terrain, &self.names())?;
            }
            let violations = placement_violations(table, &name, &piece.shape);
            if !violations.is_empty() {
                let text: Vec<String> = violations.iter().map(|v| v.explanation()).collect();
                return Err(refused(
                    say("terrain_rules").text("problems", text.join("; ")),
                    "W1",
                ));
            }
            let names = self.names();
            if let Some(alt) = self.alternating.as_mut() {
                alt.place(player, terrain, id, &names)?;
                if let Some(s) = alt.starting_player() {
                    self.starting_player = Some(s);
                }
            }
        } else if self.alternating.is_some() {
            return Err(refused(say("alternating_over"), "W1"));
        } else if player.is_some() {
            return Err(refused(say("roll_off_first"), "W1"));
        }
        table.apply(TableEdit::Add(piece))?;
        self.terrain.push(TerrainRecord { piece: id, terrain });
        Ok(())
    }

    /// Incursion set-up (W3, PW16): the moves that clear marker `marker`
    /// (0 = A): every terrain piece on it moves off the shortest way,
    /// away from the marker's centre in steps of 0.5 cm (at most 2 m),
    /// until the marker lies in open ground. Nothing changes; the edit
    /// applying the roll makes exactly these moves.
    ///
    /// # Errors
    /// No such marker on the table.
    pub fn marker_clearing(
        &self,
        marker: usize,
        table: &Table,
    ) -> Result<Vec<TerrainPush>, PlayError> {
        let letter = marker_letter(marker);
        let markers: Vec<&Objective> = self
            .objectives
            .iter()
            .filter(|o| o.kind == MarkerKind::Objective)
            .collect();
        let o = markers
            .iter()
            .find(|o| o.label == letter)
            .or_else(|| markers.get(marker))
            .ok_or_else(|| not_found("objective marker", letter))?;
        let marker_shape = table
            .piece(o.piece)
            .map(|p| p.shape.clone())
            .ok_or_else(|| not_found("marker piece", o.piece))?;
        let centre = marker_shape.centroid();
        let mut out = Vec::new();
        for record in &self.terrain {
            let Some(piece) = table.piece(record.piece) else {
                continue;
            };
            let shape = piece.shape.clone();
            if !shape.contains_point(centre) && distance(&marker_shape, &shape) > 1e-9 {
                continue;
            }
            let dir = (shape.centroid() - centre)
                .normalize()
                .unwrap_or(Vector::new(1.0, 0.0));
            let mut moved = shape.clone();
            for _ in 0..400 {
                if !moved.contains_point(centre) && distance(&marker_shape, &moved) > 1e-9 {
                    break;
                }
                moved = moved.translate(dir.scale(0.5));
            }
            out.push(push_record(
                record,
                &piece.name,
                shape.centroid(),
                moved.centroid(),
                PushReason::IncursionMarker {
                    marker: o.label.clone(),
                },
            ));
        }
        Ok(out)
    }

    pub(super) fn clear_marker(&self, marker: usize, table: &mut Table) -> Result<(), PlayError> {
        apply_pushes(&self.marker_clearing(marker, table)?, table)
    }

    /// Incursion (W3): whether at least one objective marker lies in open
    /// ground (its centre in no terrain piece). True when there are no
    /// markers.
    #[must_use]
    pub fn marker_in_open_ground(&self, table: &Table) -> bool {
        let markers: Vec<&Objective> = self
            .objectives
            .iter()
            .filter(|o| o.kind == MarkerKind::Objective)
            .collect();
        markers.is_empty()
            || markers.iter().any(|o| {
                table.piece(o.piece).is_some_and(|m| {
                    let c = m.center();
                    !self.terrain.iter().any(|t| {
                        table
                            .piece(t.piece)
                            .is_some_and(|p| p.shape.contains_point(c))
                    })
                })
            })
    }

    /// The moves [`WarmasterEdit::PushTerrainAway`] makes (W3): impassable
    /// terrain at least 10 cm away from every objective marker and, under
    /// King of the Hill, all terrain 5 cm away from the centre, each along
    /// the shortest way; which piece moves how far and why. Nothing
    /// changes.
    ///
    /// # Errors
    /// Only for a table whose centre is not a point (never for a valid
    /// table).
    pub fn terrain_pushes(&self, table: &Table) -> Result<Vec<TerrainPush>, PlayError> {
        let markers: Vec<(&Objective, Shape)> = self
            .objectives
            .iter()
            .filter(|o| o.kind == MarkerKind::Objective)
            .filter_map(|o| table.piece(o.piece).map(|p| (o, p.shape.clone())))
            .collect();
        let centre = Point::new(table.width() / 2.0, table.depth() / 2.0);
        let hill = self.scenario == Some(Scenario::KingOfTheHill);
        let dot = Shape::Circle(
            feldherr_table::geometry::Circle::new(centre, 1e-6)
                .map_err(|_| invalid("centre", "table centre", say("centre")))?,
        );
        let mut out = Vec::new();
        for record in &self.terrain {
            let Some(piece) = table.piece(record.piece) else {
                continue;
            };
            let mut obstacles: Vec<(&Shape, f64, PushReason)> = Vec::new();
            if record.terrain.impassable() {
                obstacles.extend(markers.iter().map(|(o, m)| {
                    (
                        m,
                        IMPASSABLE_CLEARANCE_CM,
                        PushReason::ImpassableNearMarker {
                            objective: o.id,
                            label: o.label.clone(),
                        },
                    )
                }));
            }
            if hill {
                obstacles.push((&dot, HILL_CLEARANCE_CM, PushReason::HillCentre));
            }
            let mut shape = piece.shape.clone();
            let mut reason = None;
            for _ in 0..16 {
                let worst = obstacles
                    .iter()
                    .map(|(o, need, why)| (o, need - distance(o, &shape), why))
                    .filter(|(_, deficit, _)| *deficit > 1e-9)
                    .max_by(|a, b| a.1.total_cmp(&b.1));
                let Some((obstacle, deficit, why)) = worst else {
                    break;
                };
                if reason.is_none() {
                    reason = Some(why.clone());
                }
                let dir = (shape.centroid() - obstacle.centroid())
                    .normalize()
                    .unwrap_or(Vector::new(1.0, 0.0));
                shape = shape.translate(dir.scale(deficit + 1e-6));
            }
            if let Some(reason) = reason {
                out.push(push_record(
                    record,
                    &piece.name,
                    piece.shape.centroid(),
                    shape.centroid(),
                    reason,
                ));
            }
        }
        Ok(out)
    }

    pub(super) fn push_terrain_away(&self, table: &mut Table) -> Result<(), PlayError> {
        apply_pushes(&self.terrain_pushes(table)?, table)
    }
}

fn push_record(
    record: &TerrainRecord,
    name: &str,
    from: Point,
    to: Point,
    reason: PushReason,
) -> TerrainPush {
    TerrainPush {
        piece: record.piece,
        name: name.to_owned(),
        terrain: record.terrain,
        from,
        to,
        distance_cm: (to - from).length(),
        reason,
    }
}

fn apply_pushes(pushes: &[TerrainPush], table: &mut Table) -> Result<(), PlayError> {
    for p in pushes {
        table.apply(TableEdit::Move {
            id: p.piece,
            to: p.to,
        })?;
    }
    Ok(())
}
