//! The New Year event's sheets: every sheet type renders at the right size
//! and DPI, is not blank, and its text layout is pinned by snapshots.

use feldherr_host::Texts;
use feldherr_host::export::{ExportFormat, Progress, export};
use feldherr_play::Lang;
use feldherr_sheet::PageSize;
use feldherr_sheet::SheetOptions;
use feldherr_wfb_newyear::event_sheets;

fn fixture_event() -> feldherr_wfb_newyear::Event {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/documents/newyear-event.json"
    );
    match feldherr_host::commands::load(std::path::Path::new(path)).expect("fixture event") {
        feldherr_host::document::Document::Event(doc) => match doc.event {
            feldherr_host::registry::SystemEvent::NewYear(event) => event,
            _ => panic!("a New Year event"),
        },
        feldherr_host::document::Document::Game(_) => panic!("the fixture is an event"),
    }
}

fn dark_pixels(rgba: &[u8]) -> usize {
    rgba.chunks_exact(4)
        .filter(|p| p[0] < 128 && p[1] < 128 && p[2] < 128)
        .count()
}

#[test]
fn every_sheet_type_renders_a4_at_300_dpi_and_is_not_blank() {
    let texts = Texts::new(Lang::En);
    let sheets = event_sheets(&texts, &fixture_event(), SheetOptions::default()).expect("sheets");
    // 2 pairings wall sheets, 4 + 4 slips, sled race, standings, rules cards.
    let names: Vec<&str> = sheets.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names.len(), 13, "{names:?}");
    assert!(names.contains(&"slip-raeuber-table-01"));
    assert!(names.contains(&"slip-newyear-table-04"));
    for kind in [
        "slip-raeuber-table-01",
        "slip-newyear-table-02",
        "sled-race",
        "standings",
        "rules-cards",
    ] {
        let sheet = sheets.iter().find(|s| s.name == kind).expect(kind);
        let layout = sheet.sheet.layout().expect("layout");
        let page = layout.render_page(0).expect("render");
        assert_eq!((page.width(), page.height()), (2480, 3508), "{kind}");
        assert_eq!(page.dpi(), 300);
        let dark = dark_pixels(page.rgba());
        assert!(dark > 20_000, "{kind} looks blank ({dark} dark pixels)");
        // The top margin (15 mm = 177 px) stays white.
        let top: &[u8] = &page.rgba()[..(2480 * 150 * 4)];
        assert_eq!(dark_pixels(top), 0, "{kind} prints into the margin");
    }
}

#[test]
fn png_carries_its_dpi_and_other_sizes_work() {
    let texts = Texts::new(Lang::De);
    let options = SheetOptions {
        page: PageSize::A5,
        dpi: 150,
    };
    let sheets = event_sheets(&texts, &fixture_event(), options).expect("sheets");
    let standings = sheets
        .iter()
        .find(|s| s.name == "standings")
        .expect("standings");
    let png = standings
        .sheet
        .layout()
        .expect("layout")
        .to_png_pages()
        .expect("png");
    let decoder = png::Decoder::new(std::io::Cursor::new(&png[0]));
    let reader = decoder.read_info().expect("png");
    let info = reader.info();
    // A5 is 148 x 210 mm: 874 x 1240 px at 150 DPI.
    assert_eq!((info.width, info.height), (874, 1240));
    let dims = info.pixel_dims.expect("pHYs chunk");
    assert_eq!(dims.xppu, 5906); // 150 DPI in pixels per metre
    assert_eq!(dims.unit, png::Unit::Meter);
}

#[test]
fn slip_and_standings_layout_snapshots() {
    let texts = Texts::new(Lang::En);
    let sheets = event_sheets(&texts, &fixture_event(), SheetOptions::default()).expect("sheets");
    for name in [
        "slip-raeuber-table-01",
        "slip-newyear-table-03",
        "sled-race",
        "standings",
    ] {
        let sheet = sheets.iter().find(|s| s.name == name).expect(name);
        let outline = sheet.sheet.layout().expect("layout").text_outline();
        insta::assert_snapshot!(name, outline);
    }
}

#[test]
fn german_sheets_use_the_german_catalogue() {
    let texts = Texts::new(Lang::De);
    let sheets = event_sheets(&texts, &fixture_event(), SheetOptions::default()).expect("sheets");
    let standings = sheets
        .iter()
        .find(|s| s.name == "standings")
        .expect("standings");
    let outline = standings.sheet.layout().expect("layout").text_outline();
    assert!(outline.contains("Tabelle"), "{outline}");
    assert!(outline.contains("Seite 1 von 1"), "{outline}");
    assert!(outline.contains("Lena Brandt"));
}

#[test]
fn export_writes_png_pages_and_pdfs() {
    let texts = Texts::new(Lang::En);
    let sheets = event_sheets(
        &texts,
        &fixture_event(),
        SheetOptions {
            page: PageSize::A4,
            dpi: 100,
        },
    )
    .expect("sheets");
    let dir = std::env::temp_dir().join(format!("feldherr-export-{}", std::process::id()));
    let progress = Progress::default();
    let files =
        export(&sheets, &dir.join("png"), ExportFormat::Png, &progress).expect("png export");
    assert_eq!(progress.get(), (13, 13));
    assert!(
        files
            .iter()
            .all(|f| f.extension().is_some_and(|e| e == "png"))
    );
    assert!(files.len() >= 13);
    let files =
        export(&sheets, &dir.join("pdf"), ExportFormat::Pdf, &progress).expect("pdf export");
    assert_eq!(files.len(), 14, "one per sheet plus all-sheets.pdf");
    let all = std::fs::read(dir.join("pdf/all-sheets.pdf")).expect("all");
    assert!(all.starts_with(b"%PDF"));
    // Every sheet's pages went in: the set is bigger than any single sheet.
    let single = std::fs::read(dir.join("pdf/standings.pdf")).expect("standings");
    assert!(all.len() > single.len());
}

#[test]
fn an_invalid_event_gives_an_error_not_sheets() {
    let mut event = fixture_event();
    event.raeuber_warhammer.pairings[0].player_b = "nobody".into();
    let err = event_sheets(&Texts::new(Lang::En), &event, SheetOptions::default()).unwrap_err();
    assert!(err.to_string().contains("nobody"), "{err}");
}

/// A word that looks like a catalogue key left untranslated
/// (`wm.sheet.title`): lower-case parts joined by dots.
fn looks_like_a_key(word: &str) -> bool {
    let word = word.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '_' && c != '.');
    let parts: Vec<&str> = word.split('.').collect();
    parts.len() >= 2
        && parts.iter().all(|p| {
            !p.is_empty()
                && p.chars()
                    .all(|c| c.is_ascii_lowercase() || c == '_' || c.is_ascii_digit())
                && p.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        })
}

/// Every example document's sheets, made by the host alone (as `feldherr
/// sheet` makes them), in English and German: every word comes from a
/// catalogue the host has (no screen's catalogue needed), none is a raw key.
#[test]
fn every_example_documents_sheets_come_from_the_host_alone_in_both_languages() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/documents");
    let mut made = 0;
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixtures")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    entries.sort();
    for path in entries {
        let Ok(document) = feldherr_host::commands::load(&path) else {
            continue;
        };
        let options = SheetOptions {
            dpi: 72,
            ..SheetOptions::default()
        };
        for lang in [Lang::En, Lang::De] {
            let Ok(sheets) = feldherr_host::commands::sheets(&document, lang, options) else {
                continue;
            };
            for sheet in sheets {
                let outline = sheet.sheet.layout().expect("layout").text_outline();
                let keys: Vec<&str> = outline
                    .split(|c: char| c.is_whitespace() || c == '"')
                    .filter(|w| looks_like_a_key(w))
                    .collect();
                assert!(
                    keys.is_empty(),
                    "{} ({}): {} shows keys {keys:?}",
                    path.display(),
                    lang.code(),
                    sheet.name
                );
                made += 1;
            }
        }
    }
    assert!(made >= 20, "sheets made: {made}");
}
