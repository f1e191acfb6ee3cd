//! `bitgames_api::respond`: the answers the page's worker gets, without a
//! server (the server's own tests cover the same answers over HTTP).

use bitgames::connect4::solver::book::Book;
use bitgames_api::{Context, Reply, respond};
use serde_json::Value;
use std::sync::Arc;

fn ask(ctx: &Context, path: &str, query: &str) -> Reply {
    respond(ctx, path, query, &mut |_| true)
}

fn with_book() -> Context {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../bitgames/books/7x6-standard.book"
    );
    let book = Book::from_bytes(&std::fs::read(path).expect("the book")).expect("a book");
    let mut ctx = Context::new(20, None);
    ctx.set_connect4_book(Some(Arc::new(book)));
    ctx
}

#[test]
fn connect4_analysis_with_the_book_is_exact_and_streams_a_line_per_column() {
    let ctx = with_book();
    let r = ask(&ctx, "connect4/analyze", "moves=4453&time_ms=5000");
    assert_eq!(r.status, 200);
    assert_eq!(r.body["complete"], true);
    assert_eq!(r.body["book"], true);
    assert_eq!(
        r.body["scores"],
        serde_json::json!([-5, -5, -2, -3, -4, -2, -2])
    );
    assert_eq!(r.body["best_columns"], serde_json::json!([3, 6, 7]));
    let mut lines: Vec<Value> = Vec::new();
    let r = respond(
        &ctx,
        "/api/connect4/analyze",
        "moves=4453&stream=1",
        &mut |line| {
            lines.push(line.clone());
            true
        },
    );
    assert_eq!(r.body["type"], "done");
    assert_eq!(lines[0]["type"], "position");
    let columns: Vec<i64> = lines[1..]
        .iter()
        .filter(|l| l["exact"] == true)
        .map(|l| l["column"].as_i64().unwrap())
        .collect();
    assert_eq!(columns.len(), 7, "{lines:?}");
}

#[test]
fn without_the_book_an_unfinished_analysis_says_it_is_not_exact() {
    let ctx = Context::new(16, None);
    let r = ask(&ctx, "connect4/analyze", "moves=&time_ms=1");
    assert_eq!(r.status, 200);
    assert_eq!(r.body["book"], false);
    assert_eq!(r.body["complete"], false);
    assert!(
        r.body["note"]
            .as_str()
            .unwrap()
            .contains("not every column")
    );
}

#[test]
fn every_game_answers_its_routes() {
    let ctx = Context::new(16, None);
    let games = ask(&ctx, "games", "");
    assert_eq!(games.body["games"].as_array().unwrap().len(), 3);
    let t = ask(&ctx, "tictactoe/bestmove", "moves=1&time_ms=100");
    assert_eq!((t.status, t.body["best"].as_str()), (200, Some("5")));
    // Percent-decoded query: the placements' commas and the blank between moves.
    let s = ask(&ctx, "santorini/state", "moves=B3%2CD3+C4%2CC2");
    assert_eq!(s.status, 200, "{}", s.body);
    assert_eq!(s.body["phase"], "move");
    let l = ask(&ctx, "/api/tictactoe/legal", "moves=1+5");
    assert_eq!(l.body["legal_moves"].as_array().unwrap().len(), 7);
}

#[test]
fn bad_requests_get_the_api_errors() {
    let ctx = Context::new(16, None);
    let r = ask(&ctx, "connect4/state", "moves=4444444");
    assert_eq!(r.status, 400);
    assert!(
        r.body["error"]
            .as_str()
            .unwrap()
            .contains("column 4 is full"),
        "{}",
        r.body
    );
    assert_eq!(r.body["before_refused"]["moves"], "444444");
    let r = ask(&ctx, "chess/legal", "");
    assert_eq!(r.status, 404);
    let r = ask(&ctx, "connect4/nothing", "");
    assert_eq!(r.status, 404);
    assert!(r.body["error"].as_str().unwrap().contains("the routes are"));
    let r = ask(&ctx, "connect4/state", "");
    assert_eq!(r.body["error"], "missing parameter `moves`");
}
