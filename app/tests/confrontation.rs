//! The Confrontation system in the app: a game driven through its
//! document with the crate's `ConfrontationGame` (shots, ramming, pressure
//! rolls, blasts, mines, passengers, figures killed), and its screens
//! (kittest): machines, status, repair, paths, the table overlay, the
//! record sheet.

mod common;

#[path = "confrontation/game.rs"]
mod game;
#[path = "confrontation/sheet.rs"]
mod sheet;
#[path = "confrontation/ui.rs"]
mod ui;
