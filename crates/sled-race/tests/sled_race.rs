//! Integration tests of the sled race engine: every rule of S1-S15 on
//! small constructed tracks with scripted dice.

mod sled_race {
    mod catalogue;
    mod collision;
    pub mod common;
    pub mod game;
    mod movement;
    mod proptest_race;
    mod refusals;
    mod speed;
    mod turning;
    mod validation;
    mod zone;
}
