//! Warmaster's words for screens and sheets: players by name, special
//! rules and edges in the reader's language, clock times.

use feldherr_play::Catalogue;

use crate::{Edge, Player, SpecialRule, WarmasterGame};

/// A player's name.
pub fn name(game: &WarmasterGame, player: Player) -> &str {
    &game.player(player).name
}

/// Both names (A, B), for the engine's messages.
pub fn names(game: &WarmasterGame) -> [String; 2] {
    Player::BOTH.map(|p| game.player(p).name.clone())
}

/// A special rule's name, or "none".
pub fn rule_text(words: &Catalogue, rule: Option<SpecialRule>) -> String {
    rule.map_or_else(
        || words.t("wm.rule.none").to_owned(),
        |r| words.t(&r.label_key()).to_owned(),
    )
}

/// The edge's name.
pub fn edge_text(words: &Catalogue, edge: Edge) -> &str {
    words.t(match edge {
        Edge::South => "wm.edge.south",
        Edge::North => "wm.edge.north",
    })
}

/// A clock time as `mm:ss` or `h:mm:ss`, rounded up to the second (a
/// player with 0.4 s left still has time).
pub fn format_ms(ms: u64) -> String {
    let s = ms.div_ceil(1000);
    let (h, m, s) = (s / 3600, (s / 60) % 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m:02}:{s:02}")
    }
}
