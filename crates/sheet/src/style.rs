//! Text styles: a weight and a size.

/// Font weight: DejaVu Sans or DejaVu Sans Bold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Weight {
    /// DejaVu Sans.
    #[default]
    Regular,
    /// DejaVu Sans Bold.
    Bold,
}

/// A text style: weight and size in points.
///
/// The constants are the crate's typographic scale; any size in
/// `4.0..=144.0` pt works.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TextStyle {
    /// Regular or bold.
    pub weight: Weight,
    /// Font size (em height) in points.
    pub size: f32,
}

impl Default for TextStyle {
    fn default() -> Self {
        Self::BODY
    }
}

impl TextStyle {
    /// 7.5 pt regular: footers, captions.
    pub const SMALL: Self = Self::regular(7.5);
    /// 10 pt regular: paragraphs.
    pub const BODY: Self = Self::regular(10.0);
    /// 10 pt bold: emphasis.
    pub const BODY_BOLD: Self = Self::bold(10.0);
    /// 12.5 pt bold: section headings.
    pub const HEADING: Self = Self::bold(12.5);
    /// 20 pt bold: sheet titles.
    pub const TITLE: Self = Self::bold(20.0);

    /// A regular style of `size` points.
    #[must_use]
    pub const fn regular(size: f32) -> Self {
        Self {
            weight: Weight::Regular,
            size,
        }
    }

    /// A bold style of `size` points.
    #[must_use]
    pub const fn bold(size: f32) -> Self {
        Self {
            weight: Weight::Bold,
            size,
        }
    }

    /// Whether the size is usable (`4.0..=144.0` pt).
    pub(crate) fn size_ok(self) -> bool {
        (4.0..=144.0).contains(&self.size)
    }
}

/// An sRGB colour; the layout uses only a few greys, a caller's picture may
/// bring colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// Body text and strong rules.
    pub const INK: Self = Self(0, 0, 0);
    /// Secondary text: labels, subtitles, footers.
    pub const MUTED: Self = Self(0x55, 0x55, 0x55);
    /// Thin rules.
    pub const RULE: Self = Self(0x88, 0x88, 0x88);
    /// Zebra shading.
    pub const ZEBRA: Self = Self(0xEE, 0xEE, 0xEE);
}

/// Horizontal alignment of text (table columns, paragraphs) or pictures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Align {
    /// Flush left.
    #[default]
    Left,
    /// Centred.
    Centre,
    /// Flush right (numbers).
    Right,
}
