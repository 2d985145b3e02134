//! The exported table picture (issue #10): the table with its pieces'
//! names, a scale bar and a legend.
//!
//! `feldherr-table` lays the picture out and draws the shapes
//! ([`feldherr_table::annotated_picture`]); `feldherr-sheet` writes the
//! words onto it ([`feldherr_sheet::LabelFont`]). This file only joins the
//! two and supplies the words in the user's language.

use feldherr_sheet::{Align, Image, Label, LabelFont, Weight};
use feldherr_table::geometry::Unit;
use feldherr_table::{
    AnnotatedPicture, LabelAnchor, PictureText, RgbaImage, Table, TableRules, TypeDef,
};

use crate::i18n::Texts;

/// The words of the picture in the user's language, measured with the
/// sheet crate's font.
struct Words<'a> {
    texts: &'a Texts,
    font: &'a LabelFont,
}

impl PictureText for Words<'_> {
    fn width(&self, text: &str, size: f32) -> f32 {
        self.font.width(text, size, Weight::Regular)
    }

    fn type_name(&self, def: &TypeDef) -> String {
        match &def.label_key {
            Some(key) => {
                let text = self.texts.t(key);
                if text == key {
                    def.label.clone()
                } else {
                    text.to_owned()
                }
            }
            None => def.label.clone(),
        }
    }

    fn unit_name(&self, unit: Unit) -> String {
        let key = match unit {
            Unit::Inch => "picture.unit.in",
            Unit::Centimetre => "picture.unit.cm",
        };
        self.texts.t(key).to_owned()
    }

    fn left_out(&self, count: usize) -> String {
        self.texts
            .f("picture.left_out", &[("count", &count.to_string())])
    }
}

/// The labelled picture of `table` under `rules` at `pixels_per_unit`: the
/// table crate's layout with its words written into its image.
///
/// # Errors
/// The table crate's error (picture too large) or the sheet crate's (a
/// label it refuses), as text for the error line.
pub fn table_picture(
    texts: &Texts,
    table: &Table,
    rules: &TableRules,
    pixels_per_unit: f32,
) -> Result<AnnotatedPicture, String> {
    let mut font = LabelFont::new().map_err(|e| e.to_string())?;
    let mut picture = feldherr_table::annotated_picture(
        table,
        rules,
        pixels_per_unit,
        &Words { texts, font: &font },
    )
    .map_err(|e| e.to_string())?;
    picture.image = draw_labels(&mut font, &picture)?;
    Ok(picture)
}

/// The picture's image with its labels written on it.
fn draw_labels(font: &mut LabelFont, picture: &AnnotatedPicture) -> Result<RgbaImage, String> {
    let image = Image::from_rgba(
        picture.image.width,
        picture.image.height,
        picture.image.pixels.clone(),
    )
    .map_err(|e| e.to_string())?;
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
    let drawn = font.draw(&image, &labels).map_err(|e| e.to_string())?;
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
    texts: &Texts,
    table: &Table,
    rules: &TableRules,
    pixels_per_unit: f32,
) -> Result<Vec<u8>, String> {
    let picture = table_picture(texts, table, rules, pixels_per_unit)?;
    feldherr_table::encode_png(&picture.image).map_err(|e| e.to_string())
}
