//! One module per screen, plus reusable widgets.

pub mod checked_button;
pub mod disk_banner;
pub mod document_screen;
pub mod game;
pub mod odds_chart;
pub mod palette;
pub mod print_tab;
pub mod resolution_panel;
pub mod share_panel;
pub mod standings_view;
pub mod start;
pub mod table_canvas;
pub mod top_bar;
