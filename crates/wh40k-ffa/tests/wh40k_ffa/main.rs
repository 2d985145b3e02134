//! Integration tests of the 40K free-for-all engine: one binary, one
//! module per part of the rule text.

mod catalogue;
mod combat;
mod common;
mod deployment;
mod example_game;
mod players;
mod proptest_edits;
mod refusals;
mod turn_order;
mod units;
mod validation;
