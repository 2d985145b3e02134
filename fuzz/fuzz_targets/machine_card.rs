//! A Confrontation machine card: any text either loads or is refused,
//! never a panic; what loads saves and loads back identically.
#![no_main]

use feldherr_confrontation::MachineCard;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(card) = serde_json::from_str::<MachineCard>(text) {
        let saved = serde_json::to_string(&card).expect("a loaded card saves");
        let back: MachineCard = serde_json::from_str(&saved).expect("a saved card loads");
        assert_eq!(back, card, "the card changed on a save and load");
    }
});
