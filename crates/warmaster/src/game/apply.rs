//! Applying an edit: the dispatch of every [`WarmasterEdit`].

use feldherr_play::{Id, PlayError, SavedResolution};
use feldherr_table::geometry::Angle;
use feldherr_table::{Table, TableEdit};

use super::turns::{ClockAt, set_entry};
use super::*;
use crate::battle::{Battle, EndReason};
use crate::rolls::WarmasterRoll;
use crate::terrain::{STAND_KIND, warmaster_table_rules};
use crate::{
    Army, ChessClock, Edge, EpSource, MarkerKind, Player, Settings, SpecialRule, Unit, import_army,
};

impl WarmasterGame {
    pub(super) fn before_battle(&self, what: &str) -> Result<(), PlayError> {
        if self.battle.is_some() {
            return Err(plain_refusal(
                say("fixed_in_battle").key("what", what_key(what)),
            ));
        }
        if !self.deployed.is_empty() {
            return Err(plain_refusal(
                say("fixed_in_deployment").key("what", what_key(what)),
            ));
        }
        Ok(())
    }

    pub(super) fn battle_running(&mut self) -> Result<&mut Battle, PlayError> {
        if self.end.is_some() {
            return Err(plain_refusal(say("game_over")));
        }
        let b = self
            .battle
            .as_mut()
            .ok_or_else(|| plain_refusal(say("not_begun")))?;
        if let Some(after) = b.length_roll_due {
            return Err(refused(
                say("length_due").int("after", i64::from(after)),
                "W6",
            ));
        }
        Ok(b)
    }

    /// Refuses an event that comes after a clock ran out: the game ended
    /// at that instant (W6, W9, PW11).
    pub(super) fn refuse_after_clock_end(&self) -> Result<(), PlayError> {
        if let Some(end) = &self.end
            && let Some(EndReason::ClockOut { player }) = end.reasons.first()
        {
            return Err(refused(
                say("clock_ran_out").text("player", &self.player(*player).name),
                "W9",
            ));
        }
        Ok(())
    }

    /// Refuses settings that break the terms the event prescribes.
    fn check_prescribed(&self, settings: &Settings) -> Result<(), PlayError> {
        match self.prescribed {
            Some(terms) if !terms.kept_by(settings) => Err(refused(
                say("prescribed").int("points", i64::from(terms.game_size)),
                "W11",
            )),
            _ => Ok(()),
        }
    }

    /// Refuses an army the setup may not hold: units out of bounds, ids
    /// used twice, two Generals, items "Arrogant" forbids (W11).
    fn check_army(&self, army: &Army) -> Result<(), PlayError> {
        army.check(&self.settings.options)
            .map_err(|e| PlayError::from(e).under_field("army"))
    }

    /// Replaces `player`'s army after the checks; his stands leave the map.
    fn set_army(&mut self, player: Player, army: Army, table: &mut Table) -> Result<(), PlayError> {
        self.check_army(&army)?;
        self.players[player.index()].army = army;
        self.remove_stands_of(player, table)
    }

    pub(super) fn unit_of(&self, player: Player, unit: Id) -> Result<&Unit, PlayError> {
        self.army(player)
            .unit(unit)
            .ok_or_else(|| not_found("unit", unit))
    }

    pub(super) fn apply_inner(
        &mut self,
        edit: &WarmasterEdit,
        table: &mut Table,
    ) -> Result<(), PlayError> {
        match edit {
            WarmasterEdit::SetSettings(settings) => {
                self.before_battle("the settings")?;
                settings.check()?;
                if settings.clock_minutes != self.settings.clock_minutes && self.clock.started() {
                    return Err(refused(say("clock_fixed"), "W9"));
                }
                self.check_prescribed(settings)?;
                for p in Player::BOTH {
                    if let Err(e) = self.army(p).check_items(&settings.options) {
                        return Err(invalid(
                            "options.arrogant",
                            "true",
                            say("army_items")
                                .text("player", &self.player(p).name)
                                .nested(
                                    "problem",
                                    e.message().cloned().unwrap_or_else(|| {
                                        feldherr_dice::step::Message::verbatim(&e.to_string())
                                    }),
                                ),
                        ));
                    }
                }
                self.settings = *settings;
                if !self.clock.started() {
                    self.clock = ChessClock::new(settings.clock_minutes);
                }
            }
            WarmasterEdit::Prescribe(terms) => {
                self.before_battle("the prescribed terms")?;
                terms.check()?;
                let settings = Settings {
                    game_size: terms.game_size,
                    options: terms.options,
                    ..self.settings
                };
                self.prescribed = None;
                self.apply_inner(&WarmasterEdit::SetSettings(settings), table)?;
                self.prescribed = Some(*terms);
            }
            WarmasterEdit::SetClockSound(on) => self.settings.clock_sound = *on,
            WarmasterEdit::SetPlayerName { player, name } => {
                let name = name.trim();
                if name.is_empty() || name.chars().count() > crate::army::MAX_NAME {
                    return Err(invalid(
                        "name",
                        format!("\"{name}\""),
                        say("name_length").int("max", crate::army::MAX_NAME as i64),
                    ));
                }
                if self.player(player.other()).name == name {
                    return Err(invalid(
                        "name",
                        format!("\"{name}\""),
                        say("name_taken").text("name", name),
                    ));
                }
                self.players[player.index()].name = name.to_owned();
            }
            WarmasterEdit::SetArmy { player, army } => {
                self.before_battle("the armies")?;
                self.set_army(*player, army.clone(), table)?;
            }
            WarmasterEdit::ImportArmy { player, text } => {
                self.before_battle("the armies")?;
                let army = import_army(text)?;
                self.set_army(*player, army, table)?;
            }
            WarmasterEdit::AddUnit { player, unit } => {
                self.before_battle("the armies")?;
                let mut army = self.army(*player).clone();
                army.add(unit.clone())?;
                self.check_army(&army)?;
                self.players[player.index()].army = army;
            }
            WarmasterEdit::UpdateUnit { player, unit } => {
                self.before_battle("the armies")?;
                unit.check()?;
                let mut army = self.army(*player).clone();
                let slot = army
                    .units
                    .iter_mut()
                    .find(|u| u.id == unit.id)
                    .ok_or_else(|| not_found("unit", unit.id))?;
                *slot = unit.clone();
                self.check_army(&army)?;
                self.players[player.index()].army = army;
            }
            WarmasterEdit::RemoveUnit { player, unit } => {
                self.before_battle("the armies")?;
                let army = &mut self.players[player.index()].army;
                let before = army.units.len();
                army.units.retain(|u| u.id != *unit);
                if army.units.len() == before {
                    return Err(not_found("unit", unit));
                }
                let gone: Vec<u64> = self
                    .stands
                    .iter()
                    .filter(|s| s.player == *player && s.unit == *unit)
                    .map(|s| s.piece)
                    .collect();
                for piece in gone {
                    if table.piece(piece).is_some() {
                        table.apply(TableEdit::Delete { id: piece })?;
                    }
                }
                self.stands
                    .retain(|s| !(s.player == *player && s.unit == *unit));
            }
            WarmasterEdit::Roll(kind) => {
                if self.resolutions.len() >= MAX_RESOLUTIONS {
                    return Err(plain_refusal(
                        say("too_many_resolutions").int("max", MAX_RESOLUTIONS as i64),
                    ));
                }
                self.check_roll(kind)?;
                if matches!(kind, WarmasterRoll::IncursionTerrain {})
                    && self.marker_in_open_ground(table)
                {
                    return Err(refused(say("marker_open"), "W3"));
                }
                let id = Id::next_after(self.resolutions.iter().map(SavedResolution::id));
                // The roll-offs name the players (issue #27): the game
                // knows them, so nobody types them.
                let kind = kind.clone().named(self.names());
                self.resolutions.push(SavedResolution::new(id, kind)?);
            }
            WarmasterEdit::Apply { id } => self.apply_roll(*id, table)?,
            WarmasterEdit::PlaceTerrain {
                player,
                terrain,
                at,
                shape,
                name,
            } => self.place_terrain(
                *player,
                *terrain,
                *at,
                shape.as_ref(),
                name.as_deref(),
                table,
            )?,
            WarmasterEdit::PassTerrain { player } => {
                self.before_battle("the terrain")?;
                let names = self.names();
                let alt = self
                    .alternating
                    .as_mut()
                    .ok_or_else(|| refused(say("alternating_not_begun"), "W1"))?;
                alt.pass(*player, &names)?;
                if let Some(s) = alt.starting_player() {
                    self.starting_player = Some(s);
                }
            }
            WarmasterEdit::RemoveTerrain { piece } => {
                self.before_battle("the terrain")?;
                if self
                    .alternating
                    .as_ref()
                    .is_some_and(|a| a.placed.iter().any(|p| p.piece == *piece))
                {
                    return Err(refused(say("piece_alternating"), "W1"));
                }
                if !self.terrain.iter().any(|t| t.piece == *piece) {
                    return Err(not_found("terrain piece", piece));
                }
                if table.piece(*piece).is_some() {
                    table.apply(TableEdit::Delete { id: *piece })?;
                }
                self.terrain.retain(|t| t.piece != *piece);
            }
            WarmasterEdit::SetScenario(scenario) => {
                self.before_battle("the scenario")?;
                self.set_scenario(*scenario, table)?;
            }
            WarmasterEdit::SetSpecialRule(rule) => {
                self.before_battle("the special rule")?;
                let scenario = self
                    .scenario
                    .ok_or_else(|| refused(say("set_scenario"), "W2"))?;
                if let Some(r) = rule
                    && !scenario.special_rules().contains(&Some(*r))
                {
                    return Err(refused(
                        say("not_special_rule")
                            .text("rule", r.to_string())
                            .text("scenario", scenario.to_string()),
                        "W2",
                    ));
                }
                self.special_rule = *rule;
                self.special_rule_decided = true;
            }
            WarmasterEdit::SetStartingPlayer(p) => {
                self.before_battle("the starting player")?;
                if let Some(alt) = &self.alternating
                    && alt.finished
                    && alt.starting_player() != Some(*p)
                {
                    return Err(refused(say("passer_starts"), "W1"));
                }
                self.starting_player = Some(*p);
            }
            WarmasterEdit::ChooseEdge(edge) => {
                self.before_battle("the sides")?;
                let s = self
                    .starting_player
                    .ok_or_else(|| plain_refusal(say("side_needs_starter")))?;
                self.south = Some(if *edge == Edge::South { s } else { s.other() });
            }
            WarmasterEdit::PlaceLayout => {
                self.before_battle("the layout")?;
                let scenario = self
                    .scenario
                    .ok_or_else(|| refused(say("set_scenario"), "W3"))?;
                self.place_layout(scenario, table)?;
            }
            WarmasterEdit::MoveObjective { objective, to } => {
                self.before_battle("the layout")?;
                let o = self
                    .objectives
                    .iter()
                    .find(|o| o.id == *objective)
                    .ok_or_else(|| not_found("objective", objective))?;
                table.apply(TableEdit::Move {
                    id: o.piece,
                    to: *to,
                })?;
            }
            WarmasterEdit::PushTerrainAway => {
                self.before_battle("the terrain")?;
                self.push_terrain_away(table)?;
            }
            WarmasterEdit::PlaceStand {
                player,
                unit,
                at,
                facing,
            } => {
                let u = self.unit_of(*player, *unit)?.clone();
                if self.stands.len() >= MAX_STANDS_ON_MAP {
                    return Err(plain_refusal(
                        say("too_many_stands").int("max", MAX_STANDS_ON_MAP as i64),
                    ));
                }
                let on_map = self
                    .stands
                    .iter()
                    .filter(|s| s.player == *player && s.unit == *unit)
                    .count();
                if on_map >= u.stands as usize {
                    return Err(plain_refusal(
                        say("stands_all_on_map")
                            .text("unit", &u.name)
                            .int("stands", i64::from(u.stands)),
                    ));
                }
                let rules = warmaster_table_rules();
                let def = rules
                    .type_def(STAND_KIND)
                    .ok_or_else(|| plain_refusal(say("no_stand_type")))?;
                let id = table.next_id();
                let mut piece = def.piece(id, u.name.clone(), *at)?;
                let default_facing = match player {
                    Player::A => 90.0,
                    Player::B => 270.0,
                };
                let facing = match facing {
                    Some(f) => *f,
                    None => Angle::from_degrees(default_facing)
                        .map_err(|_| invalid("facing", default_facing, say("finite_facing")))?,
                };
                piece = piece.with_facing(facing);
                table.apply(TableEdit::Add(piece))?;
                self.stands.push(crate::game::StandLink {
                    piece: id,
                    player: *player,
                    unit: *unit,
                });
            }
            WarmasterEdit::RemoveStand { piece } => {
                if !self.stands.iter().any(|s| s.piece == *piece) {
                    return Err(not_found("stand", piece));
                }
                if table.piece(*piece).is_some() {
                    table.apply(TableEdit::Delete { id: *piece })?;
                }
                self.stands.retain(|s| s.piece != *piece);
            }
            WarmasterEdit::Deployed { player, now_ms } => self.deployed(*player, *now_ms)?,
            WarmasterEdit::UnitDestroyed {
                player,
                unit,
                new_general,
                now_ms,
            } => {
                // After a clock ran out this is a correction (PW10).
                self.observe_time(*now_ms)?;
                self.unit_destroyed(*player, *unit, *new_general, *now_ms)?;
            }
            WarmasterEdit::StandsLost { player, unit, lost } => {
                let u = self.unit_of(*player, *unit)?.clone();
                if *lost >= u.stands {
                    return Err(invalid(
                        "lost",
                        lost,
                        say("lost_all")
                            .text("unit", &u.name)
                            .int("stands", i64::from(u.stands)),
                    ));
                }
                let b = self
                    .battle
                    .as_mut()
                    .ok_or_else(|| plain_refusal(say("not_begun")))?;
                let mut s = b.unit_state(*player, *unit);
                if s.destroyed {
                    return Err(plain_refusal(say("destroyed").text("unit", &u.name)));
                }
                s.stands_lost = *lost;
                b.set_unit_state(s);
            }
            WarmasterEdit::Pillaged {
                player,
                unit,
                now_ms,
            } => {
                self.observe_time(*now_ms)?;
                self.refuse_after_clock_end()?;
                self.pillaged(*player, *unit, *now_ms)?;
            }
            WarmasterEdit::GeneralFought { player, now_ms } => {
                if self.special_rule != Some(SpecialRule::LongLiveTheKing) {
                    return Err(refused(say("general_ep"), "W10"));
                }
                let general = self
                    .battle
                    .as_ref()
                    .and_then(|b| b.generals[player.index()])
                    .ok_or_else(|| {
                        refused(
                            say("no_general").text("player", &self.player(*player).name),
                            "W10",
                        )
                    })?;
                self.observe_time(*now_ms)?;
                self.refuse_after_clock_end()?;
                self.battle_running()?;
                self.king_ep(*player, EpSource::GeneralFought { general })?;
                self.check_end(Vec::new(), ClockAt::Now(*now_ms))?;
            }
            WarmasterEdit::SetControl { objective, control } => {
                let o = self
                    .objectives
                    .iter()
                    .find(|o| o.id == *objective)
                    .ok_or_else(|| not_found("objective", objective))?
                    .clone();
                if control.alone && (o.kind == MarkerKind::Objective || control.by.is_none()) {
                    return Err(invalid("control.alone", "true", say("alone")));
                }
                let turn = self
                    .battle_running()?
                    .current_mut()
                    .ok_or_else(|| plain_refusal(say("no_player_turn")))?;
                set_entry(&mut turn.control, *objective, *control, false);
            }
            WarmasterEdit::ControlFromStands => {
                let computed = self.control_from_stands(table);
                if computed.len() != self.objectives.len() {
                    return Err(plain_refusal(say("marker_missing")));
                }
                let turn = self
                    .battle_running()?
                    .current_mut()
                    .ok_or_else(|| plain_refusal(say("no_player_turn")))?;
                for (id, detail) in computed {
                    set_entry(&mut turn.control, id, detail.control(), true);
                }
            }
            WarmasterEdit::EndTurn { now_ms } => self.end_turn(*now_ms)?,
            WarmasterEdit::EndGame { now_ms } => {
                self.observe_time(*now_ms)?;
                self.refuse_after_clock_end()?;
                self.battle_running()?;
                self.finish(vec![EndReason::Agreed], ClockAt::Now(*now_ms))?;
            }
            WarmasterEdit::Clock(c) => self.clock_edit(*c)?,
        }
        Ok(())
    }

    /// Takes every stand of `player` off the map (his army was replaced).
    pub(super) fn remove_stands_of(
        &mut self,
        player: Player,
        table: &mut Table,
    ) -> Result<(), PlayError> {
        for s in self.stands.iter().filter(|s| s.player == player) {
            if table.piece(s.piece).is_some() {
                table.apply(TableEdit::Delete { id: s.piece })?;
            }
        }
        self.stands.retain(|s| s.player != player);
        Ok(())
    }
}

trait UnderField {
    fn under_field(self, prefix: &str) -> PlayError;
}

impl UnderField for PlayError {
    fn under_field(self, prefix: &str) -> PlayError {
        match self {
            PlayError::Invalid {
                field,
                value,
                reason,
                message,
            } => PlayError::Invalid {
                field: format!("{prefix}.{field}"),
                value,
                reason,
                message,
            },
            other => other,
        }
    }
}
