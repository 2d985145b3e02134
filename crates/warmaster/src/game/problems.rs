//! Everything wrong with a loaded game (issue 28).
//!
//! [`WarmasterGame::errors`] (what `Game::problems` reports) lists every
//! state the game's edits can never produce: bounds from the rules and
//! from the army, settings and clock the state refers to, every
//! cross-reference resolved, every id unique, every limit an edit
//! enforces. [`WarmasterGame::warnings`] lists what is allowed but worth
//! a word: the table's geometry (W1 distances on a table not built
//! alternately, W3 clearances, the terrain guideline), armies not ready
//! before the battle. Both lists are capped.

use std::collections::BTreeSet;

use feldherr_play::{Id, Problem};
use feldherr_table::geometry::{Point, Unit as LengthUnit, distance};
use feldherr_table::{Layer, Table};

use super::turns::length_need;
use super::*;
use crate::alternating::{MAX_PIECES, PASS_FROM};
use crate::battle::{EndReason, EpEntry};
use crate::clock::MAX_TIME_MS;
use crate::conquest::KING_EP_PER_ROUND;
use crate::problem_list::ProblemList;
use crate::terrain::{OBJECTIVE_KIND, TERRAIN_GUIDELINE, ZONE_KIND, warmaster_table_rules};
use crate::{EpSource, MarkerKind, Player, Scenario, SpecialRule};

/// Most EP lines a game holds (a bound, not a rule: a few per player
/// turn).
pub const MAX_EP_LINES: usize = 10_000;

/// The EP a line of `source` may give, as the rules score it.
fn ep_range(source: &EpSource, objectives: usize) -> (i32, i32) {
    match source {
        EpSource::Marker { doubled: true, .. } | EpSource::EnemyLine { .. } => (2, 2),
        // Take and Hold: 2 for the marker on the enemy side.
        EpSource::Marker { .. } | EpSource::Zone { .. } => (1, 2),
        EpSource::OwnLine
        | EpSource::Dominate { .. }
        | EpSource::Killbox { .. }
        | EpSource::ScorchedEarth { .. }
        | EpSource::KingSlain { .. }
        | EpSource::GeneralFought { .. } => (1, 1),
        EpSource::Hill { .. } => (1, 3),
        EpSource::Cap { .. } => {
            let most = i32::try_from(objectives.saturating_mul(2)).unwrap_or(i32::MAX);
            (-most, -1)
        }
        EpSource::KingCap { .. } => (-1, -1),
        EpSource::Withheld { .. } => (0, 0),
    }
}

impl WarmasterGame {
    /// Every impossible state with its JSON path and rule (capped at
    /// [`crate::MAX_PROBLEMS`]); empty when the game could have come from
    /// its edits. This is what `Game::problems` reports.
    #[must_use]
    pub fn errors(&self, table: &Table) -> Vec<Problem> {
        let mut out = ProblemList::default();
        self.setup_errors(&mut out);
        self.table_errors(table, &mut out);
        self.battle_errors(&mut out);
        self.clock_errors(&mut out);
        out.finish()
    }

    fn setup_errors(&self, out: &mut ProblemList) {
        if let Err(e) = self.settings.check() {
            out.push(Problem::new("settings", e.to_string()));
        }
        if let Some(terms) = &self.prescribed {
            if let Err(e) = terms.check() {
                out.push(Problem::new("prescribed", e.to_string()));
            }
            if !terms.kept_by(&self.settings) {
                out.push(
                    Problem::new(
                        "settings",
                        format!(
                            "the event prescribes {} points and its Guardians options; the settings have {} points",
                            terms.game_size, self.settings.game_size
                        ),
                    )
                    .rule("W11"),
                );
            }
        }
        for p in Player::BOTH {
            let i = p.index();
            let name = &self.player(p).name;
            let n = name.chars().count();
            if name.trim().is_empty() || n > crate::army::MAX_NAME {
                out.push(Problem::new(
                    format!("players[{i}].name"),
                    format!(
                        "\"{name}\": a name of 1 to {} characters",
                        crate::army::MAX_NAME
                    ),
                ));
            }
            out.extend(
                self.army(p)
                    .errors(&self.settings.options)
                    .into_iter()
                    .map(|x| self.army_problem(p, x)),
            );
            if self.battle.is_some() {
                // The battle begins only with ready armies.
                out.extend(
                    self.army(p)
                        .readiness(self.settings.game_size)
                        .into_iter()
                        .map(|x| self.army_problem(p, x)),
                );
            }
        }
        if self.players[0].name == self.players[1].name {
            out.push(Problem::new(
                "players[1].name",
                format!(
                    "both players are called {}; the report could not tell them apart",
                    self.players[1].name
                ),
            ));
        }
        if let Some(rule) = self.special_rule {
            match self.scenario {
                Some(s) if s.special_rules().contains(&Some(rule)) => {}
                Some(s) => out.push(
                    Problem::new(
                        "special_rule",
                        format!("{rule} is not on the special-rule table of {s}"),
                    )
                    .rule("W2"),
                ),
                None => out.push(
                    Problem::new("special_rule", format!("{rule} without a scenario")).rule("W2"),
                ),
            }
        }
        if self.south.is_some() && self.starting_player.is_none() {
            out.push(Problem::new(
                "south",
                "the sides are chosen by the starting player, and there is none",
            ));
        }
        if let Some(a) = &self.alternating {
            self.alternating_errors(a, out);
        }
        let mut resolution_ids = BTreeSet::new();
        if self.resolutions.len() > MAX_RESOLUTIONS {
            out.push(Problem::new(
                "resolutions",
                format!(
                    "{} dice steps; at most {MAX_RESOLUTIONS}",
                    self.resolutions.len()
                ),
            ));
        }
        for (i, r) in self.resolutions.iter().enumerate().take(MAX_RESOLUTIONS) {
            if !resolution_ids.insert(r.id()) {
                out.push(Problem::new(
                    format!("resolutions[{i}].id"),
                    format!("dice step {} appears twice", r.id()),
                ));
            }
        }
        // The deployment: the starting player first, then his opponent,
        // whose deployment begins the battle.
        let deployed_ok = match (self.starting_player, self.deployed.as_slice()) {
            (_, []) => true,
            (Some(s), [first]) => *first == s && self.battle.is_none(),
            (Some(s), [first, second]) => {
                *first == s && *second == s.other() && self.battle.is_some()
            }
            _ => false,
        };
        if !deployed_ok {
            out.push(Problem::new(
                "deployed",
                "the starting player deploys first, then his opponent, whose deployment begins the battle",
            ));
        }
    }

    fn alternating_errors(&self, a: &crate::AlternatingTerrain, out: &mut ProblemList) {
        if a.placed.len() > MAX_PIECES {
            out.push(
                Problem::new(
                    "alternating.placed",
                    format!("{} pieces; at most {MAX_PIECES}", a.placed.len()),
                )
                .rule("W1"),
            );
            return;
        }
        for (i, p) in a.placed.iter().enumerate() {
            if !self
                .terrain
                .iter()
                .any(|t| t.piece == p.piece && t.terrain == p.terrain)
            {
                out.push(
                    Problem::new(
                        format!("alternating.placed[{i}]"),
                        format!(
                            "the {} placed {i}th is not among the game's terrain",
                            p.terrain.label()
                        ),
                    )
                    .rule("W1"),
                );
            }
        }
        let batch = u32::try_from(a.batch.len()).unwrap_or(u32::MAX);
        if batch >= a.batch_size(a.turn) || (a.passed.is_some() && !a.batch.is_empty()) {
            out.push(
                Problem::new(
                    "alternating.batch",
                    format!("{} pieces in the current turn", a.batch.len()),
                )
                .rule("W1"),
            );
        }
        if a.passed.is_some() && a.placed.len() < PASS_FROM {
            out.push(
                Problem::new(
                    "alternating.passed",
                    format!(
                        "a pass with {} pieces placed; a player may pass once {PASS_FROM} stand",
                        a.placed.len()
                    ),
                )
                .rule("W1"),
            );
        }
        if a.finished && a.passed.is_none() {
            out.push(Problem::new("alternating.finished", "finished without a pass").rule("W1"));
        }
        if a.finished && self.starting_player != a.passed {
            out.push(
                Problem::new(
                    "starting_player",
                    "the player who passed in the terrain placement is the starting player",
                )
                .rule("W1"),
            );
        }
    }

    fn table_errors(&self, table: &Table, out: &mut ProblemList) {
        if self.terrain.len() > MAX_TERRAIN {
            out.push(Problem::new(
                "terrain",
                format!(
                    "{} terrain pieces; at most {MAX_TERRAIN}",
                    self.terrain.len()
                ),
            ));
        }
        let mut pieces = BTreeSet::new();
        for (i, t) in self.terrain.iter().enumerate().take(MAX_TERRAIN) {
            if !pieces.insert(t.piece) {
                out.push(Problem::new(
                    format!("terrain[{i}].piece"),
                    format!("table piece {} is named twice", t.piece),
                ));
            }
            match table.piece(t.piece) {
                None => out.push(Problem::new(
                    format!("terrain[{i}].piece"),
                    format!("terrain piece {} is not on the table", t.piece),
                )),
                Some(p) if p.kind != t.terrain.id() || p.layer != Layer::Terrain => {
                    out.push(Problem::new(
                        format!("terrain[{i}].terrain"),
                        format!(
                            "\"{}\" is a {} on the table, not a {}",
                            p.name,
                            p.kind,
                            t.terrain.id()
                        ),
                    ));
                }
                Some(_) => {}
            }
        }
        let mut ids = BTreeSet::new();
        if self.objectives.len() > 16 {
            out.push(Problem::new(
                "objectives",
                format!(
                    "{} objectives; a layout has at most 4",
                    self.objectives.len()
                ),
            ));
        }
        if !self.objectives.is_empty() && self.scenario.is_none() {
            out.push(Problem::new("objectives", "objectives without a scenario").rule("W3"));
        }
        for (i, o) in self.objectives.iter().enumerate().take(16) {
            if !ids.insert(o.id) {
                out.push(Problem::new(
                    format!("objectives[{i}].id"),
                    format!("objective id {} is used twice (\"{}\")", o.id, o.label),
                ));
            }
            if !pieces.insert(o.piece) {
                out.push(Problem::new(
                    format!("objectives[{i}].piece"),
                    format!("table piece {} is named twice", o.piece),
                ));
            }
            let kind = match o.kind {
                MarkerKind::Objective => OBJECTIVE_KIND,
                MarkerKind::Zone => ZONE_KIND,
            };
            match table.piece(o.piece) {
                None => out.push(Problem::new(
                    format!("objectives[{i}].piece"),
                    format!("the marker of \"{}\" is not on the table", o.label),
                )),
                Some(p) if p.kind != kind => out.push(Problem::new(
                    format!("objectives[{i}].kind"),
                    format!("\"{}\" is a {} on the table, not a {kind}", o.label, p.kind),
                )),
                Some(_) => {}
            }
        }
        if self.stands.len() > MAX_STANDS_ON_MAP {
            out.push(Problem::new(
                "stands",
                format!("{} stands; at most {MAX_STANDS_ON_MAP}", self.stands.len()),
            ));
            return;
        }
        let mut per_unit: std::collections::BTreeMap<(Player, Id), u32> =
            std::collections::BTreeMap::new();
        for (i, s) in self.stands.iter().enumerate() {
            if out.full() {
                out.count_more(1);
                continue;
            }
            if !pieces.insert(s.piece) {
                out.push(Problem::new(
                    format!("stands[{i}].piece"),
                    format!("table piece {} is named twice", s.piece),
                ));
            }
            if table.piece(s.piece).is_none() {
                out.push(Problem::new(
                    format!("stands[{i}].piece"),
                    format!("stand piece {} is not on the table", s.piece),
                ));
            }
            let Some(unit) = self.army(s.player).unit(s.unit) else {
                out.push(Problem::new(
                    format!("stands[{i}].unit"),
                    format!("{} has no unit {}", self.player(s.player).name, s.unit),
                ));
                continue;
            };
            let n = per_unit.entry((s.player, s.unit)).or_insert(0);
            *n = n.saturating_add(1);
            if *n > unit.stands {
                out.push(Problem::new(
                    format!("stands[{i}]"),
                    format!(
                        "\"{}\" has {} stands; this is one more on the map",
                        unit.name, unit.stands
                    ),
                ));
            }
        }
    }

    fn battle_errors(&self, out: &mut ProblemList) {
        let Some(b) = &self.battle else {
            if self.end.is_some() {
                out.push(Problem::new(
                    "end",
                    "the game ended before its battle began",
                ));
            }
            return;
        };
        let random = self.special_rule == Some(SpecialRule::RandomGameLength);
        let (Some(starting), Some(_), Some(scenario)) =
            (self.starting_player, self.south, self.scenario)
        else {
            out.push(Problem::new(
                "battle",
                "a battle needs the starting player, the sides and the scenario",
            ));
            return;
        };
        let rounds_ok = if random {
            (RANDOM_LENGTH_ROLLS[0].0..=RANDOM_LENGTH_LAST).contains(&b.rounds)
        } else {
            b.rounds == self.settings.turn_limit
        };
        if !rounds_ok {
            out.push(
                Problem::new(
                    "battle.rounds",
                    if random {
                        format!(
                            "{} game turns; Zufaellige Spieldauer plays 5 to 7",
                            b.rounds
                        )
                    } else {
                        format!(
                            "{} game turns; the settings give {}",
                            b.rounds, self.settings.turn_limit
                        )
                    },
                )
                .rule("W6"),
            );
        }
        if b.round == 0 || b.round > b.rounds {
            out.push(
                Problem::new(
                    "battle.round",
                    format!("game turn {} of {}", b.round, b.rounds),
                )
                .rule("W6"),
            );
            return;
        }
        // One record per player turn so far, in order, the current last.
        let expected = usize::try_from(b.round)
            .unwrap_or(usize::MAX)
            .saturating_mul(2)
            .saturating_sub(usize::from(b.turn_of == starting));
        if b.turns.len() != expected {
            out.push(Problem::new(
                "battle.turns",
                format!(
                    "{} player turns recorded; game turn {}, {}'s turn, makes {expected}",
                    b.turns.len(),
                    b.round,
                    self.player(b.turn_of).name
                ),
            ));
        } else {
            for (i, t) in b.turns.iter().enumerate() {
                let round = u32::try_from(i / 2 + 1).unwrap_or(u32::MAX);
                let player = if i % 2 == 0 {
                    starting
                } else {
                    starting.other()
                };
                if t.round != round || t.player != player {
                    out.push(Problem::new(
                        format!("battle.turns[{i}]"),
                        format!(
                            "turn {} of {} where turn {round} of {} belongs",
                            t.round,
                            self.player(t.player).name,
                            self.player(player).name
                        ),
                    ));
                }
                let last = i + 1 == b.turns.len();
                if !last && !t.ended {
                    out.push(Problem::new(
                        format!("battle.turns[{i}].ended"),
                        "an earlier player turn that did not end",
                    ));
                }
                let mut seen = BTreeSet::new();
                for (j, c) in t.control.iter().enumerate() {
                    let Some(o) = self.objectives.iter().find(|o| o.id == c.objective) else {
                        out.push(Problem::new(
                            format!("battle.turns[{i}].control[{j}].objective"),
                            format!("no objective {}", c.objective),
                        ));
                        continue;
                    };
                    if !seen.insert(c.objective) {
                        out.push(Problem::new(
                            format!("battle.turns[{i}].control[{j}]"),
                            format!("\"{}\" is stated twice", o.label),
                        ));
                    }
                    if c.control.alone
                        && (o.kind == MarkerKind::Objective || c.control.by.is_none())
                    {
                        out.push(
                            Problem::new(
                                format!("battle.turns[{i}].control[{j}].control.alone"),
                                "only a zone held by a player can be held alone",
                            )
                            .rule("W4"),
                        );
                    }
                }
            }
        }
        if let Some(after) = b.length_roll_due
            && (!random
                || length_need(after).is_none()
                || after != b.round
                || b.turn_of != starting.other()
                || !b.current().is_some_and(|t| t.ended))
        {
            out.push(
                Problem::new(
                    "battle.length_roll_due",
                    format!(
                        "a game-length roll after turn {after} is due only under Zufaellige Spieldauer, after turn 5 or 6 has ended"
                    ),
                )
                .rule("W6"),
            );
        }
        self.ep_errors(b, scenario, out);
        let mut rounds = BTreeSet::new();
        for (i, pick) in b.incursion.iter().enumerate() {
            let marker = self
                .objectives
                .iter()
                .any(|o| o.id == pick.objective && o.kind == MarkerKind::Objective);
            if scenario != Scenario::Incursion
                || !marker
                || pick.round < 2
                || pick.round > b.round
                || !rounds.insert(pick.round)
            {
                out.push(
                    Problem::new(
                        format!("battle.incursion[{i}]"),
                        format!(
                            "a marker worth 2 in turn {}: Incursion rolls once per game turn from turn 2 for one of its markers",
                            pick.round
                        ),
                    )
                    .rule("W5"),
                );
            }
        }
        self.unit_state_errors(b, out);
        if let Some(end) = &self.end {
            if end.round != b.round || end.turn_of != b.turn_of || end.reasons.is_empty() {
                out.push(
                    Problem::new(
                        "end",
                        format!(
                            "the game ended in turn {} ({}); the battle stands at turn {} ({})",
                            end.round,
                            self.player(end.turn_of).name,
                            b.round,
                            self.player(b.turn_of).name
                        ),
                    )
                    .rule("W6"),
                );
            }
            if self.clock.live() {
                out.push(
                    Problem::new("clock", "the game ended but the chess clock still runs")
                        .rule("W9"),
                );
            }
            if let Some(c) = &end.clock
                && (c.at_ms > MAX_TIME_MS
                    || c.remaining_ms.iter().any(|r| *r > self.clock.budget_ms))
            {
                out.push(
                    Problem::new(
                        "end.clock",
                        format!(
                            "time left {:?} ms at {} ms; each at most the budget of {} ms",
                            c.remaining_ms, c.at_ms, self.clock.budget_ms
                        ),
                    )
                    .rule("W9"),
                );
            }
            for r in &end.reasons {
                let clock_out = matches!(r, EndReason::ClockOut { .. });
                if clock_out && self.clock.ran_out.is_none() {
                    out.push(
                        Problem::new("end.reasons", "a clock ran out, but the clock says no")
                            .rule("W9"),
                    );
                }
                if let EndReason::TurnLimit { rounds } = r
                    && *rounds != b.round
                {
                    out.push(
                        Problem::new(
                            "end.reasons",
                            format!("the last turn was {}, not {rounds}", b.round),
                        )
                        .rule("W6"),
                    );
                }
            }
        } else if self.clock.ran_out.is_some() && b.length_roll_due.is_none() {
            out.push(
                Problem::new("clock.ran_out", "a clock ran out but the game goes on").rule("W6"),
            );
        }
    }

    fn ep_errors(&self, b: &crate::Battle, scenario: Scenario, out: &mut ProblemList) {
        if b.ep.len() > MAX_EP_LINES {
            out.push(Problem::new(
                "battle.ep",
                format!("{} EP lines; at most {MAX_EP_LINES}", b.ep.len()),
            ));
            return;
        }
        let starting = self.starting_player;
        for (
            i,
            EpEntry {
                round,
                turn_of,
                line,
            },
        ) in b.ep.iter().enumerate()
        {
            if out.full() {
                out.count_more(1);
                continue;
            }
            let (lo, hi) = ep_range(&line.source, self.objectives.len());
            if line.ep < lo || line.ep > hi {
                out.push(
                    Problem::new(
                        format!("battle.ep[{i}].line.ep"),
                        format!(
                            "{} EP for {}; such a line gives {}",
                            line.ep,
                            self.player(line.player).name,
                            if lo == hi {
                                lo.to_string()
                            } else {
                                format!("{lo} to {hi}")
                            }
                        ),
                    )
                    .rule("W5"),
                );
            }
            let scoring_point = match starting {
                Some(s) => *round >= 3 || (*round == 2 && *turn_of == s.other()),
                None => false,
            };
            let withheld = matches!(line.source, EpSource::Withheld { .. });
            if *round == 0 || *round > b.round || (line.ep != 0 && !scoring_point) {
                out.push(
                    Problem::new(
                        format!("battle.ep[{i}].round"),
                        format!(
                            "EP in turn {round} of {}: EP count from the second player's second turn on",
                            self.player(*turn_of).name
                        ),
                    )
                    .rule("W5"),
                );
            }
            if withheld && scoring_point {
                out.push(
                    Problem::new(
                        format!("battle.ep[{i}].line.source"),
                        "EP withheld from the second player's second turn on",
                    )
                    .rule("W5"),
                );
            }
            let needs = |rule: SpecialRule| self.special_rule == Some(rule);
            let source = match &line.source {
                EpSource::Withheld { event } => event.as_ref(),
                other => other,
            };
            let fits = match source {
                EpSource::Killbox { .. } => needs(SpecialRule::Killbox),
                EpSource::ScorchedEarth { .. } => needs(SpecialRule::ScorchedEarth),
                EpSource::KingSlain { .. }
                | EpSource::GeneralFought { .. }
                | EpSource::KingCap { .. } => needs(SpecialRule::LongLiveTheKing),
                EpSource::Dominate { .. } => needs(SpecialRule::Dominate),
                EpSource::Hill { .. } => scenario == Scenario::KingOfTheHill,
                EpSource::OwnLine | EpSource::EnemyLine { .. } => scenario == Scenario::Linebreak,
                EpSource::Marker { objective, .. } | EpSource::Zone { objective, .. } => {
                    self.objectives.iter().any(|o| o.id == *objective)
                }
                EpSource::Cap { cap } => *cap == scenario.cap(),
                EpSource::Withheld { .. } => false,
            };
            if !fits {
                out.push(
                    Problem::new(
                        format!("battle.ep[{i}].line.source"),
                        format!("an EP line this game's scenario and special rule never give ({scenario})"),
                    )
                    .rule("W5"),
                );
            }
        }
        // W10: at most 2 EP per general and game turn.
        for p in Player::BOTH {
            for round in 1..=b.round {
                let king: i32 =
                    b.ep.iter()
                        .filter(|e| e.round == round && e.line.player == p)
                        .filter(|e| {
                            matches!(
                                e.line.source,
                                EpSource::KingSlain { .. }
                                    | EpSource::GeneralFought { .. }
                                    | EpSource::KingCap { .. }
                            )
                        })
                        .fold(0_i32, |s, e| s.saturating_add(e.line.ep));
                let generals = 1 + b
                    .successions
                    .iter()
                    .filter(|s| s.player == p && s.round == round)
                    .count();
                let most =
                    KING_EP_PER_ROUND.saturating_mul(i32::try_from(generals).unwrap_or(i32::MAX));
                if king > most {
                    out.push(
                        Problem::new(
                            "battle.ep",
                            format!(
                                "{} EP from Lang lebe der Koenig for {} in turn {round}; at most 2 per general",
                                king,
                                self.player(p).name
                            ),
                        )
                        .rule("W10"),
                    );
                }
            }
        }
    }

    fn unit_state_errors(&self, b: &crate::Battle, out: &mut ProblemList) {
        let mut seen = BTreeSet::new();
        for (i, s) in b.units.iter().enumerate() {
            if out.full() {
                out.count_more(1);
                continue;
            }
            let owner = &self.player(s.player).name;
            let Some(unit) = self.army(s.player).unit(s.unit) else {
                out.push(Problem::new(
                    format!("battle.units[{i}].unit"),
                    format!("{owner} has no unit {}", s.unit),
                ));
                continue;
            };
            if !seen.insert((s.player, s.unit)) {
                out.push(Problem::new(
                    format!("battle.units[{i}]"),
                    format!("\"{}\" of {owner} is recorded twice", unit.name),
                ));
            }
            if s.stands_lost > unit.stands || (s.destroyed && s.stands_lost != unit.stands) {
                out.push(Problem::new(
                    format!("battle.units[{i}].stands_lost"),
                    format!(
                        "\"{}\" of {owner} lost {} of its {} stands{}",
                        unit.name,
                        s.stands_lost,
                        unit.stands,
                        if s.destroyed {
                            "; a destroyed unit lost all"
                        } else {
                            ""
                        }
                    ),
                ));
            }
            if !s.destroyed && s.stands_lost == unit.stands {
                out.push(Problem::new(
                    format!("battle.units[{i}].destroyed"),
                    format!(
                        "\"{}\" of {owner} lost every stand but is not destroyed",
                        unit.name
                    ),
                ));
            }
            if s.pillaged && (s.destroyed || self.special_rule != Some(SpecialRule::ScorchedEarth))
            {
                out.push(
                    Problem::new(
                        format!("battle.units[{i}].pillaged"),
                        format!(
                            "\"{}\" of {owner} left to pillage, which only Verbranntes Land allows of a unit on the table",
                            unit.name
                        ),
                    )
                    .rule("W2"),
                );
            }
        }
        for p in Player::BOTH {
            let owner = &self.player(p).name;
            let original = self.army(p).general().map(|g| g.id);
            let Some(general) = b.generals[p.index()] else {
                if original.is_some() {
                    out.push(Problem::new(
                        format!("battle.generals[{}]", p.index()),
                        format!("{owner}'s army has a General, the battle none"),
                    ));
                }
                continue;
            };
            let successor = b
                .successions
                .iter()
                .rfind(|s| s.player == p)
                .map(|s| s.successor);
            let expected = successor.or(original);
            let unit = self.army(p).unit(general);
            if unit.is_none() || Some(general) != expected {
                out.push(
                    Problem::new(
                        format!("battle.generals[{}]", p.index()),
                        format!(
                            "{owner}'s general is unit {general}{}; it must be his General or the successor named last",
                            unit.map(|u| format!(" (\"{}\")", u.name)).unwrap_or_default()
                        ),
                    )
                    .rule("W10"),
                );
            }
        }
        let mut previous: [Option<Id>; 2] =
            Player::BOTH.map(|p| self.army(p).general().map(|g| g.id));
        for (i, s) in b.successions.iter().enumerate() {
            let owner = &self.player(s.player).name;
            let is_character = |id| {
                self.army(s.player)
                    .unit(id)
                    .is_some_and(|u| u.kind.is_character())
            };
            let slain = b.unit_state(s.player, s.slain).destroyed;
            if self.special_rule != Some(SpecialRule::LongLiveTheKing)
                || previous[s.player.index()] != Some(s.slain)
                || !slain
                || !is_character(s.successor)
                || s.successor == s.slain
                || s.round == 0
                || s.round > b.round
            {
                out.push(
                    Problem::new(
                        format!("battle.successions[{i}]"),
                        format!(
                            "{owner}'s general {} followed by {}: under Lang lebe der Koenig a living character succeeds the slain general",
                            s.slain, s.successor
                        ),
                    )
                    .rule("W10"),
                );
            }
            previous[s.player.index()] = Some(s.successor);
        }
    }

    fn clock_errors(&self, out: &mut ProblemList) {
        let c = &self.clock;
        let want = u64::from(self.settings.clock_minutes).saturating_mul(crate::MINUTE_MS);
        if c.budget_ms != want {
            out.push(
                Problem::new(
                    "clock.budget_ms",
                    format!(
                        "{} ms; the settings give {} minutes ({want} ms)",
                        c.budget_ms, self.settings.clock_minutes
                    ),
                )
                .rule("W9"),
            );
        }
        for (i, used) in c.used_ms.iter().enumerate() {
            if *used > c.budget_ms {
                out.push(
                    Problem::new(
                        format!("clock.used_ms[{i}]"),
                        format!("{used} ms used of {} ms", c.budget_ms),
                    )
                    .rule("W9"),
                );
            }
        }
        let times = [("clock.since_ms", c.since_ms), ("clock.last_ms", c.last_ms)];
        for (path, t) in times {
            if t > MAX_TIME_MS {
                out.push(Problem::new(
                    path,
                    format!("{t} ms; a time of at most {MAX_TIME_MS} ms"),
                ));
            }
        }
        if c.since_ms > c.last_ms {
            out.push(Problem::new(
                "clock.since_ms",
                format!(
                    "{} ms is after the last time the clock saw ({} ms)",
                    c.since_ms, c.last_ms
                ),
            ));
        }
        if c.live() && !self.settings.clock {
            out.push(Problem::new("clock", "the clock runs but is off in the settings").rule("W9"));
        }
        if c.running.is_some() && c.paused.is_some() {
            out.push(Problem::new(
                "clock.paused",
                "the clock both runs and is paused",
            ));
        }
        if let Some(p) = &c.paused
            && (p.since_ms > c.last_ms || p.round > self.battle.as_ref().map_or(0, |b| b.round))
        {
            out.push(Problem::new(
                "clock.paused",
                format!("a pause since {} ms in turn {}", p.since_ms, p.round),
            ));
        }
        if let Some(o) = &c.ran_out
            && (c.running.is_some()
                || c.used_ms[o.player.index()] != c.budget_ms
                || o.at_ms > c.last_ms
                || o.opponent_left_ms > c.budget_ms)
        {
            out.push(
                Problem::new(
                    "clock.ran_out",
                    format!(
                        "{}'s clock ran out at {} ms, which the clock's times do not show",
                        self.player(o.player).name,
                        o.at_ms
                    ),
                )
                .rule("W9"),
            );
        }
    }

    /// What is allowed but worth a word, with its path and rule (capped
    /// at [`crate::MAX_PROBLEMS`]): W1 distances broken on the table
    /// (enforced only during the alternating placement, PW12), more
    /// terrain than the guideline of 12, impassable terrain within 10 cm
    /// of a marker and terrain at the centre under King of the Hill (W3),
    /// no Incursion marker in open ground, armies not ready before the
    /// battle, an army list of another version of *Warmaster Armies* than
    /// the text names. Each is marked a warning ([`Problem::warning`]):
    /// `Game::problems` reports them after the errors, and they never
    /// refuse a document (P37).
    #[must_use]
    pub fn warnings(&self, table: &Table) -> Vec<Problem> {
        self.warning_list(table)
            .into_iter()
            .map(Problem::warning)
            .collect()
    }

    /// A problem of `player`'s army as a problem of the game: under his
    /// army's path, its message naming him ("Anna's army: …").
    fn army_problem(&self, player: Player, problem: Problem) -> Problem {
        let problem = problem.under(&format!("players[{}].army", player.index()));
        match problem.said().cloned() {
            Some(m) => problem.with_message(
                say("army.of_player")
                    .text("player", &self.player(player).name)
                    .nested("problem", m),
            ),
            None => problem,
        }
    }

    fn warning_list(&self, table: &Table) -> Vec<Problem> {
        let mut out = ProblemList::default();
        if self.battle.is_none() {
            for p in Player::BOTH {
                out.extend(
                    self.army(p)
                        .readiness(self.settings.game_size)
                        .into_iter()
                        .map(|x| self.army_problem(p, x)),
                );
            }
        }
        for p in Player::BOTH {
            if let Some(v) = &self.army(p).list_version
                && v != crate::ARMIES_VERSION
            {
                out.push(Problem::new(
                    format!("players[{}].army.list_version", p.index()),
                    format!(
                        "{}'s list follows Warmaster Armies {v}; the Guardians text names {}",
                        self.player(p).name,
                        crate::ARMIES_VERSION
                    ),
                ));
            }
        }
        let rules = warmaster_table_rules();
        let (violations, more) = table.violations_capped(&rules, crate::MAX_PROBLEMS);
        for v in violations {
            out.push(Problem::new("terrain", v.explanation()).rule("W1"));
        }
        out.count_more(more);
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
        if self.terrain.len() > MAX_TERRAIN || self.objectives.len() > 16 {
            // Bounded work: an impossible game is reported by `errors`.
            return out.finish();
        }
        for (i, o) in self.objectives.iter().enumerate() {
            let Some(marker) = table.piece(o.piece) else {
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
        if self.scenario == Some(Scenario::Incursion)
            && !self.objectives.is_empty()
            && !self.marker_in_open_ground(table)
        {
            out.push(
                Problem::new(
                    "objectives",
                    "no objective marker lies in open ground; move a terrain piece off one",
                )
                .rule("W3"),
            );
        }
        out.finish()
    }
}
