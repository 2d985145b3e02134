//! Annotated pictures (issue #10): piece labels, scale bar, legend.

use feldherr_table::geometry::Unit;
use feldherr_table::{
    AnnotatedPicture, ApproxText, LabelAnchor, LabelRole, Layer, MAX_LABEL_CHARS, MIN_LABEL_PX,
    PictureLabel, Piece, Table, TableError, TableRules, annotated_picture, render_rgba,
};
use serde::Deserialize;

use crate::common::{circle, fixture, pt, rect, terrain};
use crate::example_rules::{warmaster, warmaster_table};

fn stand(id: u64, name: &str, x: f64, y: f64) -> Piece {
    Piece::new(
        id,
        name,
        "unit_stand",
        Layer::Model,
        rect(x, y, 4.0, 2.0, 90.0),
    )
}

fn picture(table: &Table, rules: &TableRules, ppu: f32) -> AnnotatedPicture {
    annotated_picture(table, rules, ppu, &ApproxText).unwrap()
}

fn piece_labels(p: &AnnotatedPicture) -> Vec<(&PictureLabel, &[u64])> {
    p.labels
        .iter()
        .filter_map(|l| match &l.role {
            LabelRole::Piece { ids } => Some((l, ids.as_slice())),
            _ => None,
        })
        .collect()
}

/// Table coordinates of a picture pixel.
fn at(p: &AnnotatedPicture, table: &Table, x: f32, y: f32) -> feldherr_table::geometry::Point {
    let s = f64::from(p.pixels_per_unit);
    pt(f64::from(x) / s, table.depth() - f64::from(y) / s)
}

#[test]
fn each_named_piece_is_labelled_on_itself_and_a_unit_once() {
    let rules = warmaster();
    let mut table = warmaster_table();
    table
        .add(terrain(1, "Great wood", "wood", circle(40.0, 60.0, 10.0)))
        .unwrap();
    table
        .add(terrain(2, "Lake", "lake", circle(130.0, 90.0, 9.0)))
        .unwrap();
    // Three stands of one unit side by side, one lonely stand of the
    // same name far away, a stand without a name.
    for (i, x) in [(3, 100.0), (4, 104.0), (5, 108.0)] {
        table.add(stand(i, "Spearmen", x, 30.0)).unwrap();
    }
    table.add(stand(6, "Spearmen", 20.0, 100.0)).unwrap();
    table.add(stand(7, "  ", 150.0, 20.0)).unwrap();
    let p = picture(&table, &rules, 10.0);
    let labels = piece_labels(&p);
    let mut ids: Vec<&[u64]> = labels.iter().map(|(_, ids)| *ids).collect();
    ids.sort();
    assert_eq!(ids, vec![&[1][..], &[2], &[3, 4, 5], &[6]]);
    assert!(p.left_out.is_empty());
    for (label, ids) in &labels {
        assert_eq!(label.anchor, LabelAnchor::Centre);
        assert!(label.halo);
        assert!(label.size >= MIN_LABEL_PX);
        let point = at(&p, &table, label.x, label.y);
        // The label's point is on one of its pieces.
        assert!(
            ids.iter()
                .any(|id| table.piece(*id).unwrap().shape.contains_point(point)),
            "{} at {point:?}",
            label.text
        );
        // Its box is centred on that point.
        assert!((label.bounds.x + label.bounds.w / 2.0 - label.x).abs() < 1e-3);
        assert!((label.bounds.y + label.bounds.h / 2.0 - label.y).abs() < 1e-3);
    }
    // The unit's label sits at the middle stand (104, 30) -> (1040, 900) px.
    let (unit, _) = labels.iter().find(|(_, ids)| ids.len() == 3).unwrap();
    assert_eq!(unit.text, "Spearmen");
    assert!((unit.x - 1040.0).abs() < 0.01 && (unit.y - 900.0).abs() < 0.01);
}

#[test]
fn labels_never_overlap_and_crowded_ones_are_left_out_and_counted() {
    let rules = warmaster();
    let mut table = warmaster_table();
    // Thirty objectives with different names on nearly one spot.
    for i in 0..30u64 {
        let x = 90.0 + (i % 5) as f64 * 0.5;
        let p = Piece::new(
            i + 1,
            format!("Objective number {i}"),
            "objective",
            Layer::Marker,
            circle(x, 60.0, 2.5),
        );
        table.add(p).unwrap();
    }
    let p = picture(&table, &rules, 10.0);
    let labels = piece_labels(&p);
    assert!(labels.len() >= 2, "some are placed");
    assert!(!p.left_out.is_empty(), "not all 30 fit");
    let labelled: usize = labels.iter().map(|(_, ids)| ids.len()).sum();
    assert_eq!(labelled + p.left_out.len(), 30);
    for (i, (a, _)) in labels.iter().enumerate() {
        assert!(p.table_area.encloses(&a.bounds));
        for (b, _) in &labels[i + 1..] {
            assert!(!a.bounds.overlaps(&b.bounds), "{} / {}", a.text, b.text);
        }
    }
    // Nudged up and down a line at most two lines from the spot.
    let line = p.text_size * 1.25;
    for (l, _) in &labels {
        assert!((l.y - 600.0).abs() <= 2.0 * line + 0.01);
    }
    // The note under the legend counts the left-out labels.
    let note = p
        .labels
        .iter()
        .find(|l| l.role == LabelRole::LeftOut)
        .unwrap();
    assert_eq!(
        note.text,
        format!("{} labels left out (no room)", p.left_out.len())
    );
    assert!(note.muted);
    assert!(p.strip.encloses(&note.bounds));
}

#[test]
fn the_legend_lists_exactly_the_types_present() {
    let rules = warmaster();
    let mut table = warmaster_table();
    table.add(stand(1, "A", 100.0, 30.0)).unwrap();
    table
        .add(terrain(2, "", "wood", circle(40.0, 60.0, 10.0)))
        .unwrap();
    table
        .add(terrain(3, "", "wood", circle(80.0, 60.0, 10.0)))
        .unwrap();
    table
        .add(terrain(4, "", "mystery", circle(140.0, 60.0, 5.0)))
        .unwrap();
    let p = picture(&table, &rules, 10.0);
    // The rules' order (wood before unit stands), unknown kinds last.
    let kinds: Vec<&str> = p.legend.iter().map(|e| e.kind.as_str()).collect();
    assert_eq!(kinds, ["wood", "unit_stand", "mystery"]);
    let names: Vec<&str> = p
        .labels
        .iter()
        .filter(|l| matches!(l.role, LabelRole::Legend { .. }))
        .map(|l| l.text.as_str())
        .collect();
    assert_eq!(names, ["Wood", "Unit stand", "mystery"]);
    for entry in &p.legend {
        assert!(p.strip.encloses(&entry.swatch));
        // The swatch is painted in the type's colour at its middle.
        let (x, y) = (
            (entry.swatch.x + entry.swatch.w / 2.0) as u32,
            (entry.swatch.y + entry.swatch.h / 2.0) as u32,
        );
        let px = p.image.pixel(x, y).unwrap();
        assert_eq!([px[0], px[1], px[2]], rules.colour_of(&entry.kind));
    }
    // Legend names sit right of their swatches, inside the strip.
    for l in p
        .labels
        .iter()
        .filter(|l| !matches!(l.role, LabelRole::Piece { .. }))
    {
        assert!(p.strip.encloses(&l.bounds), "{}", l.text);
        assert!(!l.halo);
    }
    // An empty table has no legend and no piece labels.
    let empty = picture(&warmaster_table(), &rules, 10.0);
    assert!(empty.legend.is_empty());
    assert!(piece_labels(&empty).is_empty());
}

#[test]
fn the_table_part_is_the_plain_picture_and_the_strip_is_below() {
    let rules = warmaster();
    let mut table = warmaster_table();
    table
        .add(terrain(1, "Wood", "wood", circle(40.0, 60.0, 10.0)))
        .unwrap();
    let plain = render_rgba(&table, &rules, 4.0).unwrap();
    let p = picture(&table, &rules, 4.0);
    assert_eq!(p.image.width, plain.width);
    assert!(p.image.height > plain.height);
    assert_eq!(p.strip.y, plain.height as f32);
    let table_bytes = (plain.width * plain.height * 4) as usize;
    assert_eq!(p.image.pixels[..table_bytes], plain.pixels[..]);
    // The strip's corner is white.
    assert_eq!(
        p.image.pixel(plain.width - 1, p.image.height - 1),
        Some([255; 4])
    );
    // Every word has text; sizes are one size, readable.
    for l in &p.labels {
        assert!(!l.text.trim().is_empty());
        assert_eq!(l.size, p.text_size);
    }
    assert_eq!(p.text_size, MIN_LABEL_PX, "720 px wide: the minimum size");
}

#[test]
fn long_names_are_cut_and_words_can_be_translated() {
    struct German;
    impl feldherr_table::PictureText for German {
        fn width(&self, text: &str, size: f32) -> f32 {
            ApproxText.width(text, size)
        }
        fn type_name(&self, def: &feldherr_table::TypeDef) -> String {
            format!("de:{}", def.id)
        }
        fn unit_name(&self, _: Unit) -> String {
            "Zentimeter".to_owned()
        }
    }
    let rules = warmaster();
    let mut table = warmaster_table();
    let long = "A very long name for a wood that nobody can read at once";
    table
        .add(terrain(1, long, "wood", circle(90.0, 60.0, 10.0)))
        .unwrap();
    let p = annotated_picture(&table, &rules, 10.0, &German).unwrap();
    let (label, _) = piece_labels(&p)[0];
    assert!(label.text.ends_with('…'));
    assert_eq!(label.text.chars().count(), MAX_LABEL_CHARS);
    assert!(long.starts_with(label.text.trim_end_matches('…')));
    assert!(p.labels.iter().any(|l| l.text == "de:wood"));
    assert!(
        p.labels
            .iter()
            .any(|l| l.role == LabelRole::ScaleUnit && l.text == "Zentimeter")
    );
}

#[derive(Debug, Deserialize)]
struct BarCase {
    name: String,
    width: f64,
    depth: f64,
    unit: Unit,
    pixels_per_unit: f32,
    length: f64,
    ticks: Vec<f64>,
}

#[derive(Debug, Deserialize)]
struct BarCases {
    cases: Vec<BarCase>,
}

fn check(case: &BarCase) {
    let table = Table::new(case.width, case.depth, case.unit).unwrap();
    let p = picture(&table, &warmaster(), case.pixels_per_unit);
    let bar = &p.scale_bar;
    assert_eq!(bar.length, case.length, "{}", case.name);
    assert_eq!(bar.ticks, case.ticks, "{}", case.name);
    assert_eq!(bar.unit, case.unit);
    // Its pixel length is its length times the scale.
    let expected = case.length as f32 * case.pixels_per_unit;
    assert!((bar.pixels - expected).abs() < 0.01, "{}", case.name);
    // One number under each tick, at the tick; the unit after them.
    let numbers: Vec<&PictureLabel> = p
        .labels
        .iter()
        .filter(|l| l.role == LabelRole::ScaleNumber)
        .collect();
    assert_eq!(numbers.len(), case.ticks.len(), "{}", case.name);
    for (n, t) in numbers.iter().zip(&case.ticks) {
        let x = bar.x + *t as f32 * case.pixels_per_unit;
        assert!((n.x - x).abs() < 0.01, "{}: tick {t}", case.name);
        assert!(n.y > bar.y + bar.thickness, "{}: under the bar", case.name);
        assert_eq!(n.text.parse::<f64>().unwrap(), *t);
    }
    let unit = p
        .labels
        .iter()
        .find(|l| l.role == LabelRole::ScaleUnit)
        .unwrap();
    assert_eq!(unit.text, case.unit.symbol());
    assert!(unit.bounds.x >= numbers.last().unwrap().bounds.x);
    // The bar is drawn: dark at the middle of its first segment.
    let (x, y) = (
        (bar.x + bar.pixels * 0.5 * (case.ticks[1] / case.length) as f32) as u32,
        (bar.y + bar.thickness / 2.0) as u32,
    );
    let px = p.image.pixel(x, y).unwrap();
    assert!(px[0] < 80, "{}: {px:?}", case.name);
}

#[test]
fn scale_bars_are_round_and_true_to_scale() {
    let cases: BarCases = fixture("scale_bars.json");
    assert!(cases.cases.len() >= 5);
    for case in &cases.cases {
        check(case);
    }
}

#[test]
fn bad_scales_are_refused() {
    let rules = warmaster();
    let table = warmaster_table();
    for bad in [f32::NAN, f32::INFINITY] {
        assert!(matches!(
            annotated_picture(&table, &rules, bad, &ApproxText),
            Err(TableError::NotFinite { ref field, .. }) if field == "pixels_per_unit"
        ));
    }
    assert!(matches!(
        annotated_picture(&table, &rules, 0.0, &ApproxText),
        Err(TableError::NotPositive { ref field, .. }) if field == "pixels_per_unit"
    ));
    // 180 cm at 200 px per cm is 36000 px wide: refused.
    assert!(matches!(
        annotated_picture(&table, &rules, 200.0, &ApproxText),
        Err(TableError::PictureTooLarge { .. })
    ));
    // A table just under the limit in depth: the strip pushes it over.
    let tall = Table::new(10.0, 16_380.0, Unit::Centimetre).unwrap();
    assert!(matches!(
        annotated_picture(&tall, &rules, 1.0, &ApproxText),
        Err(TableError::PictureTooLarge { .. })
    ));
}

/// Issue #28: a table 49,172 cm wide drawn to fit 4,096 pixels (0.08
/// pixels per cm) has scale-bar segments under a pixel wide; they tripped
/// tiny-skia's anti-aliased fill (a debug assertion). Each segment is now
/// snapped to whole pixels, and every long table draws.
#[test]
fn a_very_long_table_draws_its_scale_bar_without_tripping_the_rasteriser() {
    for (width, depth, unit) in [
        (49_172.0, 120.0, Unit::Centimetre),
        (120.0, 49_172.0, Unit::Centimetre),
        (1.0e6, 48.0, Unit::Inch),
    ] {
        let table = Table::new(width, depth, unit).expect("table");
        let ppu = feldherr_table::fitting_scale(&table, 4.0, feldherr_table::SHEET_PICTURE_SIDE);
        let p = picture(&table, &warmaster(), ppu);
        assert!(
            p.image.width <= feldherr_table::SHEET_PICTURE_SIDE,
            "{width}"
        );
        assert!(p.image.width >= 1 && p.image.height >= 1);
    }
}
