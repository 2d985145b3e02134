//! The document model built by callers.

use crate::block::Block;
use crate::font::Fonts;
use crate::layout::Layout;
use crate::page_size::check_dpi;
use crate::pager::{ContentBox, Pager};
use crate::{Footer, Margins, PageSize, SheetError};

/// The smallest content width and height a page must leave, in points.
const MIN_CONTENT: f32 = 72.0;

/// A result sheet: page setup, a footer and blocks stacked top to bottom.
///
/// Built with the `with_*` methods and [`Document::push`]; nothing is
/// checked until [`Document::layout`], which reports the first problem as a
/// [`SheetError`].
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    page_size: PageSize,
    dpi: u32,
    margins: Margins,
    footer: Option<Footer>,
    kerning: bool,
    title: Option<String>,
    blocks: Vec<Block>,
}

impl Default for Document {
    fn default() -> Self {
        Self::new()
    }
}

impl Document {
    /// An empty A4 portrait document: 300 DPI, 15 mm margins, kerning on,
    /// no footer.
    #[must_use]
    pub fn new() -> Self {
        Self {
            page_size: PageSize::A4,
            dpi: 300,
            margins: Margins::default(),
            footer: None,
            kerning: true,
            title: None,
            blocks: Vec::new(),
        }
    }

    /// Sets the page size.
    #[must_use]
    pub fn with_page_size(mut self, size: PageSize) -> Self {
        self.page_size = size;
        self
    }

    /// Sets the raster resolution (`72..=1200`; 300 by default).
    #[must_use]
    pub fn with_dpi(mut self, dpi: u32) -> Self {
        self.dpi = dpi;
        self
    }

    /// Sets the margins.
    #[must_use]
    pub fn with_margins(mut self, margins: Margins) -> Self {
        self.margins = margins;
        self
    }

    /// Sets the footer printed on every page.
    #[must_use]
    pub fn with_footer(mut self, footer: Footer) -> Self {
        self.footer = Some(footer);
        self
    }

    /// Turns pair kerning (from the font's `kern` table) on or off.
    #[must_use]
    pub fn with_kerning(mut self, kerning: bool) -> Self {
        self.kerning = kerning;
        self
    }

    /// Sets the PDF document title; by default the first title block's
    /// title.
    #[must_use]
    pub fn with_title(mut self, title: impl Into<String>) -> Self {
        self.title = Some(title.into());
        self
    }

    /// Appends a block.
    pub fn push(&mut self, block: impl Into<Block>) -> &mut Self {
        self.blocks.push(block.into());
        self
    }

    /// Appends a block, builder style.
    #[must_use]
    pub fn block(mut self, block: impl Into<Block>) -> Self {
        self.blocks.push(block.into());
        self
    }

    /// The blocks in order.
    #[must_use]
    pub fn blocks(&self) -> &[Block] {
        &self.blocks
    }

    /// The page size.
    #[must_use]
    pub fn page_size(&self) -> PageSize {
        self.page_size
    }

    /// The raster resolution.
    #[must_use]
    pub fn dpi(&self) -> u32 {
        self.dpi
    }

    /// Checks the document and lays it out into pages.
    ///
    /// # Errors
    ///
    /// The first problem found: [`SheetError::DpiOutOfRange`],
    /// [`SheetError::InvalidPageSize`], [`SheetError::InvalidMargin`],
    /// [`SheetError::PageTooSmall`], a block's own error (bad table rows,
    /// column widths, lengths), or [`SheetError::BlockTooTall`].
    pub fn layout(&self) -> Result<Layout, SheetError> {
        check_dpi(self.dpi)?;
        self.page_size.validate()?;
        self.margins.validate()?;
        let fonts = Fonts::load(self.kerning)?;
        let (width, height) = self.page_size.size_pt();
        let m = &self.margins;
        let footer_h = if self.footer.is_some() {
            Footer::reserved(&fonts)
        } else {
            0.0
        };
        let content = ContentBox {
            x: m.left,
            top: m.top,
            width: width - m.left - m.right,
            bottom: height - m.bottom - footer_h,
        };
        if content.width < MIN_CONTENT || content.height() < MIN_CONTENT {
            return Err(SheetError::PageTooSmall {
                width,
                height,
                content_width: content.width,
                content_height: content.height(),
            });
        }
        for (i, block) in self.blocks.iter().enumerate() {
            block.validate(i)?;
        }
        let steps = self
            .blocks
            .iter()
            .enumerate()
            .map(|(i, b)| b.step(i, &fonts, &content))
            .collect();
        let mut pages = Pager::new(content).run(steps)?;
        if let Some(footer) = &self.footer {
            let total = pages.len();
            for (n, page) in pages.iter_mut().enumerate() {
                let block = footer.place(&fonts, &content, height - m.bottom, n + 1, total);
                page.blocks.push(block);
            }
        }
        let title = self.title.clone().or_else(|| {
            self.blocks.iter().find_map(|b| match b {
                Block::Title(t) => Some(t.title().to_owned()),
                _ => None,
            })
        });
        Ok(Layout {
            pages,
            width,
            height,
            dpi: self.dpi,
            title,
        })
    }

    /// Lays out and writes one PDF.
    ///
    /// # Errors
    ///
    /// As [`Document::layout`] and [`Layout::to_pdf`].
    pub fn to_pdf(&self) -> Result<Vec<u8>, SheetError> {
        self.layout()?.to_pdf()
    }

    /// Lays out and encodes every page as PNG at the document's DPI.
    ///
    /// # Errors
    ///
    /// As [`Document::layout`] and [`Layout::to_png_pages`].
    pub fn to_png_pages(&self) -> Result<Vec<Vec<u8>>, SheetError> {
        self.layout()?.to_png_pages()
    }
}
