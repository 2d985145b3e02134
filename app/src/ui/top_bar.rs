//! The bar at the top of every screen: home, open documents, undo/redo,
//! save. It keeps one row at any width: the documents that do not fit go
//! into a menu, long names are shortened (the whole name is in the
//! hover), and documents of the same name show their folder.

use eframe::egui;

use crate::app::{Command, Screen};
use crate::i18n::Texts;
use crate::settings::Settings;
use feldherr_host::history::OpenDocument;

/// A tab's label is cut to this many characters (the hover has it all).
const TAB_CHARS: usize = 28;

/// One open document as the top bar shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocTab {
    /// The document's name.
    pub name: String,
    /// Never saved under a name of its own.
    pub unsaved: bool,
    /// The folder it lives in (its last component), told apart from
    /// another document of the same name.
    pub folder: Option<String>,
}

impl DocTab {
    /// The tab of an open document.
    pub fn of(open: &OpenDocument) -> Self {
        Self {
            name: open.document().name().to_owned(),
            unsaved: open.path().is_none(),
            folder: open
                .path()
                .and_then(|p| p.parent())
                .and_then(|p| p.file_name())
                .map(|f| f.to_string_lossy().into_owned()),
        }
    }
}

/// The labels of `tabs`: the name, "(not saved yet)" for a document
/// without a file, and the folder when another open document has the
/// same name.
pub fn labels(texts: &Texts, tabs: &[DocTab]) -> Vec<String> {
    tabs.iter()
        .map(|tab| {
            let twin = tabs.iter().filter(|t| t.name == tab.name).count() > 1;
            let mut label = tab.name.clone();
            if tab.unsaved {
                label = format!("{label} ({})", texts.t("doc.unsaved"));
            } else if twin && let Some(folder) = &tab.folder {
                label = format!("{label} – {folder}");
            }
            label
        })
        .collect()
}

/// `label` cut to [`TAB_CHARS`] characters with an ellipsis.
fn shortened(label: &str) -> String {
    match label.char_indices().nth(TAB_CHARS) {
        Some((cut, _)) => format!("{}…", label[..cut].trim_end()),
        None => label.to_owned(),
    }
}

/// Draws the top bar.
pub fn show(
    ui: &mut egui::Ui,
    texts: &Texts,
    _settings: &Settings,
    tabs: &[DocTab],
    active: Option<usize>,
    document: Option<&OpenDocument>,
    commands: &mut Vec<Command>,
) {
    egui::Panel::top("top_bar").show(ui, |ui| {
        ui.horizontal(|ui| {
            if ui
                .selectable_label(active.is_none(), texts.t("nav.home"))
                .on_hover_text(texts.t("nav.home.hint"))
                .clicked()
            {
                commands.push(Command::Show(Screen::Start));
            }
            ui.separator();
            let labels = labels(texts, tabs);
            // What the document's own buttons need on the right: as wide
            // as they were last frame (measured), else estimated.
            let controls_id = egui::Id::unique("top_bar.controls_width");
            let controls = if document.is_some() && active.is_some() {
                ui.ctx()
                    .data(|d| d.get_temp::<f32>(controls_id))
                    .unwrap_or_else(|| controls_width(ui, texts))
            } else {
                0.0
            };
            let more = text_width(ui, &texts.f("nav.more", &[("n", "99")])) + 24.0;
            let budget = (ui.available_width() - controls - more).max(0.0);
            let shown = fitting(ui, &labels, active, budget);

            for (i, label) in labels.iter().enumerate() {
                if shown[i] {
                    tab(ui, texts, i, label, active == Some(i), commands);
                }
            }
            let hidden: Vec<usize> = (0..labels.len()).filter(|&i| !shown[i]).collect();
            if !hidden.is_empty() {
                ui.menu_button(
                    texts.f("nav.more", &[("n", &hidden.len().to_string())]),
                    |ui| {
                        for &i in &hidden {
                            ui.horizontal(|ui| {
                                tab(ui, texts, i, &labels[i], active == Some(i), commands);
                            });
                        }
                    },
                )
                .response
                .on_hover_text(texts.t("nav.more.hint"));
            }
            if let (Some(open), Some(_)) = (document, active) {
                let drawn = ui
                    .scope(|ui| {
                        ui.separator();
                        document_controls(ui, texts, open, commands);
                    })
                    .response
                    .rect
                    .width();
                let spacing = ui.spacing().item_spacing.x;
                ui.ctx()
                    .data_mut(|d| d.insert_temp(controls_id, drawn + spacing));
            }
        });
    });
}

/// One document's tab: its label (whole name in the hover) and its close
/// button.
fn tab(
    ui: &mut egui::Ui,
    texts: &Texts,
    i: usize,
    label: &str,
    selected: bool,
    commands: &mut Vec<Command>,
) {
    if ui
        .selectable_label(selected, shortened(label))
        .on_hover_text(label)
        .clicked()
    {
        commands.push(Command::Activate(i));
    }
    if ui
        .small_button("x")
        .on_hover_text(texts.f("doc.close", &[("name", label)]))
        .clicked()
    {
        commands.push(Command::Close(i));
    }
}

/// Which tabs fit in `budget` points: the active one first, then the
/// others in order.
fn fitting(ui: &egui::Ui, labels: &[String], active: Option<usize>, budget: f32) -> Vec<bool> {
    let spacing = ui.spacing().item_spacing.x;
    let close = text_width(ui, "x") + 2.0 * ui.spacing().button_padding.x + spacing;
    let width = |label: &str| {
        text_width(ui, &shortened(label)) + 2.0 * ui.spacing().button_padding.x + spacing + close
    };
    let mut shown = vec![false; labels.len()];
    let mut used = 0.0;
    let order = active
        .filter(|&a| a < labels.len())
        .into_iter()
        .chain((0..labels.len()).filter(|&i| Some(i) != active));
    for i in order {
        let w = width(&labels[i]);

        // The active document always shows, even if alone it is too wide.
        if used + w <= budget || Some(i) == active {
            shown[i] = true;
            used += w;
        }
    }
    shown
}

fn text_width(ui: &egui::Ui, text: &str) -> f32 {
    let font = egui::TextStyle::Button.resolve(ui.style());
    ui.painter()
        .layout_no_wrap(text.to_owned(), font, egui::Color32::WHITE)
        .size()
        .x
}

/// The width of [`document_controls`], measured from its words.
fn controls_width(ui: &egui::Ui, texts: &Texts) -> f32 {
    let spacing = ui.spacing().item_spacing.x;
    let pad = 2.0 * ui.spacing().button_padding.x;
    let words = [
        texts.t("doc.undo"),
        texts.t("doc.redo"),
        texts.t("doc.save"),
        texts.t("doc.save_as"),
        texts.t("doc.status.saved"),
    ];
    words
        .iter()
        .map(|w| text_width(ui, w) + pad + spacing)
        .sum::<f32>()
        + 2.0 * spacing
        + 8.0
}

/// Undo, redo, save, save as, and a short save status whose hover says
/// where.
fn document_controls(
    ui: &mut egui::Ui,
    texts: &Texts,
    open: &OpenDocument,
    commands: &mut Vec<Command>,
) {
    if ui
        .add_enabled(open.can_undo(), egui::Button::new(texts.t("doc.undo")))
        .on_hover_text("Ctrl+Z")
        .clicked()
    {
        commands.push(Command::Undo);
    }
    if ui
        .add_enabled(open.can_redo(), egui::Button::new(texts.t("doc.redo")))
        .on_hover_text("Ctrl+Shift+Z / Ctrl+Y")
        .clicked()
    {
        commands.push(Command::Redo);
    }
    if ui
        .button(texts.t("doc.save"))
        .on_hover_text("Ctrl+S")
        .clicked()
    {
        commands.push(Command::Save);
    }
    if ui
        .button(texts.t("doc.save_as"))
        .on_hover_text("Ctrl+Shift+S")
        .clicked()
    {
        commands.push(Command::SaveAsDialog);
    }
    let (status, detail) = match (open.save_error(), open.location()) {
        _ if open.changed_on_disk() => (
            texts.t("doc.status.not_written"),
            texts.t("doc.changed_on_disk").to_owned(),
        ),
        (Some(e), _) => (texts.t("doc.save_failed"), e.to_owned()),
        (None, Some(path)) => (
            texts.t("doc.status.saved"),
            texts.f("doc.saved_to", &[("path", &path.display().to_string())]),
        ),
        (None, None) => (
            texts.t("doc.not_saved"),
            texts.t("doc.not_saved").to_owned(),
        ),
    };
    let failed = open.changed_on_disk() || open.save_error().is_some();
    let text = if failed {
        egui::RichText::new(status).color(ui.visuals().warn_fg_color)
    } else {
        egui::RichText::new(status).weak()
    };
    ui.label(text).on_hover_text(detail);
}
