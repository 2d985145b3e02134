//! The app's runtime state and frame loop.
//!
//! Screens draw themselves and push [`Command`]s; after the frame the app
//! applies them. Document changes go through [`OpenDocument::edit`], which
//! keeps the undo history and saves at once.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use eframe::egui;
use feldherr_dice::Dice;

use crate::file_dialog::{FileDialogs, Purpose};
use crate::i18n::Texts;
use crate::settings::{STORAGE_KEY, Settings};
use crate::systems::ToolScreen;
use crate::ui::document_screen::DocumentScreen;
use crate::ui::{disk_banner, start, top_bar};
use feldherr_host::HostError;
use feldherr_host::document::{Document, DocumentEdit, EventDoc, GameDoc};
use feldherr_host::history::OpenDocument;
use feldherr_host::registry::SystemEvent;
use feldherr_serve::{ServeOptions, Server, SharedDocument};
use feldherr_sheet::SheetOptions;

/// How often the storage writes the settings while the app draws frames
/// (eframe's default is 30 s; typed, unsaved input is among them).
const AUTO_SAVE: std::time::Duration = std::time::Duration::from_secs(5);

/// Which screen is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    /// The start screen with the rule systems.
    Start,
    /// A system's start-screen tool (no document): system id, tool id.
    Tool(&'static str, &'static str),
    /// The active document.
    Document,
}

/// What the UI asks for; applied after the frame.
#[derive(Debug, Clone, PartialEq)]
#[allow(
    clippy::large_enum_variant,
    reason = "one command a frame; its size follows the largest system edit, which depends on the systems registered"
)]
pub enum Command {
    /// Switch to a screen.
    Show(Screen),
    /// Switch the interface language.
    SetLanguage(String),
    /// Switch between dark and light theme.
    SetDark(bool),
    /// Start a new game of a rule system (by id).
    NewGame(&'static str),
    /// Start a new event of a kind (by id).
    NewEvent(&'static str),
    /// Open a document file.
    Open(PathBuf),
    /// Open a document file read-only, leaving out the keys this version
    /// does not know (offered when [`Command::Open`] finds some).
    OpenReadOnly(PathBuf),
    /// Close the "open read-only or cancel" offer without opening.
    DismissReadOnlyOffer,
    /// Ask for a file to open.
    OpenDialog,
    /// Reopen the documents of the last session.
    ReopenLastSession,
    /// Save the active document (asks for a path the first time).
    Save,
    /// Ask where to save the active document.
    SaveAsDialog,
    /// Save the active document under this path.
    SaveAs(PathBuf),
    /// Undo the last edit of the active document.
    Undo,
    /// Redo.
    Redo,
    /// Make open document `i` the active one.
    Activate(usize),
    /// Close open document `i` (it stays on disk); a changed document
    /// with no file of its own, or one whose file was changed on disk,
    /// asks first ([`Command::CloseNow`], [`Command::DiscardDraft`]).
    Close(usize),
    /// Close open document `i` without asking (a changed unnamed document
    /// is kept as a draft on the start screen).
    CloseNow(usize),
    /// Close open document `i` and delete its autosaved draft.
    DiscardDraft(usize),
    /// Keep the document the close question was about open.
    DismissCloseOffer,
    /// Go on with the command held by the question about typed input
    /// not saved in the active document (closing it throws the input
    /// away; choosing another document keeps it for later).
    LeaveUnsavedInput,
    /// Stay with the active document and its typed, unsaved input.
    StayWithUnsavedInput,
    /// Open a draft kept from an earlier session (its autosave file).
    OpenDraft(PathBuf),
    /// Delete a draft listed on the start screen.
    DeleteDraft(PathBuf),
    /// The active document's file was changed on disk: take the file's
    /// version (the window's stays one undo away).
    ReloadFromDisk,
    /// The active document's file was changed on disk: write the window's
    /// version over it.
    KeepMine,
    /// The active document's file was changed on disk: list what differs
    /// (again: hide the list).
    CompareWithDisk,
    /// Change the active document.
    Edit(DocumentEdit),
    /// Show the game the active event hosts in this role (start hosting
    /// it first with [`feldherr_host::document::EventEdit::Host`]).
    OpenHosted(feldherr_play::Role),
    /// Back from a hosted game to its event.
    CloseHosted,
    /// Render the active game's table as a picture and ask where to save it.
    ExportTablePicture,
    /// Lay out the record sheet of the active game as a PDF and ask where
    /// to save it.
    ExportRecordSheet,
    /// Write the active event's standings as CSV (the command line's
    /// `feldherr standings --csv`, for spreadsheets: a byte-order mark,
    /// CR LF, `;` in German) and ask where to save them.
    ExportStandingsCsv,
    /// Show an error dialog.
    ShowError(String),
    /// Close the error dialog.
    DismissError,
    /// Play a short tone (a clock's warning), if the app has sound.
    PlaySound(crate::sound::Tone),
    /// Share the active event on the club's network: start the server on
    /// this address (refused when it is not local to the machine).
    StartSharing(std::net::SocketAddr),
    /// Stop sharing the active event.
    StopSharing,
}

/// An open document, shared with its server while the event is shared on
/// the network: the app and the server lock the same document (the app
/// for one frame's drawing or one command, the server for one request),
/// so a result a phone reports shows at once and nothing is copied.
#[derive(Debug)]
struct Slot {
    doc: SharedDocument,
    /// The server while the document is shared; dropped (stopped) when it
    /// is stopped or the document closes.
    server: Option<Server>,
}

impl Slot {
    fn new(open: OpenDocument) -> Self {
        Self {
            doc: Arc::new(Mutex::new(open)),
            server: None,
        }
    }
}

/// Locks an open document (a panic elsewhere while it was locked leaves
/// it as it was: every change is applied whole or not at all).
pub fn lock(doc: &SharedDocument) -> MutexGuard<'_, OpenDocument> {
    doc.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Where the active event is shared: the address the phones open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sharing {
    /// The URL (`http://address:port/`).
    pub url: String,
}

/// How the app is set up; tests replace the defaults.
#[derive(Debug)]
pub struct AppOptions {
    /// Settings to start with.
    pub settings: Settings,
    /// The dice for random rolls.
    pub dice: Dice,
    /// Where unsaved documents are autosaved (`None`: not autosaved).
    pub autosave_dir: Option<PathBuf>,
    /// Whether tones are played (tests only record them).
    pub sound: bool,
    /// Where open document files are claimed, so a second window opening
    /// the same file is told (`None`: not claimed).
    pub claims_dir: Option<PathBuf>,
}

impl AppOptions {
    /// English, no autosave folder, no sound, the given dice (for tests).
    pub fn for_tests(dice: Dice) -> Self {
        Self {
            settings: Settings::plain(),
            dice,
            autosave_dir: None,
            sound: false,
            claims_dir: None,
        }
    }
}

/// The whole app.
#[derive(Debug)]
pub struct FeldherrApp {
    settings: Settings,
    texts: Texts,
    screen: Screen,
    documents: Vec<Slot>,
    active: Option<usize>,
    document_screen: DocumentScreen,
    tool: Option<(&'static str, &'static str, Box<dyn ToolScreen>)>,
    dice: Dice,
    commands: Vec<Command>,
    error: Option<String>,
    dialogs: FileDialogs,
    autosave_dir: Option<PathBuf>,
    open_path: String,
    /// A rendered picture or PDF waiting for its path from the save dialog.
    pending_export: Option<Vec<u8>>,
    /// A file refused for unknown keys, offered to open read-only: its
    /// path and the refusal (naming the key and its path).
    read_only_offer: Option<(PathBuf, String)>,
    /// The open document whose close waits for the user's answer: it has
    /// changes and no file of its own, or its file changed on disk.
    close_offer: Option<usize>,
    /// A close or a switch held because the active document's screen has
    /// typed input not saved in it ([`Command::LeaveUnsavedInput`]).
    unsaved_input_offer: Option<Command>,
    /// Where open document files are claimed.
    claims_dir: Option<PathBuf>,
    /// What differs between the active document and its changed file, as
    /// last compared (document index, the comparison or why it failed).
    disk_comparison: Option<(usize, Result<feldherr_host::disk::Comparison, String>)>,
    /// Whether the window had the focus in the last frame (files are
    /// looked at again when it comes back).
    focused: bool,
    /// Whether tones are played.
    sound: bool,
    /// Every tone asked for, in order (what tests check).
    tones: Vec<crate::sound::Tone>,
    /// Why the last tone could not be played, reported from its thread;
    /// shown once, then tones stay off for the session.
    sound_error: std::sync::Arc<std::sync::Mutex<Option<crate::sound::SoundError>>>,
}

impl FeldherrApp {
    /// Creates the app, restoring settings from eframe's storage and
    /// opening `file` if given.
    pub fn new(cc: &eframe::CreationContext<'_>, file: Option<PathBuf>) -> Self {
        let settings: Settings = cc
            .storage
            .and_then(|s| eframe::get_value(s, STORAGE_KEY))
            .unwrap_or_default();
        let autosave_dir = crate::settings::autosave_dir();
        let mut app = Self::with_options(AppOptions {
            settings,
            dice: Dice::from_entropy(),
            autosave_dir,
            sound: true,
            claims_dir: feldherr_host::places::claims_dir(),
        });
        app.apply_theme(&cc.egui_ctx);
        if let Some(file) = file {
            app.queue(Command::Open(file));
        }
        app
    }

    /// Creates the app from explicit options (tests use this).
    pub fn with_options(options: AppOptions) -> Self {
        Self {
            texts: Texts::new(&options.settings.language),
            settings: options.settings,
            screen: Screen::Start,
            documents: Vec::new(),
            active: None,
            document_screen: DocumentScreen::default(),
            tool: None,
            dice: options.dice,
            commands: Vec::new(),
            error: None,
            dialogs: FileDialogs::default(),
            autosave_dir: options.autosave_dir,
            open_path: String::new(),
            pending_export: None,
            read_only_offer: None,
            close_offer: None,
            unsaved_input_offer: None,
            claims_dir: options.claims_dir,
            disk_comparison: None,
            focused: true,
            sound: options.sound,
            tones: Vec::new(),
            sound_error: std::sync::Arc::default(),
        }
    }

    /// Every tone asked for so far, in order (played or not).
    pub fn tones(&self) -> &[crate::sound::Tone] {
        &self.tones
    }

    /// The screen shown.
    pub fn screen(&self) -> Screen {
        self.screen
    }

    /// Queues a command, applied at the end of the next frame.
    pub fn queue(&mut self, command: Command) {
        self.commands.push(command);
    }

    /// Use native file dialogs or always the typed path (tests, machines
    /// without a desktop portal).
    pub fn set_native_dialogs(&mut self, native: bool) {
        self.dialogs.set_native(native);
    }

    /// The settings in force.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The open documents, each locked (release them before the next
    /// frame: a running server waits for them; and never while holding
    /// [`Self::active_document`], which is one of them).
    pub fn documents(&self) -> Vec<MutexGuard<'_, OpenDocument>> {
        self.documents.iter().map(|s| lock(&s.doc)).collect()
    }

    /// The active document, locked (release it before the next frame: a
    /// running server waits for it).
    pub fn active_document(&self) -> Option<MutexGuard<'_, OpenDocument>> {
        self.active
            .and_then(|i| self.documents.get(i))
            .map(|s| lock(&s.doc))
    }

    /// Which open document is the active one.
    pub fn active_index(&self) -> Option<usize> {
        self.active
    }

    /// The active document, to lock.
    pub fn active_shared(&self) -> Option<SharedDocument> {
        self.active
            .and_then(|i| self.documents.get(i))
            .map(|s| Arc::clone(&s.doc))
    }

    /// Where the active event is shared on the network, if it is.
    pub fn sharing(&self) -> Option<Sharing> {
        let slot = self.active.and_then(|i| self.documents.get(i))?;
        slot.server
            .as_ref()
            .map(|server| Sharing { url: server.url() })
    }

    /// The refusal offered to open read-only, if that offer is shown.
    pub fn read_only_offer(&self) -> Option<&str> {
        self.read_only_offer
            .as_ref()
            .map(|(_, message)| message.as_str())
    }

    /// The error shown in the error dialog, if any.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    fn apply_theme(&self, ctx: &egui::Context) {
        ctx.set_theme(if self.settings.dark {
            egui::Theme::Dark
        } else {
            egui::Theme::Light
        });
    }

    /// Draws one frame into `ui` and then applies the commands it emitted.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let mut commands = std::mem::take(&mut self.commands);
        self.input(ui.ctx(), &mut commands);
        // Back in the window: every open file is looked at again, so a
        // change made elsewhere shows before the next edit.
        let focused = ui.ctx().input(|i| i.viewport().focused.unwrap_or(true));
        if focused && !self.focused {
            for slot in &self.documents {
                lock(&slot.doc).check_disk();
            }
        }
        self.focused = focused;
        if let Some(e) = self.sound_error.lock().ok().and_then(|mut s| s.take()) {
            // Said once; no more tones this session.
            self.sound = false;
            let reason = match &e {
                crate::sound::SoundError::Unsupported => {
                    self.texts.t("sound.unsupported").to_owned()
                }
                crate::sound::SoundError::Library(d) => {
                    self.texts.f("sound.library", &[("detail", d)])
                }
                crate::sound::SoundError::Device(d) => {
                    self.texts.f("sound.device", &[("detail", d)])
                }
            };
            self.error = Some(self.texts.f("sound.failed", &[("reason", &reason)]));
        }
        while let Some((purpose, path)) = self.dialogs.poll() {
            match (purpose, path) {
                (Purpose::Open, Some(path)) => commands.push(Command::Open(path)),
                (Purpose::SaveAs, Some(path)) => commands.push(Command::SaveAs(path)),
                (Purpose::ExportPicture | Purpose::ExportPdf | Purpose::ExportCsv, Some(path)) => {
                    if let Some(bytes) = self.pending_export.take()
                        && let Err(e) = feldherr_host::atomic::write_atomic(&path, &bytes)
                    {
                        commands.push(Command::ShowError(format!("{}: {e}", path.display())));
                    }
                }
                (_, None) => {}
            }
        }
        let tabs: Vec<top_bar::DocTab> = self
            .documents
            .iter()
            .map(|s| top_bar::DocTab::of(&lock(&s.doc)))
            .collect();
        // A projector or clock fills the window, without the top bar.
        if !(self.screen == Screen::Document && self.document_screen.full_screen()) {
            top_bar::show(
                ui,
                &self.texts,
                &self.settings,
                &tabs,
                self.active.filter(|_| self.screen == Screen::Document),
                self.active_document().as_deref(),
                &mut commands,
            );
        }
        match self.screen {
            Screen::Start => {
                // Drafts still on disk and not open now.
                let drafts: Vec<_> = self
                    .settings
                    .drafts
                    .iter()
                    .filter(|d| {
                        d.path.is_file()
                            && !self
                                .documents
                                .iter()
                                .any(|o| lock(&o.doc).location() == Some(&d.path))
                    })
                    .cloned()
                    .collect();
                start::show(
                    ui,
                    &self.texts,
                    &self.settings,
                    &mut self.open_path,
                    self.documents.is_empty(),
                    &drafts,
                    &mut commands,
                );
            }
            Screen::Tool(system, tool) => {
                if self
                    .tool
                    .as_ref()
                    .is_none_or(|(s, t, _)| (*s, *t) != (system, tool))
                {
                    self.tool = crate::systems::tool_screen(system, tool)
                        .map(|screen| (system, tool, screen));
                }
                match &mut self.tool {
                    Some((_, _, screen)) => {
                        screen.show(ui, &self.texts, &mut self.dice, &mut commands);
                    }
                    None => commands.push(Command::Show(Screen::Start)),
                }
            }
            Screen::Document => match self.active.and_then(|i| self.documents.get(i)) {
                Some(slot) => {
                    // Locked for the frame's drawing (never across a
                    // blocking call): a server answering a phone waits
                    // for it, and what it saved shows in this frame.
                    let open = lock(&slot.doc);
                    let sharing = slot
                        .server
                        .as_ref()
                        .map(|server| Sharing { url: server.url() });
                    if sharing.is_some() {
                        // A result reported from a phone shows within a second.
                        ui.ctx()
                            .request_repaint_after(std::time::Duration::from_millis(500));
                    }
                    let comparison = self
                        .disk_comparison
                        .as_ref()
                        .filter(|(i, _)| Some(*i) == self.active)
                        .map(|(_, c)| c);
                    disk_banner::show(ui, &self.texts, &open, comparison, &mut commands);
                    // Typed, unsaved input is kept with the session (by the
                    // document's file), so a restart or another document
                    // shown meanwhile does not lose it.
                    let location = open.location().map(Path::to_path_buf);
                    let kept = location
                        .as_ref()
                        .and_then(|l| self.settings.unsaved_input.get(l))
                        .cloned();
                    self.document_screen.set_sharing(sharing);
                    self.document_screen.show(
                        ui,
                        &self.texts,
                        &open,
                        kept.as_deref(),
                        &mut self.dice,
                        &mut commands,
                    );
                    if let Some(location) = location
                        && self.document_screen.has_event_screen()
                    {
                        let changed = match self.document_screen.unsaved_input() {
                            Some(input) if kept.as_ref() != Some(&input) => {
                                self.settings.unsaved_input.insert(location, input);
                                true
                            }
                            None if kept.is_some() => {
                                self.settings.unsaved_input.remove(&location);
                                true
                            }
                            Some(_) | None => false,
                        };
                        // A frame after the storage's next save, so the
                        // input is written soon even when nothing else
                        // moves (a killed app loses at most that much).
                        if changed {
                            ui.ctx().request_repaint_after(
                                AUTO_SAVE + std::time::Duration::from_secs(1),
                            );
                        }
                    }
                }
                None => commands.push(Command::Show(Screen::Start)),
            },
        }
        self.dialogs.show(ui.ctx(), &self.texts);
        if let Some(message) = self.error.clone() {
            let modal = egui::Modal::new(egui::Id::unique("error.dialog")).show(ui.ctx(), |ui| {
                ui.set_max_width(520.0);
                ui.heading(self.texts.t("error.title"));
                ui.label(&message);
                ui.add_space(8.0);
                if ui.button(self.texts.t("error.ok")).clicked() {
                    commands.push(Command::DismissError);
                }
            });
            if modal.should_close() {
                commands.push(Command::DismissError);
            }
        }
        if let Some((path, message)) = self.read_only_offer.clone() {
            let modal =
                egui::Modal::new(egui::Id::unique("read_only.offer")).show(ui.ctx(), |ui| {
                    ui.set_max_width(560.0);
                    ui.heading(self.texts.t("read_only.offer_title"));
                    ui.label(&message);
                    ui.add_space(4.0);
                    ui.label(self.texts.t("read_only.offer_text"));
                    ui.add_space(8.0);
                    ui.horizontal(|ui| {
                        if ui.button(self.texts.t("read_only.open")).clicked() {
                            commands.push(Command::OpenReadOnly(path.clone()));
                        }
                        if ui.button(self.texts.t("read_only.cancel")).clicked() {
                            commands.push(Command::DismissReadOnlyOffer);
                        }
                    });
                });
            if modal.should_close() {
                commands.push(Command::DismissReadOnlyOffer);
            }
        }
        if let Some(i) = self.close_offer
            && let Some(slot) = self.documents.get(i)
        {
            close_offer(ui, &self.texts, i, &lock(&slot.doc), &mut commands);
        }
        if let Some(held) = &self.unsaved_input_offer
            && let Some(slot) = self.active.and_then(|i| self.documents.get(i))
        {
            let closing = matches!(held, Command::Close(_));
            let name = lock(&slot.doc).document().name().to_owned();
            unsaved_input_offer(ui, &self.texts, &name, closing, &mut commands);
        }
        if !commands.is_empty() {
            // What the commands changed is drawn in the next frame.
            ui.ctx().request_repaint();
        }
        for command in commands {
            self.apply(ui.ctx(), command);
        }
    }

    /// Keyboard shortcuts and files dropped on the window.
    fn input(&self, ctx: &egui::Context, commands: &mut Vec<Command>) {
        use egui::{Key, KeyboardShortcut, Modifiers};
        let shortcut = |m, k| ctx.input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(m, k)));
        let shift_cmd = Modifiers::COMMAND | Modifiers::SHIFT;
        if shortcut(shift_cmd, Key::Z) || shortcut(Modifiers::COMMAND, Key::Y) {
            commands.push(Command::Redo);
        }
        if shortcut(Modifiers::COMMAND, Key::Z) {
            commands.push(Command::Undo);
        }
        if shortcut(shift_cmd, Key::S) {
            commands.push(Command::SaveAsDialog);
        }
        if shortcut(Modifiers::COMMAND, Key::S) {
            commands.push(Command::Save);
        }
        if shortcut(Modifiers::COMMAND, Key::O) {
            commands.push(Command::OpenDialog);
        }
        if shortcut(Modifiers::COMMAND, Key::N) {
            commands.push(Command::Show(Screen::Start));
        }
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .collect()
        });
        commands.extend(dropped.into_iter().map(Command::Open));
    }

    fn apply(&mut self, ctx: &egui::Context, command: Command) {
        match command {
            Command::Show(screen) => self.screen = screen,
            Command::SetLanguage(code) => {
                self.texts = Texts::new(&code);
                self.settings.language = code;
            }
            Command::SetDark(dark) => {
                self.settings.dark = dark;
                self.apply_theme(ctx);
            }
            Command::NewGame(system) => {
                let key = feldherr_host::registry::info(system).map_or(system, |s| s.key);
                // A system's short default name in the interface language
                // (`<key>.default_name`), else its full name.
                let default_name = format!("{key}.default_name");
                let full_name = format!("{key}.name");
                let stem = self
                    .texts
                    .get(&default_name)
                    .unwrap_or_else(|| self.texts.t(&full_name));
                let name = format!("{stem} {}", self.documents.len() + 1);
                if let Some(game) = GameDoc::new_in(name, system, self.texts.catalogue()) {
                    self.add_new(Document::Game(game));
                }
            }
            Command::NewEvent(kind) => {
                let name = self.texts.t("event.default_name").to_owned();
                if let Some(event) = SystemEvent::new_of(kind, &name) {
                    self.add_new(Document::Event(EventDoc::new(event)));
                }
            }
            Command::Open(path) => self.open(&path),
            Command::OpenReadOnly(path) => {
                self.read_only_offer = None;
                match OpenDocument::open_read_only(&path) {
                    Ok(open) => {
                        self.documents.push(Slot::new(open));
                        self.active = Some(self.documents.len() - 1);
                        self.screen = Screen::Document;
                        self.document_screen = DocumentScreen::default();
                    }
                    Err(e) => self.error = Some(self.document_error(&e)),
                }
            }
            Command::DismissReadOnlyOffer => self.read_only_offer = None,
            Command::OpenDialog => {
                self.dialogs.set_folder(self.active_folder().as_deref());
                self.dialogs.request(Purpose::Open, ctx, "")
            }
            Command::ReopenLastSession => {
                // The list stays until a document actually opens (a failed
                // reopen keeps it for another try).
                let paths = self.settings.last_session.clone();
                for path in paths {
                    self.open(&path);
                }
            }
            Command::Save => {
                let named = self.active_document().map(|open| open.path().is_some());
                match named {
                    Some(true) => {
                        if let Some(mut open) = self
                            .active
                            .and_then(|i| self.documents.get(i))
                            .map(|s| lock(&s.doc))
                        {
                            open.save_now();
                            if let Some(e) = open.save_error()
                                && !open.changed_on_disk()
                            {
                                self.error = Some(e.to_owned());
                            }
                        }
                    }
                    Some(false) => self.apply(ctx, Command::SaveAsDialog),
                    None => {}
                }
            }
            Command::SaveAsDialog => {
                let name = self
                    .active_document()
                    .map(|d| d.document().name().to_owned())
                    .unwrap_or_default();
                if self.active.is_some() {
                    self.dialogs.set_folder(self.active_folder().as_deref());
                    self.dialogs.request(Purpose::SaveAs, ctx, &name);
                }
            }
            Command::SaveAs(path) => {
                let original = self
                    .active_document()
                    .and_then(|d| d.read_only().map(|(p, _)| p.to_path_buf()));
                if original.as_deref() == Some(path.as_path()) {
                    self.error = Some(self.texts.t("read_only.not_over_original").to_owned());
                    return;
                }
                let result = self
                    .active
                    .and_then(|i| self.documents.get(i))
                    .map(|s| lock(&s.doc).save_as(&path));
                match result {
                    Some(Ok(())) => {
                        self.settings.remember(path);
                        self.remember_session();
                    }
                    Some(Err(e)) => self.error = Some(self.document_error(&e)),
                    None => {}
                }
            }
            Command::Undo => {
                if self.screen == Screen::Document
                    && let Some(mut open) = self
                        .active
                        .and_then(|i| self.documents.get(i))
                        .map(|s| lock(&s.doc))
                {
                    open.undo();
                }
            }
            Command::Redo => {
                if self.screen == Screen::Document
                    && let Some(mut open) = self
                        .active
                        .and_then(|i| self.documents.get(i))
                        .map(|s| lock(&s.doc))
                {
                    open.redo();
                }
            }
            Command::Activate(i) if self.holds_for_unsaved_input(i, false) => {
                self.unsaved_input_offer = Some(Command::Activate(i));
            }
            Command::Close(i) if self.holds_for_unsaved_input(i, true) => {
                self.unsaved_input_offer = Some(Command::Close(i));
            }
            Command::LeaveUnsavedInput => {
                if let Some(held) = self.unsaved_input_offer.take() {
                    // The screen goes, so the question is not asked again.
                    self.document_screen = DocumentScreen::default();
                    self.apply(ctx, held);
                }
            }
            Command::StayWithUnsavedInput => self.unsaved_input_offer = None,
            Command::Activate(i) => {
                if let Some(slot) = self.documents.get(i) {
                    lock(&slot.doc).check_disk();
                    self.active = Some(i);
                    self.screen = Screen::Document;
                    self.document_screen = DocumentScreen::default();
                }
            }
            Command::Close(i) => {
                let ask = self.documents.get(i).is_some_and(|slot| {
                    let mut open = lock(&slot.doc);
                    (open.path().is_none() && open.read_only().is_none() && open.can_undo())
                        || open.check_disk()
                });
                if ask {
                    self.close_offer = Some(i);
                } else {
                    self.apply(ctx, Command::CloseNow(i));
                }
            }
            Command::DismissCloseOffer => self.close_offer = None,
            Command::CloseNow(i) => {
                self.close_offer = None;
                if let Some(slot) = self.documents.get(i) {
                    {
                        let open = lock(&slot.doc);
                        // Closing throws the typed, unsaved input away.
                        if let Some(location) = open.location() {
                            self.settings.unsaved_input.remove(location);
                        }
                        // A changed document without a file of its own
                        // stays a draft on the start screen.
                        if open.path().is_none()
                            && open.read_only().is_none()
                            && open.can_undo()
                            && let Some(draft) = open.location()
                        {
                            self.settings
                                .keep_draft(draft.to_path_buf(), open.document().name());
                        }
                    }
                    // Its server (if shared) stops with it, the document
                    // unlocked so the requests being answered can finish.
                    drop(self.documents.remove(i));
                    self.disk_comparison = None;
                    self.active = match self.active {
                        _ if self.documents.is_empty() => None,
                        Some(a) if a >= i && a > 0 => Some(a - 1),
                        other => other,
                    };
                    if self.active.is_none() {
                        self.screen = Screen::Start;
                    }
                    self.document_screen = DocumentScreen::default();
                    if !self.documents.is_empty() {
                        self.remember_session();
                    }
                }
            }
            Command::DiscardDraft(i) => {
                let draft = self.documents.get(i).and_then(|slot| {
                    let open = lock(&slot.doc);
                    open.path()
                        .is_none()
                        .then(|| open.location().map(Path::to_path_buf))
                        .flatten()
                });
                self.apply(ctx, Command::CloseNow(i));
                if let Some(draft) = draft {
                    self.apply(ctx, Command::DeleteDraft(draft));
                }
            }
            Command::OpenDraft(path) => self.open(&path),
            Command::DeleteDraft(path) => {
                // Only ever a file of the autosave folder.
                if self.is_autosave(&path) {
                    let _ = std::fs::remove_file(&path);
                    self.settings.drafts.retain(|d| d.path != path);
                    self.settings.last_session.retain(|p| p != &path);
                }
            }
            Command::ReloadFromDisk => {
                self.disk_comparison = None;
                if let Some(mut open) = self
                    .active
                    .and_then(|i| self.documents.get(i))
                    .map(|s| lock(&s.doc))
                    && let Err(e) = open.reload()
                {
                    self.error = Some(self.document_error(&e));
                }
            }
            Command::KeepMine => {
                self.disk_comparison = None;
                if let Some(mut open) = self
                    .active
                    .and_then(|i| self.documents.get(i))
                    .map(|s| lock(&s.doc))
                    && let Err(e) = open.keep_mine()
                {
                    self.error = Some(self.document_error(&e));
                }
            }
            Command::CompareWithDisk => {
                let shown = self
                    .disk_comparison
                    .as_ref()
                    .is_some_and(|(i, _)| Some(*i) == self.active);
                self.disk_comparison = match (shown, self.active) {
                    (false, Some(i)) => self.documents.get(i).map(|slot| {
                        (
                            i,
                            lock(&slot.doc)
                                .compare_with_disk()
                                .map_err(|e| self.document_error(&e)),
                        )
                    }),
                    _ => None,
                };
            }
            Command::Edit(edit) => {
                if let Some(slot) = self.active.and_then(|i| self.documents.get(i)) {
                    let mut open = lock(&slot.doc);
                    if open.read_only().is_some() {
                        self.error = Some(self.texts.t("read_only.no_edits").to_owned());
                        return;
                    }
                    if let Err(e) = open.edit(&edit) {
                        // A rule crate's refusal in the interface language.
                        self.error = Some(match &e {
                            feldherr_host::HostError::Rules(e) => self.texts.error(e),
                            other => other.to_string(),
                        });
                    } else if let Some(e) = open.save_error()
                        // The banner above the document says that one.
                        && !open.changed_on_disk()
                    {
                        self.error = Some(e.to_owned());
                    } else if slot.server.is_some()
                        && let Err(e) = feldherr_serve::add_codes_to_last_change(&mut open)
                    {
                        // A round drawn while shared gets its table codes
                        // at once, so its slips carry them; one undo takes
                        // the round and its codes away together.
                        self.error = Some(e.to_string());
                    }
                }
            }
            Command::OpenHosted(role) => {
                let hosted = match self
                    .active_document()
                    .as_deref()
                    .map(OpenDocument::document)
                {
                    Some(Document::Event(event)) => Some(event.hosted(&role).is_some()),
                    _ => None,
                };
                match hosted {
                    Some(true) => self.document_screen.open_hosted(role),
                    Some(false) => {
                        self.error = Some(
                            self.texts
                                .f("hosted.missing", &[("role", &role.to_string())]),
                        );
                    }
                    None => {}
                }
            }
            Command::CloseHosted => self.document_screen.close_hosted(),
            Command::ExportTablePicture => {
                let picture = self.active_document().and_then(|open| {
                    let game = game_on_screen(&open, self.document_screen.hosted_role())?;
                    let rules = game.game.table_rules();
                    let table = game.table_or_default();
                    let name = format!("{}-table", game.name);
                    let lookup = |key: &str| self.texts.get(key).map(str::to_owned);
                    let png = feldherr_sheet::table_picture_png(
                        &lookup,
                        &table,
                        &rules,
                        table_pixels_per_unit(&table),
                    );
                    Some((name, png))
                });
                if let Some((name, png)) = picture {
                    match png {
                        Ok(png) => {
                            self.pending_export = Some(png);
                            self.dialogs.set_folder(self.active_folder().as_deref());
                            self.dialogs.request(Purpose::ExportPicture, ctx, &name);
                        }
                        Err(e) => self.error = Some(e.to_string()),
                    }
                }
            }
            Command::ExportRecordSheet => {
                let sheet = self.active_document().and_then(|open| {
                    let game = game_on_screen(&open, self.document_screen.hosted_role())?;
                    if !game.game.has_record_sheet() {
                        return None;
                    }
                    let name = format!("{}-record", game.name);
                    let table = game.table_or_default();
                    let pdf = game
                        .game
                        .record_sheet(&table, &game.name, &self.texts, SheetOptions::default())
                        .and_then(|sheet| {
                            sheet.layout().and_then(|l| l.to_pdf()).map_err(|source| {
                                HostError::Sheet {
                                    sheet: name.clone(),
                                    source,
                                }
                            })
                        })
                        .map_err(|e| e.to_string());
                    Some((name, pdf))
                });
                if let Some((name, pdf)) = sheet {
                    match pdf {
                        Ok(pdf) => {
                            self.pending_export = Some(pdf);
                            self.dialogs.set_folder(self.active_folder().as_deref());
                            self.dialogs.request(Purpose::ExportPdf, ctx, &name);
                        }
                        Err(e) => self.error = Some(e),
                    }
                }
            }
            Command::ExportStandingsCsv => {
                let standings = self.active_document().and_then(|open| {
                    let Document::Event(event) = open.document() else {
                        return None;
                    };
                    let name = format!("{}-standings", event.name());
                    let options = feldherr_host::standings::CsvOptions {
                        bom: true,
                        crlf: true,
                        separator: if self.texts.code() == "de" {
                            feldherr_host::standings::Separator::Semicolon
                        } else {
                            feldherr_host::standings::Separator::Comma
                        },
                    };
                    let table = event.event.standings_table(&self.texts);
                    Some((
                        name,
                        table.map(|t| feldherr_host::standings::csv(&t, options)),
                    ))
                });
                if let Some((name, csv)) = standings {
                    match csv {
                        Ok(csv) => {
                            self.pending_export = Some(csv.into_bytes());
                            self.dialogs.set_folder(self.active_folder().as_deref());
                            self.dialogs.request(Purpose::ExportCsv, ctx, &name);
                        }
                        Err(e) => self.error = Some(e.to_string()),
                    }
                }
            }
            Command::PlaySound(tone) => {
                self.tones.push(tone);
                if self.sound {
                    let report = std::sync::Arc::clone(&self.sound_error);
                    crate::sound::play(tone, move |e| {
                        if let Ok(mut slot) = report.lock() {
                            *slot = Some(e);
                        }
                    });
                }
            }
            Command::ShowError(message) => self.error = Some(message),
            Command::DismissError => self.error = None,
            Command::StartSharing(addr) => {
                let Some(slot) = self.active.and_then(|i| self.documents.get_mut(i)) else {
                    return;
                };
                // One server per document: a running one stops first.
                // `Server::start` locks the document itself (it is not
                // locked here).
                slot.server = None;
                match Server::start(Arc::clone(&slot.doc), &ServeOptions::new(addr)) {
                    Ok(server) => slot.server = Some(server),
                    Err(e) => {
                        self.error = Some(self.texts.f(
                            "share.failed",
                            &[(
                                "reason",
                                &crate::ui::share_panel::serve_error(&self.texts, &e),
                            )],
                        ));
                    }
                }
            }
            Command::StopSharing => {
                if let Some(slot) = self.active.and_then(|i| self.documents.get_mut(i)) {
                    // Stopping waits for the requests being answered; the
                    // document is not locked here, so they finish.
                    slot.server = None;
                }
            }
        }
    }

    /// Whether closing document `i` (`closing`) or choosing it instead of
    /// the active one must first ask about the active screen's typed input
    /// not saved in the document.
    fn holds_for_unsaved_input(&self, i: usize, closing: bool) -> bool {
        self.screen == Screen::Document
            && self.active.is_some()
            && (self.active == Some(i)) == closing
            && self.document_screen.has_unsaved_input()
    }

    /// Records the open documents as the session to reopen next time; only
    /// when the set of documents changed (a document opened, saved under a
    /// new name or closed), so a failed open or any other command on the
    /// start screen keeps the last session.
    fn remember_session(&mut self) {
        self.settings.last_session = self
            .documents
            .iter()
            .filter_map(|d| lock(&d.doc).location().map(Path::to_path_buf))
            .collect();
    }

    fn add_new(&mut self, document: Document) {
        let autosave = self.autosave_dir.as_ref().map(|dir| {
            let stamp = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_millis());
            dir.join(format!("untitled-{stamp}-{}.json", self.documents.len()))
        });
        self.documents
            .push(Slot::new(OpenDocument::new(document, autosave)));
        self.active = Some(self.documents.len() - 1);
        self.screen = Screen::Document;
        self.document_screen = DocumentScreen::default();
        self.remember_session();
    }

    fn open(&mut self, path: &Path) {
        if let Some(i) = self
            .documents
            .iter()
            .position(|d| lock(&d.doc).location() == Some(path))
        {
            self.active = Some(i);
            self.screen = Screen::Document;
            return;
        }
        let opened = if self.is_autosave(path) {
            OpenDocument::open_autosave(path)
        } else {
            OpenDocument::open(path)
        };
        match opened {
            Ok(mut open) => {
                if let Some(dir) = &self.claims_dir {
                    open.claim_in(dir);
                }
                self.documents.push(Slot::new(open));
                self.active = Some(self.documents.len() - 1);
                self.screen = Screen::Document;
                self.document_screen = DocumentScreen::default();
                if !self.is_autosave(path) {
                    self.settings.remember(path.to_path_buf());
                }
                self.remember_session();
            }
            // Unknown keys: offer to open read-only or cancel (issue 16).
            Err(e) if e.unknown_key().is_some() && !self.is_autosave(path) => {
                self.read_only_offer = Some((path.to_path_buf(), self.document_error(&e)));
            }
            // A bare event file (no document wrapper) is taken in as a new,
            // untitled event: the file itself is never written.
            Err(feldherr_host::HostError::NotADocument { .. }) => {
                match feldherr_host::document::load_or_import(path) {
                    Ok(document) => self.add_new(document),
                    Err(e) => self.error = Some(self.document_error(&e)),
                }
            }
            Err(e) => self.error = Some(self.document_error(&e)),
        }
    }

    /// A document error in the interface language (what the file, the
    /// parser or the operating system said stays as they said it).
    fn document_error(&self, e: &feldherr_host::HostError) -> String {
        use feldherr_host::HostError as E;
        let t = &self.texts;
        match e {
            E::Io { path, source } => t.f(
                "doc.error.io",
                &[
                    ("file", &path.display().to_string()),
                    ("reason", &source.to_string()),
                ],
            ),
            E::Syntax {
                source_name,
                line,
                column,
                message,
            } => t.f(
                "doc.error.syntax",
                &[
                    ("file", source_name),
                    ("line", &line.to_string()),
                    ("column", &column.to_string()),
                    ("message", message),
                ],
            ),
            E::NotADocument {
                source_name,
                message,
            } => t.f(
                "doc.error.not_document",
                &[("file", source_name), ("message", message)],
            ),
            E::TooNew {
                source_name,
                found,
                supported,
            } => t.f(
                "doc.error.too_new",
                &[
                    ("file", source_name),
                    ("found", &found.to_string()),
                    ("supported", &supported.to_string()),
                ],
            ),
            E::Field {
                source_name,
                path,
                message,
            } if path.is_empty() || path == "." => t.f(
                "doc.error.top_level",
                &[("file", source_name), ("message", message)],
            ),
            E::Field {
                source_name,
                path,
                message,
            } => t.f(
                "doc.error.field",
                &[("file", source_name), ("path", path), ("message", message)],
            ),
            // Refused as it is read: the reason in the interface language.
            E::Refused {
                source_name,
                path,
                message,
                said,
            } => {
                let message = t.message_or(Some(said), message);
                let key = if path.is_empty() || path == "." {
                    "doc.error.top_level"
                } else {
                    "doc.error.field"
                };
                t.f(
                    key,
                    &[("file", source_name), ("path", path), ("message", &message)],
                )
            }
            // Not errors of reading a file: the host's own words.
            other => other.to_string(),
        }
    }

    /// The folder of the active document's file, if it has been saved to
    /// one (dialogs start there; never the autosave folder).
    fn active_folder(&self) -> Option<PathBuf> {
        self.active_document()?
            .path()?
            .parent()
            .map(Path::to_path_buf)
    }

    fn is_autosave(&self, path: &Path) -> bool {
        self.autosave_dir
            .as_deref()
            .is_some_and(|d| path.starts_with(d))
    }
}

/// The game on screen: the active game `open`, or the game the active
/// event hosts in `hosted` (shown in its place).
fn game_on_screen<'a>(
    open: &'a OpenDocument,
    hosted: Option<&feldherr_play::Role>,
) -> Option<&'a feldherr_host::document::GameDoc> {
    match open.document() {
        Document::Game(game) => Some(game),
        Document::Event(event) => event.hosted(hosted?).map(|h| &h.game),
    }
}

/// The question before closing a document whose changes would otherwise
/// be hard to find (never saved under a name) or lost (its file was
/// changed elsewhere, so they were not written).
fn close_offer(
    ui: &egui::Ui,
    texts: &Texts,
    i: usize,
    open: &OpenDocument,
    commands: &mut Vec<Command>,
) {
    let name = open.document().name().to_owned();
    let file = open
        .location()
        .map_or_else(String::new, |p| p.display().to_string());
    let changed_elsewhere = open.changed_on_disk();
    let modal = egui::Modal::new(egui::Id::unique("close.offer")).show(ui.ctx(), |ui| {
        ui.set_max_width(580.0);
        if changed_elsewhere {
            ui.heading(texts.f("close.changed_title", &[("name", &name)]));
            ui.label(texts.f("close.changed_text", &[("file", &file)]));
        } else {
            ui.heading(texts.f("close.offer_title", &[("name", &name)]));
            ui.label(texts.t("close.offer_text"));
        }
        ui.add_space(8.0);
        ui.horizontal_wrapped(|ui| {
            if ui.button(texts.t("close.save_as")).clicked() {
                commands.push(Command::DismissCloseOffer);
                commands.push(Command::Activate(i));
                commands.push(Command::SaveAsDialog);
            }
            if changed_elsewhere {
                if ui.button(texts.t("close.keep_mine")).clicked() {
                    commands.push(Command::Activate(i));
                    commands.push(Command::KeepMine);
                    commands.push(Command::Close(i));
                }
                if ui.button(texts.t("close.discard_mine")).clicked() {
                    commands.push(Command::CloseNow(i));
                }
            } else {
                if ui
                    .button(texts.t("close.keep_draft"))
                    .on_hover_text(texts.f("close.keep_draft.hint", &[("file", &file)]))
                    .clicked()
                {
                    commands.push(Command::CloseNow(i));
                }
                if ui.button(texts.t("close.discard")).clicked() {
                    commands.push(Command::DiscardDraft(i));
                }
            }
            if ui.button(texts.t("close.cancel")).clicked() {
                commands.push(Command::DismissCloseOffer);
            }
        });
    });
    if modal.should_close() {
        commands.push(Command::DismissCloseOffer);
    }
}

/// The question before closing the active document or choosing another
/// while its screen has typed input not saved in it: go on (closing throws
/// the input away, another document keeps it for later) or stay.
fn unsaved_input_offer(
    ui: &egui::Ui,
    texts: &Texts,
    name: &str,
    closing: bool,
    commands: &mut Vec<Command>,
) {
    let modal = egui::Modal::new(egui::Id::unique("unsaved_input.offer")).show(ui.ctx(), |ui| {
        ui.set_max_width(520.0);
        ui.heading(texts.f("unsaved_input.title", &[("name", name)]));
        ui.label(texts.t(if closing {
            "unsaved_input.closing"
        } else {
            "unsaved_input.switching"
        }));
        ui.add_space(8.0);
        ui.horizontal_wrapped(|ui| {
            if ui.button(texts.t("unsaved_input.stay")).clicked() {
                commands.push(Command::StayWithUnsavedInput);
            }
            let go_on = if closing {
                "unsaved_input.close"
            } else {
                "unsaved_input.switch"
            };
            if ui.button(texts.t(go_on)).clicked() {
                commands.push(Command::LeaveUnsavedInput);
            }
        });
    });
    if modal.should_close() {
        commands.push(Command::StayWithUnsavedInput);
    }
}

/// About 2400 pixels across the long edge, whatever the unit.
fn table_pixels_per_unit(table: &feldherr_table::Table) -> f32 {
    (2400.0 / table.width().max(1.0)) as f32
}

impl eframe::App for FeldherrApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, STORAGE_KEY, &self.settings);
    }

    fn auto_save_interval(&self) -> std::time::Duration {
        AUTO_SAVE
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use feldherr_host::HostError;

    /// The English catalogue says what the error itself says, word for
    /// word (the command line prints the error; the window the catalogue).
    #[test]
    fn document_errors_in_english_read_as_the_errors_themselves() {
        let app = FeldherrApp::with_options(AppOptions::for_tests(Dice::scripted([])));
        let name = "cup.json".to_owned();
        let errors = [
            HostError::Io {
                path: PathBuf::from("cup.json"),
                source: std::io::Error::new(std::io::ErrorKind::NotFound, "gone"),
            },
            HostError::Syntax {
                source_name: name.clone(),
                line: 3,
                column: 7,
                message: "expected value".into(),
            },
            HostError::NotADocument {
                source_name: name.clone(),
                message: "no \"format\" field".into(),
            },
            HostError::TooNew {
                source_name: name.clone(),
                found: 9,
                supported: 2,
            },
            HostError::Field {
                source_name: name.clone(),
                path: "table.width".into(),
                message: "must be positive".into(),
            },
            feldherr_host::document::parse(
                r#"{"format":"feldherr","schema_version":1,"kind":"game","name":"x","system":"chess"}"#,
                &name,
            )
            .expect_err("not a rule system"),
        ];
        for e in &errors {
            assert_eq!(app.document_error(e), e.to_string());
        }
    }

    /// A schema 1 document that cannot be migrated is said in the
    /// interface language, naming the field and its value (issue #27).
    #[test]
    fn a_v1_document_that_cannot_migrate_is_said_in_german() {
        let mut options = AppOptions::for_tests(Dice::scripted([]));
        options.settings.language = "de".into();
        let app = FeldherrApp::with_options(options);
        let broken =
            r#"{"format":"feldherr","schema_version":1,"kind":"game","name":"x","system":"chess"}"#;
        let e = feldherr_host::document::parse(broken, "alt.json").expect_err("refused");
        assert_eq!(
            e.to_string(),
            "alt.json: field `system`: cannot migrate from schema 1: \"chess\" is not a rule system"
        );
        assert_eq!(
            app.document_error(&e),
            "alt.json: Feld `system`: lässt sich nicht aus Schema 1 übernehmen: \"chess\" ist kein Regelsystem"
        );
    }
}
