//! PNG encoding of a grey page that passes over repeated rows.
//!
//! The bytes are exactly those of [`encode_png`](crate::raster::encode_png)
//! for 8-bit greyscale, from the same header ([`png_encoder`]): every row
//! "Up"-filtered (each byte minus the one
//! above), handed row by row to fdeflate's fast compressor, the DPI in a
//! pHYs chunk. What differs is the work. A sheet's page is mostly rows
//! equal to the row above (white margins, the gaps between lines, the body
//! of a shaded table row), and such a row filters to zeros. Those rows are
//! handed to the compressor from one zero row that stays in the cache,
//! instead of read from the 8.7 MB page, filtered and written out again
//! (issue #29). Two rows the painter never touched are both white, so they
//! are equal without a look; a painted row is compared with the one above.
//! Like png, a page the compressor would make larger than the raw rows
//! (only tiny ones) is stored uncompressed.

use crate::SheetError;
use crate::raster::{png_encoder, png_error};

/// PNG's filter type byte for "Up".
const UP: u8 = 2;

/// The longest IDAT chunk PNG allows, in bytes.
const MAX_IDAT: usize = (u32::MAX >> 1) as usize;

/// A grey page to encode: `width * height` bytes, rows top to bottom, and
/// per row whether anything was painted on it (a row not painted is
/// white).
#[derive(Debug, Clone, Copy)]
pub(crate) struct GreyRows<'a> {
    /// The pixels, one byte each.
    pub pixels: &'a [u8],
    /// Per row: painted (else white).
    pub painted: &'a [bool],
    /// Pixels per row.
    pub width: usize,
    /// The resolution, for the pHYs chunk.
    pub dpi: u32,
}

impl GreyRows<'_> {
    /// Encodes the page as PNG.
    ///
    /// # Errors
    ///
    /// [`SheetError::Png`] when the sizes do not fit PNG (or each other) or
    /// the encoder fails.
    pub(crate) fn to_png(self) -> Result<Vec<u8>, SheetError> {
        let height = self.painted.len();
        let png_size = |what: &str| SheetError::Png(format!("{what} out of PNG's range"));
        let w = u32::try_from(self.width).map_err(|_| png_size("width"))?;
        let h = u32::try_from(height).map_err(|_| png_size("height"))?;
        if self.pixels.len() != self.width * height {
            return Err(SheetError::Png(format!(
                "{} pixels for a page of {} x {height}",
                self.pixels.len(),
                self.width
            )));
        }
        let idat = self
            .compressed()
            .map_err(|e| SheetError::Png(e.to_string()))?;

        let mut out = Vec::with_capacity(idat.len() + 128);
        let mut writer = png_encoder(&mut out, w, h, self.dpi, png::ColorType::Grayscale)
            .write_header()
            .map_err(png_error)?;
        for chunk in idat.chunks(MAX_IDAT) {
            writer
                .write_chunk(png::chunk::IDAT, chunk)
                .map_err(png_error)?;
        }
        writer.finish().map_err(png_error)?;
        Ok(out)
    }

    /// The zlib stream of the filtered rows.
    fn compressed(self) -> std::io::Result<Vec<u8>> {
        let width = self.width;
        let mut compressor = fdeflate::Compressor::new(Vec::with_capacity(self.pixels.len() / 32))?;
        // A row equal to the one above, filtered: the filter byte, zeros.
        let mut same = vec![0u8; width + 1];
        same[0] = UP;
        let mut filtered = vec![0u8; width + 1];
        filtered[0] = UP;
        let rows = self.pixels.chunks_exact(width.max(1)).zip(self.painted);
        let mut above: Option<(&[u8], bool)> = None;
        for (row, &painted) in rows {
            match above {
                // Two white rows, or a painted row equal to the one above.
                Some((_, false)) if !painted => compressor.write_data(&same)?,
                Some((prev, _)) if prev == row => compressor.write_data(&same)?,
                Some((prev, _)) => {
                    for ((out, &now), &up) in filtered[1..].iter_mut().zip(row).zip(prev) {
                        *out = now.wrapping_sub(up);
                    }
                    compressor.write_data(&filtered)?;
                }
                // The first row: the row above counts as zeros.
                None => {
                    filtered[1..].copy_from_slice(row);
                    compressor.write_data(&filtered)?;
                }
            }
            above = Some((row, painted));
        }
        let compressed = compressor.finish()?;
        // As png does: data the fast compressor makes larger (only tiny
        // pages) is stored as it is, unfiltered.
        let stored_size =
            fdeflate::StoredOnlyCompressor::<()>::compressed_size((width + 1) * self.painted.len());
        if compressed.len() <= stored_size {
            return Ok(compressed);
        }
        let mut stored = fdeflate::StoredOnlyCompressor::new(std::io::Cursor::new(Vec::new()))?;
        for row in self.pixels.chunks_exact(width.max(1)) {
            stored.write_data(&[0])?;
            stored.write_data(row)?;
        }
        Ok(stored.finish()?.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::GreyRows;
    use crate::raster::encode_png;

    /// A row: its grey level, where a dark pixel is (if any), whether it
    /// counts as painted.
    type Row = (u8, Option<usize>, bool);

    /// A page of `width` x `rows.len()` pixels, each row one grey level
    /// with a dark pixel where `ink` says, and whether it counts as
    /// painted (a white row that is not painted is the usual case).
    fn page(width: usize, rows: &[Row]) -> (Vec<u8>, Vec<bool>) {
        let mut pixels = Vec::new();
        let mut painted = Vec::new();
        for &(level, ink, touched) in rows {
            let start = pixels.len();
            pixels.resize(start + width, level);
            if let Some(x) = ink {
                pixels[start + x] = 7;
            }
            painted.push(touched);
        }
        (pixels, painted)
    }

    /// The encoder gives exactly the bytes of the png crate's encoder
    /// ("Up" on every row, fast compression): white rows in runs, a
    /// painted first row, painted rows that repeat (a shaded table row),
    /// a painted row equal to a white one, ink that moves by one pixel, a
    /// white row right after ink, one-pixel-wide pages.
    #[test]
    fn check_against_the_png_crate() {
        let white = (255, None, false);
        let shaded = (230, None, true);
        let mut cases: Vec<(usize, Vec<Row>)> = vec![
            (5, vec![white, white, white]),
            (5, vec![(0, Some(2), true), white, white]),
            (9, vec![white, shaded, shaded, shaded, white, white]),
            (
                9,
                vec![white, (255, None, true), white, (255, Some(8), true)],
            ),
            (
                9,
                vec![
                    (200, Some(3), true),
                    (200, Some(4), true),
                    (200, Some(4), true),
                    white,
                ],
            ),
            (
                1,
                vec![white, (0, None, true), (0, None, true), white, white],
            ),
            (2481, vec![white; 40]),
        ];
        // A page large enough to be compressed, not stored: margins, a
        // shaded band, ink moving down a column, white after each, a
        // painted white row.
        let mut rows = vec![white; 12];
        rows.extend([shaded; 10]);
        rows.push(white);
        rows.extend((0..20).map(|i| (255, Some(40 + i / 3), true)));
        rows.extend([white, (255, None, true), white, white]);
        cases.push((300, rows));
        for (width, rows) in cases {
            let (pixels, painted) = page(width, &rows);
            let rows_png = GreyRows {
                pixels: &pixels,
                painted: &painted,
                width,
                dpi: 300,
            }
            .to_png()
            .expect("encodes");
            let png = encode_png(
                &pixels,
                width as u32,
                rows.len() as u32,
                300,
                png::ColorType::Grayscale,
            )
            .expect("encodes");
            assert!(rows_png == png, "{width} x {}: {rows:?}", rows.len());
        }
    }

    /// Pixels that do not make the page's rows are refused, naming both.
    #[test]
    fn a_page_of_the_wrong_size_is_refused() {
        let error = GreyRows {
            pixels: &[255; 10],
            painted: &[false; 3],
            width: 4,
            dpi: 300,
        }
        .to_png()
        .expect_err("10 pixels are not 4 x 3");
        assert_eq!(
            error.to_string(),
            crate::SheetError::Png("10 pixels for a page of 4 x 3".into()).to_string()
        );
    }
}
