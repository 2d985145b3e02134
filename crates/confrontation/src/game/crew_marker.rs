//! Markers laid by crew at deployment: a Minenleger's mine and decoy, a
//! Pionier's barricade.

use feldherr_play::Id;
use serde::{Deserialize, Serialize};

/// What a crew marker is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MarkerKind {
    /// A mine (Minenleger): STR 6 on everyone within 10 cm when set off.
    Mine,
    /// A decoy (Köder, Minenleger): nothing happens when set off.
    Decoy,
    /// A barricade (Pionier/X): WK 10 and X SP.
    Barricade,
}

impl MarkerKind {
    /// The table piece type that stands for it.
    pub fn piece_kind(self) -> &'static str {
        match self {
            MarkerKind::Mine => "mine",
            MarkerKind::Decoy => "decoy",
            MarkerKind::Barricade => "barricade",
        }
    }
}

/// A marker a crew figure laid at deployment, by its table piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CrewMarker {
    /// Mine, decoy or barricade.
    pub kind: MarkerKind,
    /// The crew figure that laid it.
    pub crew: Id,
    /// A mine that went off, or a decoy set off: spent.
    #[serde(default)]
    pub spent: bool,
    /// A barricade's SP (the Pionier's X).
    #[serde(default)]
    pub sp: u32,
    /// A barricade's SP lost.
    #[serde(default)]
    pub sp_lost: u32,
}
