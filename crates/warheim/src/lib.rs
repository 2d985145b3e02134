//! Warheim ("Вархейм"), the D20 fantasy skirmish for 2 or 3 players on a
//! 36 x 36 in table (G2): rosters, activations by groups as one flow,
//! opposed attacks with saves, magic, hidden markers, morale, the table's
//! sight, moves and templates, each roll a step with its exact odds.
//!
//! Conventions: distances in inches (G1), 0 meaning base contact; heights
//! in inches above the table. Every test is a D20 roll under a value (H1),
//! values modified in the order of H2 with the 12-point cap; opposed pools
//! cancel as H3 says; saves and T loss follow H4; activations H5; weapons,
//! spells and crit effects are user data (H6). Where the text is unclear
//! the project's rulings `PH1`-`PH34` decide (see `docs/RULINGS.md`);
//! `docs/rules/warheim.md` maps the text rule by rule to this crate.
//!
//! Entry points:
//! - [`Roster`], [`Fighter`], [`Profile`], [`Weapon`], [`Spell`]: the
//!   rosters, checked by [`Roster::check`] with errors naming fighter and
//!   field;
//! - [`Warheim`]: the game ([`feldherr_play::Game`]), changed by
//!   [`WarheimEdit`]s, checked by `problems()`; [`Warheim::turn_view`] is
//!   the turn tracker as one player sees it, [`Warheim::commander_seen`]
//!   hides the commander;
//! - an activation as one flow ([`activation`]): `BeginActivation`,
//!   `Declare`, `DrawMove` (`TakeBackMove` to draw it again), `React`,
//!   `DeclareSecond`, the action edits,
//!   `EndActivation`; [`Warheim::activation`] shows where it stands (who
//!   saw, who must answer, what is declared);
//! - [`AttackOrder`]: what the attack panel builds, its lines filled from
//!   the table by [`Warheim::target_order`]; [`Warheim::preview`] gives the
//!   exact odds before rolling; the declared attack becomes a saved
//!   resolution whose typed outcome is an [`AttackOutcome`];
//! - [`CastOrder`]: a spell ([`magic`]);
//! - [`roll`]: the D20 test and opposed sides with exact odds;
//! - [`on_table`]: the table's pieces, a fighter as a column, sight,
//!   moves, templates; measured on the host's table by
//!   [`Warheim::sight`], [`Warheim::seen_along`], [`Warheim::measure_move`],
//!   [`Warheim::under_template`], [`Warheim::flight_due`].
//!
//! # Example
//!
//! The text's example: the witch hunter strikes at two orcs.
//!
//! ```
//! use feldherr_dice::step::Answer;
//! use feldherr_play::{Game, Id};
//! use feldherr_warheim::{AttackOrder, ReactionChoice, Roster, TargetOrder, Warheim, WarheimEdit,
//!     WarheimOutcome, MartialUse, Fall};
//!
//! let hunter: Roster = serde_json::from_str(include_str!("../../../fixtures/warheim/witch_hunter.json")).unwrap();
//! let orcs: Roster = serde_json::from_str(include_str!("../../../fixtures/warheim/orcs.json")).unwrap();
//! let mut game = Warheim::new_game();
//! let mut table = Warheim::default_table();
//! game.apply(&WarheimEdit::SetRoster { player: 0, roster: hunter }, &mut table)?;
//! game.apply(&WarheimEdit::SetRoster { player: 1, roster: orcs }, &mut table)?;
//!
//! let strike_back = |martial| ReactionChoice::Attack { weapon: 0, martial };
//! let mut order = AttackOrder::new(Id(1), 0, vec![
//!     TargetOrder::new(Id(11), 1, 1.5, strike_back(None)),
//!     TargetOrder::new(Id(12), 2, 0.0, strike_back(Some(MartialUse::Strength))),
//! ]);
//! order.martial = Some(MartialUse::Strength);
//! // The panel: the odds of the hits on each side, before any die.
//! let odds = game.preview(&order)?;
//! assert!((odds[0].hits.total() - 1.0).abs() < 1e-9);
//!
//! game.apply(&WarheimEdit::Attack(order), &mut table)?;
//! // The text's dice; the hunter (Elite) declines his +1 on the lower orc.
//! for answer in [Answer::Dice(vec![8]), Answer::Dice(vec![14]), Answer::Dice(vec![11, 16]),
//!                Answer::Dice(vec![12]), Answer::Choice(0), Answer::Dice(vec![17]),
//!                Answer::Dice(vec![8])] {
//!     game.resolutions_mut().answer_at(0, answer)?;
//! }
//! let Some(WarheimOutcome::Attack(outcome)) = game.resolutions[0].outcome() else { panic!() };
//! let orc = outcome.change(Id(12)).unwrap();
//! assert_eq!((orc.t_lost, orc.t_after, orc.fall), (6, -1, Fall::Unconscious));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod actions;
pub mod activation;
pub mod attack;
pub mod attack_order;
pub mod d20;
mod error;
pub mod falling;
mod fighter;
mod game;
pub mod magic;
pub mod model_type;
pub mod modifiers;
pub mod morale;
pub mod on_table;
mod profile;
mod refusal;
mod report_sheet;
pub mod reveal;
pub mod roll;
mod roster;
pub mod skill;
pub mod test_roll;
pub mod turn;
mod weapon;
pub mod words;

pub use actions::{ActionPlan, FullAction, ShortAction};
pub use attack::{AttackOutcome, AttackSpec, Change, Exchange, Fall, TargetOdds};
pub use attack_order::{AttackOrder, MartialUse, ReactionChoice, TargetOrder};
pub use error::WarheimError;
pub use fighter::{Condition, Fighter, FighterState};
pub use game::{
    GroupView, TABLE_SIZE, TurnView, Warheim, WarheimEdit, WarheimKind, WarheimOutcome,
};
pub use magic::{CastOrder, CastOutcome, Counter, SchoolLevel, Spell, SpellEffect};
pub use model_type::{Discipline, ModelType};
pub use morale::{MoraleKind, MoraleOutcome, MoraleSpec};
pub use on_table::Line;
pub use profile::{MoveType, Profile, Stat};
pub use report_sheet::skirmish_report;
pub use roster::{GROUP_SIZE, Group, Roster};
pub use skill::{Skill, SkillKind};
pub use turn::{Source, Turn};
pub use weapon::{DamageType, NaturalAttack, RangeBand, Template, TemplateUse, Weapon, WeaponKind};
