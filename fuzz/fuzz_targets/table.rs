//! The table loader: any text either loads or is refused, never a panic;
//! what loads saves and loads back identically.
#![no_main]

use feldherr_table::Table;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(table) = serde_json::from_str::<Table>(text) {
        let saved = serde_json::to_string(&table).expect("a loaded table saves");
        let back: Table = serde_json::from_str(&saved).expect("a saved table loads");
        assert_eq!(back, table, "the table changed on a save and load");
    }
});
