//! Integration tests of the headless host: documents (parse, migrate,
//! save, undo, killed writers), hosted games feeding their event, and the
//! sheets and their export. One test binary.

mod architecture;
mod commands_agree;
mod disk_changes;
mod documents;
mod glossary;
mod hosted_games;
mod sharing;
mod sheets;
