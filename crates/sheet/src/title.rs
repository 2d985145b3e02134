//! The title block: a sheet's title and subtitle over a rule.

use crate::font::Fonts;
use crate::pager::{Chunk, ContentBox, Flow};
use crate::style::Rgb;
use crate::{Align, TextStyle};

/// Subtitle style: 11 pt regular, muted.
const SUBTITLE: TextStyle = TextStyle::regular(11.0);

/// A title block: the sheet's title (20 pt bold) with an optional subtitle
/// (11 pt, muted) and a rule underneath. Long titles wrap; the block is
/// never split over pages.
#[derive(Debug, Clone, PartialEq)]
pub struct Title {
    title: String,
    subtitle: Option<String>,
}

impl Title {
    /// A title block with the given title.
    #[must_use]
    pub fn new(title: impl Into<String>) -> Self {
        Self {
            title: title.into(),
            subtitle: None,
        }
    }

    /// Sets the subtitle (event, round, table ...).
    #[must_use]
    pub fn subtitle(mut self, subtitle: impl Into<String>) -> Self {
        self.subtitle = Some(subtitle.into());
        self
    }

    /// The title text.
    #[must_use]
    pub fn title(&self) -> &str {
        &self.title
    }

    pub(crate) fn flow(&self, fonts: &Fonts, content: &ContentBox) -> Flow {
        let mut chunk = Chunk::new(0.0);
        let (x, w) = (content.x, content.width);
        let (lh, base) = fonts.line_box(TextStyle::TITLE, 1.2);
        // The first line's ascent (accents included) starts at the block top.
        let mut y = -(base - fonts.ascent(TextStyle::TITLE));
        for line in fonts.wrap(&self.title, TextStyle::TITLE, w) {
            chunk.text(
                fonts,
                &line,
                TextStyle::TITLE,
                Rgb::INK,
                x,
                w,
                Align::Left,
                y + base,
            );
            y += lh;
        }
        if let Some(sub) = &self.subtitle {
            let (slh, sbase) = fonts.line_box(SUBTITLE, 1.3);
            y += 1.0;
            for line in fonts.wrap(sub, SUBTITLE, w) {
                chunk.text(
                    fonts,
                    &line,
                    SUBTITLE,
                    Rgb::MUTED,
                    x,
                    w,
                    Align::Left,
                    y + sbase,
                );
                y += slh;
            }
        }
        y += 5.0;
        chunk.rect(x, y, w, 1.2, Rgb::INK);
        chunk.height = y + 1.2;
        Flow {
            kind: "title",
            body: vec![chunk],
            space_after: 14.0,
            ..Flow::default()
        }
    }
}
