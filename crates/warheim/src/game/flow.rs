//! The activation as one flow (PH26): beginning it, declaring, the moves'
//! sightings, the reactions, and which declared action an edit uses.

use feldherr_dice::step::Message;
use feldherr_play::{Id, PlayError, ResolutionKind};
use feldherr_table::Table;

use super::{Warheim, WarheimKind};
use crate::actions::{FullAction, ShortAction, check_plan, may_order};
use crate::activation::{
    Action, Activation, Declaration, MoveRecord, Phase, Reaction, ReactionDecl, Sighting, Slot,
};
use crate::attack_order::{AttackOrder, find};
use crate::model_type::Discipline;
use crate::on_table::{MeasuredMove, MoveKind};
use crate::refusal::say;
use crate::skill::SkillKind;
use crate::turn::Source;
use crate::{ActionPlan, Condition, WarheimError};

/// What an edit does, as the activation's declarations see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Deed {
    /// An attack or a shot (with the order's flags).
    Attack {
        melee: bool,
        ambush: bool,
        charge: bool,
        manoeuvre: bool,
        volley: bool,
        reload_after: bool,
        intuitive: bool,
        reaction: bool,
    },
    /// A spell: a full cast or one short action.
    Cast { full: bool, reaction: bool },
    /// Spotting a marker.
    Spot,
    /// Spotting and shooting a marker.
    Reveal,
    /// Hiding.
    Hide,
    /// Reloading.
    Reload,
    /// A special ability.
    Special,
    /// A throw.
    Throw,
    /// A drawn move.
    Move(MoveKind),
}

impl Deed {
    /// The deed of an attack order.
    pub(crate) fn of_attack(order: &AttackOrder, melee: bool) -> Self {
        Deed::Attack {
            melee,
            ambush: order.ambush,
            charge: order.charge,
            manoeuvre: order.manoeuvre,
            volley: order.volley,
            reload_after: order.reload_after,
            intuitive: order.intuitive,
            reaction: order.as_reaction,
        }
    }

    /// Whether this deed carries out `action` declared in slot `slot`.
    fn fits(self, action: Action, slot: Slot) -> bool {
        use Action::{Full, Short};
        let second = matches!(slot, Slot::Second | Slot::Squad(_, true));
        match (self, action) {
            (
                Deed::Attack {
                    melee,
                    ambush,
                    charge,
                    manoeuvre,
                    volley,
                    reload_after,
                    intuitive,
                    ..
                },
                action,
            ) => match action {
                Short(ShortAction::Attack) => {
                    melee && !ambush && !charge && !manoeuvre && !intuitive
                }
                Short(ShortAction::AmbushStrike) => melee && ambush,
                Short(ShortAction::Shoot) => !melee && !ambush && !volley && !reload_after,
                Short(ShortAction::AmbushShot) => !melee && ambush,
                Full(FullAction::Charge) => melee && charge,
                Full(FullAction::Manoeuvre) => melee && manoeuvre,
                Full(FullAction::IntuitiveAttack) => intuitive,
                Full(FullAction::Volley) => !melee && volley,
                Full(FullAction::ShootReload) => !melee && reload_after,
                _ => false,
            },
            (Deed::Cast { full: true, .. }, Full(FullAction::CastSpell)) => true,
            (Deed::Cast { full: false, .. }, Short(ShortAction::Channel)) => true,
            (Deed::Spot, Short(ShortAction::Spot)) => true,
            (Deed::Reveal, Full(FullAction::Reveal)) => true,
            (Deed::Hide, Short(ShortAction::Hide)) => true,
            (Deed::Reload, Short(ShortAction::Reload)) => true,
            (Deed::Special, Short(ShortAction::Special)) => true,
            (Deed::Throw, Short(ShortAction::Throw)) => true,
            (Deed::Move(kind), action) => match (kind, action) {
                (MoveKind::Move, Short(ShortAction::Move)) => !second,
                (MoveKind::SecondMove, Short(ShortAction::Move | ShortAction::SecondMove)) => {
                    second
                }
                (MoveKind::Charge, Full(FullAction::Charge)) => true,
                (MoveKind::Climb, Full(FullAction::Climb)) => true,
                (MoveKind::Jump, Full(FullAction::Jump { up: false })) => true,
                (MoveKind::JumpUp, Full(FullAction::Jump { up: true })) => true,
                (MoveKind::Stealth, Full(FullAction::StealthMove)) => true,
                (MoveKind::Aside, Short(ShortAction::Dodge) | Full(FullAction::Manoeuvre)) => true,
                _ => false,
            },
            _ => false,
        }
    }

    fn is_move(self) -> bool {
        matches!(self, Deed::Move(_))
    }

    /// Whether the deed says it is a reaction; `None` when it can be
    /// either (a spot).
    fn reaction_flag(self) -> Option<bool> {
        match self {
            Deed::Attack { reaction, .. } | Deed::Cast { reaction, .. } => Some(reaction),
            Deed::Spot | Deed::Move(_) => None,
            _ => Some(false),
        }
    }
}

fn refused(message: Message) -> PlayError {
    crate::refusal::refused(message, Some("PH26"))
}

impl Warheim {
    /// The activation running, if any.
    pub fn activation(&self) -> Option<&Activation> {
        self.turn.as_ref()?.activation.as_ref()
    }

    fn activation_mut(&mut self) -> Result<&mut Activation, PlayError> {
        self.turn
            .as_mut()
            .and_then(|t| t.activation.as_mut())
            .ok_or_else(|| refused(say("no_activation")))
    }

    fn name_of(&self, id: Id) -> String {
        find(&self.rosters, id).map_or_else(|_| id.to_string(), |(_, f)| f.name.clone())
    }

    /// Begins an activation of `fighter` (H5): he is in the acting group
    /// and it has an activation for him, which is spent now.
    pub(crate) fn begin_activation(
        &mut self,
        fighter: Id,
        source: Source,
    ) -> Result<(), PlayError> {
        let (p, f) = find(&self.rosters, fighter)?;
        let name = f.name.clone();
        let discipline = self.rosters[p].discipline_of(fighter);
        if f.down() || f.has(Condition::Panic) {
            return Err(WarheimError::fighter_says(
                &f.name,
                "fighter",
                "down or panicking",
                say("no_activate"),
            )
            .into());
        }
        let marker = f.has(Condition::Hidden);
        let turn = self
            .turn
            .as_mut()
            .ok_or_else(|| crate::refusal::refused(say("no_turn"), Some("H5")))?;
        if turn.activation.is_some() {
            return Err(refused(say("activation_running")));
        }
        let revealed = turn
            .spend(fighter, source, discipline == Discipline::Undisciplined)
            .map_err(|e| e.with_text("fighter", &name))?;
        turn.activation = Some(Activation::new(fighter, p, Some(source), marker));
        if revealed {
            self.rosters[p].commander_revealed = true;
        }
        Ok(())
    }

    /// Begins the acting group's squad order (line 237): one activation
    /// of the group spent, every able fighter of it acting at once.
    pub(crate) fn begin_squad_order(&mut self) -> Result<(), PlayError> {
        let turn = self
            .turn
            .as_ref()
            .ok_or_else(|| crate::refusal::refused(say("no_turn"), Some("H5")))?;
        if turn.activation.is_some() {
            return Err(refused(say("activation_running")));
        }
        let g = turn
            .active
            .and_then(|i| turn.groups.get(i))
            .ok_or_else(|| crate::refusal::refused(say("no_group"), Some("H5")))?;
        let squad: Vec<Id> = g
            .fighters
            .iter()
            .copied()
            .filter(|id| {
                find(&self.rosters, *id).is_ok_and(|(_, f)| !f.down() && !f.has(Condition::Panic))
            })
            .collect();
        let Some(&first) = squad.first() else {
            return Err(crate::refusal::refused(say("nobody_can_act"), Some("H5")));
        };
        let player = g.player;
        let turn = self.turn.as_mut().ok_or(PlayError::Unfinished)?;
        turn.squad_order()?;
        let mut a = Activation::new(first, player, None, false);
        a.squad = squad;
        turn.activation = Some(a);
        Ok(())
    }

    /// Checks `d` as an action `fighter` may take as `plan`, with its
    /// weapon, spell and targets.
    fn check_declaration(
        &self,
        fighter: Id,
        d: &Declaration,
        plan: ActionPlan,
    ) -> Result<(), PlayError> {
        let (p, f) = find(&self.rosters, fighter)?;
        check_plan(f, self.rosters[p].discipline_of(fighter), plan)?;
        let action = d.action;
        if f.has(Condition::Hidden)
            && matches!(
                action,
                Action::Short(ShortAction::Move | ShortAction::SecondMove)
                    | Action::Full(
                        FullAction::Charge
                            | FullAction::Climb
                            | FullAction::Jump { .. }
                            | FullAction::StealthMove
                    )
            )
        {
            return Err(WarheimError::fighter_says(
                &f.name,
                "action",
                format!("{action:?}"),
                say("hidden_no_move"),
            )
            .into());
        }
        if let Some(w) = d.weapon
            && w >= f.weapons.len()
        {
            return Err(WarheimError::fighter_says(
                &f.name,
                "weapon",
                w,
                say("weapon_count").int("count", f.weapons.len() as i64),
            )
            .into());
        }
        if let Some(s) = d.spell {
            let spell = f.spells.get(s).ok_or_else(|| {
                WarheimError::fighter_says(
                    &f.name,
                    "spell",
                    s,
                    say("spell_count").int("count", f.spells.len() as i64),
                )
            })?;
            crate::magic::check_known(f, spell, "spell")?;
            let full = matches!(action, Action::Full(FullAction::CastSpell));
            let short = matches!(action, Action::Short(ShortAction::Channel));
            if (full && !spell.is_full_action()) || (short && spell.is_full_action()) {
                return Err(WarheimError::fighter_says(
                    &f.name,
                    "spell",
                    &spell.name,
                    if spell.is_full_action() {
                        say("spell_full")
                    } else {
                        say("spell_short")
                    },
                )
                .into());
            }
        }
        for t in &d.targets {
            find(&self.rosters, *t)?;
        }
        if let Action::Full(FullAction::Order) = action {
            self.check_order(fighter, d)?;
        } else if d.ordered.is_some() {
            return Err(
                WarheimError::fighter_says(&f.name, "ordered", "given", say("only_order")).into(),
            );
        }
        Ok(())
    }

    /// Line 203: the ordered model is of the Leader's group, in his sight
    /// where both stand on the table, neither a Leader nor a Hero; an
    /// Elite takes orders only from a Hero or an Elite Leader.
    fn check_order(&self, leader: Id, d: &Declaration) -> Result<(), PlayError> {
        let (p, l) = find(&self.rosters, leader)?;
        let Some(o) = &d.ordered else {
            return Err(
                WarheimError::fighter_says(&l.name, "ordered", "none", say("order_names")).into(),
            );
        };
        let (q, ordered) = find(&self.rosters, o.fighter)?;
        let same_group = p == q
            && self.rosters[p]
                .group_of(leader)
                .is_some_and(|g| g.members.contains(&o.fighter));
        if !same_group {
            return Err(WarheimError::fighter_says(
                &ordered.name,
                "ordered",
                &l.name,
                say("order_own_group").text("leader", &l.name),
            )
            .into());
        }
        if !may_order(l, ordered) {
            let why =
                if ordered.skill(SkillKind::Leadership) > 0 || ordered.is(crate::ModelType::Hero) {
                    say("no_orders")
                } else {
                    say("elite_orders")
                };
            return Err(WarheimError::fighter_says(&ordered.name, "ordered", &l.name, why).into());
        }
        // His weapon, spell, targets and ability are checked as his own
        // declaration would be.
        self.check_declaration(
            o.fighter,
            &o.declaration(),
            ActionPlan::Short(o.action, None),
        )
    }

    /// The order's sight check needs the table.
    fn check_order_sight(
        &self,
        table: &Table,
        leader: Id,
        d: &Declaration,
    ) -> Result<(), PlayError> {
        let Some(o) = &d.ordered else { return Ok(()) };
        if let Some(s) = self.sight(table, leader, o.fighter)?
            && !s.sees
        {
            return Err(WarheimError::fighter_says(
                &self.name_of(o.fighter),
                "ordered",
                self.name_of(leader),
                say("order_sight").text("leader", self.name_of(leader)),
            )
            .into());
        }
        Ok(())
    }

    /// Declares the first action (or the full action): checked, then the
    /// sightings of the acting models where they stand.
    pub(crate) fn declare(&mut self, table: &Table, d: &Declaration) -> Result<(), PlayError> {
        let a = self
            .activation()
            .ok_or_else(|| refused(say("no_activation")))?;
        if a.phase != Phase::Begun {
            return Err(refused(say("first_declared")));
        }
        let actors = if a.squad.is_empty() {
            vec![a.fighter]
        } else {
            a.squad.clone()
        };
        let plan = match d.action {
            Action::Full(f) => ActionPlan::Full(f),
            Action::Short(s) => ActionPlan::Short(s, None),
        };
        if !a.squad.is_empty() && matches!(d.action, Action::Full(_)) {
            return Err(refused(say("squad_two_short")));
        }
        for id in &actors {
            self.check_declaration(*id, d, plan)?;
        }
        let leader = a.fighter;
        self.check_order_sight(table, leader, d)?;
        let a = self.activation_mut()?;
        a.first = Some(d.clone());
        a.phase = Phase::FirstHalf;
        self.update_sightings(table)?;
        self.reveal_by(&actors, d.action)
    }

    /// A marker that declares an ambush or a spell shows itself (lines
    /// 167-169; PH28): the delayed reactions may follow (line 39).
    fn reveal_by(&mut self, actors: &[Id], action: Action) -> Result<(), PlayError> {
        let reveals = matches!(
            action,
            Action::Short(
                ShortAction::AmbushStrike | ShortAction::AmbushShot | ShortAction::Channel
            ) | Action::Full(FullAction::CastSpell)
        );
        if reveals {
            for id in actors {
                self.set(*id, Condition::Hidden, false)?;
            }
        }
        Ok(())
    }

    /// Declares the second short action: every enemy who saw has answered
    /// (line 33); a shot and a reload pair only for two weapons (line 179).
    pub(crate) fn declare_second(&mut self, d: &Declaration) -> Result<(), PlayError> {
        let a = self
            .activation()
            .ok_or_else(|| refused(say("no_activation")))?;
        if a.phase != Phase::FirstHalf {
            return Err(refused(say("second_after_first")));
        }
        let Some(first) = a.first.clone() else {
            return Err(refused(say("declare_first")));
        };
        let (Action::Short(x), Action::Short(y)) = (first.action, d.action) else {
            return Err(refused(say("full_is_whole")));
        };
        if !a.reactions_complete() {
            let waiting: Vec<String> = a
                .seers()
                .into_iter()
                .filter(|s| a.reaction_of(*s).is_none())
                .map(|s| self.name_of(s))
                .collect();
            return Err(refused(
                say("answer_first").text("waiting", waiting.join(", ")),
            ));
        }
        let actors = if a.squad.is_empty() {
            vec![a.fighter]
        } else {
            a.squad.clone()
        };
        for id in &actors {
            self.check_declaration(*id, d, ActionPlan::Short(x, Some(y)))?;
        }
        let shot_and_reload =
            (x.is_shot() && y == ShortAction::Reload) || (y.is_shot() && x == ShortAction::Reload);
        if shot_and_reload && first.weapon.is_some() && first.weapon == d.weapon {
            return Err(WarheimError::fighter_says(
                &self.name_of(actors[0]),
                "weapon",
                first.weapon.unwrap_or(0),
                say("shot_and_reload"),
            )
            .into());
        }
        let a = self.activation_mut()?;
        a.second = Some(d.clone());
        a.phase = Phase::SecondHalf;
        self.reveal_by(&actors, d.action)
    }

    /// Recomputes who saw the acting models in the first half: along each
    /// first-half move, or where they stand (PH26). Kept as the players
    /// set it once they overruled it.
    fn update_sightings(&mut self, table: &Table) -> Result<(), PlayError> {
        let Some(a) = self.activation() else {
            return Ok(());
        };
        if a.seen_overruled {
            return Ok(());
        }
        let mut sightings: Vec<Sighting> = Vec::new();
        for actor in a.actors() {
            let first_half =
                a.moves.iter().filter(|m| m.fighter == actor).find(|m| {
                    matches!(m.slot, Slot::First | Slot::Ordered | Slot::Squad(_, false))
                });
            let seen = match first_half {
                Some(m) => self.seen_along(table, actor, &m.path)?,
                None => self.seen_by(table, actor)?,
            };
            for s in seen {
                match sightings.iter_mut().find(|x| x.fighter == s) {
                    Some(x) => x.saw.push(actor),
                    None => sightings.push(Sighting {
                        fighter: s,
                        saw: vec![actor],
                    }),
                }
            }
        }
        self.activation_mut()?.sightings = sightings;
        Ok(())
    }

    /// The players' list of who saw whom (overrules the table).
    pub(crate) fn set_seen_by(&mut self, sightings: &[Sighting]) -> Result<(), PlayError> {
        let a = self
            .activation()
            .ok_or_else(|| refused(say("no_activation")))?;
        if a.phase != Phase::FirstHalf || !a.reactions.is_empty() {
            return Err(refused(say("seen_before_reactions")));
        }
        let actors = a.actors();
        let player = a.player;
        for (i, s) in sightings.iter().enumerate() {
            let (p, _) = find(&self.rosters, s.fighter)?;
            if p == player {
                return Err(WarheimError::fighter_says(
                    &self.name_of(s.fighter),
                    format!("seen_by[{i}].fighter"),
                    self.name_of(s.fighter),
                    say("only_enemies"),
                )
                .into());
            }
            if s.saw.is_empty() || s.saw.iter().any(|x| !actors.contains(x)) {
                return Err(WarheimError::fighter_says(
                    &self.name_of(s.fighter),
                    format!("seen_by[{i}].saw"),
                    format!("{:?}", s.saw),
                    say("saw_actors"),
                )
                .into());
            }
            if sightings[..i].iter().any(|o| o.fighter == s.fighter) {
                return Err(WarheimError::fighter_says(
                    &self.name_of(s.fighter),
                    format!("seen_by[{i}].fighter"),
                    self.name_of(s.fighter),
                    say("seen_twice"),
                )
                .into());
            }
        }
        let a = self.activation_mut()?;
        a.sightings = sightings.to_vec();
        a.seen_overruled = true;
        Ok(())
    }

    /// An enemy declares his reaction (lines 31-41, 203).
    pub(crate) fn react(&mut self, fighter: Id, reaction: &ReactionDecl) -> Result<(), PlayError> {
        let a = self
            .activation()
            .ok_or_else(|| refused(say("no_activation")))?
            .clone();
        let (_, f) = find(&self.rosters, fighter)?;
        let name = f.name.clone();
        if !a.seers().contains(&fighter) {
            return Err(WarheimError::fighter_says(
                &name,
                "reaction",
                format!("{reaction:?}"),
                say("only_seers"),
            )
            .into());
        }
        let previous = a.reaction_of(fighter).cloned();
        let active_hidden =
            find(&self.rosters, a.fighter).is_ok_and(|(_, x)| x.has(Condition::Hidden));
        match (&previous, a.phase) {
            (None, Phase::FirstHalf) => {}
            (Some(ReactionDecl::Delay), _) if !active_hidden => {}
            (Some(ReactionDecl::Delay), _) => {
                return Err(WarheimError::fighter_says(
                    &name,
                    "reaction",
                    "delayed",
                    say("marker_unrevealed"),
                )
                .into());
            }
            (Some(_), _) => {
                return Err(WarheimError::fighter_says(
                    &name,
                    "reaction",
                    format!("{reaction:?}"),
                    say("one_reaction"),
                )
                .into());
            }
            (None, _) => {
                return Err(WarheimError::fighter_says(
                    &name,
                    "reaction",
                    format!("{reaction:?}"),
                    say("reactions_when"),
                )
                .into());
            }
        }
        match reaction {
            ReactionDecl::Pass => {}
            ReactionDecl::Delay => {
                if !a.marker {
                    return Err(WarheimError::fighter_says(
                        &name,
                        "reaction",
                        "delay",
                        say("delay_marker"),
                    )
                    .into());
                }
            }
            ReactionDecl::React {
                action,
                against,
                weapon,
                spell,
            } => {
                if !a.saw(fighter).contains(against) {
                    return Err(WarheimError::fighter_says(
                        &name,
                        "reaction.against",
                        self.name_of(*against),
                        say("react_seen").text("against", self.name_of(*against)),
                    )
                    .into());
                }
                let order = a
                    .first
                    .as_ref()
                    .is_some_and(|d| d.action == Action::Full(FullAction::Order));
                if order && a.saw(fighter).contains(&a.fighter) && *against != a.fighter {
                    return Err(WarheimError::fighter_says(
                        &name,
                        "reaction.against",
                        self.name_of(*against),
                        say("react_leader").text("leader", self.name_of(a.fighter)),
                    )
                    .into());
                }
                let allowed = matches!(
                    action,
                    ShortAction::Attack
                        | ShortAction::Shoot
                        | ShortAction::AmbushStrike
                        | ShortAction::AmbushShot
                        | ShortAction::Channel
                        | ShortAction::Dodge
                        | ShortAction::Block
                        | ShortAction::Turn
                        | ShortAction::Overcome
                        | ShortAction::Spot
                );
                if !allowed {
                    return Err(WarheimError::fighter_says(
                        &name,
                        "reaction",
                        format!("{action:?}"),
                        say("react_against"),
                    )
                    .into());
                }
                crate::actions::check_reaction(f, *action, true, false)?;
                if let Some(w) = weapon
                    && *w >= f.weapons.len()
                {
                    return Err(WarheimError::fighter_says(
                        &name,
                        "reaction.weapon",
                        w,
                        say("weapon_count").int("count", f.weapons.len() as i64),
                    )
                    .into());
                }
                if let Some(s) = spell {
                    let sp = f.spells.get(*s).ok_or_else(|| {
                        WarheimError::fighter_says(
                            &name,
                            "reaction.spell",
                            s,
                            say("spell_count").int("count", f.spells.len() as i64),
                        )
                    })?;
                    if sp.is_full_action() {
                        return Err(WarheimError::fighter_says(
                            &name,
                            "reaction.spell",
                            &sp.name,
                            say("full_cast_reaction"),
                        )
                        .into());
                    }
                }
            }
        }
        let a = self.activation_mut()?;
        a.reactions.retain(|r| r.fighter != fighter);
        a.reactions.push(Reaction {
            fighter,
            decl: reaction.clone(),
        });
        Ok(())
    }

    /// Which declared action `actor`'s `deed` carries out; marks it used.
    /// Without an activation running, anything goes (the referee's way).
    pub(crate) fn claim(&mut self, actor: Id, deed: Deed) -> Result<(), PlayError> {
        let Some(a) = self.activation().cloned() else {
            return Ok(());
        };
        let mut slots: Vec<(Slot, Action)> = Vec::new();
        if a.squad.contains(&actor) {
            if let Some(d) = &a.first {
                slots.push((Slot::Squad(actor, false), d.action));
            }
            if let Some(d) = &a.second {
                slots.push((Slot::Squad(actor, true), d.action));
            }
        } else if actor == a.fighter {
            if let Some(d) = &a.first {
                slots.push((Slot::First, d.action));
            }
            if let Some(d) = &a.second {
                slots.push((Slot::Second, d.action));
            }
        }
        if let Some(o) = a.first.as_ref().and_then(|d| d.ordered.as_ref())
            && o.fighter == actor
        {
            slots.push((Slot::Ordered, Action::Short(o.action)));
        }
        if let Some(ReactionDecl::React { action, .. }) = a.reaction_of(actor) {
            slots.push((Slot::Reaction(actor), Action::Short(*action)));
        }
        let name = self.name_of(actor);
        if slots.is_empty() {
            return Err(WarheimError::fighter_says(
                &name,
                "fighter",
                "not acting",
                say("not_acting"),
            )
            .into());
        }
        if !deed.is_move() && !a.reactions_complete() {
            return Err(refused(say("enemies_answer")));
        }
        let found = slots.iter().find(|(slot, action)| {
            let reaction_slot = matches!(slot, Slot::Reaction(_));
            deed.fits(*action, *slot) && deed.reaction_flag().is_none_or(|r| r == reaction_slot)
        });
        let Some(&(slot, _)) = found else {
            return Err(WarheimError::fighter_says(
                &name,
                "action",
                format!("{deed:?}"),
                say("not_declared"),
            )
            .into());
        };
        let a = self.activation_mut()?;
        if deed.is_move() {
            // One move per declared action: drawn again only after it was
            // taken back (TakeBackMove), never on top of itself.
            if a.moves.iter().any(|m| m.slot == slot && m.fighter == actor) {
                return Err(WarheimError::fighter_says(
                    &name,
                    "path",
                    format!("{deed:?}"),
                    say("move_drawn"),
                )
                .into());
            }
        } else {
            if a.used.contains(&slot) {
                return Err(WarheimError::fighter_says(
                    &name,
                    "action",
                    format!("{deed:?}"),
                    say("resolved_already"),
                )
                .into());
            }
            a.used.push(slot);
        }
        Ok(())
    }

    /// Records a drawn move of the activation and who saw it.
    pub(crate) fn record_move(
        &mut self,
        table: &Table,
        fighter: Id,
        m: &MeasuredMove,
    ) -> Result<(), PlayError> {
        let Some(a) = self.activation() else {
            return Ok(());
        };
        // A reactor's step aside is no move of the acting models.
        if !a.actors().contains(&fighter) {
            return Ok(());
        }
        let slot = if a.squad.contains(&fighter) {
            Slot::Squad(fighter, a.phase == Phase::SecondHalf)
        } else if a
            .first
            .as_ref()
            .and_then(|d| d.ordered.as_ref())
            .is_some_and(|o| o.fighter == fighter)
        {
            Slot::Ordered
        } else if a.phase == Phase::SecondHalf {
            Slot::Second
        } else {
            Slot::First
        };
        let first_half = a.phase == Phase::FirstHalf;
        if first_half && !a.reactions.is_empty() {
            return Err(refused(say("reactions_declared")));
        }
        let from_facing = self
            .piece_of(table, fighter)
            .and_then(feldherr_table::Piece::facing_angle)
            .map(|f| f.degrees());
        let from_elevation = self.elevation_of(fighter);
        let a = self.activation_mut()?;
        a.moves
            .retain(|r| !(r.fighter == fighter && r.slot == slot));
        a.moves.push(MoveRecord {
            fighter,
            slot,
            path: m.path.clone(),
            length: m.length,
            allowance: m.allowance,
            from_facing,
            from_elevation,
        });
        if first_half {
            self.update_sightings(table)?;
        }
        Ok(())
    }

    /// Takes back `fighter`'s drawn move of the running activation (PH26):
    /// he stands where, how high and facing as he did before it, and who
    /// saw the acting models is measured again. A move of the first half
    /// goes back only while no reaction is declared (the seers answer what
    /// they saw, line 31); any move only while nothing of the activation
    /// was resolved (a fall it caused included).
    pub(crate) fn take_back_move(
        &mut self,
        table: &mut Table,
        fighter: Id,
    ) -> Result<(), PlayError> {
        let a = self
            .activation()
            .ok_or_else(|| refused(say("no_activation")))?
            .clone();
        let name = self.name_of(fighter);
        let Some(i) = a.moves.iter().rposition(|m| m.fighter == fighter) else {
            return Err(WarheimError::fighter_says(
                &name,
                "fighter",
                &name,
                say("no_move_to_take_back"),
            )
            .into());
        };
        let m = a.moves[i].clone();
        let first_half = matches!(m.slot, Slot::First | Slot::Ordered | Slot::Squad(_, false));
        if first_half && (a.phase != Phase::FirstHalf || !a.reactions.is_empty()) {
            return Err(
                WarheimError::fighter_says(&name, "fighter", &name, say("move_seen")).into(),
            );
        }
        if !a.resolutions.is_empty() {
            return Err(
                WarheimError::fighter_says(&name, "fighter", &name, say("move_resolved")).into(),
            );
        }
        let start = m.path.first().copied().ok_or_else(|| {
            WarheimError::fighter_says(&name, "moves.path", "empty", say("move_empty"))
        })?;
        let piece =
            self.pieces.get(&fighter).copied().ok_or_else(|| {
                WarheimError::fighter_says(&name, "piece", "none", say("off_table"))
            })?;
        table
            .apply(feldherr_table::TableEdit::Move {
                id: piece,
                to: start,
            })
            .map_err(|e| PlayError::invalid("piece", piece, e.to_string()))?;
        if let Some(facing) = m.from_facing {
            let facing = feldherr_geometry::Angle::from_degrees(facing)
                .map_err(|_| PlayError::invalid("facing", facing, "a finite angle"))?;
            table
                .apply(feldherr_table::TableEdit::Rotate { id: piece, facing })
                .map_err(|e| PlayError::invalid("piece", piece, e.to_string()))?;
        }
        self.set_elevation(fighter, m.from_elevation)?;
        let a = self.activation_mut()?;
        a.moves.remove(i);
        if m.slot != Slot::Second && !matches!(m.slot, Slot::Squad(_, true)) {
            a.charge_failed = false;
        }
        if a.phase == Phase::FirstHalf {
            self.update_sightings(table)?;
        }
        Ok(())
    }

    /// Ends the activation (line 43, PH27): every resolution it started
    /// must be finished; their outcomes are applied together, the active
    /// player's fighters first; flight tests are queued for the friends,
    /// within their full move and in sight, of every fighter who died
    /// (line 251, PH32).
    pub(crate) fn end_activation(&mut self, table: &mut Table) -> Result<(), PlayError> {
        let a = self
            .activation()
            .ok_or_else(|| refused(say("no_activation")))?
            .clone();
        let mut outcomes = Vec::new();
        let mut indices = Vec::new();
        for id in &a.resolutions {
            let Some(i) = self.resolutions.iter().position(|r| r.id() == *id) else {
                continue;
            };
            let r = &self.resolutions[i];
            if r.applied() {
                continue;
            }
            let outcome = r.outcome().cloned().ok_or_else(|| {
                crate::refusal::refused(
                    say("unfinished").nested(
                        "title",
                        r.kind()
                            .title_message()
                            .unwrap_or_else(|| Message::verbatim(&r.resolution().title())),
                    ),
                    Some("PH27"),
                )
            })?;
            outcomes.push(outcome);
            indices.push(i);
        }
        for &i in &indices {
            self.resolutions[i].set_applied()?;
        }
        let dead_before: Vec<Id> = self.dead();
        if let Some(t) = self.turn.as_mut() {
            t.activation = None;
        }
        self.apply_outcomes(&outcomes, Some(a.player), table)?;
        let newly_dead: Vec<Id> = self
            .dead()
            .into_iter()
            .filter(|d| !dead_before.contains(d))
            .collect();
        let mut due: Vec<Id> = Vec::new();
        for d in newly_dead {
            for f in self.flight_due(table, d)? {
                if !due.contains(&f) {
                    due.push(f);
                }
            }
        }
        for f in due {
            let (_, fighter) = find(&self.rosters, f)?;
            if fighter.down() {
                continue;
            }
            let spec = crate::morale::MoraleSpec {
                fighter: f,
                name: fighter.name.clone(),
                kind: crate::MoraleKind::Flight,
                mor: fighter.current().mor,
                penalty: 0,
                wip: false,
            };
            self.push(WarheimKind::Morale(spec))?;
        }
        let players = self.rosters.len();
        self.auto_end(players)
    }

    fn dead(&self) -> Vec<Id> {
        self.rosters
            .iter()
            .flat_map(|r| &r.fighters)
            .filter(|f| f.has(Condition::Dead))
            .map(|f| f.id)
            .collect()
    }

    /// Records resolution `id` as started in the running activation.
    pub(crate) fn started(&mut self, id: Id) {
        if let Some(a) = self.turn.as_mut().and_then(|t| t.activation.as_mut()) {
            a.resolutions.push(id);
        }
    }
}
