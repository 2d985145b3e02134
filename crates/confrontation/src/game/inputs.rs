//! The inputs of the other resolutions of a game: ramming (C5), Sichel
//! blades, pressure rolls (C9), Instabil/X, and hits at one STR (explosion,
//! mine, passengers).

use crate::game::refusal::{invalid, not_found, refused, say};
use std::fmt;

use feldherr_dice::step::{Pending, Resolver, Steps};
use feldherr_play::{Id, PlayError};
use feldherr_table::Table;
use serde::{Deserialize, Serialize};

use super::worded::{Worded, hit_words};
use super::{Characteristic, ConfrontationGame, ModelRef, Subject, TableModel, base_of};
use crate::{
    ConfrontationError, HitResult, Impetus, InstabilRoll, Instability, Passenger, PassengerWounds,
    PressureResolution, Ramming, SickleFigure, SickleRun, SteamMarkers, TotalFailureCheck, Victim,
    VictimKind, WoundLevel, WoundTable, resolve_hit,
};

fn conf(e: ConfrontationError) -> PlayError {
    let message = crate::game::refusal::reason_message(&e);
    PlayError::refused(e.to_string(), None).with_message(message)
}

/// A ramming by a machine with Ramme/X (C5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RammingInputs {
    /// The ramming machine.
    pub machine: Id,
    /// Ramme/X.
    pub x: u32,
    /// Charge distance, or the speed marker.
    pub impetus: Impetus,
    /// Figures touching the front edge.
    pub front: Vec<Victim>,
    /// Figures met one after another if it drives on, nearest first.
    #[serde(default)]
    pub beyond: Vec<Victim>,
    /// Where each victim came from: front first, then beyond.
    #[serde(default)]
    pub refs: Vec<ModelRef>,
}

impl RammingInputs {
    /// The resolver; the error names the bad input.
    pub fn resolver(&self) -> Result<Worded<Ramming>, PlayError> {
        super::check_refs(&self.refs, self.front.len() + self.beyond.len())?;
        Ramming::new(
            self.x,
            self.impetus,
            self.front.clone(),
            self.beyond.clone(),
            WoundTable::default(),
        )
        .map(Worded)
        .map_err(conf)
    }
}

/// The blades of a Sichel/X machine passing figures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SickleInputs {
    /// The machine.
    pub machine: Id,
    /// Sichel/X.
    pub x: u32,
    /// The figures the blades touch, in order.
    pub figures: Vec<SickleFigure>,
    /// Where each came from.
    #[serde(default)]
    pub refs: Vec<ModelRef>,
}

impl SickleInputs {
    /// The resolver; the error names the bad input.
    pub fn resolver(&self) -> Result<Worded<SickleRun>, PlayError> {
        super::check_refs(&self.refs, self.figures.len())?;
        SickleRun::new(self.x, self.figures.clone(), WoundTable::default())
            .map(Worded)
            .map_err(conf)
    }
}

/// A pressure or injection roll of a steam or naphtha machine (C9).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SteamInputs {
    /// The machine.
    pub machine: Id,
    /// Dice rolled.
    pub dice: u32,
    /// The machine's markers when the roll was made.
    #[serde(default)]
    pub markers: SteamMarkers,
    /// The characteristic the bonus goes to, until the end of the round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub characteristic: Option<Characteristic>,
}

impl SteamInputs {
    /// The resolver; the error names the bad input.
    pub fn resolver(&self) -> Result<Worded<PressureResolution>, PlayError> {
        PressureResolution::new(self.dice, self.markers)
            .map(Worded)
            .map_err(conf)
    }
}

/// The end-of-round rolls of a machine with Instabil/X.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InstabilInputs {
    /// The machine.
    pub machine: Id,
    /// Instabil/X.
    pub x: u32,
    /// SP left when the rolls were made.
    pub sp_left: u32,
}

impl InstabilInputs {
    /// The resolver; the error names the bad input.
    pub fn resolver(&self) -> Result<Worded<InstabilRoll>, PlayError> {
        InstabilRoll::new(self.x, Instability::Structure(self.sp_left))
            .map(Worded)
            .map_err(conf)
    }
}

/// The start-of-round 4+ of a machine with a total failure (C9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TotalFailureInputs {
    /// The machine.
    pub machine: Id,
    /// Its markers when the roll was made.
    pub markers: SteamMarkers,
}

impl TotalFailureInputs {
    /// The resolver.
    pub fn resolver(&self) -> Result<Worded<TotalFailureCheck>, PlayError> {
        Ok(Worded(TotalFailureCheck::new(self.markers)))
    }
}

/// The end-of-round rolls of a figure with Instabil/X.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InstabilFigureInputs {
    /// The figure (on the table) or crew figure.
    pub subject: Subject,
    /// Instabil/X.
    pub x: u32,
    /// Its wound when the rolls were made.
    pub wound: WoundLevel,
}

impl InstabilFigureInputs {
    /// The resolver; the error names the bad input.
    pub fn resolver(&self) -> Result<Worded<InstabilRoll>, PlayError> {
        if matches!(self.subject, Subject::Machine(_)) {
            return Err(invalid(
                "subject",
                "machine",
                say("inputs.machine_s_instabil_confrontationkind_instabil"),
            ));
        }
        InstabilRoll::new(self.x, Instability::Figure(self.wound))
            .map(Worded)
            .map_err(conf)
    }
}

/// What caused a list of hits at one STR.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HitsCause {
    /// A boiler exploded: STR 10 within 5 cm (C9).
    Explosion,
    /// A mine went off: STR 6 within 10 cm (C10).
    Mine,
}

impl HitsCause {
    /// The rule id logged with each hit.
    pub fn rule(self) -> &'static str {
        match self {
            HitsCause::Explosion => "C9",
            HitsCause::Mine => "C10",
        }
    }
}

/// Hits at one STR on a list of models (explosion, mine).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HitsInputs {
    /// What happened.
    pub cause: HitsCause,
    /// The machine it belongs to (the exploded machine), if any.
    #[serde(default)]
    pub machine: Option<Id>,
    /// The mine marker's piece, for a mine.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mine: Option<u64>,
    /// STR of every hit.
    pub strength: i32,
    /// The models hit, in order.
    pub victims: Vec<Victim>,
    /// Where each came from.
    #[serde(default)]
    pub refs: Vec<ModelRef>,
}

impl HitsInputs {
    /// The resolver; the error names the bad input.
    pub fn resolver(&self) -> Result<Hits, PlayError> {
        super::check_refs(&self.refs, self.victims.len())?;
        if !(0..=30).contains(&self.strength) {
            return Err(invalid(
                "strength",
                self.strength,
                say("inputs.str_must_0_30"),
            ));
        }
        for (i, v) in self.victims.iter().enumerate() {
            if !(0..=99).contains(&v.res) {
                return Err(invalid(
                    format!("victims[{i}].res"),
                    v.res,
                    say("inputs.res_must_0_99").text("v_name", v.name.to_string()),
                ));
            }
        }
        Ok(Hits(self.clone()))
    }
}

/// Hits at one STR, one after another (a resolver).
#[derive(Debug, Clone)]
pub struct Hits(HitsInputs);

/// The results of [`Hits`], with the victims' names.
#[derive(Debug, Clone, PartialEq)]
pub struct HitsOutcome(pub Vec<(String, HitResult)>);

impl fmt::Display for HitsOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("nobody hit");
        }
        let parts: Vec<String> = self
            .0
            .iter()
            .map(|(n, r)| format!("{n}: {}", hit_words(r)))
            .collect();
        f.write_str(&parts.join("; "))
    }
}

impl Resolver for Hits {
    type Outcome = HitsOutcome;

    fn title(&self) -> String {
        let what = match self.0.cause {
            HitsCause::Explosion => "Explosion",
            HitsCause::Mine => "Mine",
        };
        format!(
            "{what}: {} hit at STR {}",
            self.0.victims.len(),
            self.0.strength
        )
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<HitsOutcome, Pending> {
        let table = WoundTable::default();
        let mut out = Vec::new();
        for v in &self.0.victims {
            let r = resolve_hit(
                steps,
                self.0.strength,
                v,
                &table,
                matches!(v.kind, VictimKind::Machine { .. }),
                self.0.cause.rule(),
            )?;
            out.push((v.name.clone(), r));
        }
        Ok(HitsOutcome(out))
    }
}

/// The passengers of a destroyed vehicle: each takes a wound at the
/// vehicle's RES (Transport), through the crate's [`PassengerWounds`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PassengerInputs {
    /// The vehicle.
    pub machine: Id,
    /// Its RES: the STR of every wound.
    pub vehicle_res: u32,
    /// The passengers aboard when it was destroyed.
    pub passengers: Vec<Passenger>,
}

impl PassengerInputs {
    /// The resolver; the error names the bad input.
    pub fn resolver(&self) -> Result<Worded<PassengerWounds>, PlayError> {
        if self.vehicle_res > 99 {
            return Err(invalid(
                "vehicle_res",
                self.vehicle_res,
                say("inputs.res_must_0_99_2"),
            ));
        }
        for (i, p) in self.passengers.iter().enumerate() {
            if p.res > 99 {
                return Err(invalid(
                    format!("passengers[{i}].res"),
                    p.res,
                    say("inputs.res_must_0_99_3").text("p_name", p.name.to_string()),
                ));
            }
        }
        Ok(Worded(PassengerWounds::of(
            self.vehicle_res,
            &self.passengers,
            WoundTable::default(),
        )))
    }
}

impl ConfrontationGame {
    /// Orders ramming victims: those touching the front edge as given, those
    /// met when driving on nearest to the machine first (C5).
    pub fn ramming_inputs(
        &self,
        table: &Table,
        machine: Id,
        impetus: Impetus,
        front: &[u64],
        beyond: &[u64],
    ) -> Result<RammingInputs, PlayError> {
        let m = self
            .machine(machine)
            .ok_or_else(|| not_found("machine", machine))?;
        let x = m.card.ram().ok_or_else(|| {
            refused(
                say("inputs.has_no_ramme_x").text("machine", m.name().to_string()),
                Some("C5"),
            )
        })?;
        if m.state.destroyed {
            return Err(refused(
                say("inputs.destroyed").text("machine", m.name().to_string()),
                None,
            ));
        }
        let models = self.table_models(table)?;
        let find = |id: &u64| {
            models
                .iter()
                .find(|t| t.source.piece == Some(*id) && t.source.machine != Some(machine))
                .ok_or_else(|| not_found("model that can be hit: piece", id))
        };
        let front: Vec<&TableModel> = front.iter().map(find).collect::<Result<_, _>>()?;
        let mut beyond: Vec<&TableModel> = beyond
            .iter()
            .filter(|id| !front.iter().any(|f| f.source.piece == Some(**id)))
            .map(find)
            .collect::<Result<_, _>>()?;
        let origin = m
            .piece
            .and_then(|p| table.piece(p))
            .map(|p| base_of(&p.shape).0)
            .or_else(|| front.first().map(|f| f.model.center));
        if let Some(o) = origin {
            beyond.sort_by(|a, b| {
                o.distance_to(a.model.center)
                    .total_cmp(&o.distance_to(b.model.center))
            });
        }
        let inputs = RammingInputs {
            machine,
            x,
            impetus,
            front: front.iter().map(|t| t.model.victim.clone()).collect(),
            beyond: beyond.iter().map(|t| t.model.victim.clone()).collect(),
            refs: front.iter().chain(&beyond).map(|t| t.source).collect(),
        };
        inputs.resolver()?;
        Ok(inputs)
    }

    /// The models touching the front edge of machine `machine`'s hull on
    /// the table: those a charge or engagement collides with (Ramme: only
    /// frontal collisions count, text line 586), in table order.
    pub fn front_touches(&self, table: &Table, machine: Id) -> Vec<u64> {
        let Some(m) = self.machine(machine) else {
            return Vec::new();
        };
        let Some(own) = m.piece.and_then(|p| table.piece(p)) else {
            return Vec::new();
        };
        let feldherr_table::geometry::Shape::Rect(hull) = &own.shape else {
            return Vec::new();
        };
        let (c, half) = (hull.center(), hull.length() / 2.0);
        let a = hull.facing().degrees().to_radians();
        let ahead = |p: feldherr_table::geometry::Point| {
            (p.x - c.x) * a.cos() + (p.y - c.y) * a.sin() > half - 1e-9
        };
        table
            .pieces()
            .iter()
            .filter(|p| p.layer == feldherr_table::Layer::Model && p.id != own.id)
            .filter(|p| !self.dead.contains(&p.id))
            .filter(|p| feldherr_table::geometry::touching(&own.shape, &p.shape))
            .filter(|p| ahead(p.center()))
            .map(|p| p.id)
            .collect()
    }

    /// The blast of machine `machine` after its boiler exploded: STR 10 on
    /// every living model within 5 cm of its outline (C9, P19).
    pub fn explosion_inputs(&self, table: &Table, machine: Id) -> Result<HitsInputs, PlayError> {
        let m = self
            .machine(machine)
            .ok_or_else(|| not_found("machine", machine))?;
        let piece = m.piece.ok_or_else(|| {
            refused(
                say("inputs.stands_no_piece").text("machine", m.name().to_string()),
                None,
            )
        })?;
        let outline = table
            .piece(piece)
            .ok_or_else(|| not_found("piece", piece))?
            .shape
            .clone();
        let candidates: Vec<TableModel> = self
            .table_models(table)?
            .into_iter()
            .filter(|t| t.source.piece != Some(piece))
            .collect();
        let hit = Self::explosion_victims(&outline, &candidates);
        let inputs = HitsInputs {
            cause: HitsCause::Explosion,
            machine: Some(machine),
            mine: None,
            strength: crate::EXPLOSION_STRENGTH,
            victims: hit
                .iter()
                .map(|&i| candidates[i].model.victim.clone())
                .collect(),
            refs: hit.iter().map(|&i| candidates[i].source).collect(),
        };
        inputs.resolver()?;
        Ok(inputs)
    }

    /// A mine going off: STR 6 on every living model within 10 cm of the
    /// marker (C10, P19).
    pub fn mine_inputs(&self, table: &Table, mine: u64) -> Result<HitsInputs, PlayError> {
        let marker = table
            .piece(mine)
            .filter(|p| p.kind == "mine" || p.kind == "decoy")
            .ok_or_else(|| not_found("mine marker", mine))?;
        if marker.kind == "decoy" {
            return Err(refused(
                say("inputs.decoy_nothing_happens").text("marker_name", marker.name.to_string()),
                Some("C10"),
            ));
        }
        if self.markers.get(&mine).is_some_and(|m| m.spent) {
            return Err(refused(
                say("inputs.went_off_already").text("marker_name", marker.name.to_string()),
                Some("C10"),
            ));
        }
        let models = self.table_models(table)?;
        let hit = Self::mine_victims(&marker.shape, &models);
        let inputs = HitsInputs {
            cause: HitsCause::Mine,
            machine: None,
            mine: Some(mine),
            strength: crate::MINE_STRENGTH,
            victims: hit
                .iter()
                .map(|&i| models[i].model.victim.clone())
                .collect(),
            refs: hit.iter().map(|&i| models[i].source).collect(),
        };
        inputs.resolver()?;
        Ok(inputs)
    }

    /// The wounds of the passengers of destroyed vehicle `machine`
    /// (Transport).
    pub fn passenger_inputs(&self, machine: Id) -> Result<PassengerInputs, PlayError> {
        let m = self
            .machine(machine)
            .ok_or_else(|| not_found("machine", machine))?;
        if !m.state.destroyed {
            return Err(refused(
                say("inputs.not_destroyed_passengers_are_safe")
                    .text("machine", m.name().to_string()),
                Some("Transport"),
            ));
        }
        let inputs = PassengerInputs {
            machine,
            vehicle_res: m.card.spec().res,
            passengers: m.passengers.clone(),
        };
        inputs.resolver()?;
        Ok(inputs)
    }
}
