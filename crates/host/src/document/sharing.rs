//! An event shared on the club's network (issue 30): the table codes the
//! players type, the results they report, the rounds closed for entry and
//! whether reported results count at once. Kept in the event document
//! ([`EventDoc::sharing`]), so the app and the server work on the same
//! document and a result is saved before anyone is told it is.
//!
//! Generic: a kind of event says which tables may be reported and how a
//! result is checked ([`feldherr_play::EventRules::entry_tables`],
//! [`feldherr_play::EventRules::check_report`]); nothing here names a
//! system.

use feldherr_play::{
    EntryTable, MAX_FIELD_KEY, MAX_RESULT_FIELDS, PlayError, Problem, ReportValues,
};
use rand::TryRngCore;
use rand::rngs::OsRng;
use serde::{Deserialize, Serialize};

use super::EventDoc;
use crate::HostError;

/// The letters a table code is made of: no 0/O, 1/I/L, so a code read off
/// a slip is typed right.
pub const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/// The length of a table code (31^6, about 887 million codes).
pub const CODE_LEN: usize = 6;

/// The longest submitter's name, in characters.
pub const MAX_SUBMITTER_CHARS: usize = 60;

/// The most reports one event keeps (a bound on the document).
pub const MAX_REPORTS: usize = 10_000;

/// The most codes one event keeps.
pub const MAX_CODES: usize = 10_000;

/// The longest round key, in bytes.
pub const MAX_ROUND_KEY: usize = feldherr_play::MAX_ROLE_NAME;

/// Where a reported result stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReportStatus {
    /// Reported by a player; the organiser has not looked yet.
    Reported,
    /// In the event: confirmed by the organiser, or counted at once.
    Confirmed,
    /// Another report of the same table disagrees; the organiser decides.
    Conflict,
    /// Set aside by the organiser (he typed the result himself).
    Dismissed,
}

/// A table's code for one round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableCode {
    /// The round's key ([`EntryTable::round`]).
    pub round: String,
    /// The table number.
    pub table: u32,
    /// The code: [`CODE_LEN`] letters of [`CODE_ALPHABET`].
    pub code: String,
}

/// A result reported from a player's phone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Report {
    /// The round's key.
    pub round: String,
    /// The table number.
    pub table: u32,
    /// The values, by field key.
    pub values: ReportValues,
    /// Who submitted it, as he typed his name (may be empty).
    #[serde(default)]
    pub submitter: String,
    /// When, in seconds since 1970 (UTC).
    pub at: u64,
    /// Where it stands.
    pub status: ReportStatus,
}

/// The sharing state of an event.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sharing {
    /// Reported results count at once (no confirmation needed).
    #[serde(default, skip_serializing_if = "is_false")]
    pub count_at_once: bool,
    /// Each table's code per round.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub codes: Vec<TableCode>,
    /// Rounds closed for entry, by key.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub closed: Vec<String>,
    /// The reported results, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reports: Vec<Report>,
}

#[expect(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's skip_serializing_if passes a reference"
)]
fn is_false(value: &bool) -> bool {
    !*value
}

impl Sharing {
    /// Nothing shared yet (the field is then not saved).
    pub fn is_empty(&self) -> bool {
        *self == Sharing::default()
    }

    /// The code of `table` in `round`.
    pub fn code(&self, round: &str, table: u32) -> Option<&str> {
        self.codes
            .iter()
            .find(|c| c.round == round && c.table == table)
            .map(|c| c.code.as_str())
    }

    /// Whether `round` is closed for entry.
    pub fn is_closed(&self, round: &str) -> bool {
        self.closed.iter().any(|r| r == round)
    }
}

/// A change to the sharing state, applied as every change to a document
/// is ([`super::EventEdit::Sharing`]): once, all or nothing, saved at once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SharingEdit {
    /// Adds codes for tables that have none ([`EventDoc::new_codes`]
    /// makes them; a table that has a code keeps it).
    AddCodes(Vec<TableCode>),
    /// A result reported from a phone ([`EventDoc::take_report`]).
    Report {
        /// The round's key.
        round: String,
        /// The table.
        table: u32,
        /// The values.
        values: ReportValues,
        /// Who submitted it.
        submitter: String,
        /// When (seconds since 1970, UTC).
        at: u64,
    },
    /// The organiser confirms a report ([`EventDoc::confirm_report`]).
    Confirm(usize),
    /// The organiser sets a table's open reports aside
    /// ([`EventDoc::dismiss_reports`]).
    Dismiss {
        /// The round's key.
        round: String,
        /// The table.
        table: u32,
    },
    /// Closes a round for entry, or opens it again.
    CloseRound {
        /// The round's key.
        round: String,
        /// Closed or open.
        closed: bool,
    },
    /// Reported results count at once, or wait for the organiser.
    CountAtOnce(bool),
}

/// What taking a reported result did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportTaken {
    /// A new report, waiting for the organiser.
    Reported,
    /// A new report, counted at once (the setting).
    Counted,
    /// The same values were reported before: nothing new.
    Repeated,
    /// It disagrees with an earlier report: both are flagged, neither
    /// replaces the other.
    Conflict,
}

/// Compares two codes in time independent of where they differ (the
/// lengths are public: every code has [`CODE_LEN`] letters).
pub fn codes_equal(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// A new random code from the system's random source.
///
/// # Errors
/// [`HostError::Rules`] when the system gives no random numbers.
pub fn random_code() -> Result<String, HostError> {
    let mut out = String::with_capacity(CODE_LEN);
    while out.len() < CODE_LEN {
        let mut byte = [0u8; 1];
        OsRng.try_fill_bytes(&mut byte).map_err(|e| {
            HostError::Rules(PlayError::refused(
                format!("no random numbers from the system: {e}"),
                None,
            ))
        })?;
        // 248 = 8 * 31: reject the rest so every letter is equally likely.
        if usize::from(byte[0]) < 8 * CODE_ALPHABET.len() {
            out.push(char::from(
                CODE_ALPHABET[usize::from(byte[0]) % CODE_ALPHABET.len()],
            ));
        }
    }
    Ok(out)
}

fn refused(reason: impl Into<String>) -> HostError {
    HostError::Rules(PlayError::refused(reason, None))
}

impl EventDoc {
    /// The tables players may report now, from the event.
    pub fn entry_tables(&self) -> Vec<EntryTable> {
        self.event.entry_tables()
    }

    /// The current round: the last round with tables.
    pub fn current_round(&self) -> Option<String> {
        self.entry_tables().last().map(|t| t.round.clone())
    }

    /// New random codes for every table that has none (for
    /// [`SharingEdit::AddCodes`]).
    ///
    /// # Errors
    /// [`HostError::Rules`] when the system gives no random numbers.
    pub fn new_codes(&self) -> Result<Vec<TableCode>, HostError> {
        let mut out = Vec::new();
        for table in self.entry_tables() {
            if self.sharing.code(&table.round, table.table).is_none() {
                out.push(TableCode {
                    round: table.round,
                    table: table.table,
                    code: random_code()?,
                });
            }
        }
        Ok(out)
    }

    /// Applies a sharing edit in place (the caller restores the document
    /// when it fails).
    ///
    /// # Errors
    /// As the method each edit names.
    pub fn apply_sharing(&mut self, edit: &SharingEdit) -> Result<(), HostError> {
        match edit {
            SharingEdit::AddCodes(codes) => {
                for code in codes {
                    if self.sharing.code(&code.round, code.table).is_some() {
                        continue;
                    }
                    if self.sharing.codes.len() >= MAX_CODES {
                        return Err(refused(format!("at most {MAX_CODES} table codes")));
                    }
                    if code.code.len() != CODE_LEN
                        || !code.code.bytes().all(|b| CODE_ALPHABET.contains(&b))
                    {
                        return Err(HostError::Rules(PlayError::invalid(
                            "code",
                            &code.code,
                            format!(
                                "a table code is {CODE_LEN} letters of {}",
                                String::from_utf8_lossy(CODE_ALPHABET)
                            ),
                        )));
                    }
                    self.sharing.codes.push(code.clone());
                }
            }
            SharingEdit::Report {
                round,
                table,
                values,
                submitter,
                at,
            } => {
                self.take_report(round, *table, values.clone(), submitter, *at)?;
            }
            SharingEdit::Confirm(index) => self.confirm_report(*index)?,
            SharingEdit::Dismiss { round, table } => {
                self.dismiss_reports(round, *table);
            }
            SharingEdit::CloseRound { round, closed } => self.set_round_closed(round, *closed),
            SharingEdit::CountAtOnce(on) => self.sharing.count_at_once = *on,
        }
        Ok(())
    }

    /// Whether `code` is the code of `table` in `round` (constant time).
    pub fn code_matches(&self, round: &str, table: u32, code: &str) -> bool {
        let typed = code.trim().to_ascii_uppercase();
        self.sharing
            .code(round, table)
            .is_some_and(|c| codes_equal(c, &typed))
    }

    /// Takes a result reported for `table` of `round`: checked as the app
    /// checks a typed one, then kept as a [`Report`]. The same values as
    /// an earlier report of the table change nothing; other values flag
    /// both as [`ReportStatus::Conflict`] (never replacing). With
    /// [`Sharing::count_at_once`] a first report goes into the event.
    ///
    /// The code is the caller's to check first ([`EventDoc::code_matches`]).
    ///
    /// # Errors
    /// A closed round, too long a name, too many reports, or the event's
    /// refusal of the values ([`HostError::Rules`]). Nothing changes.
    pub fn take_report(
        &mut self,
        round: &str,
        table: u32,
        values: ReportValues,
        submitter: &str,
        at: u64,
    ) -> Result<ReportTaken, HostError> {
        if self.sharing.is_closed(round) {
            return Err(refused(format!("entry for \"{round}\" is closed")));
        }
        let submitter = submitter.trim();
        if submitter.chars().count() > MAX_SUBMITTER_CHARS {
            return Err(HostError::Rules(PlayError::invalid(
                "submitter",
                format!("{} characters", submitter.chars().count()),
                format!("at most {MAX_SUBMITTER_CHARS} characters"),
            )));
        }
        if self.sharing.reports.len() >= MAX_REPORTS {
            return Err(refused(format!("at most {MAX_REPORTS} reports")));
        }
        let check = self.event.check_report(round, table, &values)?;
        let taken = self.report_outcome(round, table, &values);
        let status = match taken {
            ReportTaken::Repeated => return Ok(taken),
            ReportTaken::Conflict => {
                for r in &mut self.sharing.reports {
                    if r.round == round && r.table == table && r.status == ReportStatus::Reported {
                        r.status = ReportStatus::Conflict;
                    }
                }
                ReportStatus::Conflict
            }
            ReportTaken::Counted => {
                self.event.apply(&check.edit)?;
                ReportStatus::Confirmed
            }
            ReportTaken::Reported => ReportStatus::Reported,
        };
        self.sharing.reports.push(Report {
            round: round.to_owned(),
            table,
            values,
            submitter: submitter.to_owned(),
            at,
            status,
        });
        Ok(taken)
    }

    /// What [`EventDoc::take_report`] would do with `values` for `table`
    /// of `round`, given the reports so far (the values assumed valid).
    pub fn report_outcome(&self, round: &str, table: u32, values: &ReportValues) -> ReportTaken {
        let mut earlier = self.sharing.reports.iter().filter(|r| {
            r.round == round && r.table == table && r.status != ReportStatus::Dismissed
        });
        let mut any = false;
        let mut all_same = true;
        for r in earlier.by_ref() {
            any = true;
            all_same &= r.values == *values;
        }
        match (any, all_same) {
            (true, true) => ReportTaken::Repeated,
            (true, false) => ReportTaken::Conflict,
            (false, _) if self.sharing.count_at_once => ReportTaken::Counted,
            (false, _) => ReportTaken::Reported,
        }
    }

    /// The organiser confirms report `index`: its result goes into the
    /// event; the table's other open reports are set aside.
    ///
    /// # Errors
    /// No such report, one already set aside, or the event's refusal.
    /// Nothing changes.
    pub fn confirm_report(&mut self, index: usize) -> Result<(), HostError> {
        let report = self
            .sharing
            .reports
            .get(index)
            .ok_or_else(|| HostError::Rules(PlayError::not_found("report", index)))?
            .clone();
        if report.status == ReportStatus::Dismissed {
            return Err(refused("the report was set aside"));
        }
        let check = self
            .event
            .check_report(&report.round, report.table, &report.values)?;
        self.event.apply(&check.edit)?;
        for (i, r) in self.sharing.reports.iter_mut().enumerate() {
            if r.round == report.round && r.table == report.table {
                r.status = if i == index {
                    ReportStatus::Confirmed
                } else {
                    ReportStatus::Dismissed
                };
            }
        }
        Ok(())
    }

    /// The organiser sets the open reports of `table` in `round` aside
    /// (he corrects the result himself); returns how many.
    pub fn dismiss_reports(&mut self, round: &str, table: u32) -> usize {
        let mut count = 0;
        for r in &mut self.sharing.reports {
            if r.round == round
                && r.table == table
                && matches!(r.status, ReportStatus::Reported | ReportStatus::Conflict)
            {
                r.status = ReportStatus::Dismissed;
                count += 1;
            }
        }
        count
    }

    /// Closes `round` for entry (or opens it again).
    pub fn set_round_closed(&mut self, round: &str, closed: bool) {
        self.sharing.closed.retain(|r| r != round);
        if closed {
            self.sharing.closed.push(round.to_owned());
        }
    }

    /// Problems of the sharing state, as loading checks them: codes
    /// well-formed and one per table and round; reports and closed rounds
    /// naming rounds and tables the event has; reported values within the
    /// fields' bounds; limits on every list and text.
    pub(super) fn sharing_problems(&self) -> Vec<Problem> {
        let mut out = Vec::new();
        let tables = self.entry_tables();
        let rounds: Vec<&str> = tables.iter().map(|t| t.round.as_str()).collect();
        let s = &self.sharing;
        if s.codes.len() > MAX_CODES {
            out.push(Problem::new(
                "sharing.codes",
                format!("{} codes, at most {MAX_CODES}", s.codes.len()),
            ));
        }
        if s.reports.len() > MAX_REPORTS {
            out.push(Problem::new(
                "sharing.reports",
                format!("{} reports, at most {MAX_REPORTS}", s.reports.len()),
            ));
        }
        for (i, c) in s.codes.iter().enumerate() {
            let path = format!("sharing.codes[{i}]");
            if c.code.len() != CODE_LEN || !c.code.bytes().all(|b| CODE_ALPHABET.contains(&b)) {
                out.push(Problem::new(
                    format!("{path}.code"),
                    format!(
                        "a table code is {CODE_LEN} letters of {}",
                        String::from_utf8_lossy(CODE_ALPHABET)
                    ),
                ));
            }
            if s.codes[..i]
                .iter()
                .any(|o| o.round == c.round && o.table == c.table)
            {
                out.push(Problem::new(
                    format!("{path}.table"),
                    format!(
                        "table {} of \"{}\" has two codes",
                        c.table,
                        shorten(&c.round)
                    ),
                ));
            }
            if !tables
                .iter()
                .any(|t| t.round == c.round && t.table == c.table)
            {
                out.push(
                    Problem::new(
                        format!("{path}.table"),
                        format!(
                            "the event has no table {} in \"{}\" (paired again?)",
                            c.table,
                            shorten(&c.round)
                        ),
                    )
                    .warning(),
                );
            }
        }
        for (i, round) in s.closed.iter().enumerate() {
            if !rounds.contains(&round.as_str()) || s.closed[..i].contains(round) {
                out.push(
                    Problem::new(
                        format!("sharing.closed[{i}]"),
                        format!(
                            "\"{}\" is not a round of the event, or listed twice",
                            shorten(round)
                        ),
                    )
                    .warning(),
                );
            }
        }
        for (i, r) in s.reports.iter().enumerate() {
            let path = format!("sharing.reports[{i}]");
            if r.submitter.chars().count() > MAX_SUBMITTER_CHARS {
                out.push(Problem::new(
                    format!("{path}.submitter"),
                    format!("at most {MAX_SUBMITTER_CHARS} characters"),
                ));
            }
            if r.values.len() > MAX_RESULT_FIELDS
                || r.values.keys().any(|k| k.len() > MAX_FIELD_KEY)
            {
                out.push(Problem::new(format!("{path}.values"), format!("at most {MAX_RESULT_FIELDS} values with keys of at most {MAX_FIELD_KEY} bytes")));
                continue;
            }
            if r.round.len() > MAX_ROUND_KEY {
                out.push(Problem::new(
                    format!("{path}.round"),
                    format!("at most {MAX_ROUND_KEY} bytes"),
                ));
                continue;
            }
            match tables
                .iter()
                .find(|t| t.round == r.round && t.table == r.table)
            {
                None => out.push(
                    Problem::new(
                        format!("{path}.table"),
                        format!(
                            "the event has no table {} in \"{}\"",
                            r.table,
                            shorten(&r.round)
                        ),
                    )
                    .warning(),
                ),
                Some(t) => {
                    if let Err(e) = t.check_values(&r.values) {
                        out.push(Problem::new(format!("{path}.values"), e.to_string()));
                    }
                }
            }
        }
        out
    }
}

/// A saved word cut for a message.
fn shorten(text: &str) -> String {
    if text.chars().count() <= 40 {
        text.to_owned()
    } else {
        let cut: String = text.chars().take(40).collect();
        format!("{cut}...")
    }
}
