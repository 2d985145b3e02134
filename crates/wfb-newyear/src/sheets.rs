//! The New Year event's sheets: a result slip per pairing, the sled race
//! result, the standings and the rules cards, in the reader's language.

use feldherr_play::Catalogue;
use feldherr_scoring::ColumnKind;
use feldherr_sheet::{
    Align, Column, Document, Footer, Group, Image, KeyValues, Margins, NamedSheet, PageSize,
    Paragraph, Picture, SheetOptions, Signatures, Table, Title,
};

use crate::messages::RULE_CARDS;
use crate::{BattleKind, BattleOutcome, Event, NewYearError, Pairing, SledOutcome};

fn page(texts: &Catalogue, event: &Event, options: SheetOptions, title: &str) -> Document {
    let date = if event.date.is_empty() {
        texts.t("sheet.no_date").to_owned()
    } else {
        event.date.clone()
    };
    Document::new()
        .with_page_size(options.page)
        .with_dpi(options.dpi)
        .with_title(title)
        .with_footer(Footer::new(event.name.clone(), date).page_label(texts.t("sheet.page_label")))
}

fn game_name(texts: &Catalogue, kind: BattleKind) -> &str {
    texts.t(match kind {
        BattleKind::RaeuberWarhammer => "event.tab.raeuber",
        BattleKind::NewYearScenario => "event.tab.newyear",
    })
}

/// The code players type to report a table's result from a phone, by
/// game and table (issue 30; the event document keeps them, not the
/// event): `None` prints no code.
pub type TableCodes<'a> = &'a dyn Fn(BattleKind, u32) -> Option<String>;

/// No table codes (the event is not shared).
fn no_codes(_: BattleKind, _: u32) -> Option<String> {
    None
}

/// Every sheet of the event, in print order.
pub fn event_sheets(
    texts: &Catalogue,
    event: &Event,
    options: SheetOptions,
) -> Result<Vec<NamedSheet>, NewYearError> {
    event_sheets_coded(texts, event, options, &no_codes)
}

/// [`event_sheets`] with each table's code (the event is shared on the
/// network): on its slip and on the pairings wall sheet.
pub fn event_sheets_coded(
    texts: &Catalogue,
    event: &Event,
    options: SheetOptions,
    codes: TableCodes<'_>,
) -> Result<Vec<NamedSheet>, NewYearError> {
    event.validate()?;
    let mut sheets = Vec::new();
    // The pairings wall sheet of each game that has pairings (issue 26).
    for (kind, stem) in [
        (BattleKind::RaeuberWarhammer, "raeuber"),
        (BattleKind::NewYearScenario, "newyear"),
    ] {
        let game = event.game(kind);
        if !game.pairings.is_empty() || !game.byes.is_empty() {
            sheets.push(NamedSheet {
                name: format!("pairings-{stem}"),
                sheet: pairings_coded(texts, event, kind, options, codes),
            });
        }
    }
    for (kind, stem) in [
        (BattleKind::RaeuberWarhammer, "raeuber"),
        (BattleKind::NewYearScenario, "newyear"),
    ] {
        for pairing in &event.game(kind).pairings {
            sheets.push(NamedSheet {
                name: format!("slip-{stem}-table-{:02}", pairing.table),
                sheet: slip_coded(
                    texts,
                    event,
                    kind,
                    pairing,
                    options,
                    codes(kind, pairing.table).as_deref(),
                )?,
            });
        }
    }
    sheets.push(NamedSheet {
        name: "sled-race".into(),
        sheet: sled_race(texts, event, options)?,
    });
    sheets.push(NamedSheet {
        name: "standings".into(),
        sheet: standings(texts, event, options)?,
    });
    sheets.push(NamedSheet {
        name: "rules-cards".into(),
        sheet: rules_cards(texts, event, options),
    });
    Ok(sheets)
}

/// Every sheet of the event with the slips two A5 to an A4 page: each slip
/// laid out on A5 portrait (as printed alone), turned a quarter, one above
/// the other with a dashed cut line between them; the other sheets on A4.
pub fn event_sheets_two_up(
    texts: &Catalogue,
    event: &Event,
    options: SheetOptions,
) -> Result<Vec<NamedSheet>, NewYearError> {
    event_sheets_two_up_coded(texts, event, options, &no_codes)
}

/// [`event_sheets_two_up`] with each table's code (the event is shared on
/// the network).
pub fn event_sheets_two_up_coded(
    texts: &Catalogue,
    event: &Event,
    options: SheetOptions,
    codes: TableCodes<'_>,
) -> Result<Vec<NamedSheet>, NewYearError> {
    let a4 = SheetOptions {
        page: PageSize::A4,
        ..options
    };
    let a5 = SheetOptions {
        page: PageSize::A5,
        ..options
    };
    let mut images = Vec::new();
    for kind in [BattleKind::RaeuberWarhammer, BattleKind::NewYearScenario] {
        for pairing in &event.game(kind).pairings {
            let code = codes(kind, pairing.table);
            let layout = slip_coded(texts, event, kind, pairing, a5, code.as_deref())?.layout()?;
            for index in 0..layout.page_count() {
                let page = layout.render_page(index)?;
                let (w, h, rgba) = turned(page.width(), page.height(), page.rgba());
                images.push(Image::from_rgba(w, h, rgba)?);
            }
        }
    }
    let (width, _) = PageSize::A4.size_pt();
    let mut sheets = Vec::new();
    for (number, pair) in images.chunks(2).enumerate() {
        let mut doc = Document::new()
            .with_page_size(PageSize::A4)
            .with_dpi(options.dpi)
            .with_margins(Margins::uniform(0.0))
            .with_title(texts.t("sheet.slip.title"));
        for (i, image) in pair.iter().enumerate() {
            let image = if i == 0 {
                with_cut_line(image)
            } else {
                image.clone()
            };
            // A hair under the page width so that two halves fit whatever
            // the pixel rounding.
            doc = doc.block(Picture::new(image, width - 0.5).space_after(0.0));
        }
        sheets.push(NamedSheet {
            name: format!("slips-a4-{:02}", number + 1),
            sheet: doc,
        });
    }
    let rest = event_sheets_coded(texts, event, a4, codes)?
        .into_iter()
        .filter(|s| !s.name.starts_with("slip-"));
    sheets.extend(rest);
    Ok(sheets)
}

/// RGBA pixels turned a quarter clockwise: (width, height, pixels).
fn turned(width: u32, height: u32, rgba: &[u8]) -> (u32, u32, Vec<u8>) {
    let (w, h) = (width as usize, height as usize);
    let mut out = vec![255u8; w * h * 4];
    for y in 0..h {
        for x in 0..w {
            // (x, y) goes to (h - 1 - y, x) in the turned image, h wide.
            let from = (y * w + x) * 4;
            let to = (x * h + (h - 1 - y)) * 4;
            if let (Some(src), Some(dst)) = (rgba.get(from..from + 4), out.get_mut(to..to + 4)) {
                dst.copy_from_slice(src);
            }
        }
    }
    (height, width, out)
}

/// The image with a dashed grey cut line along its bottom edge.
fn with_cut_line(image: &Image) -> Image {
    let (w, h) = (image.width(), image.height());
    let mut rgba = image.rgba().to_vec();
    let thickness = (h / 400).max(2);
    let dash = (w / 60).max(6);
    for y in h.saturating_sub(thickness)..h {
        for x in 0..w {
            if (x / dash) % 2 == 0 {
                let at = ((y * w + x) * 4) as usize;
                if let Some(px) = rgba.get_mut(at..at + 4) {
                    px.copy_from_slice(&[110, 110, 110, 255]);
                }
            }
        }
    }
    Image::from_rgba(w, h, rgba).unwrap_or_else(|_| image.clone())
}

/// The result slip of one pairing; without a result its values are left
/// blank to be filled in by hand.
pub fn slip(
    texts: &Catalogue,
    event: &Event,
    kind: BattleKind,
    pairing: &Pairing,
    options: SheetOptions,
) -> Result<Document, NewYearError> {
    slip_coded(texts, event, kind, pairing, options, None)
}

/// [`slip`] with the table's code for reporting from a phone (the event
/// is shared on the network), under the players.
pub fn slip_coded(
    texts: &Catalogue,
    event: &Event,
    kind: BattleKind,
    pairing: &Pairing,
    options: SheetOptions,
    code: Option<&str>,
) -> Result<Document, NewYearError> {
    let player = |id: &str| {
        event
            .player(id)
            .cloned()
            .ok_or_else(|| NewYearError::UnknownPlayer {
                context: format!("{kind}, table {}", pairing.table),
                id: id.to_owned(),
            })
    };
    let a = player(&pairing.player_a)?;
    let b = player(&pairing.player_b)?;
    let game = game_name(texts, kind);
    // On A5 (a slip's own size, issue 10) everything must fit one page,
    // signatures included: tighter rows.
    let small = matches!(options.page, PageSize::A5 | PageSize::A5Landscape);
    let title = texts.t("sheet.slip.title");
    let subtitle = format!(
        "{} · {}",
        event.name,
        texts.f(
            "sheet.slip.subtitle",
            &[("game", game), ("table", &pairing.table.to_string())]
        )
    );
    let mut doc = page(texts, event, options, &format!("{title} {subtitle}"))
        .block(Title::new(title).subtitle(subtitle));
    doc = doc.block(
        KeyValues::new(2)
            .pair(texts.t("sheet.player_a"), a.name.clone())
            .pair(texts.t("sheet.player_b"), b.name.clone())
            .pair(texts.t("event.club"), a.club.clone())
            .pair(texts.t("event.club"), b.club.clone())
            .pair(
                texts.t("event.army"),
                format!("{} ({} {})", a.army, a.army_points, texts.t("sheet.pts")),
            )
            .pair(
                texts.t("event.army"),
                format!("{} ({} {})", b.army, b.army_points, texts.t("sheet.pts")),
            ),
    );
    if let Some(code) = code {
        doc = doc.block(Paragraph::new(
            texts.f("sheet.slip.code", &[("code", code)]),
        ));
    }
    let outcome = match &pairing.result {
        Some(r) => Some(kind.score(&r.a, &r.b)?),
        None => None,
    };
    let cell = |f: &dyn Fn(&BattleOutcome) -> (String, String)| match &outcome {
        Some(o) => f(o),
        None => (String::new(), String::new()),
    };
    let mut table = Table::new([
        Column::new("", 0.5),
        Column::new(a.name.clone(), 0.25).align(Align::Right),
        Column::new(b.name.clone(), 0.25).align(Align::Right),
    ])
    .zebra(true)
    .font_size(if small { 10.0 } else { 12.0 })
    .row_padding(if small { 2.5 } else { 6.0 });
    let mut rows: Vec<(String, (String, String))> = vec![
        (
            texts.t("sheet.vp").to_owned(),
            cell(&|o| {
                (
                    o.a.victory_points.to_string(),
                    o.b.victory_points.to_string(),
                )
            }),
        ),
        (
            texts.t("sheet.standards").to_owned(),
            match &pairing.result {
                Some(r) => (
                    r.a.standards_captured.to_string(),
                    r.b.standards_captured.to_string(),
                ),
                None => (String::new(), String::new()),
            },
        ),
        (
            texts.t("sheet.bonus").to_owned(),
            cell(&|o| {
                (
                    o.a.standards_bonus.to_string(),
                    o.b.standards_bonus.to_string(),
                )
            }),
        ),
        (
            texts.t("sheet.total_vp").to_owned(),
            cell(&|o| (o.a.total_vp.to_string(), o.b.total_vp.to_string())),
        ),
        (
            texts.t("sheet.band_points").to_owned(),
            cell(&|o| (o.a.band_points.to_string(), o.b.band_points.to_string())),
        ),
    ];
    if kind == BattleKind::NewYearScenario {
        rows.push((
            texts.t("sheet.treasures").to_owned(),
            cell(&|o| {
                (
                    o.a.treasures_recovered.to_string(),
                    o.b.treasures_recovered.to_string(),
                )
            }),
        ));
        rows.push((
            texts.t("sheet.treasure_points").to_owned(),
            cell(&|o| {
                (
                    o.a.treasure_points.to_string(),
                    o.b.treasure_points.to_string(),
                )
            }),
        ));
    }
    for (label, (x, y)) in rows {
        table = table.row([label, x, y]);
    }
    let (ea, eb) = cell(&|o| (o.a.event_points.to_string(), o.b.event_points.to_string()));
    table = table.bold_row([texts.t("sheet.event_points").to_owned(), ea, eb]);
    doc = doc.block(table);
    let difference = match &outcome {
        Some(o) => texts.f(
            "sheet.difference",
            &[
                ("diff", &o.score.difference.to_string()),
                ("band", &o.score.band.to_string()),
            ],
        ),
        None => texts.t("sheet.difference.blank").to_owned(),
    };
    doc = doc.block(Paragraph::new(difference));
    let bands = texts.t(match kind {
        BattleKind::RaeuberWarhammer => "result.bands.raeuber",
        BattleKind::NewYearScenario => "result.bands.newyear",
    });
    doc = doc.block(Paragraph::new(bands).muted());
    doc = doc.block(feldherr_sheet::Block::Spacer(if small {
        6.0
    } else {
        24.0
    }));
    doc = doc.block(Signatures::new([
        texts.f("sheet.sign", &[("name", &a.name)]),
        texts.f("sheet.sign", &[("name", &b.name)]),
        texts.t("sheet.referee").to_owned(),
    ]));
    Ok(doc)
}

/// The sled race result: finish order with rounds and points.
pub fn sled_race(
    texts: &Catalogue,
    event: &Event,
    options: SheetOptions,
) -> Result<Document, NewYearError> {
    let title = texts.t("event.tab.sled");
    let mut doc = page(texts, event, options, title)
        .block(Title::new(title).subtitle(texts.t("sheet.sled.subtitle")));
    let mut table = Table::new([
        // Wide enough on A5 for "nicht angekommen" and the headers with
        // the sheet crate's gap between them (issue 26).
        Column::new(texts.t("standings.place"), 0.1).align(Align::Right),
        Column::new(texts.t("event.player"), 0.28),
        Column::new(texts.t("event.club"), 0.28),
        Column::new(texts.t("sheet.sled.result"), 0.2),
        Column::new(texts.t("sled.points"), 0.14).align(Align::Right),
    ])
    .zebra(true);
    match event.sled_scores()? {
        None => {
            doc = doc.block(Paragraph::new(texts.t("sheet.sled.none")));
            for player in event.players.iter().filter(|p| p.character_on_foot) {
                table = table.row([
                    String::new(),
                    player.name.clone(),
                    player.club.clone(),
                    String::new(),
                    String::new(),
                ]);
            }
        }
        Some(scores) => {
            for score in scores {
                let player = event.player(&score.player);
                let result = match score.outcome {
                    SledOutcome::Finished { round, .. } => {
                        texts.f("sled.in_round", &[("round", &round.to_string())])
                    }
                    SledOutcome::DidNotFinish => texts.t("sled.dnf").to_owned(),
                    SledOutcome::DidNotStart => texts.t("sled.dns").to_owned(),
                };
                table = table.row([
                    score.placing.to_string(),
                    player
                        .map(|p| p.name.clone())
                        .unwrap_or_else(|| score.player.clone()),
                    player.map(|p| p.club.clone()).unwrap_or_default(),
                    result,
                    score.points.to_string(),
                ]);
            }
        }
    }
    doc = doc
        .block(table)
        .block(Paragraph::new(texts.t("sheet.sled.points")).muted());
    Ok(doc)
}

/// The event standings, printed from the typed standings table.
pub fn standings(
    texts: &Catalogue,
    event: &Event,
    options: SheetOptions,
) -> Result<Document, NewYearError> {
    let table = crate::standings_table(event, texts)?;
    let title = texts.t("event.tab.standings");
    let tie_breakers = if event.tie_breakers.is_empty() {
        texts.t("sheet.standings.shared").to_owned()
    } else {
        let names: Vec<String> = event
            .tie_breakers
            .iter()
            .map(|t| texts.t(&format!("newyear.tiebreak.{}", t.key())).to_owned())
            .collect();
        texts.f(
            "sheet.standings.tiebreakers",
            &[("list", &names.join(", "))],
        )
    };
    // On A5 (issue 26: the headers were cut, the legend sat alone on page
    // 2) a narrower layout: 8 pt, the club under the player's name in one
    // column, widths in points of the A5 content width (335 pt) so that
    // every header word fits; on A4 one column each.
    let small = matches!(options.page, PageSize::A5 | PageSize::A5Landscape);
    let column = |key: &str| table.columns.iter().position(|c| c.key == key);
    let (player, club) = match (column("player"), column("club")) {
        (Some(p), Some(c)) if small => (Some(p), Some(c)),
        _ => (None, None),
    };
    let width = |key: &str| -> f32 {
        match (small, key) {
            (true, "place") => 26.0,
            (true, "player") => 92.0,
            (true, "army") => 56.0,
            (true, "total") => 37.0,
            (true, "decided_by") => 70.0,
            (true, _) => 18.0,
            (false, "place") => 0.07,
            (false, "player") => 0.19,
            (false, "club") => 0.18,
            (false, "army") => 0.14,
            (false, "total") => 0.1,
            (false, "decided_by") => 0.17,
            (false, _) => 0.05,
        }
    };
    let columns = table
        .columns
        .iter()
        .enumerate()
        .filter(|(i, _)| Some(*i) != club)
        .map(|(i, c)| {
            let header = if Some(i) == player {
                texts.t("sheet.col.player_club")
            } else {
                c.short_label()
            };
            let column = Column::new(header, width(&c.key));
            match c.kind {
                ColumnKind::Place | ColumnKind::Number => column.align(Align::Right),
                ColumnKind::Text => column,
            }
        });
    let size = if small || table.rows.len() > 40 {
        8.0
    } else {
        10.0
    };
    let mut printed = Table::new(columns)
        .zebra(true)
        .font_size(size)
        .keep_with_next(true);
    for row in &table.rows {
        let mut cells: Vec<String> = Vec::with_capacity(row.cells.len());
        for (i, cell) in row.cells.iter().enumerate() {
            if Some(i) == club {
                if let (Some(p), Some(name)) = (player, cells.last_mut()) {
                    debug_assert_eq!(p + 1, i, "the club follows the player");
                    name.push('\n');
                    name.push_str(&cell.to_string());
                }
            } else {
                cells.push(cell.to_string());
            }
        }
        printed = printed.row(cells);
    }
    let mut doc = page(texts, event, options, title)
        .block(Title::new(title).subtitle(tie_breakers))
        .block(printed)
        .block(Paragraph::new(texts.t("sheet.col.legend")).muted());
    // Byes and what they score (the organiser's setting), per game.
    for kind in [BattleKind::RaeuberWarhammer, BattleKind::NewYearScenario] {
        let game = event.game(kind);
        for bye in &game.byes {
            doc = doc.block(Paragraph::new(texts.f(
                "sheet.bye",
                &[
                    ("game", game_name(texts, kind)),
                    ("player", &event.player_name(bye)),
                    ("points", &game.bye_points.to_string()),
                ],
            )));
        }
    }
    Ok(doc)
}

/// The pairings wall sheet of `game` (issue 26): the tables by number
/// with both players and their clubs, the byes, then every player by
/// surname with his table and opponent, for the wall beside the tables.
pub fn pairings(
    texts: &Catalogue,
    event: &Event,
    game: BattleKind,
    options: SheetOptions,
) -> Document {
    pairings_coded(texts, event, game, options, &no_codes)
}

/// [`pairings`] with each table's code in a last column (the event is
/// shared on the network).
pub fn pairings_coded(
    texts: &Catalogue,
    event: &Event,
    game: BattleKind,
    options: SheetOptions,
    codes: TableCodes<'_>,
) -> Document {
    let coded = event
        .game(game)
        .pairings
        .iter()
        .any(|p| codes(game, p.table).is_some());
    let sheet = event.pairings_sheet(game);
    let title = texts.f(
        "newyear.sheet.pairings.title",
        &[("game", game_name(texts, game))],
    );
    // Large enough to read from a step away; smaller for a big event.
    // (A5 and big events: smaller, so names and clubs stay whole.)
    let size = if sheet.by_name.len() > 40 || options.page == PageSize::A5 {
        9.5
    } else {
        13.0
    };
    let mut columns = vec![
        Column::new(texts.t("newyear.sheet.pairings.col_table"), 0.11).align(Align::Right),
        Column::new(texts.t("sheet.player_a"), 0.25),
        Column::new(texts.t("event.club"), 0.195),
        Column::new(texts.t("sheet.player_b"), 0.25),
        Column::new(texts.t("event.club"), 0.195),
    ];
    if coded {
        // Room for the whole code, never cut: six W (the widest letter)
        // are 5.9 em, 66 pt with the padding at 9.5 pt on A5 (0.2 of its
        // 335 pt) and 87 pt at 13 pt on A4 (0.17 of 510 pt).
        columns = vec![
            Column::new(texts.t("newyear.sheet.pairings.col_table"), 0.08).align(Align::Right),
            Column::new(texts.t("sheet.player_a"), 0.205),
            Column::new(texts.t("event.club"), 0.15),
            Column::new(texts.t("sheet.player_b"), 0.205),
            Column::new(texts.t("event.club"), 0.15),
            Column::new(texts.t("newyear.sheet.pairings.col_code"), 0.21),
        ];
    }
    let mut by_table = Table::new(columns).zebra(true).font_size(size);
    for row in &sheet.by_table {
        let mut cells = vec![
            row.table.to_string(),
            row.a.clone(),
            row.a_club.clone(),
            row.b.clone(),
            row.b_club.clone(),
        ];
        if coded {
            cells.push(codes(game, row.table).unwrap_or_default());
        }
        by_table = by_table.row(cells);
    }
    let mut doc = page(texts, event, options, &title)
        .block(Title::new(title.clone()))
        .block(Paragraph::heading(
            texts.t("newyear.sheet.pairings.by_table"),
        ))
        .block(by_table);
    for bye in &sheet.byes {
        doc = doc.block(Paragraph::new(texts.f(
            "sheet.bye",
            &[
                ("game", game_name(texts, game)),
                ("player", bye),
                ("points", &event.game(game).bye_points.to_string()),
            ],
        )));
    }
    let mut by_name = Table::new([
        Column::new(texts.t("event.player"), 0.35),
        Column::new(texts.t("event.club"), 0.25),
        Column::new(texts.t("newyear.sheet.pairings.seat"), 0.4),
    ])
    .zebra(true)
    .font_size(size);
    for row in &sheet.by_name {
        by_name = by_name.row([
            row.name.clone(),
            row.club.clone(),
            texts.message(&row.seat.message()),
        ]);
    }
    doc.block(feldherr_sheet::Block::PageBreak)
        .block(Title::new(title))
        .block(Paragraph::heading(
            texts.t("newyear.sheet.pairings.by_name"),
        ))
        .block(by_name)
}

/// The rules cards of the three games.
pub fn rules_cards(texts: &Catalogue, event: &Event, options: SheetOptions) -> Document {
    let title = texts.t("event.tab.rules");
    let mut doc = page(texts, event, options, title).block(Title::new(title));
    // Each card is one group: never split over two pages when it fits one
    // (issue 26: the sled race card was split on A4).
    for (title, body) in RULE_CARDS {
        let mut card = Group::new().block(Paragraph::heading(texts.t(title)));
        for line in texts.t(body).lines() {
            card.push(Paragraph::new(format!("•  {line}")));
        }
        doc = doc.block(card).block(feldherr_sheet::Block::Spacer(8.0));
    }
    doc
}
