//! What the app remembers between runs (stored through eframe's storage).

use serde::{Deserialize, Serialize};

/// The storage key of [`Settings`].
pub const STORAGE_KEY: &str = "feldherr.settings";

/// User settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Interface language code ("en", "de", ...).
    pub language: String,
    /// Dark theme (else light).
    pub dark: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            language: crate::i18n::system_language(),
            dark: true,
        }
    }
}
