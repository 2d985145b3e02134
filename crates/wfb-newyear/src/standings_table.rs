//! The standings as one typed table ([`feldherr_scoring::StandingsTable`]):
//! what the standings tab, the projector, the printed sheet and the
//! command line's CSV, JSON and text show (N7).

use feldherr_play::Catalogue;
use feldherr_scoring::{Cell, ColumnKind, StandingsTable, TableColumn, TableRow, TieValue};

use crate::{Event, EventTieBreaker, NewYearError, StandingsRow, standings_rows};

/// The columns: key, catalogue key of the heading, kind. The short
/// heading is the heading's key with `.short`.
const COLUMNS: [(&str, &str, ColumnKind); 9] = [
    ("place", "newyear.col.place", ColumnKind::Place),
    ("player", "newyear.col.player", ColumnKind::Text),
    ("club", "newyear.col.club", ColumnKind::Text),
    ("army", "newyear.col.army", ColumnKind::Text),
    (
        "raeuber_warhammer",
        "newyear.col.raeuber_warhammer",
        ColumnKind::Number,
    ),
    (
        "new_year_scenario",
        "newyear.col.new_year_scenario",
        ColumnKind::Number,
    ),
    ("sled_race", "newyear.col.sled_race", ColumnKind::Number),
    ("total", "newyear.col.total", ColumnKind::Number),
    ("decided_by", "newyear.col.decided_by", ColumnKind::Text),
];

/// The standings of `event` as a typed table, headings and words from
/// `words` (the crate's messages are enough).
///
/// # Errors
/// Every error of [`standings_rows`].
pub fn standings_table(event: &Event, words: &Catalogue) -> Result<StandingsTable, NewYearError> {
    let rows = standings_rows(event)?;
    Ok(StandingsTable {
        title: event.name.clone(),
        columns: COLUMNS
            .iter()
            .map(|(key, label, kind)| {
                TableColumn::new(*key, words.t(label), *kind)
                    .short(words.t(&format!("{label}.short")))
            })
            .collect(),
        rows: rows.iter().map(|row| table_row(row, words)).collect(),
        notes: Vec::new(),
    })
}

/// One row of the table.
fn table_row(row: &StandingsRow, words: &Catalogue) -> TableRow {
    let p = &row.points;
    let place = u32::try_from(row.place).unwrap_or(u32::MAX);
    TableRow {
        id: p.player.clone(),
        cells: vec![
            Cell::Place {
                place,
                shared: row.shared,
            },
            Cell::Text(row.name_label(words)),
            Cell::Text(row.club.clone()),
            Cell::Text(row.army.clone()),
            Cell::Number(i64::from(p.raeuber_warhammer)),
            Cell::Number(i64::from(p.new_year_scenario)),
            Cell::Number(i64::from(p.sled_race)),
            Cell::Number(i64::from(p.total())),
            Cell::Text(words.message(&row.decided_by.message())),
        ],
        dropped: row.dropped,
        tie_values: EventTieBreaker::ALL
            .into_iter()
            .filter_map(|tb| {
                let value = match tb {
                    EventTieBreaker::VpDifference => Some(p.vp_difference),
                    EventTieBreaker::TreasuresRecovered => Some(i64::from(p.treasures_recovered)),
                    EventTieBreaker::SledPlacing => {
                        p.sled_placing.and_then(|s| i64::try_from(s).ok())
                    }
                }?;
                Some(TieValue {
                    key: tb.key().to_owned(),
                    label: words
                        .t(&format!("newyear.tiebreak.{}", tb.key()))
                        .to_owned(),
                    value,
                })
            })
            .collect(),
    }
}
