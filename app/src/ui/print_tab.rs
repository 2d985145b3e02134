//! The print tab of an event, for every kind of event: its sheets (the
//! kinds the event names, e.g. slips, rounds, standings) exported as PNG or
//! PDF off the UI thread, with a progress bar. The folder defaults to one
//! beside the event file (with Browse); files that would be overwritten
//! are listed before anything is written; where the event offers it,
//! slips on A4 go two A5 to a page with a cut line (issue 10).

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, channel};

use eframe::egui;
use feldherr_sheet::PageSize;

use feldherr_host::export::{ExportFormat, Progress, export_with};
use feldherr_sheet::{NamedSheet, SheetOptions};

use crate::i18n::Texts;

/// What a kind of event prints: the kinds of its sheets (catalogue keys,
/// offered as checkboxes), which kind a sheet is from its file name, and
/// the sheets themselves.
pub trait EventSheets {
    /// Catalogue keys of the sheet kinds, in the order `kind_of` counts.
    fn kind_keys(&self) -> &'static [&'static str];
    /// Which kind (an index into `kind_keys`) the sheet `name` is.
    fn kind_of(&self, name: &str) -> usize;
    /// Whether slips can go two A5 to an A4 page.
    fn two_up(&self) -> bool {
        false
    }
    /// Every sheet, in the sheets' language `texts`; two A5 slips per A4
    /// page when `two_up` is set (and offered).
    ///
    /// # Errors
    /// The event's refusal, in words.
    fn sheets(
        &self,
        texts: &Texts,
        options: SheetOptions,
        two_up: bool,
    ) -> Result<Vec<NamedSheet>, String>;
}

/// A running export.
#[derive(Debug)]
struct Running {
    progress: Progress,
    result: Receiver<Result<Vec<PathBuf>, feldherr_host::HostError>>,
}

/// The print tab's state.
#[derive(Debug)]
pub struct PrintTab {
    folder: String,
    /// Whether the organiser typed or browsed a folder (then the default
    /// beside the event file no longer replaces it).
    folder_chosen: bool,
    /// The event file's location, for the default folder.
    location: Option<PathBuf>,
    browsing: Option<Receiver<Option<PathBuf>>>,
    /// Slips two A5 to an A4 page, with a cut line.
    two_up: bool,
    /// Files that would be overwritten, listed before writing.
    existing: Vec<PathBuf>,
    format: ExportFormat,
    page: PageSize,
    dpi: String,
    language: String,
    /// Which kinds of sheet to write, in the event's order.
    kinds: Vec<bool>,
    running: Option<Running>,
    message: Option<Result<String, String>>,
    /// The last export was refused because a file exists already: offer
    /// to overwrite.
    refused_existing: bool,
    /// The print choices last remembered ([`Remembered`]); `None` until
    /// they were read at the first frame.
    remembered: Option<Remembered>,
}

/// The print choices remembered for every event and over a restart (issue
/// 26): in egui's persisted memory, which the app's storage keeps with its
/// settings. The folder is not among them: it follows each event file.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize, serde::Deserialize)]
struct Remembered {
    pdf: bool,
    /// "a4", "a4l", "a5" or "letter".
    page: String,
    two_up: bool,
    dpi: String,
    /// A language code; empty: the interface language.
    language: String,
}

/// The pages offered and their keys in [`Remembered`] and the catalogue.
const PAGES: [(PageSize, &str); 4] = [
    (PageSize::A4, "a4"),
    (PageSize::A4Landscape, "a4l"),
    (PageSize::A5, "a5"),
    (PageSize::Letter, "letter"),
];

/// Where the print choices are kept in egui's persisted memory.
fn remembered_id() -> egui::Id {
    egui::Id::unique("feldherr.print_tab.remembered")
}

impl Default for PrintTab {
    fn default() -> Self {
        Self {
            folder: std::env::temp_dir()
                .join("feldherr-sheets")
                .display()
                .to_string(),
            folder_chosen: false,
            location: None,
            browsing: None,
            two_up: false,
            existing: Vec::new(),
            format: ExportFormat::Png,
            page: PageSize::A4,
            dpi: "300".into(),
            language: String::new(),
            kinds: Vec::new(),
            running: None,
            message: None,
            refused_existing: false,
            remembered: None,
        }
    }
}

/// The default sheets folder beside an event file: `<stem>-sheets`.
pub fn folder_beside(event_file: &std::path::Path) -> PathBuf {
    let stem = event_file
        .file_stem()
        .map_or_else(|| "event".into(), |s| s.to_string_lossy().into_owned());
    event_file
        .parent()
        .unwrap_or_else(|| std::path::Path::new("."))
        .join(format!("{stem}-sheets"))
}

impl PrintTab {
    /// Where the event is saved; the folder follows it until the organiser
    /// picks another.
    pub fn set_location(&mut self, location: Option<&std::path::Path>) {
        if self.location.as_deref() != location {
            self.location = location.map(std::path::Path::to_path_buf);
            if !self.folder_chosen
                && let Some(file) = &self.location
            {
                self.folder = folder_beside(file).display().to_string();
            }
        }
    }

    fn browse(&mut self, ctx: &egui::Context) {
        let (sender, receiver) = channel();
        let start = PathBuf::from(self.folder.trim());
        let ctx = ctx.clone();
        std::thread::spawn(move || {
            let mut dialog = rfd::FileDialog::new();
            if let Some(parent) = start.parent().filter(|p| p.is_dir()) {
                dialog = dialog.set_directory(parent);
            }
            let _ = sender.send(dialog.pick_folder());
            ctx.request_repaint();
        });
        self.browsing = Some(receiver);
    }

    /// The choices as remembered; the sheets' language only when it is not
    /// the interface language `interface`.
    fn choices(&self, interface: &str) -> Remembered {
        Remembered {
            pdf: self.format == ExportFormat::Pdf,
            page: PAGES
                .iter()
                .find(|(page, _)| *page == self.page)
                .map_or("a4", |(_, key)| key)
                .to_owned(),
            two_up: self.two_up,
            dpi: self.dpi.clone(),
            language: if self.language == interface {
                String::new()
            } else {
                self.language.clone()
            },
        }
    }

    /// Takes the remembered choices (the first frame), then remembers them
    /// whenever they change.
    fn remember(&mut self, ctx: &egui::Context, interface: &str) {
        if self.remembered.is_none() {
            let kept = ctx.data_mut(|d| d.get_persisted::<Remembered>(remembered_id()));
            if let Some(kept) = kept {
                self.format = if kept.pdf {
                    ExportFormat::Pdf
                } else {
                    ExportFormat::Png
                };
                if let Some((page, _)) = PAGES.iter().find(|(_, key)| *key == kept.page) {
                    self.page = *page;
                }
                self.two_up = kept.two_up;
                if !kept.dpi.trim().is_empty() {
                    self.dpi = kept.dpi;
                }
                if crate::i18n::languages()
                    .iter()
                    .any(|(code, _)| *code == kept.language)
                {
                    self.language = kept.language;
                }
            }
        }
        let now = self.choices(interface);
        if self.remembered.as_ref() != Some(&now) {
            ctx.data_mut(|d| d.insert_persisted(remembered_id(), now.clone()));
            self.remembered = Some(now);
        }
    }

    pub fn show(&mut self, ui: &mut egui::Ui, texts: &Texts, event: &dyn EventSheets) {
        let keys = event.kind_keys();
        if self.kinds.len() != keys.len() {
            self.kinds = vec![true; keys.len()];
        }
        if let Some(receiver) = &self.browsing
            && let Ok(picked) = receiver.try_recv()
        {
            self.browsing = None;
            if let Some(folder) = picked {
                self.folder = folder.display().to_string();
                self.folder_chosen = true;
            }
        }
        if self.language.is_empty() {
            self.language = texts.code().to_owned();
        }
        self.remember(ui.ctx(), texts.code());
        ui.heading(texts.t("export.heading"));
        ui.label(texts.t("export.intro"));
        ui.add_space(6.0);
        egui::Grid::new("export.options")
            .num_columns(2)
            .show(ui, |ui| {
                let label = ui.label(texts.t("export.folder"));
                ui.horizontal(|ui| {
                    if ui
                        .add(egui::TextEdit::singleline(&mut self.folder).desired_width(360.0))
                        .labelled_by(label.id)
                        .changed()
                    {
                        self.folder_chosen = true;
                    }
                    let portal = cfg!(any(target_os = "windows", target_os = "macos"))
                        || std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some();
                    if ui
                        .add_enabled(
                            portal && self.browsing.is_none(),
                            egui::Button::new(texts.t("export.browse")),
                        )
                        .on_disabled_hover_text(texts.t("export.browse.no_portal"))
                        .clicked()
                    {
                        self.browse(ui.ctx());
                    }
                });
                ui.end_row();
                ui.label(texts.t("export.format"));
                ui.horizontal(|ui| {
                    ui.radio_value(&mut self.format, ExportFormat::Png, texts.t("export.png"));
                    ui.radio_value(&mut self.format, ExportFormat::Pdf, texts.t("export.pdf"));
                });
                ui.end_row();
                ui.label(texts.t("export.page"));
                ui.horizontal(|ui| {
                    for (page, key) in PAGES {
                        ui.radio_value(
                            &mut self.page,
                            page,
                            texts.t(&format!("export.page.{key}")),
                        );
                    }
                });
                ui.end_row();
                if event.two_up() {
                    ui.label("");
                    ui.add_enabled(
                        self.page == PageSize::A4,
                        egui::Checkbox::new(&mut self.two_up, texts.t("export.two_up")),
                    );
                    ui.end_row();
                }
                let label = ui.label(texts.t("export.dpi"));
                ui.add(egui::TextEdit::singleline(&mut self.dpi).desired_width(60.0))
                    .labelled_by(label.id);
                ui.end_row();
                ui.label(texts.t("export.which"));
                ui.horizontal_wrapped(|ui| {
                    for (on, key) in self.kinds.iter_mut().zip(keys) {
                        ui.checkbox(on, texts.t(key));
                    }
                });
                ui.end_row();
                ui.label(texts.t("export.language"));
                ui.horizontal(|ui| {
                    for (code, name) in crate::i18n::languages() {
                        ui.radio_value(&mut self.language, code.to_owned(), name);
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
                self.message = Some(
                    result
                        .map(|files| {
                            texts.f(
                                "export.done",
                                &[("n", &files.len().to_string()), ("folder", &self.folder)],
                            )
                        })
                        .map_err(|e| {
                            self.refused_existing =
                                matches!(e, feldherr_host::HostError::Exists { .. });
                            e.to_string()
                        }),
                );
                self.running = None;
            }
        } else if ui.button(texts.t("export.start")).clicked() {
            self.start(texts, event, false);
        }
        let mut overwrite = false;
        if !self.existing.is_empty() {
            // Reported before anything is written (issue 10); overwritten
            // only when the organiser confirms it (issue 16).
            ui.colored_label(
                ui.visuals().warn_fg_color,
                texts.f(
                    "export.would_overwrite",
                    &[("n", &self.existing.len().to_string())],
                ),
            );
            let names: Vec<String> = self
                .existing
                .iter()
                .take(12)
                .map(|p| {
                    p.file_name()
                        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
                })
                .collect();
            let more = self.existing.len().saturating_sub(names.len());
            let mut list = names.join(", ");
            if more > 0 {
                list.push_str(&texts.f("export.and_more", &[("n", &more.to_string())]));
            }
            ui.weak(list);
            ui.horizontal(|ui| {
                overwrite = ui.button(texts.t("export.overwrite")).clicked();
                if ui.button(texts.t("export.keep")).clicked() {
                    self.existing.clear();
                }
            });
        }
        match &self.message {
            Some(Ok(text)) => {
                ui.label(text);
            }
            Some(Err(text)) => {
                ui.colored_label(ui.visuals().error_fg_color, text);
                if self.refused_existing {
                    overwrite = ui.button(texts.t("export.overwrite")).clicked();
                }
            }
            None => {}
        }
        if overwrite {
            self.start(texts, event, true);
        }
    }

    fn start(&mut self, texts: &Texts, event: &dyn EventSheets, force: bool) {
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
        let two_up = event.two_up() && self.two_up && self.page == PageSize::A4;
        let mut sheets = match event.sheets(&sheet_texts, options, two_up) {
            Ok(sheets) => sheets,
            Err(e) => {
                self.message = Some(Err(e));
                return;
            }
        };
        sheets.retain(|sheet| {
            self.kinds
                .get(event.kind_of(&sheet.name))
                .copied()
                .unwrap_or(true)
        });
        if sheets.is_empty() {
            self.message = Some(Err(texts.t("export.none_chosen").to_owned()));
            return;
        }
        let folder = PathBuf::from(self.folder.trim());
        self.existing.clear();
        if !force {
            let existing = existing_files(&sheets, &folder, self.format);
            if !existing.is_empty() {
                self.existing = existing;
                self.message = None;
                return;
            }
        }
        let progress = Progress::default();
        let (sender, result) = channel();
        let format = self.format;
        let worker = progress.clone();
        // Rendering hundreds of 300-DPI pages takes seconds: off the UI thread.
        std::thread::spawn(move || {
            let _ = sender.send(export_with(&sheets, &folder, format, &worker, force));
        });
        self.message = None;
        self.running = Some(Running { progress, result });
    }
}

/// The files of `sheets` that exist in `folder` already: every page of
/// every sheet and the combined PDF (the host's own list, so the question
/// counts what an overwrite replaces or removes).
pub fn existing_files(
    sheets: &[NamedSheet],
    folder: &std::path::Path,
    format: ExportFormat,
) -> Vec<PathBuf> {
    feldherr_host::export::existing(sheets, folder, format)
}
