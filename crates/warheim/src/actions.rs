//! Actions ("Действия"): short and full, what each needs, and the pairs an
//! activation may hold.

use serde::{Deserialize, Serialize};

use feldherr_dice::step::Message;

use crate::model_type::{Discipline, ModelType};
use crate::refusal::say;
use crate::skill::SkillKind;
use crate::{Condition, Fighter, WarheimError};

/// Short actions ("Короткие действия"); any of them may be a reaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ShortAction {
    /// Движение: first Speed.
    Move,
    /// Движение as the second action: second Speed.
    SecondMove,
    /// Уворот: Ph, opposed to every enemy acting on him; aside by the
    /// second Speed.
    Dodge,
    /// Бросок: a dodge into base contact with the enemy.
    Throw,
    /// Разворот: a dodge at -3 to face the enemy.
    Turn,
    /// Блок: WS; adds the shield's Arm.
    Block,
    /// Атака: WS against an enemy in base contact.
    Attack,
    /// Выстрел: Prec against an enemy in sight.
    Shoot,
    /// Спецспособность: Mor for a special ability.
    Special,
    /// Удар из засады: WS from a hidden marker, the enemy -6; reveals.
    AmbushStrike,
    /// Выстрел из засады: Prec from a hidden marker, the enemy -3; reveals.
    AmbushShot,
    /// Направить заклинание: channel a spell.
    Channel,
    /// ПРЕВОЗМОГАТЬ: resist a spell cast at him.
    Overcome,
    /// Разглядеть: Prec to reveal a hidden marker.
    Spot,
    /// Перезарядка: reload. With a shot in one activation only for
    /// another weapon (line 179): the activation checks the weapons.
    Reload,
    /// Спрятаться: become a hidden marker while no enemy sees him.
    Hide,
}

impl ShortAction {
    /// Attacks, casts and shots: two of them never pair.
    pub fn is_attack(self) -> bool {
        matches!(
            self,
            ShortAction::Attack
                | ShortAction::Shoot
                | ShortAction::AmbushStrike
                | ShortAction::AmbushShot
                | ShortAction::Channel
        )
    }

    /// Shots: the ordinary one and the ambush shot.
    pub fn is_shot(self) -> bool {
        matches!(self, ShortAction::Shoot | ShortAction::AmbushShot)
    }

    /// Movement: the two moves (line 149-151). A fighter in stupor may
    /// still take them (line 295, PH14).
    pub fn is_move(self) -> bool {
        matches!(self, ShortAction::Move | ShortAction::SecondMove)
    }
}

/// Full actions ("Полные действия"); never a reaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum FullAction {
    /// Створить заклинание.
    CastSpell,
    /// Взобраться: second Speed over a surface.
    Climb,
    /// Прыжок: across at the first Speed, or up at the second (not
    /// Cavalry).
    Jump {
        /// Upwards.
        up: bool,
    },
    /// Скрытное перемещение: first Speed, no reactions if unseen (PH34).
    StealthMove,
    /// Чарж: move (both Speeds) and strike; Assault +1 die, Heavy throws
    /// back 1".
    Charge,
    /// Вскрыть: spot and shoot one hidden marker.
    Reveal,
    /// Маневр: attack and dodge; Duelist only.
    Manoeuvre,
    /// Приказать: one model of the group in sight acts at once; Leadership
    /// only.
    Order,
    /// Shoot and reload; Veteran only.
    ShootReload,
    /// Интуитивная атака: attack a marker unrevealed; Berzerker or Frenzy.
    IntuitiveAttack,
    /// Расстрелять: shoot twice, attacks added, one target; Disciplined
    /// with a bow.
    Volley,
}

impl FullAction {
    /// Movement of every kind a fighter in stupor may still make (line
    /// 295, PH14): climbing, jumping, the stealth move.
    pub fn is_move(self) -> bool {
        matches!(
            self,
            FullAction::Climb | FullAction::Jump { .. } | FullAction::StealthMove
        )
    }
}

/// What one activation holds: one full action or up to two short ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionPlan {
    /// One full action.
    Full(FullAction),
    /// A short action and an optional second one.
    Short(ShortAction, Option<ShortAction>),
}

/// The refusal `message` of `fighter`'s action `value`.
fn refuse(fighter: &Fighter, value: impl std::fmt::Debug, message: Message) -> WarheimError {
    WarheimError::fighter_says(&fighter.name, "action", format!("{value:?}"), message)
}

/// Checks that `fighter` may take `plan` now.
pub fn check_plan(
    fighter: &Fighter,
    discipline: Discipline,
    plan: ActionPlan,
) -> Result<(), WarheimError> {
    if fighter.down() {
        return Err(refuse(fighter, plan, say("down_no_act")));
    }
    if fighter.has(Condition::Panic) {
        return Err(refuse(fighter, plan, say("panic_no_activate")));
    }
    match plan {
        ActionPlan::Short(a, b) => {
            if let Some(b) = b {
                if a.is_attack() && b.is_attack() {
                    return Err(refuse(fighter, plan, say("attacks_never_pair")));
                }
                if a == ShortAction::SecondMove {
                    return Err(refuse(fighter, plan, say("second_move_second")));
                }
            }
            if fighter.has(Condition::Stupor)
                && !(a.is_move() && b.is_none_or(ShortAction::is_move))
            {
                return Err(refuse(fighter, plan, say("stupor_only_moves")));
            }
            Ok(())
        }
        ActionPlan::Full(full) => {
            if fighter.has(Condition::Stupor) && !full.is_move() {
                return Err(refuse(fighter, plan, say("stupor_only_moves")));
            }
            let needs = |ok: bool, why: Message| {
                if ok {
                    Ok(())
                } else {
                    Err(refuse(fighter, plan, why))
                }
            };
            match full {
                FullAction::Jump { up: true } => {
                    needs(!fighter.is(ModelType::Cavalry), say("cavalry_jump_up"))
                }
                FullAction::Manoeuvre => {
                    needs(fighter.skill(SkillKind::Duelist) > 0, say("only_duelists"))
                }
                FullAction::Order => needs(
                    fighter.skill(SkillKind::Leadership) > 0,
                    say("only_leader_orders"),
                ),
                FullAction::ShootReload => needs(
                    fighter.skill(SkillKind::Veteran) > 0,
                    say("only_veterans_reload"),
                ),
                FullAction::IntuitiveAttack => needs(
                    fighter.skill(SkillKind::Berzerker) > 0 || fighter.skill(SkillKind::Frenzy) > 0,
                    say("only_frenzy_intuitive"),
                ),
                FullAction::Volley => needs(
                    discipline == Discipline::Disciplined && fighter.weapons.iter().any(|w| w.bow),
                    say("only_disciplined_volley"),
                ),
                _ => Ok(()),
            }
        }
    }
}

/// Checks that `fighter` may react with `action`: he must have seen the
/// active model (a target that did not see him may still turn); a
/// panicking fighter only dodges; fighters down do not react.
pub fn check_reaction(
    fighter: &Fighter,
    action: ShortAction,
    saw_active: bool,
    is_target: bool,
) -> Result<(), WarheimError> {
    if fighter.down() {
        return Err(refuse(fighter, action, say("down_no_react")));
    }
    if fighter.has(Condition::Panic) && action != ShortAction::Dodge {
        return Err(refuse(fighter, action, say("panic_dodges_only")));
    }
    if !(saw_active || (is_target && action == ShortAction::Turn)) {
        return Err(refuse(fighter, action, say("unseeing_turns_only")));
    }
    Ok(())
}

/// Who may order whom (Приказать): not another Leader or Hero; an Elite
/// only from a Hero or an Elite Leader.
pub fn may_order(leader: &Fighter, ordered: &Fighter) -> bool {
    if ordered.skill(SkillKind::Leadership) > 0 || ordered.is(ModelType::Hero) {
        return false;
    }
    if ordered.is(ModelType::Elite) {
        return leader.is(ModelType::Hero) || leader.is(ModelType::Elite);
    }
    true
}
