//! Warheim's words for screens and sheets: fighters and players by name,
//! a profile in one line, and the typed outcomes as catalogue sentences in
//! the reader's language.

use feldherr_play::{Catalogue, Id, ResolutionKind};

use crate::{
    Change, Fall, MoraleKind, MoraleOutcome, Profile, Warheim, WarheimKind, WarheimOutcome,
};

/// A fighter's name by id ("#12" when no roster has him).
pub fn fighter_name(game: &Warheim, id: Id) -> String {
    game.rosters
        .iter()
        .find_map(|r| r.fighter(id))
        .map_or_else(|| id.to_string(), |f| f.name.clone())
}

/// The player's name, as the views and lists name him ("the player of
/// roster 2 (no name yet)" while his roster has no player's name).
pub fn player_label(words: &Catalogue, game: &Warheim, player: usize) -> String {
    match game.rosters.get(player).map(|r| r.player.trim()) {
        Some(name) if !name.is_empty() => words.f("wh.player", &[("name", name)]),
        _ => words.f("wh.player.unnamed", &[("n", &(player + 1).to_string())]),
    }
}

/// A profile in one line: "WS 15 Prec 12 Ph 11 T 12 Arm 1 Mor 14 Her 2, ...".
pub fn profile_line(p: &Profile) -> String {
    format!(
        "WS {} Prec {} Ph {} T {} Arm {} Mor {} Her {}, {:?} {}/{}",
        p.ws, p.prec, p.ph, p.t, p.arm, p.mor, p.her, p.movement, p.speed[0], p.speed[1]
    )
}

/// The catalogue key of a fall.
pub fn fall_key(fall: Fall) -> &'static str {
    match fall {
        Fall::Standing => "warheim.state.standing",
        Fall::Unconscious => "warheim.state.unconscious",
        Fall::Dead => "warheim.state.dead",
    }
}

/// The catalogue key of a kind of morale test.
pub fn morale_kind_key(kind: MoraleKind) -> &'static str {
    match kind {
        MoraleKind::Nerves => "warheim.morale.nerves",
        MoraleKind::Flight => "warheim.morale.flight",
    }
}

/// What an attack did to one fighter: "Lower orc: 2 hits, 1 saved, T 12 -> -1, unconscious".
pub fn change_line(words: &Catalogue, game: &Warheim, c: &Change) -> String {
    words.f(
        "wh.change",
        &[
            ("name", &fighter_name(game, c.fighter)),
            ("hits", &c.hits.to_string()),
            ("saved", &c.saved.to_string()),
            ("before", &c.t_before.to_string()),
            ("after", &c.t_after.to_string()),
            ("state", words.t(fall_key(c.fall))),
        ],
    )
}

/// "Upper orc, nerves: holds" / "panics".
pub fn morale_line(words: &Catalogue, game: &Warheim, m: &MoraleOutcome) -> String {
    words.f(
        if m.panic {
            "wh.morale.panicked"
        } else {
            "wh.morale.held"
        },
        &[
            ("name", &fighter_name(game, m.fighter)),
            ("test", words.t(morale_kind_key(m.kind))),
            ("value", &m.value.to_string()),
        ],
    )
}

/// The title of a resolution: "Witch hunter attacks Upper orc, Lower orc",
/// "Bright wizard casts Fireball", "Upper orc falls 4 in".
pub fn resolution_title(words: &Catalogue, game: &Warheim, kind: &WarheimKind) -> String {
    match kind {
        WarheimKind::Morale(spec) => words.f(
            "wh.sheet.morale",
            &[
                ("name", &fighter_name(game, spec.fighter)),
                ("test", words.t(morale_kind_key(spec.kind))),
            ],
        ),
        other => other
            .title_message()
            .map_or_else(String::new, |m| words.message(&m)),
    }
}

/// What a finished resolution did, one line per fighter it changed (hits,
/// T, state), or its verdict: "the spell fails", "spotting succeeds",
/// "Upper orc, nerves at 14: holds".
pub fn outcome_lines(
    words: &Catalogue,
    game: &Warheim,
    kind: &WarheimKind,
    outcome: &WarheimOutcome,
) -> Vec<String> {
    let changed = |changes: Vec<&Change>| -> Vec<String> {
        changes
            .into_iter()
            .filter(|c| c.hits > 0 || c.t_lost > 0)
            .map(|c| change_line(words, game, c))
            .collect()
    };
    let verdict = || {
        kind.outcome_message(outcome)
            .map(|m| words.message(&m))
            .into_iter()
            .collect::<Vec<_>>()
    };
    match outcome {
        WarheimOutcome::Morale(m) => vec![morale_line(words, game, m)],
        WarheimOutcome::Attack(_) | WarheimOutcome::Fall(_) => {
            let lines = changed(outcome.changes());
            if lines.is_empty() { verdict() } else { lines }
        }
        WarheimOutcome::Cast(_) | WarheimOutcome::Reveal(_) | WarheimOutcome::Test(_) => {
            let mut lines = verdict();
            lines.extend(changed(outcome.changes()));
            lines
        }
    }
}

/// Who won, as the players recorded it.
pub fn winner_line(words: &Catalogue, game: &Warheim) -> String {
    match game.result {
        None => words.t("wh.result.open").to_owned(),
        Some(None) => words.t("wh.result.draw").to_owned(),
        Some(Some(w)) => words.f(
            "wh.result.winner",
            &[("player", &player_label(words, game, w))],
        ),
    }
}
