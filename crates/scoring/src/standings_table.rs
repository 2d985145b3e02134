//! Standings as one typed table: what a screen, a projector, a printed
//! sheet and the command line's CSV, JSON and text all show.

use std::fmt;

use serde::Serialize;

/// What a column holds, so a printer can align it and a JSON writer keep
/// its type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ColumnKind {
    /// The place (right-aligned; "2=" when shared).
    Place,
    /// Words: a name, a club, what decided a place.
    Text,
    /// A whole number (right-aligned).
    Number,
}

/// A column of a standings table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TableColumn {
    /// Stable key: the CSV header and the JSON field, e.g. `total`.
    pub key: String,
    /// The heading in the reader's language.
    pub label: String,
    /// A short heading for narrow printouts (the aligned text table),
    /// where the event gives one; else the label is used.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub short: Option<String>,
    /// What the column holds.
    pub kind: ColumnKind,
}

impl TableColumn {
    /// A column.
    pub fn new(key: impl Into<String>, label: impl Into<String>, kind: ColumnKind) -> Self {
        Self {
            key: key.into(),
            label: label.into(),
            short: None,
            kind,
        }
    }

    /// With a short heading for narrow printouts.
    #[must_use]
    pub fn short(mut self, short: impl Into<String>) -> Self {
        self.short = Some(short.into());
        self
    }

    /// The heading for narrow printouts.
    pub fn short_label(&self) -> &str {
        self.short.as_deref().unwrap_or(&self.label)
    }
}

/// One cell, typed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Cell {
    /// A place, maybe shared with a neighbour.
    Place {
        /// The place from 1.
        place: u32,
        /// Whether another row has the same place.
        shared: bool,
    },
    /// Words.
    Text(String),
    /// A whole number.
    Number(i64),
    /// Nothing (a value not known yet).
    Empty,
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cell::Place { place, shared } => {
                write!(f, "{place}")?;
                if *shared {
                    f.write_str("=")?;
                }
                Ok(())
            }
            Cell::Text(text) => f.write_str(text),
            Cell::Number(n) => write!(f, "{n}"),
            Cell::Empty => f.write_str("-"),
        }
    }
}

/// A tie-breaker's value for one row, by name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TieValue {
    /// Stable key, e.g. `vp_difference`.
    pub key: String,
    /// Its name in the reader's language.
    pub label: String,
    /// The value.
    pub value: i64,
}

/// One row: a competitor's cells in column order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TableRow {
    /// The competitor's stable id in the event.
    pub id: String,
    /// One cell per column.
    pub cells: Vec<Cell>,
    /// Whether the competitor dropped out (he keeps his results).
    pub dropped: bool,
    /// The tie-breaker values, whether they decided anything or not.
    pub tie_values: Vec<TieValue>,
}

/// A whole standings table: title, columns, rows best first, and notes
/// for the reader (e.g. tables still without a result).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StandingsTable {
    /// The title (the event's name).
    pub title: String,
    /// The columns.
    pub columns: Vec<TableColumn>,
    /// The rows, best first.
    pub rows: Vec<TableRow>,
    /// Notes to show with the table, in the reader's language.
    pub notes: Vec<String>,
}

impl StandingsTable {
    /// The index of the column with `key`.
    pub fn column(&self, key: &str) -> Option<usize> {
        self.columns.iter().position(|c| c.key == key)
    }

    /// The cell of `row` in the column with `key`.
    pub fn cell<'a>(&self, row: &'a TableRow, key: &str) -> Option<&'a Cell> {
        self.column(key).and_then(|i| row.cells.get(i))
    }
}
