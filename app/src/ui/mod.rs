//! One module per screen, plus reusable widgets.

pub mod confrontation;
pub mod damage_table;
pub mod document_screen;
pub mod event;
pub mod game;
pub mod odds_chart;
pub mod resolution_panel;
pub mod start;
pub mod table_canvas;
pub mod top_bar;
