//! Drawing the pairings of a battle game (issue 10) with
//! [`feldherr_pairing`].

use feldherr_pairing::{Draft, Entrant, History, Method};

use crate::{BattleKind, Event, NewYearError};

impl Event {
    /// The entrants of a draw for `game`: every player who has not dropped
    /// out, in the standings so far (before `game`), best first, scored by
    /// their event points in the earlier game.
    ///
    /// # Errors
    ///
    /// Every error of [`Event::validate`].
    pub fn entrants(&self, game: BattleKind) -> Result<Vec<Entrant>, NewYearError> {
        let points = self.player_points()?;
        let mut entrants: Vec<(Entrant, i64)> = points
            .iter()
            .zip(&self.players)
            .filter(|(_, player)| !player.dropped)
            .map(|(p, player)| {
                let score = match game {
                    BattleKind::RaeuberWarhammer => 0,
                    BattleKind::NewYearScenario => i64::from(p.raeuber_warhammer),
                };
                let vp = match game {
                    BattleKind::RaeuberWarhammer => 0,
                    BattleKind::NewYearScenario => p.vp_difference,
                };
                (
                    Entrant::new(
                        player.id.clone(),
                        player.name.clone(),
                        player.club.clone(),
                        score,
                    ),
                    vp,
                )
            })
            .collect();
        // Best first: points, then VP difference; the draw shuffles equal
        // points with the seed.
        entrants.sort_by(|(a, av), (b, bv)| b.score.cmp(&a.score).then(bv.cmp(av)));
        Ok(entrants.into_iter().map(|(e, _)| e).collect())
    }

    /// The games and byes before `game`: for the New Year scenario, the
    /// Raeuber-Warhammer pairings and byes.
    pub fn history(&self, game: BattleKind) -> History {
        let mut history = History::default();
        if game == BattleKind::NewYearScenario {
            let earlier = self.game(BattleKind::RaeuberWarhammer);
            for pairing in &earlier.pairings {
                history.add_game(&pairing.player_a, &pairing.player_b);
            }
            for bye in &earlier.byes {
                history.add_bye(bye);
            }
        }
        history
    }

    /// Draws the pairings of `game` with `seed` (P23): Raeuber-Warhammer (the
    /// first game) at random, the New Year scenario by the standings after
    /// Raeuber-Warhammer; drop-outs left out; same-club games and rematches
    /// avoided where possible; an odd count gives a bye to a player who has
    /// had none. Nothing changes until the draft is confirmed
    /// ([`crate::EventEdit::ConfirmDraw`]); the organiser may swap players
    /// first ([`Draft::swap`] with [`Event::entrants`] and
    /// [`Event::history`]).
    ///
    /// # Errors
    ///
    /// Every error of [`Event::validate`], and [`NewYearError::Pairing`].
    pub fn draw(&self, game: BattleKind, seed: u64) -> Result<Draft, NewYearError> {
        let entrants = self.entrants(game)?;
        let method = match game {
            BattleKind::RaeuberWarhammer => Method::Random,
            BattleKind::NewYearScenario => Method::ByStandings,
        };
        Ok(feldherr_pairing::draw(
            &entrants,
            &self.history(game),
            method,
            seed,
        )?)
    }
}
