//! Print-ready result sheets for tabletop wargame events.
//!
//! `feldherr-sheet` is the referee's and organiser's printer: game result
//! slips, race results, event standings and the like, generic for every rule
//! system. Callers build a [`Document`] of blocks stacked top to bottom:
//!
//! - [`Title`]: title and subtitle over a rule;
//! - [`KeyValues`]: `label: value` pairs in one or more columns (empty
//!   values become write-in fields);
//! - [`Table`]: header row, proportional [`Column`]s aligned left, centre or
//!   right, optional zebra rows, rows flowing over pages with the header
//!   repeated;
//! - [`Picture`]: an RGBA [`Image`] (a table map, a chart) at a width,
//!   keeping its aspect ratio ([`LabelFont::draw`] writes [`Label`]s, such
//!   as a table map's names, onto the image first, with a light halo that
//!   reads on any colour);
//! - [`Paragraph`]: wrapped text, or a heading kept with the next block;
//! - [`Block::Spacer`], [`Block::PageBreak`] and [`Signatures`] (lines to
//!   sign on, labelled underneath);
//! - [`Group`]: blocks kept together on one page when they fit one;
//!
//! plus a [`Footer`] with event, date and "page N of M" on every page.
//!
//! [`Document::layout`] checks the input (every problem is a
//! [`SheetError`], never a panic) and computes a [`Layout`] once; both
//! backends paint that same layout, so PNG and PDF look alike:
//!
//! - raster: [`Layout::render_page`] gives a [`RasterPage`] at the
//!   document's DPI (A4 at 300 DPI is 2480 x 3508 px), and
//!   [`RasterPage::to_png`] encodes it with the DPI in the pHYs chunk so it
//!   prints at true size;
//! - PDF: [`Layout::to_pdf`] writes one sheet, [`render_pdf_set`] a whole
//!   set of sheets into one file; text is real (selectable) text in the
//!   embedded DejaVu Sans fonts.
//!
//! A whole export goes through [`png_set`] or [`pdf_set`]: every sheet is
//! laid out and every page encoded on all cores (rayon), and the caller
//! gets the bytes of each file to write; [`png_each`] and [`pdf_each`]
//! hand each sheet's pages or PDF over as soon as they are done, so the
//! files are written while the rest are drawn.
//!
//! [`Layout::text_outline`] dumps the layout as text for snapshot tests;
//! typed queries say where blocks landed and what a table cut:
//! [`Layout::block_pages`], [`Layout::cut_cells`], [`Page::cells`]
//! ([`PlacedCell`]) and [`Page::tightest_cell_gap`] (never closer than
//! [`MIN_CELL_GAP`]).
//!
//! # Units and coordinates
//!
//! The API speaks points (1/72 in; [`mm`] converts millimetres), with
//! coordinates from the page's top-left corner, y growing downwards. Pixels
//! appear only at raster output. Text is DejaVu Sans and DejaVu Sans Bold,
//! embedded in the binary (Latin with umlauts and ß, Greek, Cyrillic, ...);
//! no system fonts are needed.
//!
//! # Example
//!
//! ```
//! use feldherr_sheet::{
//!     Align, Column, Document, Footer, KeyValues, Signatures, Table, Title,
//! };
//!
//! let sheet = Document::new() // A4 portrait, 300 DPI, 15 mm margins
//!     .with_footer(Footer::new("WFB New Year 2026", "2026-01-03"))
//!     .block(Title::new("Game result").subtitle("Round 2, table 4"))
//!     .block(
//!         KeyValues::new(2)
//!             .pair("Player A", "Räuber-Warhammer")
//!             .pair("Player B", "Вархейм")
//!             .pair("Scenario", "Pitched battle")
//!             .pair("Turns", ""),
//!     )
//!     .block(
//!         Table::new([
//!             Column::new("Player", 0.5),
//!             Column::new("VP", 0.25).align(Align::Right),
//!             Column::new("Points", 0.25).align(Align::Right),
//!         ])
//!         .row(["Räuber-Warhammer", "1450", "15"])
//!         .row(["Вархейм", "820", "5"])
//!         .zebra(true),
//!     )
//!     .block(Signatures::new(["Player A", "Player B", "Referee"]));
//!
//! let layout = sheet.layout()?;
//! assert_eq!(layout.page_count(), 1);
//! assert!(layout.text_outline().contains("page 1 of 1"));
//!
//! let page = layout.render_page(0)?;
//! assert_eq!((page.width(), page.height()), (2480, 3508));
//! let png = page.to_png()?;
//! assert!(png.starts_with(b"\x89PNG"));
//!
//! let pdf = layout.to_pdf()?;
//! assert!(pdf.starts_with(b"%PDF"));
//! # Ok::<(), feldherr_sheet::SheetError>(())
//! ```
#![warn(missing_docs)]

mod block;
mod document;
mod error;
mod font;
mod footer;
mod grey_canvas;
mod grey_rows;
mod image;
mod key_values;
mod label;
mod layout;
mod margins;
mod named_sheet;
mod page_size;
mod pager;
mod paragraph;
mod pdf;
mod picture;
mod raster;
mod sheet_set;
mod signatures;
mod style;
mod table;
mod table_picture;
mod title;

pub use block::{Block, Group};
pub use document::Document;
pub use error::SheetError;
pub use footer::Footer;
pub use image::Image;
pub use key_values::KeyValues;
pub use label::{Label, LabelFont, MAX_LABEL_CHARS, MAX_LABEL_SIZE, MAX_LABELS, MIN_LABEL_SIZE};
pub use layout::{Layout, Page, PlacedCell};
pub use margins::Margins;
pub use named_sheet::{NamedSheet, SheetOptions};
pub use page_size::{POINTS_PER_INCH, PageSize, mm};
pub use paragraph::Paragraph;
pub use pdf::render_pdf_set;
pub use picture::Picture;
pub use raster::{RasterPage, pixels_per_metre};
pub use sheet_set::{PdfSet, pdf_each, pdf_set, png_each, png_set};
pub use signatures::Signatures;
pub use style::{Align, TextStyle, Weight};
pub use table::{Column, MIN_CELL_GAP, Table};
pub use table_picture::{
    Lookup, PLAYER_RGB, player_rgb, table_picture, table_picture_owned, table_picture_png,
};
pub use title::Title;
