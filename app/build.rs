//! Finds the string catalogues in `i18n/` so that adding a language is
//! adding one file; for Windows, gives `feldherr.exe` its icon and version
//! resource.

use std::fmt::Write as _;
use std::{env, fs, path::Path};

fn main() {
    catalogues();
    if env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("windows") {
        windows_resource();
    }
}

/// The icon (`assets/feldherr.ico`, ID 1: Explorer, the taskbar and the
/// window's title bar show it) and the version resource (File Explorer's
/// "Details": version from the package, name, description, licence),
/// compiled with the resource compiler (MinGW's
/// `x86_64-w64-mingw32-windres` when cross-compiling from Linux).
fn windows_resource() {
    println!("cargo::rerun-if-changed=assets/feldherr.ico");
    let mut res = winresource::WindowsResource::new();
    res.set_icon("assets/feldherr.ico")
        .set("ProductName", "Feldherr")
        .set("FileDescription", "Feldherr")
        .set("InternalName", "feldherr")
        .set("OriginalFilename", "feldherr.exe")
        // Without apostrophes: the resource compiler keeps their escapes.
        .set(
            "Comments",
            "Referee and organiser desk for tabletop miniature wargames",
        )
        .set(
            "LegalCopyright",
            &format!(
                "Feldherr developers; licence {}",
                env::var("CARGO_PKG_LICENSE").unwrap_or_default()
            ),
        );
    if let Err(e) = res.compile() {
        println!("cargo::error=cannot compile the Windows resource (icon, version): {e}");
    }
}

/// Writes `catalogues.rs`: every `i18n/*.json`.
fn catalogues() {
    let dir = Path::new("i18n");
    println!("cargo::rerun-if-changed=i18n");
    let mut codes: Vec<String> = fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter_map(|e| {
                    let name = e.file_name().into_string().ok()?;
                    name.strip_suffix(".json").map(str::to_owned)
                })
                .collect()
        })
        .unwrap_or_default();
    codes.sort();
    let mut out = String::from("/// Every catalogue in `app/i18n/`: (language code, JSON text).\n");
    out.push_str("pub const CATALOGUES: &[(&str, &str)] = &[\n");
    for code in &codes {
        let _ = writeln!(
            out,
            "    ({code:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/i18n/{code}.json\"))),"
        );
    }
    out.push_str("];\n");
    let target =
        Path::new(&env::var("OUT_DIR").unwrap_or_else(|_| ".".into())).join("catalogues.rs");
    if let Err(e) = fs::write(&target, out) {
        println!("cargo::error=cannot write {}: {e}", target.display());
    }
}
