//! What the table says about contact: which models touch, who is an enemy,
//! which crew figures serve and move a machine (C3), how many figures may
//! touch it (PC3). Base contact is the table's: a gap of at most
//! `feldherr_geometry::CONTACT_TOLERANCE`.

use crate::game::refusal::{refused, say};
use feldherr_play::{Id, PlayError};
use feldherr_table::geometry::{Shape, touching};
use feldherr_table::{Layer, Measurement, Table};

use super::{ConfrontationGame, CrewFigure};
use crate::ConfrontationError;
use crate::crew::{MoveAllowance, Role, Server, immobile_move};

/// A crew figure's status as the rules see it now: contact and engagement
/// measured from the table when it has a piece there, else as stated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CrewStatus {
    /// The crew figure.
    pub crew: Id,
    /// Crew or auxiliary.
    pub role: Role,
    /// In base contact with its machine.
    pub in_contact: bool,
    /// In base contact with an enemy.
    pub engaged: bool,
    /// Fleeing.
    pub fleeing: bool,
    /// Moved this round more than turning the machine.
    pub moved: bool,
    /// Whether contact and engagement were measured on the table.
    pub measured: bool,
}

impl CrewStatus {
    /// As a server of the machine (C3).
    pub fn server(&self) -> Server {
        Server {
            role: self.role,
            in_contact: self.in_contact,
            engaged: self.engaged,
            fleeing: self.fleeing,
            moved: self.moved,
        }
    }

    /// Whether it serves the machine now: in contact, not engaged, not
    /// fleeing, not moved (C3, text line 262).
    pub fn serves(&self) -> bool {
        self.server().serves()
    }
}

impl ConfrontationGame {
    /// The outline of piece `piece` on `table`, if it is there.
    pub(crate) fn outline(table: &Table, piece: u64) -> Option<&Shape> {
        table.piece(piece).map(|p| &p.shape)
    }

    /// Whether living model `piece` is an enemy of `side`: a living model
    /// of another side (a dead figure or a destroyed machine is nobody's
    /// enemy).
    fn hostile(&self, piece: u64, side: Id) -> bool {
        if self.dead.contains(&piece) {
            return false;
        }
        if let Some(m) = self.machine_on(piece) {
            return !m.state.destroyed && m.controller() != side;
        }
        if let Some(c) = self.crew_on(piece) {
            return !c.dead && c.side != side;
        }
        self.figures.get(&piece).is_some_and(|f| f.side != side)
    }

    /// The living models of another side than `side` touching `piece` on the
    /// table (its own piece and the pieces in `ignore` left out).
    pub fn enemies_touching(
        &self,
        table: &Table,
        piece: u64,
        side: Id,
        ignore: &[u64],
    ) -> Vec<u64> {
        let Some(shape) = Self::outline(table, piece) else {
            return Vec::new();
        };
        table
            .pieces()
            .iter()
            .filter(|p| p.layer == Layer::Model && p.id != piece && !ignore.contains(&p.id))
            .filter(|p| self.hostile(p.id, side) && touching(shape, &p.shape))
            .map(|p| p.id)
            .collect()
    }

    /// Whether machine `machine` stands in base contact with an enemy, from
    /// the table; `None` when it has no piece there.
    pub fn machine_touches_enemy(&self, table: &Table, machine: Id) -> Option<bool> {
        let m = self.machine(machine)?;
        let piece = m.piece?;
        table.piece(piece)?;
        Some(
            !self
                .enemies_touching(table, piece, m.controller(), &[])
                .is_empty(),
        )
    }

    /// The living models of side `side` within `cm` of machine `machine`'s
    /// piece, edge to edge, with their distances (nearest first); the
    /// machine itself left out.
    pub fn models_within(&self, table: &Table, machine: Id, side: Id, cm: f64) -> Vec<(u64, f64)> {
        let Some(own) = self.machine(machine).and_then(|m| m.piece) else {
            return Vec::new();
        };
        let Some(shape) = Self::outline(table, own) else {
            return Vec::new();
        };
        let mut out: Vec<(u64, f64)> = table
            .pieces()
            .iter()
            .filter(|p| p.layer == Layer::Model && p.id != own && !self.dead.contains(&p.id))
            .filter(|p| self.side_of_piece(p.id) == Some(side))
            .filter(|p| {
                self.machine_on(p.id).is_none_or(|m| !m.state.destroyed)
                    && self.crew_on(p.id).is_none_or(|c| !c.dead)
            })
            .map(|p| (p.id, Measurement::between(shape, &p.shape).distance))
            .filter(|(_, d)| *d <= cm + 1e-9)
            .collect();
        out.sort_by(|a, b| a.1.total_cmp(&b.1));
        out
    }

    /// Crew figure `crew`'s status now: with a piece on the table, contact
    /// with its machine and with enemies are measured; without one, as
    /// stated (`in_contact`, `engaged`).
    pub fn crew_status(&self, table: &Table, crew: &CrewFigure) -> CrewStatus {
        let machine_piece = self
            .machine(crew.machine)
            .and_then(|m| m.piece)
            .and_then(|p| table.piece(p).map(|_| p));
        let placed = crew.piece.filter(|p| table.piece(*p).is_some());
        let (in_contact, engaged, measured) = match placed {
            Some(p) => {
                let in_contact = machine_piece.is_some_and(|mp| {
                    Self::outline(table, p)
                        .zip(Self::outline(table, mp))
                        .is_some_and(|(a, b)| touching(a, b))
                });
                // Touching the machine itself is not an engagement (a
                // captured machine is an enemy's).
                let ignore: Vec<u64> = machine_piece.into_iter().collect();
                let engaged = !self
                    .enemies_touching(table, p, crew.side, &ignore)
                    .is_empty();
                (in_contact, engaged, true)
            }
            None => (crew.in_contact, crew.engaged, false),
        };
        CrewStatus {
            crew: crew.id,
            role: crew.role,
            in_contact,
            engaged,
            fleeing: crew.fleeing,
            moved: crew.moved,
            measured,
        }
    }

    /// The status of every living crew figure of the side controlling
    /// machine `machine` (those who may serve it), in the game's order.
    pub fn servers(&self, table: &Table, machine: Id) -> Vec<CrewStatus> {
        let Some(m) = self.machine(machine) else {
            return Vec::new();
        };
        let controller = m.controller();
        self.crew_of(machine)
            .filter(|c| c.side == controller)
            .map(|c| self.crew_status(table, c))
            .collect()
    }

    /// How many figures may touch machine `machine`: the explanation
    /// card's limit if noted, else the game's limit for its size (PC3).
    pub fn max_contact(&self, machine: Id) -> u32 {
        self.machine(machine).map_or(0, |m| {
            m.contact_limit
                .unwrap_or_else(|| self.settings.contact.of(m.card.spec().size))
        })
    }

    /// The crew figures who may move machine `machine` now, fastest first:
    /// trained crew (no auxiliary) of the side holding it, touching it,
    /// neither engaged nor fleeing; at most as many as may touch it (C3).
    pub fn mover_figures(&self, table: &Table, machine: Id) -> Vec<(Id, u32)> {
        let mut out: Vec<(Id, u32)> = self
            .servers(table, machine)
            .iter()
            .filter(|s| s.role == Role::Crew && s.in_contact && !s.engaged && !s.fleeing)
            .map(|s| (s.crew, self.crew_figure(s.crew).map_or(0, |c| c.card.bew)))
            .collect();
        out.sort_by_key(|(_, bew)| std::cmp::Reverse(*bew));
        out.truncate(usize::try_from(self.max_contact(machine)).unwrap_or(usize::MAX));
        out
    }

    /// The BEW of the crew who may move machine `machine` (C3), fastest
    /// first.
    pub fn movers(&self, table: &Table, machine: Id) -> Vec<u32> {
        self.mover_figures(table, machine)
            .into_iter()
            .map(|(_, b)| b)
            .collect()
    }

    /// What the crew may do with immobile machine `machine` (C3): `None`
    /// when no crew figure may move it.
    pub fn crew_allowance(
        &self,
        table: &Table,
        machine: Id,
    ) -> Option<Result<MoveAllowance, ConfrontationError>> {
        let m = self.machine(machine)?;
        let bew = self.movers(table, machine);
        if bew.is_empty() {
            return None;
        }
        Some(immobile_move(
            m.card.spec().gew.unwrap_or(0),
            &bew,
            self.max_contact(machine),
        ))
    }

    /// Whether the pieces `a` and `b` touch on the table.
    pub(crate) fn pieces_touch(table: &Table, a: u64, b: u64) -> bool {
        Self::outline(table, a)
            .zip(Self::outline(table, b))
            .is_some_and(|(x, y)| touching(x, y))
    }

    /// The figure stats of piece `piece`, or an error naming it.
    pub(crate) fn stats_of(
        &self,
        table: &Table,
        piece: u64,
    ) -> Result<&super::FigureStats, PlayError> {
        self.figures.get(&piece).ok_or_else(|| {
            let name = table
                .piece(piece)
                .map_or_else(|| piece.to_string(), |p| p.name.clone());
            refused(
                say("contact.piece_no_values_entered_figure")
                    .text("name", name.to_string())
                    .text("piece", piece.to_string()),
                None,
            )
        })
    }

    /// The name of piece `piece` on the table (its id when absent).
    pub(crate) fn piece_name(table: &Table, piece: u64) -> String {
        table
            .piece(piece)
            .map_or_else(|| format!("piece {piece}"), |p| p.name.clone())
    }
}
