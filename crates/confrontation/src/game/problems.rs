//! Everything wrong with a game against its table: every cross reference
//! and every state-versus-card bound, with the path named.

use std::collections::BTreeMap;

use feldherr_play::{Game, Id, Problem};
use feldherr_table::geometry::Point;
use feldherr_table::{Layer, Table};

use super::game_machine::check_crew_list;
use super::{ConfrontationGame, ConfrontationKind};

/// Coordinates further than this from the table (cm) are absurd.
const FAR_CM: f64 = 10_000.0;

fn point_problem(path: &str, p: Point) -> Option<Problem> {
    if !(p.x.is_finite() && p.y.is_finite()) {
        Some(Problem::new(
            path,
            format!("({}, {}) is not a position", p.x, p.y),
        ))
    } else if p.x.abs() > FAR_CM || p.y.abs() > FAR_CM {
        Some(Problem::new(
            path,
            format!("({}, {}) cm is far off any table", p.x, p.y),
        ))
    } else {
        None
    }
}

impl ConfrontationGame {
    pub(crate) fn find_problems(&self, table: &Table) -> Vec<Problem> {
        let mut out = Vec::new();
        for v in table.violations(&Self::table_rules()) {
            out.push(Problem::new("table", v.to_string()));
        }
        for piece in table.pieces() {
            if let Some(p) = point_problem(&format!("table.pieces[{}]", piece.id), piece.center()) {
                out.push(p);
            }
        }
        let mut ids: BTreeMap<Id, usize> = BTreeMap::new();
        let mut pieces: BTreeMap<u64, usize> = BTreeMap::new();
        for (i, m) in self.machines.iter().enumerate() {
            let at = format!("machines[{i}]");
            if let Some(first) = ids.insert(m.id, i) {
                out.push(Problem::new(
                    format!("{at}.id"),
                    format!("id {} is also machines[{first}]'s", m.id),
                ));
            }
            let sp = m.card.sp();
            if m.state.sp_lost > sp {
                out.push(Problem::new(
                    format!("{at}.state.sp_lost"),
                    format!("{} SP lost, but {} has {sp} SP", m.state.sp_lost, m.name()),
                ));
            }
            let crew = m.card.spec().crew.len();
            for (field, list) in [
                ("state.crew_in_contact", &m.state.crew_in_contact),
                ("crew_engaged", &m.crew_engaged),
                ("crew_fleeing", &m.crew_fleeing),
            ] {
                if let Err(e) = check_crew_list(&format!("{at}.{field}"), list, crew) {
                    out.push(Problem::new(format!("{at}.{field}"), e.to_string()).rule("C3"));
                }
            }
            if m.state.crew_in_contact.len() > crew {
                out.push(
                    Problem::new(
                        format!("{at}.state.crew_in_contact"),
                        format!(
                            "{} crew in contact, the card has {crew}",
                            m.state.crew_in_contact.len()
                        ),
                    )
                    .rule("C3"),
                );
            }
            if let Some(piece) = m.piece {
                match table.piece(piece) {
                    None => out.push(Problem::new(
                        format!("{at}.piece"),
                        format!("piece {piece} is not on the table"),
                    )),
                    Some(p) if p.layer != Layer::Model => out.push(Problem::new(
                        format!("{at}.piece"),
                        format!("piece {piece} ({}) is not a model", p.name),
                    )),
                    Some(_) => {}
                }
                if let Some(first) = pieces.insert(piece, i) {
                    out.push(Problem::new(
                        format!("{at}.piece"),
                        format!("piece {piece} also stands for machines[{first}]"),
                    ));
                }
            }
            if let (false, Err(e)) = (m.passengers.is_empty(), m.hold()) {
                out.push(Problem::new(format!("{at}.passengers"), e.to_string()).rule("Transport"));
            }
        }
        for (piece, stats) in &self.figures {
            let at = format!("figures[{piece}]");
            if let Err(e) = stats.check() {
                out.push(Problem::new(&at, e.to_string()));
            }
            if table.piece(*piece).is_none() {
                out.push(Problem::new(
                    &at,
                    format!("piece {piece} is not on the table"),
                ));
            }
        }
        for piece in &self.dead {
            if table.piece(*piece).is_none() {
                out.push(Problem::new(
                    format!("dead[{piece}]"),
                    format!("piece {piece} is not on the table"),
                ));
            }
            if self.machine_on(*piece).is_some() {
                out.push(Problem::new(
                    format!("dead[{piece}]"),
                    format!("piece {piece} stands for a machine, not a figure"),
                ));
            }
        }
        let mut resolution_ids: BTreeMap<Id, usize> = BTreeMap::new();
        for (i, r) in self.resolutions.iter().enumerate() {
            let at = format!("resolutions[{i}]");
            if let Some(first) = resolution_ids.insert(r.id(), i) {
                out.push(Problem::new(
                    format!("{at}.id"),
                    format!("id {} is also resolutions[{first}]'s", r.id()),
                ));
            }
            for m in r.kind().machines() {
                if self.machine(m).is_none() {
                    out.push(Problem::new(&at, format!("machine {m} does not exist")));
                }
            }
            if let ConfrontationKind::Shot(s) = r.kind() {
                if let Some(p) = point_problem(&format!("{at}.shooter"), s.shooter) {
                    out.push(p);
                }
                for (j, model) in s.models.iter().enumerate() {
                    if let Some(p) = point_problem(&format!("{at}.models[{j}]"), model.center) {
                        out.push(p);
                    }
                }
            }
        }
        out
    }
}
