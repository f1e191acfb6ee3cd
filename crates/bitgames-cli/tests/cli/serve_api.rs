//! The JSON API of `bitgames serve`, route by route, good and bad input,
//! against the running binary (Connect Four's in `serve_connect4`); and a load
//! test (200 requests, 20 at a time).

use crate::common;

use common::Server;
use serde_json::{Value, json};
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const EXAMPLE: &str = "(1,2) [0,0,2,0,0,1,2,0,4,1,3,0,0,0,1,0,0,1,3,4,0,1,1,2,2]";
const PERFT_POSITION: &str = "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2";

/// A server for one test (stopped when the test ends).
pub(crate) fn server() -> Server {
    Server::start(&["--max-solves", "2"])
}

/// The shallow book the built-in one is merged from: every position of at
/// most 3 stones, without the 10-stone layer.
fn shallow_book() -> String {
    format!(
        "{}/../bitgames/books/7x6-depth3.book",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// A server whose book stops at 3 stones, so that early positions take it
/// seconds to solve: where slow analyses are tested.
pub(crate) fn shallow_server(extra: &[&str]) -> Server {
    let book = shallow_book();
    let mut args = vec!["--book", book.as_str()];
    args.extend_from_slice(extra);
    Server::start(&args)
}

/// Runs the command with `stdin`; its standard output.
pub(crate) fn cli(args: &[&str], stdin: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bitgames"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run bitgames");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    let out = child.wait_with_output().expect("wait");
    assert!(out.status.success(), "bitgames {args:?} failed");
    String::from_utf8(out.stdout).expect("utf-8")
}

pub(crate) fn error_of(s: &Server, path: &str, params: &[(&str, &str)]) -> (u16, String) {
    let (status, body) = s.get(path, params);
    let message = body["error"]
        .as_str()
        .unwrap_or_else(|| panic!("{path} {params:?}: no error in {body}"))
        .to_string();
    (status, message)
}

// ------------------------------------------------------------ page

#[test]
fn page_and_assets_are_served_from_the_binary() {
    let s = server();
    let (status, html) = s.get_text("/");
    assert_eq!(status, 200);
    assert!(html.contains("<title>bitgames"), "{html}");
    assert!(html.contains("/assets/app.js"));
    for asset in ["app.js", "style.css", "icon.svg"] {
        let (status, body) = s.get_text(&format!("/assets/{asset}"));
        assert_eq!(status, 200, "{asset}");
        assert!(!body.is_empty(), "{asset}");
    }
    assert_eq!(s.get_text("/assets/nothing.js").0, 404);
    let (status, index) = s.get("/api", &[]);
    assert_eq!(status, 200);
    assert!(index["routes"].as_array().unwrap().len() >= 6);
}

/// The page modules a module imports: the specifier of each `import ... from
/// '...'` line (and `export ... from`), as a file name under `/assets/`.
fn imports_of(module: &str, text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines().map(str::trim) {
        let is_import = line.starts_with("import ") || line.starts_with("import{");
        let re_export = line.starts_with("export ") && line.contains(" from ");
        if !is_import && !re_export {
            continue;
        }
        // The last quoted string of the line: `'./api.js'` or `"./api.js"`.
        let quote = line
            .rfind(['\'', '"'])
            .unwrap_or_else(|| panic!("{module}: an import over several lines: {line}"));
        let open = line[..quote]
            .rfind(['\'', '"'])
            .unwrap_or_else(|| panic!("{module}: no specifier in {line}"));
        let spec = &line[open + 1..quote];
        let file = spec
            .strip_prefix("./")
            .or_else(|| spec.strip_prefix("/assets/"))
            .filter(|f| !f.contains('/'))
            .unwrap_or_else(|| {
                panic!("{module} imports `{spec}`: not one of the page's own modules")
            });
        found.push(file.to_string());
    }
    found
}

#[test]
fn every_module_the_page_imports_is_served_as_javascript() {
    let s = server();
    let (status, html) = s.get_text("/");
    assert_eq!(status, 200);
    assert!(
        html.contains(r#"<script type="module" src="/assets/app.js"></script>"#),
        "the page loads app.js as a module: {html}"
    );
    // From app.js, every module imported, and what those import.
    let mut served = std::collections::BTreeSet::new();
    let mut queue = vec!["app.js".to_string()];
    let mut imported_by_app = 0;
    while let Some(file) = queue.pop() {
        if !served.insert(file.clone()) {
            continue;
        }
        let (status, head, body) =
            common::request_with_head(&s.addr, "GET", &format!("/assets/{file}"));
        assert_eq!(status, 200, "/assets/{file}");
        let content_type = common::header(&head, "content-type").unwrap_or("");
        assert!(
            content_type.starts_with("text/javascript"),
            "/assets/{file} is served as `{content_type}`"
        );
        let imports = imports_of(&file, &body);
        if file == "app.js" {
            imported_by_app = imports.len();
        }
        queue.extend(imports);
    }
    assert!(
        imported_by_app >= 4,
        "app.js imports the API module and the game modules ({imported_by_app} imports)"
    );
    // Every module in the crate's web/ is served and reached from app.js.
    let web = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("web");
    let on_disk: std::collections::BTreeSet<String> = std::fs::read_dir(&web)
        .expect("web/")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".js"))
        .collect();
    assert_eq!(served, on_disk);
    for game in [
        "tictactoe.js",
        "connect4.js",
        "santorini.js",
        "generic.js",
        "api.js",
    ] {
        assert!(served.contains(game), "{game}");
    }
}

#[test]
fn unknown_api_routes_get_a_json_404_listing_the_routes() {
    let s = server();
    let (status, message) = error_of(&s, "/api/chess/analyze", &[("moves", "e4")]);
    assert_eq!(status, 404);
    assert!(message.starts_with("no API route /api/chess/analyze; the routes are: "));
    assert!(message.contains("/api/connect4/analyze"));
    let (status, body) = common::request(&s.addr, "POST", "/api/tictactoe/analyze?moves=1");
    assert_eq!(status, 405);
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap()["error"],
        "POST /api/tictactoe/analyze is not served: use GET"
    );
}

// ------------------------------------------------------------ tic-tac-toe

#[test]
fn tictactoe_analysis_matches_the_command() {
    let s = server();
    for moves in ["", "1", "1524", "15", "159", "14253"] {
        let (status, api) = s.get("/api/tictactoe/analyze", &[("moves", moves)]);
        assert_eq!(status, 200, "{moves}: {api}");
        let line = cli(&["tictactoe", "analyze", moves, "--json"], "");
        let cli: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(api["moves"], moves);
        // One function answers both: the same keys and the same values.
        assert_eq!(api, cli, "{moves}");
    }
}

#[test]
fn tictactoe_exact_values_and_bits() {
    let s = server();
    let (_, a) = s.get("/api/tictactoe/analyze", &[("moves", "1524")]);
    assert_eq!(a["to_move"], 1);
    assert_eq!(a["best"], 3);
    assert_eq!(a["result"], "win in 1");
    assert_eq!(
        a["scores"],
        json!([null, null, 1, null, null, 0, -1, -1, -1])
    );
    assert_eq!(a["cells"], json!([1, 1, 0, 2, 2, 0, 0, 0, 0]));
    assert_eq!(a["bits"]["x"], 0b11);
    assert_eq!(a["bits"]["o"], 0b11000);
    let (_, won) = s.get("/api/tictactoe/analyze", &[("moves", "14253")]);
    assert_eq!(won["status"], "X wins");
    assert_eq!(won["winner"], 1);
    assert_eq!(won["winning_line"]["squares"], json!([1, 2, 3]));
    assert_eq!(won["best"], Value::Null);
    assert_eq!(won["scores"], json!(vec![Value::Null; 9]));
}

#[test]
fn tictactoe_bad_requests_say_what_is_wrong() {
    let s = server();
    let cases = [
        (
            "155",
            "bad tic-tac-toe position `155`: move 3 `5` (character 3): square 5 (b2) is already taken by O",
        ),
        (
            "142536",
            "bad tic-tac-toe position `142536`: move 6 `6` (character 6): the game is already over (X has won)",
        ),
        (
            "10",
            "bad tic-tac-toe position `10`: move 2 `0` (character 2): not a square (use 1..9 or a1..c3)",
        ),
    ];
    for (moves, expected) in cases {
        let (status, message) = error_of(&s, "/api/tictactoe/analyze", &[("moves", moves)]);
        assert_eq!(status, 400, "{moves}");
        assert_eq!(message, expected);
    }
    assert_eq!(
        error_of(&s, "/api/tictactoe/analyze", &[]),
        (400, "missing parameter `moves`".to_string())
    );
}

// ------------------------------------------------------------ Santorini

#[test]
fn santorini_bestmove_gives_a_legal_move() {
    let s = server();
    let (status, a) = s.get(
        "/api/santorini/bestmove",
        &[("position", PERFT_POSITION), ("time_ms", "200")],
    );
    assert_eq!(status, 200, "{a}");
    let (_, legal) = s.get("/api/santorini/legal", &[("position", PERFT_POSITION)]);
    let legal: Vec<&str> = legal["legal_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(legal.len(), 68, "perft 1 from this position");
    assert!(legal.contains(&a["best"].as_str().unwrap()), "{a}");
    assert_eq!(a["position"], PERFT_POSITION);
    assert_eq!(a["engine"], "alpha-beta");
    assert!(a["depth"].as_u64().unwrap() >= 1);
    assert!(a["time_ms"].as_f64().unwrap() < 2000.0);
    assert!(a["score"].is_i64());
    assert_eq!(a["exact"], false, "a heuristic score at 200 ms: {a}");
    // A winning climb is found at once, and its score is exact.
    let (_, win) = s.get(
        "/api/santorini/bestmove",
        &[(
            "position",
            "0300002000000000000000000/1/mortal:B4,E1/mortal:C2,D2",
        )],
    );
    assert_eq!(win["best"], "B4>B5#", "{win}");
    assert_eq!(win["score_text"], "win in 1");
    assert_eq!(win["exact"], true);
}

/// Positions with gods go through the generic routes and Santorini's own:
/// the legal turns (santorini-ai's count), a turn of the god's played, the
/// engine's answer, the state with the gods' marks.
#[test]
fn santorini_routes_take_positions_with_gods() {
    let s = server();
    let gods = "0000000000000000000000000/1/apollo:B3,D3/minotaur:C4,C2";
    let (status, legal) = s.get("/api/santorini/legal", &[("position", gods)]);
    assert_eq!(status, 200, "{legal}");
    assert_eq!(legal["legal_moves"].as_array().unwrap().len(), 92);
    // Apollo swaps into C4 and builds.
    let (status, a) = s.get(
        "/api/santorini/state",
        &[("position", gods), ("moves", "B3>C4^B4")],
    );
    assert_eq!(status, 200, "{a}");
    assert_eq!(
        a["position"],
        "0000001000000000000000000/2/apollo:C4,D3/minotaur:B3,C2"
    );
    let (status, best) = s.get(
        "/api/santorini/bestmove",
        &[("position", gods), ("depth", "1")],
    );
    assert_eq!(status, 200, "{best}");
    let names: Vec<&str> = legal["legal_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert!(names.contains(&best["best"].as_str().unwrap()), "{best}");
}

#[test]
fn santorini_state_plays_moves_from_the_start() {
    let s = server();
    let (status, a) = s.get("/api/santorini/state", &[("moves", "B3,D3 C4,C2 B3>B4^A3")]);
    assert_eq!(status, 200, "{a}");
    assert_eq!(
        a["position"],
        "0000000000100000000000000/2/mortal:B4,D3/mortal:C4,C2"
    );
    assert_eq!(a["phase"], "move");
    assert_eq!(a["to_move"], 2);
    assert_eq!(a["levels"][10], 1, "A3 is built up to level 1");
    let (_, start) = s.get("/api/santorini/state", &[]);
    assert_eq!(start["phase"], "place");
    assert_eq!(start["legal_moves"].as_array().unwrap().len(), 300);
    // L0..L4 partition the 25 spaces.
    let levels: Vec<u64> = a["bits"]["level"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(
        levels.iter().fold(0, |x, l| x | l),
        a["bits"]["valid"].as_u64().unwrap()
    );
    assert_eq!(levels.iter().map(|l| l.count_ones()).sum::<u32>(), 25);
    assert_eq!(levels[1], 1 << 22, "A3 = (3,1) = bit 22 on level 1");
}

#[test]
fn santorini_bad_requests_say_what_is_wrong() {
    let s = server();
    type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a str);
    let cases: &[Case] = &[
        (
            "/api/santorini/state",
            &[("moves", "B3,D3 C4,C2 B3>B5^A3")],
            "move 3 `B3>B5^A3`: B5 is not next to B3",
        ),
        (
            "/api/santorini/state",
            &[("moves", "B3,D3 C4,C2 B3-B4")],
            "move 3 `B3-B4`: \"B3-B4\" is not a move (A1,B2 to place, C4>B4^B5 to move and build, A1>B2# to win)",
        ),
        (
            "/api/santorini/bestmove",
            &[("position", "00000/1/mortal/mortal")],
            "bad Santorini position `00000/1/mortal/mortal`: expected 25 levels, found 5",
        ),
        (
            "/api/santorini/bestmove",
            &[("position", PERFT_POSITION), ("time_ms", "0")],
            "time_ms `0` is not a whole number of milliseconds in 1..60000",
        ),
        (
            "/api/santorini/bestmove",
            &[
                (
                    "position",
                    "0300002000000000000000000/1/mortal:B4,E1/mortal:C2,D2",
                ),
                ("moves", "B4>B5# C2>C3^C4"),
            ],
            "move 2 (`C2>C3^C4`): the game is over (player 1 wins)",
        ),
        (
            "/api/santorini/bestmove",
            &[
                (
                    "position",
                    "0300002000000000000000000/1/mortal:B4,E1/mortal:C2,D2",
                ),
                ("moves", "B4>B5#"),
            ],
            "Santorini position `0300002000000000000000000/2/#mortal:B5,E1/mortal:C2,D2`: the game is over (player 1 wins): there is no move to make",
        ),
        (
            "/api/santorini/move-to",
            &[],
            "missing parameter `instance` (e.g. `(1,2) [0,0,2,...]`) or `position` with `space`",
        ),
        (
            "/api/santorini/move-to",
            &[(
                "instance",
                "(1,2) [0,0,2,0,0,1,2,0,4,1,3,0,0,0,1,0,0,1,3,4,0,1,1,2,5]",
            )],
            "bad instance `(1,2) [0,0,2,0,0,1,2,0,4,1,3,0,0,0,1,0,0,1,3,4,0,1,1,2,5]`: level 5 of space #25 is outside 0..4",
        ),
        (
            "/api/santorini/distances",
            &[("position", PERFT_POSITION)],
            "missing parameter `space`",
        ),
        (
            "/api/santorini/distances",
            &[("position", PERFT_POSITION), ("space", "F7")],
            "bad space `F7`: \"F7\" is not a space (A1..E5)",
        ),
        (
            "/api/santorini/move-to",
            &[
                (
                    "position",
                    "4000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2",
                ),
                ("space", "A5"),
            ],
            "A5 is a dome (level 4): no worker can stand there",
        ),
    ];
    for (path, params, expected) in cases {
        let (status, message) = error_of(&s, path, params);
        assert_eq!(status, 400, "{path} {params:?}");
        assert_eq!(&message, expected, "{path} {params:?}");
    }
}

#[test]
fn santorini_move_to_and_distances_match_the_command() {
    let s = server();
    let (status, m) = s.get("/api/santorini/move-to", &[("instance", EXAMPLE)]);
    assert_eq!(status, 200);
    assert_eq!(m["text"], "[(1,1),(2,1),(2,3)]");
    assert_eq!(m["move_to"], json!(["(1,1)", "(2,1)", "(2,3)"]));
    assert_eq!(m["move_to_spaces"], json!(["A5", "A4", "C4"]));
    assert_eq!(m["bitboard"], (1u64 << 8) | (1 << 15) | (1 << 17));
    let (_, d) = s.get("/api/santorini/distances", &[("instance", EXAMPLE)]);
    assert_eq!(
        d["text"],
        "[1,0,3,2,3,1,2,1,inf,3,3,2,2,2,3,3,3,3,5,inf,4,4,4,4,5]"
    );
    assert_eq!(d["distances"][8], Value::Null);
    assert_eq!(d["distances"][18], 5);
    // In a game position: the other workers count as level 4, as the command's instances do.
    for space in ["B3", "D3", "C4", "C2", "A1"] {
        let params = [("position", PERFT_POSITION), ("space", space)];
        let (_, m) = s.get("/api/santorini/move-to", &params);
        let (_, d) = s.get("/api/santorini/distances", &params);
        let instance = m["instance"].as_str().unwrap();
        assert_eq!(d["instance"], instance);
        let line = format!("{instance}\n");
        assert_eq!(
            cli(&["santorini", "move-to"], &line).trim(),
            m["text"],
            "{space}"
        );
        assert_eq!(
            cli(&["santorini", "distances"], &line).trim(),
            d["text"],
            "{space}"
        );
    }
}

// ------------------------------------------------------------ load

#[test]
fn two_hundred_requests_twenty_at_a_time_are_all_answered() {
    let server = shallow_server(&["--max-solves", "2"]);
    let started = Instant::now();
    let requests: Vec<String> = (0..200)
        .map(|i| match i % 4 {
            0 => common::with_query(
                "/api/santorini/bestmove",
                &[("position", PERFT_POSITION), ("time_ms", "40")],
            ),
            1 => common::with_query(
                "/api/connect4/analyze",
                &[("moves", "5554224333234511764415115"), ("time_ms", "2000")],
            ),
            // Early positions past the shallow book: each search is cut by
            // its time budget.
            2 => common::with_query(
                "/api/connect4/analyze",
                &[("moves", "445"), ("time_ms", "40")],
            ),
            _ => common::with_query("/api/tictactoe/analyze", &[("moves", "15")]),
        })
        .collect();
    let mut statuses = Vec::new();
    for wave in requests.chunks(20) {
        let handles: Vec<_> = wave
            .iter()
            .cloned()
            .map(|path| {
                let addr = server.addr.clone();
                std::thread::spawn(move || {
                    let t = Instant::now();
                    let (status, _) = common::get(&addr, &path);
                    (path, status, t.elapsed())
                })
            })
            .collect();
        // While the wave is in flight, a cheap request is answered at once.
        let t = Instant::now();
        let (status, _) = common::get(&server.addr, "/api/tictactoe/analyze?moves=1");
        assert_eq!(status, 200);
        assert!(
            t.elapsed() < Duration::from_secs(2),
            "a cheap request waited {:?}",
            t.elapsed()
        );
        for h in handles {
            statuses.push(h.join().expect("request thread"));
        }
    }
    assert_eq!(statuses.len(), 200);
    for (path, status, _) in &statuses {
        // Early positions cut by their budget are answered too (partly): no 503.
        assert_eq!(*status, 200, "{path}");
    }
    let slowest = statuses.iter().map(|s| s.2).max().unwrap();
    assert!(
        slowest < Duration::from_secs(20),
        "slowest answer {slowest:?}"
    );
    assert!(started.elapsed() < Duration::from_secs(60));
}

#[test]
fn bad_serve_options_are_reported() {
    let out = Command::new(env!("CARGO_BIN_EXE_bitgames"))
        .args(["serve", "--host", "nowhere", "--port", "0"])
        .output()
        .expect("run bitgames serve");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("bitgames: error: bad --host \"nowhere\": "),
        "{stderr}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_bitgames"))
        .args(["serve", "--port", "0", "--book", "/nonexistent/7x6.book"])
        .output()
        .expect("run bitgames serve");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("bitgames: error: cannot read book /nonexistent/7x6.book"),
        "{stderr}"
    );
}

#[test]
fn the_generic_legal_route_serves_every_game_through_the_trait() {
    let s = server();
    let (status, t) = s.get("/api/tictactoe/legal", &[("position", "1524")]);
    assert_eq!(status, 200, "{t}");
    assert_eq!(t["legal_moves"], json!(["3", "6", "7", "8", "9"]));
    assert_eq!(t["actions"], json!([2, 5, 6, 7, 8]));
    assert_eq!(t["num_actions"], 9);
    let (_, c) = s.get("/api/connect4/legal", &[("position", "1212121")]);
    assert_eq!(c["status"], "player 1 wins");
    assert_eq!(c["returns"], json!([1, -1]));
    assert_eq!(c["legal_moves"], json!([]));
    let (_, c) = s.get("/api/connect4/legal", &[("position", "444444")]);
    assert_eq!(c["legal_moves"], json!(["1", "2", "3", "5", "6", "7"]));
    let (_, st) = s.get("/api/santorini/legal", &[("position", PERFT_POSITION)]);
    assert_eq!(st["legal_moves"].as_array().unwrap().len(), 68);
    assert_eq!(st["num_actions"], 753);
    assert_eq!(st["position"], PERFT_POSITION);
    let (status, message) = error_of(&s, "/api/chess/legal", &[("position", "e4")]);
    assert_eq!(status, 404);
    assert_eq!(
        message,
        "no game `chess`: the games are tictactoe, connect4, santorini"
    );
    let (status, message) = error_of(&s, "/api/connect4/legal", &[("position", "48")]);
    assert_eq!(status, 400);
    assert_eq!(
        message,
        "bad Connect Four position `48`: move 2 `8`: column 8 is outside 1..7"
    );
    // No position is the start, as `-` is; moves are played from it.
    let (status, start) = s.get("/api/santorini/legal", &[]);
    assert_eq!(status, 200, "{start}");
    assert_eq!(start["legal_moves"].as_array().unwrap().len(), 300);
    let (_, c) = s.get(
        "/api/connect4/legal",
        &[("position", "-"), ("moves", "4 4 3")],
    );
    assert_eq!(c["to_move"], 2);
    assert_eq!(c["position"], "443", "the position in notation, not drawn");
    assert!(c["board"].as_str().unwrap().contains("1 2 3 4 5 6 7"));
    let (status, message) = error_of(&s, "/api/connect4/legal", &[("moves", "4 4 4 4 4 4 4")]);
    assert_eq!(status, 400);
    assert_eq!(message, "move 7 (`4`): column 4 is full");
    // Moves are separated by blanks only: a move may hold a comma, as
    // Santorini's placements do.
    let (status, st) = s.get("/api/santorini/legal", &[("moves", "B3,D3  C4,C2")]);
    assert_eq!(status, 200, "{st}");
    assert_eq!(st["position"], PERFT_POSITION);
    assert_eq!(st["legal_moves"].as_array().unwrap().len(), 68);
    let (status, message) = error_of(&s, "/api/connect4/legal", &[("moves", "4,4")]);
    assert_eq!(status, 400);
    assert!(message.starts_with("move 1 (`4,4`): "), "{message}");
}

#[test]
fn every_registered_game_is_listed_and_has_a_bestmove_route() {
    let s = server();
    let (status, g) = s.get("/api/games", &[]);
    assert_eq!(status, 200, "{g}");
    let names: Vec<&str> = g["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["game"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["tictactoe", "connect4", "santorini"]);
    assert_eq!(g["games"][0]["engine"], "perfect");
    // The players' names are the registry's, as the command says them.
    let players: Vec<&Value> = g["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| &x["players"])
        .collect();
    assert_eq!(
        players,
        [
            &json!(["X", "O"]),
            &json!(["Red", "Yellow"]),
            &json!(["Red", "Yellow"])
        ]
    );
    // Tic-tac-toe has no route of its own: the generic one answers, with
    // the keys of `bitgames bestmove --json`.
    let (status, b) = s.get("/api/tictactoe/bestmove", &[("position", "51")]);
    assert_eq!(status, 200, "{b}");
    assert_eq!(b["score_text"], "draw");
    assert_eq!(b["exact"], true);
    assert_eq!(b["ties"].as_array().unwrap().len(), 7);
    let cli = std::process::Command::new(env!("CARGO_BIN_EXE_bitgames"))
        .args(["bestmove", "tictactoe", "51", "--json"])
        .output()
        .unwrap();
    let cli: Value = serde_json::from_slice(&cli.stdout).unwrap();
    let keys = |v: &Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
    assert_eq!(
        keys(&cli),
        keys(&b),
        "the command and the API answer with the same keys"
    );
    assert_eq!(
        (cli["best"].clone(), cli["ties"].clone()),
        (b["best"].clone(), b["ties"].clone())
    );
    let (status, message) = error_of(&s, "/api/tictactoe/bestmove", &[("position", "14253")]);
    assert_eq!(status, 400);
    assert!(
        message.contains("the game is over (player 1 wins)"),
        "{message}"
    );
    let (status, message) = error_of(&s, "/api/tictactoe/bestmove", &[("depth", "0")]);
    assert_eq!(
        (status, message.as_str()),
        (400, "depth `0` is not a whole number in 1..=200")
    );
    let (status, _) = error_of(&s, "/api/chess/bestmove", &[]);
    assert_eq!(status, 404);
}
