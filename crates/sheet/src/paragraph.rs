//! Paragraphs of wrapped text, and headings.

use crate::font::Fonts;
use crate::pager::{Chunk, ContentBox, Flow};
use crate::style::Rgb;
use crate::{Align, SheetError, TextStyle};

/// A paragraph: text wrapped to the content width (explicit `\n` breaks
/// lines), in one style and alignment. It breaks over pages between lines.
///
/// [`Paragraph::heading`] makes a section heading that stays on the page of
/// the block after it.
#[derive(Debug, Clone, PartialEq)]
pub struct Paragraph {
    text: String,
    style: TextStyle,
    align: Align,
    muted: bool,
    space_after: f32,
    keep_with_next: bool,
}

impl Paragraph {
    /// A body-text paragraph (10 pt regular, left aligned).
    #[must_use]
    pub fn new(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            style: TextStyle::BODY,
            align: Align::Left,
            muted: false,
            space_after: 10.0,
            keep_with_next: false,
        }
    }

    /// A section heading (12.5 pt bold) kept with the next block.
    #[must_use]
    pub fn heading(text: impl Into<String>) -> Self {
        Self {
            style: TextStyle::HEADING,
            space_after: 5.0,
            keep_with_next: true,
            ..Self::new(text)
        }
    }

    /// Sets the text style.
    #[must_use]
    pub fn style(mut self, style: TextStyle) -> Self {
        self.style = style;
        self
    }

    /// Sets the alignment.
    #[must_use]
    pub fn align(mut self, align: Align) -> Self {
        self.align = align;
        self
    }

    /// Prints the text in grey (notes, fine print).
    #[must_use]
    pub fn muted(mut self) -> Self {
        self.muted = true;
        self
    }

    /// The text.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    pub(crate) fn validate(&self, block: usize) -> Result<(), SheetError> {
        if !self.style.size_ok() {
            return Err(SheetError::InvalidLength {
                what: "paragraph font size",
                block,
                value: self.style.size,
            });
        }
        Ok(())
    }

    pub(crate) fn flow(&self, fonts: &Fonts, content: &ContentBox) -> Flow {
        let (lh, base) = fonts.line_box(self.style, 1.35);
        let color = if self.muted { Rgb::MUTED } else { Rgb::INK };
        let body = fonts
            .wrap(&self.text, self.style, content.width)
            .iter()
            .map(|line| {
                let mut chunk = Chunk::new(lh);
                chunk.text(
                    fonts,
                    line,
                    self.style,
                    color,
                    content.x,
                    content.width,
                    self.align,
                    base,
                );
                chunk
            })
            .collect();
        Flow {
            kind: if self.keep_with_next {
                "heading"
            } else {
                "paragraph"
            },
            body,
            space_after: self.space_after,
            keep_with_next: self.keep_with_next,
            ..Flow::default()
        }
    }
}
