//! Bad input is an error with a message naming the field and value.

mod common;

use feldherr_sheet::{
    Block, Column, Document, Image, KeyValues, Margins, PageSize, Paragraph, Picture, SheetError,
    Table, TextStyle,
};

fn layout_err(doc: Document) -> SheetError {
    match doc.layout() {
        Ok(_) => panic!("expected an error"),
        Err(e) => e,
    }
}

#[test]
fn dpi_out_of_range() {
    let e = layout_err(Document::new().with_dpi(50));
    assert_eq!(e, SheetError::DpiOutOfRange { dpi: 50 });
    assert_eq!(e.to_string(), "DPI 50 out of range 72..=1200");
    let e = layout_err(Document::new().with_dpi(1201));
    assert_eq!(e.to_string(), "DPI 1201 out of range 72..=1200");
    assert!(Document::new().with_dpi(72).layout().is_ok());
    assert!(Document::new().with_dpi(1200).layout().is_ok());
}

#[test]
fn row_with_wrong_cell_count() {
    let table = Table::new([Column::new("A", 1.0), Column::new("B", 1.0)])
        .row(["1", "2"])
        .row(["only one"]);
    let e = layout_err(Document::new().block(Paragraph::new("x")).block(table));
    assert_eq!(
        e.to_string(),
        "table (block 1) row 1 has 1 cells, expected 2 (one per column)"
    );
}

#[test]
fn table_columns() {
    let e = layout_err(Document::new().block(Table::new([])));
    assert_eq!(e.to_string(), "table (block 0) has no columns");
    let e = layout_err(
        Document::new().block(Table::new([Column::new("A", 1.0), Column::new("B", -0.5)])),
    );
    assert_eq!(
        e.to_string(),
        "table (block 0) column 1 width -0.5 invalid: must be a finite fraction above 0"
    );
    let e = layout_err(Document::new().block(Table::new([Column::new("A", f32::NAN)])));
    assert!(e.to_string().contains("width NaN"), "{e}");
    let e = layout_err(Document::new().block(Table::new([Column::new("A", 1.0)]).font_size(0.0)));
    assert_eq!(
        e.to_string(),
        "table font size 0 (block 0) invalid: finite and in range needed"
    );
}

#[test]
fn image_byte_length_and_dimensions() {
    let e = Image::from_rgba(10, 10, vec![0; 399]).err();
    assert_eq!(
        e.map(|e| e.to_string()).as_deref(),
        Some("image 10 x 10 px byte length 399 invalid: expected 400 (width * height * 4, RGBA)")
    );
    let e = Image::from_rgba(0, 5, Vec::new()).err();
    assert_eq!(
        e.map(|e| e.to_string()).as_deref(),
        Some("image 0 x 5 px invalid: each side must be 1..=20000 px")
    );
    assert!(Image::from_rgba(2, 3, vec![0; 24]).is_ok());
}

#[test]
fn page_too_small_for_margins() {
    let doc = Document::new()
        .with_page_size(PageSize::Custom {
            width: 200.0,
            height: 200.0,
        })
        .with_margins(Margins::uniform(70.0));
    let e = layout_err(doc);
    assert_eq!(
        e.to_string(),
        "page 200 x 200 pt too small for its margins: content area 60 x 60 pt, \
         at least 72 x 72 pt needed"
    );
}

#[test]
fn bad_page_size_and_margins() {
    let e = layout_err(Document::new().with_page_size(PageSize::Custom {
        width: -1.0,
        height: 100.0,
    }));
    assert_eq!(
        e.to_string(),
        "page size -1 x 100 pt invalid: each side must be finite, above 0 and at most 14400 pt"
    );
    let m = Margins {
        left: f32::INFINITY,
        ..Margins::default()
    };
    let e = layout_err(Document::new().with_margins(m));
    assert_eq!(
        e.to_string(),
        "left margin inf pt invalid: must be finite and at least 0"
    );
}

#[test]
fn bad_lengths() {
    let e = layout_err(Document::new().block(Picture::new(common::table_map(), 0.0)));
    assert_eq!(
        e.to_string(),
        "picture width 0 (block 0) invalid: finite and in range needed"
    );
    let e = layout_err(Document::new().block(Block::Spacer(-3.0)));
    assert_eq!(
        e.to_string(),
        "spacer height -3 (block 0) invalid: finite and in range needed"
    );
    let e = layout_err(Document::new().block(Paragraph::new("x").style(TextStyle::regular(500.0))));
    assert_eq!(
        e.to_string(),
        "paragraph font size 500 (block 0) invalid: finite and in range needed"
    );
    let e = layout_err(Document::new().block(KeyValues::new(0).pair("a", "b")));
    assert_eq!(
        e.to_string(),
        "key-value block (block 0) columns 0 invalid: at least 1"
    );
}

#[test]
fn unbreakable_row_taller_than_a_page() {
    let huge = "word ".repeat(3000);
    let table = Table::new([Column::new("A", 1.0)]).row([huge]);
    let e = layout_err(Document::new().block(table));
    assert!(
        matches!(e, SheetError::BlockTooTall { block: 0, .. }),
        "{e:?}"
    );
    assert!(e.to_string().starts_with("block 0 needs "), "{e}");
}

#[test]
fn page_index_out_of_range() {
    let layout = match Document::new().layout() {
        Ok(l) => l,
        Err(e) => panic!("{e}"),
    };
    let e = layout.render_page(3).err();
    assert_eq!(
        e.map(|e| e.to_string()).as_deref(),
        Some("page index 3 out of range: the layout has 1 pages")
    );
}

#[test]
fn oversized_picture_shrinks_instead_of_failing() {
    let tall = match Image::from_rgba(10, 1000, vec![0; 40_000]) {
        Ok(i) => i,
        Err(e) => panic!("{e}"),
    };
    let doc = Document::new().block(Picture::new(tall, 5000.0));
    assert!(doc.layout().is_ok());
}

#[test]
fn raster_too_large() {
    let doc = Document::new()
        .with_page_size(PageSize::Custom {
            width: 14_400.0,
            height: 14_400.0,
        })
        .with_dpi(1200);
    let layout = match doc.layout() {
        Ok(l) => l,
        Err(e) => panic!("{e}"),
    };
    let e = layout.render_page(0).err();
    assert_eq!(
        e.map(|e| e.to_string()).as_deref(),
        Some("raster page 240000 x 240000 px too large to allocate")
    );
}

#[test]
fn bad_labels_are_refused_naming_label_and_field() {
    use feldherr_sheet::{Label, LabelFont, MAX_LABELS};
    let mut font = LabelFont::new().expect("fonts");
    let img = Image::from_rgba(10, 10, vec![255; 400]).expect("image");
    let cases = [
        (
            Label::new("", 1.0, 1.0, 12.0),
            "label 1 text \"\" invalid: must not be empty",
        ),
        (
            Label::new("   ", 1.0, 1.0, 12.0),
            "label 1 text \"   \" invalid: must not be empty",
        ),
        (
            Label::new("a\nb", 1.0, 1.0, 12.0),
            "label 1 text \"a\\nb\" invalid: one line only",
        ),
        (
            Label::new("x", f32::NAN, 1.0, 12.0),
            "label 1 x NaN invalid: must be a finite number",
        ),
        (
            Label::new("x", 1.0, f32::INFINITY, 12.0),
            "label 1 y inf invalid: must be a finite number",
        ),
        (
            Label::new("x", 1.0, 1.0, 5.0),
            "label 1 size 5 invalid: must be 6..=200 pixels",
        ),
        (
            Label::new("x", 1.0, 1.0, f32::NAN),
            "label 1 size NaN invalid: must be 6..=200 pixels",
        ),
        (
            Label::new("x".repeat(201), 1.0, 1.0, 12.0),
            "label 1 text 201 characters invalid: at most 200 characters",
        ),
    ];
    for (bad, message) in cases {
        let e = font
            .draw(&img, &[Label::new("fine", 5.0, 5.0, 12.0), bad])
            .expect_err(message);
        assert!(matches!(e, SheetError::InvalidLabel { index: 1, .. }));
        assert_eq!(e.to_string(), message);
    }
    let many = vec![Label::new("x", 1.0, 1.0, 12.0); MAX_LABELS + 1];
    let e = font.draw(&img, &many).expect_err("too many");
    assert_eq!(
        e.to_string(),
        "5001 labels for one picture: at most 5000 are drawn"
    );
    // At the limits: fine.
    assert!(
        font.draw(
            &img,
            &[
                Label::new("x", 1.0, 1.0, 6.0),
                Label::new("y".repeat(200), 0.0, 0.0, 200.0)
            ]
        )
        .is_ok()
    );
}
