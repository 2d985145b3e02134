//! A laid-out document: pages of positioned text, rules and pictures.

use std::fmt::Write as _;

use crate::font::PlacedGlyph;
use crate::style::Rgb;
use crate::{Image, RasterPage, SheetError, TextStyle, Weight};

/// A document laid out into pages, with every position fixed in points from
/// the page's top-left corner. Both backends paint exactly this, so the PNG
/// and the PDF of a sheet look the same.
///
/// Made by [`Document::layout`](crate::Document::layout).
#[derive(Debug, Clone)]
pub struct Layout {
    pub(crate) pages: Vec<Page>,
    pub(crate) width: f32,
    pub(crate) height: f32,
    pub(crate) dpi: u32,
    pub(crate) title: Option<String>,
}

/// One laid-out page: its blocks in reading order (top to bottom, the
/// footer last).
#[derive(Debug, Clone, Default)]
pub struct Page {
    pub(crate) blocks: Vec<PlacedBlock>,
}

/// The part of one block that landed on one page.
#[derive(Debug, Clone)]
pub(crate) struct PlacedBlock {
    /// Block kind for the outline: `"title"`, `"table"`, ...
    pub kind: &'static str,
    /// The block's index in the document; `None` for the footer.
    pub index: Option<usize>,
    /// Top edge in points.
    pub top: f32,
    /// Bottom edge in points.
    pub bottom: f32,
    /// What to paint, in painting order.
    pub items: Vec<Item>,
    /// The table cells among the items (for layout queries, not painted).
    pub cells: Vec<PlacedCell>,
}

/// Where one table cell landed and whether it fits: what tests and
/// callers ask instead of reading the printed text (issue 26: no header is
/// cut, neighbouring cells never touch).
#[derive(Debug, Clone, PartialEq)]
pub struct PlacedCell {
    /// The table's index in the document (the group's, for a table in a
    /// [`Group`](crate::Group)).
    pub block: usize,
    /// The body row (0-based); `None` for the header row.
    pub row: Option<usize>,
    /// The column (0-based).
    pub column: usize,
    /// The cell's full text.
    pub text: String,
    /// Whether a word of it was cut short with "…" because it is wider
    /// than its column.
    pub cut: bool,
    /// Left edge of the printed text, in points (the cell's left edge when
    /// it is empty).
    pub left: f32,
    /// Right edge of the printed text, in points (equal to `left` when it
    /// is empty).
    pub right: f32,
}

impl PlacedCell {
    /// Whether the cell prints anything.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.right <= self.left
    }
}

/// One thing to paint.
#[derive(Debug, Clone)]
pub(crate) enum Item {
    /// A line of text.
    Text(TextItem),
    /// A filled axis-aligned rectangle (also rules and lines).
    Rect(RectItem),
    /// A picture scaled into a rectangle.
    Image(ImageItem),
}

/// A line of text with its glyphs placed.
#[derive(Debug, Clone)]
pub(crate) struct TextItem {
    /// Left end of the baseline, in points.
    pub x: f32,
    /// Baseline, in points from the top.
    pub y: f32,
    /// The text (glyph ranges index into it).
    pub text: String,
    /// Weight and size.
    pub style: TextStyle,
    /// Fill colour.
    pub color: Rgb,
    /// Glyphs with offsets from `x`.
    pub glyphs: Vec<PlacedGlyph>,
    /// Advance width of the whole line, in points.
    pub width: f32,
}

/// A filled rectangle.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RectItem {
    /// Left, in points.
    pub x: f32,
    /// Top, in points.
    pub y: f32,
    /// Width, in points.
    pub w: f32,
    /// Height, in points.
    pub h: f32,
    /// Fill colour.
    pub color: Rgb,
}

/// A picture.
#[derive(Debug, Clone)]
pub(crate) struct ImageItem {
    /// Left, in points.
    pub x: f32,
    /// Top, in points.
    pub y: f32,
    /// Width, in points.
    pub w: f32,
    /// Height, in points.
    pub h: f32,
    /// The pixels.
    pub image: Image,
}

impl Item {
    /// Moves the item by `dx`, `dy` points.
    pub(crate) fn translate(&mut self, dx: f32, dy: f32) {
        let (x, y) = match self {
            Item::Text(t) => (&mut t.x, &mut t.y),
            Item::Rect(r) => (&mut r.x, &mut r.y),
            Item::Image(i) => (&mut i.x, &mut i.y),
        };
        *x += dx;
        *y += dy;
    }
}

impl Page {
    /// The table cells of the page, header rows included (a header
    /// repeated on a continuation page is listed again).
    pub fn cells(&self) -> impl Iterator<Item = &PlacedCell> {
        self.blocks.iter().flat_map(|b| b.cells.iter())
    }

    /// The smallest horizontal gap in points between the printed texts of
    /// two neighbouring non-empty cells of one table row; `None` when no
    /// row has two.
    #[must_use]
    pub fn tightest_cell_gap(&self) -> Option<f32> {
        let mut tightest: Option<f32> = None;
        for block in &self.blocks {
            // Cells of one row are pushed together, in column order.
            for row in block
                .cells
                .chunk_by(|a, b| a.block == b.block && a.row == b.row)
            {
                let printed: Vec<&PlacedCell> = row.iter().filter(|c| !c.is_empty()).collect();
                for pair in printed.windows(2) {
                    if let [a, b] = pair {
                        let gap = b.left - a.right;
                        tightest = Some(tightest.map_or(gap, |t| t.min(gap)));
                    }
                }
            }
        }
        tightest
    }

    /// The texts of the page in reading order, each with the left end of its
    /// baseline `(x, y)` in points.
    pub fn texts(&self) -> impl Iterator<Item = (f32, f32, &str)> {
        self.blocks
            .iter()
            .flat_map(|b| b.items.iter())
            .filter_map(|item| match item {
                Item::Text(t) => Some((t.x, t.y, t.text.as_str())),
                _ => None,
            })
    }
}

impl Layout {
    /// The number of pages (at least 1).
    #[must_use]
    pub fn page_count(&self) -> usize {
        self.pages.len()
    }

    /// The pages.
    #[must_use]
    pub fn pages(&self) -> &[Page] {
        &self.pages
    }

    /// The first and last page (0-based) on which block `index` of the
    /// document (a [`Group`](crate::Group) counts as one block) printed
    /// anything; `None` when it printed nothing.
    #[must_use]
    pub fn block_pages(&self, index: usize) -> Option<(usize, usize)> {
        let mut on = self
            .pages
            .iter()
            .enumerate()
            .filter(|(_, p)| p.blocks.iter().any(|b| b.index == Some(index)))
            .map(|(n, _)| n);
        let first = on.next()?;
        Some((first, on.next_back().unwrap_or(first)))
    }

    /// Every table cell cut short with "…", on every page.
    pub fn cut_cells(&self) -> impl Iterator<Item = &PlacedCell> {
        self.pages.iter().flat_map(Page::cells).filter(|c| c.cut)
    }

    /// Page width and height in points.
    #[must_use]
    pub fn page_size_pt(&self) -> (f32, f32) {
        (self.width, self.height)
    }

    /// The raster resolution of [`Layout::render_page`].
    #[must_use]
    pub fn dpi(&self) -> u32 {
        self.dpi
    }

    /// Rasterises page `index` (0-based) at the layout's DPI.
    ///
    /// # Errors
    ///
    /// [`SheetError::PageOutOfRange`] past the last page,
    /// [`SheetError::RasterTooLarge`] when the pixels cannot be allocated.
    pub fn render_page(&self, index: usize) -> Result<RasterPage, SheetError> {
        let page = self.pages.get(index).ok_or(SheetError::PageOutOfRange {
            index,
            pages: self.pages.len(),
        })?;
        crate::raster::render(self, page)
    }

    /// Rasterises every page and encodes each as PNG (with its DPI in the
    /// pHYs chunk), the pages on every core.
    ///
    /// # Errors
    ///
    /// As [`Layout::render_page`] and [`RasterPage::to_png`].
    pub fn to_png_pages(&self) -> Result<Vec<Vec<u8>>, SheetError> {
        use rayon::prelude::*;
        self.pages
            .par_iter()
            .map(|page| crate::raster::page_png(self, page))
            .collect()
    }

    /// Writes the layout as one PDF (text selectable, fonts embedded).
    ///
    /// # Errors
    ///
    /// [`SheetError::Pdf`] when the PDF writer fails.
    pub fn to_pdf(&self) -> Result<Vec<u8>, SheetError> {
        crate::pdf::render_pdf_set(std::slice::from_ref(self))
    }

    /// A plain-text dump of the layout for snapshot tests: per page, each
    /// block with its top and bottom, then its text lines in reading order
    /// as `baseline: x "text"` (bold text marked `*"text"`), all positions
    /// rounded to whole points.
    #[must_use]
    pub fn text_outline(&self) -> String {
        let mut out = String::new();
        let total = self.pages.len();
        for (n, page) in self.pages.iter().enumerate() {
            let _ = writeln!(
                out,
                "page {} of {total} ({} x {} pt)",
                n + 1,
                self.width.round(),
                self.height.round()
            );
            for block in &page.blocks {
                let name = match block.index {
                    Some(i) => format!("{} #{i}", block.kind),
                    None => block.kind.to_owned(),
                };
                let _ = writeln!(
                    out,
                    "  {name} [{}..{}]",
                    block.top.round(),
                    block.bottom.round()
                );
                write_text_lines(&mut out, block);
            }
        }
        out
    }
}

/// Writes a block's texts grouped by rounded baseline.
fn write_text_lines(out: &mut String, block: &PlacedBlock) {
    let mut texts: Vec<&TextItem> = block
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Text(t) if !t.text.trim().is_empty() => Some(t),
            _ => None,
        })
        .collect();
    texts.sort_by(|a, b| {
        (a.y.round(), a.x)
            .partial_cmp(&(b.y.round(), b.x))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let mut current: Option<f32> = None;
    for t in texts {
        let y = t.y.round();
        if current != Some(y) {
            if current.is_some() {
                out.push('\n');
            }
            let _ = write!(out, "    {y}:");
            current = Some(y);
        }
        let star = if t.style.weight == Weight::Bold {
            "*"
        } else {
            ""
        };
        let _ = write!(out, " {} {star}{:?}", t.x.round(), t.text);
    }
    if current.is_some() {
        out.push('\n');
    }
}
