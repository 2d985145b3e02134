//! What the app remembers between runs (stored through eframe's storage).

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// The storage key of [`Settings`].
pub const STORAGE_KEY: &str = "feldherr.settings";

/// How many recent files are remembered.
pub const RECENT_LIMIT: usize = 10;

pub use feldherr_host::places::{autosave_dir, data_dir, settings_file};

/// User settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Interface language code ("en", "de", ...).
    pub language: String,
    /// Dark theme (else light).
    pub dark: bool,
    /// Recently opened or saved files, newest first.
    pub recent: Vec<PathBuf>,
    /// The documents open when the app was last closed (their paths or
    /// autosave files), offered for reopening at start.
    pub last_session: Vec<PathBuf>,
    /// Changed documents closed without a file of their own, newest first:
    /// kept in the autosave folder and listed on the start screen.
    pub drafts: Vec<Draft>,
    /// Input typed on a document's screen and not saved in the document
    /// yet (a result typed on an event's table), by the document's file or
    /// autosave file, in the screen's own format: kept over a restart.
    pub unsaved_input: std::collections::BTreeMap<PathBuf, String>,
}

/// A document kept as a draft: its autosave file and the name it had.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draft {
    /// The autosave file.
    pub path: PathBuf,
    /// The document's name when it was closed.
    pub name: String,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            language: crate::i18n::system_language(),
            dark: true,
            recent: Vec::new(),
            last_session: Vec::new(),
            drafts: Vec::new(),
            unsaved_input: std::collections::BTreeMap::new(),
        }
    }
}

impl Settings {
    /// English, dark, nothing remembered (tests use this).
    pub fn plain() -> Self {
        Self {
            language: "en".into(),
            ..Self::default()
        }
    }

    /// Puts the draft `path` at the top of the drafts (under its name now).
    pub fn keep_draft(&mut self, path: PathBuf, name: &str) {
        self.drafts.retain(|d| d.path != path);
        self.drafts.insert(
            0,
            Draft {
                path,
                name: name.to_owned(),
            },
        );
    }

    /// Puts `path` at the top of the recent files.
    pub fn remember(&mut self, path: PathBuf) {
        self.recent.retain(|p| p != &path);
        self.recent.insert(0, path);
        self.recent.truncate(RECENT_LIMIT);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// Issue 31: the data folder is where earlier versions kept settings and
    /// drafts (eframe's storage folder), so an update loses nothing.
    #[test]
    fn the_data_folder_is_where_earlier_versions_kept_drafts() {
        assert_eq!(data_dir(), eframe::storage_dir("Feldherr"));
        let autosave = autosave_dir().expect("a home folder in tests");
        assert!(autosave.ends_with("autosave"), "{}", autosave.display());
        assert_eq!(
            settings_file().and_then(|f| f.parent().map(Path::to_path_buf)),
            data_dir()
        );
    }
}
