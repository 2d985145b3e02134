//! The screen of the active document: a game or an event.

use eframe::egui;
use feldherr_dice::Dice;

use crate::app::Command;
use crate::document::Document;
use crate::i18n::Texts;
use crate::session::OpenDocument;
use crate::systems::EventUi;
use crate::ui::game::GameScreen;

/// Runtime state of the document screen (reset when another document
/// becomes active).
#[derive(Debug, Default)]
pub struct DocumentScreen {
    game: GameScreen,
    event: Option<Box<dyn EventUi>>,
}

impl DocumentScreen {
    /// Draws the active document.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        open: &OpenDocument,
        dice: &mut Dice,
        commands: &mut Vec<Command>,
    ) {
        match open.document() {
            Document::Game(game) => {
                self.game
                    .show(ui, texts, game, open.revision(), dice, commands)
            }
            Document::Event(event) => {
                let screen = self.event.get_or_insert_with(|| event.event.ui());
                screen.set_location(open.path());
                screen.show(ui, texts, event, open.revision(), commands);
            }
        }
    }
}
