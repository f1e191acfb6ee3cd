//! The page's Santorini gods through the API: the list of gods with their
//! powers, a pick (`random` drawn by the server) with its start position, the
//! gods of a position in `/api/santorini/state`, and bad picks named.

use crate::common;

use common::Server;
use serde_json::Value;
use std::collections::BTreeSet;

fn server() -> Server {
    Server::start(&["--max-solves", "1"])
}

const TEN: [&str; 10] = [
    "apollo",
    "artemis",
    "athena",
    "atlas",
    "demeter",
    "hephaestus",
    "hermes",
    "minotaur",
    "pan",
    "prometheus",
];

#[test]
fn the_gods_route_lists_every_god_with_its_power() {
    let s = server();
    let (status, body) = s.get("/api/santorini/gods", &[]);
    assert_eq!(status, 200, "{body}");
    let gods = body["gods"].as_array().expect("a list of gods");
    let names: Vec<&str> = gods.iter().map(|g| g["god"].as_str().unwrap()).collect();
    let mut expected = vec!["mortal"];
    expected.extend(TEN);
    expected.extend(["hestia", "zeus", "pegasus", "urania", "hera"]);
    expected.extend([
        "hades",
        "hypnus",
        "limus",
        "persephone",
        "aphrodite",
        "iris",
        "maenads",
        "nike",
        "eros",
        "ares",
        "asteria",
        "charon",
        "scylla",
        "nemesis",
        "chronus",
        "clio",
        "europa",
        "medusa",
        "bellerophon",
        "theseus",
        "bia",
        "achilles",
        "castor",
        "aeolus",
        "graeae",
        "jason",
        "proteus",
        "selene",
        "hippolyta",
        "stymphalians",
        "polyphemus",
        "poseidon",
        "morpheus",
        "hydra",
        "harpies",
    ]);
    assert_eq!(names, expected);
    assert_eq!(gods[1]["title"], "Apollo");
    assert_eq!(gods[0]["power"], "No power: the base game.");
    assert_eq!(
        gods[9]["power"],
        "You also win if one of your workers moves down two or more levels."
    );
    for g in gods {
        assert!(g["power"].as_str().unwrap().ends_with('.'), "{g}");
    }
    assert!(body.get("picked").is_none(), "no pick asked: {body}");
}

#[test]
fn a_pick_gives_the_start_with_those_gods_and_random_draws_one_of_the_ten() {
    let s = server();
    let (status, body) = s.get("/api/santorini/gods", &[("pick", "atlas,pan")]);
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["picked"], serde_json::json!(["atlas", "pan"]));
    let start = body["start"].as_str().unwrap();
    assert_eq!(start, "0000000000000000000000000/1/atlas/pan");
    // The start plays: its state names the gods.
    let (status, state) = s.get("/api/santorini/state", &[("position", start)]);
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["gods"], serde_json::json!(["atlas", "pan"]));
    let (_, plain) = s.get("/api/santorini/state", &[]);
    assert_eq!(plain["gods"], serde_json::json!(["mortal", "mortal"]));
    // Random: always one of the ten simple gods (never mortal), and over
    // 40 draws more than one of them.
    let mut drawn = BTreeSet::new();
    for _ in 0..40 {
        let (status, body) = s.get("/api/santorini/gods", &[("pick", "random,Mortal")]);
        assert_eq!(status, 200, "{body}");
        let picked: Vec<&str> = body["picked"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g.as_str().unwrap())
            .collect();
        assert!(TEN.contains(&picked[0]), "{body}");
        assert_eq!(picked[1], "mortal");
        assert_eq!(
            body["start"].as_str().unwrap(),
            format!("0000000000000000000000000/1/{}/mortal", picked[0])
        );
        drawn.insert(picked[0].to_string());
    }
    assert!(drawn.len() > 1, "40 draws, always {drawn:?}");
}

#[test]
fn a_bad_pick_gets_a_400_naming_it() {
    let s = server();
    for (pick, expected) in [
        (
            "chaos,pan",
            "bad `pick`: \"chaos\" is not a god: use mortal, apollo, artemis, athena, atlas, demeter, hephaestus, hermes, minotaur, pan, prometheus, hestia, zeus, pegasus, urania, hera, hades, hypnus, limus, persephone, aphrodite, iris, maenads, nike, eros, ares, asteria, charon, scylla, nemesis, chronus, clio, europa, medusa, bellerophon, theseus, bia, achilles, castor, aeolus, graeae, jason, proteus, selene, hippolyta, stymphalians, polyphemus, poseidon, morpheus, hydra or harpies, or random",
        ),
        (
            "pan",
            "bad `pick` `pan`: give two gods, player 1's first (apollo,pan); either may be random",
        ),
        (
            "pan,atlas,hermes",
            "bad `pick` `pan,atlas,hermes`: give two gods, player 1's first (apollo,pan); either may be random",
        ),
        (
            "hades,pan",
            "bad `pick`: Hades and Pan may not play each other (a banned matchup, as santorini-ai bans it)",
        ),
    ] {
        let (status, body): (u16, Value) = s.get("/api/santorini/gods", &[("pick", pick)]);
        assert_eq!(status, 400, "{pick}: {body}");
        assert_eq!(body["error"], expected, "{pick}");
    }
    // A position with a banned pair is refused where it is read.
    let banned = "0000000000000000000000000/1/pan:B3,D3/hades:C4,C2";
    let (status, body): (u16, Value) = s.get("/api/santorini/legal", &[("position", banned)]);
    assert_eq!(status, 400, "{body}");
    let error = body["error"].as_str().unwrap();
    assert!(
        error.contains("Pan and Hades may not play each other"),
        "{error}"
    );
}

/// Prometheus' turn holds a blank: moves separated by `;` carry it, on
/// Santorini's routes and the generic ones; separated by blanks alone, its
/// two words are read as one turn again, and Hermes' build alone stays one.
#[test]
fn moves_separated_by_semicolons_may_hold_a_blank() {
    let s = server();
    let start = "0000000000000000000000000/1/prometheus:B3,D3/mortal:C4,C2";
    let after = "1001000000100000000000000/1/prometheus:A4,D3/mortal:C5,C2";
    let moves = "^A3 B3>A4^A5; C4>C5^D5;";
    for route in ["/api/santorini/state", "/api/santorini/legal"] {
        let (status, body) = s.get(route, &[("position", start), ("moves", moves)]);
        assert_eq!(status, 200, "{route}: {body}");
        assert_eq!(body["position"], after, "{route}");
    }
    for route in ["/api/santorini/state", "/api/santorini/legal"] {
        let (status, body) = s.get(
            route,
            &[("position", start), ("moves", "^A3 B3>A4^A5 C4>C5^D5")],
        );
        assert_eq!(status, 200, "{route}: {body}");
        assert_eq!(body["position"], after, "{route}");
    }
    // Hermes builds alone, then Prometheus moves: two turns, as with `;`.
    let hermes = "0000000000000000000000000/1/hermes:B3,D3/prometheus:C4,C2";
    let blanks = s.get(
        "/api/santorini/state",
        &[("position", hermes), ("moves", "^A3 C4>C5^D5 ^B4")],
    );
    let semicolons = s.get(
        "/api/santorini/state",
        &[("position", hermes), ("moves", "^A3; C4>C5^D5; ^B4")],
    );
    assert_eq!(blanks.0, 200, "{}", blanks.1);
    assert_eq!(blanks.1["position"], semicolons.1["position"]);
    assert_eq!(
        blanks.1["position"],
        "0001001000100000000000000/2/hermes:B3,D3/prometheus:C5,C2"
    );
}

/// Athena moved up: the state says her opponent may not move up.
#[test]
fn the_state_says_when_athena_keeps_the_opponent_down() {
    let s = server();
    let start = "0000001000000000000000000/1/athena:B3,D3/mortal:C4,C2";
    let (_, before) = s.get("/api/santorini/state", &[("position", start)]);
    assert_eq!(before["up_blocked"], false);
    let (status, after) = s.get(
        "/api/santorini/state",
        &[("position", start), ("moves", "B3>B4^A5")],
    );
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["up_blocked"], true);
    assert_eq!(after["blocked_by"], "Athena moved up");
    assert_eq!(after["gods"], serde_json::json!(["athena", "mortal"]));
    assert!(
        after["position"]
            .as_str()
            .unwrap()
            .ends_with("/mortal-:C4,C2")
    );
    // Nike blocks after a move down.
    let nike = "0000000000010000000000000/1/nike:B3,D3/mortal:C4,C2";
    let (status, after) = s.get(
        "/api/santorini/state",
        &[("position", nike), ("moves", "B3>B4^A5")],
    );
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["blocked_by"], "Nike moved down");
    assert_eq!(before["blocked_by"], serde_json::Value::Null);
}
