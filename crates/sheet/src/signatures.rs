//! Signature lines: a line to sign on per person, labelled underneath.

use crate::Align;
use crate::TextStyle;
use crate::font::Fonts;
use crate::pager::{Chunk, ContentBox, Flow};
use crate::style::Rgb;

/// Label style: 8 pt regular, muted.
const LABEL: TextStyle = TextStyle::regular(8.0);
/// Room above the line to sign in, in points.
const ROOM: f32 = 30.0;
/// Gap between two lines, in points.
const GAP: f32 = 24.0;

/// Signature lines side by side across the content width, one per label
/// (e.g. two players and the referee), each label centred under its line.
/// Never split over pages.
#[derive(Debug, Clone, PartialEq)]
pub struct Signatures {
    labels: Vec<String>,
}

impl Signatures {
    /// One signature line per label.
    #[must_use]
    pub fn new<S: Into<String>>(labels: impl IntoIterator<Item = S>) -> Self {
        Self {
            labels: labels.into_iter().map(Into::into).collect(),
        }
    }

    /// The labels.
    #[must_use]
    pub fn labels(&self) -> &[String] {
        &self.labels
    }

    pub(crate) fn flow(&self, fonts: &Fonts, content: &ContentBox) -> Flow {
        let n = self.labels.len().max(1) as f32;
        let w = (content.width - GAP * (n - 1.0)) / n;
        let (lh, base) = fonts.line_box(LABEL, 1.3);
        let wrapped: Vec<Vec<String>> = self
            .labels
            .iter()
            .map(|l| fonts.wrap(l, LABEL, w))
            .collect();
        let lines = wrapped.iter().map(Vec::len).max().unwrap_or(0);
        let mut chunk = Chunk::new(ROOM + 0.6 + 2.0 + lines as f32 * lh);
        for (i, label) in wrapped.iter().enumerate() {
            let x = content.x + i as f32 * (w + GAP);
            chunk.rect(x, ROOM, w, 0.6, Rgb::INK);
            for (j, line) in label.iter().enumerate() {
                let y = ROOM + 0.6 + 2.0 + j as f32 * lh + base;
                chunk.text(fonts, line, LABEL, Rgb::MUTED, x, w, Align::Centre, y);
            }
        }
        Flow {
            kind: "signatures",
            body: if self.labels.is_empty() {
                Vec::new()
            } else {
                vec![chunk]
            },
            space_after: 12.0,
            ..Flow::default()
        }
    }
}
