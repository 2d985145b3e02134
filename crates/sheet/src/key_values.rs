//! The key-value block: `label: value` pairs in columns.

use crate::font::Fonts;
use crate::pager::{Chunk, ContentBox, Flow};
use crate::style::Rgb;
use crate::{Align, SheetError, TextStyle};

/// Label style: 8.5 pt regular, muted.
const LABEL: TextStyle = TextStyle::regular(8.5);
/// Value style: 10 pt regular.
const VALUE: TextStyle = TextStyle::BODY;
/// Gap between columns, in points.
const COLUMN_GAP: f32 = 18.0;
/// Gap between a label and its value, in points.
const LABEL_GAP: f32 = 6.0;
/// The write-in line under a value.
const FIELD_RULE: Rgb = Rgb(0xBB, 0xBB, 0xBB);

/// A key-value block: `label: value` pairs filled into one or more columns
/// row by row (pair 0 top left, pair 1 to its right, ...). Each value sits
/// on a thin write-in line, so a pair with an empty value is a field to fill
/// in by hand. Labels are muted 8.5 pt, values 10 pt; long values wrap. The
/// block breaks over pages between rows.
#[derive(Debug, Clone, PartialEq)]
pub struct KeyValues {
    columns: usize,
    pairs: Vec<(String, String)>,
}

impl KeyValues {
    /// An empty block with `columns` columns (1 or more; checked when the
    /// document is laid out).
    #[must_use]
    pub fn new(columns: usize) -> Self {
        Self {
            columns,
            pairs: Vec::new(),
        }
    }

    /// Adds a pair; an empty value leaves a field to fill in by hand.
    #[must_use]
    pub fn pair(mut self, label: impl Into<String>, value: impl Into<String>) -> Self {
        self.pairs.push((label.into(), value.into()));
        self
    }

    /// The pairs in order.
    #[must_use]
    pub fn pairs(&self) -> &[(String, String)] {
        &self.pairs
    }

    pub(crate) fn validate(&self, block: usize) -> Result<(), SheetError> {
        if self.columns == 0 {
            return Err(SheetError::NoKeyValueColumns { block });
        }
        Ok(())
    }

    pub(crate) fn flow(&self, fonts: &Fonts, content: &ContentBox) -> Flow {
        let cols = self.columns.max(1);
        let col_w = (content.width - COLUMN_GAP * (cols - 1) as f32) / cols as f32;
        // One label width per column, so the values line up.
        let label_w: Vec<f32> = (0..cols)
            .map(|c| {
                self.pairs
                    .iter()
                    .skip(c)
                    .step_by(cols)
                    .map(|(l, _)| fonts.width(&label_text(l), LABEL))
                    .fold(0.0, f32::max)
                    .min(col_w * 0.45)
            })
            .collect();
        let (lh, base) = fonts.line_box(VALUE, 1.3);
        let pad = 3.0;
        let body = self
            .pairs
            .chunks(cols)
            .map(|row| {
                let cells: Vec<(Vec<String>, Vec<String>)> = row
                    .iter()
                    .enumerate()
                    .map(|(c, (label, value))| {
                        let lw = label_w.get(c).copied().unwrap_or(0.0);
                        let vw = (col_w - lw - LABEL_GAP).max(1.0);
                        (
                            fonts.wrap(&label_text(label), LABEL, lw.max(1.0)),
                            fonts.wrap(value, VALUE, vw),
                        )
                    })
                    .collect();
                let lines = cells
                    .iter()
                    .map(|(l, v)| l.len().max(v.len()))
                    .max()
                    .unwrap_or(1);
                let mut chunk = Chunk::new(pad + lines as f32 * lh + pad);
                for (c, (labels, values)) in cells.iter().enumerate() {
                    let lw = label_w.get(c).copied().unwrap_or(0.0);
                    let x = content.x + c as f32 * (col_w + COLUMN_GAP);
                    let vx = x + lw + LABEL_GAP;
                    for (i, l) in labels.iter().enumerate() {
                        let y = pad + i as f32 * lh + base;
                        chunk.text(fonts, l, LABEL, Rgb::MUTED, x, lw, Align::Left, y);
                    }
                    for (i, v) in values.iter().enumerate() {
                        let y = pad + i as f32 * lh + base;
                        chunk.text(fonts, v, VALUE, Rgb::INK, vx, col_w - lw, Align::Left, y);
                    }
                    let rule_y = pad + (lines - 1) as f32 * lh + base + fonts.descent(VALUE) + 0.5;
                    chunk.rect(vx, rule_y, x + col_w - vx, 0.4, FIELD_RULE);
                }
                chunk
            })
            .collect();
        Flow {
            kind: "key-values",
            body,
            space_after: 12.0,
            ..Flow::default()
        }
    }
}

/// The label as shown: with a trailing colon unless it ends in punctuation.
fn label_text(label: &str) -> String {
    if label.is_empty() || label.ends_with([':', '?', '.', '!']) {
        label.to_owned()
    } else {
        format!("{label}:")
    }
}
