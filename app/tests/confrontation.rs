//! The Confrontation system in the app: a game driven through its
//! document with the crate's `ConfrontationGame` (shots, ramming, pressure
//! rolls, blasts, mines, passengers, figures killed), and its screens
//! (kittest): machines, status, repair, paths, the table overlay, the
//! record sheet.

mod common;

#[path = "confrontation/game.rs"]
mod game;
#[path = "confrontation/round.rs"]
mod round;
#[path = "confrontation/sheet.rs"]
mod sheet;
#[path = "confrontation/ui.rs"]
mod ui;

/// The Confrontation game of a document, to change it in a test (`None`
/// for another system).
pub fn conf_mut(
    doc: &mut feldherr_host::document::GameDoc,
) -> Option<&mut feldherr_confrontation::ConfrontationGame> {
    match &mut doc.game {
        feldherr_host::registry::SystemGame::Confrontation(game) => Some(game),
        _ => None,
    }
}
