//! Sample sheets shared by the integration tests.

#![allow(dead_code)]

use feldherr_sheet::{
    Align, Column, Document, Footer, Image, KeyValues, Paragraph, Picture, Signatures, Table, Title,
};

/// A small table map: a green board with grey hills and blue water, 4:3.
pub fn table_map() -> Image {
    let (w, h) = (240u32, 180u32);
    let mut rgba = Vec::with_capacity((w * h * 4) as usize);
    for y in 0..h {
        for x in 0..w {
            let (fx, fy) = (x as f32, y as f32);
            let hill = ((fx - 70.0).powi(2) + (fy - 60.0).powi(2)).sqrt() < 28.0;
            let wood = ((fx - 170.0).powi(2) + (fy - 125.0).powi(2)).sqrt() < 22.0;
            let river = (fy - (90.0 + 25.0 * (fx / 40.0).sin())).abs() < 6.0;
            let px = if river {
                [70, 120, 190, 255]
            } else if hill {
                [150, 140, 110, 255]
            } else if wood {
                [40, 95, 45, 255]
            } else {
                [120, 170, 90, 255]
            };
            rgba.extend_from_slice(&px);
        }
    }
    match Image::from_rgba(w, h, rgba) {
        Ok(i) => i,
        Err(e) => panic!("{e}"),
    }
}

/// Standings rows: rank, player, army, games, wins, VP, points.
pub fn standings(rows: usize) -> Table {
    let names = [
        "Räuber-Warhammer",
        "Größe Übung",
        "Вархейм: крит",
        "Jürgen Weiß",
        "Anna Bauer",
        "Дмитрий Соколов",
        "Lukas Schäfer",
        "Marie Löwe",
    ];
    let armies = [
        "Empire",
        "Dwarfs",
        "Orcs & Goblins",
        "High Elves",
        "Bretonnia",
        "Kislev",
        "Skaven",
        "Vampire Counts",
    ];
    let mut table = Table::new([
        Column::new("#", 0.06).align(Align::Right),
        Column::new("Player", 0.30),
        Column::new("Army", 0.24),
        Column::new("Games", 0.09).align(Align::Centre),
        Column::new("Wins", 0.09).align(Align::Centre),
        Column::new("VP", 0.11).align(Align::Right),
        Column::new("Points", 0.11).align(Align::Right),
    ])
    .zebra(true);
    for i in 0..rows {
        let rank = (i + 1).to_string();
        let cells = [
            rank.clone(),
            format!("{} {}", names[i % names.len()], i / names.len() + 1),
            armies[(i * 3) % armies.len()].to_owned(),
            "3".to_owned(),
            ((rows - i) % 4).to_string(),
            (4500 - 37 * i).to_string(),
            (60 - i / 2).to_string(),
        ];
        table.push_row(cells, false);
    }
    table
}

/// The sample sheet: title, key-values, standings, a map, text, signatures.
pub fn sample_sheet() -> Document {
    Document::new()
        .with_footer(Footer::new(
            "WFB New Year 2026 · Räuber-Warhammer",
            "3 January 2026",
        ))
        .block(
            Title::new("Event standings after round 2")
                .subtitle("Räuber-Warhammer, Größe, Übung — Вархейм: крит"),
        )
        .block(
            KeyValues::new(2)
                .pair("Event", "WFB New Year 2026")
                .pair("Venue", "Vereinsheim Süd, Großer Saal")
                .pair("Round", "2 of 3")
                .pair("Referee", "Jürgen Weiß")
                .pair("Scenario", "Вархейм: крит (Battle for the Pass)")
                .pair("Tables", "8"),
        )
        .block(Paragraph::heading("Standings"))
        .block(standings(12))
        .block(Paragraph::heading("Table map, table 4"))
        .block(
            Picture::new(table_map(), 220.0).caption("River, hill and wood as set up for round 2"),
        )
        .block(Paragraph::new(
            "Ties are broken by victory points, then by the strength of schedule. \
             Disputes go to the referee before the next round starts; the referee's \
             ruling is final. Größere Einwände bitte schriftlich.",
        ))
        .block(Signatures::new(["Player A", "Player B", "Referee"]))
}
