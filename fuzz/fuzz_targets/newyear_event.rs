//! The New Year event loader: any text either loads or is refused, never a
//! panic; what loads saves and loads back.
#![no_main]

use feldherr_wfb_newyear::Event;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(event) = Event::from_json(text) {
        let saved = event.to_json().expect("a loaded event saves");
        let back = Event::from_json(&saved).expect("a saved event loads");
        assert_eq!(back, event, "the event changed on a save and load");
    }
});
