//! The one error type of the crate.

use std::fmt;

/// Everything that can go wrong while building, laying out or rendering a
/// sheet.
///
/// Block, row and column indices are 0-based positions in the order the
/// caller added them. Lengths are in points (1/72 in) unless a message says
/// otherwise.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum SheetError {
    /// The DPI for raster output is outside `72..=1200`.
    DpiOutOfRange {
        /// The rejected DPI.
        dpi: u32,
    },
    /// A custom page size is not finite, not positive, or larger than the
    /// PDF limit of 14400 pt (200 in) per side.
    InvalidPageSize {
        /// The page width in points.
        width: f32,
        /// The page height in points.
        height: f32,
    },
    /// A margin is negative or not finite.
    InvalidMargin {
        /// Which margin: `"top"`, `"right"`, `"bottom"` or `"left"`.
        side: &'static str,
        /// The rejected value in points.
        value: f32,
    },
    /// The margins (and the footer, if any) leave less than 72 pt (1 in) of
    /// content width or height on the page.
    PageTooSmall {
        /// The page width in points.
        width: f32,
        /// The page height in points.
        height: f32,
        /// The content width left between the left and right margins.
        content_width: f32,
        /// The content height left between the top and bottom margins (less
        /// the footer).
        content_height: f32,
    },
    /// A table has no columns.
    NoColumns {
        /// The index of the table among the document's blocks.
        block: usize,
    },
    /// A table column width (a fraction of the table width) is not a finite
    /// positive number.
    InvalidColumnWidth {
        /// The index of the table among the document's blocks.
        block: usize,
        /// The index of the column.
        column: usize,
        /// The rejected width.
        width: f32,
    },
    /// A table row does not have exactly one cell per column.
    RowCellCount {
        /// The index of the table among the document's blocks.
        block: usize,
        /// The index of the row among the table's body rows.
        row: usize,
        /// The number of columns (cells expected).
        expected: usize,
        /// The number of cells the row has.
        found: usize,
    },
    /// A key-value block asked for zero columns.
    NoKeyValueColumns {
        /// The index of the key-value block among the document's blocks.
        block: usize,
    },
    /// An image has a zero side or a side above 20000 px.
    ImageDimensions {
        /// The image width in pixels.
        width: u32,
        /// The image height in pixels.
        height: u32,
    },
    /// An image's byte length is not `width * height * 4` (RGBA, 8 bits per
    /// channel).
    ImageByteLength {
        /// The image width in pixels.
        width: u32,
        /// The image height in pixels.
        height: u32,
        /// `width * height * 4`.
        expected: u64,
        /// The byte length given.
        found: usize,
    },
    /// A length given by the caller (picture width, spacer height, font
    /// size, ...) is not finite or out of its range.
    InvalidLength {
        /// What the length is, e.g. `"picture width"`.
        what: &'static str,
        /// The index of the block among the document's blocks.
        block: usize,
        /// The rejected value in points.
        value: f32,
    },
    /// A block part that cannot be split (a table row, a title, signature
    /// lines) is taller than a whole page's content area.
    BlockTooTall {
        /// The index of the block among the document's blocks.
        block: usize,
        /// The height the part needs.
        height: f32,
        /// The content height of an empty page.
        available: f32,
    },
    /// A page index past the last page was asked for.
    PageOutOfRange {
        /// The requested page index.
        index: usize,
        /// The number of pages of the layout.
        pages: usize,
    },
    /// The page is too large to rasterise at the chosen DPI (more than
    /// 300 million pixels).
    RasterTooLarge {
        /// The page width in pixels.
        width: u32,
        /// The page height in pixels.
        height: u32,
    },
    /// A [`Label`](crate::Label) to draw over a picture is unusable.
    InvalidLabel {
        /// The label's index in the list given.
        index: usize,
        /// The field: `"text"`, `"x"`, `"y"` or `"size"`.
        field: &'static str,
        /// The rejected value, as text.
        value: String,
        /// What a valid value is.
        reason: &'static str,
    },
    /// More labels than [`MAX_LABELS`](crate::MAX_LABELS) were given for
    /// one picture.
    TooManyLabels {
        /// The number of labels given.
        count: usize,
        /// The most accepted.
        max: usize,
    },
    /// An embedded font could not be parsed (a build defect, not an input
    /// error).
    Font(String),
    /// One sheet of a set ([`png_set`](crate::png_set),
    /// [`pdf_set`](crate::pdf_set)) failed.
    InSheet {
        /// The sheet's index in the set (0-based).
        sheet: usize,
        /// What went wrong with it.
        error: Box<SheetError>,
    },
    /// The PNG encoder failed.
    Png(String),
    /// The PDF writer failed.
    Pdf(String),
    /// The table picture could not be laid out (the table crate's reason,
    /// e.g. a picture too large).
    Picture {
        /// Why.
        reason: String,
    },
}

impl fmt::Display for SheetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::DpiOutOfRange { dpi } => write!(f, "DPI {dpi} out of range 72..=1200"),
            Self::InvalidPageSize { width, height } => write!(
                f,
                "page size {width} x {height} pt invalid: each side must be finite, \
                 above 0 and at most 14400 pt"
            ),
            Self::InvalidMargin { side, value } => {
                write!(
                    f,
                    "{side} margin {value} pt invalid: must be finite and at least 0"
                )
            }
            Self::PageTooSmall {
                width,
                height,
                content_width,
                content_height,
            } => write!(
                f,
                "page {width} x {height} pt too small for its margins: content area \
                 {content_width} x {content_height} pt, at least 72 x 72 pt needed"
            ),
            Self::NoColumns { block } => write!(f, "table (block {block}) has no columns"),
            Self::InvalidColumnWidth {
                block,
                column,
                width,
            } => write!(
                f,
                "table (block {block}) column {column} width {width} invalid: \
                 must be a finite fraction above 0"
            ),
            Self::RowCellCount {
                block,
                row,
                expected,
                found,
            } => write!(
                f,
                "table (block {block}) row {row} has {found} cells, expected {expected} \
                 (one per column)"
            ),
            Self::NoKeyValueColumns { block } => {
                write!(
                    f,
                    "key-value block (block {block}) columns 0 invalid: at least 1"
                )
            }
            Self::ImageDimensions { width, height } => write!(
                f,
                "image {width} x {height} px invalid: each side must be 1..=20000 px"
            ),
            Self::ImageByteLength {
                width,
                height,
                expected,
                found,
            } => write!(
                f,
                "image {width} x {height} px byte length {found} invalid: \
                 expected {expected} (width * height * 4, RGBA)"
            ),
            Self::InvalidLength { what, block, value } => {
                write!(
                    f,
                    "{what} {value} (block {block}) invalid: finite and in range needed"
                )
            }
            Self::BlockTooTall {
                block,
                height,
                available,
            } => write!(
                f,
                "block {block} needs {height:.1} pt unbroken but a page has only \
                 {available:.1} pt of content height"
            ),
            Self::PageOutOfRange { index, pages } => {
                write!(
                    f,
                    "page index {index} out of range: the layout has {pages} pages"
                )
            }
            Self::RasterTooLarge { width, height } => {
                write!(f, "raster page {width} x {height} px too large to allocate")
            }
            Self::InvalidLabel {
                index,
                field,
                value,
                reason,
            } => write!(f, "label {index} {field} {value} invalid: {reason}"),
            Self::TooManyLabels { count, max } => {
                write!(f, "{count} labels for one picture: at most {max} are drawn")
            }
            Self::Font(msg) => write!(f, "embedded font invalid: {msg}"),
            Self::InSheet { sheet, error } => write!(f, "sheet {sheet} of the set: {error}"),
            Self::Png(msg) => write!(f, "PNG encoding failed: {msg}"),
            Self::Pdf(msg) => write!(f, "PDF writing failed: {msg}"),
            Self::Picture { reason } => write!(f, "table picture: {reason}"),
        }
    }
}

impl std::error::Error for SheetError {}
