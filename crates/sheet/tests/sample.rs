//! Renders the sample sheet to /tmp for a visual check.

mod common;

#[test]
fn writes_sample_png_and_pdf() {
    let layout = match common::sample_sheet().layout() {
        Ok(l) => l,
        Err(e) => panic!("{e}"),
    };
    let page = match layout.render_page(0) {
        Ok(p) => p,
        Err(e) => panic!("{e}"),
    };
    let png = match page.to_png() {
        Ok(p) => p,
        Err(e) => panic!("{e}"),
    };
    let pdf = match layout.to_pdf() {
        Ok(p) => p,
        Err(e) => panic!("{e}"),
    };
    std::fs::write("/tmp/sheet-sample.png", png).ok();
    std::fs::write("/tmp/sheet-sample.pdf", pdf).ok();
    println!("{}", layout.text_outline());
}

#[test]
fn writes_standings_second_page_png() {
    let doc = feldherr_sheet::Document::new()
        .with_footer(feldherr_sheet::Footer::new(
            "WFB New Year 2026",
            "3 January 2026",
        ))
        .block(feldherr_sheet::Title::new("Event standings"))
        .block(common::standings(64));
    let png = doc
        .layout()
        .and_then(|l| l.render_page(1))
        .and_then(|p| p.to_png());
    match png {
        Ok(png) => {
            std::fs::write("/tmp/sheet-standings-p2.png", png).ok();
        }
        Err(e) => panic!("{e}"),
    }
}
