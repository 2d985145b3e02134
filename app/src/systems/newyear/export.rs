//! Printing: every sheet of the event (slips, sled race, standings, rules
//! cards) exported as PNG or PDF off the UI thread, with a progress bar.

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, channel};

use eframe::egui;
use feldherr_sheet::PageSize;
use feldherr_wfb_newyear::Event;

use super::sheets::event_sheets;
use crate::i18n::Texts;
use crate::sheets::{ExportFormat, Progress, SheetOptions, export};

/// Catalogue keys of the sheet kinds, in the order of `ExportTab::kinds`.
const KIND_KEYS: [&str; 4] = [
    "export.kind.slips",
    "export.kind.sled",
    "export.kind.standings",
    "export.kind.rules",
];

/// Which kind a sheet is, from its file name.
fn kind_of(name: &str) -> usize {
    if name.starts_with("slip-") {
        0
    } else if name == "sled-race" {
        1
    } else if name == "standings" {
        2
    } else {
        3
    }
}

/// A running export.
#[derive(Debug)]
struct Running {
    progress: Progress,
    result: Receiver<Result<Vec<PathBuf>, String>>,
}

/// The export tab's state.
#[derive(Debug)]
pub struct ExportTab {
    folder: String,
    format: ExportFormat,
    page: PageSize,
    dpi: String,
    language: String,
    /// Which kinds of sheet to write: slips, sled race, standings, rules cards.
    kinds: [bool; 4],
    running: Option<Running>,
    message: Option<Result<String, String>>,
}

impl Default for ExportTab {
    fn default() -> Self {
        Self {
            folder: std::env::temp_dir()
                .join("feldherr-sheets")
                .display()
                .to_string(),
            format: ExportFormat::Png,
            page: PageSize::A4,
            dpi: "300".into(),
            language: String::new(),
            kinds: [true; 4],
            running: None,
            message: None,
        }
    }
}

impl ExportTab {
    pub fn show(&mut self, ui: &mut egui::Ui, texts: &Texts, event: &Event) {
        if self.language.is_empty() {
            self.language = texts.code().to_owned();
        }
        ui.heading(texts.t("export.heading"));
        ui.label(texts.t("export.intro"));
        ui.add_space(6.0);
        egui::Grid::new("export.options")
            .num_columns(2)
            .show(ui, |ui| {
                let label = ui.label(texts.t("export.folder"));
                ui.add(egui::TextEdit::singleline(&mut self.folder).desired_width(360.0))
                    .labelled_by(label.id);
                ui.end_row();
                ui.label(texts.t("export.format"));
                ui.horizontal(|ui| {
                    ui.radio_value(&mut self.format, ExportFormat::Png, texts.t("export.png"));
                    ui.radio_value(&mut self.format, ExportFormat::Pdf, texts.t("export.pdf"));
                });
                ui.end_row();
                ui.label(texts.t("export.page"));
                ui.horizontal(|ui| {
                    for (page, key) in [
                        (PageSize::A4, "export.page.a4"),
                        (PageSize::A4Landscape, "export.page.a4l"),
                        (PageSize::A5, "export.page.a5"),
                        (PageSize::Letter, "export.page.letter"),
                    ] {
                        ui.radio_value(&mut self.page, page, texts.t(key));
                    }
                });
                ui.end_row();
                let label = ui.label(texts.t("export.dpi"));
                ui.add(egui::TextEdit::singleline(&mut self.dpi).desired_width(60.0))
                    .labelled_by(label.id);
                ui.end_row();
                ui.label(texts.t("export.which"));
                ui.horizontal_wrapped(|ui| {
                    for (on, key) in self.kinds.iter_mut().zip(KIND_KEYS) {
                        ui.checkbox(on, texts.t(key));
                    }
                });
                ui.end_row();
                ui.label(texts.t("export.language"));
                ui.horizontal(|ui| {
                    for catalogue in crate::i18n::catalogues() {
                        ui.radio_value(
                            &mut self.language,
                            catalogue.code().to_owned(),
                            catalogue.name(),
                        );
                    }
                });
                ui.end_row();
            });
        ui.add_space(6.0);
        if let Some(running) = &self.running {
            let (done, total) = running.progress.get();
            ui.add(
                egui::ProgressBar::new(running.progress.fraction())
                    .text(texts.f(
                        "export.progress",
                        &[("done", &done.to_string()), ("total", &total.to_string())],
                    ))
                    .animate(true),
            );
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(100));
            if let Ok(result) = running.result.try_recv() {
                self.message = Some(result.map(|files| {
                    texts.f(
                        "export.done",
                        &[("n", &files.len().to_string()), ("folder", &self.folder)],
                    )
                }));
                self.running = None;
            }
        } else if ui.button(texts.t("export.start")).clicked() {
            self.start(texts, event);
        }
        match &self.message {
            Some(Ok(text)) => {
                ui.label(text);
            }
            Some(Err(text)) => {
                ui.colored_label(ui.visuals().error_fg_color, text);
            }
            None => {}
        }
    }

    fn start(&mut self, texts: &Texts, event: &Event) {
        let dpi = match self.dpi.trim().parse::<u32>() {
            Ok(dpi) if (72..=1200).contains(&dpi) => dpi,
            _ => {
                self.message = Some(Err(texts.f("export.bad_dpi", &[("value", self.dpi.trim())])));
                return;
            }
        };
        if self.folder.trim().is_empty() {
            self.message = Some(Err(texts.t("export.no_folder").to_owned()));
            return;
        }
        let sheet_texts = Texts::new(&self.language);
        let options = SheetOptions {
            page: self.page,
            dpi,
        };
        let mut sheets = match event_sheets(&sheet_texts, event, options) {
            Ok(sheets) => sheets,
            Err(e) => {
                self.message = Some(Err(e));
                return;
            }
        };
        sheets.retain(|sheet| {
            self.kinds
                .get(kind_of(&sheet.name))
                .copied()
                .unwrap_or(true)
        });
        if sheets.is_empty() {
            self.message = Some(Err(texts.t("export.none_chosen").to_owned()));
            return;
        }
        let progress = Progress::default();
        let (sender, result) = channel();
        let folder = PathBuf::from(self.folder.trim());
        let format = self.format;
        let worker = progress.clone();
        // Rendering hundreds of 300-DPI pages takes seconds: off the UI thread.
        std::thread::spawn(move || {
            let _ = sender.send(export(&sheets, &folder, format, &worker));
        });
        self.message = None;
        self.running = Some(Running { progress, result });
    }
}
