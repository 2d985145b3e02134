//! What the app remembers between runs (stored through eframe's storage).

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// The storage key of [`Settings`].
pub const STORAGE_KEY: &str = "feldherr.settings";

/// How many recent files are remembered.
pub const RECENT_LIMIT: usize = 10;

/// The app's data folder, by the platform's convention: the settings
/// (`app.ron`: language, theme, recent files, last session) and the
/// `autosave` folder of documents not saved yet live here.
///
/// * Windows: `%APPDATA%\Feldherr\data` (the roaming AppData known
///   folder, e.g. `C:\Users\Anna\AppData\Roaming\Feldherr\data`);
/// * Linux: `$XDG_DATA_HOME/feldherr`, by default `~/.local/share/feldherr`;
/// * macOS: `~/Library/Application Support/Feldherr`.
///
/// This is the folder eframe's storage used before (a test holds the two
/// equal), so no setting or draft is left behind. `None` when the system
/// names no home folder; the app then neither remembers nor autosaves.
pub fn data_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "Feldherr").map(|dirs| dirs.data_dir().to_path_buf())
}

/// Where [`data_dir`] keeps the settings.
pub fn settings_file() -> Option<PathBuf> {
    data_dir().map(|dir| dir.join("app.ron"))
}

/// Where [`data_dir`] keeps the documents not saved yet.
pub fn autosave_dir() -> Option<PathBuf> {
    data_dir().map(|dir| dir.join("autosave"))
}

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
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            language: crate::i18n::system_language(),
            dark: true,
            recent: Vec::new(),
            last_session: Vec::new(),
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

    /// Issue 31: on Windows the data folder lies in the user's roaming
    /// AppData.
    #[cfg(windows)]
    #[test]
    fn windows_keeps_data_under_appdata() {
        let dir = data_dir().expect("AppData");
        let appdata = std::env::var_os("APPDATA").expect("APPDATA is set");
        assert_eq!(dir, Path::new(&appdata).join("Feldherr").join("data"));
    }
}
