//! The notation's tests: positions and moves read back, and bad ones named.

use super::*;
use crate::Game;

/// A god's state reads back, and one that does not fit the board is
/// refused, naming why.
#[test]
fn god_states_read_back_and_bad_ones_are_named() {
    let flat = "0".repeat(25);
    for text in [
        format!("{flat}/1/europa[C4]:C3,A1/clio[2|E3]:E5,E1"),
        format!("{flat}/2/bellerophon[x]:C3,A1/aeolus[sw]:E5,E1"),
    ] {
        let pos: Position = text.parse().unwrap();
        assert_eq!(pos.to_string(), text);
    }
    let err = |text: String| text.parse::<Position>().unwrap_err().to_string();
    assert_eq!(
        err(format!("{flat}/1/europa[C3]:C3,A1/mortal:E5,E1")),
        "player 1's god state: a worker of player 1 stands on C3, which Europa's state bars to it"
    );
    assert_eq!(
        err(format!("{flat}/1/clio[2|E5]:C3,A1/mortal:E5,E1")),
        "player 1's god state: a worker of player 2 stands on E5, which Clio's state bars to it"
    );
    assert_eq!(
        err(format!("{flat}/1/aeolus[up]:C3,A1/mortal:E5,E1")),
        "player 1's god state: aeolus' state is the wind, one of nw, n, ne, e, se, s, sw, w, not [up]"
    );
    assert_eq!(
        err(format!("{flat}/1/mortal[x]:C3,A1/mortal:E5,E1")),
        "player 1's god state: mortal keeps no state, found [x]"
    );
}

#[test]
fn the_issue_example_round_trips() {
    let text = "4101202110011400102000100/1/mortal:A3,C3/mortal:E4,A1";
    let pos: Position = text.parse().unwrap();
    assert_eq!(pos.to_string(), text);
    assert_eq!(pos.level("A5".parse().unwrap()), 4);
    assert_eq!(pos.level("C5".parse().unwrap()), 0);
    assert_eq!(
        Position::new().to_string(),
        "0000000000000000000000000/1/mortal/mortal"
    );
}

/// Positions with gods read back in santorini-ai's forms, and the marks
/// that do not fit are refused with what is wrong.
#[test]
fn positions_with_gods_round_trip_and_bad_marks_are_named() {
    let flat = "0".repeat(25);
    for text in [
        format!("{flat}/1/apollo:B3,D3/pan:C4,C2"),
        format!("{flat}/2/athena:B3,D3/mortal-:C4,C2"),
        format!(
            "{}3{}/2/#minotaur:B3,D3/hermes:C4,C2",
            &flat[..11],
            &flat[12..]
        ),
        format!("{flat}/1/prometheus/atlas"),
    ] {
        let pos: Position = text.parse().unwrap();
        assert_eq!(pos.to_string(), text);
    }
    // santorini-ai's Athena mark on her own section, workers in any order.
    let athena: Position = format!("{flat}/2/athena[^]:D3,B3/demeter:C4,C2")
        .parse()
        .unwrap();
    assert!(athena.up_blocked());
    assert_eq!(
        athena.to_string(),
        format!("{flat}/2/athena:B3,D3/demeter-:C4,C2")
    );
    let err = |s: String| s.parse::<Position>().unwrap_err().to_string();
    assert_eq!(
        err(format!("{flat}/1/#pan:B3,D3/apollo:C4,C2")),
        "the player to move cannot have won: '#' marks the player who just moved"
    );
    assert_eq!(
        err(format!("{flat}/2/pan:B3,D3/apollo-:C4,C2")),
        "only Athena's opponent may be kept from moving up ('-')"
    );
    assert_eq!(
        err(format!("{flat}/2/athena-:B3,D3/pan:C4,C2")),
        "'-' marks the player to move, whom Athena keeps from moving up"
    );
    assert!(err(format!("{flat}/1/chaos:B3,D3/pan:C4,C2")).contains("\"chaos:B3,D3\""));
}

#[test]
fn god_turns_round_trip_and_santorini_ais_marks_are_read() {
    for text in [
        "A1>B2^C3X",
        "A1>B2^B3^C3",
        "A1>B2^^C3",
        "^C3 A1>B2^C4",
        "^C3",
        "(A1,B1)>(A2,B2)^C3",
    ] {
        assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
    }
    for (theirs, ours) in [
        ("A1<>B2^C3", "A1>B2^C3"),
        ("A1>B2(>C3)^D4", "A1>B2^D4"),
        ("A1>B2!^C3", "A1>B2^C3"),
        ("A1>B2^C3^B3", "A1>B2^B3^C3"),
        ("(B1,A1)>(B2,A2)^C3", "(A1,B1)>(A2,B2)^C3"),
    ] {
        assert_eq!(theirs.parse::<Move>().unwrap().to_string(), ours);
    }
}

#[test]
fn moves_round_trip() {
    for text in ["A1,B2", "C4>B4^B5", "A1>B2#"] {
        assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
    }
    assert_eq!("B2,A1".parse::<Move>().unwrap().to_string(), "A1,B2");
}

/// Issue 73: a player to move on level 3 read as "player 1 wins" with
/// player 1 to move; a `#` with no winning worker was taken as a win
/// (with gods) or dropped silently (without).
#[test]
fn impossible_wins_are_refused_naming_what_is_impossible() {
    let err = |s: &str| s.parse::<Position>().unwrap_err().to_string();
    let b3 = "0000000000030000000000000";
    assert_eq!(
        err(&format!("{b3}/1/mortal:B3,D3/mortal:C4,C2")),
        "player 1 is to move and stands on level 3 at B3: moving up onto level 3 wins, \
         and the winner is the player who just moved"
    );
    assert_eq!(
        err(&format!("{b3}/1/#mortal:B3,D3/mortal:C4,C2")),
        "the player to move cannot have won: '#' marks the player who just moved"
    );
    let flat = "0".repeat(25);
    for god in ["minotaur", "mortal"] {
        assert_eq!(
            err(&format!("{flat}/1/mortal:B3,D3/#{god}:C4,C2")),
            "'#' says player 2 has won, but no worker of player 2 stands on level 3"
        );
    }
    assert_eq!(
        err(&format!("{}/1/mortal:B3,D3/#pan:C4,C2", "2".repeat(25))),
        "'#' says player 2 has won, but no worker of player 2 stands on level 3 \
         (nor on level 0 or 1, after Pan's move down)"
    );
    // The Maenads win on any level, Chronus by five complete towers; four
    // are not enough.
    for god in ["maenads", "eros"] {
        let text = format!("{flat}/1/mortal:B3,D3/#{god}:C4,C2");
        assert_eq!(text.parse::<Position>().unwrap().to_string(), text);
    }
    let towers = format!(
        "4444{}/1/mortal:B3,D3/#chronus:C4,C2",
        "4".to_owned() + &"0".repeat(20)
    );
    assert_eq!(towers.parse::<Position>().unwrap().to_string(), towers);
    assert_eq!(
        err(&format!(
            "4444{}/1/mortal:B3,D3/#chronus:C4,C2",
            "0".repeat(21)
        )),
        "'#' says player 2 has won, but no worker of player 2 stands on level 3"
    );
    // What a game reaches reads back: player 1 has just climbed to B3.
    let won: Position = format!("{b3}/2/mortal:B3,D3/mortal:C4,C2").parse().unwrap();
    assert_eq!(won.outcome(), crate::Outcome::Win(Player::One));
    assert_eq!(
        won.to_string(),
        format!("{b3}/2/#mortal:B3,D3/mortal:C4,C2")
    );
    assert_eq!(won.to_string().parse::<Position>(), Ok(won));
    // With gods a worker pushed onto level 3 has not won, and Pan wins
    // by moving down.
    for text in [
        format!("{b3}/1/mortal:B3,D3/minotaur:C4,C2"),
        format!("{flat}/1/mortal:B3,D3/#pan:C4,C2"),
    ] {
        let pos: Position = text.parse().unwrap();
        assert_eq!(pos.to_string(), text);
    }
}

#[test]
fn errors_say_what_is_wrong() {
    let err = |s: &str| s.parse::<Position>().unwrap_err().to_string();
    let flat = "0".repeat(25);
    assert_eq!(err("0000/1/mortal/mortal"), "expected 25 levels, found 4");
    assert_eq!(
        err(&format!("{}5/1/mortal/mortal", "0".repeat(24))),
        "level '5' of E1 is not 0..4"
    );
    assert_eq!(
        err(&format!("{flat}/3/mortal/mortal")),
        "player to move must be 1 or 2, found \"3\""
    );
    assert_eq!(
        err(&format!("{flat}/1/mortal:A1/mortal")),
        "player 1 must have 0 or 2 workers, found 1"
    );
    assert_eq!(
        err(&format!("{flat}/1/mortal:A1,F1/mortal")),
        "\"F1\" is not a space (A1..E5)"
    );
    assert_eq!(
        err(&format!("{flat}/1/mortal:A1,B1/mortal:B1,C1")),
        "two workers on B1"
    );
    assert_eq!(
        err(&format!("4{}/1/mortal:A5,B1/mortal:D1,C1", "0".repeat(24))),
        "a worker of player 1 stands on the dome at A5"
    );
    assert_eq!(
        err(&format!("{flat}/1/god:A1,B1/mortal")),
        "player 1's section must be a god and its workers (mortal, mortal:A1,B2, #pan:C3,D4, \
         apollo-:E1,E2), found \"god:A1,B1\""
    );
    assert_eq!(
        err(&format!("{flat}/1/mortal")),
        "a position has 4 fields separated by '/', found 3"
    );
    assert_eq!(
        "C4>B4>".parse::<Move>().unwrap_err().to_string(),
        "\"C4>B4>\" is not a move (A1,B2 to place, C4>B4^B5 to move and build, A1>B2# to win)"
    );
    // Poseidon's builds never on the moved worker's space (the fuzz's find:
    // it printed back without it).
    assert!("C4>B4^B3*B4".parse::<Move>().is_err());
    let besides: Move = "C4>B4^B3*B5*A4".parse().unwrap();
    assert_eq!(besides.to_string().parse::<Move>(), Ok(besides));
}
