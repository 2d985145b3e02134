//! Issue #28, "no lost edits": a document whose file someone else wrote
//! since this session read or wrote it is never silently overwritten.

use std::path::PathBuf;

use feldherr_host::HostError;
use feldherr_host::document::{self, Document, DocumentEdit, GameDoc, GameEdit};
use feldherr_host::history::OpenDocument;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("feldherr-disk-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn game(name: &str) -> Document {
    Document::Game(GameDoc::new(name, "warheim").expect("a registered system"))
}

fn rename(name: &str) -> DocumentEdit {
    DocumentEdit::Game(GameEdit::Rename(name.into()))
}

/// Two windows, one file: the second window's edit is not written over
/// the first window's, which it never read; the user compares, then keeps
/// his own or takes the file's, and nothing is lost either way.
#[test]
fn an_edit_never_overwrites_what_another_window_wrote() {
    let dir = temp_dir("two-windows");
    let path = dir.join("Vereinsabend Köln.json");
    document::save(&path, &game("Evening game")).expect("saved");
    let mut first = OpenDocument::open(&path).expect("opens");
    let mut second = OpenDocument::open(&path).expect("opens again");

    first.edit(&rename("Renamed in the first")).expect("edit");
    assert!(!first.changed_on_disk());
    assert_eq!(first.save_error(), None);

    // The second window still shows the old name and changes it too.
    assert!(
        second.check_disk(),
        "the focus check sees the first's write"
    );
    second.edit(&rename("Renamed in the second")).expect("edit");
    assert!(second.changed_on_disk());
    let refusal = second.save_error().expect("the save is refused");
    assert!(
        refusal.contains("was changed by another program"),
        "{refusal}"
    );
    assert_eq!(
        document::load(&path).expect("loads").name(),
        "Renamed in the first",
        "the file keeps the first window's edit"
    );
    // Later edits are not written either, until the user decides.
    second.edit(&rename("Renamed again")).expect("edit");
    assert_eq!(
        document::load(&path).expect("loads").name(),
        "Renamed in the first"
    );

    let comparison = second.compare_with_disk().expect("compares");
    assert_eq!(comparison.more, 0);
    assert_eq!(comparison.differences.len(), 1, "{comparison:?}");
    let difference = &comparison.differences[0];
    assert_eq!(difference.path, "name");
    assert_eq!(difference.mine.as_deref(), Some("\"Renamed again\""));
    assert_eq!(difference.disk.as_deref(), Some("\"Renamed in the first\""));

    // Take the file's version: the window's stays one undo away.
    second.reload().expect("reloads");
    assert!(!second.changed_on_disk());
    assert_eq!(second.save_error(), None);
    assert_eq!(second.document().name(), "Renamed in the first");
    assert!(second.undo());
    assert_eq!(second.document().name(), "Renamed again");
    assert_eq!(
        document::load(&path).expect("loads").name(),
        "Renamed again",
        "undoing the reload is an edit like any other and is saved"
    );

    // Now the first window is behind; it keeps its own version on purpose.
    first.edit(&rename("The first insists")).expect("edit");
    assert!(first.changed_on_disk());
    first.keep_mine().expect("writes");
    assert!(!first.changed_on_disk());
    assert_eq!(
        document::load(&path).expect("loads").name(),
        "The first insists"
    );
    // And from then on its edits are saved again.
    first.edit(&rename("Saved as usual")).expect("edit");
    assert_eq!(
        document::load(&path).expect("loads").name(),
        "Saved as usual"
    );
}

/// A file rewritten with the same bytes (a backup tool, a sync client,
/// `touch`) is no change; a file deleted meanwhile is written again.
#[test]
fn the_same_bytes_or_a_deleted_file_are_no_conflict() {
    let dir = temp_dir("same-bytes");
    let path = dir.join("game.json");
    document::save(&path, &game("Evening game")).expect("saved");
    let mut open = OpenDocument::open(&path).expect("opens");
    let bytes = std::fs::read(&path).expect("read");
    std::thread::sleep(std::time::Duration::from_millis(20));
    std::fs::write(&path, &bytes).expect("rewritten");
    assert!(!open.check_disk());
    open.edit(&rename("Still saved")).expect("edit");
    assert_eq!(open.save_error(), None);
    assert_eq!(document::load(&path).expect("loads").name(), "Still saved");

    std::fs::remove_file(&path).expect("deleted");
    assert!(!open.check_disk());
    open.edit(&rename("Written again")).expect("edit");
    assert_eq!(
        document::load(&path).expect("loads").name(),
        "Written again"
    );
}

/// Save as another file leaves the changed file alone and saves there
/// from then on.
#[test]
fn save_as_resolves_a_conflict_without_touching_the_changed_file() {
    let dir = temp_dir("save-as");
    let path = dir.join("game.json");
    document::save(&path, &game("Evening game")).expect("saved");
    let mut open = OpenDocument::open(&path).expect("opens");
    document::save(&path, &game("Someone else's")).expect("another program writes");
    open.edit(&rename("Mine")).expect("edit");
    assert!(open.changed_on_disk());
    let mine = dir.join("mine.json");
    open.save_as(&mine).expect("saved as");
    assert!(!open.changed_on_disk());
    assert_eq!(
        document::load(&path).expect("loads").name(),
        "Someone else's"
    );
    assert_eq!(document::load(&mine).expect("loads").name(), "Mine");
    open.edit(&rename("Mine, later")).expect("edit");
    assert_eq!(document::load(&mine).expect("loads").name(), "Mine, later");
}

/// A reload of a file that is no document any more changes nothing.
#[test]
fn a_damaged_file_is_not_reloaded() {
    let dir = temp_dir("damaged");
    let path = dir.join("game.json");
    document::save(&path, &game("Evening game")).expect("saved");
    let mut open = OpenDocument::open(&path).expect("opens");
    std::fs::write(&path, "{ not json").expect("damaged");
    open.edit(&rename("Mine")).expect("edit");
    assert!(open.changed_on_disk());
    assert!(matches!(open.reload(), Err(HostError::Syntax { .. })));
    assert!(open.changed_on_disk());
    assert_eq!(open.document().name(), "Mine");
}

/// A second window opening the same file is told so; once the first
/// closes it, nobody else holds it. "Save as" claims the new file.
#[test]
fn a_second_window_on_the_same_file_is_told() {
    let dir = temp_dir("claims");
    let claims = dir.join("data").join("open");
    let path = dir.join("Vereinsabend Köln.json");
    document::save(&path, &game("Evening game")).expect("saved");
    let mut first = OpenDocument::open(&path).expect("opens");
    first.claim_in(&claims);
    assert!(!first.open_elsewhere());
    let mut second = OpenDocument::open(&path).expect("opens again");
    second.claim_in(&claims);
    assert!(second.open_elsewhere());

    // The second saves under another name: that file is its own.
    second.save_as(&dir.join("copy.json")).expect("saved as");
    assert!(!second.open_elsewhere());
    let mut third = OpenDocument::open(&dir.join("copy.json")).expect("opens");
    third.claim_in(&claims);
    assert!(third.open_elsewhere(), "the copy is the second's now");

    drop(first);
    let mut fourth = OpenDocument::open(&path).expect("opens");
    fourth.claim_in(&claims);
    assert!(!fourth.open_elsewhere(), "the first window let go");
}
