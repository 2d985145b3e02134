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
    picture.image = draw_labels(&mut font, &picture)?;
    Ok(picture)
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
