//! The Warmaster tournament's standings as a typed table and its sheets:
//! the standings and one sheet per round with the pairings and results.

use feldherr_play::{Catalogue, PlayError};
use feldherr_scoring::{Cell, ColumnKind, StandingsTable, TableColumn, TableRow, TieValue};
use feldherr_sheet::{
    Column, Document as Sheet, Footer, NamedSheet, Paragraph, SheetOptions, Table, Title,
};

use crate::{TournamentResult, WarmasterTournament};

/// The tie-breakers, in order: key and catalogue key of the name (PW14).
const TIE_BREAKERS: [(&str, &str); 2] = [("vp_difference", "wmt.vp_diff"), ("ep", "wmt.ep")];

/// The standings of the tournament as a typed table.
///
/// # Errors
/// The tournament's refusal when its results do not add up.
pub fn standings_table(
    t: &WarmasterTournament,
    words: &Catalogue,
) -> Result<StandingsTable, PlayError> {
    let standings = t.standings()?;
    let rows = standings.rows();
    let mut columns = vec![
        TableColumn::new("place", words.t("wmt.place"), ColumnKind::Place),
        TableColumn::new("player", words.t("wmt.player"), ColumnKind::Text),
        TableColumn::new("total", words.t("wmt.points"), ColumnKind::Number),
    ];
    for (key, label) in TIE_BREAKERS {
        columns.push(TableColumn::new(key, words.t(label), ColumnKind::Number));
    }
    let table_rows = rows
        .iter()
        .enumerate()
        .map(|(index, r)| {
            let same = |other: Option<&feldherr_scoring::StandingRow>| {
                other.is_some_and(|o| o.place == r.place)
            };
            let shared =
                same(index.checked_sub(1).and_then(|i| rows.get(i))) || same(rows.get(index + 1));
            let tie_values: Vec<TieValue> = TIE_BREAKERS
                .iter()
                .zip(&r.tie_values)
                .map(|((key, label), value)| TieValue {
                    key: (*key).to_owned(),
                    label: words.t(label).to_owned(),
                    // Tie values are sums of whole VP and EP.
                    #[expect(clippy::cast_possible_truncation, reason = "whole numbers")]
                    value: *value as i64,
                })
                .collect();
            let mut cells = vec![
                Cell::Place {
                    place: u32::try_from(r.place).unwrap_or(u32::MAX),
                    shared,
                },
                Cell::Text(r.name.clone()),
                Cell::Number(r.total),
            ];
            cells.extend(tie_values.iter().map(|v| Cell::Number(v.value)));
            TableRow {
                id: r.id.clone(),
                cells,
                dropped: false,
                tie_values,
            }
        })
        .collect();
    Ok(StandingsTable {
        title: t.name.clone(),
        columns,
        rows: table_rows,
        notes: Vec::new(),
    })
}

/// Every sheet of the tournament: the standings, then one per round.
///
/// # Errors
/// The tournament's refusal when its results do not add up.
pub fn tournament_sheets(
    t: &WarmasterTournament,
    texts: &Catalogue,
    options: SheetOptions,
) -> Result<Vec<NamedSheet>, PlayError> {
    let mut sheets = vec![NamedSheet {
        name: "standings".into(),
        sheet: standings_sheet(texts, t, options)?,
    }];
    for (i, round) in t.round_list.iter().enumerate() {
        let title = texts.f("wmt.round", &[("n", &(i + 1).to_string())]);
        let mut table = Table::new([
            Column::new(texts.t("wmt.table"), 0.12),
            Column::new("A", 0.3),
            Column::new("B", 0.3),
            Column::new(texts.t("wmt.result"), 0.28),
        ])
        .zebra(true);
        for p in &round.pairings {
            table = table.row([
                p.table.to_string(),
                player_name(t, &p.a),
                player_name(t, &p.b),
                p.result.map(|r| result_text(&r)).unwrap_or_default(),
            ]);
        }
        if let Some(bye) = &round.bye {
            table = table.row([
                "-".to_owned(),
                player_name(t, bye),
                String::new(),
                texts.t("wmt.bye").to_owned(),
            ]);
        }
        let sheet = Sheet::new()
            .with_page_size(options.page)
            .with_dpi(options.dpi)
            .with_title(format!("{} {title}", t.name))
            .with_footer(
                Footer::new(t.name.clone(), texts.t("system.warmaster.name"))
                    .page_label(texts.t("sheet.page_label")),
            )
            .block(Title::new(title).subtitle(t.name.clone()))
            .block(table);
        sheets.push(NamedSheet {
            name: format!("round-{}", i + 1),
            sheet,
        });
    }
    Ok(sheets)
}

/// The standings sheet.
fn standings_sheet(
    texts: &Catalogue,
    t: &WarmasterTournament,
    options: SheetOptions,
) -> Result<Sheet, PlayError> {
    let standings = standings_table(t, texts)?;
    const WIDTHS: [f32; 5] = [0.1, 0.4, 0.18, 0.18, 0.14];
    let mut table = Table::new(
        standings
            .columns
            .iter()
            .zip(WIDTHS)
            .map(|(c, width)| Column::new(c.short_label(), width)),
    )
    .zebra(true);
    for r in &standings.rows {
        table = table.row(r.cells.iter().map(ToString::to_string));
    }
    let title = texts.t("wmt.standings");
    Ok(Sheet::new()
        .with_page_size(options.page)
        .with_dpi(options.dpi)
        .with_title(format!("{} {title}", t.name))
        .with_footer(
            Footer::new(t.name.clone(), texts.t("system.warmaster.name"))
                .page_label(texts.t("sheet.page_label")),
        )
        .block(Title::new(title).subtitle(t.name.clone()))
        .block(table)
        .block(Paragraph::new(texts.f(
            "wmt.points_rule",
            &[
                ("win", &t.points.win.to_string()),
                ("draw", &t.points.draw.to_string()),
                ("loss", &t.points.loss.to_string()),
                ("bye", &t.points.bye.to_string()),
            ],
        ))))
}

/// A player's name by his id in the tournament.
pub fn player_name(t: &WarmasterTournament, id: &str) -> String {
    t.players
        .iter()
        .find(|p| p.id == id)
        .map_or_else(|| id.to_owned(), |p| p.name.clone())
}

/// A pairing's result: "600 : 590 VP, 3 : 1 EP".
pub fn result_text(r: &TournamentResult) -> String {
    format!("{} : {} VP, {} : {} EP", r.a.vp, r.b.vp, r.a.ep, r.b.ep)
}
