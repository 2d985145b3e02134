//! One activation as one flow (lines 31-43, 109-111, 129-131, PH26): the
//! fighter takes an activation of his group; he declares his first short
//! action (or his whole full action) and draws its move; every enemy who
//! saw him at any point of that first half gets one short action as a
//! reaction, declared at the end of the first half; then he declares his
//! second short action; the declared actions are resolved; at the end the
//! states change, the active player's first.

use feldherr_play::Id;
use serde::{Deserialize, Serialize};

use crate::actions::{ActionPlan, FullAction, ShortAction};
use crate::turn::Source;

/// An action as the activation holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// A short action.
    Short(ShortAction),
    /// A full action.
    Full(FullAction),
}

/// A model of the Leader's group acting on his order (line 203): one
/// short action, at once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderedAction {
    /// The model ordered.
    pub fighter: Id,
    /// What he does.
    pub action: ShortAction,
    /// The weapon it uses, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapon: Option<usize>,
    /// The spell it casts, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spell: Option<usize>,
    /// The enemies it aims at.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub targets: Vec<Id>,
    /// A special ability's name, as the army sheet names it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ability: Option<String>,
}

impl OrderedAction {
    /// The ordered model's action as a declaration of his own: checked and
    /// resolved as if he had declared it, with him as attacker or caster.
    pub fn declaration(&self) -> Declaration {
        let mut d = Declaration::short(self.action);
        d.weapon = self.weapon;
        d.spell = self.spell;
        d.targets.clone_from(&self.targets);
        d.ability.clone_from(&self.ability);
        d
    }
}

/// An action declared in an activation, with what it uses and aims at.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Declaration {
    /// The action.
    pub action: Action,
    /// The weapon it uses (an attack, a shot, a reload, a charge).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapon: Option<usize>,
    /// The spell it casts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spell: Option<usize>,
    /// The fighters it aims at (enemies; for an order, none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub targets: Vec<Id>,
    /// A special ability's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ability: Option<String>,
    /// An order's model and his action (line 203).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ordered: Option<OrderedAction>,
}

impl Declaration {
    /// A bare short action.
    pub fn short(action: ShortAction) -> Self {
        Self::of(Action::Short(action))
    }

    /// A bare full action.
    pub fn full(action: FullAction) -> Self {
        Self::of(Action::Full(action))
    }

    fn of(action: Action) -> Self {
        Self {
            action,
            weapon: None,
            spell: None,
            targets: Vec::new(),
            ability: None,
            ordered: None,
        }
    }

    /// The same with `weapon`.
    pub fn with_weapon(mut self, weapon: usize) -> Self {
        self.weapon = Some(weapon);
        self
    }

    /// The same aimed at `targets`.
    pub fn at(mut self, targets: &[Id]) -> Self {
        self.targets = targets.to_vec();
        self
    }

    /// The same with the special ability `ability`.
    pub fn with_ability(mut self, ability: impl Into<String>) -> Self {
        self.ability = Some(ability.into());
        self
    }

    /// The same casting `spell`.
    pub fn with_spell(mut self, spell: usize) -> Self {
        self.spell = Some(spell);
        self
    }
}

/// A reaction as declared by one enemy who saw the active model.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReactionDecl {
    /// One short action against the active model (or one of his) or
    /// against what it does to him (lines 31-33).
    React {
        /// The short action.
        action: ShortAction,
        /// The model it answers (the active one, the ordered one, a squad
        /// member; the Leader where line 203 says so).
        against: Id,
        /// The weapon it uses.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weapon: Option<usize>,
        /// The spell it casts.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        spell: Option<usize>,
    },
    /// Against a marker: wait for it to reveal itself (lines 37-41).
    Delay,
    /// No reaction.
    Pass,
}

/// One enemy's reaction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reaction {
    /// The reacting fighter.
    pub fighter: Id,
    /// What he declared.
    pub decl: ReactionDecl,
}

/// Who one enemy saw during the first half.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sighting {
    /// The enemy.
    pub fighter: Id,
    /// The acting models he saw.
    pub saw: Vec<Id>,
}

/// Where the activation stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Begun: the first action (or the full action) is to be declared.
    Begun,
    /// The first half: moves drawn, reactions declared.
    FirstHalf,
    /// The second half: the second short action declared; resolving.
    SecondHalf,
}

/// A declared action (or reaction) that a resolution or a move used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Slot {
    /// The first short action or the full action.
    First,
    /// The second short action.
    Second,
    /// The ordered model's action.
    Ordered,
    /// A squad member's first or second action.
    Squad(Id, bool),
    /// A reactor's reaction.
    Reaction(Id),
}

/// A move drawn in the activation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRecord {
    /// Who moved.
    pub fighter: Id,
    /// The declared action it was part of.
    pub slot: Slot,
    /// The path, the start first.
    pub path: Vec<feldherr_geometry::Point>,
    /// Its length in inches.
    pub length: f64,
    /// How far the Speeds reached.
    pub allowance: f64,
    /// His facing before the move, degrees (to take it back).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_facing: Option<f64>,
    /// How high he stood before the move, inches (to take it back).
    #[serde(default)]
    pub from_elevation: f64,
}

/// The activation running in a turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Activation {
    /// The active fighter (for a squad order, the first of the group).
    pub fighter: Id,
    /// His player.
    pub player: usize,
    /// Where the activation came from; `None` for a squad order.
    pub source: Option<Source>,
    /// A squad order's fighters (line 237); empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub squad: Vec<Id>,
    /// The active fighter was a hidden marker when it began (line 37).
    #[serde(default)]
    pub marker: bool,
    /// Where it stands.
    pub phase: Phase,
    /// The first short action, or the full action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<Declaration>,
    /// The second short action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second: Option<Declaration>,
    /// The moves drawn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<MoveRecord>,
    /// Who saw the acting models in the first half.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sightings: Vec<Sighting>,
    /// The players set who saw, overruling the table.
    #[serde(default)]
    pub seen_overruled: bool,
    /// The reactions declared.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reactions: Vec<Reaction>,
    /// The declared actions already resolved or moved.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub used: Vec<Slot>,
    /// The resolutions started in this activation.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resolutions: Vec<Id>,
    /// A charge fell short: the charger did not move (line 195).
    #[serde(default)]
    pub charge_failed: bool,
    /// A throw found its enemy too far: the action is lost (line 155).
    #[serde(default)]
    pub wasted: bool,
}

impl Activation {
    /// A fresh activation of `fighter`.
    pub fn new(fighter: Id, player: usize, source: Option<Source>, marker: bool) -> Self {
        Self {
            fighter,
            player,
            source,
            squad: Vec::new(),
            marker,
            phase: Phase::Begun,
            first: None,
            second: None,
            moves: Vec::new(),
            sightings: Vec::new(),
            seen_overruled: false,
            reactions: Vec::new(),
            used: Vec::new(),
            resolutions: Vec::new(),
            charge_failed: false,
            wasted: false,
        }
    }

    /// The plan the declarations make, for the checks of `check_plan`.
    pub fn plan(&self) -> Option<ActionPlan> {
        match (&self.first, &self.second) {
            (
                Some(Declaration {
                    action: Action::Full(f),
                    ..
                }),
                _,
            ) => Some(ActionPlan::Full(*f)),
            (
                Some(Declaration {
                    action: Action::Short(a),
                    ..
                }),
                second,
            ) => Some(ActionPlan::Short(
                *a,
                second.as_ref().and_then(|d| match d.action {
                    Action::Short(b) => Some(b),
                    Action::Full(_) => None,
                }),
            )),
            (None, _) => None,
        }
    }

    /// The models acting in it: the active one, the ordered one, the
    /// squad.
    pub fn actors(&self) -> Vec<Id> {
        let mut out = vec![self.fighter];
        if let Some(o) = self.first.as_ref().and_then(|d| d.ordered.as_ref()) {
            out.push(o.fighter);
        }
        for id in &self.squad {
            if !out.contains(id) {
                out.push(*id);
            }
        }
        out
    }

    /// Who may react: the enemies who saw an acting model.
    pub fn seers(&self) -> Vec<Id> {
        self.sightings.iter().map(|s| s.fighter).collect()
    }

    /// The acting models `fighter` saw.
    pub fn saw(&self, fighter: Id) -> &[Id] {
        self.sightings
            .iter()
            .find(|s| s.fighter == fighter)
            .map_or(&[], |s| s.saw.as_slice())
    }

    /// `fighter`'s reaction, if he declared one.
    pub fn reaction_of(&self, fighter: Id) -> Option<&ReactionDecl> {
        self.reactions
            .iter()
            .find(|r| r.fighter == fighter)
            .map(|r| &r.decl)
    }

    /// Who carries out the declared action in `slot`, and that action as
    /// a declaration: the active model's first or second, a squad
    /// member's, the ordered model's own (line 203), a reactor's aimed at
    /// the model he answers.
    pub fn declared(&self, slot: Slot) -> Option<(Id, Declaration)> {
        match slot {
            Slot::First => self.first.clone().map(|d| (self.fighter, d)),
            Slot::Second => self.second.clone().map(|d| (self.fighter, d)),
            Slot::Squad(id, second) => {
                let d = if second { &self.second } else { &self.first };
                d.clone().map(|d| (id, d))
            }
            Slot::Ordered => self
                .first
                .as_ref()
                .and_then(|d| d.ordered.as_ref())
                .map(|o| (o.fighter, o.declaration())),
            Slot::Reaction(id) => match self.reaction_of(id)? {
                ReactionDecl::React {
                    action,
                    against,
                    weapon,
                    spell,
                } => {
                    let mut d = Declaration::short(*action).at(&[*against]);
                    d.weapon = *weapon;
                    d.spell = *spell;
                    Some((id, d))
                }
                ReactionDecl::Delay | ReactionDecl::Pass => None,
            },
        }
    }

    /// Whether the declared action in `slot` was carried out: resolved,
    /// answered inside another's resolution (a dodge, a block, a counter
    /// blow met in the attack), or its move drawn.
    pub fn is_done(&self, slot: Slot) -> bool {
        self.used.contains(&slot)
            || self.declared(slot).is_some_and(|(who, _)| {
                self.moves
                    .iter()
                    .any(|m| m.fighter == who && m.slot == slot)
            })
    }

    /// Every seer has answered (reacted, delayed or passed).
    pub fn reactions_complete(&self) -> bool {
        self.sightings
            .iter()
            .all(|s| self.reactions.iter().any(|r| r.fighter == s.fighter))
    }
}
