//! The JSON API of `bitgames serve`, route by route, good and bad input,
//! against the running binary; and a load test (200 requests, 20 at a time).

use crate::common;

use common::Server;
use serde_json::{Value, json};
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const EXAMPLE: &str = "(1,2) [0,0,2,0,0,1,2,0,4,1,3,0,0,0,1,0,0,1,3,4,0,1,1,2,2]";
const PERFT_POSITION: &str = "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2";

/// A server for one test (stopped when the test ends).
fn server() -> Server {
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
fn shallow_server(extra: &[&str]) -> Server {
    let book = shallow_book();
    let mut args = vec!["--book", book.as_str()];
    args.extend_from_slice(extra);
    Server::start(&args)
}

/// Runs the command with `stdin`; its standard output.
fn cli(args: &[&str], stdin: &str) -> String {
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

fn error_of(s: &Server, path: &str, params: &[(&str, &str)]) -> (u16, String) {
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

// ------------------------------------------------------------ Connect Four

#[test]
fn connect4_scores_follow_the_test_set_convention() {
    let s = server();
    // Lines of Pons' test sets (data/connect4): moves and the score for the player to move.
    for (moves, score) in [
        ("2252576253462244111563365343671351441", -1),
        ("7422341735647741166133573473242566", 1),
        ("23163416124767223154467471272416755633", 0),
        ("5554224333234511764415115", 4),
        ("44455554221", -15),
    ] {
        let (status, a) = s.get("/api/connect4/analyze", &[("moves", moves)]);
        assert_eq!(status, 200, "{moves}: {a}");
        assert_eq!(a["score"], score, "{moves}");
        assert_eq!(a["moves"], moves);
        assert_eq!(a["to_move"], (moves.len() % 2 + 1) as u64);
        let scores = a["scores"].as_array().unwrap();
        assert_eq!(scores.len(), 7);
        let best = a["best"].as_u64().unwrap() as usize;
        assert_eq!(
            scores[best - 1],
            score,
            "{moves}: best column has the best score"
        );
        assert!(scores.iter().flatten_scores().all(|s| s <= score));
    }
}

trait FlattenScores<'a> {
    fn flatten_scores(self) -> Box<dyn Iterator<Item = i64> + 'a>;
}

impl<'a, I: Iterator<Item = &'a Value> + 'a> FlattenScores<'a> for I {
    fn flatten_scores(self) -> Box<dyn Iterator<Item = i64> + 'a> {
        Box::new(self.filter_map(Value::as_i64))
    }
}

#[test]
fn connect4_analysis_matches_the_command() {
    let s = server();
    for moves in [
        "44455554221",
        "5554224333234511764415115",
        "175617344365477255",
    ] {
        let (status, api) = s.get("/api/connect4/analyze", &[("moves", moves)]);
        assert_eq!(status, 200, "{moves}: {api}");
        let cli: Value =
            serde_json::from_str(&cli(&["connect4", "analyze", moves, "--json"], "")).unwrap();
        // The same keys for the same things, with the same values.
        for key in [
            "moves",
            "width",
            "height",
            "to_move",
            "scores",
            "exact",
            "texts",
            "best",
            "best_columns",
            "score",
        ] {
            assert_eq!(api[key], cli[key], "{moves}: `{key}`");
        }
        assert!(
            cli["time_ms"].is_u64() && api["time_ms"].is_u64(),
            "{moves}"
        );
    }
}

#[test]
fn connect4_on_another_board_size_agrees_with_the_command() {
    let s = server();
    let moves = "1234567812345678";
    let params = [("size", "8x5"), ("moves", moves), ("time_ms", "20000")];
    let (status, a) = s.get("/api/connect4/analyze", &params);
    assert_eq!(status, 200, "{a}");
    let out = cli(
        &[
            "connect4", "analyze", "--width", "8", "--height", "5", "--json", moves,
        ],
        "",
    );
    let c: Value = serde_json::from_str(out.trim()).expect("JSON");
    assert_eq!(a["complete"], true);
    assert_eq!(a["scores"], c["scores"]);
    assert_eq!(a["scores"], json!([8, -9, 9, 1, 9, -9, 9, -9]));
    assert_eq!(a["texts"], c["texts"]);
    // The engine's move on that board, and the sizes the page offers.
    let (status, b) = s.get("/api/connect4/bestmove", &params);
    assert_eq!(status, 200, "{b}");
    assert_eq!((&b["exact"], &b["score"]), (&json!(true), &json!(9)));
    assert!(
        ["3", "5", "7"].contains(&b["best"].as_str().unwrap()),
        "{b}"
    );
    let (status, sizes) = s.get("/api/connect4/sizes", &[]);
    assert_eq!(status, 200);
    assert!(
        sizes["sizes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|x| x["size"] == "8x5")
    );
    let (status, why) = error_of(
        &s,
        "/api/connect4/state",
        &[("size", "8x99"), ("moves", "")],
    );
    assert_eq!(status, 400);
    assert!(why.contains("bad board size `8x99`"), "{why}");
}

#[test]
fn connect4_answer_in_full() {
    let s = server();
    let (status, a) = s.get("/api/connect4/analyze", &[("moves", "44455554221")]);
    assert_eq!(status, 200);
    assert_eq!(a["scores"], json!([-15, -15, -15, -15, -15, -15, -15]));
    assert_eq!(a["best"], 4);
    assert_eq!(a["to_move"], 2);
    assert_eq!(a["score_text"], "loss in 1");
    assert_eq!(
        a["board"],
        json!([
            ".......", ".......", "...OX..", "...XO..", ".O.OX..", "XX.XO.."
        ])
    );
    // mask: column c holds bits 7c..7c+5; three stones in column 1 are bits 0..=2 etc.
    // Decimal strings (a board past 53 bits does not fit a JavaScript number).
    let bits = |name: &str| -> u128 { a["bits"][name].as_str().unwrap().parse().unwrap() };
    let (mask, position, key) = (bits("mask"), bits("position"), bits("key"));
    assert_eq!(mask.count_ones(), 11);
    assert_eq!(position & !mask, 0);
    assert_eq!(key, position + mask + bits("bottom"));
    assert_eq!(mask & 0b111_1111, 0b1, "column 1 holds one stone");
}

#[test]
fn connect4_full_column_is_null_and_finished_games_have_no_scores() {
    let s = server();
    // Column 5 holds six stones; the others have room.
    let (status, a) = s.get(
        "/api/connect4/analyze",
        &[("moves", "5554224333234511764415115")],
    );
    assert_eq!(status, 200, "{a}");
    let scores = a["scores"].as_array().unwrap();
    for (c, score) in scores.iter().enumerate() {
        assert_eq!(score.is_null(), c == 4, "column {}: {score}", c + 1);
    }
    assert_eq!(a["board"][0], "....X..");
    let (status, won) = s.get("/api/connect4/analyze", &[("moves", "1212121")]);
    assert_eq!(status, 200);
    assert_eq!(won["status"], "player 1 wins");
    assert_eq!(won["winner"], 1);
    assert_eq!(won["scores"], json!(vec![Value::Null; 7]));
    assert_eq!(won["best"], Value::Null);
}

#[test]
fn connect4_bad_requests_say_what_is_wrong() {
    let s = server();
    let cases = [
        (
            "448",
            "bad Connect Four moves `448`: move 3 `8`: column 8 is outside 1..7",
        ),
        (
            "4444444",
            "bad Connect Four moves `4444444`: move 7 `4`: column 4 is full",
        ),
        (
            "12121212",
            "bad Connect Four moves `12121212`: move 8 `2`: the game is already over: player 1 has four in a row",
        ),
        (
            "44x",
            "bad Connect Four moves `44x`: character 3 `x`: not a column (use digits 1..7)",
        ),
    ];
    for (moves, expected) in cases {
        let (status, message) = error_of(&s, "/api/connect4/analyze", &[("moves", moves)]);
        assert_eq!(status, 400, "{moves}");
        assert_eq!(message, expected);
    }
    assert_eq!(
        error_of(&s, "/api/connect4/analyze", &[]),
        (400, "missing parameter `moves`".to_string())
    );
    let (status, message) = error_of(
        &s,
        "/api/connect4/analyze",
        &[("moves", "44"), ("time_ms", "soon")],
    );
    assert_eq!(status, 400);
    assert_eq!(
        message,
        "time_ms `soon` is not a whole number of milliseconds in 1..60000"
    );
    let (status, message) = error_of(
        &s,
        "/api/connect4/analyze",
        &[("moves", "44"), ("stream", "yes")],
    );
    assert_eq!(status, 400);
    assert_eq!(
        message,
        "stream `yes` is not 0 or 1 (1: one line per column as it is solved)"
    );
    let (status, message) = error_of(&s, "/api/connect4/bestmove", &[("position", "1212121")]);
    assert_eq!(status, 400);
    assert_eq!(
        message,
        "connect4 position `1212121`: the game is over (player 1 wins): there is no move to make"
    );
    let (status, message) = error_of(&s, "/api/connect4/state", &[("moves", "448")]);
    assert_eq!(status, 400);
    assert_eq!(
        message,
        "bad Connect Four moves `448`: move 3 `8`: column 8 is outside 1..7"
    );
}

#[test]
fn connect4_refused_moves_describe_the_position_before_them() {
    let s = server();
    for (moves, before) in [
        ("4444444", "444444"),
        ("12121212", "1212121"),
        ("44x", "44"),
        ("x", ""),
        ("4,4,4,4,4,4,4", "444444"),
        ("4,4,x", "44"),
    ] {
        for route in ["/api/connect4/state", "/api/connect4/analyze"] {
            let (status, body) = s.get(route, &[("moves", moves)]);
            assert_eq!(status, 400, "{route} {moves}: {body}");
            let (_, expected) = s.get("/api/connect4/state", &[("moves", before)]);
            assert_eq!(body["before_refused"], expected, "{route} {moves}");
        }
    }
    let (_, full) = s.get("/api/connect4/state", &[("moves", "4444444")]);
    assert_eq!(
        full["before_refused"]["playable"][3], false,
        "column 4 is full"
    );
    // Blanks between the digits (the generic routes' way) are dropped.
    let (status, spaced) = s.get("/api/connect4/state", &[("moves", " 4 4 3 ")]);
    assert_eq!(status, 200, "{spaced}");
    assert_eq!(spaced, s.get("/api/connect4/state", &[("moves", "443")]).1);
}

/// The lines of a streamed answer, parsed.
fn stream_lines(s: &Server, moves: &str, time_ms: &str) -> Vec<Value> {
    let path = common::with_query(
        "/api/connect4/analyze",
        &[("moves", moves), ("time_ms", time_ms), ("stream", "1")],
    );
    let (status, body) = s.get_text(&path);
    assert_eq!(status, 200, "{body}");
    body.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn connect4_slow_analysis_is_never_a_503_and_says_what_is_exact() {
    // The built-in book answers any early position at once, even in 50 ms.
    let s = server();
    for moves in ["", "4", "445", "4453", "444333"] {
        let (status, body) = s.get(
            "/api/connect4/analyze",
            &[("moves", moves), ("time_ms", "50")],
        );
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["complete"], true, "{moves}: {body}");
        let cli: Value =
            serde_json::from_str(&cli(&["connect4", "analyze", moves, "--json"], "")).unwrap();
        assert_eq!(body["scores"], cli["scores"], "{moves}");
    }
    // With a book of only the first 3 stones, early positions are slow.
    let s = shallow_server(&["--max-solves", "2"]);
    // That book answers the first two plies at once, even in 50 ms.
    let (status, body) = s.get("/api/connect4/analyze", &[("moves", ""), ("time_ms", "50")]);
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["scores"], json!([-2, -1, 0, 1, 0, -1, -2]));
    assert_eq!(body["complete"], true);
    // Three stones: past that book, not solved in 50 ms on a fresh server.
    // Not an error: the answer says what is known, and asks for more time.
    let started = Instant::now();
    let (status, body) = s.get(
        "/api/connect4/analyze",
        &[("moves", "445"), ("time_ms", "50")],
    );
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["complete"], false);
    assert_eq!(body["best"], Value::Null);
    assert_eq!(body["best_columns"], json!([]));
    assert_eq!(
        body["note"],
        "not every column was solved exactly within 50 ms: ask again with more time (time_ms, at most 60000)"
    );
    assert_eq!(body["to_move"], 2);
    for c in 0..7 {
        let exact = body["exact"][c].as_bool().unwrap();
        assert_eq!(exact, !body["scores"][c].is_null(), "column {}", c + 1);
        let words = body["texts"][c].as_str();
        match body["signs"][c].as_i64() {
            // Only the result known: the words say only that.
            Some(sign) if !exact => assert_eq!(
                words,
                Some(["loss", "draw", "win"][(sign + 1) as usize]),
                "column {}",
                c + 1
            ),
            Some(_) => assert!(words.unwrap().contains(" in ") || words == Some("draw")),
            None => assert_eq!(words, None, "column {}", c + 1),
        }
    }
}

#[test]
fn connect4_answers_do_not_depend_on_the_servers_history() {
    // Ten stones, solved in well under a second: a short budget may leave
    // columns unknown, but what it says agrees with the full answer, which is
    // the command's, on a fresh server and on a warm one alike.
    let moves = "4444433332";
    let cli: Value =
        serde_json::from_str(&cli(&["connect4", "analyze", moves, "--json"], "")).unwrap();
    let s = server();
    let (status, short) = s.get(
        "/api/connect4/analyze",
        &[("moves", moves), ("time_ms", "5")],
    );
    assert_eq!(status, 200, "{short}");
    for run in ["fresh", "warm"] {
        let (status, full) = s.get(
            "/api/connect4/analyze",
            &[("moves", moves), ("time_ms", "30000")],
        );
        assert_eq!(status, 200, "{full}");
        assert_eq!(full["complete"], true, "{run}");
        assert_eq!(full["scores"], cli["scores"], "{run}");
        assert_eq!(full["texts"], cli["texts"], "{run}");
        assert_eq!(full["best"], cli["best"], "{run}");
    }
    for c in 0..7 {
        if let Some(score) = short["scores"][c].as_i64() {
            assert_eq!(Some(score), cli["scores"][c].as_i64(), "column {}", c + 1);
        }
        if let Some(sign) = short["signs"][c].as_i64() {
            let exact = cli["scores"][c].as_i64().unwrap();
            assert_eq!(sign, exact.signum(), "column {}", c + 1);
        }
    }
    let fresh = server();
    let (_, again) = fresh.get(
        "/api/connect4/analyze",
        &[("moves", moves), ("time_ms", "30000")],
    );
    assert_eq!(again["scores"], cli["scores"]);
}

#[test]
fn connect4_streamed_analysis_sends_each_column_as_it_is_solved() {
    let s = server();
    // Columns 3 and 6 tie for the best score: both are named.
    let moves = "175617344365477255";
    let lines = stream_lines(&s, moves, "20000");
    assert_eq!(lines[0]["type"], "position");
    assert_eq!(lines[0]["moves"], moves);
    assert_eq!(lines[0]["board"][5], "XOXOXOO");
    let done = lines.last().unwrap();
    assert_eq!(done["type"], "done");
    assert_eq!(done["complete"], true);
    assert_eq!(done["scores"], json!([10, 3, 11, 10, 2, 11, 2]));
    assert_eq!(done["best"], 3);
    assert_eq!(done["best_columns"], json!([3, 6]));
    assert_eq!(done["score_text"], "win in 2");
    let columns: Vec<&Value> = lines.iter().filter(|l| l["type"] == "column").collect();
    assert_eq!(lines.len(), columns.len() + 2);
    // Solved at once: one exact line per column, centre first.
    let order: Vec<u64> = columns
        .iter()
        .map(|l| l["column"].as_u64().unwrap())
        .collect();
    assert_eq!(order, [4, 3, 5, 2, 6, 1, 7]);
    for l in &columns {
        let c = l["column"].as_u64().unwrap() as usize - 1;
        assert_eq!(l["exact"], true);
        assert_eq!(l["score"], done["scores"][c]);
        assert_eq!(l["words"], done["texts"][c]);
    }
    // A slow position (with the shallow book): whatever the budget allows,
    // each column's lines come win/draw/loss first, then exact, and agree
    // with each other.
    let s = shallow_server(&["--max-solves", "2"]);
    let lines = stream_lines(&s, "445", "1500");
    let done = lines.last().unwrap();
    assert_eq!(done["type"], "done");
    let mut seen_exact = [false; 7];
    for l in lines.iter().filter(|l| l["type"] == "column") {
        let c = l["column"].as_u64().unwrap() as usize - 1;
        let score = l["score"].as_i64().unwrap();
        assert!(
            !seen_exact[c],
            "column {}: a line after its exact one",
            c + 1
        );
        if l["exact"] == true {
            seen_exact[c] = true;
            assert_eq!(done["scores"][c], score);
        } else {
            assert!((-1..=1).contains(&score));
            assert_eq!(l["words"], ["loss", "draw", "win"][(score + 1) as usize]);
        }
        assert_eq!(done["signs"][c], score.signum());
    }
    // A finished game streams only its summary after the position.
    let lines = stream_lines(&s, "1212121", "1000");
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["type"], "done");
    assert_eq!(lines[0]["winner"], 1);
}

#[test]
fn connect4_a_stream_whose_client_goes_away_frees_its_engine() {
    use std::io::{BufRead, BufReader, Write as _};
    // One engine only. A long analysis (two stones, past the shallow book:
    // many seconds) is opened, its first line read, and the connection dropped.
    let s = shallow_server(&["--max-solves", "1"]);
    let path = common::with_query(
        "/api/connect4/analyze",
        &[("moves", "44"), ("time_ms", "60000"), ("stream", "1")],
    );
    {
        let mut stream = std::net::TcpStream::connect(&s.addr).expect("connect");
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            s.addr
        )
        .unwrap();
        let mut reader = BufReader::new(stream);
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        assert!(line.starts_with("HTTP/1.1 200"), "{line}");
        // Headers, then the first chunk of the body: the position line.
        while line.trim() != "" {
            line.clear();
            reader.read_line(&mut line).unwrap();
        }
        let mut chunk = String::new();
        reader.read_line(&mut chunk).unwrap(); // chunk size
        reader.read_line(&mut chunk).unwrap();
        assert!(chunk.contains("\"type\":\"position\""), "{chunk}");
    }
    // The search stops with its client: the one engine is free again at once,
    // not once the search next has a column to send (seconds at two stones),
    // nor after the 60 s budget, nor a 503 after the 20 s queue.
    let started = Instant::now();
    let (status, body) = s.get(
        "/api/connect4/analyze",
        &[("moves", "4444433332"), ("time_ms", "20000")],
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["complete"], true);
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "waited {:?} for the engine",
        started.elapsed()
    );
}

#[test]
fn connect4_state_names_the_winner_and_the_winning_cells() {
    let s = server();
    let (status, won) = s.get("/api/connect4/state", &[("moves", "1212121")]);
    assert_eq!(status, 200, "{won}");
    assert_eq!(won["over"], true);
    assert_eq!(won["winner"], 1);
    assert_eq!(won["status"], "player 1 wins");
    assert_eq!(
        won["winning_cells"],
        json!([[1, 1], [1, 2], [1, 3], [1, 4]])
    );
    assert_eq!(won["playable"], json!(vec![false; 7]));
    let (_, open) = s.get("/api/connect4/state", &[("moves", "444444")]);
    assert_eq!(open["over"], false);
    assert_eq!(open["winning_cells"], json!([]));
    assert_eq!(
        open["playable"],
        json!([true, true, true, false, true, true, true])
    );
    assert_eq!(open["to_move"], 1);
}

#[test]
fn connect4_engine_moves_are_exact_when_solved_and_say_so_when_not() {
    let s = server();
    // Solved at once: the most central of the best columns, exact, and both
    // best columns (3 and 6 win in 2).
    let (status, m) = s.get(
        "/api/connect4/bestmove",
        &[("position", "175617344365477255"), ("time_ms", "5000")],
    );
    assert_eq!(status, 200, "{m}");
    assert_eq!(m["best"], "3");
    assert_eq!(m["ties"], json!(["3", "6"]));
    assert_eq!(m["exact"], true);
    assert_eq!(m["score"], 11);
    assert_eq!(m["score_text"], "win in 2");
    assert_eq!(m["engine"], "solver");
    // The first move comes from the built-in book: exact from the start.
    let (_, m) = s.get("/api/connect4/bestmove", &[("time_ms", "300")]);
    assert_eq!(
        (m["best"].as_str(), m["exact"].as_bool()),
        (Some("4"), Some(true)),
        "{m}"
    );
    // And so does every early move: three stones in 50 ms.
    let (status, m) = s.get(
        "/api/connect4/bestmove",
        &[("moves", "4 4 5"), ("time_ms", "50")],
    );
    assert_eq!(status, 200, "{m}");
    assert_eq!(m["exact"], true, "{m}");
    // With the shallow book, three stones in 50 ms: a quick move, and the
    // answer says it is not exact (no score, no words but `unknown`).
    let s = shallow_server(&["--max-solves", "2"]);
    let (status, m) = s.get(
        "/api/connect4/bestmove",
        &[("moves", "4 4 5"), ("time_ms", "50")],
    );
    assert_eq!(status, 200, "{m}");
    assert_eq!(m["exact"], false);
    assert_eq!(m["score"], Value::Null);
    assert_eq!(m["score_text"], "unknown");
    let best: u64 = m["best"].as_str().unwrap().parse().unwrap();
    assert!((1..=7).contains(&best), "{m}");
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
            "bad santorini position `00000/1/mortal/mortal`: expected 25 levels, found 5",
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
            "santorini position `0300002000000000000000000/2/#mortal:B5,E1/mortal:C2,D2`: the game is over (player 1 wins): there is no move to make",
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
        "bad connect4 position `48`: move 2 `8`: column 8 is outside 1..7"
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

#[test]
fn connect4_moves_with_commas_are_read_and_written_as_digits() {
    let s = server();
    let (status, body) = s.get("/api/connect4/state", &[("moves", "4,4,5")]);
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["moves"], "445");
    let (status, body) = s.get("/api/connect4/state", &[("moves", "4,4,12")]);
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["error"],
        "bad Connect Four moves `4,4,12`: move 3 `12`: column 12 is outside 1..7"
    );
}
