//! The table canvas driven headless with egui_kittest: placing, moving,
//! measuring, placement violations, overlays, drawing a path, and
//! screenshots rendered in software.
#![allow(clippy::unwrap_used)]

use eframe::egui::{self, Modifiers, Pos2, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use feldherr::i18n::Texts;
use feldherr::ui::table_canvas::{
    HandleEvent, Overlay, OverlayHandle, OverlayItem, PathEvent, TableCanvas, Tone, Tool,
};
use feldherr_table::geometry::{Angle, Circle, Point, Shape};
use feldherr_table::{Layer, Piece, RgbaImage, Table, TableRules, encode_png};

/// A stand-in for the screen that will own the canvas: it holds the
/// document and applies the returned edits after each frame.
struct Host {
    table: Table,
    rules: TableRules,
    canvas: TableCanvas,
    texts: Texts,
    refused: Vec<String>,
    exports: usize,
    /// Drawn over the table each frame.
    overlay: Overlay,
    /// Every edit the canvas returned.
    edits: usize,
    /// Every path event the canvas reported, in order.
    paths: Vec<PathEvent>,
    /// Every handle event the canvas reported, in order.
    handles: Vec<HandleEvent>,
}

impl Host {
    fn show(&mut self, ui: &mut egui::Ui) {
        let output =
            self.canvas
                .show_with(ui, &self.texts, &self.table, &self.rules, &self.overlay);
        self.edits += output.edits.len();
        self.paths.extend(output.path);
        self.handles.extend(output.handle);
        for edit in output.edits {
            if let Err(e) = self.table.apply(edit) {
                self.refused.push(e.to_string());
            }
        }
        if output.export_requested {
            self.exports += 1;
        }
    }
}

fn host(table: Table, rules: TableRules, language: &str) -> Host {
    Host {
        table,
        rules,
        canvas: TableCanvas::new(),
        texts: Texts::new(language),
        refused: Vec::new(),
        exports: 0,
        overlay: Overlay::default(),
        edits: 0,
        paths: Vec::new(),
        handles: Vec::new(),
    }
}

fn harness_with(host: Host, scale: f32, theme: egui::Theme) -> Harness<'static, Host> {
    let mut harness = Harness::builder()
        .with_size(vec2(1200.0, 800.0))
        .with_pixels_per_point(scale)
        .with_theme(theme)
        .build_ui_state(|ui, host: &mut Host| host.show(ui), host);
    harness.run();
    harness
}

fn harness(table: Table, rules: TableRules) -> Harness<'static, Host> {
    harness_with(host(table, rules, "en"), 1.0, egui::Theme::Dark)
}

fn wood(id: u64, name: &str, x: f64, y: f64, radius: f64) -> Piece {
    Piece::new(
        id,
        name,
        "wood",
        Layer::Terrain,
        Shape::Circle(Circle::new(Point::new(x, y), radius).unwrap()),
    )
}

/// Where the table point (x, y) is on screen.
fn at(harness: &Harness<'static, Host>, x: f64, y: f64) -> Pos2 {
    harness
        .state()
        .canvas
        .screen_pos(Point::new(x, y))
        .expect("the canvas was drawn")
}

fn press(harness: &Harness<'static, Host>, pos: Pos2, pressed: bool) {
    harness.event(egui::Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: Modifiers::NONE,
    });
}

/// A primary click at a screen position.
fn click_at(harness: &mut Harness<'static, Host>, pos: Pos2) {
    harness.hover_at(pos);
    harness.run();
    press(harness, pos, true);
    harness.step();
    press(harness, pos, false);
    harness.run();
}

/// A primary drag from one screen position to another.
fn drag(harness: &mut Harness<'static, Host>, from: Pos2, to: Pos2) {
    harness.hover_at(from);
    harness.run();
    press(harness, from, true);
    harness.step();
    for i in 1..=6 {
        harness.hover_at(from + (to - from) * (i as f32 / 6.0));
        harness.step();
    }
    press(harness, to, false);
    harness.run();
}

/// Replaces the text of the field labelled `label` with `text` and presses
/// Enter.
fn retype(harness: &mut Harness<'static, Host>, label: &str, text: &str) {
    harness.get_by_label(label).focus();
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, egui::Key::A);
    harness.run();
    harness.get_by_label(label).type_text(text);
    harness.run();
    harness.key_press(egui::Key::Enter);
    harness.run();
}

fn choose_type(harness: &mut Harness<'static, Host>, label: &str) {
    harness.get_by_label("Place").click();
    harness.run();
    harness.get_by_label("Type to place").click();
    harness.run();
    harness.get_by_label(label).click();
    harness.run();
}

#[test]
fn place_a_wood_by_clicking_on_the_table() {
    let mut harness = harness(example_rules::warmaster_table(), example_rules::warmaster());
    choose_type(&mut harness, "Wood");
    assert_eq!(harness.state().canvas.tool(), Tool::Place);
    let pos = at(&harness, 90.0, 60.0);
    click_at(&mut harness, pos);
    let table = &harness.state().table;
    assert_eq!(table.pieces().len(), 1, "{:?}", harness.state().refused);
    let piece = &table.pieces()[0];
    assert_eq!(
        (piece.name.as_str(), piece.kind.as_str()),
        ("Wood 1", "wood")
    );
    assert!((piece.center().x - 90.0).abs() < 0.2 && (piece.center().y - 60.0).abs() < 0.2);
    assert!(matches!(&piece.shape, Shape::Circle(c) if c.radius() == 10.0));
    // Selected and listed.
    assert_eq!(harness.state().canvas.selected(), Some(piece.id));
    harness.get_by_label("Wood 1 (Wood)");
    harness.get_by_label("Every piece is placed legally.");
    // A click next to the table places nothing.
    let outside = at(&harness, -5.0, 60.0);
    click_at(&mut harness, outside);
    assert_eq!(harness.state().table.pieces().len(), 1);
}

#[test]
fn place_a_polygon_corner_by_corner() {
    let mut harness = harness(example_rules::warmaster_table(), example_rules::warmaster());
    choose_type(&mut harness, "Hill");
    harness.get_by_label("Polygon").click();
    harness.run();
    for (x, y) in [(50.0, 50.0), (80.0, 50.0), (80.0, 70.0), (50.0, 75.0)] {
        let pos = at(&harness, x, y);
        click_at(&mut harness, pos);
    }
    assert!(
        harness.state().table.pieces().is_empty(),
        "not yet finished"
    );
    harness.get_by_label_contains("(4 corners so far)");
    harness.key_press(egui::Key::Enter);
    harness.run();
    let table = &harness.state().table;
    assert_eq!(table.pieces().len(), 1, "{:?}", harness.state().refused);
    let Shape::Polygon(p) = &table.pieces()[0].shape else {
        panic!("a polygon")
    };
    assert_eq!(p.vertex_count(), 4);
    assert_eq!(table.pieces()[0].name, "Hill 1");
}

#[test]
fn move_by_dragging_and_by_typing() {
    let mut table = example_rules::warmaster_table();
    table.add(wood(1, "Wood A", 90.0, 60.0, 10.0)).unwrap();
    let mut harness = harness(table, example_rules::warmaster());
    let (from, to) = (at(&harness, 90.0, 60.0), at(&harness, 100.0, 70.0));
    drag(&mut harness, from, to);
    let piece = harness.state().table.piece(1).unwrap().clone();
    assert!(
        (piece.center().x - 100.0).abs() < 0.3 && (piece.center().y - 70.0).abs() < 0.3,
        "{:?}",
        piece.center()
    );
    assert_eq!(harness.state().canvas.selected(), Some(1));

    retype(&mut harness, "Centre x (cm)", "120");
    let center = harness.state().table.piece(1).unwrap().center();
    assert_eq!(center.x, 120.0);
    assert!((center.y - 70.0).abs() < 0.3);

    retype(&mut harness, "Radius (cm)", "12,5");
    let Shape::Circle(c) = &harness.state().table.piece(1).unwrap().shape else {
        panic!("a circle")
    };
    assert_eq!(c.radius(), 12.5);

    // A bad number names the field and changes nothing.
    retype(&mut harness, "Centre y (cm)", "abc");
    harness.get_by_label("Centre y: \"abc\" is not a number");
    assert!((harness.state().table.piece(1).unwrap().center().y - 70.0).abs() < 0.3);
    retype(&mut harness, "Radius (cm)", "-2");
    harness.get_by_label_contains("Radius: must be greater than zero");
}

#[test]
fn a_host_handle_is_dragged_before_the_piece_under_it_and_edits_nothing() {
    let mut table = example_rules::warmaster_table();
    table.add(wood(1, "Wood A", 90.0, 60.0, 10.0)).unwrap();
    let mut host = host(table, example_rules::warmaster(), "en");
    // The grip lies on the wood; an arrow from (80, 60) to it.
    host.overlay.handle(OverlayHandle {
        id: 7,
        at: Point::new(90.0, 60.0),
        anchor: Some(Point::new(80.0, 60.0)),
        tone: Tone::Aim,
    });
    let mut harness = harness_with(host, 1.0, egui::Theme::Dark);
    let (from, to) = (at(&harness, 90.0, 60.0), at(&harness, 100.0, 75.0));
    drag(&mut harness, from, to);
    let events = harness.state().handles.clone();
    assert!(events.len() >= 2, "{events:?}");
    assert!(
        events[..events.len() - 1]
            .iter()
            .all(|e| matches!(e, HandleEvent::Moved { id: 7, .. }))
    );
    let Some(HandleEvent::Released { id: 7, to: end }) = events.last().copied() else {
        panic!("released last: {events:?}")
    };
    assert!(
        (end.x - 100.0).abs() < 0.3 && (end.y - 75.0).abs() < 0.3,
        "{end:?}"
    );
    // The wood under the grip did not move, and nothing was edited.
    assert_eq!(harness.state().edits, 0);
    assert_eq!(
        harness.state().table.piece(1).unwrap().center(),
        Point::new(90.0, 60.0)
    );
    // Away from the grip the same drag moves the wood again.
    harness.state_mut().overlay = Overlay::default();
    let before = harness.state().handles.len();
    drag(&mut harness, from, to);
    assert_eq!(harness.state().handles.len(), before);
    assert_eq!(harness.state().edits, 1);
}

#[test]
fn resize_with_the_handle() {
    let mut table = example_rules::warmaster_table();
    table.add(wood(1, "Wood A", 90.0, 60.0, 10.0)).unwrap();
    let mut harness = harness(table, example_rules::warmaster());
    let pos = at(&harness, 90.0, 60.0);
    click_at(&mut harness, pos);
    // The square handle sits on the circle's right edge.
    let (from, to) = (at(&harness, 100.0, 60.0), at(&harness, 105.0, 60.0));
    drag(&mut harness, from, to);
    let piece = harness.state().table.piece(1).unwrap();
    let Shape::Circle(c) = &piece.shape else {
        panic!("a circle")
    };
    assert!((c.radius() - 15.0).abs() < 0.3, "{}", c.radius());
    assert!((piece.center().x - 90.0).abs() < 1e-9, "the centre stays");
}

#[test]
fn rotate_rename_and_delete() {
    let mut table = Table::six_by_four();
    let sled = feldherr_wfb_newyear::wfb_table_rules()
        .type_def("sled")
        .unwrap()
        .piece(1, "Red sled", Point::new(36.0, 24.0))
        .unwrap();
    table.add(sled).unwrap();
    let mut harness = harness(table, feldherr_wfb_newyear::wfb_table_rules());
    harness.get_by_label("Red sled (Sled)").click();
    harness.run();
    retype(&mut harness, "Facing (°)", "45");
    let piece = harness.state().table.piece(1).unwrap();
    assert_eq!(piece.facing_angle().unwrap().degrees(), 45.0);
    retype(&mut harness, "Name", "Blue sled");
    assert_eq!(harness.state().table.piece(1).unwrap().name, "Blue sled");
    harness.get_by_label("Delete piece").click();
    harness.run();
    assert!(harness.state().table.pieces().is_empty());
    harness.get_by_label("No pieces on the table yet.");
}

#[test]
fn delete_key_removes_the_selection() {
    let mut table = example_rules::warmaster_table();
    table.add(wood(1, "Wood A", 90.0, 60.0, 10.0)).unwrap();
    let mut harness = harness(table, example_rules::warmaster());
    let pos = at(&harness, 92.0, 61.0);
    click_at(&mut harness, pos);
    assert_eq!(harness.state().canvas.selected(), Some(1));
    harness.key_press(egui::Key::Delete);
    harness.run();
    assert!(harness.state().table.pieces().is_empty());
}

#[test]
fn ruler_between_two_pieces_shows_the_distance() {
    // Hill (radius 5) and wood (radius 4), centres 21.3 in apart: 12.3 in
    // edge to edge.
    let rules = feldherr_wfb_newyear::wfb_table_rules();
    let mut table = Table::six_by_four();
    let hill = rules.type_def("hill").unwrap();
    table
        .add(hill.piece(1, "Hill", Point::new(20.0, 24.0)).unwrap())
        .unwrap();
    table.add(wood(2, "Wood", 41.3, 24.0, 4.0)).unwrap();
    let mut harness = harness(table, rules);
    harness.get_by_label("Ruler").click();
    harness.run();
    harness.get_by_label("Choose the Ruler and click two pieces or points.");
    let (a, b) = (at(&harness, 20.0, 24.0), at(&harness, 41.3, 25.0));
    click_at(&mut harness, a);
    click_at(&mut harness, b);
    harness.get_by_label("Distance: 12.3 in");
    harness.get_by_label("From Hill to Wood");
    // Point to point next: a third click starts again.
    let (c, d) = (at(&harness, 10.0, 40.0), at(&harness, 16.0, 48.0));
    click_at(&mut harness, c);
    click_at(&mut harness, d);
    harness.get_by_label("Distance: 10 in");
}

#[test]
fn a_placement_violation_appears_and_goes() {
    let mut harness = harness(example_rules::warmaster_table(), example_rules::warmaster());
    choose_type(&mut harness, "Wood");
    // A wood of radius 10 centred 15 cm from the left edge: 5 cm clear.
    let pos = at(&harness, 15.0, 60.0);
    click_at(&mut harness, pos);
    assert_eq!(harness.state().table.pieces().len(), 1);
    harness.get_by_label("1 placement rule(s) broken:");
    harness.get_by_label("\"Wood 1\" is 5 cm from the left table edge; at least 10 cm is required");
    // Moved in, it is legal.
    retype(&mut harness, "Centre x (cm)", "30");
    assert!(
        harness
            .query_by_label_contains("from the left table edge")
            .is_none()
    );
    harness.get_by_label("Every piece is placed legally.");
}

#[test]
fn zoom_fit_and_export() {
    let mut harness = harness(example_rules::warmaster_table(), example_rules::warmaster());
    let fitted = harness.state().canvas.zoom();
    harness.get_by_label("Zoom in").click();
    harness.run();
    assert!(harness.state().canvas.zoom() > fitted * 1.2);
    harness.get_by_label("Zoom out").click();
    harness.run();
    harness.get_by_label("Zoom out").click();
    harness.run();
    assert!(harness.state().canvas.zoom() < fitted);
    harness.get_by_label("Fit").click();
    harness.run();
    assert!((harness.state().canvas.zoom() - fitted).abs() < 1e-3);
    // The scroll wheel zooms around the pointer: the point under it stays.
    let pointer = at(&harness, 50.0, 40.0);
    harness.hover_at(pointer);
    harness.run();
    harness.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: vec2(0.0, 120.0),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Unknown,
        modifiers: Modifiers::NONE,
    });
    harness.run();
    assert!(harness.state().canvas.zoom() > fitted);
    let under = harness.state().canvas.table_pos(pointer).unwrap();
    assert!(
        (under.x - 50.0).abs() < 0.05 && (under.y - 40.0).abs() < 0.05,
        "{under:?}"
    );
    // The Pan tool drags the view, not the table.
    harness.get_by_label("Pan").click();
    harness.run();
    let before = at(&harness, 90.0, 60.0);
    drag(&mut harness, before, before + vec2(100.0, 50.0));
    let after = at(&harness, 90.0, 60.0);
    assert!(
        (after - before - vec2(100.0, 50.0)).length() < 0.5,
        "{before:?} {after:?}"
    );
    harness.get_by_label("Export picture").click();
    harness.run();
    assert_eq!(harness.state().exports, 1);
    assert!(harness.state().table.pieces().is_empty());
}

/// Issue #27: a view neither panned nor zoomed since its fit is fitted
/// again when the area resizes (a maximised window shows the table
/// large); a view the user panned keeps its scale and the table point in
/// the middle.
#[test]
fn a_fitted_view_is_fitted_again_on_resize_and_a_panned_one_is_not() {
    let mut harness = harness_with(
        host(
            example_rules::warmaster_table(),
            example_rules::warmaster(),
            "en",
        ),
        1.0,
        egui::Theme::Dark,
    );
    harness.set_size(vec2(600.0, 400.0));
    harness.run();
    let small = harness.state().canvas.zoom();
    // The table's far corner is on screen, inside the smaller window.
    let corner = at(&harness, 180.0, 120.0);
    assert!(corner.x <= 600.0 && corner.y <= 400.0, "{corner:?}");
    harness.set_size(vec2(1800.0, 1000.0));
    harness.run();
    let large = harness.state().canvas.zoom();
    assert!(large > small * 2.0, "fitted again: {small} -> {large}");
    let fitted_corner = at(&harness, 180.0, 120.0);
    assert!(
        fitted_corner.x > 1200.0,
        "the table takes the new room: {fitted_corner:?}"
    );
    // Back to the smaller window: fitted again, the same scale as before.
    harness.set_size(vec2(600.0, 400.0));
    harness.run();
    assert!((harness.state().canvas.zoom() - small).abs() < 1e-3);
    // Panned: a resize keeps the scale the user had.
    harness.get_by_label("Pan").click();
    harness.run();
    let before = at(&harness, 90.0, 60.0);
    drag(&mut harness, before, before + vec2(40.0, 20.0));
    let panned = harness.state().canvas.zoom();
    harness.set_size(vec2(1800.0, 1000.0));
    harness.run();
    assert!(
        (harness.state().canvas.zoom() - panned).abs() < 1e-3,
        "a panned view is not fitted again"
    );
    // Not fitted: the far corner is nowhere near where a fit puts it.
    let corner = at(&harness, 180.0, 120.0);
    assert!(
        corner.x < fitted_corner.x - 200.0,
        "{corner:?} {fitted_corner:?}"
    );
    // The Fit button fits it again, and from then on it follows resizes.
    harness.get_by_label("Fit").click();
    harness.run();
    let refit = harness.state().canvas.zoom();
    assert!(refit > panned * 2.0, "{panned} -> {refit}");
    // The same tool as at first: its hint line under the toolbar takes the
    // same height (at 600 pt the side panel is closed and the table fills
    // the height).
    harness.get_by_label("Select").click();
    harness.run();
    harness.set_size(vec2(600.0, 400.0));
    harness.run();
    assert!((harness.state().canvas.zoom() - small).abs() < 1e-3);
}

#[test]
fn an_overlay_is_drawn_and_listed_but_never_edits() {
    let mut table = example_rules::warmaster_table();
    table.add(wood(1, "Wood A", 90.0, 60.0, 10.0)).unwrap();
    table.add(wood(2, "Wood B", 140.0, 60.0, 8.0)).unwrap();
    let before = table.clone();
    let mut first = host(table, example_rules::warmaster(), "en");
    first
        .overlay
        .push(
            OverlayItem::circle(Point::new(90.0, 60.0), 5.0, Tone::Aim)
                .dashed()
                .labelled("Aimed here"),
        )
        .push(
            OverlayItem::line(
                vec![Point::new(90.0, 60.0), Point::new(95.0, 64.0)],
                Tone::Miss,
            )
            .arrow()
            .labelled("Deviation 6.4 cm"),
        )
        .push(OverlayItem::circle(Point::new(95.0, 64.0), 5.0, Tone::Hit))
        .push(OverlayItem::label(
            Point::new(140.0, 75.0),
            "Out of range",
            Tone::Violation,
        ))
        .highlight(1, Tone::Hit)
        .highlight(2, Tone::Miss)
        .highlight(99, Tone::Info);
    let mut harness = harness_with(first, 1.0, egui::Theme::Dark);
    for _ in 0..5 {
        harness.step();
    }
    assert_eq!(harness.state().edits, 0);
    assert_eq!(harness.state().table, before);
    // Its labels are listed in the side panel.
    harness.get_by_label("On the table");
    harness.get_by_label("Aimed here");
    harness.get_by_label("Deviation 6.4 cm");
    harness.get_by_label("Out of range");
    // Selecting and moving still work through the overlay.
    let pos = at(&harness, 93.0, 58.0);
    click_at(&mut harness, pos);
    assert_eq!(harness.state().canvas.selected(), Some(1));
    assert_eq!(
        harness.state().edits,
        0,
        "a click selects, it does not edit"
    );
    let (from, to) = (at(&harness, 90.0, 60.0), at(&harness, 100.0, 50.0));
    drag(&mut harness, from, to);
    assert_eq!(harness.state().edits, 1);
    let center = harness.state().table.piece(1).unwrap().center();
    assert!(
        (center.x - 100.0).abs() < 0.3 && (center.y - 50.0).abs() < 0.3,
        "{center:?}"
    );
    assert!(harness.state().paths.is_empty());
    // In the light theme too.
    let (table, rules) = busy_table();
    let mut light = host(table, rules, "de");
    light
        .overlay
        .push(OverlayItem::circle(Point::new(60.0, 30.0), 3.0, Tone::Hit).labelled("Treffer"))
        .highlight(8, Tone::Hit);
    let harness = harness_with(light, 2.0, egui::Theme::Light);
    harness.get_by_label("Auf dem Tisch");
    harness.get_by_label("Treffer");
    assert_eq!(harness.state().edits, 0);
}

/// The points of the last path event, if it was `Changed`.
fn last_changed(harness: &Harness<'static, Host>) -> Vec<Point> {
    match harness.state().paths.last() {
        Some(PathEvent::Changed(points)) => points.clone(),
        other => panic!("expected Changed, got {other:?}"),
    }
}

fn near(a: Point, b: Point, tolerance: f64) -> bool {
    a.distance_to(b) <= tolerance
}

/// A harness with a war machine's path started at (50, 50) facing along x.
fn path_harness() -> Harness<'static, Host> {
    let mut harness = harness(example_rules::warmaster_table(), example_rules::warmaster());
    assert!(
        harness.query_by_label("Path").is_none(),
        "no path tool before a path is started"
    );
    harness.state_mut().canvas.set_tool(Tool::Path);
    assert_eq!(harness.state().canvas.tool(), Tool::Select);
    harness
        .state_mut()
        .canvas
        .start_path(Point::new(50.0, 50.0), Some(Angle::ZERO));
    harness.run();
    assert_eq!(harness.state().canvas.tool(), Tool::Path);
    assert_eq!(harness.state().canvas.path(), [Point::new(50.0, 50.0)]);
    harness.get_by_label("Path");
    harness.get_by_label("Path being drawn");
    harness
}

#[test]
fn a_path_by_clicking_with_backspace_and_enter() {
    let mut harness = path_harness();
    for (x, y) in [(60.0, 50.0), (70.0, 60.0), (70.0, 75.0)] {
        let pos = at(&harness, x, y);
        click_at(&mut harness, pos);
    }
    let points = last_changed(&harness);
    let expected =
        [(50.0, 50.0), (60.0, 50.0), (70.0, 60.0), (70.0, 75.0)].map(|(x, y)| Point::new(x, y));
    assert_eq!(points.len(), 4, "{points:?}");
    for (p, e) in points.iter().zip(expected) {
        assert!(near(*p, e, 0.05), "{p:?} vs {e:?}");
    }
    assert_eq!(points[0], Point::new(50.0, 50.0), "the start is exact");
    assert_eq!(harness.state().canvas.path(), points.as_slice());
    assert_eq!(harness.state().paths.len(), 3, "one event per click");
    // The legs are listed with their lengths and turns.
    harness.get_by_label_contains("10 cm, turn 0°");
    harness.get_by_label_contains("14.1 cm, turn +45°");
    harness.get_by_label_contains("15 cm, turn +45°");
    harness.get_by_label("Total length: 39.1 cm");
    // Clicks are not edits.
    assert_eq!(harness.state().edits, 0);

    harness.key_press(egui::Key::Backspace);
    harness.run();
    let points = last_changed(&harness);
    assert_eq!(points.len(), 3);
    assert!(near(points[2], Point::new(70.0, 60.0), 0.05));

    harness.key_press(egui::Key::Enter);
    harness.run();
    assert_eq!(
        harness.state().paths.last(),
        Some(&PathEvent::Finished(points))
    );
    assert!(harness.state().canvas.path().is_empty());
    assert_eq!(harness.state().canvas.tool(), Tool::Select);
    assert!(harness.query_by_label("Path being drawn").is_none());
    assert!(harness.state().table.pieces().is_empty());
}

#[test]
fn escape_cancels_the_path() {
    let mut harness = path_harness();
    let pos = at(&harness, 60.0, 55.0);
    click_at(&mut harness, pos);
    assert_eq!(last_changed(&harness).len(), 2);
    // Backspace never removes the start.
    for _ in 0..3 {
        harness.key_press(egui::Key::Backspace);
        harness.run();
    }
    assert_eq!(harness.state().canvas.path(), [Point::new(50.0, 50.0)]);
    harness.key_press(egui::Key::Escape);
    harness.run();
    assert_eq!(harness.state().paths.last(), Some(&PathEvent::Cancelled));
    assert!(harness.state().canvas.path().is_empty());
    assert_eq!(harness.state().canvas.tool(), Tool::Select);
    assert!(harness.query_by_label("Path").is_none());
}

#[test]
fn a_path_leg_typed_as_length_and_turn() {
    let mut harness = path_harness();
    retype(&mut harness, "Next leg", "20, 0");
    assert_eq!(last_changed(&harness)[1], Point::new(70.0, 50.0));
    // Enter in the field adds the leg; it does not finish the path.
    assert_eq!(harness.state().canvas.tool(), Tool::Path);
    retype(&mut harness, "Next leg", "10, 45");
    let points = last_changed(&harness);
    assert_eq!(points.len(), 3);
    let d = 10.0 * std::f64::consts::FRAC_1_SQRT_2;
    let expected = Point::new(70.0 + d, 50.0 + d);
    assert!(near(points[2], expected, 1e-6), "{:?}", points[2]);
    harness.get_by_label_contains("10 cm, turn +45°");

    // Bad input names the field and the value and adds nothing.
    retype(&mut harness, "Next leg", "ten, 45");
    harness.get_by_label("Length: \"ten\" is not a number");
    retype(&mut harness, "Next leg", "10, left");
    harness.get_by_label("Turn: \"left\" is not a number");
    retype(&mut harness, "Next leg", "0, 10");
    harness.get_by_label_contains("Length: must be greater than zero");
    retype(&mut harness, "Next leg", "1, 2, 3");
    harness.get_by_label_contains("type the length and the turn");
    assert_eq!(harness.state().canvas.path().len(), 3);
    assert_eq!(harness.state().paths.len(), 2);

    // The buttons do what the keys do.
    harness.get_by_label("Remove last point").click();
    harness.run();
    assert_eq!(last_changed(&harness).len(), 2);
    harness.get_by_label("Finish path").click();
    harness.run();
    assert_eq!(
        harness.state().paths.last(),
        Some(&PathEvent::Finished(vec![
            Point::new(50.0, 50.0),
            Point::new(70.0, 50.0)
        ]))
    );
}

#[test]
fn without_a_facing_the_first_typed_leg_is_a_heading() {
    let mut harness = harness(example_rules::warmaster_table(), example_rules::warmaster());
    harness
        .state_mut()
        .canvas
        .start_path(Point::new(50.0, 50.0), None);
    harness.run();
    harness.get_by_label_contains("heading in degrees");
    retype(&mut harness, "Next leg", "10; 90");
    assert!(near(
        last_changed(&harness)[1],
        Point::new(50.0, 60.0),
        1e-9
    ));
    harness.get_by_label_contains("10 cm, heading 90°");
    harness.get_by_label("Cancel path").click();
    harness.run();
    assert_eq!(harness.state().paths.last(), Some(&PathEvent::Cancelled));
}

/// A table with something of everything, for the theme and scale checks and
/// the screenshots.
fn busy_table() -> (Table, TableRules) {
    let rules = example_rules::warmaster();
    let mut table = example_rules::warmaster_table();
    let mut id = 0;
    let mut add = |kind: &str, name: &str, x: f64, y: f64| {
        id += 1;
        let piece = rules
            .type_def(kind)
            .unwrap()
            .piece(id, name, Point::new(x, y))
            .unwrap();
        table.add(piece).unwrap();
    };
    add("hill", "Watchtower hill", 50.0, 80.0);
    add("wood", "Old forest", 100.0, 85.0);
    add("river", "River", 90.0, 40.0);
    add("building", "Mill", 150.0, 30.0);
    add("lake", "Pond", 14.0, 15.0);
    add("objective", "Objective A", 90.0, 60.0);
    add("deployment_zone", "Red deployment", 150.0, 100.0);
    add("unit_stand", "Spearmen", 60.0, 30.0);
    (table, rules)
}

#[test]
fn readable_in_both_themes_at_two_scales_and_in_german() {
    for (scale, theme) in [(1.0, egui::Theme::Light), (2.0, egui::Theme::Dark)] {
        let (table, rules) = busy_table();
        let mut harness = harness_with(host(table, rules, "en"), scale, theme);
        harness.get_by_label("Selected piece");
        harness.get_by_label("Spearmen (Unit stand)").click();
        harness.run();
        harness.get_by_label("Facing (°)");
        // The pond is too close to two edges.
        assert_eq!(harness.get_all_by_label_contains("\"Pond\"").count(), 2);
    }
    let (table, rules) = busy_table();
    let harness = harness_with(host(table, rules, "de"), 1.0, egui::Theme::Dark);
    harness.get_by_label("Ausgewähltes Stück");
    harness.get_by_label("Bild exportieren");
    harness.get_by_label("Mill (Gebäude)");
}

// ---------------------------------------------------------------------------
// Screenshots without a GPU: egui's own tessellation, rasterised here.

/// Rasterises the last frame (meshes with the font atlas) into an image.
fn screenshot(harness: &Harness<'static, Host>) -> RgbaImage {
    let output = harness.output();
    let ppp = output.pixels_per_point;
    let ctx = &harness.ctx;
    let screen = ctx.content_rect();
    let width = (screen.width() * ppp).round() as usize;
    let height = (screen.height() * ppp).round() as usize;
    let atlas = ctx.fonts(|f| f.image());
    let primitives = ctx.tessellate(output.shapes.clone(), ppp);
    // Premultiplied RGBA in f32, starting from the panel colour.
    let bg = ctx.global_style().visuals.panel_fill;
    let mut px = vec![
        [
            f32::from(bg.r()),
            f32::from(bg.g()),
            f32::from(bg.b()),
            255.0
        ];
        width * height
    ];
    let sample = |uv: egui::Pos2| -> [f32; 4] {
        let x = ((uv.x * atlas.size[0] as f32) as usize).min(atlas.size[0] - 1);
        let y = ((uv.y * atlas.size[1] as f32) as usize).min(atlas.size[1] - 1);
        let c = atlas.pixels[y * atlas.size[0] + x];
        [
            f32::from(c.r()) / 255.0,
            f32::from(c.g()) / 255.0,
            f32::from(c.b()) / 255.0,
            f32::from(c.a()) / 255.0,
        ]
    };
    for clipped in primitives {
        let egui::epaint::Primitive::Mesh(mesh) = clipped.primitive else {
            continue;
        };
        let textured = mesh.texture_id == egui::TextureId::default();
        let clip = clipped.clip_rect;
        let (cx0, cy0) = ((clip.min.x * ppp).max(0.0), (clip.min.y * ppp).max(0.0));
        let (cx1, cy1) = (
            (clip.max.x * ppp).min(width as f32),
            (clip.max.y * ppp).min(height as f32),
        );
        for tri in mesh.indices.chunks_exact(3) {
            let v = [0, 1, 2].map(|k| mesh.vertices[tri[k] as usize]);
            let p = v.map(|v| v.pos * ppp);
            let area = (p[1] - p[0]).x * (p[2] - p[0]).y - (p[1] - p[0]).y * (p[2] - p[0]).x;
            if area.abs() < 1e-6 {
                continue;
            }
            let min_x = p
                .iter()
                .map(|p| p.x)
                .fold(f32::MAX, f32::min)
                .max(cx0)
                .floor() as usize;
            let max_x = p
                .iter()
                .map(|p| p.x)
                .fold(f32::MIN, f32::max)
                .min(cx1)
                .ceil() as usize;
            let min_y = p
                .iter()
                .map(|p| p.y)
                .fold(f32::MAX, f32::min)
                .max(cy0)
                .floor() as usize;
            let max_y = p
                .iter()
                .map(|p| p.y)
                .fold(f32::MIN, f32::max)
                .min(cy1)
                .ceil() as usize;
            for y in min_y..max_y.min(height) {
                for x in min_x..max_x.min(width) {
                    let q = egui::pos2(x as f32 + 0.5, y as f32 + 0.5);
                    let edge = |a: Pos2, b: Pos2| (b - a).x * (q - a).y - (b - a).y * (q - a).x;
                    let w0 = edge(p[1], p[2]) / area;
                    let w1 = edge(p[2], p[0]) / area;
                    let w2 = edge(p[0], p[1]) / area;
                    if w0 < 0.0 || w1 < 0.0 || w2 < 0.0 {
                        continue;
                    }
                    let w = [w0, w1, w2];
                    let mut src = [0.0_f32; 4];
                    for (k, vertex) in v.iter().enumerate() {
                        let c = vertex.color.to_array();
                        for ch in 0..4 {
                            src[ch] += w[k] * f32::from(c[ch]);
                        }
                    }
                    if textured {
                        let uv = egui::pos2(
                            w0 * v[0].uv.x + w1 * v[1].uv.x + w2 * v[2].uv.x,
                            w0 * v[0].uv.y + w1 * v[1].uv.y + w2 * v[2].uv.y,
                        );
                        let t = sample(uv);
                        for ch in 0..4 {
                            src[ch] *= t[ch];
                        }
                    }
                    let dst = &mut px[y * width + x];
                    let keep = 1.0 - src[3] / 255.0;
                    for ch in 0..4 {
                        dst[ch] = src[ch] + dst[ch] * keep;
                    }
                }
            }
        }
    }
    RgbaImage {
        width: width as u32,
        height: height as u32,
        pixels: px
            .iter()
            .flat_map(|p| {
                let a = p[3].max(1.0);
                [
                    (p[0] * 255.0 / a).round().clamp(0.0, 255.0) as u8,
                    (p[1] * 255.0 / a).round().clamp(0.0, 255.0) as u8,
                    (p[2] * 255.0 / a).round().clamp(0.0, 255.0) as u8,
                    255,
                ]
            })
            .collect(),
    }
}

/// Issue #27: a marker that belongs to a player (a deployment zone) is
/// filled in that player's colour, translucent, not in its type's colour
/// shared by every player; the two zones differ on screen.
#[test]
fn an_owned_zone_is_filled_in_its_players_colour() {
    use feldherr::ui::palette::player_colour;
    use feldherr_table::geometry::OrientedRect;
    let zone = |id: u64, x: f64| {
        let rect = OrientedRect::new(Point::new(x, 60.0), 60.0, 40.0, Angle::ZERO).unwrap();
        Piece::new(id, "", "deployment_zone", Layer::Marker, Shape::Rect(rect))
    };
    let mut table = example_rules::warmaster_table();
    table.add(zone(1, 30.0)).unwrap();
    table.add(zone(2, 150.0)).unwrap();
    let mut host = host(table, example_rules::warmaster(), "en");
    host.overlay.owner(1, 0);
    host.overlay.owner(2, 1);
    let mut harness = harness_with(host, 1.0, egui::Theme::Dark);
    harness.remove_cursor();
    harness.run();
    let picture = screenshot(&harness);
    let pixel = |p: Pos2| {
        let (x, y) = (p.x.round() as usize, p.y.round() as usize);
        let at = (y * picture.width as usize + x) * 4;
        [
            picture.pixels[at],
            picture.pixels[at + 1],
            picture.pixels[at + 2],
        ]
    };
    let distance = |a: [u8; 3], b: egui::Color32| -> i32 {
        (0..3)
            .map(|k| {
                let d = i32::from(a[k]) - i32::from([b.r(), b.g(), b.b()][k]);
                d * d
            })
            .sum()
    };
    let (first, second) = (
        pixel(at(&harness, 30.0, 60.0)),
        pixel(at(&harness, 150.0, 60.0)),
    );
    assert_ne!(first, second, "each zone in its own colour");
    let (one, two) = (player_colour(0), player_colour(1));
    assert!(distance(first, one) < distance(first, two), "{first:?}");
    assert!(distance(second, two) < distance(second, one), "{second:?}");
    // Translucent: the table shows through, so not the full colour.
    assert!(distance(first, one) > 0, "{first:?}");
}

#[test]
fn screenshots() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    for (name, theme, scale) in [
        ("table_canvas_dark.png", egui::Theme::Dark, 1.0),
        ("table_canvas_light_2x.png", egui::Theme::Light, 2.0),
    ] {
        let (table, rules) = busy_table();
        let mut harness = harness_with(host(table, rules, "en"), scale, theme);
        harness.get_by_label("Spearmen (Unit stand)").click();
        harness.run();
        harness.get_by_label("Ruler").click();
        harness.run();
        let (a, b) = (at(&harness, 50.0, 80.0), at(&harness, 100.0, 85.0));
        click_at(&mut harness, a);
        click_at(&mut harness, b);
        harness.remove_cursor();
        harness.run();
        let picture = screenshot(&harness);
        assert_eq!(picture.width, (1200.0 * scale) as u32);
        let png = encode_png(&picture).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, png).unwrap();
        println!("screenshot: {}", path.display());
    }
    // Zoomed in on a selected stand: handles and facing.
    let (table, rules) = busy_table();
    let export = feldherr_table::render_rgba(&table, &rules, 4.0).unwrap();
    std::fs::write(dir.join("table_export.png"), encode_png(&export).unwrap()).unwrap();
    let mut harness = harness_with(host(table, rules, "en"), 1.0, egui::Theme::Dark);
    harness.get_by_label("Spearmen (Unit stand)").click();
    harness.run();
    let pointer = at(&harness, 62.0, 32.0);
    harness.hover_at(pointer);
    harness.run();
    harness.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: vec2(0.0, 450.0),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Unknown,
        modifiers: Modifiers::NONE,
    });
    harness.run();
    harness.remove_cursor();
    harness.run();
    let path = dir.join("table_canvas_zoomed.png");
    std::fs::write(&path, encode_png(&screenshot(&harness)).unwrap()).unwrap();
    println!("screenshot: {}", path.display());
}

/// Example Warmaster-like rules as test data for the generic canvas (with
/// deployment zones and unit stands the real Warmaster rules do not have;
/// the rule systems' crates own the real ones, ruling G2).
mod example_rules {
    use feldherr_table::geometry::{PlacementRules, Unit};
    use feldherr_table::{Layer, ShapeTemplate, Table, TableRules, TypeDef};

    fn circle(radius: f64) -> ShapeTemplate {
        ShapeTemplate::Circle { radius }
    }

    fn rect(width: f64, length: f64) -> ShapeTemplate {
        ShapeTemplate::Rect { width, length }
    }

    /// A polygon template from vertex offsets.
    fn polygon(points: &[(f64, f64)]) -> ShapeTemplate {
        ShapeTemplate::Polygon {
            vertices: points
                .iter()
                .map(|&(x, y)| feldherr_table::geometry::Vector::new(x, y))
                .collect(),
        }
    }

    fn terrain(id: &str, label: &str, colour: [u8; 3], shape: ShapeTemplate) -> TypeDef {
        TypeDef::new(id, label, colour, Layer::Terrain, shape).keyed()
    }

    fn marker(id: &str, label: &str, colour: [u8; 3], shape: ShapeTemplate) -> TypeDef {
        TypeDef::new(id, label, colour, Layer::Marker, shape).keyed()
    }

    fn model(id: &str, label: &str, colour: [u8; 3], shape: ShapeTemplate) -> TypeDef {
        TypeDef::new(id, label, colour, Layer::Model, shape)
            .keyed()
            .with_facing()
    }

    const HILL: [u8; 3] = [156, 124, 72];
    const WOOD: [u8; 3] = [46, 112, 52];
    const WATER: [u8; 3] = [70, 130, 200];
    const BUILDING: [u8; 3] = [150, 72, 56];
    const STONE: [u8; 3] = [120, 120, 116];
    const OBJECTIVE: [u8; 3] = [230, 190, 40];
    const ZONE: [u8; 3] = [200, 90, 200];
    const MODEL: [u8; 3] = [60, 70, 160];

    /// Warmaster (ruling W1), in centimetres: hill, wood, river, building,
    /// lake and impassable terrain, each piece at least 10 cm from every
    /// table edge and 12 cm from every other piece; objective and
    /// deployment-zone markers; unit stands (4 x 2 cm) with a facing.
    pub fn warmaster() -> TableRules {
        TableRules {
            name: "Warmaster".to_owned(),
            unit: Unit::Centimetre,
            types: vec![
                terrain(
                    "hill",
                    "Hill",
                    HILL,
                    polygon(&[
                        (-12.0, -6.0),
                        (0.0, -9.0),
                        (12.0, -5.0),
                        (10.0, 6.0),
                        (-4.0, 9.0),
                    ]),
                ),
                terrain("wood", "Wood", WOOD, circle(10.0)),
                terrain("river", "River", WATER, rect(5.0, 40.0)),
                terrain("building", "Building", BUILDING, rect(8.0, 8.0)),
                terrain("lake", "Lake", WATER, circle(9.0)),
                terrain("impassable", "Impassable", STONE, circle(8.0)),
                marker("objective", "Objective", OBJECTIVE, circle(2.5)),
                marker("deployment_zone", "Deployment zone", ZONE, rect(40.0, 60.0)),
                model("unit_stand", "Unit stand", MODEL, rect(4.0, 2.0)),
            ],
            placement: Some(PlacementRules::new(10.0, 12.0).unwrap()),
            placement_layers: vec![Layer::Terrain],
        }
    }

    /// 180 x 120 cm.
    pub fn warmaster_table() -> Table {
        Table::new(180.0, 120.0, Unit::Centimetre).unwrap()
    }
}

/// Issue #27: a text about a piece (a fighter's state, a commander) sits
/// beside that piece, not a label's width or more away: the Warheim
/// example's commander texts ended 5 in off at the table's sides. Three
/// stands in contact each get a text; every text stays within two rings
/// of its own stand, covers no stand and overlaps no other label.
#[test]
fn a_text_about_a_piece_sits_beside_it_even_in_a_crowd() {
    let rules = example_rules::warmaster();
    let mut table = example_rules::warmaster_table();
    let centres = [(90.0, 60.0), (94.0, 60.0), (92.0, 62.0)];
    for (i, (x, y)) in centres.iter().enumerate() {
        let piece = rules
            .type_def("unit_stand")
            .unwrap()
            .piece(i as u64 + 1, format!("Stand {i}"), Point::new(*x, *y))
            .unwrap();
        table.add(piece).unwrap();
    }
    let mut host = host(table, rules, "en");
    for (i, (x, y)) in centres.iter().enumerate() {
        host.overlay.push(OverlayItem::about_piece(
            Point::new(*x, *y),
            2.0,
            format!("Stand {i}: commander, shaken"),
            Tone::Info,
        ));
    }
    let harness = harness_with(host, 1.0, egui::Theme::Dark);
    let canvas = &harness.state().canvas;
    let texts = canvas.overlay_label_rects().to_vec();
    assert_eq!(texts.len(), 3, "every text is drawn: {texts:?}");
    let names: Vec<egui::Rect> = canvas.label_rects().iter().map(|(_, r)| *r).collect();
    let stands: Vec<egui::Rect> = (1..=3)
        .map(|id| {
            let b = harness.state().table.piece(id).unwrap().shape.bounds();
            canvas.screen_rect_of(b.min, b.max)
        })
        .collect();
    for (i, text) in texts.iter().enumerate() {
        // Two rings out: the gap and one label height more.
        let reach = 2.0 * text.height() + 8.0;
        let own = stands[i].expand(reach);
        assert!(
            own.intersects(*text),
            "text {i} {text:?} is far from {:?}",
            stands[i]
        );
        for s in &stands {
            assert!(!text.contains(s.center()), "text {i} covers a stand");
        }
        for other in names.iter().chain(&texts[i + 1..]) {
            assert!(!text.intersects(*other), "text {i} overlaps {other:?}");
        }
    }
}
