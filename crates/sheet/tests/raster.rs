//! Raster output: page sizes, PNG metadata, ink inside the margins only.

mod common;

use std::io::Cursor;

use feldherr_sheet::{Document, PageSize, Paragraph, RasterPage, SheetError, mm, pixels_per_metre};

fn ok<T>(r: Result<T, SheetError>) -> T {
    match r {
        Ok(v) => v,
        Err(e) => panic!("{e}"),
    }
}

fn render(doc: &Document) -> RasterPage {
    ok(ok(doc.layout()).render_page(0))
}

#[test]
fn a4_at_300_dpi_is_2480_by_3508() {
    let page = render(&common::sample_sheet());
    assert_eq!((page.width(), page.height()), (2480, 3508));
    assert_eq!(page.dpi(), 300);
    assert_eq!(page.rgba().len(), 2480 * 3508 * 4);
}

#[test]
fn other_sizes_and_dpis() {
    assert_eq!(PageSize::A4Landscape.size_px(300), Ok((3508, 2480)));
    assert_eq!(PageSize::A5.size_px(300), Ok((1748, 2480)));
    assert_eq!(PageSize::A5Landscape.size_px(300), Ok((2480, 1748)));
    assert_eq!(PageSize::Letter.size_px(300), Ok((2550, 3300)));
    assert_eq!(PageSize::LetterLandscape.size_px(150), Ok((1650, 1275)));
    assert_eq!(PageSize::A4.size_px(600), Ok((4961, 7016)));
    assert_eq!(PageSize::A4.size_px(72), Ok((595, 842)));
    let custom = PageSize::Custom {
        width: 360.0,
        height: 144.0,
    };
    assert_eq!(custom.size_px(1200), Ok((6000, 2400)));

    let a5 = Document::new()
        .with_page_size(PageSize::A5)
        .with_dpi(100)
        .block(Paragraph::new("A5 slip"));
    let page = render(&a5);
    assert_eq!((page.width(), page.height()), (583, 827));

    let letter = Document::new()
        .with_page_size(PageSize::LetterLandscape)
        .with_dpi(72)
        .block(Paragraph::new("Letter"));
    let page = render(&letter);
    assert_eq!((page.width(), page.height()), (792, 612));
}

#[test]
fn png_carries_dpi_in_phys() {
    assert_eq!(pixels_per_metre(300), 11811);
    assert_eq!(pixels_per_metre(72), 2835);
    let png_bytes = ok(render(&common::sample_sheet()).to_png());
    let decoder = png::Decoder::new(Cursor::new(png_bytes));
    let mut reader = match decoder.read_info() {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    let info = reader.info();
    assert_eq!((info.width, info.height), (2480, 3508));
    let dims = info.pixel_dims.expect("pHYs chunk");
    assert_eq!(dims.xppu, 11811);
    assert_eq!(dims.yppu, 11811);
    assert_eq!(dims.unit, png::Unit::Meter);
    // The sample has a colour picture, so it is RGB; decode it whole.
    assert_eq!(info.color_type, png::ColorType::Rgb);
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let frame = reader.next_frame(&mut buf).expect("frame");
    assert_eq!(frame.width, 2480);
}

#[test]
fn text_only_pages_encode_as_greyscale() {
    let doc = Document::new().with_dpi(100).block(common::standings(10));
    let png_bytes = ok(render(&doc).to_png());
    let reader = png::Decoder::new(Cursor::new(png_bytes))
        .read_info()
        .expect("png");
    assert_eq!(reader.info().color_type, png::ColorType::Grayscale);
    assert_eq!(reader.info().pixel_dims.map(|d| d.xppu), Some(3937));
}

#[test]
fn page_has_ink_and_blank_margins() {
    let page = render(&common::sample_sheet());
    let (w, h) = (page.width(), page.height());
    let dark = page
        .rgba()
        .chunks_exact(4)
        .filter(|p| p[0] < 128 && p[1] < 128 && p[2] < 128)
        .count();
    assert!(dark > 50_000, "only {dark} dark pixels");
    // 15 mm at 300 DPI is 177 px; allow one pixel of anti-aliasing.
    let margin = (mm(15.0) / 72.0 * 300.0) as u32 - 1;
    let mut inked = 0;
    for y in 0..h {
        for x in 0..w {
            let inside = x >= margin && x < w - margin && y >= margin && y < h - margin;
            if !inside && page.pixel(x, y) != Some([255, 255, 255, 255]) {
                inked += 1;
            }
        }
    }
    assert_eq!(inked, 0, "ink in the margins");
    assert_eq!(page.pixel(w, 0), None);
}

#[test]
fn umlauts_and_cyrillic_render_as_glyphs() {
    // Each string must ink clearly more than a same-length run of .notdef
    // boxes would not: compare with the ASCII look-alike.
    let ink = |text: &str| {
        let page = render(&Document::new().with_dpi(150).block(Paragraph::new(text)));
        page.rgba().chunks_exact(4).filter(|p| p[0] < 160).count()
    };
    let umlauts = ink("Räuber-Warhammer, Größe, Übung");
    let plain = ink("Rauber-Warhammer, Grosse, Ubung");
    assert!(umlauts > plain, "{umlauts} vs {plain}");
    let cyrillic = ink("Вархейм: крит");
    assert!(cyrillic > 300, "{cyrillic}");
    // Glyph ids: the PDF embeds real Cyrillic glyphs (checked in pdf.rs);
    // here the raster must differ from the .notdef box of an unmapped char.
    let notdef = ink(
        "\u{E000}\u{E000}\u{E000}\u{E000}\u{E000}\u{E000}\u{E000}\u{E000}\u{E000}\u{E000}\u{E000}\u{E000}\u{E000}",
    );
    assert_ne!(cyrillic, notdef);
}

/// PNG pages of grey-only pages come from the reused greyscale buffer;
/// they must be byte for byte the PNG of the RGBA page.
#[test]
fn grey_pages_encode_exactly_as_the_rgba_path() {
    let grey_only = Document::new()
        .with_dpi(150)
        .block(Paragraph::heading("Standings"))
        .block(common::standings(120))
        .block(Paragraph::new("Größere Einwände bitte schriftlich."));
    for doc in [grey_only, common::sample_sheet().with_dpi(100)] {
        let layout = ok(doc.layout());
        let pages = ok(layout.to_png_pages());
        assert_eq!(pages.len(), layout.page_count());
        assert!(pages.len() >= 2 || doc.blocks().len() > 3);
        for (i, png) in pages.iter().enumerate() {
            let rgba = ok(ok(layout.render_page(i)).to_png());
            assert!(png == &rgba, "page {i} differs");
        }
    }
}

mod labels {
    //! Labels drawn over a caller's picture (issue #10: the table picture's
    //! words).

    use feldherr_sheet::{Align, Document, Image, Label, LabelFont, Picture, Weight};

    use super::ok;

    const BEIGE: [u8; 4] = [226, 218, 190, 255];

    fn beige(w: u32, h: u32) -> Image {
        ok(Image::from_rgba(w, h, BEIGE.repeat((w * h) as usize)))
    }

    fn px(img: &Image, x: u32, y: u32) -> [u8; 4] {
        let i = ((y * img.width() + x) * 4) as usize;
        let p = &img.rgba()[i..i + 4];
        [p[0], p[1], p[2], p[3]]
    }

    fn dark(p: [u8; 4]) -> bool {
        p[0] < 100 && p[1] < 100 && p[2] < 100
    }

    /// The bounding box of the dark pixels, if any.
    fn ink_box(img: &Image) -> Option<(u32, u32, u32, u32)> {
        let mut b: Option<(u32, u32, u32, u32)> = None;
        for y in 0..img.height() {
            for x in 0..img.width() {
                if dark(px(img, x, y)) {
                    b = Some(match b {
                        None => (x, y, x, y),
                        Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
                    });
                }
            }
        }
        b
    }

    #[test]
    fn a_label_puts_ink_where_its_text_is_and_nowhere_else() {
        let mut font = ok(LabelFont::new());
        let img = beige(400, 200);
        let width = font.width("Hügel 1", 24.0, Weight::Regular);
        assert!(width > 60.0 && width < 120.0, "{width}");
        let out = ok(font.draw(&img, &[Label::new("Hügel 1", 200.0, 100.0, 24.0)]));
        assert_eq!((out.width(), out.height()), (400, 200));
        let (x0, y0, x1, y1) = ink_box(&out).expect("ink");
        // Centred on (200, 100): the ink spans the measured width and
        // about one line around the middle.
        let left = 200.0 - width / 2.0;
        assert!((x0 as f32 - left).abs() <= 3.0, "{x0} vs {left}");
        assert!((x1 as f32 - (left + width)).abs() <= 4.0, "{x1}");
        assert!(y0 >= 100 - 16 && y1 <= 100 + 16, "{y0}..{y1}");
        assert!(y1 - y0 >= 14, "capitals and umlauts are tall");
        // Away from the text the picture is untouched.
        for (x, y) in [(5, 5), (150, 60), (260, 140), (399, 199)] {
            assert_eq!(px(&out, x, y), BEIGE, "({x}, {y})");
        }
        // The input image is not changed.
        assert_eq!(px(&img, 200, 100), BEIGE);
    }

    #[test]
    fn alignment_and_halo() {
        let mut font = ok(LabelFont::new());
        let img = ok(Image::from_rgba(
            300,
            100,
            [20, 20, 20, 255].repeat(300 * 100),
        ));
        // On a dark picture a plain label is invisible; its halo is not.
        let plain = ok(font.draw(
            &img,
            &[Label::new("Wood", 20.0, 50.0, 20.0).align(Align::Left)],
        ));
        assert!((0..300).all(|x| (0..100).all(|y| px(&plain, x, y)[0] <= 20)));
        let haloed = ok(font.draw(
            &img,
            &[Label::new("Wood", 20.0, 50.0, 20.0)
                .align(Align::Left)
                .halo()],
        ));
        let light = (0..300)
            .flat_map(|x| (0..100).map(move |y| (x, y)))
            .filter(|&(x, y)| px(&haloed, x, y)[0] > 200)
            .collect::<Vec<_>>();
        assert!(light.len() > 100, "a halo around the letters");
        // Left-aligned at x = 20: nothing light left of it (halo of a few px).
        assert!(light.iter().all(|&(x, _)| x >= 15));
        // Right-aligned at x = 280: nothing right of it.
        let right = ok(font.draw(
            &img,
            &[Label::new("Wood", 280.0, 50.0, 20.0)
                .align(Align::Right)
                .halo()],
        ));
        assert!((285..300).all(|x| (0..100).all(|y| px(&right, x, y)[0] <= 20)));
        assert!((0..100).any(|y| px(&right, 270, y)[0] > 200));
    }

    #[test]
    fn text_off_the_picture_is_clipped_and_a_labelled_picture_prints() {
        let mut font = ok(LabelFont::new());
        let img = beige(100, 40);
        let out = ok(font.draw(
            &img,
            &[
                Label::new("Far off the edge", -500.0, -500.0, 12.0),
                Label::new("Edge", 98.0, 38.0, 30.0).halo().bold(),
            ],
        ));
        assert!(ink_box(&out).is_some());
        let doc = Document::new().block(Picture::new(out, 200.0));
        let layout = ok(doc.layout());
        assert!(ok(layout.to_pdf()).starts_with(b"%PDF"));
        let page = ok(layout.render_page(0));
        assert_eq!(page.width(), 2480);
    }
}

/// Issue 29: a whole export at once gives, per sheet, the same PNG bytes
/// as the sheet's own pages, and a bad sheet is named by its index.
#[test]
fn a_set_of_sheets_encodes_as_each_sheet_alone() {
    let long = {
        let mut doc = Document::new().with_dpi(72);
        for i in 0..120 {
            doc = doc.block(Paragraph::new(format!("Zeile {i}: Spieler Größe / Игрок")));
        }
        doc
    };
    let sheets = vec![
        common::sample_sheet().with_dpi(72),
        long,
        Document::new()
            .with_dpi(72)
            .block(Paragraph::heading("Runde 3")),
    ];
    let set = ok(feldherr_sheet::png_set(&sheets));
    assert_eq!(set.len(), 3);
    for (sheet, pages) in sheets.iter().zip(&set) {
        let alone = ok(ok(sheet.layout()).to_png_pages());
        assert_eq!(pages, &alone);
    }
    assert!(set[1].len() > 1, "the long sheet has several pages");
    let pdfs = ok(feldherr_sheet::pdf_set(&sheets));
    assert_eq!(pdfs.sheets.len(), 3);
    assert!(pdfs.sheets.iter().all(|pdf| pdf.starts_with(b"%PDF")));
    assert!(pdfs.all.starts_with(b"%PDF"));
    assert!(pdfs.all.len() > pdfs.sheets[2].len());
    // Sheet 1 refuses its DPI: the error names the sheet.
    let bad = vec![
        common::sample_sheet().with_dpi(72),
        Document::new().with_dpi(50),
    ];
    let err = feldherr_sheet::png_set(&bad).unwrap_err();
    assert_eq!(
        err,
        SheetError::InSheet {
            sheet: 1,
            error: Box::new(SheetError::DpiOutOfRange { dpi: 50 })
        }
    );
    assert_eq!(
        err.to_string(),
        format!(
            "sheet 1 of the set: {}",
            SheetError::DpiOutOfRange { dpi: 50 }
        )
    );
    assert!(feldherr_sheet::pdf_set(&bad).is_err());
}
