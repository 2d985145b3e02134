//! The game report sheet: players, armies and break points, scenario and
//! special rule, a map of the table with terrain and objectives, EP per
//! turn as a table and a chart, how the game ended, the VP calculation
//! line by line, the result and the clock times.

use feldherr_play::{Catalogue, Game};
use feldherr_sheet::{
    Column, Document, Footer, Image, KeyValues, Paragraph, Picture, SheetError, SheetOptions,
    Table, Title,
};
use feldherr_table::Table as GameTable;

use crate::words::{edge_text, format_ms, name, names, rule_text};
use crate::{GeneralRole, Player, TurnEp, UnitReport, WarmasterGame};

/// Chart size in pixels.
const CHART: (u32, u32) = (720, 260);

fn yes_no(texts: &Catalogue, on: bool) -> &str {
    texts.t(if on { "wm.sheet.yes" } else { "wm.sheet.no" })
}

/// The game report of a Warmaster game on `table`, named `name`.
///
/// # Errors
/// The sheet crate's error when the map or chart cannot be drawn or a
/// block laid out.
pub fn game_report(
    game: &WarmasterGame,
    table: &GameTable,
    doc_name: &str,
    texts: &Catalogue,
    options: SheetOptions,
) -> Result<Document, SheetError> {
    let title = texts.t("wm.sheet.title");
    let names = names(game);
    let mut out = Document::new()
        .with_page_size(options.page)
        .with_dpi(options.dpi)
        .with_title(format!("{title} {}", doc_name))
        .with_footer(
            Footer::new(doc_name.to_owned(), texts.t("system.warmaster.name"))
                .page_label(texts.t("sheet.page_label")),
        )
        .block(Title::new(title).subtitle({
            let pairing = format!("{} : {}", names[0], names[1]);
            if doc_name == pairing {
                pairing
            } else {
                format!("{} ({pairing})", doc_name)
            }
        }));
    // The game.
    let s = &game.settings;
    let scenario = game
        .scenario
        .map_or_else(|| "-".to_owned(), |sc| texts.t(&sc.label_key()).to_owned());
    let special = if game.special_rule_decided {
        rule_text(texts, game.special_rule)
    } else {
        "-".to_owned()
    };
    let starting = game
        .starting_player
        .map_or_else(|| "-".to_owned(), |p| name(game, p).to_owned());
    let sides = game.south.map_or_else(
        || "-".to_owned(),
        |south| {
            format!(
                "{}: {}, {}: {}",
                edge_text(texts, crate::Edge::South),
                name(game, south),
                edge_text(texts, crate::Edge::North),
                name(game, south.other())
            )
        },
    );
    out = out.block(
        KeyValues::new(2)
            .pair(texts.t("wm.settings.size"), s.game_size.to_string())
            .pair(texts.t("wm.settings.turns"), s.turn_limit.to_string())
            .pair(texts.t("wm.sheet.scenario"), scenario)
            .pair(texts.t("wm.sheet.special_rule"), special)
            .pair(texts.t("wm.sheet.starting"), starting)
            .pair(texts.t("wm.sheet.sides"), sides)
            .pair(
                texts.t("wm.option.dying_race"),
                yes_no(texts, s.options.dying_race),
            )
            .pair(
                texts.t("wm.option.arrogant"),
                yes_no(texts, s.options.arrogant),
            )
            .pair(
                texts.t("wm.option.destructive"),
                yes_no(texts, s.options.destructive),
            )
            .pair(texts.t("wm.settings.clock"), yes_no(texts, s.clock)),
    );
    // The armies: every unit with its items, the general and any
    // successor (W10), Regiments of Renown, and what became of it.
    for p in Player::BOTH {
        let army = game.army(p);
        let bp = game.break_point(p);
        out = out.block(Paragraph::heading(texts.f(
            "wm.sheet.army",
            &[
                ("name", name(game, p)),
                ("list", &army.list),
                ("points", &army.total_points().to_string()),
                ("bp", &bp.value.to_string()),
            ],
        )));
        if let Some(version) = &army.list_version {
            out = out.block(
                Paragraph::new(texts.f("wm.sheet.list_version", &[("version", version)])).muted(),
            );
        }
        let mut t = Table::new([
            Column::new(texts.t("wm.unit.name"), 0.3),
            Column::new(texts.t("wm.unit.kind"), 0.13),
            Column::new(texts.t("wm.unit.points"), 0.08),
            Column::new(texts.t("wm.unit.stands"), 0.08),
            Column::new(texts.t("wm.sheet.items"), 0.2),
            Column::new(texts.t("wm.sheet.fate"), 0.21),
        ])
        .zebra(true)
        .font_size(8.5);
        for u in game.army_report(p) {
            t = t.row([
                unit_name(texts, &u),
                texts.t(&u.kind.label_key()).to_owned(),
                u.points.to_string(),
                u.stands.to_string(),
                u.magic_items.join(", "),
                fate(texts, &u),
            ]);
        }
        out = out.block(t);
    }
    // The map.
    let rules = WarmasterGame::table_rules();
    // The labelled picture (issue #10): names, scale bar and legend.
    let lookup = |key: &str| texts.get(key).map(str::to_owned);
    // Each stand outlined in its player's colour, as on the screen.
    let owners: Vec<(u64, usize)> = game
        .stands
        .iter()
        .map(|s| (s.piece, s.player.index()))
        .collect();
    let map = feldherr_sheet::table_picture_owned(&lookup, table, &rules, 4.0, &owners)?.image;
    let image = Image::from_rgba(map.width, map.height, map.pixels)?;
    let mut caption: Vec<String> = game
        .terrain
        .iter()
        .filter_map(|t| table.piece(t.piece))
        .map(|p| p.name.clone())
        .collect();
    caption.extend(game.objectives.iter().map(|o| format!("(o) {}", o.label)));
    out = out
        .block(Paragraph::heading(texts.t("wm.sheet.map")))
        .block(
            Picture::new(image, 460.0)
                .framed(true)
                .caption(caption.join(", ")),
        );
    // EP per turn.
    let rows = game.ep_per_turn();
    out = out.block(Paragraph::heading(texts.t("wm.ep.title")));
    if rows.is_empty() {
        out = out.block(Paragraph::new(texts.t("wm.ep.none")).muted());
    } else {
        let mut t = Table::new([
            Column::new(texts.t("wm.ep.turn"), 0.15),
            Column::new(texts.t("wm.ep.player_turn"), 0.35),
            Column::new(names[0].clone(), 0.25),
            Column::new(names[1].clone(), 0.25),
        ])
        .zebra(true)
        .font_size(9.0);
        for r in &rows {
            t = t.row([
                r.round.to_string(),
                name(game, r.turn_of).to_owned(),
                format!("{:+} = {}", r.gained[0], r.total[0]),
                format!("{:+} = {}", r.gained[1], r.total[1]),
            ]);
        }
        out = out.block(t);
        let chart = ep_chart(&rows)?;
        out = out.block(Picture::new(chart, 360.0).caption(format!(
            "{} ({}: {}, {}: {})",
            texts.t("wm.sheet.chart"),
            names[0],
            texts.t("wm.sheet.blue"),
            names[1],
            texts.t("wm.sheet.red")
        )));
    }
    // The end and the result.
    out = out.block(Paragraph::heading(texts.t("wm.sheet.end")));
    match &game.end {
        Some(end) => {
            out = out.block(Paragraph::new(texts.f(
                "wm.end.title",
                &[
                    ("round", &end.round.to_string()),
                    ("name", name(game, end.turn_of)),
                ],
            )));
            for r in &end.reasons {
                out = out.block(Paragraph::new(format!(
                    "- {}",
                    texts.message(&r.message(&names))
                )));
            }
        }
        None => out = out.block(Paragraph::new(texts.t("wm.result.provisional")).muted()),
    }
    let v = game.victory();
    for p in Player::BOTH {
        let side = &v.sides[p.index()];
        let mut t = Table::new([
            Column::new(texts.f("wm.sheet.vp_of", &[("name", name(game, p))]), 0.85),
            Column::new("VP", 0.15),
        ])
        .zebra(true)
        .font_size(9.0);
        for line in &side.lines {
            t = t.row([texts.message(&line.kind.message()), line.points.to_string()]);
        }
        t = t.bold_row([
            texts.t("wm.result.total").to_owned(),
            side.total.to_string(),
        ]);
        out = out.block(t);
    }
    for note in &v.notes {
        out = out.block(Paragraph::new(texts.message(&note.message(&names))).muted());
    }
    out = out.block(Paragraph::new(texts.f(
        "wm.result.difference",
        &[
            ("diff", &v.difference.abs().to_string()),
            ("threshold", &crate::DRAW_THRESHOLD.to_string()),
        ],
    )));
    out = out.block(Paragraph::heading(
        texts.message(&v.verdict.message(&names)),
    ));
    if s.clock {
        // The times at the end of the game: the clock stopped then (W9).
        let remaining = match game.end.as_ref().and_then(|e| e.clock) {
            Some(end) => end.remaining_ms,
            None => Player::BOTH.map(|p| game.clock.remaining(p, game.clock.last_ms)),
        };
        let mut kv = KeyValues::new(2);
        for p in Player::BOTH {
            kv = kv.pair(
                texts.f(
                    if game.end.is_some() {
                        "wm.sheet.clock_left_end"
                    } else {
                        "wm.sheet.clock_left"
                    },
                    &[("name", name(game, p))],
                ),
                format_ms(remaining[p.index()]),
            );
        }
        if let Some(o) = game.clock.ran_out {
            kv = kv.pair(
                texts.t("wm.clock.ran_out"),
                texts.f(
                    "wm.sheet.ran_out",
                    &[
                        ("name", name(game, o.player)),
                        ("left", &format_ms(o.opponent_left_ms)),
                    ],
                ),
            );
        }
        out = out
            .block(Paragraph::heading(texts.t("wm.tab.clock")))
            .block(kv);
    }
    Ok(out)
}

/// A unit's name with its marks: general, successor general (W10),
/// Regiment of Renown.
fn unit_name(texts: &Catalogue, u: &UnitReport) -> String {
    let mut marks = Vec::new();
    match &u.general {
        Some(GeneralRole::General) => marks.push(texts.t("wm.sheet.mark.general").to_owned()),
        Some(GeneralRole::Successor { round, after }) => marks.push(texts.f(
            "wm.sheet.mark.successor",
            &[("after", after), ("round", &round.to_string())],
        )),
        None => {}
    }
    if u.renown {
        marks.push(texts.t("wm.sheet.mark.renown").to_owned());
    }
    if marks.is_empty() {
        u.name.clone()
    } else {
        format!("{} ({})", u.name, marks.join(", "))
    }
}

/// What became of a unit.
fn fate(texts: &Catalogue, u: &UnitReport) -> String {
    if u.destroyed {
        texts.t("wm.units.destroyed").to_owned()
    } else if u.pillaged {
        texts.t("wm.units.pillaged").to_owned()
    } else if u.stands_lost > 0 {
        texts.f(
            "wm.sheet.stands_lost",
            &[
                ("lost", &u.stands_lost.to_string()),
                ("of", &u.stands.to_string()),
            ],
        )
    } else {
        String::new()
    }
}

/// The EP totals per player turn as a picture (A blue, B red).
fn ep_chart(rows: &[TurnEp]) -> Result<Image, SheetError> {
    let (w, h) = CHART;
    let mut px = vec![255_u8; (w * h * 4) as usize];
    let mut put = |x: i64, y: i64, c: [u8; 3]| {
        if x >= 0 && y >= 0 && (x as u32) < w && (y as u32) < h {
            let i = ((y as u32 * w + x as u32) * 4) as usize;
            px[i..i + 3].copy_from_slice(&c);
        }
    };
    let (left, right, top, bottom) = (30_i64, i64::from(w) - 10, 10_i64, i64::from(h) - 20);
    let max = rows.iter().flat_map(|r| r.total).max().unwrap_or(0).max(10);
    let y_of = |ep: i32| bottom - (bottom - top) * i64::from(ep.max(0)) / i64::from(max);
    let n = rows.len().max(1) as i64;
    let x_of = |i: i64| left + (right - left) * i / n;
    // Grid: every 2 EP, the 10 EP line darker.
    for ep in (0..=max).step_by(2) {
        let y = y_of(ep);
        let c = if ep == 10 {
            [200, 150, 0]
        } else {
            [225, 225, 225]
        };
        for x in left..=right {
            put(x, y, c);
        }
    }
    for y in top..=bottom {
        put(left, y, [120, 120, 120]);
    }
    for (i, _) in rows.iter().enumerate() {
        let x = x_of(i as i64 + 1);
        for y in bottom..bottom + 6 {
            put(x, y, [120, 120, 120]);
        }
    }
    for (p, colour) in [(0_usize, [40_u8, 110, 200]), (1, [200, 70, 50])] {
        let mut prev = (x_of(0), y_of(0));
        for (i, r) in rows.iter().enumerate() {
            let next = (x_of(i as i64 + 1), y_of(r.total[p]));
            let steps = (next.0 - prev.0).abs().max((next.1 - prev.1).abs()).max(1);
            for s in 0..=steps {
                let x = prev.0 + (next.0 - prev.0) * s / steps;
                let y = prev.1 + (next.1 - prev.1) * s / steps;
                for dx in -1..=1 {
                    for dy in -1..=1 {
                        put(x + dx, y + dy + p as i64, colour);
                    }
                }
            }
            for dx in -3..=3 {
                for dy in -3..=3 {
                    put(next.0 + dx, next.1 + dy + p as i64, colour);
                }
            }
            prev = next;
        }
    }
    Image::from_rgba(w, h, px)
}
