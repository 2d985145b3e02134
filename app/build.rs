//! Finds the string catalogues in `i18n/` so that adding a language is
//! adding one file.

use std::fmt::Write as _;
use std::{env, fs, path::Path};

fn main() {
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
