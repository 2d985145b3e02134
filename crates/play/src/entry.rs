//! Results reported by the players themselves (issue 30): what a kind of
//! event tells a host about the tables whose results may be reported, the
//! fields of each result, and what a reported result gives.
//!
//! A host (the LAN server `feldherr-serve`) names no system: it lists the
//! [`EntryTable`]s of [`crate::EventRules::entry_tables`], shows their
//! [`ResultField`]s, and asks [`crate::EventRules::check_report`] to
//! validate reported values, preview the event points and give the edit
//! that records them. Every method defaults to "not supported".

use std::collections::BTreeMap;

use feldherr_dice::step::Message;

use crate::Seat;

/// The values of one reported result, by [`ResultField::key`]. Whole
/// numbers only; a choice (who won, how) is a number of its
/// [`ResultField::choices`].
pub type ReportValues = BTreeMap<String, i64>;

/// The most fields one result may have: a host bounds a form by it.
pub const MAX_RESULT_FIELDS: usize = 16;

/// The longest field key, in bytes.
pub const MAX_FIELD_KEY: usize = 40;

/// One value of a table's result, as the players fill it in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultField {
    /// The key in [`ReportValues`], e.g. `a.victory_points`; ASCII letters,
    /// digits, `.` and `_`, at most [`MAX_FIELD_KEY`] bytes.
    pub key: String,
    /// Its label, a catalogue message of the event's crate.
    pub label: Message,
    /// The player it belongs to (an index into [`EntryTable::players`]);
    /// `None` for a value of the whole game.
    pub side: Option<usize>,
    /// The smallest value accepted.
    pub min: i64,
    /// The largest value accepted.
    pub max: i64,
    /// For a choice: the values with their labels; empty for a number.
    pub choices: Vec<(i64, Message)>,
}

impl ResultField {
    /// A whole number from `min` to `max`.
    pub fn number(
        key: impl Into<String>,
        label: Message,
        side: Option<usize>,
        min: i64,
        max: i64,
    ) -> Self {
        Self {
            key: key.into(),
            label,
            side,
            min,
            max,
            choices: Vec::new(),
        }
    }

    /// Checks `value` against the bounds and choices.
    ///
    /// # Errors
    /// [`crate::PlayError::Invalid`] naming the field and the value.
    pub fn check(&self, value: i64) -> Result<(), crate::PlayError> {
        if !self.choices.is_empty() {
            return if self.choices.iter().any(|(v, _)| *v == value) {
                Ok(())
            } else {
                Err(crate::PlayError::invalid(
                    &self.key,
                    value,
                    "not one of the choices",
                ))
            };
        }
        if value < self.min || value > self.max {
            return Err(crate::PlayError::invalid(
                &self.key,
                value,
                format!("must be from {} to {}", self.min, self.max),
            ));
        }
        Ok(())
    }
}

/// A table whose result the players may report: one pairing of one round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryTable {
    /// The round's stable key (a saved word, e.g. `raeuber_warhammer` or
    /// `round-2`); at most [`crate::MAX_ROLE_NAME`] bytes.
    pub round: String,
    /// The round's name, a catalogue message.
    pub round_label: Message,
    /// The table number, 1 or more.
    pub table: u32,
    /// The players at the table, in the order the fields' `side` counts.
    pub players: Vec<Seat>,
    /// The fields of its result.
    pub fields: Vec<ResultField>,
    /// The result the event holds now, as values of the fields; `None`
    /// while there is none.
    pub entered: Option<ReportValues>,
}

impl EntryTable {
    /// Checks `values`: every field given once, no other key, each in its
    /// bounds. Bounds that depend on more than one field are the event's
    /// to check ([`crate::EventRules::check_report`]).
    ///
    /// # Errors
    /// [`crate::PlayError::Invalid`] naming the first field at fault.
    pub fn check_values(&self, values: &ReportValues) -> Result<(), crate::PlayError> {
        for key in values.keys() {
            if !self.fields.iter().any(|f| f.key == *key) {
                return Err(crate::PlayError::invalid(
                    key,
                    "(given)",
                    "is not a field of this result",
                ));
            }
        }
        for field in &self.fields {
            let Some(value) = values.get(&field.key) else {
                return Err(crate::PlayError::invalid(
                    &field.key,
                    "(missing)",
                    "is required",
                ));
            };
            field.check(*value)?;
        }
        Ok(())
    }
}

/// What a reported result gives: the event points of each player (in the
/// order of [`EntryTable::players`]) and the edit that records it.
#[derive(Debug, Clone, PartialEq)]
pub struct ReportCheck<E> {
    /// Each player's event points for this result.
    pub points: Vec<(Seat, i64)>,
    /// The edit that records the result in the event.
    pub edit: E,
}
