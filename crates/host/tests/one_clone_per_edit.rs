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
/// The bytes live now, and the most live since [`peak`] last reset it.
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
/// The tests of this binary one at a time: the counters are global.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn grow(bytes: usize) {
    let live = LIVE.fetch_add(bytes, Ordering::Relaxed) + bytes;
    PEAK.fetch_max(live, Ordering::Relaxed);
}

// SAFETY: every call goes straight to the system allocator with the same
// arguments; the counter is only read and added to.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATED.fetch_add(layout.size(), Ordering::Relaxed);
        grow(layout.size());
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATED.fetch_add(new_size, Ordering::Relaxed);
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        grow(new_size);
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

/// The most bytes live at once while `f` runs, beyond those live before.
fn peak(f: impl FnOnce()) -> usize {
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    f();
    PEAK.load(Ordering::Relaxed) - before
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
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    check(
        fixture("wfb-newyear/event-120.json"),
        &DocumentEdit::Rename("Renamed".into()),
    );
    check(
        fixture("documents/warmaster-game.json"),
        &DocumentEdit::Game(GameEdit::SetNotes("a note".into())),
    );
}

/// Reading a document of the current schema builds no tree of it (issue
/// #28): the most memory parsing holds at once stays within twice what
/// the typed document itself holds (one clone) and a small margin, under
/// what a JSON tree of the text alone would hold.
#[test]
fn reading_a_document_builds_no_tree_of_it() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    for name in [
        "documents/newyear-event.json",
        "documents/warmaster-tournament.json",
        "documents/warmaster-game.json",
        "documents/confrontation-game.json",
    ] {
        let path = format!("{}/../../fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
        let fixture = std::fs::read_to_string(&path).expect("fixture");
        let doc = feldherr_host::document::parse(&fixture, name).expect("parses");
        // As Feldherr saves it (each tag first).
        let text = feldherr_host::document::to_json(&doc);
        let one_clone = peak(|| drop(std::hint::black_box(doc.clone())));
        let parsing = peak(|| {
            drop(std::hint::black_box(
                feldherr_host::document::parse(&text, name).expect("parses"),
            ));
        });
        let tree = peak(|| {
            drop(std::hint::black_box(
                serde_json::from_str::<serde_json::Value>(&text).expect("json"),
            ));
        });
        eprintln!("{name}: parse {parsing}, clone {one_clone}, tree {tree}");
        assert!(
            parsing <= 2 * one_clone + 16 * 1024,
            "{name}: {parsing} bytes held to parse, {one_clone} for a clone"
        );
        assert!(
            parsing < tree,
            "{name}: {parsing} bytes held to parse, {tree} for a tree"
        );
    }
}
