//! The score preview of a typed result: the outcome, and the band edges
//! the rulings decide when the difference falls on them (issue 26).

use feldherr_dice::step::Message;
use serde::{Deserialize, Serialize};

use crate::event::Names;
use crate::{BattleKind, BattleOutcome, BattleResult, Event, NewYearError, SideResult};

/// Why the preview names a band: the text prints a band so that this
/// difference is not plainly covered, and a ruling decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BandNoteKind {
    /// The difference is exactly the lower edge of the open top band the
    /// text prints as "more than" (">1300" in Raeuber-Warhammer, ">1200"
    /// in the New Year scenario); N1 and N3 read it as "this and more",
    /// so the top band applies.
    OpenBoundary,
    /// The difference lies in 900-998, which Raeuber-Warhammer's printed
    /// "999-1299" leaves out; N1 puts it into that band.
    PrintedGap,
}

/// A ruling the preview names because the difference falls on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct BandNote {
    /// The game.
    pub game: BattleKind,
    /// The VP difference (after the standards bonus).
    pub difference: u64,
    /// Which edge.
    pub kind: BandNoteKind,
    /// What the text prints for the band (`>1300`, `999-1299`).
    pub printed: &'static str,
    /// The band that applies, lower edge (1300, 900).
    pub band_min: u64,
    /// The ruling (`N1`, `N3`).
    pub rule: &'static str,
}

impl BandNote {
    /// The notes for a difference in `game` (none, or one).
    pub fn for_difference(game: BattleKind, difference: u64) -> Option<Self> {
        let note = |kind, printed, band_min, rule| Self {
            game,
            difference,
            kind,
            printed,
            band_min,
            rule,
        };
        match (game, difference) {
            (BattleKind::RaeuberWarhammer, 1300) => {
                Some(note(BandNoteKind::OpenBoundary, ">1300", 1300, "N1"))
            }
            (BattleKind::RaeuberWarhammer, 900..=998) => {
                Some(note(BandNoteKind::PrintedGap, "999-1299", 900, "N1"))
            }
            (BattleKind::NewYearScenario, 1200) => {
                Some(note(BandNoteKind::OpenBoundary, ">1200", 1200, "N3"))
            }
            _ => None,
        }
    }

    /// The catalogue message: "A difference of exactly 1300: the text
    /// prints ">1300"; it counts in the band from 1300 (N1)".
    pub fn message(&self) -> Message {
        let key = match self.kind {
            BandNoteKind::OpenBoundary => "newyear.band_note.open_boundary",
            BandNoteKind::PrintedGap => "newyear.band_note.printed_gap",
        };
        Message::new(key)
            .int(
                "difference",
                i64::try_from(self.difference).unwrap_or(i64::MAX),
            )
            .text("printed", self.printed)
            .int("band_min", i64::try_from(self.band_min).unwrap_or(i64::MAX))
            .text("rule", self.rule)
    }
}

/// A typed result scored for the preview, with the band notes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ScorePreview {
    /// The scored result.
    pub outcome: BattleOutcome,
    /// The rulings the difference falls on (empty for most results).
    pub notes: Vec<BandNote>,
}

impl BattleKind {
    /// Scores a result as [`BattleKind::score`] and names the band edge
    /// the difference falls on, if any.
    ///
    /// ```
    /// use feldherr_wfb_newyear::{BandNoteKind, BattleKind, SideResult};
    ///
    /// // 1300 exactly: the text prints ">1300" (N1).
    /// let preview = BattleKind::RaeuberWarhammer
    ///     .preview(&SideResult::new(1300, 0), &SideResult::new(0, 0))?;
    /// assert_eq!(preview.notes[0].kind, BandNoteKind::OpenBoundary);
    /// assert_eq!(preview.outcome.event_points(feldherr_scoring::Side::B), 10);
    /// # Ok::<(), feldherr_wfb_newyear::NewYearError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`BattleKind::score`].
    pub fn preview(self, a: &SideResult, b: &SideResult) -> Result<ScorePreview, NewYearError> {
        let outcome = self.score(a, b)?;
        let notes = BandNote::for_difference(self, outcome.score.difference)
            .into_iter()
            .collect();
        Ok(ScorePreview { outcome, notes })
    }
}

impl Event {
    /// The preview of a typed, not yet saved result at `table` of `game`:
    /// refused as saving it would be for a value beyond the armies (PN1,
    /// PN2, naming the field, the table and both players) or a bad value
    /// ([`BattleKind::score`]); otherwise the outcome and the band notes.
    ///
    /// ```
    /// use feldherr_wfb_newyear::{BattleKind, BattleResult, Event, EventEdit, Pairing, Player, SideResult};
    ///
    /// let mut event = Event::new("Neujahr");
    /// event.apply(&EventEdit::AddPlayer(Player::new("a", "Anna Berger", "", "", true)))?;
    /// event.apply(&EventEdit::AddPlayer(Player::new("b", "Bernd Krause", "", "", true)))?;
    /// event.apply(&EventEdit::AddPairing { game: BattleKind::RaeuberWarhammer, pairing: Pairing::new(1, "a", "b") })?;
    /// let typo = BattleResult { a: SideResult::new(999_999_999, 37), b: SideResult::new(800, 0) };
    /// let err = event.preview_result(BattleKind::RaeuberWarhammer, 1, &typo).unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "Raeuber-Warhammer, table 1, Anna Berger against Bernd Krause: a.victory_points \
    ///      999999999 of Anna Berger is more VP than an army of the event's size can give \
    ///      (1500 at most) (PN1)"
    /// );
    /// # Ok::<(), feldherr_wfb_newyear::NewYearError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`NewYearError::NoSuchTable`], [`NewYearError::Implausible`] (the
    /// first value out of bounds), [`NewYearError::InPairing`].
    pub fn preview_result(
        &self,
        game: BattleKind,
        table: u32,
        result: &BattleResult,
    ) -> Result<ScorePreview, NewYearError> {
        let pairing = self
            .game(game)
            .at_table(table)
            .ok_or(NewYearError::NoSuchTable { game, table })?;
        let names = Names::new(&self.players);
        if let Some(b) = self.result_bounds().check(result).into_iter().next() {
            let (player, opponent) = if b.side == 'a' {
                (&pairing.player_a, &pairing.player_b)
            } else {
                (&pairing.player_b, &pairing.player_a)
            };
            return Err(NewYearError::Implausible {
                game,
                table,
                player: names.name(player),
                opponent: names.name(opponent),
                field: format!("{}.{}", b.side, b.field),
                value: b.value,
                max: b.max,
                rule: b.rule,
            });
        }
        game.preview(&result.a, &result.b)
            .map_err(|e| NewYearError::InPairing {
                game,
                table,
                source: Box::new(e),
            })
    }
}
