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
    /// End lines with CR LF (Windows, Excel, RFC 4180) instead of LF.
    pub crlf: bool,
    /// The field separator.
    pub separator: Separator,
}

/// The field separator of CSV.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Separator {
    /// `,` (RFC 4180; English spreadsheets).
    #[default]
    Comma,
    /// `;` (what German Excel splits on: its list separator).
    Semicolon,
    /// A tab.
    Tab,
}

impl Separator {
    /// The character.
    pub fn char(self) -> char {
        match self {
            Separator::Comma => ',',
            Separator::Semicolon => ';',
            Separator::Tab => '\t',
        }
    }
}

/// The table printed in `format`.
pub fn print(table: &StandingsTable, format: StandingsFormat) -> String {
    match format {
        StandingsFormat::Text => text(table),
        StandingsFormat::Csv(options) => csv(table, options),
        StandingsFormat::Json => json(table),
    }
}

/// A CSV field, quoted when it holds the separator, a quote or a line
/// break.
fn csv_field(text: &str, separator: char) -> String {
    if text.contains([separator, '"', '\n', '\r']) {
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
    let sep = options.separator.char();
    let header: Vec<String> = table
        .columns
        .iter()
        .map(|c| csv_field(&c.key, sep))
        .collect();
    out.push_str(&header.join(&sep.to_string()));
    out.push_str(end);
    for row in &table.rows {
        let fields: Vec<String> = row
            .cells
            .iter()
            .map(|cell| match cell {
                Cell::Empty => String::new(),
                other => csv_field(&other.to_string(), sep),
            })
            .collect();
        out.push_str(&fields.join(&sep.to_string()));
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

#[cfg(test)]
mod tests {
    use super::*;
    use feldherr_scoring::{TableColumn, TableRow};

    fn table() -> StandingsTable {
        StandingsTable {
            title: "Cup".into(),
            columns: vec![
                TableColumn::new("place", "Place", ColumnKind::Place),
                TableColumn::new("player", "Player", ColumnKind::Text),
                TableColumn::new("total", "Total", ColumnKind::Number),
            ],
            rows: vec![TableRow {
                id: "p1".into(),
                cells: vec![
                    Cell::Place {
                        place: 1,
                        shared: true,
                    },
                    Cell::Text("Köhler; \"Matze\", Kassel".into()),
                    Cell::Number(21),
                ],
                dropped: false,
                tie_values: Vec::new(),
            }],
            notes: vec!["2 tables without a result".into()],
        }
    }

    #[test]
    fn csv_quotes_what_needs_it_for_every_separator() {
        let plain = csv(&table(), CsvOptions::default());
        assert_eq!(
            plain,
            "place,player,total\n1=,\"Köhler; \"\"Matze\"\", Kassel\",21\n"
        );
        let excel = csv(
            &table(),
            CsvOptions {
                bom: true,
                crlf: true,
                separator: Separator::Semicolon,
            },
        );
        assert_eq!(
            excel,
            "\u{feff}place;player;total\r\n1=;\"Köhler; \"\"Matze\"\", Kassel\";21\r\n"
        );
    }

    #[test]
    fn json_keeps_types_and_text_aligns_numbers() {
        let value: serde_json::Value = serde_json::from_str(&json(&table())).expect("json");
        assert_eq!(value[0]["place"], 1);
        assert_eq!(value[0]["shared"], true);
        assert_eq!(value[0]["total"], 21);
        assert_eq!(value[0]["id"], "p1");
        let text = text(&table());
        assert!(text.starts_with("Cup\nPlace  Player"), "{text}");
        assert!(text.ends_with("2 tables without a result\n"), "{text}");
    }
}
