//! Native file dialogs (rfd), run off the UI thread so the window keeps
//! drawing while a dialog is open. Where no native dialog can show (no
//! desktop portal on the session bus, or the dialog fails at once), the app
//! asks for a typed path instead and says why (issue 10).

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::{Duration, Instant};

use eframe::egui;

use crate::i18n::Texts;

/// What a dialog was opened for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// Pick a document to open.
    Open,
    /// Pick where to save the active document.
    SaveAs,
    /// Pick where to save a picture of the table.
    ExportPicture,
    /// Pick where to save a PDF sheet.
    ExportPdf,
    /// Pick where to save an event's standings as CSV.
    ExportCsv,
}

impl Purpose {
    /// The file extension of what is picked.
    fn extension(self) -> &'static str {
        match self {
            Self::Open | Self::SaveAs => "json",
            Self::ExportPicture => "png",
            Self::ExportPdf => "pdf",
            Self::ExportCsv => "csv",
        }
    }

    /// The catalogue key of the typed-path dialog's title.
    fn title_key(self) -> &'static str {
        match self {
            Self::Open => "typed_path.open",
            Self::SaveAs => "typed_path.save_as",
            Self::ExportPicture => "typed_path.picture",
            Self::ExportPdf => "typed_path.pdf",
            Self::ExportCsv => "typed_path.csv",
        }
    }
}

/// Why the app asks for a typed path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoDialog {
    /// There is no session bus, so no desktop portal to show a dialog.
    NoPortal,
    /// The native dialog closed at once without a choice: it could not
    /// show.
    Failed,
}

/// A native dialog that returns within this time without a path did not
/// show at all (nobody cancels that fast).
const FAILED_WITHIN: Duration = Duration::from_millis(300);

/// The typed-path fallback being shown.
#[derive(Debug, Clone, PartialEq)]
struct Typed {
    purpose: Purpose,
    path: String,
    why: NoDialog,
}

/// What a dialog thread reports: the purpose, the path, and whether it
/// failed at once.
type Report = (Purpose, Option<PathBuf>, bool);

/// Runs dialogs on a helper thread and hands back the chosen paths; falls
/// back to a typed path.
#[derive(Debug)]
pub struct FileDialogs {
    sender: Sender<Report>,
    receiver: Receiver<Report>,
    open: bool,
    native: bool,
    typed: Option<Typed>,
    /// A typed path confirmed, waiting for [`FileDialogs::poll`].
    chosen: Option<(Purpose, PathBuf)>,
    suggested: String,
    /// Where the dialog starts: the active document's folder, if it has one.
    folder: Option<PathBuf>,
}

/// A document's name made fit for a file name on every system: the
/// characters Windows or macOS refuse (`<>:"/\\|?*`, control characters)
/// become `-`, and runs of them one.
pub fn file_name_of(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        let bad =
            c.is_control() || matches!(c, '<' | '>' | ':' | '"' | '/' | '\\' | '|' | '?' | '*');
        if bad {
            if !out.ends_with('-') {
                out.push('-');
            }
        } else {
            out.push(c);
        }
    }
    let out = out.trim_matches(|c: char| c == '-' || c.is_whitespace() || c == '.');
    out.to_owned()
}

impl Default for FileDialogs {
    fn default() -> Self {
        let (sender, receiver) = channel();
        Self {
            sender,
            receiver,
            open: false,
            native: native_available(),
            typed: None,
            chosen: None,
            suggested: String::new(),
            folder: None,
        }
    }
}

/// Whether native dialogs can show: on Linux and the BSDs they go through
/// the desktop portal on the session bus.
fn native_available() -> bool {
    if cfg!(any(target_os = "windows", target_os = "macos")) {
        return true;
    }
    std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some_and(|a| !a.is_empty())
}

impl FileDialogs {
    /// Whether a dialog is showing.
    pub fn is_open(&self) -> bool {
        self.open || self.typed.is_some()
    }

    /// Use native dialogs or not (tests and machines without a portal use
    /// the typed path).
    pub fn set_native(&mut self, native: bool) {
        self.native = native;
    }

    /// Opens a dialog unless one is already open.
    /// The folder the next dialog starts in (the active document's), or
    /// `None` for the working directory.
    pub fn set_folder(&mut self, folder: Option<&std::path::Path>) {
        self.folder = folder.map(std::path::Path::to_path_buf);
    }

    pub fn request(&mut self, purpose: Purpose, ctx: &egui::Context, suggested_name: &str) {
        if self.is_open() {
            return;
        }
        let mut suggested_name = file_name_of(suggested_name);
        if suggested_name.is_empty() && purpose != Purpose::Open {
            suggested_name = "feldherr".into();
        }
        let suggested_name = suggested_name.as_str();
        self.suggested = suggested_name.to_owned();
        if !self.native {
            self.ask_typed(purpose, NoDialog::NoPortal);
            return;
        }
        self.open = true;
        let sender = self.sender.clone();
        let ctx = ctx.clone();
        let name = suggested_name.to_owned();
        let folder = self.folder.clone();
        std::thread::spawn(move || {
            let started = Instant::now();
            let mut dialog = rfd::FileDialog::new();
            if let Some(folder) = folder {
                dialog = dialog.set_directory(folder);
            }
            let path = match purpose {
                Purpose::Open => dialog.add_filter("Feldherr", &["json"]).pick_file(),
                Purpose::SaveAs => dialog
                    .add_filter("Feldherr", &["json"])
                    .set_file_name(format!("{name}.json"))
                    .save_file(),
                Purpose::ExportPicture => dialog
                    .add_filter("PNG", &["png"])
                    .set_file_name(format!("{name}.png"))
                    .save_file(),
                Purpose::ExportPdf => dialog
                    .add_filter("PDF", &["pdf"])
                    .set_file_name(format!("{name}.pdf"))
                    .save_file(),
                Purpose::ExportCsv => dialog
                    .add_filter("CSV", &["csv"])
                    .set_file_name(format!("{name}.csv"))
                    .save_file(),
            };
            let failed = path.is_none() && started.elapsed() < FAILED_WITHIN;
            let _ = sender.send((purpose, path, failed));
            ctx.request_repaint();
        });
    }

    fn ask_typed(&mut self, purpose: Purpose, why: NoDialog) {
        let folder = self
            .folder
            .clone()
            .unwrap_or_else(|| std::env::current_dir().unwrap_or_default());
        let path = match purpose {
            Purpose::Open => folder.join(""),
            _ => folder.join(format!(
                "{}.{}",
                if self.suggested.is_empty() {
                    "feldherr"
                } else {
                    &self.suggested
                },
                purpose.extension()
            )),
        };
        self.typed = Some(Typed {
            purpose,
            path: path.display().to_string(),
            why,
        });
    }

    /// The result of a finished dialog, if any. A native dialog that could
    /// not show turns into the typed-path dialog.
    pub fn poll(&mut self) -> Option<(Purpose, Option<PathBuf>)> {
        if let Some((purpose, path)) = self.chosen.take() {
            return Some((purpose, Some(path)));
        }
        let (purpose, path, failed) = self.receiver.try_recv().ok()?;
        self.open = false;
        if failed {
            self.ask_typed(purpose, NoDialog::Failed);
            return None;
        }
        Some((purpose, path))
    }

    /// Draws the typed-path dialog when it is up.
    pub fn show(&mut self, ctx: &egui::Context, texts: &Texts) {
        let Some(typed) = &mut self.typed else {
            return;
        };
        let mut done: Option<bool> = None;
        let modal = egui::Modal::new(egui::Id::unique("typed_path.dialog")).show(ctx, |ui| {
            ui.set_max_width(560.0);
            ui.heading(texts.t(typed.purpose.title_key()));
            ui.label(texts.t(match typed.why {
                NoDialog::NoPortal => "typed_path.why.no_portal",
                NoDialog::Failed => "typed_path.why.failed",
            }));
            ui.add_space(6.0);
            let label = ui.label(texts.t("typed_path.path"));
            let edit = ui
                .add(egui::TextEdit::singleline(&mut typed.path).desired_width(520.0))
                .labelled_by(label.id);
            if edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                done = Some(true);
            }
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                if ui.button(texts.t("typed_path.ok")).clicked() {
                    done = Some(true);
                }
                if ui.button(texts.t("typed_path.cancel")).clicked() {
                    done = Some(false);
                }
            });
        });
        if modal.should_close() {
            done = Some(false);
        }
        match done {
            Some(true) if !typed.path.trim().is_empty() => {
                self.chosen = Some((typed.purpose, PathBuf::from(typed.path.trim())));
                self.typed = None;
                ctx.request_repaint();
            }
            Some(_) => {
                let purpose = typed.purpose;
                self.typed = None;
                // A cancelled export drops its bytes like a cancelled dialog.
                let _ = self.sender.send((purpose, None, false));
                ctx.request_repaint();
            }
            None => {}
        }
    }
}

#[cfg(test)]
mod name_tests {
    use super::file_name_of;

    #[test]
    fn a_document_name_becomes_a_file_name_every_system_takes() {
        assert_eq!(file_name_of("Anna : Bernd-record"), "Anna - Bernd-record");
        assert_eq!(file_name_of("Cup 2026/27?"), "Cup 2026-27");
        assert_eq!(file_name_of("a<>b"), "a-b");
        assert_eq!(file_name_of("Schlittenrennen"), "Schlittenrennen");
        assert_eq!(file_name_of("::"), "");
    }
}
