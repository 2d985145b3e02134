//! Tables: a header row, proportional columns, zebra rows, page breaks.

use crate::font::Fonts;
use crate::layout::PlacedCell;
use crate::pager::{Chunk, ContentBox, Flow};
use crate::style::Rgb;
use crate::{Align, SheetError, TextStyle};

/// Horizontal cell padding, in points.
const PAD_X: f32 = 5.0;
/// Default vertical cell padding, in points.
const PAD_Y: f32 = 2.8;
/// Heavy rules: table top and bottom.
const HEAVY: f32 = 0.9;
/// Light rule under the header.
const LIGHT: f32 = 0.5;
/// Hairline between rows of a table without zebra shading.
const HAIR: f32 = 0.25;
/// The smallest gap between the texts of neighbouring cells, in points: a
/// word may run into its cell's padding, never closer than this to the
/// next cell's text (issue 26: "Ergebnis" and "Punkte" touched on A5).
pub const MIN_CELL_GAP: f32 = 3.0;

/// A table column: its header, its width as a fraction of the table width
/// and its alignment.
#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    header: String,
    width: f32,
    align: Align,
}

impl Column {
    /// A left-aligned column. `width` is a fraction of the table width; the
    /// fractions are normalised by their sum, so `0.1, 0.6, 0.3` and
    /// `1, 6, 3` give the same table.
    #[must_use]
    pub fn new(header: impl Into<String>, width: f32) -> Self {
        Self {
            header: header.into(),
            width,
            align: Align::Left,
        }
    }

    /// Sets the alignment of the header and the cells.
    #[must_use]
    pub fn align(mut self, align: Align) -> Self {
        self.align = align;
        self
    }

    /// The header text.
    #[must_use]
    pub fn header(&self) -> &str {
        &self.header
    }
}

/// One body row.
#[derive(Debug, Clone, PartialEq)]
struct Row {
    cells: Vec<String>,
    bold: bool,
}

/// A table: a bold header row between heavy rules, body rows (wrapped
/// cells, optional zebra shading) and a closing rule.
///
/// Rows never split; rows that do not fit flow to the next page, where the
/// header is repeated (unless turned off) and the zebra pattern goes on.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    columns: Vec<Column>,
    rows: Vec<Row>,
    zebra: bool,
    repeat_header: bool,
    font_size: f32,
    row_padding: f32,
    keep_with_next: bool,
}

impl Table {
    /// A table with these columns and no rows; 9 pt text, header repeated
    /// on page breaks, no zebra shading.
    #[must_use]
    pub fn new(columns: impl IntoIterator<Item = Column>) -> Self {
        Self {
            columns: columns.into_iter().collect(),
            rows: Vec::new(),
            zebra: false,
            repeat_header: true,
            font_size: 9.0,
            row_padding: PAD_Y,
            keep_with_next: false,
        }
    }

    /// Adds a body row: one cell per column (checked when the document is
    /// laid out).
    #[must_use]
    pub fn row<S: Into<String>>(mut self, cells: impl IntoIterator<Item = S>) -> Self {
        self.push_row(cells, false);
        self
    }

    /// Adds a bold body row (totals, winners).
    #[must_use]
    pub fn bold_row<S: Into<String>>(mut self, cells: impl IntoIterator<Item = S>) -> Self {
        self.push_row(cells, true);
        self
    }

    /// Adds a body row in place.
    pub fn push_row<S: Into<String>>(&mut self, cells: impl IntoIterator<Item = S>, bold: bool) {
        self.rows.push(Row {
            cells: cells.into_iter().map(Into::into).collect(),
            bold,
        });
    }

    /// Shades every other body row.
    #[must_use]
    pub fn zebra(mut self, zebra: bool) -> Self {
        self.zebra = zebra;
        self
    }

    /// Repeats the header row at the top of each continuation page (the
    /// default).
    #[must_use]
    pub fn repeat_header(mut self, repeat: bool) -> Self {
        self.repeat_header = repeat;
        self
    }

    /// Sets the text size in points (`4.0..=144.0`; default 9).
    #[must_use]
    pub fn font_size(mut self, size: f32) -> Self {
        self.font_size = size;
        self
    }

    /// Sets the space above and below each row's text in points
    /// (`0.0..=36.0`; default 2.8). Smaller values fit more rows on a page.
    #[must_use]
    pub fn row_padding(mut self, padding: f32) -> Self {
        self.row_padding = padding;
        self
    }

    /// Keeps the table's last row on the page of the next block (a legend
    /// or a note that explains the table); off by default.
    #[must_use]
    pub fn keep_with_next(mut self, keep: bool) -> Self {
        self.keep_with_next = keep;
        self
    }

    /// The columns.
    #[must_use]
    pub fn columns(&self) -> &[Column] {
        &self.columns
    }

    /// The number of body rows.
    #[must_use]
    pub fn row_count(&self) -> usize {
        self.rows.len()
    }

    pub(crate) fn validate(&self, block: usize) -> Result<(), SheetError> {
        if self.columns.is_empty() {
            return Err(SheetError::NoColumns { block });
        }
        for (column, c) in self.columns.iter().enumerate() {
            if !c.width.is_finite() || c.width <= 0.0 {
                return Err(SheetError::InvalidColumnWidth {
                    block,
                    column,
                    width: c.width,
                });
            }
        }
        if !TextStyle::regular(self.font_size).size_ok() {
            return Err(SheetError::InvalidLength {
                what: "table font size",
                block,
                value: self.font_size,
            });
        }
        if !(0.0..=36.0).contains(&self.row_padding) {
            return Err(SheetError::InvalidLength {
                what: "table row padding",
                block,
                value: self.row_padding,
            });
        }
        for (row, r) in self.rows.iter().enumerate() {
            if r.cells.len() != self.columns.len() {
                return Err(SheetError::RowCellCount {
                    block,
                    row,
                    expected: self.columns.len(),
                    found: r.cells.len(),
                });
            }
        }
        Ok(())
    }

    pub(crate) fn flow(&self, fonts: &Fonts, content: &ContentBox) -> Flow {
        let total: f32 = self.columns.iter().map(|c| c.width).sum();
        let mut x = content.x;
        let cols: Vec<(f32, f32, Align)> = self
            .columns
            .iter()
            .map(|c| {
                let w = content.width * c.width / total;
                let col = (x, w, c.align);
                x += w;
                col
            })
            .collect();
        let regular = TextStyle::regular(self.font_size);
        let bold = TextStyle::bold(self.font_size);
        let (lh, base) = fonts.line_box(regular, 1.25);
        let pad_y = self.row_padding;

        // No word is broken in the middle (issue 26): a header word too
        // wide for its column is set smaller (down to 60 %), and a cell
        // word wider than its column is cut short with "…". A word may run
        // into the padding but keeps MIN_CELL_GAP / 2 from the column's
        // edge, so neighbouring texts never touch.
        let row_chunk =
            |cells: &[String], style: TextStyle, top: f32, shade: bool, row: Option<usize>| {
                let fits: Vec<(TextStyle, Vec<String>, bool)> = cells
                    .iter()
                    .zip(&cols)
                    .map(|(cell, (_, w, _))| {
                        let inner = (w - 2.0 * PAD_X).max(1.0);
                        let slack = (2.0 * PAD_X - MIN_CELL_GAP).min(w - inner).max(0.0);
                        let style = if row.is_none() {
                            fonts.fitted(cell, style, inner + slack, 0.6)
                        } else {
                            style
                        };
                        let (lines, cut) = fonts.wrap_cell_cut(cell, style, inner, slack);
                        (style, lines, cut)
                    })
                    .collect();
                let lines = fits.iter().map(|f| f.1.len()).max().unwrap_or(1).max(1);
                let height = top + pad_y + lines as f32 * lh + pad_y;
                let mut chunk = Chunk::new(height);
                if shade {
                    chunk.rect(content.x, top, content.width, height - top, Rgb::ZEBRA);
                }
                for (column, ((cell, (style, lines, cut)), (x, w, align))) in
                    cells.iter().zip(&fits).zip(&cols).enumerate()
                {
                    let bounds = (x + MIN_CELL_GAP / 2.0, x + w - MIN_CELL_GAP / 2.0);
                    let (mut left, mut right) = (f32::INFINITY, f32::NEG_INFINITY);
                    for (i, line) in lines.iter().enumerate() {
                        let y = top + pad_y + i as f32 * lh + base;
                        if let Some((l, r)) = chunk.text_within(
                            fonts,
                            line,
                            *style,
                            Rgb::INK,
                            (x + PAD_X, w - 2.0 * PAD_X, *align),
                            bounds,
                            y,
                        ) {
                            left = left.min(l);
                            right = right.max(r);
                        }
                    }
                    if left > right {
                        (left, right) = (*x, *x);
                    }
                    chunk.cells.push(PlacedCell {
                        block: 0,
                        row,
                        column,
                        text: cell.clone(),
                        cut: *cut,
                        left,
                        right,
                    });
                }
                chunk
            };

        let headers: Vec<String> = self.columns.iter().map(|c| c.header.clone()).collect();
        let mut lead = row_chunk(&headers, bold, HEAVY, false, None);
        lead.rect(content.x, 0.0, content.width, HEAVY, Rgb::INK);
        lead.rect(content.x, lead.height, content.width, LIGHT, Rgb::INK);
        lead.height += LIGHT;

        let body = self
            .rows
            .iter()
            .enumerate()
            .map(|(i, row)| {
                let style = if row.bold { bold } else { regular };
                let hair = !self.zebra && i > 0;
                let top = if hair { HAIR } else { 0.0 };
                let mut chunk =
                    row_chunk(&row.cells, style, top, self.zebra && i % 2 == 1, Some(i));
                if hair {
                    chunk.rect(content.x, 0.0, content.width, HAIR, Rgb::RULE);
                }
                chunk
            })
            .collect();

        let mut close = Chunk::new(HEAVY);
        close.rect(content.x, 0.0, content.width, HEAVY, Rgb::INK);
        Flow {
            kind: "table",
            lead: Some(lead),
            repeat_lead: self.repeat_header,
            body,
            close: Some(close),
            space_after: 14.0,
            keep_with_next: self.keep_with_next,
        }
    }
}
