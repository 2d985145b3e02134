//! Native file dialogs (rfd), run off the UI thread so the window keeps
//! drawing while a dialog is open.

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender, channel};

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
}

/// Runs dialogs on a helper thread and hands back the chosen paths.
#[derive(Debug)]
pub struct FileDialogs {
    sender: Sender<(Purpose, Option<PathBuf>)>,
    receiver: Receiver<(Purpose, Option<PathBuf>)>,
    open: bool,
}

impl Default for FileDialogs {
    fn default() -> Self {
        let (sender, receiver) = channel();
        Self {
            sender,
            receiver,
            open: false,
        }
    }
}

impl FileDialogs {
    /// Whether a dialog is showing.
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// Opens a dialog unless one is already open.
    pub fn request(&mut self, purpose: Purpose, ctx: &eframe::egui::Context, suggested_name: &str) {
        if self.open {
            return;
        }
        self.open = true;
        let sender = self.sender.clone();
        let ctx = ctx.clone();
        let name = suggested_name.to_owned();
        std::thread::spawn(move || {
            let dialog = rfd::FileDialog::new();
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
            };
            let _ = sender.send((purpose, path));
            ctx.request_repaint();
        });
    }

    /// The result of a finished dialog, if any.
    pub fn poll(&mut self) -> Option<(Purpose, Option<PathBuf>)> {
        let result = self.receiver.try_recv().ok();
        if result.is_some() {
            self.open = false;
        }
        result
    }
}
