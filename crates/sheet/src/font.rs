//! The embedded fonts: text measurement, glyph placement and line wrapping.

use std::ops::Range;

use ab_glyph::{Font as _, FontRef, GlyphId};

use crate::{SheetError, TextStyle, Weight};

/// DejaVu Sans (see `fonts/LICENSE-DejaVu.txt`).
pub(crate) static REGULAR_TTF: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");
/// DejaVu Sans Bold (see `fonts/LICENSE-DejaVu.txt`).
pub(crate) static BOLD_TTF: &[u8] = include_bytes!("../fonts/DejaVuSans-Bold.ttf");

/// One parsed font with its metrics normalised to the em (size 1).
#[derive(Debug, Clone)]
pub(crate) struct Face {
    pub font: FontRef<'static>,
    /// Units per em.
    pub upem: f32,
    /// Ascent above the baseline, in ems.
    pub ascent: f32,
    /// Descent below the baseline, in ems (positive).
    pub descent: f32,
}

impl Face {
    fn load(name: &str, data: &'static [u8]) -> Result<Self, SheetError> {
        let font =
            FontRef::try_from_slice(data).map_err(|e| SheetError::Font(format!("{name}: {e}")))?;
        let upem = font
            .units_per_em()
            .filter(|u| *u > 0.0)
            .ok_or_else(|| SheetError::Font(format!("{name}: no units per em")))?;
        Ok(Self {
            ascent: font.ascent_unscaled() / upem,
            descent: -font.descent_unscaled() / upem,
            font,
            upem,
        })
    }
}

/// A glyph placed on a text run's baseline.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct PlacedGlyph {
    /// Glyph id in the run's font.
    pub id: u16,
    /// Horizontal offset from the run's origin, in points.
    pub x: f32,
    /// Byte range of the character in the run's text.
    pub range: Range<usize>,
}

/// The two embedded faces and the measurement settings.
#[derive(Debug, Clone)]
pub(crate) struct Fonts {
    regular: Face,
    bold: Face,
    kerning: bool,
}

impl Fonts {
    /// Parses the embedded fonts.
    pub fn load(kerning: bool) -> Result<Self, SheetError> {
        Ok(Self {
            regular: Face::load("DejaVu Sans", REGULAR_TTF)?,
            bold: Face::load("DejaVu Sans Bold", BOLD_TTF)?,
            kerning,
        })
    }

    /// The face of a weight.
    pub fn face(&self, weight: Weight) -> &Face {
        match weight {
            Weight::Regular => &self.regular,
            Weight::Bold => &self.bold,
        }
    }

    /// Ascent of a style above its baseline, in points.
    pub fn ascent(&self, style: TextStyle) -> f32 {
        self.face(style.weight).ascent * style.size
    }

    /// Descent of a style below its baseline, in points (positive).
    pub fn descent(&self, style: TextStyle) -> f32 {
        self.face(style.weight).descent * style.size
    }

    /// A line box of `factor` times the font size: its height and the
    /// baseline's offset from its top (the ink centred by ascent and
    /// descent), in points.
    pub fn line_box(&self, style: TextStyle, factor: f32) -> (f32, f32) {
        let face = self.face(style.weight);
        let height = style.size * factor;
        let ink = (face.ascent + face.descent) * style.size;
        (height, (height - ink) / 2.0 + face.ascent * style.size)
    }

    /// Places the glyphs of one line of text; returns them and the advance
    /// width in points. Control characters become spaces.
    pub fn shape(&self, text: &str, style: TextStyle) -> (Vec<PlacedGlyph>, f32) {
        let face = self.face(style.weight);
        let scale = style.size / face.upem;
        let mut glyphs = Vec::with_capacity(text.len());
        let mut x = 0.0;
        let mut prev: Option<GlyphId> = None;
        for (start, c) in text.char_indices() {
            let id = face.font.glyph_id(if c.is_control() { ' ' } else { c });
            if let (true, Some(p)) = (self.kerning, prev) {
                x += face.font.kern_unscaled(p, id) * scale;
            }
            glyphs.push(PlacedGlyph {
                id: id.0,
                x,
                range: start..start + c.len_utf8(),
            });
            x += face.font.h_advance_unscaled(id) * scale;
            prev = Some(id);
        }
        (glyphs, x)
    }

    /// The advance width of one line of text in points.
    pub fn width(&self, text: &str, style: TextStyle) -> f32 {
        let face = self.face(style.weight);
        let scale = style.size / face.upem;
        let mut x = 0.0;
        let mut prev: Option<GlyphId> = None;
        for c in text.chars() {
            let id = face.font.glyph_id(if c.is_control() { ' ' } else { c });
            if let (true, Some(p)) = (self.kerning, prev) {
                x += face.font.kern_unscaled(p, id) * scale;
            }
            x += face.font.h_advance_unscaled(id) * scale;
            prev = Some(id);
        }
        x
    }

    /// Wraps text into lines no wider than `max_width` points: breaks at
    /// spaces, keeps explicit newlines, and splits a word longer than a
    /// line between characters. Always returns at least one line.
    pub fn wrap(&self, text: &str, style: TextStyle, max_width: f32) -> Vec<String> {
        self.wrap_with_slack(text, style, max_width, 0.0)
    }

    /// As [`Fonts::wrap`], but a single word up to `max_width + slack` wide
    /// stays whole on its own line instead of being split (table cells let
    /// it run into their padding).
    pub fn wrap_with_slack(
        &self,
        text: &str,
        style: TextStyle,
        max_width: f32,
        slack: f32,
    ) -> Vec<String> {
        self.wrap_words(text, style, max_width, slack, None)
    }

    /// As [`Fonts::wrap_with_slack`], but a word wider than a whole line is
    /// shortened with an ellipsis ("Vampirfürst…") instead of being split
    /// between characters: no word in a table cell is broken in the middle.
    /// Also says whether a word was cut short.
    pub fn wrap_cell_cut(
        &self,
        text: &str,
        style: TextStyle,
        max_width: f32,
        slack: f32,
    ) -> (Vec<String>, bool) {
        let mut cut = false;
        let lines = self.wrap_words(text, style, max_width, slack, Some(&mut cut));
        (lines, cut)
    }

    /// `word` as it fits `max_width`: whole, or cut short with "…" (just
    /// "…" when not even one character fits).
    pub fn ellipsize(&self, word: &str, style: TextStyle, max_width: f32) -> String {
        if self.width(word, style) <= max_width {
            return word.to_owned();
        }
        let mut chars: Vec<char> = word.chars().collect();
        while !chars.is_empty() {
            chars.pop();
            let candidate: String = chars.iter().chain(std::iter::once(&'…')).collect();
            if self.width(&candidate, style) <= max_width {
                return candidate;
            }
        }
        "…".to_owned()
    }

    /// The style at which every word of `text` fits `max_width` (a table
    /// header in a narrow column): `style` itself, or smaller down to
    /// `min_scale` of its size.
    pub fn fitted(
        &self,
        text: &str,
        style: TextStyle,
        max_width: f32,
        min_scale: f32,
    ) -> TextStyle {
        let widest = text
            .split_whitespace()
            .map(|w| self.width(w, style))
            .fold(0.0_f32, f32::max);
        if widest <= max_width || widest <= 0.0 {
            return style;
        }
        TextStyle {
            size: style.size * (max_width / widest).max(min_scale),
            ..style
        }
    }

    fn wrap_words(
        &self,
        text: &str,
        style: TextStyle,
        max_width: f32,
        slack: f32,
        mut shorten: Option<&mut bool>,
    ) -> Vec<String> {
        let mut lines = Vec::new();
        for paragraph in text.split('\n') {
            let mut line = String::new();
            for word in paragraph.split_whitespace() {
                let candidate = if line.is_empty() {
                    word.to_owned()
                } else {
                    format!("{line} {word}")
                };
                if self.width(&candidate, style) <= max_width {
                    line = candidate;
                    continue;
                }
                if !line.is_empty() {
                    lines.push(std::mem::take(&mut line));
                }
                if self.width(word, style) <= max_width + slack {
                    line = word.to_owned();
                } else if let Some(cut) = shorten.as_deref_mut() {
                    *cut = true;
                    line = self.ellipsize(word, style, max_width + slack);
                } else {
                    // Split an overlong word between characters.
                    for c in word.chars() {
                        line.push(c);
                        if self.width(&line, style) > max_width && line.chars().count() > 1 {
                            line.pop();
                            lines.push(std::mem::take(&mut line));
                            line.push(c);
                        }
                    }
                }
            }
            lines.push(line);
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fonts() -> Fonts {
        match Fonts::load(true) {
            Ok(f) => f,
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn umlauts_and_cyrillic_have_glyphs() {
        let f = fonts();
        for weight in [Weight::Regular, Weight::Bold] {
            for c in "äöüÄÖÜßВархейм: крит".chars() {
                assert_ne!(f.face(weight).font.glyph_id(c).0, 0, "{c}");
            }
        }
    }

    #[test]
    fn widths_scale_and_wrap() {
        let f = fonts();
        let w10 = f.width("Warhammer", TextStyle::regular(10.0));
        let w20 = f.width("Warhammer", TextStyle::regular(20.0));
        assert!((w20 - 2.0 * w10).abs() < 1e-3);
        assert!(f.width("Warhammer", TextStyle::bold(10.0)) > w10);
        let lines = f.wrap("one two three four five", TextStyle::BODY, 60.0);
        assert!(lines.len() > 1);
        for l in &lines {
            assert!(f.width(l, TextStyle::BODY) <= 60.0);
        }
        let long = f.wrap("Donaudampfschifffahrtsgesellschaft", TextStyle::BODY, 40.0);
        assert!(long.len() > 2);
        assert_eq!(f.wrap("", TextStyle::BODY, 40.0), vec![String::new()]);
        // A table cell never breaks a word: it is cut short with "…".
        let (cell, cut) = f.wrap_cell_cut("Graf Vampirfuersten", TextStyle::BODY, 40.0, 2.0);
        assert!(cut);
        assert_eq!(cell[0], "Graf");
        assert!(
            cell[1].ends_with('…') && cell[1].starts_with("Vamp"),
            "{cell:?}"
        );
        assert_eq!(cell.len(), 2);
        assert!(f.width(&cell[1], TextStyle::BODY) <= 42.0);
        // A header word too wide for its column gets a smaller size.
        let wide = f.width("Platz", TextStyle::bold(10.0));
        let fitted = f.fitted("Platz", TextStyle::bold(10.0), wide * 0.8, 0.6);
        assert!((fitted.size - 8.0).abs() < 0.01, "{fitted:?}");
        assert!(f.width("Platz", fitted) <= wide * 0.8 + 1e-3);
    }
}
