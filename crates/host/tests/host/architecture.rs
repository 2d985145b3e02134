//! Architecture invariants of the workspace, checked on every `cargo
//! test` (each is stated in `docs/ARCHITECTURE.md` with this test's name).
//! They read the repository and `cargo metadata`; none runs a build.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The rule crates: one per rule system or kind of event.
const RULE_CRATES: [&str; 6] = [
    "feldherr-confrontation",
    "feldherr-sled-race",
    "feldherr-warheim",
    "feldherr-warmaster",
    "feldherr-wfb-newyear",
    "feldherr-wh40k-ffa",
];

/// Window toolkits no library may pull in.
const TOOLKITS: [&str; 3] = ["egui", "eframe", "winit"];

/// The workspace's resolved dependency graph: package name to the names
/// of its dependencies (normal, build and dev), and the workspace members
/// with their manifest folders.
struct Graph {
    deps: BTreeMap<String, BTreeSet<String>>,
    members: BTreeMap<String, PathBuf>,
}

/// The triple of the machine the tests run on (`rustc -vV`'s `host:`).
fn host_triple() -> String {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let output = std::process::Command::new(rustc)
        .arg("-vV")
        .output()
        .expect("rustc runs");
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .expect("rustc names its host")
        .to_owned()
}

fn graph() -> Graph {
    // The graph for this machine's platform: every package it needs is in
    // the local cache, so this runs offline.
    let output = std::process::Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--offline"])
        .args(["--filter-platform", &host_triple()])
        .current_dir(root())
        .output()
        .expect("cargo metadata runs");
    assert!(
        output.status.success(),
        "cargo metadata: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).expect("metadata JSON");
    let name_of: BTreeMap<String, String> = value["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .map(|p| {
            (
                p["id"].as_str().expect("id").to_owned(),
                p["name"].as_str().expect("name").to_owned(),
            )
        })
        .collect();
    let members: BTreeMap<String, PathBuf> = value["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .filter(|p| {
            value["workspace_members"]
                .as_array()
                .is_some_and(|m| m.contains(&p["id"]))
        })
        .map(|p| {
            let manifest = PathBuf::from(p["manifest_path"].as_str().expect("manifest"));
            (
                p["name"].as_str().expect("name").to_owned(),
                manifest.parent().expect("folder").to_path_buf(),
            )
        })
        .collect();
    let deps = value["resolve"]["nodes"]
        .as_array()
        .expect("resolve")
        .iter()
        .map(|node| {
            let name = name_of[node["id"].as_str().expect("id")].clone();
            let deps = node["deps"]
                .as_array()
                .expect("deps")
                .iter()
                .map(|d| name_of[d["pkg"].as_str().expect("pkg")].clone())
                .collect();
            (name, deps)
        })
        .collect();
    Graph { deps, members }
}

impl Graph {
    /// Every package `name` depends on, directly or not.
    fn closure(&self, name: &str) -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut todo = vec![name.to_owned()];
        while let Some(next) = todo.pop() {
            for dep in self.deps.get(&next).into_iter().flatten() {
                if seen.insert(dep.clone()) {
                    todo.push(dep.clone());
                }
            }
        }
        seen
    }
}

/// No crate under `crates/` (the host included) depends on a window
/// toolkit, directly or through another crate, not even for its tests.
#[test]
#[cfg_attr(
    windows,
    ignore = "runs cargo, which a cross-built test under Wine has not"
)]
fn no_library_crate_depends_on_a_window_toolkit() {
    let graph = graph();
    let crates = root().join("crates").canonicalize().expect("crates/");
    let mut libraries = 0;
    for (name, folder) in &graph.members {
        let Ok(folder) = folder.canonicalize() else {
            continue;
        };
        if !folder.starts_with(&crates) {
            continue;
        }
        libraries += 1;
        let pulled: Vec<&str> = TOOLKITS
            .into_iter()
            .filter(|t| graph.closure(name).contains(*t))
            .collect();
        assert!(pulled.is_empty(), "{name} depends on {pulled:?}");
    }
    assert!(
        libraries >= 14,
        "the library crates are found ({libraries})"
    );
    assert!(
        graph.closure("feldherr").contains("eframe"),
        "the check sees the app's toolkit (it would see a library's)"
    );
}

/// Rule crates never depend on each other: each rule system stands alone
/// on the ground crates (dice, geometry, table, play, scoring, sheet,
/// pairing).
#[test]
#[cfg_attr(
    windows,
    ignore = "runs cargo, which a cross-built test under Wine has not"
)]
fn rule_crates_never_depend_on_each_other() {
    let graph = graph();
    for name in RULE_CRATES {
        let deps = graph.deps.get(name).expect("a rule crate");
        let others: Vec<&&str> = RULE_CRATES
            .iter()
            .filter(|other| **other != name && deps.contains(**other))
            .collect();
        assert!(others.is_empty(), "{name} depends on {others:?}");
    }
}

/// Every `.rs` file under `dir`, as paths relative to the root.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![root().join(dir)];
    while let Some(next) = todo.pop() {
        for entry in std::fs::read_dir(&next).expect("folder").flatten() {
            let path = entry.path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path.strip_prefix(root()).expect("inside").to_path_buf());
            }
        }
    }
    out.sort();
    out
}

/// The words that name a rule system in code.
fn names_a_system(text: &str) -> Option<&'static str> {
    let lower = text.to_lowercase();
    [
        "confrontation",
        "warmaster",
        "warheim",
        "wh40k",
        "sled_race",
        "sledrace",
        "newyear",
        "new_year",
        "machine_card",
    ]
    .into_iter()
    .find(|word| lower.contains(word))
}

/// Generic files of the app and the host name no rule system: only each
/// system's folder (`app/src/systems/<system>/`) and the registrations
/// (`app/src/systems/registry.rs` and `mod.rs`, the host's
/// `registry/systems.rs` and `registry/schema_v1.rs`) do.
#[test]
fn generic_app_and_host_files_name_no_rule_system() {
    let allowed = |path: &Path| {
        let p = path.to_string_lossy().replace('\\', "/");
        (p.starts_with("app/src/systems/") && p.matches('/').count() > 3)
            || p == "app/src/systems/registry.rs"
            || p == "app/src/systems/mod.rs"
            || p == "crates/host/src/registry/systems.rs"
            || p == "crates/host/src/registry/schema_v1.rs"
    };
    let mut leaks = Vec::new();
    let mut checked = 0;
    for dir in ["app/src", "crates/host/src"] {
        for file in rust_files(Path::new(dir)) {
            if allowed(&file) {
                continue;
            }
            checked += 1;
            let text = std::fs::read_to_string(root().join(&file)).expect("read");
            for (n, line) in text.lines().enumerate() {
                if let Some(word) = names_a_system(line) {
                    leaks.push(format!("{}:{}: {word}", file.display(), n + 1));
                }
            }
        }
    }
    assert!(checked >= 20, "the generic files are found ({checked})");
    assert!(
        leaks.is_empty(),
        "generic files name rule systems:\n{}",
        leaks.join("\n")
    );
}

/// `crates/dice` and `crates/geometry` serve every system and cite no
/// system's ruling id (N, S, W, H, C, F and the project's P-ids); the
/// general rulings G1-G4 are everyone's.
#[test]
fn dice_and_geometry_cite_no_system_ruling() {
    let is_ruling = |word: &str| {
        let mut chars = word.chars();
        match chars.next() {
            Some('N' | 'S' | 'W' | 'H' | 'C' | 'F') => {
                let rest = chars.as_str();
                !rest.is_empty() && rest.len() <= 2 && rest.chars().all(|c| c.is_ascii_digit())
            }
            Some('P') => {
                let rest = chars
                    .as_str()
                    .trim_start_matches(|c: char| c.is_ascii_uppercase());
                !rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit())
            }
            _ => false,
        }
    };
    let mut found = Vec::new();
    for dir in ["crates/dice", "crates/geometry"] {
        let mut files = rust_files(Path::new(dir));
        files.push(PathBuf::from(dir).join("README.md"));
        for file in files {
            let text = std::fs::read_to_string(root().join(&file)).expect("read");
            for (n, line) in text.lines().enumerate() {
                for word in line.split(|c: char| !c.is_ascii_alphanumeric()) {
                    if is_ruling(word) {
                        found.push(format!("{}:{}: {word}", file.display(), n + 1));
                    }
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "system ruling ids cited:\n{}",
        found.join("\n")
    );
}
