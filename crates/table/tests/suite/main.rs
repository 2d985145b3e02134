//! Tests of `feldherr-table`: edits, placement violations, measuring,
//! pictures and JSON round trips. Data-driven cases live in
//! `fixtures/table/`.
#![allow(clippy::unwrap_used)]

mod annotate;
mod common;
mod edits;
mod example_rules;
mod measure;
mod render;
mod roundtrip;
mod serde_io;
mod violations;
