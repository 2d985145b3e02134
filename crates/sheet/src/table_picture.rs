//! The table picture with words: the table with its pieces' names, a
//! scale bar and a legend, for the app's *Export picture* and for record
//! sheets.
//!
//! `feldherr-table` lays the picture out and draws the shapes
//! ([`feldherr_table::annotated_picture`]); this crate writes the words
//! onto it ([`LabelFont`]). This file joins the two; the caller supplies
//! the words in the user's language through a catalogue lookup.

use feldherr_table::geometry::Unit;
use feldherr_table::{
    AnnotatedPicture, LabelAnchor, PictureText, RgbaImage, Table, TableRules, TypeDef,
};

use crate::{Align, Image, Label, LabelFont, SheetError, Weight};

/// Looks a catalogue key up in the user's language (`None` when missing).
///
/// Keys asked for: each piece type's `label_key`, `picture.unit.in`,
/// `picture.unit.cm` and `picture.left_out` (with a `{count}`
/// placeholder). A missing key falls back to English.
pub type Lookup<'a> = &'a dyn Fn(&str) -> Option<String>;

/// The words of the picture in the user's language, measured with the
/// sheet crate's font.
struct Words<'a> {
    lookup: Lookup<'a>,
    font: &'a LabelFont,
}

impl PictureText for Words<'_> {
    fn width(&self, text: &str, size: f32) -> f32 {
        self.font.width(text, size, Weight::Regular)
    }

    fn type_name(&self, def: &TypeDef) -> String {
        match &def.label_key {
            Some(key) => (self.lookup)(key).unwrap_or_else(|| def.label.clone()),
            None => def.label.clone(),
        }
    }

    fn unit_name(&self, unit: Unit) -> String {
        let (key, english) = match unit {
            Unit::Inch => ("picture.unit.in", "in"),
            Unit::Centimetre => ("picture.unit.cm", "cm"),
        };
        (self.lookup)(key).unwrap_or_else(|| english.to_owned())
    }

    fn left_out(&self, count: usize) -> String {
        (self.lookup)("picture.left_out")
            .unwrap_or_else(|| "{count} names left out".to_owned())
            .replace("{count}", &count.to_string())
    }
}

/// The labelled picture of `table` under `rules` at `pixels_per_unit`, or
/// fewer so that its longer side fits
/// [`SHEET_PICTURE_SIDE`](feldherr_table::SHEET_PICTURE_SIDE) pixels
/// (issue #28: a Warmaster table 4,074 cm deep passed `check` and its
/// record sheet failed): the table crate's layout with its words written
/// into its image.
///
/// # Errors
/// [`SheetError::Picture`] with the table crate's reason (a picture too
/// large), or this crate's error for a label it refuses.
pub fn table_picture(
    lookup: Lookup<'_>,
    table: &Table,
    rules: &TableRules,
    pixels_per_unit: f32,
) -> Result<AnnotatedPicture, SheetError> {
    table_picture_owned(lookup, table, rules, pixels_per_unit, &[])
}

/// As [`table_picture`], with each piece of `owners` (piece id, seat)
/// outlined in its player's colour ([`player_rgb`]), as the app's table
/// shows it; the labels go on top.
///
/// # Errors
/// As [`table_picture`].
pub fn table_picture_owned(
    lookup: Lookup<'_>,
    table: &Table,
    rules: &TableRules,
    pixels_per_unit: f32,
    owners: &[(u64, usize)],
) -> Result<AnnotatedPicture, SheetError> {
    let mut font = LabelFont::new()?;
    let pixels_per_unit =
        feldherr_table::fitting_scale(table, pixels_per_unit, feldherr_table::SHEET_PICTURE_SIDE);
    let mut picture = feldherr_table::annotated_picture(
        table,
        rules,
        pixels_per_unit,
        &Words {
            lookup,
            font: &font,
        },
    )
    .map_err(|e| SheetError::Picture {
        reason: e.to_string(),
    })?;
    if !owners.is_empty() {
        outline_owners(&mut picture, table, owners);
    }
    picture.image = draw_labels(&mut font, &picture)?;
    Ok(picture)
}

/// Player colours in seat order (Okabe and Ito's palette: apart for the
/// common colour-vision deficiencies, each of its own lightness for
/// greyscale print), the same the app's table uses.
pub const PLAYER_RGB: [[u8; 3]; 8] = [
    [0, 114, 178],
    [213, 94, 0],
    [0, 158, 115],
    [204, 121, 167],
    [86, 180, 233],
    [230, 159, 0],
    [240, 228, 66],
    [0, 0, 0],
];

/// The colour of the player in seat `seat` (0-based).
#[must_use]
pub fn player_rgb(seat: usize) -> [u8; 3] {
    PLAYER_RGB[seat % PLAYER_RGB.len()]
}

/// Draws a thick outline in its player's colour around every owned piece.
fn outline_owners(picture: &mut AnnotatedPicture, table: &Table, owners: &[(u64, usize)]) {
    use feldherr_table::geometry::Shape;
    let Some(mut pixmap) = tiny_skia::Pixmap::from_vec(
        picture.image.pixels.clone(),
        match tiny_skia::IntSize::from_wh(picture.image.width, picture.image.height) {
            Some(size) => size,
            None => return,
        },
    ) else {
        return;
    };
    let ppu = picture.pixels_per_unit;
    let depth = table.depth();
    #[allow(clippy::cast_possible_truncation)]
    let at = |x: f64, y: f64| (x as f32 * ppu, (depth - y) as f32 * ppu);
    let width = (ppu * 0.6).clamp(2.0, 8.0);
    for &(id, seat) in owners {
        let Some(piece) = table.piece(id) else {
            continue;
        };
        let mut path = tiny_skia::PathBuilder::new();
        match &piece.shape {
            Shape::Circle(c) => {
                let (x, y) = at(c.center().x, c.center().y);
                #[allow(clippy::cast_possible_truncation)]
                path.push_circle(x, y, c.radius() as f32 * ppu + width / 2.0);
            }
            Shape::Rect(r) => {
                for (i, p) in r.corners().iter().enumerate() {
                    let (x, y) = at(p.x, p.y);
                    if i == 0 {
                        path.move_to(x, y)
                    } else {
                        path.line_to(x, y)
                    }
                }
                path.close();
            }
            Shape::Polygon(poly) => {
                for (i, p) in poly.vertices().iter().enumerate() {
                    let (x, y) = at(p.x, p.y);
                    if i == 0 {
                        path.move_to(x, y)
                    } else {
                        path.line_to(x, y)
                    }
                }
                path.close();
            }
        }
        let Some(path) = path.finish() else {
            continue;
        };
        let [r, g, b] = player_rgb(seat);
        let mut paint = tiny_skia::Paint::default();
        paint.set_color_rgba8(r, g, b, 255);
        paint.anti_alias = true;
        let stroke = tiny_skia::Stroke {
            width,
            ..tiny_skia::Stroke::default()
        };
        pixmap.stroke_path(
            &path,
            &paint,
            &stroke,
            tiny_skia::Transform::identity(),
            None,
        );
    }
    picture.image.pixels = pixmap.take();
}

/// The picture's image with its labels written on it.
fn draw_labels(font: &mut LabelFont, picture: &AnnotatedPicture) -> Result<RgbaImage, SheetError> {
    let image = Image::from_rgba(
        picture.image.width,
        picture.image.height,
        picture.image.pixels.clone(),
    )?;
    let labels: Vec<Label> = picture
        .labels
        .iter()
        .map(|l| {
            let align = match l.anchor {
                LabelAnchor::Left => Align::Left,
                LabelAnchor::Centre => Align::Centre,
                LabelAnchor::Right => Align::Right,
            };
            let mut label = Label::new(l.text.clone(), l.x, l.y, l.size).align(align);
            if l.halo {
                label = label.halo();
            }
            if l.muted {
                label = label.muted();
            }
            label
        })
        .collect();
    let drawn = font.draw(&image, &labels)?;
    Ok(RgbaImage {
        width: drawn.width(),
        height: drawn.height(),
        pixels: drawn.rgba().to_vec(),
    })
}

/// The labelled picture of `table` as PNG bytes.
///
/// # Errors
/// As [`table_picture`], or the PNG encoder's error.
pub fn table_picture_png(
    lookup: Lookup<'_>,
    table: &Table,
    rules: &TableRules,
    pixels_per_unit: f32,
) -> Result<Vec<u8>, SheetError> {
    let picture = table_picture(lookup, table, rules, pixels_per_unit)?;
    feldherr_table::encode_png(&picture.image).map_err(|e| SheetError::Picture {
        reason: e.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use feldherr_table::geometry::{Circle, Point, Shape};
    use feldherr_table::{Layer, Piece};

    /// An owned piece is ringed in its player's colour; an unowned one is
    /// not (issue #27: one colour per player on the sheets too).
    #[test]
    fn owned_pieces_are_outlined_in_their_player_s_colour() {
        let piece = |id: u64, x: f64| Piece {
            id,
            name: String::new(),
            kind: "stand".into(),
            layer: Layer::Model,
            shape: Shape::Circle(Circle::new(Point::new(x, 10.0), 3.0).expect("circle")),
            facing: None,
        };
        let table = Table::with_pieces(
            40.0,
            20.0,
            Unit::Centimetre,
            vec![piece(1, 10.0), piece(2, 30.0)],
        )
        .expect("table");
        let rules = TableRules::new("test", Unit::Centimetre);
        let lookup = |_: &str| None;
        let ppu = 10.0;
        let picture = table_picture_owned(&lookup, &table, &rules, ppu, &[(1, 1)]).expect("drawn");
        let image = &picture.image;
        // Just outside the radius on the right of each piece, at its height.
        let pixel = |x: f32, y: f32| {
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let i = ((y as u32) * image.width + x as u32) as usize * 4;
            [image.pixels[i], image.pixels[i + 1], image.pixels[i + 2]]
        };
        let ring = (3.0 * ppu) + 1.0;
        let near = |a: [u8; 3], b: [u8; 3]| a.iter().zip(b).all(|(x, y)| x.abs_diff(y) < 40);
        assert!(
            near(pixel(10.0 * ppu + ring, 10.0 * ppu), player_rgb(1)),
            "{:?}",
            pixel(10.0 * ppu + ring, 10.0 * ppu)
        );
        assert!(!near(pixel(30.0 * ppu + ring, 10.0 * ppu), player_rgb(1)));
    }
}
