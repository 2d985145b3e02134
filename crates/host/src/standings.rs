//! One standings table, printed three ways: CSV (RFC 4180, with an
//! optional byte-order mark and CRLF line ends for spreadsheet programs),
//! JSON (typed values) and an aligned text table.

use feldherr_scoring::{Cell, ColumnKind, StandingsTable};

/// How `feldherr standings` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StandingsFormat {
    /// An aligned text table.
    Text,
    /// CSV with a header line.
    Csv(CsvOptions),
    /// JSON: one object per row.
    Json,
}

/// How CSV is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CsvOptions {
    /// Start with a UTF-8 byte-order mark (German Excel reads a CSV file
    /// without one as ANSI and breaks every umlaut).
    pub bom: bool,
    /// End lines with CR LF (Windows, Excel) instead of LF.
    pub crlf: bool,
}

/// The table printed in `format`.
pub fn print(table: &StandingsTable, format: StandingsFormat) -> String {
    match format {
        StandingsFormat::Text => text(table),
        StandingsFormat::Csv(options) => csv(table, options),
        StandingsFormat::Json => json(table),
    }
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

/// The table as CSV: a header of the column keys, then one line per row.
pub fn csv(table: &StandingsTable, options: CsvOptions) -> String {
    let end = if options.crlf { "\r\n" } else { "\n" };
    let mut out = String::new();
    if options.bom {
        out.push('\u{feff}');
    }
    let header: Vec<String> = table.columns.iter().map(|c| csv_field(&c.key)).collect();
    out.push_str(&header.join(","));
    out.push_str(end);
    for row in &table.rows {
        let fields: Vec<String> = row
            .cells
            .iter()
            .map(|cell| match cell {
                Cell::Empty => String::new(),
                other => csv_field(&other.to_string()),
            })
            .collect();
        out.push_str(&fields.join(","));
        out.push_str(end);
    }
    out
}

/// A cell as a JSON value: places and numbers as numbers, words as
/// strings, nothing as null.
fn json_value(cell: &Cell) -> serde_json::Value {
    match cell {
        Cell::Place { place, .. } => (*place).into(),
        Cell::Text(text) => text.as_str().into(),
        Cell::Number(n) => (*n).into(),
        Cell::Empty => serde_json::Value::Null,
    }
}

/// The table as JSON: one object per row with `id`, every column by its
/// key, `shared` (a shared place), `dropped` and the tie-breaker values
/// by key.
pub fn json(table: &StandingsTable) -> String {
    let rows: Vec<serde_json::Value> = table
        .rows
        .iter()
        .map(|row| {
            let mut object = serde_json::Map::new();
            object.insert("id".into(), row.id.as_str().into());
            for (column, cell) in table.columns.iter().zip(&row.cells) {
                object.insert(column.key.clone(), json_value(cell));
                if let Cell::Place { shared, .. } = cell {
                    object.insert("shared".into(), (*shared).into());
                }
            }
            object.insert("dropped".into(), row.dropped.into());
            let ties: serde_json::Map<String, serde_json::Value> = row
                .tie_values
                .iter()
                .map(|t| (t.key.clone(), t.value.into()))
                .collect();
            object.insert("tie_values".into(), ties.into());
            serde_json::Value::Object(object)
        })
        .collect();
    // Plain data with string keys always serialises.
    let mut text = serde_json::to_string_pretty(&rows).unwrap_or_default();
    text.push('\n');
    text
}

/// The table as aligned text: the title, a header of the short headings,
/// words left-aligned, numbers right-aligned; the notes at the end.
pub fn text(table: &StandingsTable) -> String {
    let widths: Vec<usize> = table
        .columns
        .iter()
        .enumerate()
        .map(|(i, column)| {
            table
                .rows
                .iter()
                .filter_map(|row| row.cells.get(i))
                .map(|cell| cell.to_string().chars().count())
                .chain([column.short_label().chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: Vec<String>| {
        let fields: Vec<String> = cells
            .iter()
            .zip(&table.columns)
            .zip(&widths)
            .map(|((text, column), &width)| match column.kind {
                ColumnKind::Text => format!("{text:<width$}"),
                ColumnKind::Place | ColumnKind::Number => format!("{text:>width$}"),
            })
            .collect();
        let mut joined = fields.join("  ");
        joined.truncate(joined.trim_end().len());
        joined.push('\n');
        joined
    };
    let mut out = format!("{}\n", table.title);
    out.push_str(&line(
        table
            .columns
            .iter()
            .map(|c| c.short_label().to_owned())
            .collect(),
    ));
    for row in &table.rows {
        out.push_str(&line(row.cells.iter().map(ToString::to_string).collect()));
    }
    for note in &table.notes {
        out.push_str(note);
        out.push('\n');
    }
    out
}
