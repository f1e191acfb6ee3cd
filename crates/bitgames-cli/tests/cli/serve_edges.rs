//! Issue 73, items 10 and 11 (the server's part): the HTTP and JSON edges.
//! Every error has a JSON body, unknown and repeated parameters are named,
//! HEAD runs no search, drawn seeds survive a JavaScript number, and
//! `santorini/state` reads `-` as `santorini/legal` does.

use crate::common;

use common::Server;
use serde_json::Value;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::time::Duration;

/// Sends `raw` bytes as a request on a fresh connection: the status, the
/// head and the body of the answer.
fn raw_request(addr: &str, raw: &[u8]) -> (u16, String, String) {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    // The server may answer and close before the whole request is sent.
    let _ = stream.write_all(raw);
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let text = String::from_utf8_lossy(&answer).to_string();
    let (head, body) = text
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("no head in {text:.300}"));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in {head}"));
    (status, head.to_string(), body.to_string())
}

fn json_error(body: &str) -> String {
    let v: Value =
        serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON ({e}): {body:.300}"));
    v["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error in {v}"))
        .to_string()
}

#[test]
fn unknown_and_repeated_parameters_are_400s_that_name_them() {
    let server = Server::start(&[]);
    // The example: `gods` is no parameter of santorini/state, and
    // was ignored (a mortal game).
    let (status, body) = server.get("/api/santorini/state", &[("gods", "apollo,chaos")]);
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["error"],
        "unknown parameter `gods`: /api/santorini/state takes position, moves"
    );
    let (status, body) = server.get_text("/api/connect4/state?moves=4&moves=45");
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        json_error(&body),
        "parameter `moves` is given twice: give it once"
    );
    // `size` belongs to Connect Four's generic routes only.
    let (status, body) = server.get("/api/tictactoe/legal", &[("size", "8x5")]);
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["error"],
        "unknown parameter `size`: /api/tictactoe/legal takes position, moves"
    );
    let (status, body) = server.get("/api/games", &[("x", "1")]);
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["error"],
        "unknown parameter `x`: /api/games takes no parameters"
    );
    // The parameters a route takes still work, and an unknown route is a 404.
    let (status, _) = server.get("/api/connect4/legal", &[("size", "8x5"), ("moves", "4")]);
    assert_eq!(status, 200);
    let (status, _) = server.get("/api/nowhere", &[("x", "1")]);
    assert_eq!(status, 404);
}

#[test]
fn santorini_state_reads_a_dash_as_the_start_as_legal_does() {
    let server = Server::start(&[]);
    let (status, dash) = server.get("/api/santorini/state", &[("position", "-")]);
    assert_eq!(status, 200, "{dash}");
    let (_, start) = server.get("/api/santorini/state", &[]);
    assert_eq!(dash["position"], start["position"]);
    let (status, legal) = server.get("/api/santorini/legal", &[("position", "-")]);
    assert_eq!(status, 200);
    assert_eq!(legal["position"], start["position"]);
}

#[test]
fn head_on_a_search_route_is_refused_without_a_search() {
    let server = Server::start(&[]);
    for path in [
        "/api/santorini/bestmove?time_ms=60000",
        "/api/connect4/analyze?moves=&time_ms=60000",
    ] {
        let (status, head, _) = common::request_with_head(&server.addr, "HEAD", path);
        assert_eq!(status, 405, "{path}: {head}");
        assert_eq!(common::header(&head, "allow"), Some("GET"), "{head}");
    }
    // A cheap route answers HEAD as GET does.
    let (status, _, _) = common::request_with_head(&server.addr, "HEAD", "/api/games");
    assert_eq!(status, 200);
}

#[test]
fn requests_hyper_refuses_get_json_errors() {
    let server = Server::start(&[]);
    // Raw non-UTF-8 bytes in the path.
    let (status, head, body) = raw_request(
        &server.addr,
        b"GET /api/connect4/state?moves=\xff\xfe HTTP/1.1\r\nHost: x\r\n\r\n",
    );
    assert_eq!(status, 400, "{head}");
    assert!(
        json_error(&body).starts_with("the request is not valid HTTP/1.1"),
        "{body}"
    );
    // A request line of 600 KB.
    let long = format!(
        "GET /api/connect4/state?moves={} HTTP/1.1\r\nHost: x\r\n\r\n",
        "4".repeat(600_000)
    );
    let (status, head, body) = raw_request(&server.addr, long.as_bytes());
    assert!(status == 431 || status == 414, "{head}");
    let error = json_error(&body);
    assert!(!error.ends_with("')"), "{error}");
    // 70 KB: hyper's 414, its message without a stray `')`.
    let line = format!(
        "GET /api/connect4/state?moves={} HTTP/1.1\r\nHost: x\r\n\r\n",
        "4".repeat(70_000)
    );
    let (status, _, body) = raw_request(&server.addr, line.as_bytes());
    assert_eq!(status, 414);
    let error = json_error(&body);
    assert!(error.ends_with("is that long)"), "{error}");
    // The server goes on.
    assert_eq!(server.get_text("/api/games").0, 200);
}

#[test]
fn drawn_seeds_are_exact_javascript_numbers_and_replay() {
    let server = Server::start(&[]);
    for _ in 0..20 {
        let (status, answer) =
            server.get("/api/tictactoe/bestmove", &[("level", "2"), ("moves", "5")]);
        assert_eq!(status, 200, "{answer}");
        let seed = answer["seed"].as_u64().expect("a seed");
        assert!(seed < 1 << 53, "seed {seed} is past 2^53");
        // What a JavaScript number holds is the seed itself: sent back, the
        // same draw.
        let as_js = (seed as f64) as u64;
        assert_eq!(as_js, seed);
        let (status, again) = server.get(
            "/api/tictactoe/bestmove",
            &[("level", "2"), ("moves", "5"), ("seed", &as_js.to_string())],
        );
        assert_eq!(status, 200, "{again}");
        assert_eq!(again["best"], answer["best"]);
        assert_eq!(again["seed"], answer["seed"]);
    }
}

#[test]
fn zero_searches_at_a_time_is_refused_as_zero_connections_is() {
    let out = Command::new(env!("CARGO_BIN_EXE_bitgames"))
        .args(["serve", "--port", "0", "--max-solves", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "bitgames: error: --max-solves 0: at least 1 search at a time is needed\n"
    );
}

#[test]
fn pages_and_assets_that_are_not_there_are_json_404s() {
    let server = Server::start(&[]);
    for (path, message) in [
        ("/favicon.ico", "not found: /favicon.ico (the page is at /)"),
        ("/assets/nothing.js", "no asset nothing.js"),
    ] {
        let (status, body) = server.get_text(path);
        assert_eq!(status, 404, "{path}");
        assert_eq!(json_error(&body), message);
    }
}
