//! Drawing the pairings of a battle game (issue 10) with
//! [`feldherr_pairing`].

use feldherr_pairing::{Draft, Entrant, History, Method};

use feldherr_scoring::Side;

use crate::event::Names;
use crate::{BattleKind, DrawBasis, Event, NewYearError};

impl Event {
    /// Every player's standing before `game`, in the order of
    /// [`Event::players`]: for the New Year scenario his event points and
    /// VP difference from Raeuber-Warhammer (byes score their points and
    /// no VP); for Raeuber-Warhammer, the first game, 0 and 0.
    ///
    /// # Errors
    ///
    /// Every error of [`Event::validate`].
    pub(crate) fn standing_before(&self, game: BattleKind) -> Result<Vec<DrawBasis>, NewYearError> {
        let mut standing: Vec<DrawBasis> = self
            .players
            .iter()
            .map(|p| DrawBasis {
                player: p.id.clone(),
                points: 0,
                vp_difference: 0,
            })
            .collect();
        if game == BattleKind::RaeuberWarhammer {
            return Ok(standing);
        }
        let names = Names::new(&self.players);
        let earlier = BattleKind::RaeuberWarhammer;
        let battle = self.game(earlier);
        for pairing in &battle.pairings {
            let Some(result) = &pairing.result else {
                continue;
            };
            let outcome = earlier.score(&result.a, &result.b)?;
            for (side, id) in [(Side::A, &pairing.player_a), (Side::B, &pairing.player_b)] {
                if let Some(b) = names.index(id).and_then(|i| standing.get_mut(i)) {
                    b.points = i64::from(outcome.event_points(side));
                    b.vp_difference = outcome.vp_margin(side);
                }
            }
        }
        for id in &battle.byes {
            if let Some(b) = names.index(id).and_then(|i| standing.get_mut(i)) {
                b.points = i64::from(battle.bye_points);
            }
        }
        Ok(standing)
    }

    /// The entrants of a draw for `game`: every player who has not dropped
    /// out, in the standings so far (before `game`), best first, scored by
    /// their event points in the earlier game (then VP difference).
    ///
    /// # Errors
    ///
    /// Every error of [`Event::validate`].
    pub fn entrants(&self, game: BattleKind) -> Result<Vec<Entrant>, NewYearError> {
        self.validate()?;
        let mut entrants: Vec<(Entrant, i64)> = self
            .standing_before(game)?
            .into_iter()
            .zip(&self.players)
            .filter(|(_, player)| !player.dropped)
            .map(|(b, player)| {
                (
                    Entrant::new(
                        player.id.clone(),
                        player.name.clone(),
                        player.club.clone(),
                        b.points,
                    ),
                    b.vp_difference,
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
    /// [`Event::history`]). This bare draft pairs every player and does
    /// not know what it was drawn for; [`Event::draft`] keeps the tables
    /// with a result and goes stale visibly (issue 26).
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
