//! The fighters on the table: placing them and measuring between them.

use feldherr_play::{Id, PlayError};
use feldherr_table::Table;

use super::Warheim;
use crate::ModelType;
use crate::attack_order::find;

impl Warheim {
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
        let angle = Angle::from_degrees(facing)
            .map_err(|_| PlayError::invalid("facing", facing, "must be a finite angle"))?;
        if !(at.x.is_finite() && at.y.is_finite()) {
            return Err(PlayError::invalid(
                "at",
                format!("{}, {}", at.x, at.y),
                "must be finite",
            ));
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
                    .ok_or_else(|| PlayError::not_found("piece type", kind))?;
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
