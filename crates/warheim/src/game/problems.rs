//! Every impossible state of a saved game (issue #28): bounds from the
//! rules and from the rosters the state refers to, every cross-reference
//! resolved, every id unique, each with the path of the field and the
//! rule.

use std::collections::{BTreeMap, BTreeSet};

use feldherr_play::{Id, Problem};
use feldherr_table::Table;

use super::{Warheim, WarheimKind};
use crate::activation::{Activation, ReactionDecl, Slot};
use crate::model_type::{Discipline, ModelType};
use crate::turn::Turn;
use crate::{Roster, WarheimError};

/// Most turns a game may have played.
pub const MAX_TURNS: u32 = 1_000;

fn problem(path: impl Into<String>, message: impl Into<String>, rule: &str) -> Problem {
    Problem::new(path, message).rule(rule)
}

/// The problem a roster's or fighter's check found, at `prefix`.
fn from_error(prefix: &str, e: &WarheimError) -> Problem {
    let path = match e {
        WarheimError::Fighter { field, .. }
        | WarheimError::Roster { field, .. }
        | WarheimError::Invalid { field, .. } => format!("{prefix}.{field}"),
        WarheimError::Dice(_) => prefix.to_owned(),
    };
    Problem::new(path, e.to_string()).rule("H6")
}

impl Warheim {
    /// Everything impossible in the game against `table`.
    pub(crate) fn all_problems(&self, table: &Table) -> Vec<Problem> {
        let mut out = Vec::new();
        let players = self.rosters.len();
        if !(2..=3).contains(&players) {
            out.push(problem(
                "rosters",
                format!("{players} players; Warheim is for 2 or 3"),
                "H5",
            ));
        }
        let mut owner: BTreeMap<Id, usize> = BTreeMap::new();
        for (p, r) in self.rosters.iter().enumerate() {
            self.roster_problems(p, r, &mut owner, &mut out);
        }
        if let Some(Some(w)) = self.result
            && w >= players
        {
            out.push(problem(
                "result",
                format!("winner {} of {players} players", w + 1),
                "H5",
            ));
        }
        if self.turns_played > MAX_TURNS {
            out.push(problem(
                "turns_played",
                format!("{} turns; at most {MAX_TURNS}", self.turns_played),
                "H5",
            ));
        }
        if let Some(turn) = &self.turn {
            self.turn_problems(turn, &owner, &mut out);
        }
        self.table_problems(table, &owner, &mut out);
        self.resolution_problems(&owner, &mut out);
        out
    }

    fn roster_problems(
        &self,
        p: usize,
        r: &Roster,
        owner: &mut BTreeMap<Id, usize>,
        out: &mut Vec<Problem>,
    ) {
        let path = format!("rosters[{p}]");
        for (i, f) in r.fighters.iter().enumerate() {
            let fpath = format!("{path}.fighters[{i}]");
            if let Err(e) = f.check() {
                out.push(from_error(&fpath, &e));
            }
            if let Some(&q) = owner.get(&f.id) {
                out.push(problem(
                    format!("{fpath}.id"),
                    format!("{}: id {} is used by player {} too", f.name, f.id, q + 1),
                    "H5",
                ));
            } else {
                owner.insert(f.id, p);
            }
        }
        if let Err(e) = r.check() {
            let dup = matches!(&e, WarheimError::Fighter { .. });
            // The fighters' own problems are listed above.
            if !dup || !r.fighters.iter().any(|f| f.check().is_err()) {
                out.push(from_error(&path, &e));
            }
        }
        if r.commander.is_none() && !r.commander_lost {
            out.push(problem(
                format!("{path}.commander"),
                "no commander appointed",
                "H5",
            ));
        }
        for f in r.ungrouped() {
            out.push(problem(
                format!("{path}.groups"),
                format!("{} is in no group", f.name),
                "H5",
            ));
        }
        for (i, id) in r.broken.iter().enumerate() {
            if r.fighter(*id).is_none() {
                out.push(problem(
                    format!("{path}.broken[{i}]"),
                    format!("fighter {id} is not in this roster"),
                    "PH7",
                ));
            }
        }
        if !r.broken.is_empty() && !r.commander_lost {
            out.push(problem(
                format!("{path}.broken"),
                "groups are broken only by the loss of the commander",
                "PH7",
            ));
        }
        if r.commander_revealed && r.commander.is_none() {
            out.push(problem(
                format!("{path}.commander_revealed"),
                "no commander to reveal",
                "H5",
            ));
        }
    }

    fn turn_problems(&self, turn: &Turn, owner: &BTreeMap<Id, usize>, out: &mut Vec<Problem>) {
        let players = self.rosters.len();
        let expected = self.turns_played.checked_add(1);
        if Some(turn.number) != expected {
            out.push(problem(
                "turn.number",
                format!(
                    "turn {} after {} turns played",
                    turn.number, self.turns_played
                ),
                "H5",
            ));
        }
        if turn.chooser >= players {
            out.push(problem(
                "turn.chooser",
                format!("player {} of {players}", turn.chooser + 1),
                "H5",
            ));
        }
        if let Some(a) = turn.active {
            match turn.groups.get(a) {
                None => out.push(problem(
                    "turn.active",
                    format!("group {a} of {}", turn.groups.len()),
                    "H5",
                )),
                Some(g) if g.player != turn.chooser => out.push(problem(
                    "turn.active",
                    format!("group {a} is player {}'s, not the chooser's", g.player + 1),
                    "H5",
                )),
                Some(_) => {}
            }
        }
        let mut seen: BTreeSet<Id> = BTreeSet::new();
        for (i, g) in turn.groups.iter().enumerate() {
            let path = format!("turn.groups[{i}]");
            let Some(r) = self.rosters.get(g.player) else {
                out.push(problem(
                    format!("{path}.player"),
                    format!("player {} of {players}", g.player + 1),
                    "H5",
                ));
                continue;
            };
            if let Some(gid) = g.group
                && !r.groups.iter().any(|x| x.id == gid)
            {
                out.push(problem(
                    format!("{path}.group"),
                    format!("{} has no group {gid}", r.player),
                    "H5",
                ));
            }
            if g.fighters.is_empty() {
                out.push(problem(format!("{path}.fighters"), "no fighter", "H5"));
            }
            for (k, id) in g.fighters.iter().enumerate() {
                if owner.get(id) != Some(&g.player) {
                    out.push(problem(
                        format!("{path}.fighters[{k}]"),
                        format!("fighter {id} is not {}'s", r.player),
                        "H5",
                    ));
                }
                if !seen.insert(*id) && !turn.joined.contains(id) {
                    out.push(problem(
                        format!("{path}.fighters[{k}]"),
                        format!("{} is in two groups this turn", self.name_of_fighter(*id)),
                        "H5",
                    ));
                }
            }
            let joined = g
                .fighters
                .iter()
                .filter(|id| turn.joined.contains(id))
                .count();
            let warband = usize::from(
                g.fighters.len() >= 2
                    && g.fighters
                        .iter()
                        .all(|id| r.fighter(*id).is_some_and(|f| f.is(ModelType::Warband))),
            );
            let most = g.fighters.len() + warband + joined;
            if usize::try_from(g.pool).unwrap_or(usize::MAX) > most {
                out.push(problem(
                    format!("{path}.pool"),
                    format!("{} activations for {} fighter(s)", g.pool, g.fighters.len()),
                    "H5",
                ));
            }
            for (k, id) in g.own.iter().enumerate() {
                let undisciplined = r.discipline_of(*id) == Discipline::Undisciplined;
                if !g.fighters.contains(id) || !undisciplined {
                    out.push(problem(
                        format!("{path}.own[{k}]"),
                        format!(
                            "{} keeps no activation of his own here",
                            self.name_of_fighter(*id)
                        ),
                        "H5",
                    ));
                }
            }
            let has_commander = r.commander.is_some_and(|c| g.fighters.contains(&c));
            if g.commander_extra && !has_commander {
                out.push(problem(
                    format!("{path}.commander_extra"),
                    "the commander is not in this group",
                    "H5",
                ));
            }
        }
        for (i, id) in turn.joined.iter().enumerate() {
            let solo = crate::attack_order::find(&self.rosters, *id)
                .is_ok_and(|(_, f)| f.is(ModelType::Solo));
            if !solo {
                out.push(problem(
                    format!("turn.joined[{i}]"),
                    format!("fighter {id} is no Solo"),
                    "H5",
                ));
            }
        }
        if let Some(a) = &turn.activation {
            self.activation_problems(turn, a, owner, out);
        }
    }

    fn activation_problems(
        &self,
        turn: &Turn,
        a: &Activation,
        owner: &BTreeMap<Id, usize>,
        out: &mut Vec<Problem>,
    ) {
        let p = "turn.activation";
        let name = |id: &Id| self.name_of_fighter(*id);
        if owner.get(&a.fighter) != Some(&a.player) {
            out.push(problem(
                format!("{p}.fighter"),
                format!("fighter {} is not player {}'s", a.fighter, a.player + 1),
                "PH26",
            ));
        }
        let group = turn.active.and_then(|i| turn.groups.get(i));
        let in_group = |id: &Id| group.is_some_and(|g| g.fighters.contains(id));
        if !in_group(&a.fighter) {
            out.push(problem(
                format!("{p}.fighter"),
                format!("{} is not in the acting group", name(&a.fighter)),
                "PH26",
            ));
        }
        for (i, id) in a.squad.iter().enumerate() {
            if !in_group(id) {
                out.push(problem(
                    format!("{p}.squad[{i}]"),
                    format!("{} is not in the acting group", name(id)),
                    "PH26",
                ));
            }
        }
        let actors = a.actors();
        for (i, s) in a.sightings.iter().enumerate() {
            match owner.get(&s.fighter) {
                Some(q) if *q != a.player => {}
                _ => out.push(problem(
                    format!("{p}.sightings[{i}].fighter"),
                    format!("fighter {} is no enemy of the active player", s.fighter),
                    "PH26",
                )),
            }
            if s.saw.is_empty() || s.saw.iter().any(|x| !actors.contains(x)) {
                out.push(problem(
                    format!("{p}.sightings[{i}].saw"),
                    "he saw models that are not acting",
                    "PH26",
                ));
            }
        }
        let seers = a.seers();
        let mut reacted = BTreeSet::new();
        for (i, r) in a.reactions.iter().enumerate() {
            if !seers.contains(&r.fighter) || !reacted.insert(r.fighter) {
                out.push(problem(
                    format!("{p}.reactions[{i}]"),
                    format!(
                        "{} did not see the active model, or reacts twice",
                        name(&r.fighter)
                    ),
                    "PH26",
                ));
            }
            if let ReactionDecl::React { against, .. } = &r.decl
                && !actors.contains(against)
            {
                out.push(problem(
                    format!("{p}.reactions[{i}].against"),
                    format!("{} is not acting", name(against)),
                    "PH26",
                ));
            }
        }
        for (i, m) in a.moves.iter().enumerate() {
            if !actors.contains(&m.fighter) {
                out.push(problem(
                    format!("{p}.moves[{i}].fighter"),
                    format!("{} is not acting", name(&m.fighter)),
                    "PH26",
                ));
            }
            if !(m.length.is_finite() && m.allowance.is_finite() && m.length >= 0.0) {
                out.push(problem(
                    format!("{p}.moves[{i}]"),
                    "a length that is no number",
                    "PH24",
                ));
            }
            // What taking the move back needs: where he stood, how high,
            // facing where; one move per declared action (PH26).
            if m.path.is_empty() {
                out.push(problem(
                    format!("{p}.moves[{i}].path"),
                    format!("the move of {} has no start", name(&m.fighter)),
                    "PH26",
                ));
            }
            if m.from_facing.is_some_and(|f| !f.is_finite())
                || !(m.from_elevation.is_finite()
                    && (0.0..=super::table::MAX_TERRAIN_HEIGHT).contains(&m.from_elevation))
            {
                out.push(problem(
                    format!("{p}.moves[{i}]"),
                    format!(
                        "the move of {} started at an impossible facing or height",
                        name(&m.fighter)
                    ),
                    "PH26",
                ));
            }
            if a.moves[..i]
                .iter()
                .any(|o| o.fighter == m.fighter && o.slot == m.slot)
            {
                out.push(problem(
                    format!("{p}.moves[{i}]"),
                    format!("{} moved twice for one action", name(&m.fighter)),
                    "PH26",
                ));
            }
        }
        // The ordered model's weapon, spell and ability are his own (line
        // 203), as the declaration checked them.
        if let Some(o) = a.first.as_ref().and_then(|d| d.ordered.as_ref())
            && let Some(f) = self.rosters.iter().find_map(|r| r.fighter(o.fighter))
        {
            let q = format!("{p}.first.ordered");
            if o.weapon.is_some_and(|w| w >= f.weapons.len()) {
                out.push(problem(
                    format!("{q}.weapon"),
                    format!("{} has no such weapon", f.name),
                    "PH26",
                ));
            }
            if o.spell.is_some_and(|s| s >= f.spells.len()) {
                out.push(problem(
                    format!("{q}.spell"),
                    format!("{} has no such spell", f.name),
                    "PH26",
                ));
            }
        }
        let abilities = [
            a.first.as_ref().and_then(|d| d.ability.as_ref()),
            a.second.as_ref().and_then(|d| d.ability.as_ref()),
            a.first
                .as_ref()
                .and_then(|d| d.ordered.as_ref())
                .and_then(|o| o.ability.as_ref()),
        ];
        for ability in abilities.into_iter().flatten() {
            if ability.trim().is_empty() || ability.chars().count() > super::actions::MAX_ABILITY {
                out.push(problem(
                    format!("{p}.ability"),
                    format!(
                        "an ability's name has 1 to {} characters",
                        super::actions::MAX_ABILITY
                    ),
                    "PH26",
                ));
            }
        }
        for (i, s) in a.used.iter().enumerate() {
            let ok = match s {
                Slot::First => a.first.is_some(),
                Slot::Second => a.second.is_some(),
                Slot::Ordered => a.first.as_ref().is_some_and(|d| d.ordered.is_some()),
                Slot::Squad(id, _) => a.squad.contains(id),
                Slot::Reaction(id) => {
                    matches!(a.reaction_of(*id), Some(ReactionDecl::React { .. }))
                }
            };
            if !ok {
                out.push(problem(
                    format!("{p}.used[{i}]"),
                    "an action that was not declared",
                    "PH26",
                ));
            }
        }
        for (i, id) in a.resolutions.iter().enumerate() {
            if !self.resolutions.iter().any(|r| r.id() == *id) {
                out.push(problem(
                    format!("{p}.resolutions[{i}]"),
                    format!("no resolution {id}"),
                    "PH27",
                ));
            }
        }
        if a.second.is_some() && a.first.is_none() {
            out.push(problem(
                format!("{p}.second"),
                "a second action without a first",
                "PH26",
            ));
        }
    }

    fn table_problems(&self, table: &Table, owner: &BTreeMap<Id, usize>, out: &mut Vec<Problem>) {
        let mut pieces: BTreeMap<u64, Id> = BTreeMap::new();
        for (fighter, piece) in &self.pieces {
            let path = format!("pieces[{}]", fighter.0);
            if !owner.contains_key(fighter) {
                out.push(problem(
                    path.clone(),
                    format!("no fighter {fighter}"),
                    "PH12",
                ));
            }
            match table.piece(*piece) {
                None => out.push(problem(
                    path.clone(),
                    format!("no piece {piece} on the table"),
                    "PH12",
                )),
                Some(p) if p.layer != feldherr_table::Layer::Model => out.push(problem(
                    path.clone(),
                    format!("piece {} is no model", p.name),
                    "PH12",
                )),
                Some(_) => {}
            }
            if let Some(other) = pieces.insert(*piece, *fighter) {
                out.push(problem(
                    path,
                    format!("piece {piece} is fighter {other}'s too"),
                    "PH12",
                ));
            }
        }
        for (fighter, e) in &self.elevations {
            let path = format!("elevations[{}]", fighter.0);
            if !owner.contains_key(fighter) {
                out.push(problem(
                    path.clone(),
                    format!("no fighter {fighter}"),
                    "PH20",
                ));
            }
            if !(e.is_finite() && (0.0..=super::table::MAX_TERRAIN_HEIGHT).contains(e)) {
                out.push(problem(path, format!("{e} in; 0 to 40"), "PH20"));
            }
        }
        for (piece, h) in &self.heights {
            let path = format!("heights[{piece}]");
            if table.piece(*piece).is_none() || pieces.contains_key(piece) {
                out.push(problem(
                    path.clone(),
                    format!("no terrain piece {piece} on the table"),
                    "PH20",
                ));
            }
            if !(h.is_finite() && (0.0..=super::table::MAX_TERRAIN_HEIGHT).contains(h)) {
                out.push(problem(path, format!("{h} in; 0 to 40"), "PH20"));
            }
        }
    }

    fn resolution_problems(&self, owner: &BTreeMap<Id, usize>, out: &mut Vec<Problem>) {
        let mut ids = BTreeSet::new();
        for (i, r) in self.resolutions.iter().enumerate() {
            let path = format!("resolutions[{i}]");
            if !ids.insert(r.id()) {
                out.push(problem(
                    format!("{path}.id"),
                    format!("id {} is used twice", r.id()),
                    "PH8",
                ));
            }
            for id in fighters_of(r.kind()) {
                if !owner.contains_key(&id) {
                    out.push(problem(
                        format!("{path}.resolver"),
                        format!("no fighter {id}"),
                        "PH8",
                    ));
                }
            }
        }
    }
}

/// The fighters a saved resolution names.
fn fighters_of(kind: &WarheimKind) -> Vec<Id> {
    let attack = |s: &crate::AttackSpec| -> Vec<Id> {
        std::iter::once(s.attacker.id)
            .chain(s.targets.iter().map(|t| t.target.id))
            .chain(s.impact.iter().map(|i| i.target))
            .collect()
    };
    match kind {
        WarheimKind::Attack(s) => attack(s),
        WarheimKind::Morale(s) => vec![s.fighter],
        WarheimKind::Cast(s) => std::iter::once(s.caster)
            .chain(s.counter.iter().map(|c| c.fighter))
            .chain(s.effect.iter().flat_map(attack))
            .collect(),
        WarheimKind::Test(s) => {
            let mut v = vec![s.fighter];
            match &s.kind {
                crate::test_roll::TestKind::Spot { target, .. }
                | crate::test_roll::TestKind::Throw { target, .. } => v.push(*target),
                crate::test_roll::TestKind::Special { .. } => {}
            }
            v
        }
        WarheimKind::Fall(s) => vec![s.fighter.id],
        WarheimKind::Reveal(s) => std::iter::once(s.spot.fighter)
            .chain(attack(&s.shot))
            .collect(),
    }
}
