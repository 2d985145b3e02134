//! Pictures of the table.

use feldherr_table::{
    BACKGROUND, Layer, Piece, RgbaImage, TableError, VIOLATION, encode_png, render_rgba,
};

use crate::common::{circle, rect, terrain};

fn rgb(p: [u8; 4]) -> [u8; 3] {
    [p[0], p[1], p[2]]
}

#[test]
fn picture_size_background_grid_terrain_and_violations() {
    let rules = crate::example_rules::warmaster();
    let mut table = crate::example_rules::warmaster_table();
    // A wood centred at (40, 60): legal.
    table
        .add(terrain(1, "Wood", "wood", circle(40.0, 60.0, 10.0)))
        .unwrap();
    // A lake 3 cm from the top edge: breaks W1, outlined in red.
    table
        .add(terrain(2, "Lake", "lake", circle(120.0, 107.0, 10.0)))
        .unwrap();
    let stand = Piece::new(
        3,
        "Stand",
        "unit_stand",
        Layer::Model,
        rect(150.0, 30.0, 4.0, 2.0, 90.0),
    );
    table.add(stand).unwrap();
    let picture = render_rgba(&table, &rules, 2.0).unwrap();
    assert_eq!((picture.width, picture.height), (360, 240));
    assert_eq!(picture.pixels.len(), 360 * 240 * 4);
    // Background away from grid lines and pieces.
    assert_eq!(
        picture.pixel(5, 5),
        Some([BACKGROUND[0], BACKGROUND[1], BACKGROUND[2], 255])
    );
    // A grid line at x = 10 cm = 20 px differs from the background.
    assert_ne!(rgb(picture.pixel(20, 5).unwrap()), BACKGROUND);
    // The wood's centre: y flips, (40, 60) cm -> (80, 120) px.
    assert_eq!(
        rgb(picture.pixel(80, 120).unwrap()),
        rules.colour_of("wood")
    );
    // Off-centre inside the wood (y = 65 cm -> row 110), away from grid.
    assert_eq!(
        rgb(picture.pixel(85, 110).unwrap()),
        rules.colour_of("wood")
    );
    // The lake's outline at its left edge (110 cm -> 220 px, y 107 -> row 26) is red.
    assert_eq!(rgb(picture.pixel(220, 26).unwrap()), VIOLATION);
    // The wood has no red outline.
    assert_ne!(rgb(picture.pixel(60, 120).unwrap()), VIOLATION);
    // The stand is model-coloured.
    assert_eq!(
        rgb(picture.pixel(298, 180).unwrap()),
        rules.colour_of("unit_stand")
    );
    assert_eq!(picture.pixel(360, 0), None);
}

#[test]
fn png_bytes() {
    let picture = render_rgba(
        &crate::example_rules::warheim_table(),
        &crate::example_rules::wfb_sled_race(),
        10.0,
    )
    .unwrap();
    assert_eq!((picture.width, picture.height), (360, 360));
    let png = encode_png(&picture).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let broken = RgbaImage {
        width: 2,
        height: 2,
        pixels: vec![0; 3],
    };
    assert!(matches!(encode_png(&broken), Err(TableError::Png { .. })));
}

#[test]
fn bad_scales_are_refused() {
    let rules = crate::example_rules::warmaster();
    let table = crate::example_rules::warmaster_table();
    assert_eq!(
        render_rgba(&table, &rules, 0.0).unwrap_err().to_string(),
        "`pixels_per_unit` must be greater than zero, got 0"
    );
    assert!(matches!(
        render_rgba(&table, &rules, f32::NAN),
        Err(TableError::NotFinite { .. })
    ));
    assert!(matches!(
        render_rgba(&table, &rules, 1000.0),
        Err(TableError::PictureTooLarge { .. })
    ));
}
