//! PDF output: a real PDF with embedded fonts and the right page count.

mod common;

use feldherr_sheet::{Document, Paragraph, SheetError, render_pdf_set};

fn ok<T>(r: Result<T, SheetError>) -> T {
    match r {
        Ok(v) => v,
        Err(e) => panic!("{e}"),
    }
}

/// Counts `/Type /Page` objects (not `/Type /Pages`), with or without the
/// space.
fn page_objects(pdf: &[u8]) -> usize {
    let mut count = 0;
    for (i, _) in pdf.windows(5).enumerate().filter(|(_, w)| *w == b"/Type") {
        let rest = &pdf[i + 5..];
        let rest = &rest[rest.iter().take_while(|b| b.is_ascii_whitespace()).count()..];
        if rest.starts_with(b"/Page") && !rest[5..].starts_with(b"s") {
            count += 1;
        }
    }
    count
}

fn contains(pdf: &[u8], s: &str) -> bool {
    pdf.windows(s.len()).any(|w| w == s.as_bytes())
}

#[test]
fn single_sheet_pdf_embeds_fonts() {
    let pdf = ok(common::sample_sheet().to_pdf());
    assert!(pdf.starts_with(b"%PDF-"));
    assert!(contains(&pdf, "%%EOF"));
    assert_eq!(page_objects(&pdf), 1);
    assert!(contains(&pdf, "/FontFile2"), "embedded TrueType font");
    assert!(contains(&pdf, "+DejaVuSans-Bold"));
    assert!(contains(&pdf, "+DejaVuSans"));
    assert!(contains(&pdf, "/ToUnicode"), "text is extractable");
    assert!(
        contains(&pdf, "/Subtype/Image") || contains(&pdf, "/Subtype /Image"),
        "the picture"
    );
}

#[test]
fn multi_page_sheet_and_sheet_set() {
    let long = Document::new().block(common::standings(100));
    let long_layout = ok(long.layout());
    assert_eq!(long_layout.page_count(), 3);
    let pdf = ok(long_layout.to_pdf());
    assert_eq!(page_objects(&pdf), 3);

    let slip = ok(Document::new()
        .with_page_size(feldherr_sheet::PageSize::A5)
        .block(Paragraph::new("Вархейм: крит"))
        .layout());
    let sample = ok(common::sample_sheet().layout());
    let set = ok(render_pdf_set(&[sample, long_layout, slip]));
    assert!(set.starts_with(b"%PDF-"));
    assert_eq!(page_objects(&set), 1 + 3 + 1);
    // Fonts are embedded once for the whole set.
    let count = |s: &str| set.windows(s.len()).filter(|w| *w == s.as_bytes()).count();
    assert_eq!(count("/FontFile2"), 2);
}

#[test]
fn empty_set_is_a_valid_pdf() {
    let pdf = ok(render_pdf_set(&[]));
    assert!(pdf.starts_with(b"%PDF-"));
}
