//! A set of sheets to export: each with its file name, and the page
//! options they share.

use crate::{Document, PageSize};

/// Page size and resolution of the sheets.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SheetOptions {
    /// Page size (A4 portrait by default).
    pub page: PageSize,
    /// Resolution of PNG pages (300 by default).
    pub dpi: u32,
}

impl Default for SheetOptions {
    fn default() -> Self {
        Self {
            page: PageSize::A4,
            dpi: 300,
        }
    }
}

/// A sheet with the file name (without extension) it is exported under.
#[derive(Debug)]
pub struct NamedSheet {
    /// File stem, e.g. `slip-raeuber-table-03`.
    pub name: String,
    /// The sheet.
    pub sheet: Document,
}
