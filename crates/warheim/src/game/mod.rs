//! The Warheim game on the rule-system seam (`feldherr_play::Game`).

use feldherr_play::{
    Game, GameReport, Id, Lang, MatchResult, PlayError, Problem, ResolutionList, SavedResolution,
    SideReport,
};
use feldherr_table::geometry::Unit;
use feldherr_table::{Table, TableRules};
use serde::{Deserialize, Serialize};

use crate::actions::{ActionPlan, check_plan};
use crate::attack_order::{AttackOrder, find};
use crate::model_type::{Discipline, ModelType};
use crate::morale::{MoraleKind, MoraleSpec};
use crate::refusal::{decimal, not_found, refused, say};
use crate::skill::SkillKind;
use crate::turn::Turn;
use crate::{Condition, Roster, WarheimError};

mod actions;
mod command;
mod edit;
mod flow;
mod kinds;
mod measure;
mod outcomes;
mod problems;
mod table;
mod view;

pub use edit::WarheimEdit;
pub use kinds::{WarheimKind, WarheimOutcome};
pub use problems::MAX_TURNS;
pub use view::{GroupView, TurnView};

/// Table side in inches (G2).
pub const TABLE_SIZE: f64 = 36.0;

/// A Warheim skirmish.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Warheim {
    /// One roster per player (2 or 3).
    pub rosters: Vec<Roster>,
    /// The turn running, if any.
    #[serde(default)]
    pub turn: Option<Turn>,
    /// Turns played so far.
    #[serde(default)]
    pub turns_played: u32,
    /// Saved resolutions.
    #[serde(default)]
    pub resolutions: Vec<SavedResolution<WarheimKind>>,
    /// The winner as the players record it (`Some(None)`: a draw).
    #[serde(default)]
    pub result: Option<Option<usize>>,
    /// Each fighter's piece on the table, by fighter id.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub pieces: std::collections::BTreeMap<Id, u64>,
    /// How high each fighter stands above the table, in inches, when not
    /// on the table's floor (on a roof, a wall).
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub elevations: std::collections::BTreeMap<Id, f64>,
    /// Terrain pieces' heights in inches where the players set one other
    /// than the kind's default ([`crate::on_table::default_height`]).
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub heights: std::collections::BTreeMap<u64, f64>,
}

fn player_ok(rosters: &[Roster], player: usize) -> Result<(), PlayError> {
    if player < rosters.len() {
        Ok(())
    } else {
        Err(not_found("player", player + 1))
    }
}

impl Warheim {
    /// The exact odds of an attack before it is declared (the panel).
    pub fn preview(
        &self,
        order: &AttackOrder,
    ) -> Result<Vec<crate::attack::TargetOdds>, WarheimError> {
        Ok(order.build_in(&self.rosters, self.context())?.odds())
    }

    pub(crate) fn roster_of(&self, fighter: Id) -> Result<usize, PlayError> {
        Ok(find(&self.rosters, fighter)?.0)
    }

    pub(crate) fn push(&mut self, kind: WarheimKind) -> Result<(), PlayError> {
        let id = Id::next_after(self.resolutions.iter().map(SavedResolution::id));
        self.resolutions.push(SavedResolution::new(id, kind)?);
        self.started(id);
        Ok(())
    }

    pub(crate) fn set(
        &mut self,
        fighter: Id,
        condition: Condition,
        on: bool,
    ) -> Result<(), PlayError> {
        let p = self.roster_of(fighter)?;
        let f = self.rosters[p]
            .fighter_mut(fighter)
            .ok_or_else(|| not_found("fighter", fighter))?;
        let mut state = f.current();
        if on {
            state.conditions.insert(condition);
        } else {
            state.conditions.remove(&condition);
        }
        f.state = Some(state);
        Ok(())
    }

    /// Solos who joined a group this turn (they have no +1 to a result).
    pub fn joined(&self) -> &[Id] {
        self.turn.as_ref().map_or(&[], |t| t.joined.as_slice())
    }

    pub(crate) fn context(&self) -> crate::attack_order::Context<'_> {
        crate::attack_order::Context {
            joined: self.joined(),
            hidden_targets: false,
            marker: self.activation().filter(|a| a.marker).map(|a| a.fighter),
        }
    }

    fn group_stuck(&self, turn: &Turn) -> bool {
        let Some(g) = turn.active.and_then(|i| turn.groups.get(i)) else {
            return false;
        };
        let able = |id: &Id| {
            find(&self.rosters, *id).is_ok_and(|(_, f)| !f.down() && !f.has(Condition::Panic))
        };
        (g.pool == 0 || !g.fighters.iter().any(able)) && !g.own.iter().any(able)
    }

    /// Friends of `dead` who may have to take a flight test: able fighters
    /// of his side. Which of them saw him die within their movement reach
    /// the players decide at the table (PH11).
    pub fn flight_candidates(&self, dead: Id) -> Vec<Id> {
        let Ok((p, _)) = find(&self.rosters, dead) else {
            return Vec::new();
        };
        self.rosters[p]
            .fighters
            .iter()
            .filter(|f| f.id != dead && !f.down())
            .map(|f| f.id)
            .collect()
    }

    /// The flight tests still due after the last applied attack: each
    /// fighter it killed, with the friends who must test flight for him
    /// and have not tested since (line 251). Where the dead fighter has a
    /// piece on `table`, the friends are those who see him and stand
    /// within their full move of him ([`Warheim::flight_due`], PH32);
    /// without a piece the players judge sight and reach, and every able
    /// friend is offered ([`Warheim::flight_candidates`], PH11). Fighters
    /// with nobody left to test are left out.
    #[must_use]
    pub fn flight_tests_due(&self, table: &Table) -> Vec<(Id, Vec<Id>)> {
        let Some((index, outcome)) =
            self.resolutions
                .iter()
                .enumerate()
                .rev()
                .find_map(|(i, r)| match r.outcome() {
                    Some(WarheimOutcome::Attack(o)) if r.applied() => Some((i, o)),
                    _ => None,
                })
        else {
            return Vec::new();
        };
        let tested: Vec<Id> = self.resolutions[index..]
            .iter()
            .filter_map(|r| match r.kind() {
                WarheimKind::Morale(spec) if spec.kind == MoraleKind::Flight => Some(spec.fighter),
                _ => None,
            })
            .collect();
        outcome
            .changes
            .iter()
            .filter(|c| c.fall == crate::Fall::Dead)
            .map(|c| {
                let friends = if self.piece_of(table, c.fighter).is_some() {
                    // A table the crate cannot measure (its problems say why):
                    // the players judge, as without a piece.
                    self.flight_due(table, c.fighter)
                        .unwrap_or_else(|_| self.flight_candidates(c.fighter))
                } else {
                    self.flight_candidates(c.fighter)
                };
                let left: Vec<Id> = friends
                    .into_iter()
                    .filter(|f| !tested.contains(f))
                    .collect();
                (c.fighter, left)
            })
            .filter(|(_, left)| !left.is_empty())
            .collect()
    }

    fn apply_inner(&mut self, edit: &WarheimEdit, table: &mut Table) -> Result<(), PlayError> {
        let players = self.rosters.len();
        match edit {
            WarheimEdit::SetRoster { player, roster } => {
                roster.check()?;
                if self.turn.is_some() {
                    return Err(refused(say("rosters_between_turns"), Some("H5")));
                }
                for (p, other) in self.rosters.iter().enumerate() {
                    if p == *player {
                        continue;
                    }
                    if let Some(f) = roster
                        .fighters
                        .iter()
                        .find(|f| other.fighter(f.id).is_some())
                    {
                        return Err(WarheimError::fighter_says(
                            &f.name,
                            "id",
                            f.id,
                            say("id_taken").text("player", &other.player),
                        )
                        .into());
                    }
                }
                match (*player).cmp(&players) {
                    std::cmp::Ordering::Less => self.rosters[*player] = roster.clone(),
                    std::cmp::Ordering::Equal if players < 3 => self.rosters.push(roster.clone()),
                    _ => {
                        return Err(PlayError::invalid(
                            "player",
                            player + 1,
                            "Warheim is for 2 or 3 players",
                        )
                        .with_message(say("two_or_three").int("players", (player + 1) as i64)));
                    }
                }
            }
            WarheimEdit::RemoveLastRoster => {
                if self.turn.is_some() {
                    return Err(refused(say("rosters_between_turns"), Some("H5")));
                }
                self.rosters
                    .pop()
                    .ok_or_else(|| refused(say("no_roster_to_remove"), None))?;
            }
            WarheimEdit::StartTurn => {
                if self.turn.is_some() {
                    return Err(refused(say("turn_running"), Some("H5")));
                }
                if !(2..=3).contains(&players) {
                    return Err(PlayError::invalid(
                        "players",
                        players,
                        "Warheim is for 2 or 3 players",
                    )
                    .with_message(say("two_or_three").int("players", players as i64)));
                }
                for r in &self.rosters {
                    if r.commander_lost && command::appointable(r) {
                        return Err(refused(
                            say("appoint_commander").text("player", &r.player),
                            Some("PH6"),
                        ));
                    }
                    if r.commander.is_none() {
                        return Err(refused(
                            say("no_commander").text("player", &r.player),
                            Some("H5"),
                        ));
                    }
                }
                let number = self
                    .turns_played
                    .checked_add(1)
                    .filter(|n| *n <= MAX_TURNS)
                    .ok_or_else(|| {
                        PlayError::invalid(
                            "turns_played",
                            self.turns_played,
                            format!("at most {MAX_TURNS} turns"),
                        )
                        .with_message(say("too_many_turns").int("max", i64::from(MAX_TURNS)))
                    })?;
                self.turn = Some(Turn::start(number, &self.rosters));
            }
            WarheimEdit::AppointCommander {
                player,
                commander,
                groups,
            } => {
                player_ok(&self.rosters, *player)?;
                if self.turn.is_some() {
                    return Err(refused(say("appoint_at_start"), Some("PH6")));
                }
                let r = &self.rosters[*player];
                let f = r
                    .fighter(*commander)
                    .ok_or_else(|| not_found("fighter", commander))?;
                let eligible = [
                    SkillKind::Leadership,
                    SkillKind::Tactician,
                    SkillKind::Strategist,
                    SkillKind::Veteran,
                ]
                .iter()
                .any(|s| f.skill(*s) > 0);
                if r.commander_lost && (!eligible || f.down() || f.has(Condition::Panic)) {
                    return Err(WarheimError::fighter_says(
                        &f.name,
                        "commander",
                        commander,
                        say("commander_unfit"),
                    )
                    .into());
                }
                let mut next = r.clone();
                next.commander = Some(*commander);
                next.groups = groups.clone();
                next.commander_lost = false;
                next.commander_revealed = false;
                next.broken.clear();
                next.check()?;
                self.rosters[*player] = next;
            }
            WarheimEdit::ChooseGroup { player, group } => {
                let turn = self
                    .turn
                    .as_mut()
                    .ok_or_else(|| refused(say("no_turn"), Some("H5")))?;
                let chooser = self
                    .rosters
                    .get(turn.chooser)
                    .map_or_else(String::new, |r| r.player.clone());
                turn.choose(*player, *group)
                    .map_err(|e| e.with_text("player", chooser))?;
            }
            WarheimEdit::Activate {
                fighter,
                source,
                plan,
            } => {
                self.no_activation()?;
                let (p, f) = find(&self.rosters, *fighter)?;
                let name = f.name.clone();
                let discipline = self.rosters[p].discipline_of(*fighter);
                check_plan(f, discipline, *plan)?;
                let turn = self
                    .turn
                    .as_mut()
                    .ok_or_else(|| refused(say("no_turn"), Some("H5")))?;
                let revealed = turn
                    .spend(*fighter, *source, discipline == Discipline::Undisciplined)
                    .map_err(|e| e.with_text("fighter", name))?;
                if revealed {
                    self.rosters[p].commander_revealed = true;
                }
                self.auto_end(players)?;
            }
            WarheimEdit::SquadOrder { first, second } => {
                self.no_activation()?;
                let turn = self
                    .turn
                    .as_ref()
                    .ok_or_else(|| refused(say("no_turn"), Some("H5")))?;
                let g = turn
                    .active
                    .and_then(|i| turn.groups.get(i))
                    .ok_or_else(|| refused(say("no_group"), Some("H5")))?;
                for id in &g.fighters {
                    let (p, f) = find(&self.rosters, *id)?;
                    check_plan(
                        f,
                        self.rosters[p].discipline_of(*id),
                        ActionPlan::Short(*first, Some(*second)),
                    )?;
                }
                if let Some(turn) = self.turn.as_mut() {
                    turn.squad_order()?;
                }
                self.auto_end(players)?;
            }
            WarheimEdit::SoloJoins(fighter) => {
                let (_, f) = find(&self.rosters, *fighter)?;
                let name = f.name.clone();
                if !f.is(ModelType::Solo) {
                    return Err(WarheimError::fighter_says(
                        &f.name,
                        "types",
                        "no Solo",
                        say("only_solo"),
                    )
                    .into());
                }
                let turn = self
                    .turn
                    .as_mut()
                    .ok_or_else(|| refused(say("no_turn"), Some("H5")))?;
                turn.join_solo(*fighter)
                    .map_err(|e| e.with_text("fighter", name))?;
            }
            WarheimEdit::EndGroup => {
                self.no_activation()?;
                let stuck = self.turn.as_ref().is_some_and(|t| self.group_stuck(t));
                let turn = self
                    .turn
                    .as_mut()
                    .ok_or_else(|| refused(say("no_turn"), Some("H5")))?;
                turn.end_group(players, stuck)?;
            }
            WarheimEdit::EndTurn => {
                self.no_activation()?;
                let turn = self
                    .turn
                    .as_ref()
                    .ok_or_else(|| refused(say("no_turn"), Some("H5")))?;
                if !turn.finished() {
                    return Err(refused(say("activations_left"), Some("H5")));
                }
                self.turn = None;
                self.turns_played = self.turns_played.saturating_add(1);
                for r in &mut self.rosters {
                    for f in &mut r.fighters {
                        if let Some(state) = &mut f.state {
                            state.conditions.remove(&Condition::Panic);
                            if state.conditions.remove(&Condition::Stupor) {
                                state.mor = f.profile.mor;
                            }
                        }
                    }
                }
            }
            WarheimEdit::Attack(order) => self.attack(table, order)?,
            WarheimEdit::SetHeight { piece, height } => self.set_height(table, *piece, *height)?,
            WarheimEdit::SetElevation { fighter, elevation } => {
                self.set_elevation(*fighter, *elevation)?;
            }
            WarheimEdit::DrawMove { fighter, path } => self.draw_move(table, *fighter, path)?,
            WarheimEdit::TakeBackMove { fighter } => self.take_back_move(table, *fighter)?,
            WarheimEdit::Hide { fighter, overrule } => self.hide(table, *fighter, *overrule)?,
            WarheimEdit::Spot {
                spotter,
                target,
                overrule,
            } => self.spot(table, *spotter, *target, *overrule)?,
            WarheimEdit::Reveal(order) => self.reveal(table, order)?,
            WarheimEdit::Reload { fighter, weapon } => self.reload(*fighter, *weapon)?,
            WarheimEdit::Special { fighter, ability } => self.special(*fighter, ability)?,
            WarheimEdit::Throw { fighter, target } => self.throw(table, *fighter, *target)?,
            WarheimEdit::BeginActivation { fighter, source } => {
                self.begin_activation(*fighter, *source)?;
            }
            WarheimEdit::BeginSquadOrder => self.begin_squad_order()?,
            WarheimEdit::Fall { fighter, height } => {
                let (_, f) = find(&self.rosters, *fighter)?;
                let second = f64::from(f.profile.speed[1]);
                if !(height.is_finite() && *height > second && *height <= 40.0) {
                    return Err(WarheimError::fighter_says(
                        &f.name,
                        "height",
                        height,
                        say("fall_height").nested("second", decimal(second, 1)),
                    )
                    .into());
                }
                self.fall(*fighter, *height)?;
            }
            WarheimEdit::Declare(d) => self.declare(table, d)?,
            WarheimEdit::DeclareSecond(d) => self.declare_second(d)?,
            WarheimEdit::SeenBy(s) => self.set_seen_by(s)?,
            WarheimEdit::React { fighter, reaction } => self.react(*fighter, reaction)?,
            WarheimEdit::EndActivation => self.end_activation(table)?,
            WarheimEdit::Morale {
                fighter,
                kind,
                penalty,
            } => {
                let (_, f) = find(&self.rosters, *fighter)?;
                if f.down() {
                    return Err(WarheimError::fighter_says(
                        &f.name,
                        "morale",
                        format!("{kind:?}"),
                        say("down_no_morale"),
                    )
                    .into());
                }
                // Line 251: a mage tests his nerves on WIP; flight on Mor.
                let wip = *kind == MoraleKind::Nerves && f.profile.is_mage();
                let spec = MoraleSpec {
                    fighter: *fighter,
                    name: f.name.clone(),
                    kind: *kind,
                    mor: if wip {
                        f.profile.wip.unwrap_or(0)
                    } else {
                        f.current().mor
                    },
                    penalty: *penalty,
                    wip,
                };
                spec.value()?;
                self.push(WarheimKind::Morale(spec))?;
            }
            WarheimEdit::Apply(id) => {
                let index = self
                    .resolutions
                    .iter()
                    .position(|r| r.id() == *id)
                    .ok_or_else(|| not_found("resolution", id))?;
                let outcome = self.resolutions[index]
                    .outcome()
                    .cloned()
                    .ok_or(PlayError::Unfinished)?;
                if self
                    .activation()
                    .is_some_and(|a| a.resolutions.contains(id))
                {
                    return Err(refused(say("states_at_end"), Some("PH27")));
                }
                self.resolutions[index].set_applied()?;
                let active = self.turn.as_ref().map(|t| t.chooser);
                self.apply_outcomes(&[outcome], active, table)?;
            }
            WarheimEdit::SetCondition {
                fighter,
                condition,
                on,
            } => {
                self.set(*fighter, *condition, *on)?;
                if *on {
                    self.check_commander(*fighter)?;
                }
            }
            WarheimEdit::Place {
                fighter,
                at,
                facing,
            } => self.place(*fighter, *at, *facing, table)?,
            WarheimEdit::Cast(order) => self.cast(table, order)?,
            WarheimEdit::RecordResult(winner) => {
                if let Some(w) = winner {
                    player_ok(&self.rosters, *w)?;
                }
                self.result = Some(*winner);
            }
        }
        Ok(())
    }

    /// Refuses an edit that does not fit in a running activation.
    fn no_activation(&self) -> Result<(), PlayError> {
        if self.activation().is_some() {
            return Err(refused(say("activation_running"), Some("PH26")));
        }
        Ok(())
    }

    fn auto_end(&mut self, players: usize) -> Result<(), PlayError> {
        if let Some(turn) = self.turn.as_mut()
            && let Some(g) = turn.active.and_then(|i| turn.groups.get(i))
            && g.remaining() == 0
        {
            turn.end_group(players, false)?;
        }
        Ok(())
    }
}

impl Game for Warheim {
    type Edit = WarheimEdit;
    const SYSTEM: &'static str = "warheim";

    fn new_game() -> Self {
        Self {
            rosters: Vec::new(),
            turn: None,
            turns_played: 0,
            resolutions: Vec::new(),
            result: None,
            pieces: std::collections::BTreeMap::new(),
            elevations: std::collections::BTreeMap::new(),
            heights: std::collections::BTreeMap::new(),
        }
    }

    fn table_rules() -> TableRules {
        crate::on_table::table_rules()
    }

    fn default_table() -> Table {
        Table::new(TABLE_SIZE, TABLE_SIZE, Unit::Inch)
            .unwrap_or_else(|_| Self::table_rules().default_table())
    }

    fn apply(&mut self, edit: &WarheimEdit, table: &mut Table) -> Result<(), PlayError> {
        let mut next = self.clone();
        let mut next_table = table.clone();
        next.apply_inner(edit, &mut next_table)?;
        *self = next;
        *table = next_table;
        Ok(())
    }

    fn problems(&self, table: &Table) -> Vec<Problem> {
        self.all_problems(table)
    }

    fn resolutions(&self) -> &dyn ResolutionList {
        &self.resolutions
    }

    fn resolutions_mut(&mut self) -> &mut dyn ResolutionList {
        &mut self.resolutions
    }

    fn report(&self) -> Option<GameReport> {
        let result = self.result?;
        Some(GameReport {
            finished: true,
            sides: self
                .rosters
                .iter()
                .enumerate()
                .map(|(p, r)| {
                    let mut side = SideReport::new(r.player.clone());
                    side.result = Some(match result {
                        None => MatchResult::Draw,
                        Some(w) if w == p => MatchResult::Win,
                        Some(_) => MatchResult::Loss,
                    });
                    side
                })
                .collect(),
        })
    }

    fn messages(lang: Lang) -> &'static str {
        match lang {
            Lang::En => include_str!("../../messages/en.json"),
            Lang::De => include_str!("../../messages/de.json"),
        }
    }
}
