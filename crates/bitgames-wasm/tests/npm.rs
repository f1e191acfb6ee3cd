//! The npm package from Node: `npm pack` in `npm/` (its prepack builds the
//! WebAssembly module with `scripts/build-wasm`), the tarball installed in a
//! fresh project, then `npm/test.mjs` run there: Connect Four analysis with
//! the book, the Santorini engine's move, tic-tac-toe, errors.
//!
//! Needs node and npm, the Rust target wasm32-unknown-unknown and
//! wasm-bindgen's command (`./test --setup` installs them); a missing one
//! fails the test, naming it.

use std::path::{Path, PathBuf};
use std::process::Command;

fn run(what: &str, cmd: &mut Command) -> String {
    let out = cmd.output().unwrap_or_else(|e| {
        panic!("{what}: cannot run it ({e}): is it installed? (./test --setup)")
    });
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{what} failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

#[test]
fn the_npm_package_works_from_node() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let npm_dir = root.join("npm");
    let project = std::env::temp_dir().join(format!("bitgames-npm-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&project);
    std::fs::create_dir_all(&project).expect("a temporary project");
    let packed = run(
        "npm pack",
        Command::new("npm")
            .args(["pack", "--silent", "--pack-destination"])
            .arg(&project)
            .current_dir(&npm_dir),
    );
    let tarball: PathBuf = project.join(packed.lines().last().expect("the tarball's name").trim());
    assert!(tarball.is_file(), "npm pack wrote no {}", tarball.display());
    std::fs::write(
        project.join("package.json"),
        r#"{"name": "npm-test", "private": true, "type": "module"}"#,
    )
    .expect("package.json");
    run(
        "npm install of the tarball",
        Command::new("npm")
            .args([
                "install",
                "--offline",
                "--no-audit",
                "--no-fund",
                "--silent",
            ])
            .arg(&tarball)
            .current_dir(&project),
    );
    std::fs::copy(npm_dir.join("test.mjs"), project.join("test.mjs")).expect("copy test.mjs");
    let out = run(
        "node test.mjs",
        Command::new("node").arg("test.mjs").current_dir(&project),
    );
    assert!(out.contains("every check passed"), "{out}");
    let _ = std::fs::remove_dir_all(&project);
}
