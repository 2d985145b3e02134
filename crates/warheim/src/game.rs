//! The Warheim game on the rule-system seam (`feldherr_play::Game`).

use feldherr_dice::step::{Answer, Message};
use feldherr_play::{
    Game, GameReport, Id, Lang, MatchResult, PlayError, Problem, Replayed, ResolutionKind,
    ResolutionList, SavedResolution, SideReport,
};
use feldherr_table::geometry::Unit;
use feldherr_table::{Table, TableRules};
use serde::{Deserialize, Serialize};

use crate::actions::{ActionPlan, ShortAction, check_plan};
use crate::attack::{Attack, AttackOutcome, AttackSpec, Fall};
use crate::attack_order::{AttackOrder, find};
use crate::model_type::{Discipline, ModelType};
use crate::morale::{MoraleKind, MoraleOutcome, MoraleSpec, MoraleTest};
use crate::roster::Group;
use crate::skill::SkillKind;
use crate::turn::{Source, Turn};
use crate::{Condition, Roster, WarheimError};

/// Table side in inches (G2).
pub const TABLE_SIZE: f64 = 36.0;

/// The inputs of a saved resolution.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WarheimKind {
    /// An attack with its numbers fixed.
    Attack(AttackSpec),
    /// A nerves or flight test.
    Morale(MoraleSpec),
}

/// The typed outcome of a saved resolution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WarheimOutcome {
    /// Hits per side, T lost, states changed.
    Attack(AttackOutcome),
    /// Held or panicked.
    Morale(MoraleOutcome),
}

impl ResolutionKind for WarheimKind {
    type Outcome = WarheimOutcome;

    fn replay(&self, answers: &[Answer]) -> Result<Replayed<WarheimOutcome>, PlayError> {
        match self {
            WarheimKind::Attack(spec) => {
                spec.check()?;
                Replayed::of(Attack::new(spec.clone()), answers, |o| {
                    WarheimOutcome::Attack(o.clone())
                })
            }
            WarheimKind::Morale(spec) => {
                spec.value()?;
                Replayed::of(MoraleTest(spec.clone()), answers, |o| {
                    WarheimOutcome::Morale(o.clone())
                })
            }
        }
    }

    fn title_message(&self) -> Option<Message> {
        Some(match self {
            WarheimKind::Attack(spec) => {
                let targets: Vec<&str> = spec
                    .targets
                    .iter()
                    .map(|t| t.target.name.as_str())
                    .collect();
                Message::new("warheim.title.attack")
                    .text("attacker", spec.attacker.name.clone())
                    .text("targets", targets.join(", "))
            }
            WarheimKind::Morale(spec) => Message::new("warheim.title.morale")
                .text("who", spec.name.clone())
                .key("test", morale_key(spec.kind)),
        })
    }

    fn outcome_message(&self, outcome: &WarheimOutcome) -> Option<Message> {
        Some(match outcome {
            WarheimOutcome::Attack(o) => {
                let count = |f: &dyn Fn(&crate::Change) -> bool| {
                    i64::try_from(o.changes.iter().filter(|c| f(c)).count()).unwrap_or(i64::MAX)
                };
                let t_lost: u64 = o.changes.iter().map(|c| u64::from(c.t_lost)).sum();
                Message::new("warheim.outcome.attack")
                    .int("hit", count(&|c| c.hits > 0))
                    .int("t_lost", i64::try_from(t_lost).unwrap_or(i64::MAX))
                    .int("unconscious", count(&|c| c.fall == Fall::Unconscious))
                    .int("dead", count(&|c| c.fall == Fall::Dead))
            }
            WarheimOutcome::Morale(o) => Message::new(if o.panic {
                "warheim.outcome.morale_panic"
            } else {
                "warheim.outcome.morale_held"
            })
            .key("test", morale_key(o.kind))
            .int("value", i64::from(o.value)),
        })
    }
}

/// A change to the game.
#[derive(Debug, Clone, PartialEq)]
pub enum WarheimEdit {
    /// Sets player `player`'s roster (0-based; `player == count` adds a
    /// player, at most 3).
    SetRoster {
        /// The player.
        player: usize,
        /// The roster.
        roster: Roster,
    },
    /// Removes the last player's roster.
    RemoveLastRoster,
    /// Starts the next turn (H5): every commander appointed, no turn
    /// running.
    StartTurn,
    /// After the loss of the commander: a new commander (Leadership,
    /// Tactician, Strategist or Veteran) and new groups, between turns.
    AppointCommander {
        /// The player.
        player: usize,
        /// The new commander.
        commander: Id,
        /// The new groups.
        groups: Vec<Group>,
    },
    /// `player` picks the group at `index` of the turn's groups.
    ChooseGroup {
        /// The player choosing.
        player: usize,
        /// Index into [`Turn::groups`].
        group: usize,
    },
    /// A fighter of the acting group takes an activation.
    Activate {
        /// The fighter.
        fighter: Id,
        /// Where the activation comes from.
        source: Source,
        /// What he does.
        plan: ActionPlan,
    },
    /// The acting group gives its squad order (two short actions).
    SquadOrder {
        /// The first action.
        first: ShortAction,
        /// The second.
        second: ShortAction,
    },
    /// Ends the acting group (spent, or declining the commander's extra).
    EndGroup,
    /// A Solo outside any group joins the acting group at its start, for
    /// the rest of the turn (he loses his +1 to a result meanwhile).
    SoloJoins(Id),
    /// Ends the turn: panic and stupor end, Mor comes back.
    EndTurn,
    /// Declares an attack: a saved resolution with its odds.
    Attack(AttackOrder),
    /// Declares a morale test.
    Morale {
        /// The fighter.
        fighter: Id,
        /// Which test.
        kind: MoraleKind,
        /// The penalty (nerves: T lost).
        penalty: i32,
    },
    /// Applies a finished resolution's outcome to the fighters.
    Apply(Id),
    /// Sets or clears a state by hand (stupor, hidden, ...).
    SetCondition {
        /// The fighter.
        fighter: Id,
        /// The state.
        condition: Condition,
        /// On or off.
        on: bool,
    },
    /// Records the winner as the players decide (`None`: a draw).
    RecordResult(Option<usize>),
    /// Puts a fighter on the table at `at` facing `facing` (degrees,
    /// counter-clockwise from the x axis): his piece is added the first
    /// time (a large base for Monsters and Cavalry), moved and turned
    /// after that.
    Place {
        /// The fighter.
        fighter: Id,
        /// Where his base's centre goes, in inches.
        at: feldherr_table::geometry::Point,
        /// His facing in degrees.
        facing: f64,
    },
}

/// One group's activations as one player sees them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupView {
    /// Index into the turn's groups (for [`WarheimEdit::ChooseGroup`]).
    pub index: usize,
    /// The owner.
    pub player: usize,
    /// The roster group, `None` for a group of one.
    pub group: Option<Id>,
    /// Its fighters.
    pub fighters: Vec<Id>,
    /// Activations left, as the viewer may know them.
    pub remaining: u32,
}

/// The turn tracker's view for one player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnView {
    /// Turn number.
    pub number: u32,
    /// Whose choice it is (or who is acting).
    pub chooser: usize,
    /// The acting group.
    pub active: Option<usize>,
    /// Every group.
    pub groups: Vec<GroupView>,
}

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
}

fn player_ok(rosters: &[Roster], player: usize) -> Result<(), PlayError> {
    if player < rosters.len() {
        Ok(())
    } else {
        Err(PlayError::not_found("player", player + 1))
    }
}

impl Warheim {
    /// The turn tracker as `viewer` sees it: the commander's extra
    /// activation of another player's group shows only once revealed.
    pub fn turn_view(&self, viewer: usize) -> Option<TurnView> {
        let turn = self.turn.as_ref()?;
        Some(TurnView {
            number: turn.number,
            chooser: turn.chooser,
            active: turn.active,
            groups: turn
                .groups
                .iter()
                .enumerate()
                .map(|(index, g)| {
                    let revealed = self
                        .rosters
                        .get(g.player)
                        .is_some_and(|r| r.commander_revealed);
                    GroupView {
                        index,
                        player: g.player,
                        group: g.group,
                        fighters: g.fighters.clone(),
                        remaining: g.remaining_seen(g.player == viewer, revealed),
                    }
                })
                .collect(),
        })
    }

    /// `player`'s commander as `viewer` may see him.
    pub fn commander_seen(&self, player: usize, viewer: usize) -> Option<Id> {
        self.rosters
            .get(player)?
            .commander_seen_by(player == viewer)
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

    fn place(
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

    /// The exact odds of an attack before it is declared (the panel).
    pub fn preview(
        &self,
        order: &AttackOrder,
    ) -> Result<Vec<crate::attack::TargetOdds>, WarheimError> {
        Ok(order.build_in(&self.rosters, self.context())?.odds())
    }

    fn roster_of(&self, fighter: Id) -> Result<usize, PlayError> {
        Ok(find(&self.rosters, fighter)?.0)
    }

    fn push(&mut self, kind: WarheimKind) -> Result<(), PlayError> {
        let id = Id::next_after(self.resolutions.iter().map(SavedResolution::id));
        self.resolutions.push(SavedResolution::new(id, kind)?);
        Ok(())
    }

    fn set(&mut self, fighter: Id, condition: Condition, on: bool) -> Result<(), PlayError> {
        let p = self.roster_of(fighter)?;
        let f = self.rosters[p]
            .fighter_mut(fighter)
            .ok_or_else(|| PlayError::not_found("fighter", fighter))?;
        let mut state = f.current();
        if on {
            state.conditions.insert(condition);
        } else {
            state.conditions.remove(&condition);
        }
        f.state = Some(state);
        Ok(())
    }

    /// The commander or a Hero panicked, fell or died: the player's groups
    /// break; fighters of groups without a Leader become Disorganized
    /// (Slaves among them flee); the running turn loses what those groups
    /// had left (PH7).
    fn check_commander(&mut self, fighter: Id) -> Result<(), PlayError> {
        let p = self.roster_of(fighter)?;
        let roster = &self.rosters[p];
        let Some(f) = roster.fighter(fighter) else {
            return Ok(());
        };
        let struck = f.down() || f.has(Condition::Panic);
        if !struck
            || roster.commander_lost
            || !(roster.commander == Some(fighter) || f.is(ModelType::Hero))
        {
            return Ok(());
        }
        let mut keep = Vec::new();
        let mut broken = Vec::new();
        for g in &roster.groups {
            let led = g.members.iter().any(|m| {
                roster
                    .fighter(*m)
                    .is_some_and(|x| x.skill(SkillKind::Leadership) > 0 && !x.down())
            });
            if led {
                keep.push(g.id);
            } else {
                broken.extend(g.members.iter().copied());
            }
        }
        // Line 271: a Slave flees once he becomes Disorganized, which is
        // what the break does to a group without a Leader (PH13); one who
        // was Undisciplined all along does not become anything now.
        let slaves: Vec<Id> = roster
            .fighters
            .iter()
            .filter(|x| x.is(ModelType::Slave) && broken.contains(&x.id))
            .map(|x| x.id)
            .collect();
        let roster = &mut self.rosters[p];
        roster.commander_lost = true;
        roster.broken.extend(broken);
        for s in slaves {
            self.set(s, Condition::Panic, true)?;
        }
        let players = self.rosters.len();
        if let Some(turn) = &mut self.turn {
            turn.break_groups(p, &keep, players);
        }
        Ok(())
    }

    /// Solos who joined a group this turn (they have no +1 to a result).
    pub fn joined(&self) -> &[Id] {
        self.turn.as_ref().map_or(&[], |t| t.joined.as_slice())
    }

    fn context(&self) -> crate::attack_order::Context<'_> {
        crate::attack_order::Context {
            joined: self.joined(),
            hidden_targets: false,
        }
    }

    /// A shot of a weapon that reloads leaves it unloaded (line 177),
    /// unless the Veteran reloads it at once (line 205).
    fn fire(&mut self, order: &AttackOrder) -> Result<(), PlayError> {
        let p = self.roster_of(order.attacker)?;
        let Some(f) = self.rosters[p].fighter_mut(order.attacker) else {
            return Ok(());
        };
        let reloads = f.weapons.get(order.weapon).is_some_and(|w| w.reload);
        if reloads && !order.reload_after {
            let mut state = f.current();
            state.unloaded.insert(order.weapon);
            f.state = Some(state);
        }
        Ok(())
    }

    fn apply_attack(&mut self, outcome: &AttackOutcome) -> Result<(), PlayError> {
        for c in &outcome.changes {
            let p = self.roster_of(c.fighter)?;
            let f = self.rosters[p]
                .fighter(c.fighter)
                .ok_or_else(|| PlayError::not_found("fighter", c.fighter))?;
            if f.current().t != c.t_before {
                return Err(PlayError::refused(
                    format!(
                        "{} has T {} now, the attack was declared at T {}: declare it again",
                        f.name,
                        f.current().t,
                        c.t_before
                    ),
                    Some("PH8"),
                ));
            }
        }
        for c in &outcome.changes {
            let p = self.roster_of(c.fighter)?;
            let Some(f) = self.rosters[p].fighter_mut(c.fighter) else {
                continue;
            };
            let mut state = f.current();
            state.t = c.t_after;
            match c.fall {
                Fall::Standing => {}
                Fall::Unconscious => {
                    state.conditions.insert(Condition::Unconscious);
                }
                Fall::Dead => {
                    state.conditions.remove(&Condition::Unconscious);
                    state.conditions.insert(Condition::Dead);
                }
            }
            let name = f.name.clone();
            let mor = state.mor;
            f.state = Some(state);
            if let Some(penalty) = c.nerves_penalty {
                self.push(WarheimKind::Morale(MoraleSpec {
                    fighter: c.fighter,
                    name,
                    kind: MoraleKind::Nerves,
                    mor,
                    penalty,
                }))?;
            }
            self.check_commander(c.fighter)?;
        }
        Ok(())
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

    fn apply_inner(&mut self, edit: &WarheimEdit) -> Result<(), PlayError> {
        let players = self.rosters.len();
        match edit {
            WarheimEdit::SetRoster { player, roster } => {
                roster.check()?;
                if self.turn.is_some() {
                    return Err(PlayError::refused(
                        "rosters change only between turns",
                        Some("H5"),
                    ));
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
                        return Err(WarheimError::fighter(
                            &f.name,
                            "id",
                            f.id,
                            format!("already used by player {}", p + 1),
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
                        ));
                    }
                }
            }
            WarheimEdit::RemoveLastRoster => {
                if self.turn.is_some() {
                    return Err(PlayError::refused(
                        "rosters change only between turns",
                        Some("H5"),
                    ));
                }
                self.rosters
                    .pop()
                    .ok_or_else(|| PlayError::not_found("player", 1))?;
            }
            WarheimEdit::StartTurn => {
                if self.turn.is_some() {
                    return Err(PlayError::refused(
                        "a turn is running; end it first",
                        Some("H5"),
                    ));
                }
                if !(2..=3).contains(&players) {
                    return Err(PlayError::invalid(
                        "players",
                        players,
                        "Warheim is for 2 or 3 players",
                    ));
                }
                for r in &self.rosters {
                    if r.commander_lost && appointable(r) {
                        return Err(PlayError::refused(
                            format!(
                                "{} must appoint a new commander and form groups again first",
                                r.player
                            ),
                            Some("PH6"),
                        ));
                    }
                    if r.commander.is_none() {
                        return Err(PlayError::refused(
                            format!("{} has no commander", r.player),
                            Some("H5"),
                        ));
                    }
                }
                self.turn = Some(Turn::start(self.turns_played + 1, &self.rosters));
            }
            WarheimEdit::AppointCommander {
                player,
                commander,
                groups,
            } => {
                player_ok(&self.rosters, *player)?;
                if self.turn.is_some() {
                    return Err(PlayError::refused(
                        "the new commander is appointed at the start of the turn",
                        Some("PH6"),
                    ));
                }
                let r = &self.rosters[*player];
                let f = r
                    .fighter(*commander)
                    .ok_or_else(|| PlayError::not_found("fighter", commander))?;
                let eligible = [
                    SkillKind::Leadership,
                    SkillKind::Tactician,
                    SkillKind::Strategist,
                    SkillKind::Veteran,
                ]
                .iter()
                .any(|s| f.skill(*s) > 0);
                if r.commander_lost && (!eligible || f.down() || f.has(Condition::Panic)) {
                    return Err(WarheimError::fighter(&f.name, "commander", commander, "the new commander needs Leadership, Tactician, Strategist or Veteran and must be able").into());
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
                    .ok_or_else(|| PlayError::refused("no turn is running", Some("H5")))?;
                turn.choose(*player, *group)?;
            }
            WarheimEdit::Activate {
                fighter,
                source,
                plan,
            } => {
                let (p, f) = find(&self.rosters, *fighter)?;
                let discipline = self.rosters[p].discipline_of(*fighter);
                check_plan(f, discipline, *plan)?;
                let turn = self
                    .turn
                    .as_mut()
                    .ok_or_else(|| PlayError::refused("no turn is running", Some("H5")))?;
                let revealed =
                    turn.spend(*fighter, *source, discipline == Discipline::Undisciplined)?;
                if revealed {
                    self.rosters[p].commander_revealed = true;
                }
                self.auto_end(players)?;
            }
            WarheimEdit::SquadOrder { first, second } => {
                let turn = self
                    .turn
                    .as_ref()
                    .ok_or_else(|| PlayError::refused("no turn is running", Some("H5")))?;
                let g = turn
                    .active
                    .and_then(|i| turn.groups.get(i))
                    .ok_or_else(|| PlayError::refused("no group is acting", Some("H5")))?;
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
                if !f.is(ModelType::Solo) {
                    return Err(WarheimError::fighter(
                        &f.name,
                        "types",
                        "no Solo",
                        "only a Solo joins a group for the turn",
                    )
                    .into());
                }
                let turn = self
                    .turn
                    .as_mut()
                    .ok_or_else(|| PlayError::refused("no turn is running", Some("H5")))?;
                turn.join_solo(*fighter)?;
            }
            WarheimEdit::EndGroup => {
                let stuck = self.turn.as_ref().is_some_and(|t| self.group_stuck(t));
                let turn = self
                    .turn
                    .as_mut()
                    .ok_or_else(|| PlayError::refused("no turn is running", Some("H5")))?;
                turn.end_group(players, stuck)?;
            }
            WarheimEdit::EndTurn => {
                let turn = self
                    .turn
                    .as_ref()
                    .ok_or_else(|| PlayError::refused("no turn is running", Some("H5")))?;
                if !turn.finished() {
                    return Err(PlayError::refused(
                        "groups still have activations left",
                        Some("H5"),
                    ));
                }
                self.turn = None;
                self.turns_played += 1;
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
            WarheimEdit::Attack(order) => {
                let spec = order.build_in(&self.rosters, self.context())?;
                if order.ambush {
                    self.set(order.attacker, Condition::Hidden, false)?;
                }
                self.fire(order)?;
                self.push(WarheimKind::Attack(spec))?;
            }
            WarheimEdit::Morale {
                fighter,
                kind,
                penalty,
            } => {
                let (_, f) = find(&self.rosters, *fighter)?;
                if f.down() {
                    return Err(WarheimError::fighter(
                        &f.name,
                        "morale",
                        format!("{kind:?}"),
                        "a fighter down takes no morale test",
                    )
                    .into());
                }
                let spec = MoraleSpec {
                    fighter: *fighter,
                    name: f.name.clone(),
                    kind: *kind,
                    mor: f.current().mor,
                    penalty: *penalty,
                };
                spec.value()?;
                self.push(WarheimKind::Morale(spec))?;
            }
            WarheimEdit::Apply(id) => {
                let index = self
                    .resolutions
                    .iter()
                    .position(|r| r.id() == *id)
                    .ok_or_else(|| PlayError::not_found("resolution", id))?;
                let outcome = self.resolutions[index]
                    .outcome()
                    .cloned()
                    .ok_or(PlayError::Unfinished)?;
                self.resolutions[index].set_applied()?;
                match outcome {
                    WarheimOutcome::Attack(o) => self.apply_attack(&o)?,
                    WarheimOutcome::Morale(o) => {
                        if o.panic {
                            self.set(o.fighter, Condition::Panic, true)?;
                            self.check_commander(o.fighter)?;
                        }
                    }
                }
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
            WarheimEdit::Place { .. } => {
                return Err(PlayError::refused(
                    "placing a fighter needs the table",
                    None,
                ));
            }
            WarheimEdit::RecordResult(winner) => {
                if let Some(w) = winner {
                    player_ok(&self.rosters, *w)?;
                }
                self.result = Some(*winner);
            }
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

/// Whether `r` has a fighter able to become the new commander.
fn appointable(r: &Roster) -> bool {
    r.fighters.iter().any(|f| {
        !f.down()
            && [
                SkillKind::Leadership,
                SkillKind::Tactician,
                SkillKind::Strategist,
                SkillKind::Veteran,
            ]
            .iter()
            .any(|s| f.skill(*s) > 0)
    })
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
        if let WarheimEdit::Place {
            fighter,
            at,
            facing,
        } = edit
        {
            return self.place(*fighter, *at, *facing, table);
        }
        let mut next = self.clone();
        next.apply_inner(edit)?;
        *self = next;
        Ok(())
    }

    fn problems(&self, _table: &Table) -> Vec<Problem> {
        let mut out = Vec::new();
        if !(2..=3).contains(&self.rosters.len()) {
            out.push(
                Problem::new(
                    "rosters",
                    format!("{} players; Warheim is for 2 or 3", self.rosters.len()),
                )
                .rule("H5"),
            );
        }
        for (p, r) in self.rosters.iter().enumerate() {
            let path = format!("rosters[{p}]");
            if let Err(e) = r.check() {
                out.push(Problem::new(path.clone(), e.to_string()));
            }
            if r.commander.is_none() && !r.commander_lost {
                out.push(
                    Problem::new(format!("{path}.commander"), "no commander appointed").rule("H5"),
                );
            }
            for f in r.ungrouped() {
                out.push(
                    Problem::new(
                        format!("{path}.groups"),
                        format!("{} is in no group", f.name),
                    )
                    .rule("H5"),
                );
            }
        }
        out
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
            Lang::En => include_str!("../messages/en.json"),
            Lang::De => include_str!("../messages/de.json"),
        }
    }
}

/// The catalogue key naming a kind of morale test.
fn morale_key(kind: MoraleKind) -> &'static str {
    match kind {
        MoraleKind::Nerves => "warheim.morale.nerves",
        MoraleKind::Flight => "warheim.morale.flight",
    }
}
