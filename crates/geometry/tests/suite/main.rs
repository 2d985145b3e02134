//! Integration tests for `feldherr-geometry`, in one binary to keep builds
//! quick.
#![allow(clippy::unwrap_used)]

mod arcs;
mod basics;
mod bounded;
mod common;
mod distance;
mod errors;
mod paths;
mod placement;
mod properties;
mod serde_io;
