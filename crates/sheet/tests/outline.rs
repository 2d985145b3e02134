//! Snapshot of the sample sheet's layout.

mod common;

#[test]
fn sample_sheet_outline() {
    let layout = match common::sample_sheet().layout() {
        Ok(l) => l,
        Err(e) => panic!("{e}"),
    };
    insta::assert_snapshot!(layout.text_outline());
}

#[test]
fn long_table_outline() {
    let doc = feldherr_sheet::Document::new()
        .with_page_size(feldherr_sheet::PageSize::A5)
        .with_footer(feldherr_sheet::Footer::new("WFB New Year", "2026-01-03"))
        .block(feldherr_sheet::Title::new("Sled race result"))
        .block(common::standings(30));
    let layout = match doc.layout() {
        Ok(l) => l,
        Err(e) => panic!("{e}"),
    };
    insta::assert_snapshot!(layout.text_outline());
}
