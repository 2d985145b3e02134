//! One edit of the largest example documents (the 120-player New Year
//! event, the Warmaster game), against one clone of the same document: an
//! edit is applied once, in place, and clones the document once (its undo
//! snapshot), so the two take about the same time. (The allocation test
//! `one_edit_clones_the_document_once` checks the same in bytes.)

#![allow(missing_docs)]
#![expect(clippy::unwrap_used, reason = "benchmark inputs are fixtures")]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use feldherr_host::document::{self, Document, DocumentEdit, GameEdit};
use feldherr_host::history::OpenDocument;

fn fixture(path: &str) -> Document {
    let path = format!("{}/../../fixtures/{path}", env!("CARGO_MANIFEST_DIR"));
    feldherr_host::commands::load(std::path::Path::new(&path)).unwrap()
}

fn edit_against_clone(c: &mut Criterion, label: &str, doc: Document, edit: &DocumentEdit) {
    let mut group = c.benchmark_group(label);
    group.bench_function("clone the document", |b| b.iter(|| black_box(doc.clone())));
    let mut open = OpenDocument::new(doc.clone(), None);
    group.bench_function("apply one edit (undo snapshot included)", |b| {
        b.iter(|| {
            open.edit(edit).unwrap();
            // Back to where it was, so every round edits the same document.
            open.undo();
        });
    });
    group.finish();
}

fn edits(c: &mut Criterion) {
    let event = fixture("wfb-newyear/event-120.json");
    edit_against_clone(
        c,
        "120-player event",
        event,
        &DocumentEdit::Rename("Renamed event".into()),
    );
    let game = fixture("documents/warmaster-game.json");
    edit_against_clone(
        c,
        "Warmaster game",
        game,
        &DocumentEdit::Game(GameEdit::SetNotes("a note".into())),
    );
    let _ = document::SCHEMA_VERSION;
}

criterion_group!(benches, edits);
criterion_main!(benches);
