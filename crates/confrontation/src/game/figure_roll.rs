//! A roll of a figure, crew figure or mobile machine with everything the
//! game knows about it: its value (and this round's Konzentration points or
//! pressure bonus), its wound or the machine's SP penalty (C2), its
//! abilities (Fechtmeister, Von den Göttern geliebt/verdammt), the
//! opponent's Fechtmeister, Gegenangriff, and withdrawal by strength with
//! the enemies touching it on the table ("Rückzug durch Stärke").

use crate::game::refusal::{not_found, refused, say};
use feldherr_dice::step::{Pending, Resolver, Steps};
use feldherr_play::PlayError;
use feldherr_table::Table;
use serde::{Deserialize, Serialize};

use super::{Characteristic, ConfrontationGame, FigureAbility, Subject};
use crate::abilities::{Luck, withdrawal_by_strength};
use crate::{CharacteristicTest, ConfrontationRoll, Size};

/// What a roll is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RollPurpose {
    /// An attack (ATT): Fechtmeister's 5 counts as 6.
    Attack,
    /// A defence (DEF): -1 against a Fechtmeister's successful attack.
    Defence,
    /// A counter-attack with DEF dice: +2 difficulty (+1 with
    /// Gegenangriff for a character); never against a Fechtmeister.
    CounterAttack,
    /// A withdrawal by INI (core rules); a machine with GEW cannot.
    WithdrawalByInitiative,
    /// A withdrawal by strength: STR minus the highest RES touching it.
    WithdrawalByStrength,
    /// Any other test of the characteristic.
    Test,
}

/// A roll as the referee orders it; the game fills in the rest.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FigureRollOrder {
    /// Who rolls.
    pub subject: Subject,
    /// What for.
    pub purpose: RollPurpose,
    /// Which characteristic (ignored for withdrawals: INI or STR).
    pub characteristic: Characteristic,
    /// The core rules' difficulty.
    pub difficulty: i32,
    /// The opponent (Fechtmeister, counter-attack), by piece.
    pub against: Option<u64>,
    /// The characteristic's value when the game does not know it.
    pub value: Option<i32>,
}

/// A figure's roll as a resolution.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FigureRollInputs {
    /// Who rolls.
    pub subject: Subject,
    /// Its name.
    pub name: String,
    /// What for.
    pub purpose: RollPurpose,
    /// The characteristic's abbreviation.
    pub label: String,
    /// The value rolled with (bonuses included).
    pub value: i32,
    /// The difficulty (counter-attack's included).
    pub difficulty: i32,
    /// Modifier on the die result (wound, C2, Fechtmeister).
    pub die_modifier: i32,
    /// The lowest face that counts as 6 (6, 5 Fechtmeister, 4 geliebt).
    pub counts_as_six: u32,
    /// Whether a 6 re-rolls (not when verdammt).
    pub reroll: bool,
}

/// Whether the roll passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FigureRollOutcome(pub bool);

impl std::fmt::Display for FigureRollOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0 { "passes" } else { "fails" })
    }
}

/// The resolver of a [`FigureRollInputs`].
#[derive(Debug, Clone)]
pub struct FigureRollResolver {
    title: String,
    rule: &'static str,
    test: CharacteristicTest,
}

impl FigureRollInputs {
    /// The resolver; the error names the bad input.
    pub fn resolver(&self) -> Result<FigureRollResolver, PlayError> {
        let mut roll = ConfrontationRoll::standard()
            .with_counts_as_six(self.counts_as_six)
            .and_then(|r| r.with_modifier(self.die_modifier))
            .map_err(PlayError::Dice)?;
        if !self.reroll {
            roll = roll.without_reroll();
        }
        let test = CharacteristicTest::new(self.label.clone(), self.value, self.difficulty, roll)
            .map_err(|e| {
            refused(
                say("figure_roll.x")
                    .text("name", self.name.to_string())
                    .text("e", e.to_string()),
                None,
            )
        })?;
        let rule = match self.purpose {
            RollPurpose::WithdrawalByStrength => "Rückzug durch Stärke",
            RollPurpose::CounterAttack => "Gegenangriff",
            _ if self.counts_as_six == 5 => "Fechtmeister",
            _ => "core",
        };
        Ok(FigureRollResolver {
            title: format!("{}: {} test", self.name, self.label),
            rule,
            test,
        })
    }
}

impl Resolver for FigureRollResolver {
    type Outcome = FigureRollOutcome;

    fn title(&self) -> String {
        self.title.clone()
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<FigureRollOutcome, Pending> {
        self.test.resolve(steps, self.rule).map(FigureRollOutcome)
    }
}

/// What the game knows of a roller.
struct RollerOf {
    value: Option<i32>,
    modifier: i32,
    luck: Luck,
    fechtmeister: bool,
    name: String,
    size: Size,
    heavy: bool,
}

fn size_rank(s: Size) -> u32 {
    match s {
        Size::Small => 0,
        Size::Normal => 1,
        Size::Large => 2,
        Size::VeryLarge => 3,
    }
}

impl ConfrontationGame {
    /// The value, die modifier, luck, abilities and name of a subject.
    fn roller_of(
        &self,
        table: &Table,
        subject: Subject,
        c: Characteristic,
    ) -> Result<RollerOf, PlayError> {
        match subject {
            Subject::Figure(piece) => {
                let s = self.stats_of(table, piece)?;
                let luck = if s.has(&FigureAbility::Geliebt) {
                    Luck::Beloved
                } else if s.has(&FigureAbility::Verdammt) {
                    Luck::Damned
                } else {
                    Luck::Ordinary
                };
                let bonus = i32::try_from(self.concentration_bonus(piece, c)).unwrap_or(0);
                Ok(RollerOf {
                    value: s.value(c).map(|v| v + bonus),
                    modifier: self.wound(piece).penalty(),
                    luck,
                    fechtmeister: s.has(&FigureAbility::Fechtmeister),
                    name: Self::piece_name(table, piece),
                    size: s.size,
                    heavy: false,
                })
            }
            Subject::Crew(id) => {
                let cf = self
                    .crew_figure(id)
                    .ok_or_else(|| not_found("crew figure", id))?;
                let card = &cf.card;
                let v = match c {
                    Characteristic::Bew => Some(card.bew),
                    Characteristic::Str => Some(card.str),
                    Characteristic::Res => Some(card.res),
                    Characteristic::Fer => card.fer,
                    Characteristic::Dis => card.dis,
                    Characteristic::Mut => card.courage,
                    _ => None,
                };
                Ok(RollerOf {
                    value: v.and_then(|v| i32::try_from(v).ok()),
                    modifier: cf.wound.penalty(),
                    luck: Luck::Ordinary,
                    fechtmeister: false,
                    name: cf.name().to_owned(),
                    size: card.size,
                    heavy: false,
                })
            }
            Subject::Machine(id) => {
                let m = self.machine(id).ok_or_else(|| not_found("machine", id))?;
                if !m.card.is_mobile() {
                    return Err(refused(
                        say("figure_roll.immobile_machine_has_no_combat")
                            .text("machine", m.name().to_string()),
                        None,
                    ));
                }
                let spec = m.card.spec();
                let v = match c {
                    Characteristic::Ini => spec.ini,
                    Characteristic::Att => spec.att,
                    Characteristic::Str => spec.str,
                    Characteristic::Def => spec.def,
                    Characteristic::Fer => spec.fer,
                    Characteristic::Mut => spec.courage,
                    Characteristic::Dis => spec.discipline,
                    Characteristic::Res => Some(spec.res),
                    Characteristic::Bew => spec.bew,
                };
                let boost: u32 = m
                    .state
                    .boosts
                    .iter()
                    .filter(|b| b.characteristic == c)
                    .map(|b| b.bonus)
                    .fold(0u32, u32::saturating_add);
                let penalty = match c {
                    Characteristic::Ini
                    | Characteristic::Att
                    | Characteristic::Def
                    | Characteristic::Fer => m.state.penalty(&m.card).map_err(super::edit::conf)?,
                    _ => 0,
                };
                Ok(RollerOf {
                    value: v.and_then(|v| i32::try_from(v.saturating_add(boost)).ok()),
                    modifier: penalty,
                    luck: Luck::Ordinary,
                    fechtmeister: false,
                    name: m.name().to_owned(),
                    size: spec.size,
                    heavy: spec.gew.is_some(),
                })
            }
        }
    }

    /// A roll of `order.subject` with everything the game knows (see the
    /// module's documentation).
    pub fn figure_roll_inputs(
        &self,
        table: &Table,
        order: &FigureRollOrder,
    ) -> Result<super::ConfrontationKind, PlayError> {
        let c = match order.purpose {
            RollPurpose::WithdrawalByInitiative => Characteristic::Ini,
            RollPurpose::WithdrawalByStrength => Characteristic::Str,
            _ => order.characteristic,
        };
        let RollerOf {
            value,
            mut modifier,
            luck,
            fechtmeister,
            name,
            size,
            heavy,
        } = self.roller_of(table, order.subject, c)?;
        let mut value = order.value.or(value).ok_or_else(|| {
            refused(
                say("figure_roll.not_known_enter")
                    .text("name", name.to_string())
                    .text("c_abbr", c.abbr().to_string()),
                None,
            )
        })?;
        let mut difficulty = order.difficulty;
        let against_fechtmeister = order
            .against
            .and_then(|p| self.figures.get(&p))
            .is_some_and(|s| s.has(&FigureAbility::Fechtmeister));
        let mut counts_as_six = match luck {
            Luck::Beloved => 4,
            _ => 6,
        };
        match order.purpose {
            RollPurpose::Attack if fechtmeister => counts_as_six = counts_as_six.min(5),
            RollPurpose::Defence if against_fechtmeister => modifier -= 1,
            RollPurpose::CounterAttack => {
                let (piece, against) = match (order.subject, order.against) {
                    (Subject::Figure(p), Some(a)) => (p, a),
                    _ => {
                        return Err(refused(
                            say("figure_roll.counter_attack_names_figure_answers")
                                .text("name", name.to_string()),
                            Some("Gegenangriff"),
                        ));
                    }
                };
                difficulty += self.counter_attack(table, piece, against)?;
            }
            RollPurpose::WithdrawalByInitiative if heavy => {
                return Err(refused(
                    say("figure_roll.machine_with_gew_withdraws_only")
                        .text("name", name.to_string()),
                    Some("Rückzug durch Stärke"),
                ));
            }
            RollPurpose::WithdrawalByStrength => {
                let piece = match order.subject {
                    Subject::Figure(p) => Some(p),
                    Subject::Machine(id) => self.machine(id).and_then(|m| m.piece),
                    Subject::Crew(id) => self.crew_figure(id).and_then(|c| c.piece),
                }
                .ok_or_else(|| {
                    refused(
                        say("figure_roll.not_table").text("name", name.to_string()),
                        None,
                    )
                })?;
                let side = self.side_of_piece(piece).ok_or_else(|| {
                    refused(
                        say("figure_roll.side_not_known").text("name", name.to_string()),
                        None,
                    )
                })?;
                let enemies: Vec<(i32, u32)> = self
                    .enemies_touching(table, piece, side, &[])
                    .iter()
                    .map(|p| {
                        let res = self.machine_on(*p).map_or_else(
                            || self.figures.get(p).map_or(0, |f| f.res),
                            |m| i32::try_from(m.card.spec().res).unwrap_or(i32::MAX),
                        );
                        (res, size_rank(self.size_of(*p)))
                    })
                    .collect();
                if enemies.is_empty() {
                    return Err(refused(
                        say("figure_roll.no_enemy_touches_nothing_withdraw")
                            .text("name", name.to_string()),
                        Some("Rückzug durch Stärke"),
                    ));
                }
                let (v, m) = withdrawal_by_strength(value, size_rank(size), &enemies, modifier)
                    .map_err(|e| {
                        refused(
                            say("figure_roll.x")
                                .text("name", name.to_string())
                                .text("e", e.to_string()),
                            None,
                        )
                    })?;
                value = v;
                modifier = m;
            }
            _ => {}
        }
        let inputs = FigureRollInputs {
            subject: order.subject,
            name,
            purpose: order.purpose,
            label: c.abbr().to_owned(),
            value,
            difficulty,
            die_modifier: modifier,
            counts_as_six,
            reroll: luck != Luck::Damned,
        };
        inputs.resolver()?;
        Ok(super::ConfrontationKind::FigureRoll(inputs))
    }
}
