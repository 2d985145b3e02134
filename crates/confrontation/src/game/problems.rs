//! Everything wrong with a game against its table: every cross reference,
//! every id, every bound an edit enforces and every state that contradicts
//! a card, with the path of the field and the rule.

use std::collections::{BTreeMap, BTreeSet};

use feldherr_play::{Game, Id, Problem};
use feldherr_table::geometry::Point;
use feldherr_table::{Layer, Table};

use super::crew_marker::MarkerKind;
use super::edit::{MAX_CREW, MAX_MACHINES, MAX_RESOLUTIONS};
use super::round::MAX_ROUNDS;
use super::side::{MAX_NAME_CHARS, MAX_SIDES};
use super::{ConfrontationGame, ConfrontationKind, Phase, RoundCheck, Subject};
use crate::crew::Role;
use crate::{CrewAbility, WoundLevel};

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

/// Notes `id` at `at`, or a problem if it was seen before.
fn unique<K: Ord + Copy + std::fmt::Display>(
    seen: &mut BTreeMap<K, String>,
    id: K,
    at: &str,
    out: &mut Vec<Problem>,
) {
    if let Some(first) = seen.get(&id) {
        out.push(Problem::new(
            format!("{at}.id"),
            format!("id {id} is also {first}'s"),
        ));
    } else {
        seen.insert(id, at.to_owned());
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
        if let Err(e) = self.settings.check() {
            out.push(Problem::new("settings", e.to_string()));
        }
        self.side_problems(&mut out);
        self.round_problems(&mut out);
        self.machine_problems(table, &mut out);
        self.crew_problems(table, &mut out);
        self.figure_problems(table, &mut out);
        self.marker_problems(table, &mut out);
        self.resolution_problems(&mut out);
        out
    }

    fn side_exists(&self, side: Id) -> bool {
        self.side(side).is_some()
    }

    fn side_problems(&self, out: &mut Vec<Problem>) {
        if self.sides.len() < 2 {
            out.push(Problem::new(
                "sides",
                format!("{} side(s): a game has at least two", self.sides.len()),
            ));
        }
        if self.sides.len() > MAX_SIDES {
            out.push(Problem::new(
                "sides",
                format!("{} sides: at most {MAX_SIDES}", self.sides.len()),
            ));
        }
        let mut ids = BTreeMap::new();
        let mut names = BTreeSet::new();
        for (i, s) in self.sides.iter().enumerate() {
            let at = format!("sides[{i}]");
            unique(&mut ids, s.id, &at, out);
            if s.name.trim().is_empty() || s.name.chars().count() > MAX_NAME_CHARS {
                out.push(Problem::new(
                    format!("{at}.name"),
                    format!(
                        "\"{}\": a side's name has 1 to {MAX_NAME_CHARS} characters",
                        s.name
                    ),
                ));
            }
            if !names.insert(s.name.clone()) {
                out.push(Problem::new(
                    format!("{at}.name"),
                    format!("\"{}\": another side has this name", s.name),
                ));
            }
        }
    }

    fn round_problems(&self, out: &mut Vec<Problem>) {
        let r = &self.round;
        if r.number > MAX_ROUNDS {
            out.push(Problem::new(
                "round.number",
                format!("round {}: at most {MAX_ROUNDS}", r.number),
            ));
        }
        if (r.number == 0) != (r.phase == Phase::Deployment) {
            out.push(
                Problem::new(
                    "round.phase",
                    format!(
                        "round {} in phase {:?}: deployment is round 0 and round 0 is deployment",
                        r.number, r.phase
                    ),
                )
                .rule("PC2"),
            );
        }
        let mut seen = BTreeSet::new();
        for (i, a) in r.activated.iter().enumerate() {
            let at = format!("round.activated[{i}]");
            match self.machine(a.machine) {
                None => out.push(Problem::new(
                    format!("{at}.machine"),
                    format!("machine {} does not exist", a.machine),
                )),
                Some(m) if m.side != a.side && m.held_by != Some(a.side) => out.push(
                    Problem::new(
                        format!("{at}.side"),
                        format!(
                            "{} neither fielded nor holds {}",
                            self.side_name(a.side),
                            m.name()
                        ),
                    )
                    .rule("PC14"),
                ),
                Some(_) => {}
            }
            if !self.side_exists(a.side) {
                out.push(Problem::new(
                    format!("{at}.side"),
                    format!("side {} does not exist", a.side),
                ));
            }
            if !seen.insert(*a) {
                out.push(Problem::new(at, "the same card activated twice this round").rule("PC14"));
            }
        }
        if let Some(a) = r.active {
            if r.phase != Phase::Movement {
                out.push(
                    Problem::new(
                        "round.active",
                        "a card is being activated outside the movement phase",
                    )
                    .rule("PC2"),
                );
            }
            if !r.activated.contains(&a) {
                out.push(Problem::new(
                    "round.active",
                    "the card being activated is not among this round's activations",
                ));
            }
        }
        for (i, c) in r.checked.iter().enumerate() {
            let at = format!("round.checked[{i}]");
            let ok = match c {
                RoundCheck::TotalFailure(id) | RoundCheck::Instabil(Subject::Machine(id)) => {
                    self.machine(*id).is_some()
                }
                RoundCheck::Instabil(Subject::Crew(id)) => self.crew_figure(*id).is_some(),
                RoundCheck::Instabil(Subject::Figure(p)) => self.figures.contains_key(p),
            };
            if !ok {
                out.push(Problem::new(at, format!("{c:?} refers to nothing")));
            }
        }
        for (piece, f) in &r.figures {
            let at = format!("round.figures[{piece}]");
            if !self.figures.contains_key(piece) {
                out.push(Problem::new(&at, format!("figure {piece} has no values")));
            }
            if let Some(feint) = &f.feint
                && !self.figures.contains_key(&feint.opponent)
                && self.machine_on(feint.opponent).is_none()
            {
                out.push(Problem::new(
                    format!("{at}.feint.opponent"),
                    format!("piece {} is no model of the game", feint.opponent),
                ));
            }
            if f.extra_dice > 1 && self.figures.get(piece).is_some_and(|s| !s.character) {
                out.push(
                    Problem::new(
                        format!("{at}.extra_dice"),
                        format!("{}: a non-character buys at most one", f.extra_dice),
                    )
                    .rule("Schlagabfolge"),
                );
            }
        }
    }

    fn machine_problems(&self, table: &Table, out: &mut Vec<Problem>) {
        if self.machines.len() > MAX_MACHINES {
            out.push(Problem::new(
                "machines",
                format!("{} machines: at most {MAX_MACHINES}", self.machines.len()),
            ));
        }
        let mut ids = BTreeMap::new();
        let mut pieces: BTreeMap<u64, usize> = BTreeMap::new();
        for (i, m) in self.machines.iter().enumerate() {
            let at = format!("machines[{i}]");
            unique(&mut ids, m.id, &at, out);
            let name = m.name();
            if let Err(e) = m.check_state(&m.state) {
                out.push(Problem::new(format!("{at}.state"), format!("{name}: {e}")));
            }
            if !m.carried()
                && m.card.sp() > 0
                && m.state.sp_lost == m.card.sp()
                && !m.state.destroyed
            {
                out.push(
                    Problem::new(
                        format!("{at}.state.destroyed"),
                        format!("{name}: no SP left but not destroyed"),
                    )
                    .rule("C1"),
                );
            }
            for (j, sp) in m.sp_history.iter().enumerate() {
                if *sp > m.card.sp() {
                    out.push(Problem::new(
                        format!("{at}.sp_history[{j}]"),
                        format!("{sp} SP: {name} has {}", m.card.sp()),
                    ));
                }
            }
            if !self.side_exists(m.side) {
                out.push(Problem::new(
                    format!("{at}.side"),
                    format!("{name}: side {} does not exist", m.side),
                ));
            }
            if let Some(h) = m.held_by {
                if !self.side_exists(h) {
                    out.push(Problem::new(
                        format!("{at}.held_by"),
                        format!("{name}: captured by side {h}, which does not exist"),
                    ));
                }
                if h == m.side {
                    out.push(Problem::new(
                        format!("{at}.held_by"),
                        format!("{name}: held by its own side; held_by names a captor"),
                    ));
                }
                if m.card.spec().bes.is_none() {
                    out.push(
                        Problem::new(
                            format!("{at}.held_by"),
                            format!("{name}: no BES on its card, it cannot be captured"),
                        )
                        .rule("PC9"),
                    );
                }
            }
            if let Some(limit) = m.contact_limit
                && !(1..=99).contains(&limit)
            {
                out.push(Problem::new(
                    format!("{at}.contact_limit"),
                    format!("{limit}: 1 to 99 figures may touch a machine"),
                ));
            }
            if let Some(piece) = m.piece {
                match table.piece(piece) {
                    None => out.push(Problem::new(
                        format!("{at}.piece"),
                        format!("{name}: piece {piece} is not on the table"),
                    )),
                    Some(p) if p.layer != Layer::Model => out.push(Problem::new(
                        format!("{at}.piece"),
                        format!("{name}: piece {piece} ({}) is not a model", p.name),
                    )),
                    Some(_) => {}
                }
                if m.carried() {
                    match self.figures.get(&piece) {
                        None => out.push(
                            Problem::new(
                                format!("{at}.piece"),
                                format!(
                                    "{name} is carried by its owner: piece {piece} must be a figure with values"
                                ),
                            )
                            .rule("PC4"),
                        ),
                        Some(f) if f.side != m.side => out.push(
                            Problem::new(
                                format!("{at}.side"),
                                format!("{name}: its owner on piece {piece} fights for another side"),
                            )
                            .rule("PC4"),
                        ),
                        Some(_) => {}
                    }
                    if self.dead.contains(&piece) != m.state.destroyed {
                        out.push(
                            Problem::new(
                                format!("{at}.state.destroyed"),
                                format!("{name} is destroyed exactly when its owner is eliminated"),
                            )
                            .rule("PC4"),
                        );
                    }
                } else {
                    if let Some(first) = pieces.insert(piece, i) {
                        out.push(Problem::new(
                            format!("{at}.piece"),
                            format!("piece {piece} also stands for machines[{first}]"),
                        ));
                    }
                    if self.figures.contains_key(&piece) {
                        out.push(Problem::new(
                            format!("figures[{piece}]"),
                            format!("piece {piece} stands for {name}, not a figure"),
                        ));
                    }
                }
            } else if m.carried() && m.state.destroyed {
                // Without its owner on the table nobody can tell; fine.
            }
            if let (false, Err(e)) = (m.passengers.is_empty(), m.hold()) {
                out.push(
                    Problem::new(format!("{at}.passengers"), format!("{name}: {e}"))
                        .rule("Transport"),
                );
            }
        }
    }

    fn crew_problems(&self, table: &Table, out: &mut Vec<Problem>) {
        if self.crew.len() > MAX_CREW {
            out.push(Problem::new(
                "crew",
                format!("{} crew figures: at most {MAX_CREW}", self.crew.len()),
            ));
        }
        let mut ids = BTreeMap::new();
        let mut pieces: BTreeMap<u64, usize> = BTreeMap::new();
        let mut slots: BTreeMap<(Id, usize), usize> = BTreeMap::new();
        for (i, c) in self.crew.iter().enumerate() {
            let at = format!("crew[{i}]");
            unique(&mut ids, c.id, &at, out);
            let who = c.name();
            if !self.side_exists(c.side) {
                out.push(Problem::new(
                    format!("{at}.side"),
                    format!("{who}: side {} does not exist", c.side),
                ));
            }
            let Some(m) = self.machine(c.machine) else {
                out.push(Problem::new(
                    format!("{at}.machine"),
                    format!("{who}: machine {} does not exist", c.machine),
                ));
                continue;
            };
            if c.card.bew == 0 && c.role == Role::Crew {
                out.push(Problem::new(
                    format!("{at}.card.bew"),
                    format!("{who}: crew have a BEW of 1 or more"),
                ));
            }
            if let Some(o) = c.origin {
                match self.machine(o.machine) {
                    None => out.push(Problem::new(
                        format!("{at}.origin.machine"),
                        format!("{who}: machine {} does not exist", o.machine),
                    )),
                    Some(om) if o.slot >= om.card.spec().crew.len() => out.push(Problem::new(
                        format!("{at}.origin.slot"),
                        format!(
                            "{who}: {} lists {} crew figure(s)",
                            om.name(),
                            om.card.spec().crew.len()
                        ),
                    )),
                    Some(_) => {}
                }
                if let Some(first) = slots.insert((o.machine, o.slot), i) {
                    out.push(Problem::new(
                        format!("{at}.origin"),
                        format!("{who}: crew[{first}] came with the same card entry"),
                    ));
                }
                if c.role != Role::Crew {
                    out.push(Problem::new(
                        format!("{at}.role"),
                        format!("{who}: supplied with a machine, so crew, not an auxiliary"),
                    ));
                }
            }
            match c.role {
                Role::Auxiliary => {
                    if m.card.is_mobile() {
                        out.push(
                            Problem::new(
                                format!("{at}.role"),
                                format!("{who}: {} is mobile and has no auxiliaries", m.name()),
                            )
                            .rule("Hilfspersonal"),
                        );
                    }
                    if !c.dead && c.side != m.controller() {
                        out.push(
                            Problem::new(
                                format!("{at}.side"),
                                format!(
                                    "{who}: an auxiliary of {}, which {} does not hold",
                                    m.name(),
                                    self.side_name(c.side)
                                ),
                            )
                            .rule("Übernahme"),
                        );
                    }
                    let (fer, dis) = c
                        .piece
                        .and_then(|p| self.figures.get(&p))
                        .map_or((c.card.fer, c.card.dis), |f| (f.fer, f.dis));
                    if let Some(req) = m.card.spec().auxiliary
                        && !req.met_by(fer, dis)
                    {
                        out.push(
                            Problem::new(
                                at.clone(),
                                format!(
                                    "{who} does not meet {}'s requirement for auxiliaries",
                                    m.name()
                                ),
                            )
                            .rule("Hilfspersonal"),
                        );
                    }
                }
                Role::Crew => {
                    if c.side != m.side && c.side != m.controller() {
                        out.push(Problem::new(
                            format!("{at}.side"),
                            format!(
                                "{who}: crew of {} fight for its side or its captor",
                                m.name()
                            ),
                        ));
                    }
                }
            }
            if c.piece.is_none() && (c.wound == WoundLevel::Killed) != c.dead {
                out.push(Problem::new(
                    format!("{at}.wound"),
                    format!("{who}: SOFORT TOT exactly when dead"),
                ));
            }
            if let Some(p) = c.piece {
                match table.piece(p) {
                    None => out.push(Problem::new(
                        format!("{at}.piece"),
                        format!("{who}: piece {p} is not on the table"),
                    )),
                    Some(found) if found.layer != Layer::Model => out.push(Problem::new(
                        format!("{at}.piece"),
                        format!("{who}: piece {p} ({}) is not a model", found.name),
                    )),
                    Some(_) => {}
                }
                if let Some(first) = pieces.insert(p, i) {
                    out.push(Problem::new(
                        format!("{at}.piece"),
                        format!("{who}: piece {p} is also crew[{first}]"),
                    ));
                }
                if self.machine_on(p).is_some() {
                    out.push(Problem::new(
                        format!("{at}.piece"),
                        format!("{who}: piece {p} stands for a machine"),
                    ));
                }
                match self.figures.get(&p) {
                    None => out.push(Problem::new(
                        format!("{at}.piece"),
                        format!("{who}: its figure (piece {p}) has no values"),
                    )),
                    Some(f) if f.side != c.side => out.push(Problem::new(
                        format!("{at}.side"),
                        format!("{who}: its figure (piece {p}) fights for another side"),
                    )),
                    Some(_) => {}
                }
                if self.dead.contains(&p) != c.dead {
                    out.push(Problem::new(
                        format!("{at}.dead"),
                        format!("{who}: dead exactly when its figure (piece {p}) is"),
                    ));
                }
            }
        }
    }

    fn figure_problems(&self, table: &Table, out: &mut Vec<Problem>) {
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
            if !self.side_exists(stats.side) {
                out.push(Problem::new(
                    format!("{at}.side"),
                    format!("side {} does not exist", stats.side),
                ));
            }
        }
        for (piece, wound) in &self.wounds {
            let at = format!("wounds[{piece}]");
            if !self.figures.contains_key(piece) {
                out.push(Problem::new(&at, format!("figure {piece} has no values")));
            }
            if matches!(wound, WoundLevel::None | WoundLevel::Killed) {
                out.push(Problem::new(
                    &at,
                    format!("{wound:?}: the unhurt are not listed, the killed are dead"),
                ));
            }
            if self.dead.contains(piece) {
                out.push(Problem::new(&at, "a dead figure keeps no wound"));
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
    }

    fn marker_problems(&self, table: &Table, out: &mut Vec<Problem>) {
        for (piece, m) in &self.markers {
            let at = format!("markers[{piece}]");
            match table.piece(*piece) {
                None => out.push(Problem::new(
                    &at,
                    format!("piece {piece} is not on the table"),
                )),
                Some(p) if p.kind != m.kind.piece_kind() => out.push(Problem::new(
                    format!("{at}.kind"),
                    format!("piece {piece} ({}) is no {}", p.name, m.kind.piece_kind()),
                )),
                Some(_) => {}
            }
            let Some(c) = self.crew_figure(m.crew) else {
                out.push(Problem::new(
                    format!("{at}.crew"),
                    format!("crew figure {} does not exist", m.crew),
                ));
                continue;
            };
            let ability = match m.kind {
                MarkerKind::Mine | MarkerKind::Decoy => c
                    .card
                    .abilities
                    .contains(&CrewAbility::Minenleger)
                    .then_some(0),
                MarkerKind::Barricade => c.card.abilities.iter().find_map(|a| match a {
                    CrewAbility::Pionier(x) => Some(*x),
                    _ => None,
                }),
            };
            match (m.kind, ability) {
                (_, None) => out.push(
                    Problem::new(
                        format!("{at}.crew"),
                        format!(
                            "{} has no ability to lay a {}",
                            c.name(),
                            m.kind.piece_kind()
                        ),
                    )
                    .rule("C10"),
                ),
                (MarkerKind::Barricade, Some(x)) if x != m.sp => out.push(
                    Problem::new(
                        format!("{at}.sp"),
                        format!("{} SP: {}'s barricades have {x}", m.sp, c.name()),
                    )
                    .rule("Pionier"),
                ),
                _ => {}
            }
            if m.sp_lost > m.sp {
                out.push(Problem::new(
                    format!("{at}.sp_lost"),
                    format!("{} SP lost of {}", m.sp_lost, m.sp),
                ));
            }
            if m.kind == MarkerKind::Barricade && m.spent {
                out.push(Problem::new(
                    format!("{at}.spent"),
                    "a barricade does not go off",
                ));
            }
            if m.kind != MarkerKind::Barricade && (m.sp != 0 || m.sp_lost != 0) {
                out.push(Problem::new(
                    format!("{at}.sp"),
                    "a mine or decoy has no SP",
                ));
            }
            if c.origin.is_none() {
                out.push(
                    Problem::new(
                        format!("{at}.crew"),
                        format!("{} was not crew at deployment", c.name()),
                    )
                    .rule("C10"),
                );
            }
        }
        let mut laid: BTreeMap<(Id, &str), u64> = BTreeMap::new();
        for (piece, m) in &self.markers {
            if let Some(first) = laid.insert((m.crew, m.kind.piece_kind()), *piece) {
                out.push(
                    Problem::new(
                        format!("markers[{piece}]"),
                        format!(
                            "the same crew figure laid {first} as its {} too",
                            m.kind.piece_kind()
                        ),
                    )
                    .rule("C10"),
                );
            }
        }
    }

    fn resolution_problems(&self, out: &mut Vec<Problem>) {
        if self.resolutions.len() > MAX_RESOLUTIONS {
            out.push(Problem::new(
                "resolutions",
                format!(
                    "{} resolutions: at most {MAX_RESOLUTIONS}",
                    self.resolutions.len()
                ),
            ));
        }
        let mut ids = BTreeMap::new();
        for (i, r) in self.resolutions.iter().enumerate() {
            let at = format!("resolutions[{i}]");
            unique(&mut ids, r.id(), &at, out);
            for m in r.kind().machines() {
                if self.machine(m).is_none() {
                    out.push(Problem::new(&at, format!("machine {m} does not exist")));
                }
            }
            let shot = match r.kind() {
                ConfrontationKind::Shot(s) => Some(s),
                ConfrontationKind::CounterFire(c) => Some(&c.shot),
                _ => None,
            };
            if let Some(s) = shot {
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
    }
}
