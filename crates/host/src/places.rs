//! Where Feldherr keeps its own files on this machine: the data folder of
//! the platform's convention, with the settings file and the autosave
//! folder of documents not saved under a name yet.

use std::path::PathBuf;

/// Feldherr's data folder, by the platform's convention: the settings
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

/// Where [`data_dir`] keeps the claims of open document files (see
/// [`crate::file_claim`]).
pub fn claims_dir() -> Option<PathBuf> {
    data_dir().map(|dir| dir.join("open"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn settings_and_autosave_live_in_the_data_folder() {
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
