//! A whole export at once: every sheet laid out and every page encoded on
//! all cores, so a caller only writes the files.

use std::borrow::Borrow;

use rayon::prelude::*;

use crate::{Document, Layout, SheetError};

/// The PDFs of a set of sheets: one file per sheet, and one with every
/// sheet in order (each keeps its page size; fonts embedded once).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PdfSet {
    /// One PDF per sheet, in the order given.
    pub sheets: Vec<Vec<u8>>,
    /// All sheets in one PDF ([`render_pdf_set`](crate::render_pdf_set)).
    pub all: Vec<u8>,
}

/// Wraps an error of one sheet with its index in the set.
fn in_sheet(sheet: usize, error: SheetError) -> SheetError {
    SheetError::InSheet {
        sheet,
        error: Box::new(error),
    }
}

/// Lays out every sheet, in parallel.
fn layouts<D: Borrow<Document> + Sync>(sheets: &[D]) -> Result<Vec<Layout>, SheetError> {
    sheets
        .par_iter()
        .enumerate()
        .map(|(i, sheet)| sheet.borrow().layout().map_err(|e| in_sheet(i, e)))
        .collect()
}

/// Lays out every sheet and encodes every page as PNG (the DPI in the
/// pHYs chunk; 8-bit greyscale for grey pages, RGB otherwise), on all
/// cores: the pages of all sheets are one pool of work. Returns, per sheet
/// in the order given, its pages' PNG files in order. The same bytes as
/// [`Layout::to_png_pages`] sheet by sheet.
///
/// # Errors
///
/// The first failing sheet's error as [`SheetError::InSheet`] with its
/// index.
///
/// ```
/// use feldherr_sheet::{Document, Paragraph, Title, png_set};
///
/// let sheets = [
///     Document::new().block(Title::new("Round 1")),
///     Document::new().block(Title::new("Round 2")).block(Paragraph::new("Table 4 late")),
/// ];
/// let pages = png_set(&sheets)?;
/// assert_eq!(pages.len(), 2);
/// assert!(pages[1][0].starts_with(b"\x89PNG"));
/// # Ok::<(), feldherr_sheet::SheetError>(())
/// ```
pub fn png_set<D: Borrow<Document> + Sync>(sheets: &[D]) -> Result<Vec<Vec<Vec<u8>>>, SheetError> {
    // One nested pool, no barrier between laying out and drawing: a core
    // that finishes a short sheet takes pages of a long one (a 2,000-row
    // standings sheet is laid out while other sheets' pages are drawn).
    sheets
        .par_iter()
        .enumerate()
        .map(|(i, sheet)| sheet_pngs(i, sheet.borrow()))
        .collect()
}

/// Sheet `i` laid out and its pages encoded, the pages on all cores.
fn sheet_pngs(i: usize, sheet: &Document) -> Result<Vec<Vec<u8>>, SheetError> {
    let layout = sheet.layout().map_err(|e| in_sheet(i, e))?;
    layout
        .pages
        .par_iter()
        .map(|page| crate::raster::page_png(&layout, page).map_err(|e| in_sheet(i, e)))
        .collect()
}

/// [`png_set`] without holding the whole set: each sheet's pages are handed
/// to `each` (with the sheet's index) as soon as they are encoded, from
/// whichever core encoded them, in no particular order. A caller writes
/// the files while the other sheets are still being drawn, and the set is
/// never all in memory at once. The first error of a sheet or of `each`
/// stops the work (sheets already started finish) and is returned.
///
/// # Errors
///
/// A failing sheet's error wrapped by `wrap` (its index and the
/// [`SheetError::InSheet`] error), or `each`'s error.
///
/// ```
/// use std::sync::Mutex;
/// use feldherr_sheet::{Document, SheetError, Title, png_each};
///
/// let sheets = [
///     Document::new().block(Title::new("Round 1")),
///     Document::new().block(Title::new("Round 2")),
/// ];
/// let seen = Mutex::new(Vec::new());
/// png_each(&sheets, |e: SheetError| e, |index, pages| {
///     seen.lock().expect("lock").push((index, pages.len()));
///     Ok(())
/// })?;
/// let mut seen = seen.into_inner().expect("lock");
/// seen.sort();
/// assert_eq!(seen, [(0, 1), (1, 1)]);
/// # Ok::<(), feldherr_sheet::SheetError>(())
/// ```
pub fn png_each<D, E>(
    sheets: &[D],
    wrap: impl Fn(SheetError) -> E + Sync,
    each: impl Fn(usize, Vec<Vec<u8>>) -> Result<(), E> + Sync,
) -> Result<(), E>
where
    D: Borrow<Document> + Sync,
    E: Send,
{
    sheets
        .par_iter()
        .enumerate()
        .try_for_each(|(i, sheet)| each(i, sheet_pngs(i, sheet.borrow()).map_err(&wrap)?))
}

/// Lays out every sheet and writes one PDF per sheet and one with all of
/// them, on all cores (the combined file is written while the single ones
/// are).
///
/// # Errors
///
/// A failing sheet's error as [`SheetError::InSheet`] with its index;
/// [`SheetError::Pdf`] when the combined file fails.
pub fn pdf_set<D: Borrow<Document> + Sync>(sheets: &[D]) -> Result<PdfSet, SheetError> {
    let done = std::sync::Mutex::new(vec![Vec::new(); sheets.len()]);
    let all = pdf_each(
        sheets,
        |e| e,
        |i, pdf| {
            // A poisoned lock: another sheet's thread panicked, which rayon
            // passes on when it returns.
            if let Ok(mut done) = done.lock()
                && let Some(slot) = done.get_mut(i)
            {
                *slot = pdf;
            }
            Ok(())
        },
    )?;
    let sheets = done
        .into_inner()
        .map_err(|_| SheetError::Pdf("a sheet's thread failed".into()))?;
    Ok(PdfSet { sheets, all })
}

/// [`pdf_set`] without holding the set: each sheet's PDF is handed to
/// `each` (with the sheet's index) as soon as it is written, from
/// whichever core wrote it, in no particular order, while one core writes
/// the PDF of all sheets, which is returned. A caller saves the files
/// while the rest are still being written. The first error of a sheet or
/// of `each` stops the work (sheets already started finish) and is
/// returned.
///
/// # Errors
///
/// A failing sheet's error wrapped by `wrap` (its index and the
/// [`SheetError::InSheet`] error), the combined file's
/// [`SheetError::Pdf`] wrapped by `wrap`, or `each`'s error.
///
/// ```
/// use std::sync::Mutex;
/// use feldherr_sheet::{Document, SheetError, Title, pdf_each};
///
/// let sheets = [
///     Document::new().block(Title::new("Round 1")),
///     Document::new().block(Title::new("Round 2")),
/// ];
/// let seen = Mutex::new(Vec::new());
/// let all = pdf_each(&sheets, |e: SheetError| e, |index, pdf| {
///     seen.lock().expect("lock").push((index, pdf.starts_with(b"%PDF")));
///     Ok(())
/// })?;
/// let mut seen = seen.into_inner().expect("lock");
/// seen.sort();
/// assert_eq!(seen, [(0, true), (1, true)]);
/// assert!(all.starts_with(b"%PDF"));
/// # Ok::<(), feldherr_sheet::SheetError>(())
/// ```
pub fn pdf_each<D, E>(
    sheets: &[D],
    wrap: impl Fn(SheetError) -> E + Sync,
    each: impl Fn(usize, Vec<u8>) -> Result<(), E> + Sync,
) -> Result<Vec<u8>, E>
where
    D: Borrow<Document> + Sync,
    E: Send,
{
    let layouts = layouts(sheets).map_err(&wrap)?;
    let (each_done, all) = rayon::join(
        || {
            layouts.par_iter().enumerate().try_for_each(|(i, layout)| {
                let pdf = layout.to_pdf().map_err(|e| wrap(in_sheet(i, e)))?;
                each(i, pdf)
            })
        },
        || crate::render_pdf_set(&layouts).map_err(&wrap),
    );
    each_done?;
    all
}
