//! The Warmaster tournament's standings as a typed table and its sheets:
//! the standings, one sheet per round with its lines ("Anna wins on the
//! clock (W9)") and one result slip per pairing, each under the
//! tournament's own name.

use feldherr_play::{Catalogue, MatchResult, PlayError};
use feldherr_scoring::{Cell, ColumnKind, StandingsTable, TableColumn, TableRow, TieValue};
use feldherr_sheet::{
    Align, Column, Document as Sheet, Footer, KeyValues, NamedSheet, PageSize, Paragraph,
    SheetOptions, Signatures, Table, Title,
};

use crate::{
    GameTerms, PlaceDecided, StandingsRow, TieBreak, TournamentPairing, TournamentResult,
    WarmasterTournament,
};

/// The columns before the tie-breakers: key, catalogue key, kind.
const LEAD_COLUMNS: [(&str, &str, ColumnKind); 4] = [
    ("place", "wmt.place", ColumnKind::Place),
    ("player", "wmt.player", ColumnKind::Text),
    ("games", "wmt.games", ColumnKind::Number),
    ("total", "wmt.points", ColumnKind::Number),
];

/// A tie-breaker's stable key.
fn tie_key(tie: TieBreak) -> &'static str {
    match tie {
        TieBreak::VpDifference => "vp_difference",
        TieBreak::Ep => "ep",
    }
}

/// A tie-breaker's column heading: short, for the sheet's narrow column
/// ("VP diff."); the full name stays in what decided a place.
fn tie_heading_key(tie: TieBreak) -> &'static str {
    match tie {
        TieBreak::VpDifference => "wmt.vp_diff",
        TieBreak::Ep => "wmt.ep",
    }
}

/// What decided a row's place, in the reader's language.
fn decided_text(words: &Catalogue, decided: PlaceDecided) -> String {
    match decided {
        PlaceDecided::Points => words.t("wmt.decided.points").to_owned(),
        PlaceDecided::Shared => words.t("wmt.decided.shared").to_owned(),
        PlaceDecided::TieBreak { by, value, versus } => {
            let signed = |v: i64| match by {
                TieBreak::VpDifference => format!("{v:+}"),
                TieBreak::Ep => v.to_string(),
            };
            words.f(
                "wmt.decided.tie_break",
                &[
                    ("label", words.t(by.label_key())),
                    ("value", &signed(value)),
                    ("versus", &signed(versus)),
                ],
            )
        }
    }
}

/// The player's name as the standings show it: with "(dropped out after
/// round 2)" once he dropped out.
fn name_label(words: &Catalogue, row: &StandingsRow) -> String {
    match row.dropped_after {
        Some(after) => words.f(
            "wmt.dropped_name",
            &[("name", &row.name), ("round", &after.to_string())],
        ),
        None => row.name.clone(),
    }
}

/// The standings of the tournament as a typed table (PW5): place, player,
/// games, tournament points, the tie-breakers by name, what decided the
/// place. Every number is a whole number, as the crate's standings are.
///
/// # Errors
/// The tournament's refusal when its results do not add up.
pub fn standings_table(
    t: &WarmasterTournament,
    words: &Catalogue,
) -> Result<StandingsTable, PlayError> {
    let standings = t.standings()?;
    let rows = &standings.rows;
    let mut columns: Vec<TableColumn> = LEAD_COLUMNS
        .iter()
        .map(|(key, label, kind)| TableColumn::new(*key, words.t(label), *kind))
        .collect();
    for tie in &standings.tie_breaks {
        columns.push(TableColumn::new(
            tie_key(*tie),
            words.t(tie_heading_key(*tie)),
            ColumnKind::Number,
        ));
    }
    columns.push(TableColumn::new(
        "decided_by",
        words.t("wmt.decided_by"),
        ColumnKind::Text,
    ));
    let table_rows = rows
        .iter()
        .enumerate()
        .map(|(index, r)| {
            let same = |other: Option<&StandingsRow>| other.is_some_and(|o| o.place == r.place);
            let shared =
                same(index.checked_sub(1).and_then(|i| rows.get(i))) || same(rows.get(index + 1));
            let tie_values: Vec<TieValue> = standings
                .tie_breaks
                .iter()
                .map(|tie| TieValue {
                    key: tie_key(*tie).to_owned(),
                    label: words.t(tie.label_key()).to_owned(),
                    value: tie.value(r),
                })
                .collect();
            let mut cells = vec![
                Cell::Place {
                    place: r.place,
                    shared,
                },
                Cell::Text(name_label(words, r)),
                Cell::Number(i64::from(r.games)),
                Cell::Number(r.points),
            ];
            cells.extend(tie_values.iter().map(|v| Cell::Number(v.value)));
            cells.push(Cell::Text(decided_text(words, r.decided)));
            TableRow {
                id: r.player.clone(),
                cells,
                dropped: r.dropped_after.is_some(),
                tie_values,
            }
        })
        .collect();
    let mut notes = Vec::new();
    let pending = t
        .round_list
        .iter()
        .flat_map(|r| &r.pairings)
        .filter(|p| p.result.is_none())
        .count();
    if pending > 0 {
        notes.push(words.f("wmt.note.pending", &[("n", &pending.to_string())]));
    }
    Ok(StandingsTable {
        title: t.name.clone(),
        columns,
        rows: table_rows,
        notes,
    })
}

/// A page of the tournament: its name in the footer and the title.
fn page(texts: &Catalogue, t: &WarmasterTournament, options: SheetOptions, title: &str) -> Sheet {
    Sheet::new()
        .with_page_size(options.page)
        .with_dpi(options.dpi)
        .with_title(format!("{} {title}", t.name))
        .with_footer(
            Footer::new(t.name.clone(), texts.t("system.warmaster.name"))
                .page_label(texts.t("sheet.page_label")),
        )
}

/// The game size and options the tournament prescribes, as one line.
pub fn terms_text(texts: &Catalogue, terms: &GameTerms) -> String {
    let mut options = Vec::new();
    for (on, key) in [
        (terms.options.dying_race, "wm.option.dying_race"),
        (terms.options.arrogant, "wm.option.arrogant"),
        (terms.options.destructive, "wm.option.destructive"),
    ] {
        if on {
            options.push(texts.t(key).to_owned());
        }
    }
    let options = if options.is_empty() {
        texts.t("wmt.terms.no_options").to_owned()
    } else {
        options.join("; ")
    };
    texts.f(
        "wmt.terms.line",
        &[
            ("size", &terms.game_size.to_string()),
            ("options", &options),
        ],
    )
}

/// Every sheet of the tournament: the standings, one sheet per round
/// paired, and one result slip per pairing.
///
/// # Errors
/// The tournament's refusal when its results do not add up.
pub fn tournament_sheets(
    t: &WarmasterTournament,
    texts: &Catalogue,
    options: SheetOptions,
) -> Result<Vec<NamedSheet>, PlayError> {
    tournament_sheets_coded(t, texts, options, &|_, _| None)
}

/// The code players type to report a table's result from a phone, by
/// round and table (issue 30; the event document keeps them): `None`
/// prints no code.
pub type TableCodes<'a> = &'a dyn Fn(u32, u32) -> Option<String>;

/// [`tournament_sheets`] with each table's code (the tournament is shared
/// on the network): on its slip and in a column of its round's sheet.
///
/// # Errors
/// The tournament's refusal when its results do not add up.
pub fn tournament_sheets_coded(
    t: &WarmasterTournament,
    texts: &Catalogue,
    options: SheetOptions,
    codes: TableCodes<'_>,
) -> Result<Vec<NamedSheet>, PlayError> {
    let mut sheets = vec![NamedSheet {
        name: "standings".into(),
        sheet: standings_sheet(texts, t, options)?,
    }];
    for round in 1..=round_count(t) {
        sheets.push(NamedSheet {
            name: format!("round-{round}"),
            sheet: round_sheet_coded(texts, t, round, options, codes)?,
        });
    }
    for round in 1..=round_count(t) {
        let index = usize::try_from(round - 1).unwrap_or(usize::MAX);
        for pairing in t.round_list.get(index).map_or(&[][..], |r| &r.pairings) {
            sheets.push(NamedSheet {
                name: format!("slip-round-{round}-table-{:02}", pairing.table),
                sheet: slip_coded(
                    texts,
                    t,
                    round,
                    pairing,
                    options,
                    codes(round, pairing.table).as_deref(),
                ),
            });
        }
    }
    Ok(sheets)
}

/// The rounds paired, as a round number.
fn round_count(t: &WarmasterTournament) -> u32 {
    u32::try_from(t.round_list.len()).unwrap_or(u32::MAX)
}

/// One round: table, the two players, what the game came to.
///
/// # Errors
/// A round out of range.
pub fn round_sheet(
    texts: &Catalogue,
    t: &WarmasterTournament,
    round: u32,
    options: SheetOptions,
) -> Result<Sheet, PlayError> {
    round_sheet_coded(texts, t, round, options, &|_, _| None)
}

/// [`round_sheet`] with each table's code in a last column (the
/// tournament is shared on the network).
///
/// # Errors
/// A round out of range.
pub fn round_sheet_coded(
    texts: &Catalogue,
    t: &WarmasterTournament,
    round: u32,
    options: SheetOptions,
    codes: TableCodes<'_>,
) -> Result<Sheet, PlayError> {
    let title = texts.f("wmt.round", &[("n", &round.to_string())]);
    let lines = t.round_lines(round)?;
    let coded = lines.iter().any(|l| codes(round, l.table).is_some());
    let mut columns = vec![
        Column::new(texts.t("wmt.table"), 0.1).align(Align::Right),
        Column::new(texts.t("wmt.player_a"), 0.22),
        Column::new(texts.t("wmt.player_b"), 0.22),
        Column::new(texts.t("wmt.result"), 0.3),
        Column::new(texts.t("wmt.score"), 0.16),
    ];
    if coded {
        // Room for the whole code, never cut: six W are 5.9 em, 64 pt with
        // the padding at 9 pt (0.19 of A5's 335 pt).
        columns = vec![
            Column::new(texts.t("wmt.table"), 0.07).align(Align::Right),
            Column::new(texts.t("wmt.player_a"), 0.18),
            Column::new(texts.t("wmt.player_b"), 0.18),
            Column::new(texts.t("wmt.result"), 0.25),
            Column::new(texts.t("wmt.score"), 0.12),
            Column::new(texts.t("wmt.code"), 0.2),
        ];
    }
    let mut table = Table::new(columns).zebra(true);
    for line in lines {
        let mut cells = vec![
            line.table.to_string(),
            line.a.1.clone(),
            line.b.1.clone(),
            texts.message(&line.message()),
            line.result
                .map(|r| result_text(texts, &r))
                .unwrap_or_default(),
        ];
        if coded {
            cells.push(codes(round, line.table).unwrap_or_default());
        }
        table = table.row(cells);
    }
    let mut sheet = page(texts, t, options, &title)
        .block(Title::new(title.clone()).subtitle(t.name.clone()))
        .block(table);
    if let Some(bye) = t.bye_in(round) {
        sheet = sheet.block(Paragraph::new(texts.f(
            "wmt.sheet.bye",
            &[("name", bye), ("points", &t.points.bye.to_string())],
        )));
    }
    Ok(sheet.block(Paragraph::new(terms_text(texts, &t.terms)).muted()))
}

/// A result slip for one pairing: the tournament, round and table, the two
/// players, the terms, VP and EP to fill in (or filled in when the result
/// is in), who won and how, and the signatures.
pub fn slip(
    texts: &Catalogue,
    t: &WarmasterTournament,
    round: u32,
    pairing: &TournamentPairing,
    options: SheetOptions,
) -> Sheet {
    slip_coded(texts, t, round, pairing, options, None)
}

/// [`slip`] with the table's code for reporting from a phone (the
/// tournament is shared on the network), under the players.
pub fn slip_coded(
    texts: &Catalogue,
    t: &WarmasterTournament,
    round: u32,
    pairing: &TournamentPairing,
    options: SheetOptions,
    code: Option<&str>,
) -> Sheet {
    let small = matches!(options.page, PageSize::A5 | PageSize::A5Landscape);
    let title = texts.t("wmt.slip.title");
    let subtitle = format!(
        "{} · {}",
        t.name,
        texts.f(
            "wmt.slip.subtitle",
            &[
                ("round", &round.to_string()),
                ("table", &pairing.table.to_string())
            ]
        )
    );
    let (a, b) = (t.name_of(&pairing.a), t.name_of(&pairing.b));
    let mut sheet = page(texts, t, options, &format!("{title} {subtitle}"))
        .block(Title::new(title).subtitle(subtitle))
        .block(
            KeyValues::new(2)
                .pair(texts.t("wmt.player_a"), a.to_owned())
                .pair(texts.t("wmt.player_b"), b.to_owned()),
        );
    if let Some(code) = code {
        sheet = sheet.block(Paragraph::new(texts.f("wmt.slip.code", &[("code", code)])));
    }
    sheet = sheet.block(Paragraph::new(terms_text(texts, &t.terms)).muted());
    let cells = |f: &dyn Fn(&TournamentResult) -> (String, String)| {
        pairing
            .result
            .as_ref()
            .map_or((String::new(), String::new()), f)
    };
    let result_word = |r: MatchResult| {
        texts
            .t(match r {
                MatchResult::Win => "wmt.slip.win",
                MatchResult::Draw => "wmt.slip.draw",
                MatchResult::Loss => "wmt.slip.loss",
            })
            .to_owned()
    };
    let rows = [
        (
            texts.t("wmt.slip.vp"),
            cells(&|r| (r.a.vp.to_string(), r.b.vp.to_string())),
        ),
        (
            texts.t("wmt.slip.ep"),
            cells(&|r| (r.a.ep.to_string(), r.b.ep.to_string())),
        ),
        (
            texts.t("wmt.slip.result"),
            cells(&|r| (result_word(r.a.result), result_word(r.b.result))),
        ),
    ];
    let mut table = Table::new([
        Column::new("", 0.5),
        Column::new(a.to_owned(), 0.25).align(Align::Right),
        Column::new(b.to_owned(), 0.25).align(Align::Right),
    ])
    .zebra(true)
    .font_size(if small { 10.0 } else { 12.0 })
    .row_padding(if small { 2.5 } else { 6.0 });
    for (label, (x, y)) in rows {
        table = table.row([label.to_owned(), x, y]);
    }
    sheet = sheet.block(table);
    let clock = match &pairing.result {
        Some(r) if r.clock => texts.t("wmt.slip.clock_yes").to_owned(),
        Some(_) => texts.t("wmt.slip.clock_no").to_owned(),
        None => texts.t("wmt.slip.clock_blank").to_owned(),
    };
    sheet = sheet
        .block(Paragraph::new(clock))
        .block(Paragraph::new(texts.t("wmt.slip.rules")).muted())
        .block(feldherr_sheet::Block::Spacer(if small {
            6.0
        } else {
            24.0
        }))
        .block(Signatures::new([
            texts.f("wmt.slip.sign", &[("name", a)]),
            texts.f("wmt.slip.sign", &[("name", b)]),
        ]));
    sheet
}

/// The standings sheet.
fn standings_sheet(
    texts: &Catalogue,
    t: &WarmasterTournament,
    options: SheetOptions,
) -> Result<Sheet, PlayError> {
    let standings = standings_table(t, texts)?;
    const WIDTHS: [f32; 7] = [0.08, 0.3, 0.08, 0.1, 0.1, 0.08, 0.26];
    let mut table = Table::new(standings.columns.iter().zip(WIDTHS).map(|(c, width)| {
        let column = Column::new(c.short_label(), width);
        match c.kind {
            ColumnKind::Place | ColumnKind::Number => column.align(Align::Right),
            ColumnKind::Text => column,
        }
    }))
    .zebra(true)
    .font_size(if standings.rows.len() > 40 { 8.0 } else { 10.0 });
    for r in &standings.rows {
        table = table.row(r.cells.iter().map(ToString::to_string));
    }
    let title = texts.t("wmt.standings");
    let mut sheet = page(texts, t, options, title)
        .block(Title::new(title).subtitle(t.name.clone()))
        .block(table);
    for note in &standings.notes {
        sheet = sheet.block(Paragraph::new(note.clone()).muted());
    }
    Ok(sheet
        .block(Paragraph::new(texts.f(
            "wmt.points_rule",
            &[
                ("win", &t.points.win.to_string()),
                ("draw", &t.points.draw.to_string()),
                ("loss", &t.points.loss.to_string()),
                ("bye", &t.points.bye.to_string()),
            ],
        )))
        .block(Paragraph::new(terms_text(texts, &t.terms)).muted()))
}

/// A player's name by his id in the tournament.
pub fn player_name(t: &WarmasterTournament, id: &str) -> String {
    t.name_of(id).to_owned()
}

/// A pairing's score in the reader's language: "600 : 590 VP, 3 : 1 EP".
pub fn result_text(texts: &Catalogue, r: &TournamentResult) -> String {
    texts.f(
        "wmt.score_text",
        &[
            ("a_vp", &r.a.vp.to_string()),
            ("b_vp", &r.b.vp.to_string()),
            ("a_ep", &r.a.ep.to_string()),
            ("b_ep", &r.b.ep.to_string()),
        ],
    )
}
