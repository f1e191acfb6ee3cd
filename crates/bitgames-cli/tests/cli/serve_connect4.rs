//! The JSON API of `bitgames serve` for Connect Four: analyses against the
//! command, streamed and slow analyses, engine moves and bad input.

use crate::common::{self, Server};
use crate::serve_api::{cli, error_of, server, shallow_server};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

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
        "Connect Four position `1212121`: the game is over (player 1 wins): there is no move to make"
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
