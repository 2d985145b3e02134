//! The free-for-all's words for screens and sheets: players and units by
//! name, and a combat with its results as catalogue sentences in the
//! reader's language.

use feldherr_play::{Catalogue, Id};

use crate::combat::CombatOutcome;
use crate::{
    Cause, Combat, FfaResolution, FreeForAll, HistoryEntry, HistoryKind, Seat, SeveralWinners,
    UnitStatus,
};

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

/// "Taktischer Trupp of Anna": an army unit with its player, by id.
pub fn unit_of(game: &FreeForAll, texts: &Catalogue, unit: Id) -> String {
    game.players()
        .iter()
        .find_map(|p| {
            p.unit(unit).map(|u| {
                texts.f(
                    "ffa.unit_of",
                    &[("unit", u.name.as_str()), ("player", p.name.as_str())],
                )
            })
        })
        .unwrap_or_else(|| unit.to_string())
}

/// Which player each piece of `table` belongs to, (piece id, seat): a
/// deployment zone named after its player, a unit or vehicle piece named
/// after one of his units ("Taktischer Trupp" or "Taktischer Trupp of
/// Anna", case aside). The screen and the record sheet outline these in
/// the player's colour.
pub fn piece_owners(
    game: &FreeForAll,
    texts: &Catalogue,
    table: &feldherr_table::Table,
) -> Vec<(u64, Seat)> {
    let rows = game.unit_rows();
    table
        .pieces()
        .iter()
        .filter_map(|piece| {
            let name = piece.name.trim();
            let seat = match piece.kind.as_str() {
                "deployment_zone" => {
                    (0..game.players().len()).find(|&seat| name == name_of(game, texts, seat))
                }
                "unit" | "vehicle" => rows
                    .iter()
                    .find(|row| {
                        name.eq_ignore_ascii_case(&row.name)
                            || name.eq_ignore_ascii_case(&unit_of(game, texts, row.unit))
                    })
                    .map(|row| row.seat),
                _ => None,
            };
            seat.map(|seat| (piece.id, seat))
        })
        .collect()
}

/// Players by name, comma-separated.
pub fn players_named(game: &FreeForAll, texts: &Catalogue, seats: &[Seat]) -> String {
    seats
        .iter()
        .map(|&s| name_of(game, texts, s))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A combat of the game by its turn and sides ("Round 1, Anna's turn
/// (Anna / Ben / Cem)"), never by its id; the id itself when the game
/// has no such combat.
pub fn combat_named(game: &FreeForAll, texts: &Catalogue, combat: Id) -> String {
    game.saved()
        .iter()
        .find(|r| r.id() == combat)
        .and_then(|r| match r.kind() {
            FfaResolution::Combat(c) => Some(c),
            _ => None,
        })
        .map_or_else(
            || combat.to_string(),
            |c| {
                let turn = texts.f(
                    "ffa.combat.turn",
                    &[
                        ("round", &c.round.to_string()),
                        ("player", &player_of(c, c.turn_of)),
                    ],
                );
                let sides: Vec<&str> = c.sides.iter().map(|s| s.player.as_str()).collect();
                texts.f(
                    "ffa.combat.named",
                    &[("turn", &turn), ("sides", &sides.join(" / "))],
                )
            },
        )
}

/// Where a unit stands, with the details: since when it flees, when, by
/// whom and how it was destroyed, when it was taken off the table.
pub fn status_text(game: &FreeForAll, texts: &Catalogue, status: &UnitStatus) -> String {
    match status {
        UnitStatus::Active => texts.t(status.label_key()).to_owned(),
        UnitStatus::Fleeing { round, .. } => {
            texts.f("ffa.status.fleeing_since", &[("round", &round.to_string())])
        }
        UnitStatus::Destroyed {
            round, by, cause, ..
        } => {
            let how = texts.t(match cause {
                Cause::Casualties { .. } => "ffa.cause.casualties",
                Cause::SweepingAdvance { .. } => "ffa.cause.sweep",
                Cause::Losses => "ffa.cause.losses",
            });
            let round = round.to_string();
            if by.is_empty() {
                texts.f(
                    "ffa.status.destroyed_in",
                    &[("round", &round), ("how", how)],
                )
            } else {
                texts.f(
                    "ffa.status.destroyed_by",
                    &[
                        ("round", &round),
                        ("by", &players_named(game, texts, by)),
                        ("how", how),
                    ],
                )
            }
        }
        UnitStatus::Removed { round, .. } => {
            texts.f("ffa.status.removed_in", &[("round", &round.to_string())])
        }
    }
}

/// One entry of a unit's history as a sentence, with its round and turn.
pub fn history_line(game: &FreeForAll, texts: &Catalogue, entry: &HistoryEntry) -> String {
    let when = texts.f(
        "ffa.combat.turn",
        &[
            ("round", &entry.round.to_string()),
            ("player", &name_of(game, texts, entry.turn_of)),
        ],
    );
    match &entry.what {
        HistoryKind::Fought {
            against,
            models_before,
            lost,
            models_after,
            fate,
            ..
        } => texts.f(
            "ffa.history.fought",
            &[
                ("when", &when),
                ("against", &players_named(game, texts, against)),
                ("before", &models_before.to_string()),
                ("lost", &lost.to_string()),
                ("after", &models_after.to_string()),
                ("fate", texts.t(fate.label_key())),
            ],
        ),
        HistoryKind::Losses {
            lost,
            by,
            models_after,
        } => {
            let lost = lost.to_string();
            let after = models_after.to_string();
            match by {
                Some(seat) => texts.f(
                    "ffa.history.losses_by",
                    &[
                        ("when", &when),
                        ("lost", &lost),
                        ("by", &name_of(game, texts, *seat)),
                        ("after", &after),
                    ],
                ),
                None => texts.f(
                    "ffa.history.losses",
                    &[("when", &when), ("lost", &lost), ("after", &after)],
                ),
            }
        }
        HistoryKind::Rallied => texts.f("ffa.history.rallied", &[("when", &when)]),
        HistoryKind::Removed => texts.f("ffa.history.removed", &[("when", &when)]),
    }
}

/// A unit's history, oldest first, as sentences (one line saying that
/// nothing happened yet when it has none).
pub fn history_lines(game: &FreeForAll, texts: &Catalogue, unit: Id) -> Vec<String> {
    let lines: Vec<String> = game
        .unit_history(unit)
        .iter()
        .map(|e| history_line(game, texts, e))
        .collect();
    if lines.is_empty() {
        vec![texts.t("ffa.history.none").to_owned()]
    } else {
        lines
    }
}
