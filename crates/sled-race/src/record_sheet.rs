//! The record sheet of a sled race: the finish order with the rounds,
//! who went out and who did not start, and the track with each sled's
//! path. The event points of N6 are the event's to give: its own sheets
//! print them.

use feldherr_play::{Catalogue, Game, Id};
use feldherr_sheet::{
    Column, Document, Footer, Image, KeyValues, Paragraph, Picture, SheetError, SheetOptions,
    Table, Title,
};
use feldherr_table::Table as RaceTable;
use feldherr_table::geometry::Point;

use crate::{Race, SledKind, SledStatus};

/// Pixels per inch of the track picture.
const PICTURE_SCALE: f32 = 10.0;

/// Path colours, one per sled in entrant order (repeating), with the
/// catalogue key of each colour's name.
const COLOURS: [([u8; 3], &str); 8] = [
    ([200, 30, 30], "race.colour.red"),
    ([30, 80, 200], "race.colour.blue"),
    ([20, 140, 40], "race.colour.green"),
    ([230, 120, 0], "race.colour.orange"),
    ([130, 40, 160], "race.colour.purple"),
    ([0, 150, 150], "race.colour.teal"),
    ([120, 70, 20], "race.colour.brown"),
    ([20, 20, 20], "race.colour.black"),
];

/// One line of the result: place (or none), player, driver, round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultLine {
    /// Finishing place from 1; `None` for the others.
    pub place: Option<usize>,
    /// The player.
    pub player: String,
    /// The driver's name, if he had one.
    pub driver: Option<String>,
    /// The race round of the finish.
    pub round: Option<u32>,
    /// How the race ended for him (catalogue key).
    pub note: &'static str,
    /// The race round he went out in (S14).
    pub out_round: Option<u32>,
}

/// The result of a race, line by line: finishers in order, then the sleds
/// still racing or out, then players without a driver (N6).
pub fn result_lines(race: &Race) -> Vec<ResultLine> {
    let Some(st) = race.state() else {
        return Vec::new();
    };
    let order = st.finish_order();
    let player_of = |id: Id| {
        race.entrants
            .iter()
            .find(|e| e.id == id)
            .map_or_else(|| id.to_string(), |e| e.player.clone())
    };
    let mut lines: Vec<ResultLine> = order
        .iter()
        .enumerate()
        .map(|(i, (id, round))| ResultLine {
            place: Some(i + 1),
            player: player_of(*id),
            driver: st.sled(*id).map(|s| s.driver.name.clone()),
            round: Some(*round),
            note: "race.sheet.finished",
            out_round: None,
        })
        .collect();
    for s in &st.sleds {
        let (note, out_round) = match s.status {
            SledStatus::Finished { .. } => continue,
            SledStatus::Racing => ("race.sheet.not_finished", None),
            SledStatus::Out { round } => ("race.sheet.out", Some(round)),
        };
        lines.push(ResultLine {
            place: None,
            player: player_of(s.id),
            driver: Some(s.driver.name.clone()),
            round: None,
            note,
            out_round,
        });
    }
    for e in race.entrants.iter().filter(|e| e.driver.is_none()) {
        lines.push(ResultLine {
            place: None,
            player: e.player.clone(),
            driver: None,
            round: None,
            note: "race.sheet.not_started",
            out_round: None,
        });
    }
    lines
}

/// Each sled's path over the whole race: its centre at the start of its
/// first applied move and after every inch of every applied move.
pub fn sled_paths(race: &Race) -> Vec<(Id, Vec<Point>)> {
    let Some(st) = race.state() else {
        return Vec::new();
    };
    let mut paths: Vec<(Id, Vec<Point>)> = st.sleds.iter().map(|s| (s.id, Vec::new())).collect();
    for r in race.resolutions.iter().filter(|r| r.applied()) {
        let SledKind::Move { before, sled, .. } = r.kind() else {
            continue;
        };
        let (Some(outcome), Some((_, path))) =
            (r.outcome(), paths.iter_mut().find(|(id, _)| id == sled))
        else {
            continue;
        };
        if path.is_empty()
            && let Some(start) = before.sled(*sled)
        {
            path.push(start.center);
        }
        path.extend(outcome.path.iter().copied());
    }
    paths
}

fn put(image: &mut feldherr_table::RgbaImage, x: i64, y: i64, rgb: [u8; 3]) {
    let (Ok(ux), Ok(uy)) = (u32::try_from(x), u32::try_from(y)) else {
        return;
    };
    if ux >= image.width || uy >= image.height {
        return;
    }
    let i = (uy as usize * image.width as usize + ux as usize) * 4;
    if let Some(px) = image.pixels.get_mut(i..i + 4) {
        px.copy_from_slice(&[rgb[0], rgb[1], rgb[2], 255]);
    }
}

/// Draws a line 3 pixels thick from `a` to `b` (table inches, y up) on a
/// picture of `scale` pixels per inch.
fn draw_line(
    image: &mut feldherr_table::RgbaImage,
    (depth, scale): (f64, f32),
    a: Point,
    b: Point,
    rgb: [u8; 3],
) {
    let scale = f64::from(scale);
    let px = |p: Point| (p.x * scale, (depth - p.y) * scale);
    let (ax, ay) = px(a);
    let (bx, by) = px(b);
    let steps = ((bx - ax).abs().max((by - ay).abs()) * 2.0)
        .ceil()
        .clamp(1.0, 100_000.0);
    let n = steps as i64;
    for k in 0..=n {
        let t = k as f64 / steps;
        let x = (ax + (bx - ax) * t).round() as i64;
        let y = (ay + (by - ay) * t).round() as i64;
        for dx in -1..=1 {
            for dy in -1..=1 {
                put(image, x + dx, y + dy, rgb);
            }
        }
    }
}

/// The picture of the track with every sled's path.
fn track_picture(table: &RaceTable, race: &Race) -> Result<Image, SheetError> {
    // A long track is drawn smaller rather than fail (issue #28).
    let scale =
        feldherr_table::fitting_scale(table, PICTURE_SCALE, feldherr_table::SHEET_PICTURE_SIDE);
    let mut image =
        feldherr_table::render_rgba(table, &Race::table_rules(), scale).map_err(|e| {
            SheetError::Picture {
                reason: e.to_string(),
            }
        })?;
    for (i, (_, path)) in sled_paths(race).iter().enumerate() {
        let rgb = COLOURS[i % COLOURS.len()].0;
        for leg in path.windows(2) {
            draw_line(&mut image, (table.depth(), scale), leg[0], leg[1], rgb);
        }
    }
    Image::from_rgba(image.width, image.height, image.pixels)
}

fn cell(value: Option<impl ToString>) -> String {
    value.map_or_else(|| "-".to_owned(), |v| v.to_string())
}

/// The record sheet of `race` on `table`, named `name`.
///
/// # Errors
/// The sheet crate's error when the track cannot be drawn or a block laid
/// out.
pub fn race_sheet(
    race: &Race,
    track: &RaceTable,
    name: &str,
    texts: &Catalogue,
    options: SheetOptions,
) -> Result<Document, SheetError> {
    let title = texts.t("race.sheet.title");
    let mut sheet = Document::new()
        .with_page_size(options.page)
        .with_dpi(options.dpi)
        .with_title(format!("{title} {}", name))
        .with_footer(
            Footer::new(name.to_owned(), texts.t("system.sled.name"))
                .page_label(texts.t("sheet.page_label")),
        )
        .block(Title::new(title).subtitle(name.to_owned()));
    let Some(st) = race.state() else {
        return Ok(sheet.block(Paragraph::new(texts.t("race.sheet.not_started_yet")).muted()));
    };
    let over = race.ended || race.report().is_some_and(|r| r.finished);
    sheet = sheet.block(
        KeyValues::new(3)
            .pair(texts.t("race.sheet.turn"), st.turn.to_string())
            .pair(texts.t("race.sheet.rounds"), st.race_round().to_string())
            .pair(
                texts.t("race.sheet.state"),
                texts.t(if over {
                    "race.sheet.over"
                } else {
                    "race.sheet.running"
                }),
            ),
    );
    sheet = sheet.block(Paragraph::heading(texts.t("race.sheet.result")));
    let mut table = Table::new([
        Column::new(texts.t("race.sheet.place"), 0.1),
        Column::new(texts.t("race.sheet.player"), 0.26),
        Column::new(texts.t("race.sheet.driver"), 0.28),
        Column::new(texts.t("race.sheet.round"), 0.12),
        Column::new(texts.t("race.sheet.note"), 0.24),
    ])
    .zebra(true);
    for line in result_lines(race) {
        table = table.row([
            line.place
                .map_or_else(|| "-".to_owned(), |p| format!("{p}.")),
            line.player.clone(),
            cell(line.driver.as_ref()),
            cell(line.round),
            match line.out_round {
                Some(round) => texts.f("race.status.out", &[("round", &round.to_string())]),
                None => texts.t(line.note).to_owned(),
            },
        ]);
    }
    sheet = sheet.block(table);
    sheet = sheet.block(Paragraph::heading(texts.t("race.sheet.track")));
    let legend: Vec<String> = st
        .sleds
        .iter()
        .enumerate()
        .map(|(i, s)| {
            format!(
                "{} {}",
                s.driver.name,
                texts.t(COLOURS[i % COLOURS.len()].1)
            )
        })
        .collect();
    let picture = track_picture(track, race)?;
    sheet = sheet.block(
        Picture::new(picture, 480.0)
            .framed(true)
            .caption(texts.f("race.sheet.legend", &[("legend", &legend.join(", "))])),
    );
    Ok(sheet)
}
