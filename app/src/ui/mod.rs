//! One module per screen, plus reusable widgets.

pub mod damage_table;
pub mod odds_chart;
pub mod resolution_panel;
pub mod start;
