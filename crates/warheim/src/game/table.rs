//! The fighters on the table: placing them, their bodies, the terrain's
//! heights.

use feldherr_play::{Id, PlayError};
use feldherr_table::{Layer, Piece, Table};

use super::Warheim;
use crate::attack_order::find;
use crate::on_table::sight::MAX_BLOCKERS;
use crate::on_table::{Blocker, Body, Ground, TerrainPiece, default_height, ground_of, height_of};
use crate::refusal::{decimal, say};
use crate::{Condition, ModelType, WarheimError};

/// Highest terrain piece or elevation accepted, in inches.
pub const MAX_TERRAIN_HEIGHT: f64 = 40.0;

impl Warheim {
    /// The height of terrain `piece`: the one the players set, else its
    /// kind's (PH20).
    pub fn height_of_piece(&self, piece: &Piece) -> f64 {
        self.heights
            .get(&piece.id)
            .copied()
            .unwrap_or_else(|| default_height(&piece.kind))
    }

    /// How high `fighter` stands above the table.
    pub fn elevation_of(&self, fighter: Id) -> f64 {
        self.elevations.get(&fighter).copied().unwrap_or(0.0)
    }

    /// Whether `piece` is a fighter's.
    fn is_fighter_piece(&self, piece: &Piece) -> bool {
        self.pieces.values().any(|&p| p == piece.id)
    }

    /// Every terrain piece of `table` as moves and sight see it (the
    /// fighters' pieces left out).
    pub fn terrain(&self, table: &Table) -> Vec<TerrainPiece> {
        table
            .pieces()
            .iter()
            .filter(|p| p.layer != Layer::Model && !self.is_fighter_piece(p))
            .map(|p| TerrainPiece {
                id: p.id,
                ground: ground_of(&p.kind),
                shape: p.shape.clone(),
                top: self.height_of_piece(p),
            })
            .collect()
    }

    /// `fighter`'s column on `table`, if he is placed.
    pub fn body(&self, table: &Table, fighter: Id) -> Option<Body> {
        let piece = self.piece_of(table, fighter)?;
        let (player, f) = find(&self.rosters, fighter).ok()?;
        Some(Body {
            id: fighter,
            player,
            base: piece.shape.clone(),
            facing: piece
                .facing_angle()
                .unwrap_or(feldherr_table::geometry::Angle::ZERO),
            ground: self.elevation_of(fighter),
            height: height_of(f),
            shield: f.weapons.iter().any(crate::Weapon::is_shield),
            tower_shield: f.weapons.iter().any(|w| w.tower_shield),
        })
    }

    /// Every placed fighter who is not dead, as a column.
    pub fn bodies(&self, table: &Table) -> Vec<Body> {
        self.rosters
            .iter()
            .flat_map(|r| &r.fighters)
            .filter(|f| !f.has(Condition::Dead))
            .filter_map(|f| self.body(table, f.id))
            .collect()
    }

    /// What blocks sight on `table`: terrain with a height and models with
    /// a tower shield (line 95, PH20). Refused beyond [`MAX_BLOCKERS`].
    pub fn blockers(&self, table: &Table) -> Result<Vec<Blocker>, WarheimError> {
        let mut out: Vec<Blocker> = self
            .terrain(table)
            .into_iter()
            .filter(|t| t.ground == Ground::Obstacle && t.top > 0.0)
            .map(|t| Blocker {
                shape: t.shape,
                top: t.top,
                piece: Some(t.id),
                fighter: None,
            })
            .collect();
        out.extend(
            self.bodies(table)
                .into_iter()
                .filter(|b| b.tower_shield)
                .map(|b| Blocker {
                    top: b.top(),
                    shape: b.base,
                    piece: None,
                    fighter: Some(b.id),
                }),
        );
        if out.len() > MAX_BLOCKERS {
            return Err(WarheimError::invalid_says(
                "table",
                out.len(),
                say("too_many_blockers").int("max", MAX_BLOCKERS as i64),
            ));
        }
        Ok(out)
    }

    /// Sets terrain piece `piece`'s height (`None`: its kind's default).
    pub(crate) fn set_height(
        &mut self,
        table: &Table,
        piece: u64,
        height: Option<f64>,
    ) -> Result<(), PlayError> {
        let p = table
            .piece(piece)
            .ok_or_else(|| crate::refusal::not_found("piece", piece))?;
        if self.is_fighter_piece(p) {
            return Err(PlayError::invalid(
                "piece",
                &p.name,
                "a fighter's height is his miniature's (the roster)",
            )
            .with_message(say("fighter_height").text("piece", &p.name)));
        }
        match height {
            None => {
                self.heights.remove(&piece);
            }
            Some(h) if h.is_finite() && (0.0..=MAX_TERRAIN_HEIGHT).contains(&h) => {
                self.heights.insert(piece, h);
            }
            Some(h) => {
                return Err(PlayError::invalid(
                    format!("heights[{}]", p.name),
                    h,
                    "a height of 0 to 40 inches",
                )
                .with_message(
                    say("terrain_height")
                        .text("piece", &p.name)
                        .nested("height", decimal(h, 1)),
                ));
            }
        }
        Ok(())
    }

    /// Sets how high `fighter` stands above the table (the players'
    /// word over the measured moves).
    pub(crate) fn set_elevation(&mut self, fighter: Id, elevation: f64) -> Result<(), PlayError> {
        let (_, f) = find(&self.rosters, fighter)?;
        if !(elevation.is_finite() && (0.0..=MAX_TERRAIN_HEIGHT).contains(&elevation)) {
            return Err(WarheimError::fighter_says(
                &f.name,
                "elevation",
                elevation,
                say("elevation_range").nested("height", decimal(elevation, 1)),
            )
            .into());
        }
        if elevation == 0.0 {
            self.elevations.remove(&fighter);
        } else {
            self.elevations.insert(fighter, elevation);
        }
        Ok(())
    }

    /// `fighter`'s piece on `table`, if he has been placed and it is
    /// still there.
    pub fn piece_of<'t>(&self, table: &'t Table, fighter: Id) -> Option<&'t feldherr_table::Piece> {
        table.piece(*self.pieces.get(&fighter)?)
    }

    /// The line from `attacker` to `target` measured on `table` (both
    /// placed), for the attack panel: distance, facing, zones and walls.
    pub fn line(&self, table: &Table, attacker: Id, target: Id) -> Option<crate::on_table::Line> {
        Some(crate::on_table::line(
            table,
            self.piece_of(table, attacker)?,
            self.piece_of(table, target)?,
        ))
    }

    pub(crate) fn place(
        &mut self,
        fighter: Id,
        at: feldherr_table::geometry::Point,
        facing: f64,
        table: &mut Table,
    ) -> Result<(), PlayError> {
        use feldherr_table::TableEdit;
        use feldherr_table::geometry::Angle;
        let (_, f) = find(&self.rosters, fighter)?;
        let angle = Angle::from_degrees(facing).map_err(|_| {
            PlayError::invalid("facing", facing, "must be a finite angle")
                .with_message(say("finite_facing"))
        })?;
        if !(at.x.is_finite() && at.y.is_finite()) {
            return Err(
                PlayError::invalid("at", format!("{}, {}", at.x, at.y), "must be finite")
                    .with_message(say("finite_place").text("fighter", &f.name)),
            );
        }
        let mut next = table.clone();
        let edits = match self.piece_of(table, fighter) {
            Some(piece) => vec![
                TableEdit::Move {
                    id: piece.id,
                    to: at,
                },
                TableEdit::Rotate {
                    id: piece.id,
                    facing: angle,
                },
            ],
            None => {
                let large = f.is(ModelType::Monster) || f.is(ModelType::Cavalry);
                let kind = if large {
                    crate::on_table::LARGE_FIGHTER
                } else {
                    crate::on_table::FIGHTER
                };
                let rules = crate::on_table::table_rules();
                let def = rules
                    .type_def(kind)
                    .ok_or_else(|| crate::refusal::not_found("piece type", kind))?;
                let id = next.next_id();
                let piece = def.piece(id, f.name.clone(), at).map_err(|e| {
                    PlayError::invalid("at", format!("{}, {}", at.x, at.y), e.to_string())
                })?;
                vec![
                    TableEdit::Add(piece),
                    TableEdit::Rotate { id, facing: angle },
                ]
            }
        };
        for e in edits {
            let id = e.piece_id().unwrap_or(0);
            next.apply(e)
                .map_err(|err| PlayError::invalid("piece", id, err.to_string()))?;
        }
        let id = next
            .pieces()
            .last()
            .map(|p| p.id)
            .filter(|_| self.piece_of(table, fighter).is_none());
        if let Some(id) = id {
            self.pieces.insert(fighter, id);
        }
        *table = next;
        Ok(())
    }
}
