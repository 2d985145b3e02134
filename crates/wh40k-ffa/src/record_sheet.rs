//! The game record of a free-for-all: the players with their zones and
//! armies, the deployment map, per round the turn order and the combats
//! fought in it, per unit its state and history, and each combat with its
//! results, tests and sweeping advances.

use feldherr_play::{Catalogue, Game};
use feldherr_sheet::{
    Column, Document, Footer, Image, Paragraph, Picture, SheetError, Table, Title,
};
use feldherr_table::Table as GameTable;

use crate::words::{combat_lines, combat_named, history_lines, name_of, status_text, unit_of};
use crate::{FfaOutcome, FfaResolution, FreeForAll};

/// Pixels per inch of the deployment map.
const MAP_PIXELS_PER_INCH: f32 = 8.0;

/// The rows of the players table: number, name, zone, army.
fn player_rows(texts: &Catalogue, game: &FreeForAll) -> Vec<[String; 4]> {
    game.players()
        .iter()
        .enumerate()
        .map(|(seat, p)| {
            let zone = game
                .deployment()
                .and_then(|d| d.zone_of(seat))
                .map_or_else(|| "-".to_owned(), |z| texts.t(&z.label_key()).to_owned());
            let army: Vec<String> = p
                .army
                .iter()
                .map(|u| {
                    texts.f(
                        "ffa.sheet.unit",
                        &[
                            ("unit", &u.name),
                            ("models", &u.models.to_string()),
                            ("ld", &u.leadership.to_string()),
                            ("i", &u.initiative.to_string()),
                        ],
                    )
                })
                .collect();
            [
                (seat + 1).to_string(),
                p.name.clone(),
                zone,
                if army.is_empty() {
                    "-".to_owned()
                } else {
                    army.join("; ")
                },
            ]
        })
        .collect()
}

/// The rows of the turn order: round, order, the combats fought in it.
fn order_rows(texts: &Catalogue, game: &FreeForAll) -> Vec<[String; 3]> {
    game.rounds()
        .iter()
        .map(|r| {
            let names: Vec<String> = r
                .order
                .iter()
                .enumerate()
                .map(|(i, &s)| format!("{}. {}", i + 1, name_of(game, texts, s)))
                .collect();
            let combats: Vec<String> = r
                .combats
                .iter()
                .map(|&(_, id)| combat_named(game, texts, id))
                .collect();
            [
                r.round.to_string(),
                names.join("  "),
                if combats.is_empty() {
                    "-".to_owned()
                } else {
                    combats.join("; ")
                },
            ]
        })
        .collect()
}

/// Per unit: its state ("Orkboyz of Ben: 3 of 5 models, fleeing since
/// round 1") and its history, oldest first.
fn unit_entries(texts: &Catalogue, game: &FreeForAll) -> Vec<(String, Vec<String>)> {
    game.unit_rows()
        .iter()
        .map(|row| {
            let title = texts.f(
                "ffa.sheet.unit_state",
                &[
                    ("unit", &unit_of(game, texts, row.unit)),
                    ("left", &row.models_left.to_string()),
                    ("start", &row.models_at_start.to_string()),
                    ("status", &status_text(game, texts, &row.status)),
                ],
            );
            (title, history_lines(game, texts, row.unit))
        })
        .collect()
}

/// Each combat: its number and its lines (state, summary, tests).
fn combat_entries(texts: &Catalogue, game: &FreeForAll) -> Vec<(String, Vec<String>)> {
    game.saved()
        .iter()
        .enumerate()
        .filter_map(|(i, saved)| match saved.kind() {
            FfaResolution::Combat(c) => Some((i, saved, c)),
            _ => None,
        })
        .enumerate()
        .map(|(n, (i, saved, c))| {
            let outcome = match saved.outcome() {
                Some(FfaOutcome::Combat(o)) => Some(o),
                _ => None,
            };
            let mut lines = combat_lines(texts, c, outcome);
            if outcome.is_none() {
                lines.push(texts.t("ffa.combat.state_open").to_owned());
            }
            let title = texts.f(
                "ffa.sheet.combat",
                &[("n", &(n + 1).to_string()), ("r", &(i + 1).to_string())],
            );
            (title, lines)
        })
        .collect()
}

/// The record as text lines (what the sheet prints, without the map).
pub fn record_lines(game: &FreeForAll, name: &str, texts: &Catalogue) -> Vec<String> {
    let mut lines = vec![format!("# {}: {}", texts.t("ffa.sheet.title"), name)];
    lines.push(format!("## {}", texts.t("ffa.sheet.players")));
    for row in player_rows(texts, game) {
        lines.push(row.join(" | "));
    }
    lines.push(format!("## {}", texts.t("ffa.sheet.order")));
    for row in order_rows(texts, game) {
        lines.push(row.join(" | "));
    }
    lines.push(format!("## {}", texts.t("ffa.sheet.units")));
    for (title, body) in unit_entries(texts, game) {
        lines.push(format!("### {title}"));
        lines.extend(body);
    }
    lines.push(format!("## {}", texts.t("ffa.sheet.combats")));
    for (title, body) in combat_entries(texts, game) {
        lines.push(format!("### {title}"));
        lines.extend(body);
    }
    lines
}

/// The game record sheet.
///
/// # Errors
/// The table cannot be drawn or the map not be made into a picture.
pub fn record_sheet(
    game: &FreeForAll,
    table: &GameTable,
    name: &str,
    texts: &Catalogue,
) -> Result<Document, SheetError> {
    let title = texts.t("ffa.sheet.title");
    let mut sheet = Document::new()
        .with_title(format!("{title} {}", name))
        .with_footer(
            Footer::new(name.to_owned(), texts.t("system.wh40k.name"))
                .page_label(texts.t("sheet.page_label")),
        )
        .block(Title::new(title).subtitle(name.to_owned()))
        .block(Paragraph::heading(texts.t("ffa.sheet.players")));
    let players = player_rows(texts, game);
    if players.is_empty() {
        sheet = sheet.block(Paragraph::new(texts.t("ffa.side.no_players")).muted());
    } else {
        let mut table = Table::new([
            Column::new("#", 0.05),
            Column::new(texts.t("ffa.sheet.player"), 0.17),
            Column::new(texts.t("ffa.sheet.zone"), 0.2),
            Column::new(texts.t("ffa.sheet.army"), 0.58),
        ])
        .zebra(true)
        .font_size(9.0);
        for row in players {
            table = table.row(row);
        }
        sheet = sheet.block(table);
    }
    // The labelled picture (issue #10): names, scale bar and legend.
    let lookup = |key: &str| texts.get(key).map(str::to_owned);
    // Each player's zone and unit pieces outlined in his colour, as on the
    // screen.
    let owners = crate::words::piece_owners(game, texts, table);
    let image = feldherr_sheet::table_picture_owned(
        &lookup,
        table,
        &FreeForAll::table_rules(),
        MAP_PIXELS_PER_INCH,
        &owners,
    )?
    .image;
    let image = Image::from_rgba(image.width, image.height, image.pixels)?;
    let zones: Vec<String> = game
        .deployment()
        .map(|d| {
            d.choices
                .iter()
                .map(|c| {
                    format!(
                        "{}: {}",
                        name_of(game, texts, c.seat),
                        texts.t(&c.slot.label_key())
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let caption = if zones.is_empty() {
        texts.t("ffa.sheet.map").to_owned()
    } else {
        format!("{} ({})", texts.t("ffa.sheet.map"), zones.join("; "))
    };
    sheet = sheet.block(Picture::new(image, 420.0).caption(caption).framed(true));
    sheet = sheet.block(Paragraph::heading(texts.t("ffa.sheet.order")));
    let rows = order_rows(texts, game);
    if rows.is_empty() {
        sheet = sheet.block(Paragraph::new(texts.t("ffa.turn.before_roll_off")).muted());
    } else {
        let mut table = Table::new([
            Column::new(texts.t("ffa.sheet.round"), 0.1),
            Column::new(texts.t("ffa.sheet.order_col"), 0.35),
            Column::new(texts.t("ffa.sheet.combats_col"), 0.55),
        ])
        .zebra(true)
        .font_size(9.5);
        for row in rows {
            table = table.row(row);
        }
        sheet = sheet.block(table);
    }
    let units = unit_entries(texts, game);
    if !units.is_empty() {
        sheet = sheet.block(Paragraph::heading(texts.t("ffa.sheet.units")));
    }
    for (title, lines) in units {
        let mut table = Table::new([Column::new(title, 1.0)]).font_size(9.0);
        for line in lines {
            table = table.row([line]);
        }
        sheet = sheet.block(table);
    }
    sheet = sheet.block(Paragraph::heading(texts.t("ffa.sheet.combats")));
    let combats = combat_entries(texts, game);
    if combats.is_empty() {
        sheet = sheet.block(Paragraph::new(texts.t("ffa.combat.none")).muted());
    }
    for (title, lines) in combats {
        let mut table = Table::new([Column::new(title, 1.0)]).font_size(9.0);
        for line in lines {
            table = table.row([line]);
        }
        sheet = sheet.block(table);
    }
    Ok(sheet)
}
