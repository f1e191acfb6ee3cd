//! `bitgames_api::respond`: the answers the page's worker gets, without a
//! server (the server's own tests cover the same answers over HTTP).

use bitgames::connect4::solver::book::Book;
use bitgames::connect4::solver::{Mode, Solver};
use bitgames::connect4::{Geometry, read_position};
use bitgames_api::{Context, Reply, respond};
use serde_json::{Value, json};
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

/// The exact score of every column of `moves` on `geometry`, by the solver
/// itself (no book, no deadline): `None` for a full column.
fn solved(geometry: Geometry, moves: &str) -> Vec<Option<i32>> {
    let (pos, _) = read_position(geometry, moves).unwrap();
    Solver::new().analyze(&pos, Mode::Strong).unwrap().scores
}

#[test]
fn connect4_state_and_exact_analysis_on_an_8x5_board() {
    let ctx = Context::new(20, None);
    let r = ask(&ctx, "connect4/state", "size=8x5&moves=4455");
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        (&r.body["width"], &r.body["height"]),
        (&json!(8), &json!(5))
    );
    assert_eq!(r.body["size"], "8x5");
    assert_eq!(r.body["moves"], "4455");
    assert_eq!(
        r.body["board"],
        json!(["........", "........", "........", "...OO...", "...XX..."])
    );
    // The bitboards as decimal strings: 4 stones, column c at bits 6c.. on 8x5.
    let mask: u128 = r.body["bits"]["mask"].as_str().unwrap().parse().unwrap();
    assert_eq!(mask, (0b11 << 18) | (0b11 << 24));
    // Comma moves on 8x5 come back as digits.
    let r = ask(&ctx, "connect4/state", "size=8x5&moves=4,4,5,5");
    assert_eq!(r.body["moves"], "4455");

    let moves = "1234567812345678";
    let r = ask(
        &ctx,
        "connect4/analyze",
        &format!("size=8x5&moves={moves}&time_ms=20000"),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body["complete"], true, "{}", r.body);
    assert_eq!(r.body["book"], false);
    let expected = solved(Geometry::new(8, 5).unwrap(), moves);
    assert_eq!(r.body["scores"], json!(expected));
    assert_eq!(r.body["exact"].as_array().unwrap().len(), 8);
}

#[test]
fn an_unfinished_analysis_off_7x6_is_not_exact() {
    let ctx = Context::new(16, None);
    // The empty 8x5 board takes the solver many seconds.
    let r = ask(&ctx, "connect4/analyze", "size=8x5&moves=&time_ms=1");
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body["complete"], false);
    assert_eq!(r.body["exact"], json!(vec![false; 8]));
    assert_eq!(r.body["scores"], json!(vec![Value::Null; 8]));
    assert_eq!(r.body["score"], Value::Null);
}

#[test]
fn a_10x4_board_takes_comma_moves_everywhere() {
    let ctx = Context::new(16, None);
    let r = ask(&ctx, "connect4/state", "size=10x4&moves=10%2C1%2C5%2C5");
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body["moves"], "10,1,5,5");
    assert_eq!(r.body["board"][3], "O...X....X");
    assert_eq!(r.body["board"][2], "....O.....");
    assert_eq!(r.body["playable"].as_array().unwrap().len(), 10);
    // Blank-separated columns, as the generic routes write them, too.
    let r = ask(&ctx, "connect4/state", "size=10x4&moves=10+1+5+5");
    assert_eq!(r.body["moves"], "10,1,5,5");
    // The refused move is named, and the position before it described.
    let r = ask(&ctx, "connect4/state", "size=10x4&moves=10,10,10,10,10");
    assert_eq!(r.status, 400);
    let error = r.body["error"].as_str().unwrap();
    assert!(
        error.contains("on 10x4") && error.contains("move 5 `10`"),
        "{error}"
    );
    assert_eq!(r.body["before_refused"]["moves"], "10,10,10,10");
    // The engine's move and the legal moves of the generic routes.
    let l = ask(&ctx, "connect4/legal", "size=10x4&moves=10,1,5,5");
    assert_eq!(l.status, 200, "{}", l.body);
    assert_eq!(l.body["legal_moves"].as_array().unwrap().len(), 10);
    let moves = "10,1,5,5,6,6,4,7,7,3,3,8";
    let b = ask(
        &ctx,
        "connect4/bestmove",
        &format!("size=10x4&moves={moves}&time_ms=20000"),
    );
    assert_eq!(b.status, 200, "{}", b.body);
    assert_eq!(b.body["exact"], true, "{}", b.body);
    let scores = solved(Geometry::new(10, 4).unwrap(), moves);
    let best = scores.iter().flatten().max().copied();
    assert_eq!(b.body["score"], json!(best));
    let column: usize = b.body["best"].as_str().unwrap().parse().unwrap();
    assert_eq!(scores[column - 1], best, "{}", b.body);
}

#[test]
fn bad_sizes_are_400s_that_say_why() {
    let ctx = Context::new(16, None);
    let cases = [
        ("abc", "write columns x rows"),
        ("20x4", "at most 16 columns, not 20"),
        // Past every bitboard: 16 x 9 = 144 bits.
        ("16x8", "144 bits"),
        ("0x6", "at least one column"),
    ];
    for (size, why) in cases {
        for route in ["connect4/state", "connect4/analyze", "connect4/bestmove"] {
            let r = ask(&ctx, route, &format!("size={size}&moves="));
            assert_eq!(r.status, 400, "{route} {size}: {}", r.body);
            let error = r.body["error"].as_str().unwrap();
            assert!(
                error.contains(&format!("bad board size `{size}`")) && error.contains(why),
                "{route} {size}: {error}"
            );
        }
    }
    let r = ask(&ctx, "connect4/bestmove", "size=8x5&position=4453");
    assert_eq!(r.status, 400);
    assert!(r.body["error"].as_str().unwrap().contains("not both"));
    let r = ask(&ctx, "connect4/state", "size=8x5&moves=49");
    assert_eq!(r.status, 400);
    assert!(
        r.body["error"].as_str().unwrap().contains("on 8x5"),
        "{}",
        r.body
    );
}

#[test]
fn the_sizes_are_tromps_boards_that_the_library_makes() {
    let ctx = Context::new(16, None);
    let r = ask(&ctx, "connect4/sizes", "");
    assert_eq!(r.status, 200);
    assert_eq!(r.body["default"], "7x6");
    let sizes = r.body["sizes"].as_array().unwrap();
    let names: Vec<&str> = sizes.iter().map(|s| s["size"].as_str().unwrap()).collect();
    assert_eq!(names[0], "4x4");
    for name in ["7x6", "8x5", "10x4", "11x4", "4x11"] {
        assert!(names.contains(&name), "{name}: {names:?}");
    }
    let standard = sizes.iter().find(|s| s["size"] == "7x6").unwrap();
    assert_eq!(standard["value_text"], "first player wins");
    let s8x6 = sizes.iter().find(|s| s["size"] == "8x6").unwrap();
    assert_eq!(s8x6["value_text"], "second player wins");
    for s in sizes {
        let (w, h) = (s["width"].as_u64().unwrap(), s["height"].as_u64().unwrap());
        assert!((4..=11).contains(&w) && (4..=11).contains(&h));
        assert!(Geometry::new(w as usize, h as usize).is_ok(), "{s}");
    }
}

#[test]
fn the_connect4_engine_says_in_the_librarys_words_whether_its_move_is_exact() {
    let ctx = with_book();
    let r = ask(
        &ctx,
        "connect4/bestmove",
        "size=7x6&moves=4453&time_ms=2000",
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body["position"], "5344");
    assert_eq!(r.body["best"], "3");
    assert_eq!(r.body["note"], "exact: loss in 18 (score -2)");
    // No book and no time: a quick move, and the words say so.
    let bare = Context::new(16, None);
    let r = ask(&bare, "connect4/bestmove", "size=7x6&moves=445&time_ms=1");
    assert_eq!(r.body["exact"], false, "{}", r.body);
    assert_eq!(
        r.body["note"],
        "not exact: a quick move (a short search), the position was not solved in time"
    );
}

/// `santorini/state` gives each legal turn as the steps that make it, the
/// buttons' words with the mover's god, and the spaces of the last turn:
/// what the page offers, without reading the notation.
#[test]
fn santorini_state_lists_each_turn_as_its_steps() {
    let ctx = Context::new(16, None);
    let s = ask(
        &ctx,
        "santorini/state",
        "position=0000000000000000000000000/1/atlas:B3,D3/demeter:C4,C2&moves=B3>B4^A5X",
    );
    assert_eq!(s.status, 200, "{}", s.body);
    assert_eq!(
        s.body["last_move"],
        json!({ "turn": "B3>B4^A5X", "spaces": ["A5", "B4"] })
    );
    let turns = s.body["turns"].as_array().unwrap();
    assert_eq!(turns.len(), s.body["legal_moves"].as_array().unwrap().len());
    let demeter = turns
        .iter()
        .find(|t| t["turn"] == "C4>C5^B5^D5")
        .expect("Demeter's two builds");
    assert_eq!(
        demeter["paths"],
        json!([
            ["select:C4", "move:C5", "build:B5", "build:D5"],
            ["select:C4", "move:C5", "build:D5", "build:B5"]
        ])
    );
    assert_eq!(s.body["buttons"], json!({}), "Demeter has no button");
    let atlas = ask(
        &ctx,
        "santorini/state",
        "position=0000000000000000000000000/1/atlas:B3,D3/demeter:C4,C2",
    );
    assert_eq!(atlas.body["last_move"], Value::Null);
    assert_eq!(
        atlas.body["buttons"],
        json!({ "dome": "Dome instead of a block (Atlas)" })
    );
}

/// A god's state in the API: Europa's talus and Clio's coins as the
/// position writes them, the spaces they mark, and Europa's act on a space
/// as a step with its words.
#[test]
fn santorini_state_gives_each_god_state_and_its_marks() {
    let ctx = Context::new(16, None);
    let s = ask(
        &ctx,
        "santorini/state",
        "position=0000000000000000000000000/1/europa[C4]:C3,A1/clio[2|E3]:E5,E1",
    );
    assert_eq!(s.status, 200, "{}", s.body);
    assert_eq!(s.body["god_states"], json!(["C4", "2|E3"]));
    assert_eq!(s.body["marked"], json!({ "1": ["C4"], "2": ["E3"] }));
    assert_eq!(s.body["act"], "the Talus goes here (Europa)");
    let turns = s.body["turns"].as_array().unwrap();
    let talus = turns
        .iter()
        .find(|t| t["turn"] == "C3>D3^C3@D4")
        .expect("the talus moved to D4");
    assert_eq!(
        talus["paths"],
        json!([["select:C3", "move:D3", "build:C3", "act:D4"]])
    );
    // Neither the talus (C4) nor the coin (E3) may take a worker or a build.
    let legal = s.body["legal_moves"].as_array().unwrap();
    assert!(!legal.iter().any(|m| {
        let m = m.as_str().unwrap();
        m.contains(">C4") || m.contains("^C4") || m.contains(">E3") || m.contains("^E3")
    }));
    let after = ask(
        &ctx,
        "santorini/state",
        "position=0000000000000000000000000/1/europa[C4]:C3,A1/clio[2|E3]:E5,E1&moves=C3>D3^C3@D4",
    );
    assert_eq!(after.body["god_states"], json!(["D4", "2|E3"]));
}
