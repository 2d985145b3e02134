//! Measuring on the table what the rules need: who sees whom, the line of
//! an attack, a drawn move, who is under a template, who must test flight.
//! Every measured value can be overruled by the players where the edit
//! takes it (PH12, PH20).

use feldherr_geometry::{Angle, Point};
use feldherr_play::{Id, PlayError};
use feldherr_table::{Table, TableEdit};

use super::Warheim;
use crate::attack_order::{ReactionChoice, TargetOrder, find};
use crate::on_table::movement::{self, sight_points};
use crate::on_table::sight::{self as sight_rules, CoverBy};
use crate::on_table::{
    Blocker, Body, CONTACT, MeasuredMove, MovePath, Sight, TemplatePlacement, facing_of,
};
use crate::refusal::say;
use crate::{Condition, WarheimError};

impl Warheim {
    /// What `viewer` sees of `target` on `table` (both placed).
    pub fn sight(
        &self,
        table: &Table,
        viewer: Id,
        target: Id,
    ) -> Result<Option<Sight>, WarheimError> {
        let (Some(v), Some(t)) = (self.body(table, viewer), self.body(table, target)) else {
            return Ok(None);
        };
        Ok(Some(sight_rules::sight(&v, &t, &self.blockers(table)?)))
    }

    /// Whether `fighter` can see or act: standing, not panicking (a
    /// panicking fighter still sees), neither unconscious nor dead.
    fn able(&self, fighter: Id) -> bool {
        find(&self.rosters, fighter).is_ok_and(|(_, f)| !f.down())
    }

    /// The enemies of `body`'s player, able and placed, who see `body`.
    fn enemies_seeing(&self, table: &Table, body: &Body, blockers: &[Blocker]) -> Vec<Id> {
        self.bodies(table)
            .iter()
            .filter(|b| b.player != body.player && self.able(b.id))
            .filter(|b| sight_rules::sight(b, body, blockers).sees)
            .map(|b| b.id)
            .collect()
    }

    /// The enemies who see `fighter` where he stands now.
    pub fn seen_by(&self, table: &Table, fighter: Id) -> Result<Vec<Id>, WarheimError> {
        let Some(body) = self.body(table, fighter) else {
            return Ok(Vec::new());
        };
        Ok(self.enemies_seeing(table, &body, &self.blockers(table)?))
    }

    /// The enemies who saw `fighter` at any point of `path` (his start
    /// first; every half inch; the end; PH24), his column carried along.
    pub fn seen_along(
        &self,
        table: &Table,
        fighter: Id,
        path: &[Point],
    ) -> Result<Vec<Id>, WarheimError> {
        let Some(body) = self.body(table, fighter) else {
            return Ok(Vec::new());
        };
        let blockers = self.blockers(table)?;
        let mut seen: Vec<Id> = Vec::new();
        for p in sight_points(path) {
            for id in self.enemies_seeing(table, &body.moved_to(p), &blockers) {
                if !seen.contains(&id) {
                    seen.push(id);
                }
            }
        }
        Ok(seen)
    }

    /// The line of an attack from `attacker` at `target`, measured on
    /// `table` (PH12, PH20-PH23): the distance with the heights, where the
    /// attacker stands for the target, the zones and walls crossed, the
    /// target's cover; `saw_active` from his sight of the attacker. The
    /// players may change any of it before declaring.
    pub fn target_order(
        &self,
        table: &Table,
        attacker: Id,
        target: Id,
        reaction: ReactionChoice,
    ) -> Result<Option<TargetOrder>, WarheimError> {
        let (Some(a), Some(t)) = (self.body(table, attacker), self.body(table, target)) else {
            return Ok(None);
        };
        let (Some(pa), Some(pt)) = (self.piece_of(table, attacker), self.piece_of(table, target))
        else {
            return Ok(None);
        };
        let line = crate::on_table::line(table, pa, pt);
        let blockers = self.blockers(table)?;
        let terrain: Vec<Blocker> = blockers
            .iter()
            .filter(|b| b.piece.is_some())
            .cloned()
            .collect();
        let bodies = self.bodies(table);
        let distance = sight_rules::distance_between(&a, &t);
        let (facing, _) = facing_of(t.center(), t.facing, a.center());
        Ok(Some(TargetOrder {
            target,
            dice: 0,
            distance: if distance < CONTACT { 0.0 } else { distance },
            facing,
            wall: line.wall,
            cover: sight_rules::cover(&a, &t, &terrain, &bodies, &blockers).is_some(),
            terrain: line.terrain,
            reaction,
            saw_active: sight_rules::sight(&t, &a, &blockers).sees,
        }))
    }

    /// Why `target` has cover against `attacker` on `table`, if he has.
    pub fn cover(
        &self,
        table: &Table,
        attacker: Id,
        target: Id,
    ) -> Result<Option<CoverBy>, WarheimError> {
        let (Some(a), Some(t)) = (self.body(table, attacker), self.body(table, target)) else {
            return Ok(None);
        };
        let blockers = self.blockers(table)?;
        let terrain: Vec<Blocker> = blockers
            .iter()
            .filter(|b| b.piece.is_some())
            .cloned()
            .collect();
        Ok(sight_rules::cover(
            &a,
            &t,
            &terrain,
            &self.bodies(table),
            &blockers,
        ))
    }

    /// Measures `path` drawn for `fighter` on `table` (PH24), without
    /// moving him.
    pub fn measure_move(
        &self,
        table: &Table,
        fighter: Id,
        path: &MovePath,
    ) -> Result<MeasuredMove, WarheimError> {
        let (_, f) = find(&self.rosters, fighter)?;
        let body = self.body(table, fighter).ok_or_else(|| {
            WarheimError::fighter_says(&f.name, "piece", "none", say("off_table"))
        })?;
        let others: Vec<Body> = self
            .bodies(table)
            .into_iter()
            .filter(|b| b.id != fighter)
            .collect();
        movement::measure(
            &body,
            f.profile.speed,
            path,
            &self.terrain(table),
            &others,
            (table.width(), table.depth()),
        )
    }

    /// Puts `fighter` where `m` ends: his piece moved and turned, his
    /// height above the table set. A flight off the table removes the
    /// piece.
    pub(crate) fn move_to(
        &mut self,
        table: &mut Table,
        fighter: Id,
        m: &MeasuredMove,
    ) -> Result<(), PlayError> {
        let piece = self.pieces.get(&fighter).copied().ok_or_else(|| {
            WarheimError::fighter_says(
                &self.name_of_fighter(fighter),
                "piece",
                "none",
                say("off_table"),
            )
        })?;
        if m.left_table {
            table
                .apply(TableEdit::Delete { id: piece })
                .map_err(|e| PlayError::invalid("piece", piece, e.to_string()))?;
            self.pieces.remove(&fighter);
            self.elevations.remove(&fighter);
            return Ok(());
        }
        let facing = Angle::from_degrees(m.facing).map_err(|_| {
            PlayError::invalid("facing", m.facing, "a finite angle")
                .with_message(say("finite_facing"))
        })?;
        for edit in [
            TableEdit::Move {
                id: piece,
                to: m.end,
            },
            TableEdit::Rotate { id: piece, facing },
        ] {
            table
                .apply(edit)
                .map_err(|e| PlayError::invalid("piece", piece, e.to_string()))?;
        }
        self.set_elevation(fighter, m.ground)?;
        Ok(())
    }

    /// The fighters under `placement` on `table` who are hit (PH21): every
    /// placed fighter whose base it covers at least in part, but for the
    /// firer and hidden markers (they are no targets until revealed, line
    /// 297); with `firer` and a template laid at him (line 215), only
    /// those he sees.
    pub fn under_template(
        &self,
        table: &Table,
        placement: &TemplatePlacement,
        firer: Option<Id>,
        in_sight_only: bool,
    ) -> Result<Vec<Id>, WarheimError> {
        let bodies = self.bodies(table);
        let blockers = self.blockers(table)?;
        let firer_body = firer.and_then(|id| self.body(table, id));
        let mut out = Vec::new();
        for b in placement.under(&bodies)? {
            if Some(b.id) == firer {
                continue;
            }
            let hidden = find(&self.rosters, b.id).is_ok_and(|(_, f)| f.has(Condition::Hidden));
            if hidden {
                continue;
            }
            if in_sight_only
                && let Some(fb) = &firer_body
                && !sight_rules::sight(fb, b, &blockers).sees
            {
                continue;
            }
            out.push(b.id);
        }
        Ok(out)
    }

    /// The friends who must test flight at the end of the activation in
    /// which `dead` died (line 251, PH32): able fighters of his side who
    /// see him and stand within their full move (both Speeds) of him.
    pub fn flight_due(&self, table: &Table, dead: Id) -> Result<Vec<Id>, WarheimError> {
        let Ok((side, _)) = find(&self.rosters, dead) else {
            return Ok(Vec::new());
        };
        let Some(piece) = self.piece_of(table, dead) else {
            return Ok(Vec::new());
        };
        let Some((_, df)) = find(&self.rosters, dead).ok() else {
            return Ok(Vec::new());
        };
        let dead_body = Body {
            id: dead,
            player: side,
            base: piece.shape.clone(),
            facing: piece.facing_angle().unwrap_or(Angle::ZERO),
            ground: self.elevation_of(dead),
            height: crate::on_table::height_of(df),
            shield: false,
            tower_shield: false,
        };
        let blockers = self.blockers(table)?;
        let mut out = Vec::new();
        for f in &self.rosters[side].fighters {
            if f.id == dead || f.down() {
                continue;
            }
            let Some(b) = self.body(table, f.id) else {
                continue;
            };
            let reach = f64::from(f.profile.speed[0]) + f64::from(f.profile.speed[1]);
            if sight_rules::distance_between(&b, &dead_body) <= reach + 1e-9
                && sight_rules::sight(&b, &dead_body, &blockers).sees
            {
                out.push(f.id);
            }
        }
        Ok(out)
    }

    /// Where a throw lands (line 155): the thrower in base contact with
    /// `target` on the straight line between them, if the distance is
    /// within his second Speed; `None` when it is not (the action is lost).
    pub fn throw_landing(
        &self,
        table: &Table,
        thrower: Id,
        target: Id,
    ) -> Result<Option<MeasuredMove>, WarheimError> {
        let (_, f) = find(&self.rosters, thrower)?;
        let (Some(a), Some(t)) = (self.body(table, thrower), self.body(table, target)) else {
            return Err(WarheimError::fighter_says(
                &f.name,
                "piece",
                "none",
                say("both_on_table"),
            ));
        };
        let gap = sight_rules::distance_between(&a, &t);
        if gap > f64::from(f.profile.speed[1]) + 1e-9 {
            return Ok(None);
        }
        let Some(dir) = (t.center() - a.center()).normalize() else {
            return Ok(None);
        };
        let end = t.center() - dir.scale(t.radius() + a.radius());
        let path = MovePath {
            kind: crate::on_table::MoveKind::Aside,
            points: vec![end],
            rise: t.ground - a.ground,
            facing: dir.angle().map(Angle::degrees),
        };
        let mut m = self.measure_move(table, thrower, &path)?;
        // A throw is a leap: it lands beside the enemy whatever the height.
        m.blocked
            .retain(|b| !matches!(b, crate::on_table::movement::Blocked::NoWayUp));
        m.ground = t.ground;
        m.fall = None;
        Ok(Some(m))
    }

    /// A Heavy model's successful charge throws `target` back 1 in,
    /// straight away from `attacker` (line 277, PH10): moved when nothing
    /// is in the way and he stays on the table; otherwise he stays and the
    /// players place him.
    pub(crate) fn throw_back(
        &mut self,
        table: &mut Table,
        attacker: Id,
        target: Id,
    ) -> Result<(), PlayError> {
        let (Some(a), Some(t)) = (self.body(table, attacker), self.body(table, target)) else {
            return Ok(());
        };
        let Some(dir) = (t.center() - a.center()).normalize() else {
            return Ok(());
        };
        let path = MovePath {
            kind: crate::on_table::MoveKind::Aside,
            points: vec![t.center() + dir.scale(1.0)],
            rise: 0.0,
            facing: Some(t.facing.degrees()),
        };
        let m = self.measure_move(table, target, &path)?;
        if m.blocked.is_empty() {
            self.move_to(table, target, &m)?;
        }
        Ok(())
    }

    /// The flight of a panicking fighter (line 251, PH32): a full move (both
    /// Speeds) straight towards the nearest table edge, which it may
    /// leave. The players draw it with [`crate::WarheimEdit::DrawMove`].
    pub fn flight_path(&self, table: &Table, fighter: Id) -> Option<MovePath> {
        let (_, f) = find(&self.rosters, fighter).ok()?;
        let c = self.body(table, fighter)?.center();
        let (w, d) = (table.width(), table.depth());
        let edges = [
            (c.x, Point::new(-1.0, 0.0)),
            (w - c.x, Point::new(1.0, 0.0)),
            (c.y, Point::new(0.0, -1.0)),
            (d - c.y, Point::new(0.0, 1.0)),
        ];
        let (_, dir) = edges.iter().min_by(|a, b| a.0.total_cmp(&b.0)).copied()?;
        let reach = f64::from(f.profile.speed[0]) + f64::from(f.profile.speed[1]);
        Some(MovePath {
            kind: crate::on_table::MoveKind::Flee,
            points: vec![Point::new(c.x + dir.x * reach, c.y + dir.y * reach)],
            rise: 0.0,
            facing: None,
        })
    }
}
