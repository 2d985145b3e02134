//! The page footer: event, date and "page N of M" on every page.

use crate::font::Fonts;
use crate::layout::PlacedBlock;
use crate::pager::{Chunk, ContentBox};
use crate::style::Rgb;
use crate::{Align, TextStyle};

/// Footer text style.
const STYLE: TextStyle = TextStyle::SMALL;
/// Gap between the rule and the footer text's cap height, in points.
const RULE_GAP: f32 = 4.0;
/// Gap between the content area and the footer rule, in points.
const CONTENT_GAP: f32 = 10.0;
/// Least gap between the footer's texts, in points.
const GAP: f32 = 12.0;

/// A footer printed at the bottom of every page, above the bottom margin,
/// under a thin rule: the event name on the left, the date in the centre
/// (after the event name when that is too long) and the page label on the
/// right.
#[derive(Debug, Clone, PartialEq)]
pub struct Footer {
    event: String,
    date: String,
    page_label: String,
}

impl Footer {
    /// A footer with the event name and date; the page label is
    /// `"page {page} of {pages}"`.
    #[must_use]
    pub fn new(event: impl Into<String>, date: impl Into<String>) -> Self {
        Self {
            event: event.into(),
            date: date.into(),
            page_label: "page {page} of {pages}".to_owned(),
        }
    }

    /// Sets the page label template; `{page}` and `{pages}` are replaced by
    /// the page number and the page count, e.g. `"Seite {page} von {pages}"`.
    #[must_use]
    pub fn page_label(mut self, template: impl Into<String>) -> Self {
        self.page_label = template.into();
        self
    }

    /// The page label of page `page` (1-based) of `pages`.
    #[must_use]
    pub fn page_text(&self, page: usize, pages: usize) -> String {
        self.page_label
            .replace("{page}", &page.to_string())
            .replace("{pages}", &pages.to_string())
    }

    /// The height the footer takes from the bottom of the content area.
    pub(crate) fn reserved(fonts: &Fonts) -> f32 {
        CONTENT_GAP + RULE_GAP + fonts.ascent(STYLE) + fonts.descent(STYLE)
    }

    /// The footer of page `page` (1-based) of `pages`; `bottom` is the top
    /// of the bottom margin.
    pub(crate) fn place(
        &self,
        fonts: &Fonts,
        content: &ContentBox,
        bottom: f32,
        page: usize,
        pages: usize,
    ) -> PlacedBlock {
        let top = content.bottom + CONTENT_GAP;
        let baseline = bottom - fonts.descent(STYLE);
        let mut chunk = Chunk::new(0.0);
        chunk.rect(content.x, top, content.width, 0.4, Rgb::RULE);
        let (x, w) = (content.x, content.width);
        let label = self.page_text(page, pages);
        // The date is centred unless a long event name or page label would
        // run into it; then it follows the event name.
        let side = (w - fonts.width(&self.date, STYLE)) / 2.0 - GAP;
        let crowded = fonts.width(&self.event, STYLE) > side || fonts.width(&label, STYLE) > side;
        let muted = |chunk: &mut Chunk, text: &str, align: Align| {
            chunk.text(fonts, text, STYLE, Rgb::MUTED, x, w, align, baseline);
        };
        if crowded && !self.event.is_empty() && !self.date.is_empty() {
            muted(
                &mut chunk,
                &format!("{} \u{b7} {}", self.event, self.date),
                Align::Left,
            );
        } else {
            muted(&mut chunk, &self.event, Align::Left);
            muted(&mut chunk, &self.date, Align::Centre);
        }
        muted(&mut chunk, &label, Align::Right);
        PlacedBlock {
            kind: "footer",
            index: None,
            top,
            bottom,
            items: chunk.items,
            cells: Vec::new(),
        }
    }
}
