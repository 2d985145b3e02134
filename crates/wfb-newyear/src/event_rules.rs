//! The New Year event as one kind of event behind the contract
//! ([`feldherr_play::EventRules`], issue 9).

use std::collections::{HashMap, HashSet};

use feldherr_play::{
    EntryTable, EventRules, GameReport, HostedSlot, PlayError, Problem, ReportCheck, ReportValues,
    Role, Seat,
};

use crate::event::{EventIssue, MAX_TEXT_CHARS};
use crate::{
    Event, EventEdit, Finisher, HostedPlayerReason, MAX_SLED_ENTRANTS, NewYearError, SledRace,
    SledSource,
};

/// The role of the hosted sled race.
pub const SLED_RACE_ROLE: Role = Role::shared("sled_race");

/// The rule system that plays the sled race.
pub const SLED_RACE_SYSTEM: &str = "sled_race";

impl Event {
    /// Whether player `id` has a character on foot (N6).
    fn on_foot(&self, id: &str) -> bool {
        self.players
            .iter()
            .any(|p| p.id == id && p.character_on_foot)
    }

    /// Checks a hosted game's players (by name, as the game names them)
    /// against its slot (issue 28): each must be a registered player, once,
    /// not dropped out, and for the sled race have a character on foot (N6);
    /// at most [`MAX_SLED_ENTRANTS`] of them. Paths are `players[i]` into the
    /// list given. Empty when the game fits its slot.
    ///
    /// ```
    /// use feldherr_wfb_newyear::{Event, EventEdit, Player, SLED_RACE_ROLE};
    ///
    /// let mut event = Event::new("Neujahr");
    /// event.apply(&EventEdit::AddPlayer(Player::new("a", "Anna Berger", "", "", true)))?;
    /// let issues = event.hosted_issues(&SLED_RACE_ROLE, &["Anna Berger".into(), "Zoe".into()])?;
    /// assert_eq!(issues[0].path, "players[1]");
    /// assert_eq!(
    ///     issues[0].error.to_string(),
    ///     "hosted game \"sled_race\": Zoe is not a player of this event"
    /// );
    /// # Ok::<(), feldherr_wfb_newyear::NewYearError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`NewYearError::Report`] for a role the event does not have.
    pub fn hosted_issues(
        &self,
        role: &Role,
        players: &[String],
    ) -> Result<Vec<EventIssue>, NewYearError> {
        if *role != SLED_RACE_ROLE {
            return Err(NewYearError::Report {
                reason: format!("the event hosts no game as \"{role}\""),
            });
        }
        let mut issues = Vec::new();
        if players.len() > MAX_SLED_ENTRANTS {
            issues.push(EventIssue {
                path: "players".into(),
                error: NewYearError::HostedTooMany {
                    role: role.clone(),
                    count: players.len(),
                    limit: MAX_SLED_ENTRANTS,
                },
            });
        }
        let mut seen = HashSet::new();
        for (index, name) in players.iter().enumerate() {
            let mut matching = self.players.iter().filter(|p| p.name == *name);
            let reason = match (matching.next(), matching.next()) {
                (None, _) => Some(HostedPlayerReason::NotAPlayer),
                (Some(_), Some(_)) => Some(HostedPlayerReason::Ambiguous),
                (Some(_), None) if !seen.insert(name.as_str()) => Some(HostedPlayerReason::Twice),
                (Some(p), None) if p.dropped => Some(HostedPlayerReason::DroppedOut),
                (Some(p), None) if !p.character_on_foot => {
                    Some(HostedPlayerReason::NoCharacterOnFoot)
                }
                (Some(_), None) => None,
            };
            if let Some(reason) = reason {
                issues.push(EventIssue {
                    path: format!("players[{index}]"),
                    error: NewYearError::HostedPlayer {
                        role: role.clone(),
                        player: crate::error::shorten(name),
                        reason,
                    },
                });
            }
        }
        Ok(issues)
    }
}

impl EventRules for Event {
    type Edit = EventEdit;

    const KIND: &'static str = "wfb_newyear";

    fn name(&self) -> &str {
        &self.name
    }

    fn rename(&mut self, name: &str) -> Result<(), PlayError> {
        let chars = name.chars().count();
        if name.trim().is_empty() {
            return Err(PlayError::invalid("name", "\"\"", "must not be empty"));
        }
        if chars > MAX_TEXT_CHARS {
            return Err(PlayError::invalid(
                "name",
                format!("{chars} characters"),
                format!("at most {MAX_TEXT_CHARS} characters"),
            ));
        }
        name.clone_into(&mut self.name);
        Ok(())
    }

    fn apply(&mut self, edit: &EventEdit) -> Result<(), PlayError> {
        Event::apply(self, edit).map_err(PlayError::from)
    }

    /// Both battle games' pairings (issue 30, `result_entry.rs`).
    fn entry_tables(&self) -> Vec<EntryTable> {
        Event::entry_tables(self)
    }

    /// As [`Event::check_report`].
    fn check_report(
        &self,
        round: &str,
        table: u32,
        values: &ReportValues,
    ) -> Result<ReportCheck<EventEdit>, PlayError> {
        Event::check_report(self, round, table, values)
    }

    /// Every error with its path, then a warning for each name registered
    /// twice (the players must tell them apart; not an error).
    fn problems(&self) -> Vec<Problem> {
        let mut problems: Vec<Problem> = self
            .issues()
            .into_iter()
            .map(|issue| {
                let (message, rule) = issue.error.message_and_rule();
                let problem = Problem::new(issue.path, message);
                match rule {
                    Some(rule) => problem.rule(rule),
                    None => problem,
                }
            })
            .collect();
        for (index, name) in self.duplicate_names() {
            problems.push(
                Problem::new(
                    format!("players[{index}].name"),
                    format!(
                        "{name} is registered more than once; add a club or an initial so the \
                         players can tell them apart"
                    ),
                )
                .warning(),
            );
        }
        problems
    }

    /// The sled race (N6): every player with a character on foot who has
    /// not dropped out, by name.
    fn slots(&self) -> Vec<HostedSlot> {
        vec![HostedSlot {
            role: SLED_RACE_ROLE,
            system: SLED_RACE_SYSTEM,
            players: self
                .players
                .iter()
                .filter(|p| p.character_on_foot && !p.dropped)
                .map(|p| Seat::new(&p.id, &p.name))
                .collect(),
            terms: None,
        }]
    }

    /// The sled race's report becomes [`EventEdit::FeedSledRace`]: placed
    /// sides in placing order with their finishing rounds, the others as
    /// not finished; players of the event with a character on foot who are
    /// not in the report did not start. While the race runs (again, after
    /// a step was taken back) the edit clears the result, so its points
    /// leave the standings; `None` when that changes nothing. Refused while
    /// the event takes a typed finish order (PN7).
    ///
    /// A side is found by the id of the seat the game reports him by
    /// (renaming a player after the race was seated changes nothing); a
    /// side the race lists but the event did not seat (a mounted
    /// character, who does not start) is found by his name.
    fn feed(
        &self,
        role: &Role,
        seats: &[Seat],
        report: &GameReport,
    ) -> Result<Option<EventEdit>, PlayError> {
        if *role != SLED_RACE_ROLE {
            return Err(PlayError::not_found("hosted game", role));
        }
        if let Some(SledSource::Typed) = self.sled_source() {
            return Err(NewYearError::SledSourceClash {
                source: SledSource::Typed,
                attempted: SledSource::Hosted,
            }
            .into());
        }
        if !report.finished {
            return Ok((self.sled_source.is_none() || self.sled_race.is_some())
                .then_some(EventEdit::FeedSledRace(None)));
        }
        let refuse = |reason: String| PlayError::from(NewYearError::Report { reason });
        let mut by_name: HashMap<&str, Vec<&str>> = HashMap::new();
        for player in &self.players {
            by_name
                .entry(player.name.as_str())
                .or_default()
                .push(player.id.as_str());
        }
        let mut seen = HashSet::new();
        let mut placed: Vec<(u32, u32, String)> = Vec::new();
        let mut did_not_finish = Vec::new();
        let mut did_not_start = Vec::new();
        for side in &report.sides {
            let seated = seats.iter().find(|s| s.name == side.player);
            let by_id = seated.map(|s| self.players.iter().any(|p| p.id == s.id));
            let id = match (
                seated,
                by_id,
                by_name.get(side.player.as_str()).map(Vec::as_slice),
            ) {
                (Some(seat), Some(true), _) => seat.id.clone(),
                (Some(_), _, _) => {
                    return Err(refuse(format!(
                        "{} was seated in the race but is no longer a player of this event",
                        side.player
                    )));
                }
                (None, _, Some([id])) => (*id).to_owned(),
                (None, _, Some(_)) => {
                    return Err(refuse(format!(
                        "{} is registered more than once, so the result cannot be matched",
                        side.player
                    )));
                }
                (None, _, None) => {
                    return Err(refuse(format!(
                        "{} is not a player of this event",
                        side.player
                    )));
                }
            };
            if !seen.insert(id.clone()) {
                return Err(refuse(format!("{} is reported twice", side.player)));
            }
            match (side.placing, side.finished_round) {
                (Some(placing), Some(round)) => placed.push((placing, round, id)),
                (Some(_), None) => {
                    return Err(refuse(format!(
                        "{} is placed but has no finishing round",
                        side.player
                    )));
                }
                // A player without a character on foot does not start
                // (N6, P11); anyone else who is not placed did not finish.
                (None, _) if self.on_foot(&id) => did_not_finish.push(id),
                (None, _) => did_not_start.push(id),
            }
        }
        placed.sort_by_key(|(placing, _, _)| *placing);
        if let Some(pair) = placed.windows(2).find(|w| w[0].0 == w[1].0) {
            return Err(refuse(format!(
                "place {} is reported twice ({} and {})",
                pair[0].0,
                self.player_name(&pair[0].2),
                self.player_name(&pair[1].2)
            )));
        }
        // A player with a character on foot whom the race does not list
        // did not start; dropped players need not be listed (P22).
        did_not_start.extend(
            self.players
                .iter()
                .filter(|p| p.character_on_foot && !p.dropped && !seen.contains(&p.id))
                .map(|p| p.id.clone()),
        );
        Ok(Some(EventEdit::FeedSledRace(Some(SledRace {
            finishers: placed
                .into_iter()
                .map(|(_, round, id)| Finisher::new(id, round))
                .collect(),
            did_not_finish,
            did_not_start,
        }))))
    }
}
