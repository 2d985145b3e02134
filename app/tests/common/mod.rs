//! Shared helpers for the app's kittest tests.

#![allow(dead_code, reason = "each test file uses a part")]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use feldherr::app::{AppOptions, FeldherrApp};
use feldherr_dice::Dice;

/// A headless app, 1200 x 800, English, with the given dice.
pub fn harness(dice: Dice) -> Harness<'static, FeldherrApp> {
    harness_with(AppOptions::for_tests(dice))
}

/// A headless app, English, of the given window size.
pub fn harness_sized(width: f32, height: f32) -> Harness<'static, FeldherrApp> {
    let mut harness = Harness::builder()
        .with_size(eframe::egui::vec2(width, height))
        .build_ui_state(
            |ui, app: &mut FeldherrApp| app.show(ui),
            FeldherrApp::with_options(AppOptions::for_tests(Dice::scripted([]))),
        );
    harness.run();
    harness
}

/// A headless app with explicit options.
pub fn harness_with(options: AppOptions) -> Harness<'static, FeldherrApp> {
    let mut harness = Harness::builder()
        .with_size(eframe::egui::vec2(1200.0, 800.0))
        .build_ui_state(
            |ui, app: &mut FeldherrApp| app.show(ui),
            FeldherrApp::with_options(options),
        );
    harness.run();
    harness
}

/// Focuses the text field labelled `label` and types `text` into it.
pub fn type_into(harness: &mut Harness<'static, FeldherrApp>, label: &str, text: &str) {
    harness.get_by_label(label).focus();
    harness.run();
    harness.get_by_label(label).type_text(text);
    harness.run();
}

/// Replaces the text of the field labelled `label`.
pub fn replace_text(harness: &mut Harness<'static, FeldherrApp>, label: &str, text: &str) {
    harness.get_by_label(label).focus();
    harness.run();
    harness.key_combination_modifiers(eframe::egui::Modifiers::COMMAND, &[eframe::egui::Key::A]);
    harness.run();
    harness.get_by_label(label).type_text(text);
    harness.run();
}

/// Clicks the widget labelled `label` and lets the app settle.
pub fn click(harness: &mut Harness<'static, FeldherrApp>, label: &str) {
    harness.get_by_label(label).click();
    harness.run();
}

/// A fresh temporary folder for one test.
pub fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("feldherr-ui-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Replaces the text of the `n`th field labelled `label`.
pub fn replace_text_nth(
    harness: &mut Harness<'static, FeldherrApp>,
    label: &str,
    n: usize,
    text: &str,
) {
    harness
        .get_all_by_label(label)
        .nth(n)
        .expect("field")
        .focus();
    harness.run();
    harness.key_combination_modifiers(eframe::egui::Modifiers::COMMAND, &[eframe::egui::Key::A]);
    harness.run();
    harness
        .get_all_by_label(label)
        .nth(n)
        .expect("field")
        .type_text(text);
    harness.run();
}

/// Writes `doc` as `file` into a fresh temporary folder named for `test`
/// (see [`temp_dir`]); returns the file's path.
pub fn saved(
    test: &str,
    file: &str,
    doc: &feldherr_host::document::Document,
) -> std::path::PathBuf {
    save_in(&temp_dir(test), file, doc)
}

/// Writes `doc` as `file` into `dir`; returns the file's path.
pub fn save_in(
    dir: &std::path::Path,
    file: &str,
    doc: &feldherr_host::document::Document,
) -> std::path::PathBuf {
    let path = dir.join(file);
    std::fs::write(&path, feldherr_host::document::to_json(doc)).expect("saved");
    path
}

/// Copies `fixture` (a path under the workspace's `fixtures/`) into `dir`
/// as `file`; returns the copy's path.
pub fn fixture_copy(dir: &std::path::Path, fixture: &str, file: &str) -> std::path::PathBuf {
    let source = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures")
        .join(fixture);
    let copy = dir.join(file);
    std::fs::copy(&source, &copy).expect("fixture copied");
    copy
}

/// Opens the file at `path` in the app and lets it settle.
pub fn open(harness: &mut Harness<'static, FeldherrApp>, path: &std::path::Path) {
    harness
        .state_mut()
        .queue(feldherr::app::Command::Open(path.to_path_buf()));
    harness.run();
}
