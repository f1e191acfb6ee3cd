//! The page in a real browser, both ways it is served:
//!
//! - starts `bitgames serve`, then runs `e2e/browser.mjs` (playwright-core
//!   driving Debian's headless Chromium), which plays Connect Four,
//!   tic-tac-toe and a Santorini turn by clicking, checks the analysis shown
//!   against the API, and keeps screenshots in `artifacts/`;
//! - builds the static page (`scripts/build-site`, the engines in
//!   WebAssembly) into a temporary folder, serves it with `python3 -m
//!   http.server`, and runs `e2e/static_site.mjs`: the three games with their
//!   engines and exact Connect Four analysis, and no request to `/api`. A
//!   missing WebAssembly target or wasm-bindgen fails this test, naming it.
//!
//! Needs `chromium` (or `$CHROMIUM`), `node`, and `npm ci` run in `e2e/`
//! (`.ci/run` does all three). When one is missing the test fails, saying
//! what is missing: a skipped browser test must never read as a pass. To
//! skip it on purpose, set `BITGAMES_SKIP_BROWSER=1`; the test then says so
//! on stderr (and still fails when Chromium is there but the page is wrong).

mod common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("repository root")
}

fn on_path(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// What is missing to run the browser, if anything.
fn missing(root: &Path) -> Option<String> {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    if !Path::new(&chromium).exists() {
        return Some(format!(
            "chromium not found at {chromium} (apt-get install chromium)"
        ));
    }
    if !on_path("node") {
        return Some("node not found (apt-get install nodejs npm)".into());
    }
    if !root.join("e2e/node_modules/playwright-core").exists() {
        return Some("playwright-core not installed (cd e2e && npm ci)".into());
    }
    None
}

/// Held by each browser test while it runs: one Chromium at a time, so
/// that their timings do not suffer from each other.
static ONE_BROWSER: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The variable that skips the browser test on purpose.
const SKIP: &str = "BITGAMES_SKIP_BROWSER";

#[test]
fn the_page_works_in_chromium() {
    let root = repo_root();
    if let Some(why) = missing(&root) {
        if std::env::var_os(SKIP).is_some_and(|v| v == "1") {
            // Straight to stderr, past the test harness's capture, so the note is seen.
            let _ = writeln!(std::io::stderr(), "browser test NOT RUN ({SKIP}=1): {why}");
            return;
        }
        panic!(
            "the browser test cannot run: {why}. Install what is missing (.ci/run does), or set {SKIP}=1 to skip it on purpose"
        );
    }
    let _browser = ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let server = common::Server::start(&[]);
    // A second server whose book stops at 3 stones: early positions are slow
    // there, where the page's handling of a slow analysis is tested.
    let shallow_book = root.join("crates/bitgames/books/7x6-depth3.book");
    let shallow = common::Server::start(&["--book", shallow_book.to_str().expect("a UTF-8 path")]);
    let artifacts = root.join("artifacts");
    let out = Command::new("node")
        .arg(root.join("e2e/browser.mjs"))
        .arg(server.url())
        .arg(&artifacts)
        .arg(shallow.url())
        .env("BITGAMES_BIN", env!("CARGO_BIN_EXE_bitgames"))
        .current_dir(root.join("e2e"))
        .output()
        .expect("run node");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    println!("{stdout}");
    eprintln!("{stderr}");
    assert!(
        out.status.success(),
        "browser checks failed:\n{stdout}\n{stderr}"
    );
    assert!(artifacts.join("screenshot.png").exists());
}

/// `python3 -m http.server` on a free port, serving `dir`; stopped when dropped.
struct StaticServer {
    child: std::process::Child,
    url: String,
}

impl StaticServer {
    fn start(dir: &Path) -> StaticServer {
        use std::io::{BufRead, BufReader};
        let mut child = Command::new("python3")
            .args([
                "-u",
                "-m",
                "http.server",
                "0",
                "--bind",
                "127.0.0.1",
                "--directory",
            ])
            .arg(dir)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("run python3 -m http.server");
        // "Serving HTTP on 127.0.0.1 port 40123 (http://127.0.0.1:40123/) ..."
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("piped stdout"))
            .read_line(&mut line)
            .expect("read the server's first line");
        let port = line
            .split_whitespace()
            .skip_while(|w| *w != "port")
            .nth(1)
            .unwrap_or_else(|| panic!("no port in http.server's line {line:?}"));
        StaticServer {
            child,
            url: format!("http://127.0.0.1:{port}"),
        }
    }
}

impl Drop for StaticServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn the_static_site_works_in_chromium() {
    let root = repo_root();
    // The site is built even when the browser is skipped: a missing target
    // or wasm-bindgen fails here, in one line naming it.
    let site = std::env::temp_dir().join(format!("bitgames-site-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&site);
    let out = Command::new(root.join("scripts/build-site"))
        .arg(&site)
        .current_dir(&root)
        .output()
        .expect("run scripts/build-site");
    assert!(
        out.status.success(),
        "scripts/build-site failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for file in [
        "index.html",
        "assets/app.js",
        "assets/worker.js",
        "assets/bitgames_wasm.js",
        "assets/bitgames_wasm_bg.wasm",
        "assets/7x6-standard.book",
        "assets/site.json",
    ] {
        assert!(site.join(file).is_file(), "the site has no {file}");
    }
    if let Some(why) = missing(&root) {
        if std::env::var_os(SKIP).is_some_and(|v| v == "1") {
            let _ = writeln!(
                std::io::stderr(),
                "static-site browser test NOT RUN ({SKIP}=1): {why}"
            );
            return;
        }
        panic!(
            "the static-site browser test cannot run: {why}. Install what is missing (.ci/run does), or set {SKIP}=1 to skip it on purpose"
        );
    }
    let _browser = ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let server = StaticServer::start(&site);
    let out = Command::new("node")
        .arg(root.join("e2e/static_site.mjs"))
        .arg(&server.url)
        .arg(root.join("artifacts"))
        .env("BITGAMES_BIN", env!("CARGO_BIN_EXE_bitgames"))
        .current_dir(root.join("e2e"))
        .output()
        .expect("run node");
    drop(server);
    let _ = std::fs::remove_dir_all(&site);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    println!("{stdout}");
    eprintln!("{stderr}");
    assert!(
        out.status.success(),
        "static-site browser checks failed:\n{stdout}\n{stderr}"
    );
}
