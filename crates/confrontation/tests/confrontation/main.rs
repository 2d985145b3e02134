//! The tests of `feldherr-confrontation`, one binary (each module was a test
//! file of its own): the rule mechanics module by module, exact odds against
//! Monte Carlo, the catalogues, and the game behind the `feldherr-play`
//! contract (`game`: driven through its edits on the example table,
//! `fixtures/confrontation/example_game.json`).

mod abilities;
mod artillery;
mod counter_fire;
mod crew_and_ramming;
mod damage_table;
mod deviation;
mod machine_cards;
mod messages;
mod monte_carlo;
mod movement;
mod rolls;
mod roundtrip;
mod sickle;
mod steam_and_repair;
mod transport;

#[expect(
    clippy::expect_used,
    clippy::panic,
    reason = "a test fails loudly on an unexpected error"
)]
mod game {
    pub mod support;

    mod catalogue;
    mod document;
    mod fixes;
    mod orders;
    mod refusals;
    mod round_walk;
    mod rules_crew;
    mod rules_fire;
    mod rules_melee;
    mod scenario;
    mod v1;
    mod validation;
}
