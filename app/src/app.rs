//! The app's runtime state and frame loop.

use eframe::egui;
use feldherr_dice::Dice;

use crate::i18n::Texts;
use crate::settings::{STORAGE_KEY, Settings};
use crate::ui::damage_table::DamageTableScreen;
use crate::ui::start;

/// Which screen is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    /// The start screen with the rule systems.
    Start,
    /// The Confrontation damage-table resolver.
    DamageTable,
}

/// What the UI asks for; applied after the frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Switch to a screen.
    Show(Screen),
    /// Switch the interface language.
    SetLanguage(String),
    /// Switch between dark and light theme.
    SetDark(bool),
}

/// The whole app.
#[derive(Debug)]
pub struct FeldherrApp {
    settings: Settings,
    texts: Texts,
    screen: Screen,
    damage: DamageTableScreen,
    dice: Dice,
    commands: Vec<Command>,
}

impl FeldherrApp {
    /// Creates the app, restoring settings from eframe's storage.
    pub fn new(cc: &eframe::CreationContext<'_>) -> Self {
        let settings: Settings = cc
            .storage
            .and_then(|s| eframe::get_value(s, STORAGE_KEY))
            .unwrap_or_default();
        let app = Self::with_settings(settings, Dice::from_entropy());
        app.apply_theme(&cc.egui_ctx);
        app
    }

    /// Creates the app with given settings and dice (tests use this).
    pub fn with_settings(settings: Settings, dice: Dice) -> Self {
        Self {
            texts: Texts::new(&settings.language),
            settings,
            screen: Screen::Start,
            damage: DamageTableScreen::default(),
            dice,
            commands: Vec::new(),
        }
    }

    /// The screen shown.
    pub fn screen(&self) -> Screen {
        self.screen
    }

    /// Queues a command, applied at the end of the next frame.
    pub fn queue(&mut self, command: Command) {
        self.commands.push(command);
    }

    /// The settings in force.
    pub fn settings(&self) -> &Settings {
        &self.settings
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
        match self.screen {
            Screen::Start => start::show(ui, &self.texts, &self.settings, &mut commands),
            Screen::DamageTable => {
                self.damage
                    .show(ui, &self.texts, &mut self.dice, &mut commands);
            }
        }
        if !commands.is_empty() {
            // What the commands changed is drawn in the next frame.
            ui.ctx().request_repaint();
        }
        for command in commands {
            self.apply(ui.ctx(), command);
        }
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
        }
    }
}

impl eframe::App for FeldherrApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, STORAGE_KEY, &self.settings);
    }
}
