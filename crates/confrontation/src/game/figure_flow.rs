//! The figures at play: wounds (C8, PC5) and direct wounds of spells and
//! miracles, the new abilities kept through the round (Konzentration,
//! Schlagabfolge, Finte), the abilities' questions (Gegenangriff,
//! Meisterschütze, Schutzwall) and the markers crew lay at deployment.

use crate::game::refusal::{invalid, not_found, reason_message, refused, say};
use feldherr_dice::step::Message;
use feldherr_play::{Id, PlayError};
use feldherr_table::{Measurement, Table};

use super::crew_marker::{CrewMarker, MarkerKind};
use super::round::FeintRecord;
use super::{Characteristic, ConfrontationGame, FigureAbility, Phase, Subject};
use crate::abilities::{
    counter_attack_against, counter_attack_difficulty, extra_die_cost, ranged_attacks,
};
use crate::{Concentration, CrewAbility, Feint, WoundLevel, check_placement, may_descend};

impl ConfrontationGame {
    pub(crate) fn set_figure_wound(
        &mut self,
        piece: u64,
        wound: WoundLevel,
        table: &Table,
    ) -> Result<(), PlayError> {
        self.stats_of(table, piece)?;
        if self.dead.contains(&piece) {
            return Err(refused(
                say("figure_flow.dead").text("piece", Self::piece_name(table, piece).to_string()),
                None,
            ));
        }
        match wound {
            WoundLevel::Killed => self.on_figure_killed(piece),
            WoundLevel::None => {
                self.wounds.remove(&piece);
            }
            w => {
                self.wounds.insert(piece, w);
            }
        }
        Ok(())
    }

    /// A spell's or miracle's direct wound (text line 167): a machine with
    /// SP loses 1 to 4 SP (a Resistent one is immune, line 588); a machine
    /// carried by its owner has no SP (its owner is wounded instead, PC4);
    /// a figure's or crew figure's wound adds up (PC5).
    pub(crate) fn direct_wound(
        &mut self,
        table: &Table,
        target: Subject,
        wound: WoundLevel,
    ) -> Result<(), PlayError> {
        self.in_phase(
            "a direct wound",
            &[
                Phase::Start,
                Phase::Movement,
                Phase::Ranged,
                Phase::Melee,
                Phase::End,
            ],
        )?;
        if wound == WoundLevel::None {
            return Err(invalid(
                "wound",
                "none",
                say("figure_flow.direct_wound_hurts"),
            ));
        }
        match target {
            Subject::Machine(id) => {
                let m = self.machine(id).ok_or_else(|| not_found("machine", id))?;
                if m.state.destroyed {
                    return Err(refused(
                        say("figure_flow.destroyed").text("machine", m.name().to_string()),
                        None,
                    ));
                }
                if m.carried() {
                    return Err(refused(
                        say("figure_flow.has_no_sp_wound_owner")
                            .text("machine", m.name().to_string())
                            .text(
                                "default",
                                m.piece
                                    .map(|p| format!(" ({})", Self::piece_name(table, p)))
                                    .unwrap_or_default()
                                    .to_string(),
                            ),
                        Some("PC4"),
                    ));
                }
                if m.card.is_resistent() {
                    return Err(refused(
                        say("figure_flow.resistent_immune_every_effect_but")
                            .text("machine", m.name().to_string()),
                        Some("Resistent"),
                    ));
                }
                let sp = wound.machine_sp();
                self.apply_direct_sp(id, sp)?;
            }
            Subject::Figure(piece) => {
                let stats = self.stats_of(table, piece)?;
                if stats.has(&FigureAbility::Resistent) {
                    return Err(refused(
                        say("figure_flow.resistent_immune_every_effect_but_2")
                            .text("piece", Self::piece_name(table, piece).to_string()),
                        Some("Resistent"),
                    ));
                }
                if self.dead.contains(&piece) {
                    return Err(refused(
                        say("figure_flow.dead")
                            .text("piece", Self::piece_name(table, piece).to_string()),
                        None,
                    ));
                }
                let now = self.wound(piece).after(wound);
                self.set_figure_wound(piece, now, table)?;
            }
            Subject::Crew(id) => {
                let c = self.crew_mut(id)?;
                if let Some(p) = c.piece {
                    return Err(refused(
                        say("figure_flow.stands_piece_wound_figure_there")
                            .text("crew", c.name().to_string())
                            .text("p", p.to_string()),
                        None,
                    ));
                }
                if c.dead {
                    return Err(refused(
                        say("figure_flow.dead_2").text("crew", c.name().to_string()),
                        None,
                    ));
                }
                c.wound = c.wound.after(wound);
                c.dead = c.wound == WoundLevel::Killed;
            }
        }
        Ok(())
    }

    fn apply_direct_sp(&mut self, machine: Id, sp: u32) -> Result<(), PlayError> {
        let m = self.machine_mut(machine)?;
        let was = m.state.destroyed;
        m.state.lose_sp(&m.card, sp);
        m.record_sp();
        if m.state.destroyed && !was {
            self.on_destroyed(machine);
        }
        Ok(())
    }

    fn concentration_of(
        &mut self,
        table: &Table,
        piece: u64,
    ) -> Result<&mut Concentration, PlayError> {
        self.in_phase(
            "Konzentration",
            &[Phase::Movement, Phase::Ranged, Phase::Melee, Phase::End],
        )?;
        let stats = self.stats_of(table, piece)?;
        let (x, bold) = stats
            .abilities
            .iter()
            .find_map(|a| match a {
                FigureAbility::Konzentration { x, bold } => Some((*x, bold.clone())),
                _ => None,
            })
            .ok_or_else(|| {
                refused(
                    say("figure_flow.has_no_konzentration")
                        .text("piece", Self::piece_name(table, piece).to_string()),
                    Some("Konzentration"),
                )
            })?;
        let names: Vec<&str> = bold.iter().map(|c| c.abbr()).collect();
        let slot = &mut self.round.figures.entry(piece).or_default().concentration;
        if slot.is_none() {
            *slot = Some(Concentration::new(x, &names).map_err(super::edit::conf)?);
        }
        slot.as_mut()
            .ok_or_else(|| refused(say("figure_flow.no_konzentration"), Some("Konzentration")))
    }

    pub(crate) fn spend_concentration(
        &mut self,
        table: &Table,
        piece: u64,
        characteristic: Characteristic,
        points: u32,
    ) -> Result<(), PlayError> {
        let name = Self::piece_name(table, piece);
        self.concentration_of(table, piece)?
            .spend(characteristic.abbr(), points)
            .map_err(|e| match e {
                crate::ConfrontationError::NotAllowed {
                    rule,
                    reason,
                    message,
                } => refused(
                    say("figure_flow.x").text("name", name.to_string()).nested(
                        "reason",
                        message.unwrap_or_else(|| Message::verbatim(&reason)),
                    ),
                    Some(rule),
                ),
                other => refused(
                    say("figure_flow.x_2")
                        .text("name", name.to_string())
                        .nested("other", reason_message(&other)),
                    None,
                ),
            })
    }

    pub(crate) fn concentration_used(
        &mut self,
        table: &Table,
        piece: u64,
        characteristic: Characteristic,
    ) -> Result<(), PlayError> {
        self.concentration_of(table, piece)?
            .used(characteristic.abbr());
        Ok(())
    }

    /// The Konzentration bonus of the figure on `piece` on `c` this round.
    pub fn concentration_bonus(&self, piece: u64, c: Characteristic) -> u32 {
        self.round
            .figures
            .get(&piece)
            .and_then(|f| f.concentration.as_ref())
            .map_or(0, |k| k.bonus(c.abbr()))
    }

    /// What the next extra combat die costs the figure on `piece` in this
    /// melee phase (Schlagabfolge, text line 706): ATT and DEF points each.
    pub fn extra_die_cost(&self, table: &Table, piece: u64) -> Result<i32, PlayError> {
        let stats = self.stats_of(table, piece)?;
        let bought = self.round.figures.get(&piece).map_or(0, |f| f.extra_dice);
        extra_die_cost(
            stats.character,
            stats.has(&FigureAbility::Schlagabfolge),
            bought,
        )
        .map_err(|e| match e {
            crate::ConfrontationError::NotAllowed {
                rule,
                reason,
                message,
            } => refused(
                say("figure_flow.x_3")
                    .text("piece", Self::piece_name(table, piece).to_string())
                    .nested(
                        "reason",
                        message.unwrap_or_else(|| Message::verbatim(&reason)),
                    ),
                Some(rule),
            ),
            other => {
                let message = reason_message(&other);
                PlayError::refused(other.to_string(), None).with_message(message)
            }
        })
    }

    pub(crate) fn buy_extra_die(&mut self, table: &Table, piece: u64) -> Result<(), PlayError> {
        self.in_phase("an extra combat die", &[Phase::Melee])?;
        self.extra_die_cost(table, piece)?;
        self.round.figures.entry(piece).or_default().extra_dice += 1;
        Ok(())
    }

    /// How many ranged attacks the figure on `piece` has this round, `base`
    /// by its card: one more with Meisterschütze (text line 700).
    pub fn ranged_attacks(&self, table: &Table, piece: u64, base: u32) -> Result<u32, PlayError> {
        let stats = self.stats_of(table, piece)?;
        ranged_attacks(base, stats.has(&FigureAbility::Meisterschuetze)).map_err(super::edit::conf)
    }

    /// Whether the figure on `piece` may counter-attack the figure on
    /// `against`, and the difficulty its DEF dice then take (Gegenangriff,
    /// Fechtmeister, text lines 678 and 704).
    pub fn counter_attack(
        &self,
        table: &Table,
        piece: u64,
        against: u64,
    ) -> Result<i32, PlayError> {
        let stats = self.stats_of(table, piece)?;
        let other = self.stats_of(table, against)?;
        let refuse = |e: crate::ConfrontationError| match e {
            crate::ConfrontationError::NotAllowed {
                rule,
                reason,
                message,
            } => refused(
                say("figure_flow.x_3")
                    .text("piece", Self::piece_name(table, piece).to_string())
                    .nested(
                        "reason",
                        message.unwrap_or_else(|| Message::verbatim(&reason)),
                    ),
                Some(rule),
            ),
            other => {
                let message = reason_message(&other);
                PlayError::refused(other.to_string(), None).with_message(message)
            }
        };
        counter_attack_against(other.has(&FigureAbility::Fechtmeister)).map_err(refuse)?;
        counter_attack_difficulty(stats.character, stats.has(&FigureAbility::Gegenangriff))
            .map_err(refuse)
    }

    pub(crate) fn start_feint(
        &mut self,
        table: &Table,
        piece: u64,
        opponent: u64,
        successful: u32,
        opp_att: u32,
        opp_def: u32,
    ) -> Result<(), PlayError> {
        self.in_phase("a feint", &[Phase::Melee])?;
        let name = Self::piece_name(table, piece);
        let stats = self.stats_of(table, piece)?;
        if !stats.has(&FigureAbility::Finte) {
            return Err(refused(
                say("figure_flow.has_no_finte").text("name", name.to_string()),
                Some("Finte"),
            ));
        }
        let side = stats.side;
        if !self
            .enemies_touching(table, piece, side, &[])
            .contains(&opponent)
        {
            return Err(refused(
                say("figure_flow.no_enemy_melee_with")
                    .text("name", name.to_string())
                    .text("opponent", Self::piece_name(table, opponent).to_string()),
                Some("Finte"),
            ));
        }
        let feint = Feint::new(successful, opp_att, opp_def).map_err(super::edit::conf)?;
        self.round.figures.entry(piece).or_default().feint = Some(FeintRecord { opponent, feint });
        Ok(())
    }

    pub(crate) fn feint(&mut self, piece: u64, defence: bool) -> Result<(), PlayError> {
        let record = self
            .round
            .figures
            .get_mut(&piece)
            .and_then(|f| f.feint.as_mut())
            .ok_or_else(|| refused(say("figure_flow.no_feint_progress"), Some("Finte")))?;
        if defence {
            record.feint.cancel_defence()
        } else {
            record.feint.cancel_attack()
        }
        .map_err(super::edit::conf)
    }

    /// Whether the figure on `piece` may come down from level `from` to
    /// level `to` near machine `machine` with Schutzwall/X (text line 590),
    /// measured edge to edge on the table.
    pub fn descent_check(
        &self,
        table: &Table,
        machine: Id,
        piece: u64,
        from: i32,
        to: i32,
    ) -> Result<(), PlayError> {
        let m = self
            .machine(machine)
            .ok_or_else(|| not_found("machine", machine))?;
        let Some(x) = m.card.rampart() else {
            return Ok(());
        };
        let own = m.piece.and_then(|p| table.piece(p)).ok_or_else(|| {
            refused(
                say("figure_flow.not_table").text("machine", m.name().to_string()),
                None,
            )
        })?;
        let figure = table
            .piece(piece)
            .ok_or_else(|| not_found("piece", piece))?;
        let level = self.figures.get(&own.id).map_or(0, |s| s.level);
        may_descend(&own.shape, level, x, &figure.shape, from, to).map_err(|e| match e {
            crate::ConfrontationError::NotAllowed {
                rule,
                reason,
                message,
            } => refused(
                say("figure_flow.x_4")
                    .text("figure_name", figure.name.to_string())
                    .nested(
                        "reason",
                        message.unwrap_or_else(|| Message::verbatim(&reason)),
                    ),
                Some(rule),
            ),
            other => {
                let message = reason_message(&other);
                PlayError::refused(other.to_string(), None).with_message(message)
            }
        })
    }

    pub(crate) fn lay_marker(
        &mut self,
        table: &Table,
        crew: Id,
        piece: u64,
        kind: MarkerKind,
    ) -> Result<(), PlayError> {
        self.in_phase("laying mines, decoys and barricades", &[Phase::Deployment])?;
        let c = self
            .crew_figure(crew)
            .ok_or_else(|| not_found("crew figure", crew))?;
        let name = c.name().to_owned();
        let origin = c.origin.filter(|o| o.machine == c.machine).ok_or_else(|| {
            refused(
                say("figure_flow.only_crew_deployed_with_machine").text("name", name.to_string()),
                Some("C10"),
            )
        })?;
        let ability = match kind {
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
        let sp = ability.ok_or_else(|| {
            refused(
                say("figure_flow.x_5").text("name", name.to_string()).text(
                    "minenleger",
                    match kind {
                        MarkerKind::Barricade => "no Pionier",
                        _ => "no Minenleger",
                    }
                    .to_string(),
                ),
                Some("C10"),
            )
        })?;
        if self
            .markers
            .values()
            .any(|m| m.crew == crew && (m.kind == kind))
        {
            return Err(refused(
                say("figure_flow.laid_already")
                    .text("name", name.to_string())
                    .text("kind_piece_kind", kind.piece_kind().to_string()),
                Some("C10"),
            ));
        }
        if self.markers.contains_key(&piece) {
            return Err(refused(
                say("figure_flow.piece_laid_already").text("piece", piece.to_string()),
                None,
            ));
        }
        let marker = table
            .piece(piece)
            .ok_or_else(|| not_found("piece", piece))?;
        if marker.kind != kind.piece_kind() {
            return Err(refused(
                say("figure_flow.piece_no")
                    .text("piece", piece.to_string())
                    .text("marker_name", marker.name.to_string())
                    .text("kind_piece_kind", kind.piece_kind().to_string()),
                None,
            ));
        }
        let machine = self
            .machine(origin.machine)
            .ok_or_else(|| not_found("machine", origin.machine))?;
        let own = machine.piece.and_then(|p| table.piece(p)).ok_or_else(|| {
            refused(
                say("figure_flow.not_table_2").text("machine_name", machine.name().to_string()),
                None,
            )
        })?;
        let d = Measurement::between(&marker.shape, &own.shape).distance;
        check_placement(d, true).map_err(|e| match e {
            crate::ConfrontationError::NotAllowed {
                reason, message, ..
            } => refused(
                say("figure_flow.x_6")
                    .text("marker_name", marker.name.to_string())
                    .nested(
                        "reason",
                        message.unwrap_or_else(|| Message::verbatim(&reason)),
                    )
                    .text("machine_name", machine.name().to_string()),
                Some("C10"),
            ),
            other => {
                let message = reason_message(&other);
                PlayError::refused(other.to_string(), None).with_message(message)
            }
        })?;
        self.markers.insert(
            piece,
            CrewMarker {
                kind,
                crew,
                spent: false,
                sp,
                sp_lost: 0,
            },
        );
        Ok(())
    }
}
