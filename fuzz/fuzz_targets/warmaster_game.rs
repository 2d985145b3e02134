//! A Warmaster game document through the host's loader (not the
//! app): it loads or is refused, never a panic; what loads saves and loads
//! back equal; what `check` accepts renders its sheets and, for an
//! event, its standings. See `common/host_document.rs`.
#![no_main]

#[path = "common/host_document.rs"]
mod host_document;

use host_document::Kind;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| host_document::check(data, Kind::Game("warmaster")));
