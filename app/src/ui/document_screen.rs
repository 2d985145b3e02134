//! The screen of the active document: a game or an event.

use eframe::egui;
use feldherr_dice::Dice;
use feldherr_play::Role;

use crate::app::Command;
use crate::i18n::Texts;
use crate::systems::EventUi;
use crate::ui::game::GameScreen;
use feldherr_host::document::{Document, DocumentEdit, EventEdit, GameEdit};
use feldherr_host::history::OpenDocument;

/// Runtime state of the document screen (reset when another document
/// becomes active).
#[derive(Debug, Default)]
pub struct DocumentScreen {
    game: GameScreen,
    event: Option<Box<dyn EventUi>>,
    hosted: Option<HostedView>,
    /// The document's problems at a revision (validated once per change,
    /// not per frame).
    problems: Option<(u64, Vec<feldherr_play::Problem>)>,
    /// "Share on the network" and the reports panel of an event.
    share: crate::ui::share_panel::SharePanel,
    /// Where the event is shared, as told before the frame.
    sharing: Option<crate::app::Sharing>,
}

/// A game an event hosts, shown in the event's place.
#[derive(Debug)]
struct HostedView {
    role: Role,
    screen: GameScreen,
}

impl DocumentScreen {
    /// Shows the game the event hosts in `role` instead of the event (see
    /// [`Command::OpenHosted`]).
    pub fn open_hosted(&mut self, role: Role) {
        if self.hosted.as_ref().is_none_or(|h| h.role != role) {
            self.hosted = Some(HostedView {
                role,
                screen: GameScreen::default(),
            });
        }
    }

    /// Back from a hosted game to its event.
    pub fn close_hosted(&mut self) {
        self.hosted = None;
    }

    /// Whether the document's own view fills the window (a projector, a
    /// clock): the app leaves out its top bar.
    pub fn full_screen(&self) -> bool {
        match &self.hosted {
            Some(view) => view.screen.full_screen(),
            None => self.game.full_screen() || self.event.as_ref().is_some_and(|e| e.full_screen()),
        }
    }

    /// Whether the event's screen has typed input not saved in the
    /// document (the app asks before closing it or choosing another).
    pub fn has_unsaved_input(&self) -> bool {
        self.event.as_ref().is_some_and(|e| e.has_unsaved_input())
    }

    /// Whether the event's screen was made (it keeps the typed input).
    pub fn has_event_screen(&self) -> bool {
        self.event.is_some()
    }

    /// The typed, unsaved input of the event's screen, to keep with the
    /// session ([`crate::systems::EventUi::unsaved_input`]).
    pub fn unsaved_input(&self) -> Option<String> {
        self.event.as_ref().and_then(|e| e.unsaved_input())
    }

    /// The role of the hosted game on screen, if one is.
    pub fn hosted_role(&self) -> Option<&Role> {
        self.hosted.as_ref().map(|h| &h.role)
    }

    /// Where the active event is shared on the network (`None`: it is
    /// not), told before each frame.
    pub fn set_sharing(&mut self, sharing: Option<crate::app::Sharing>) {
        self.sharing = sharing;
    }

    /// Draws the active document.
    ///
    /// `kept` is the input kept for this document from an earlier screen
    /// ([`DocumentScreen::unsaved_input`]); the event's screen takes it
    /// when it is made.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        open: &OpenDocument,
        kept: Option<&str>,
        dice: &mut Dice,
        commands: &mut Vec<Command>,
    ) {
        if let Some((original, keys)) = open.read_only() {
            read_only_banner(ui, texts, original, keys);
        }
        if self
            .problems
            .as_ref()
            .is_none_or(|(revision, _)| *revision != open.revision())
        {
            let errors = open
                .document()
                .problems()
                .into_iter()
                .filter(feldherr_play::Problem::is_error)
                .collect();
            self.problems = Some((open.revision(), errors));
        }
        if let Some((_, problems)) = &self.problems
            && !problems.is_empty()
        {
            problems_banner(ui, texts, problems);
        }
        match open.document() {
            Document::Game(game) => {
                self.game
                    .show(ui, texts, game, open.revision(), dice, commands)
            }
            Document::Event(event) => {
                // An undo can take the hosted game away; then the event shows.
                if let Some(view) = &self.hosted
                    && event.hosted(&view.role).is_none()
                {
                    self.hosted = None;
                }
                if let Some(view) = &mut self.hosted
                    && let Some(hosted) = event.hosted(&view.role)
                {
                    // The names the game was seated with (a player renamed
                    // in the event since keeps his seat by id).
                    let players = hosted.seats.iter().map(|s| s.name.clone()).collect();
                    hosted_bar(ui, texts, event.name(), &hosted.game.name, commands);
                    let first = commands.len();
                    view.screen.set_players(players);
                    view.screen
                        .show(ui, texts, &hosted.game, open.revision(), dice, commands);
                    for command in &mut commands[first..] {
                        into_hosted(&view.role, command);
                    }
                    return;
                }
                let screen = self.event.get_or_insert_with(|| {
                    let mut screen = crate::systems::event_screens(event.event.kind());
                    if let Some(kept) = kept {
                        screen.restore_input(kept);
                    }
                    screen
                });
                screen.set_location(open.path());
                if !screen.full_screen()
                    && let Some(correction) =
                        self.share
                            .show(ui, texts, event, self.sharing.as_ref(), commands)
                {
                    screen.correct_result(&correction.table, &correction.values);
                }
                screen.show(ui, texts, event, open.revision(), commands);
            }
        }
    }
}

/// The line over a hosted game: the way back to the event and where the
/// game belongs.
fn hosted_bar(
    ui: &mut egui::Ui,
    texts: &Texts,
    event: &str,
    game: &str,
    commands: &mut Vec<Command>,
) {
    ui.horizontal_wrapped(|ui| {
        if ui
            .button(texts.f("hosted.back", &[("event", event)]))
            .clicked()
        {
            commands.push(Command::CloseHosted);
        }
        ui.label(texts.f("hosted.in_event", &[("game", game), ("event", event)]));
    });
    ui.separator();
}

/// Turns what the game screen asks of "its" document into edits of the
/// game the event hosts in `role`.
fn into_hosted(role: &Role, command: &mut Command) {
    let edit = match command {
        Command::Edit(DocumentEdit::Game(edit)) => edit.clone(),
        Command::Edit(DocumentEdit::Rename(name)) => GameEdit::Rename(name.clone()),
        _ => return,
    };
    *command = Command::Edit(DocumentEdit::Event(EventEdit::Hosted {
        role: role.clone(),
        edit,
    }));
}

/// The banner over a document opened read-only: which file, which unknown
/// keys were left out, and that "Save as" another file is the way on.
fn read_only_banner(ui: &mut egui::Ui, texts: &Texts, original: &std::path::Path, keys: &[String]) {
    let file = original.display().to_string();
    let keys = keys.join(", ");
    egui::Frame::new()
        .fill(ui.visuals().warn_fg_color.gamma_multiply(0.15))
        .stroke(egui::Stroke::new(1.0, ui.visuals().warn_fg_color))
        .inner_margin(egui::Margin::same(8))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.strong(texts.t("read_only.banner_title"));
            ui.add(
                egui::Label::new(texts.f(
                    "read_only.banner",
                    &[("file", file.as_str()), ("keys", keys.as_str())],
                ))
                .wrap(),
            );
        });
    ui.add_space(4.0);
}

/// The banner over a document that breaks the rules (validated on load and
/// after every change): the first problems with their paths, and how many
/// more. The document stays open, so the players can put it right.
fn problems_banner(ui: &mut egui::Ui, texts: &Texts, problems: &[feldherr_play::Problem]) {
    /// How many problems the banner lists.
    const SHOWN: usize = 5;
    egui::Frame::new()
        .fill(ui.visuals().error_fg_color.gamma_multiply(0.12))
        .stroke(egui::Stroke::new(1.0, ui.visuals().error_fg_color))
        .inner_margin(egui::Margin::same(8))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.strong(texts.t("problems.banner_title"));
            for p in problems.iter().take(SHOWN) {
                // In the interface language, naming things by name; the
                // saved path is in the hover for whoever edits the file.
                let line = ui.add(egui::Label::new(format!("•  {}", texts.problem(p))).wrap());
                if !p.path.is_empty() {
                    line.on_hover_text(&p.path);
                }
            }
            if problems.len() > SHOWN {
                ui.weak(texts.f(
                    "problems.more",
                    &[("n", &(problems.len() - SHOWN).to_string())],
                ));
            }
        });
    ui.add_space(4.0);
}
