//! Results the players report themselves (issue 30): the two battle
//! games' tables as [`EntryTable`]s with the fields the app's result form
//! has, and a reported result checked as the app checks a typed one
//! ([`Event::preview_result`]: PN1, PN2, N1-N3).

use feldherr_dice::step::Message;
use feldherr_play::{EntryTable, PlayError, ReportCheck, ReportValues, ResultField, Seat};
use feldherr_scoring::Side;

use crate::{BattleKind, BattleResult, Event, EventEdit, SideResult, TREASURES};

/// The catalogue key naming a battle game as a round.
const fn round_key(kind: BattleKind) -> &'static str {
    match kind {
        BattleKind::RaeuberWarhammer => "event.tab.raeuber",
        BattleKind::NewYearScenario => "event.tab.newyear",
    }
}

/// The fields of one side: VP, standards, treasures (scenario only).
const SIDE_FIELDS: [(&str, &str); 3] = [
    ("victory_points", "sheet.vp"),
    ("standards_captured", "sheet.standards"),
    ("treasures_recovered", "sheet.treasures"),
];

impl Event {
    /// The battle game whose key is `round`.
    fn round_of(round: &str) -> Result<BattleKind, PlayError> {
        BattleKind::ALL
            .into_iter()
            .find(|k| k.key() == round)
            .ok_or_else(|| PlayError::not_found("round", round))
    }

    /// The fields of a result in `kind`: each side's VP (0 to the army
    /// size, PN1), standards (PN2) and, in the New Year scenario,
    /// treasures (0 to 3, N3).
    fn result_fields(&self, kind: BattleKind) -> Vec<ResultField> {
        let bounds = self.result_bounds();
        let mut fields = Vec::new();
        for (side, prefix) in ["a", "b"].into_iter().enumerate() {
            for (name, label) in SIDE_FIELDS {
                let max = match name {
                    "victory_points" => bounds.max_victory_points,
                    "standards_captured" => bounds.max_standards,
                    _ if kind == BattleKind::NewYearScenario => TREASURES,
                    _ => continue,
                };
                fields.push(ResultField::number(
                    format!("{prefix}.{name}"),
                    Message::new(label),
                    Some(side),
                    0,
                    max,
                ));
            }
        }
        fields
    }

    /// Every pairing of both battle games as a table the players may
    /// report (the New Year scenario, when paired, is the current round).
    pub fn entry_tables(&self) -> Vec<EntryTable> {
        let mut out = Vec::new();
        for kind in BattleKind::ALL {
            let fields = self.result_fields(kind);
            for pairing in &self.game(kind).pairings {
                let seat = |id: &str| Seat::new(id, self.player_name(id));
                out.push(EntryTable {
                    round: kind.key().to_owned(),
                    round_label: Message::new(round_key(kind)),
                    table: pairing.table,
                    players: vec![seat(&pairing.player_a), seat(&pairing.player_b)],
                    fields: fields.clone(),
                    entered: pairing.result.map(|r| values_of(&r, kind)),
                });
            }
        }
        out
    }

    /// A reported result at `table` of `round` (a battle game's key):
    /// checked as [`Event::preview_result`] checks a typed one, with each
    /// player's event points and the [`EventEdit::SetResult`] that
    /// records it.
    ///
    /// # Errors
    /// [`PlayError::NotFound`] for an unknown round or table; the field's
    /// refusal for a missing, unknown or out-of-bounds value; the
    /// event's refusal (PN1, PN2, N3) as for a typed result.
    pub fn check_report(
        &self,
        round: &str,
        table: u32,
        values: &ReportValues,
    ) -> Result<ReportCheck<EventEdit>, PlayError> {
        let kind = Self::round_of(round)?;
        let entry = self
            .entry_tables()
            .into_iter()
            .find(|t| t.round == round && t.table == table)
            .ok_or_else(|| PlayError::not_found("table", table))?;
        entry.check_values(values)?;
        let side = |prefix: &str| SideResult {
            victory_points: values[&format!("{prefix}.victory_points")],
            standards_captured: values[&format!("{prefix}.standards_captured")],
            treasures_recovered: values
                .get(&format!("{prefix}.treasures_recovered"))
                .copied()
                .unwrap_or(0),
        };
        let result = BattleResult {
            a: side("a"),
            b: side("b"),
        };
        let preview = self.preview_result(kind, table, &result)?;
        let points = entry
            .players
            .iter()
            .zip([Side::A, Side::B])
            .map(|(seat, side)| (seat.clone(), i64::from(preview.outcome.event_points(side))))
            .collect();
        Ok(ReportCheck {
            points,
            edit: EventEdit::SetResult {
                game: kind,
                table,
                result: Some(result),
            },
        })
    }
}

/// A saved result as the fields' values.
fn values_of(result: &BattleResult, kind: BattleKind) -> ReportValues {
    let mut out = ReportValues::new();
    for (prefix, side) in [("a", &result.a), ("b", &result.b)] {
        out.insert(format!("{prefix}.victory_points"), side.victory_points);
        out.insert(
            format!("{prefix}.standards_captured"),
            side.standards_captured,
        );
        if kind == BattleKind::NewYearScenario {
            out.insert(
                format!("{prefix}.treasures_recovered"),
                side.treasures_recovered,
            );
        }
    }
    out
}
