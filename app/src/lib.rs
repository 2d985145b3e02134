//! Feldherr, the desktop app: the referee's and organiser's desk for
//! tabletop miniature wargames.
//!
//! The app composes the library crates (dice, rule systems) behind an
//! eframe/egui window. Structure:
//! - [`cli`]: the command line (`feldherr --help`), which opens the window
//!   by default.
//! - [`app`]: [`app::FeldherrApp`], the runtime state and the frame loop;
//!   screens emit [`app::Command`]s that are applied after the frame.
//! - [`settings`]: what is remembered between runs (serde).
//! - [`i18n`]: the interface strings, one JSON file per language, on top
//!   of the host's words.
//! - [`systems`]: the screens of every rule system and kind of event, one
//!   folder each, behind one typed adapter.
//!
//! Documents, their history, the registry of systems, sheets and
//! standings are the headless host's (`feldherr-host`).
//! - [`ui`]: the generic screens, plus reusable widgets
//!   ([`ui::resolution_panel`], [`ui::table_canvas`]).

pub mod app;
pub mod cli;
pub mod file_dialog;
pub mod i18n;
pub mod settings;
pub mod sound;
pub mod systems;
pub mod ui;

/// Opens the main window (with `file` opened, if given) and runs until it
/// is closed.
pub fn run_gui(file: Option<std::path::PathBuf>) -> anyhow::Result<()> {
    let mut viewport = eframe::egui::ViewportBuilder::default()
        .with_title("Feldherr")
        .with_inner_size([1200.0, 800.0])
        .with_min_inner_size([640.0, 480.0]);
    // The window's icon (title bar, taskbar); feldherr.exe carries the same
    // picture as its resource.
    if let Ok(icon) = eframe::icon_data::from_png_bytes(include_bytes!("../assets/feldherr.png")) {
        viewport = viewport.with_icon(icon);
    }
    let options = eframe::NativeOptions {
        viewport,
        persist_window: true,
        persistence_path: settings::settings_file(),
        ..Default::default()
    };
    eframe::run_native(
        "Feldherr",
        options,
        Box::new(move |cc| Ok(Box::new(app::FeldherrApp::new(cc, file)))),
    )
    .map_err(|e| anyhow::anyhow!("cannot open the window: {e}"))
}
