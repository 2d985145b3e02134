//! One edit clones the document at most once (issue #21): the bytes an
//! edit allocates, counted by a counting allocator, stay within one
//! clone's bytes and a small margin, for the largest example documents.
//! A test of its own binary, for the global allocator.

#![expect(
    unsafe_code,
    reason = "a counting global allocator around the system's"
)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use feldherr_host::document::{Document, DocumentEdit, GameEdit};
use feldherr_host::history::OpenDocument;

/// The system allocator, counting the bytes asked for.
struct Counting;

static ALLOCATED: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call goes straight to the system allocator with the same
// arguments; the counter is only read and added to.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATED.fetch_add(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATED.fetch_add(new_size, Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The bytes `f` allocates.
fn allocated(f: impl FnOnce()) -> usize {
    let before = ALLOCATED.load(Ordering::Relaxed);
    f();
    ALLOCATED.load(Ordering::Relaxed) - before
}

fn fixture(path: &str) -> Document {
    let path = format!("{}/../../fixtures/{path}", env!("CARGO_MANIFEST_DIR"));
    feldherr_host::commands::load(std::path::Path::new(&path)).expect("fixture")
}

/// `edit` of `doc` allocates at most one clone's bytes and 4 KiB.
fn check(doc: Document, edit: &DocumentEdit) {
    let one_clone = allocated(|| drop(std::hint::black_box(doc.clone())));
    // Not saved (no path): only the edit is counted.
    let mut open = OpenDocument::new(doc, None);
    let edit_bytes = allocated(|| open.edit(edit).expect("edit"));
    assert!(
        edit_bytes <= one_clone + 4096,
        "{} bytes for an edit, {one_clone} for a clone",
        edit_bytes
    );
    // And a refused edit costs no more (restored from the same snapshot).
    let refused = allocated(|| {
        assert!(open.edit(&DocumentEdit::Rename(" ".into())).is_err());
    });
    assert!(refused <= one_clone + 4096, "{refused} bytes for a refusal");
}

#[test]
fn one_edit_clones_the_document_once() {
    check(
        fixture("wfb-newyear/event-120.json"),
        &DocumentEdit::Rename("Renamed".into()),
    );
    check(
        fixture("documents/warmaster-game.json"),
        &DocumentEdit::Game(GameEdit::SetNotes("a note".into())),
    );
}
