//! The free-for-all's words for screens and sheets: players and units by
//! name, and a combat with its results as catalogue sentences in the
//! reader's language.

use feldherr_play::{Catalogue, Id};

use crate::combat::CombatOutcome;
use crate::{Combat, FreeForAll, Seat, SeveralWinners};

/// The name of the player in `seat` ("player 3" when there is none).
pub fn name_of(game: &FreeForAll, texts: &Catalogue, seat: Seat) -> String {
    game.players().get(seat).map_or_else(
        || texts.f("ffa.player_n", &[("n", &(seat + 1).to_string())]),
        |p| p.name.clone(),
    )
}

/// A unit's name in a combat, by id.
pub fn unit_name(combat: &Combat, id: Id) -> String {
    combat
        .sides
        .iter()
        .flat_map(|s| &s.units)
        .find(|u| u.unit == id)
        .map_or_else(|| id.to_string(), |u| u.name.clone())
}

/// A player of a combat by seat.
pub fn player_of(combat: &Combat, seat: Seat) -> String {
    combat
        .side(seat)
        .map_or_else(|| (seat + 1).to_string(), |s| s.player.clone())
}

/// Units of a combat by name, comma-separated.
pub fn names(combat: &Combat, ids: &[Id]) -> String {
    ids.iter()
        .map(|&id| unit_name(combat, id))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Players of a combat by name, comma-separated.
pub fn players(combat: &Combat, seats: &[Seat]) -> String {
    seats
        .iter()
        .map(|&s| player_of(combat, s))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The label of an F3 option.
pub fn several_label(texts: &Catalogue, several: SeveralWinners) -> &str {
    texts.t(match several {
        SeveralWinners::LargestSide => "ffa.rules.largest_side",
        SeveralWinners::AllTogether => "ffa.rules.all_together",
    })
}

/// The lines of a combat as entered: the turn and each side.
pub fn entry_lines(texts: &Catalogue, combat: &Combat) -> Vec<String> {
    let mut lines = vec![texts.f(
        "ffa.combat.turn",
        &[
            ("round", &combat.round.to_string()),
            ("player", &player_of(combat, combat.turn_of)),
        ],
    )];
    for side in &combat.sides {
        let units: Vec<String> = side
            .units
            .iter()
            .map(|u| format!("{} ({})", u.name, u.models))
            .collect();
        lines.push(texts.f(
            "ffa.combat.side",
            &[
                ("player", &side.player),
                ("casualties", &side.casualties_caused.to_string()),
                ("models", &side.models().to_string()),
                ("units", &units.join(", ")),
            ],
        ));
    }
    lines
}

/// Who flees and who was destroyed, once the combat is finished.
pub fn end_lines(texts: &Catalogue, combat: &Combat, o: &CombatOutcome) -> Vec<String> {
    let mut lines = Vec::new();
    if !o.fleeing.is_empty() {
        lines.push(texts.f(
            "ffa.combat.fleeing",
            &[("units", &names(combat, &o.fleeing))],
        ));
    }
    if !o.destroyed.is_empty() {
        lines.push(texts.f(
            "ffa.combat.destroyed",
            &[("units", &names(combat, &o.destroyed))],
        ));
    }
    lines
}

/// The lines that sum a combat up for the record: the sides, results,
/// winners, outnumbering and who tests and, once finished, its tests,
/// sweeping advances and who flees or was destroyed.
pub fn combat_lines(
    texts: &Catalogue,
    combat: &Combat,
    outcome: Option<&CombatOutcome>,
) -> Vec<String> {
    let mut lines = entry_lines(texts, combat);
    let result = combat.result();
    let key = if result.winners.len() > 1 {
        "ffa.combat.winners_tied"
    } else {
        "ffa.combat.winner"
    };
    lines.push(texts.f(key, &[("players", &players(combat, &result.winners))]));
    for o in &result.outnumbering {
        lines.push(texts.f(
            if o.penalty == 0 {
                "ffa.combat.not_outnumbered"
            } else {
                "ffa.combat.outnumbered"
            },
            &[
                ("player", &player_of(combat, o.seat)),
                ("models", &o.models.to_string()),
                ("winners", &o.winner_models.to_string()),
                ("penalty", &o.penalty.to_string()),
            ],
        ));
    }
    if result.testing.is_empty() {
        lines.push(texts.t("ffa.combat.nobody_tests").to_owned());
    } else {
        let ids: Vec<Id> = result.testing.iter().map(|t| t.1).collect();
        lines.push(texts.f("ffa.combat.testing", &[("units", &names(combat, &ids))]));
    }
    let Some(o) = outcome else {
        return lines;
    };
    for t in &o.tests {
        let need = t.leadership.saturating_sub(t.penalty);
        let total = t.faces[0] + t.faces[1];
        lines.push(texts.f(
            if t.passed {
                "ffa.combat.test_held"
            } else {
                "ffa.combat.test_fled"
            },
            &[
                ("unit", &t.name),
                ("a", &t.faces[0].to_string()),
                ("b", &t.faces[1].to_string()),
                ("total", &total.to_string()),
                ("need", &need.to_string()),
            ],
        ));
    }
    for s in &o.sweeps {
        let player = player_of(combat, s.seat);
        if !s.allowed() {
            lines.push(texts.f(
                "ffa.combat.sweep_refused",
                &[
                    ("player", &player),
                    ("units", &names(combat, &s.still_fighting)),
                ],
            ));
        } else if !s.advanced {
            lines.push(texts.f("ffa.combat.sweep_none", &[("player", &player)]));
        } else {
            let rolls: Vec<String> = s
                .winner_rolls
                .iter()
                .chain(&s.fleeing_rolls)
                .map(|r| {
                    format!(
                        "{} {}+{}={}",
                        unit_name(combat, r.unit),
                        r.face,
                        r.initiative,
                        r.total
                    )
                })
                .collect();
            let destroyed = if s.destroyed.is_empty() {
                "-".to_owned()
            } else {
                names(combat, &s.destroyed)
            };
            lines.push(texts.f(
                "ffa.combat.sweep_done",
                &[
                    ("player", &player),
                    ("rolls", &rolls.join("; ")),
                    ("destroyed", &destroyed),
                ],
            ));
        }
    }
    if !o.fleeing.is_empty() {
        lines.push(texts.f(
            "ffa.combat.fleeing",
            &[("units", &names(combat, &o.fleeing))],
        ));
    }
    lines
}
