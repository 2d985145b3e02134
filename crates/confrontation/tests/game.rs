//! A Confrontation game behind the `feldherr-play` contract, driven through
//! its edits: shots, ramming, pressure rolls, blasts, mines and passengers
//! built from the example table (fixtures/confrontation/example_game.json),
//! answered with given dice, and their results applied to the machines.
//! Ported from the app's scenario tests with the same assertions.

#![expect(
    clippy::expect_used,
    clippy::panic,
    reason = "a test fails loudly on an unexpected error"
)]

mod game {
    pub mod support;

    mod catalogue;
    mod fixes;
    mod orders;
    mod scenario;
    mod v1;
}
