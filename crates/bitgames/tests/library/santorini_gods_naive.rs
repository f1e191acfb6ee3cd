//! The naive twin of the god powers against the outside facts:
//! `data/santorini-god-successors.txt`, santorini-ai's successors of 4,446
//! positions of random games with every ordered pair of the ten simple gods
//! (made by `tools/santorini/sai_successors.py`). Each line is
//! `FEN LISTED DISTINCT HASH`: HASH the first 16 hex digits of the SHA-1 of
//! the sorted distinct canonical successors, each followed by a newline.
//!
//! DISTINCT and HASH must agree everywhere. LISTED (santorini-ai's turns,
//! one per path) agrees with the naive twin's count too, except for Artemis
//! and Hermes: santorini-ai lists Artemis's turn once per (start, end,
//! build) and Hermes's same-level turns once per final placement and build,
//! where the naive twin lists every path.

use bitgames::santorini::God;
use bitgames::santorini::naive_gods::{NaiveState, distinct_successors, successors};
use std::collections::BTreeMap;

const DATA: &str = include_str!("data/santorini-god-successors.txt");

/// The data's hash of a list of canonical positions.
fn successors_hash(texts: &[String]) -> String {
    let mut sha = sha1_smol::Sha1::new();
    for text in texts {
        sha.update(text.as_bytes());
        sha.update(b"\n");
    }
    sha.digest().to_string()[..16].to_string()
}

#[test]
fn the_hash_is_python_hashlib_sha1() {
    // python3 -c 'import hashlib; print(hashlib.sha1(b"a\nb\n").hexdigest())'
    let texts = ["a".to_string(), "b".to_string()];
    assert_eq!(successors_hash(&texts), "05dec960e24d918b");
    assert_eq!(successors_hash(&[]), "da39a3ee5e6b4b0d");
}

#[test]
fn naive_god_successors_match_santorini_ai_on_4446_positions() {
    let mut pairs: BTreeMap<(God, God), (usize, usize)> = BTreeMap::new();
    let mut mismatches = Vec::new();
    let mut lines = 0;
    for (number, line) in DATA.lines().enumerate() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields.len(), 4, "line {}: {line:?}", number + 1);
        let (fen, listed, distinct, hash) = (fields[0], fields[1], fields[2], fields[3]);
        let listed: usize = listed.parse().expect("LISTED is a count");
        let distinct: usize = distinct.parse().expect("DISTINCT is a count");
        let state: NaiveState = fen
            .parse()
            .unwrap_or_else(|e| panic!("line {}: {fen} does not parse: {e}", number + 1));
        assert_eq!(state.to_string(), fen, "line {}: written back", number + 1);
        let turns = successors(&state).len();
        let texts = distinct_successors(&state);
        let ours = successors_hash(&texts);
        let mover = state.gods[state.to_move];
        let listed_agrees = turns == listed || matches!(mover, God::Artemis | God::Hermes);
        let entry = pairs.entry((state.gods[0], state.gods[1])).or_default();
        entry.0 += 1;
        lines += 1;
        if texts.len() == distinct && ours == hash && listed_agrees {
            entry.1 += 1;
        } else {
            mismatches.push(format!(
                "line {}: {fen} ({} vs {}, {mover} to move): santorini-ai {listed} listed \
                 {distinct} distinct {hash}, naive {turns} listed {} distinct {ours}",
                number + 1,
                state.gods[0],
                state.gods[1],
                texts.len()
            ));
        }
    }
    assert_eq!(lines, 4_446, "the data has 4,446 positions");
    assert_eq!(pairs.len(), 100, "every ordered pair of the ten gods");
    // Agreeing positions per ordered pair, player 1's god by row: with no
    // mismatch, the data's own count of each pair.
    let short = |god: God| god.name().chars().take(4).collect::<String>();
    let header: Vec<String> = God::SIMPLE
        .iter()
        .map(|&g| format!("{:>5}", short(g)))
        .collect();
    println!("agreeing positions per pair (player 1 by row):");
    println!("    {}", header.join(""));
    for one in God::SIMPLE {
        let row: Vec<String> = God::SIMPLE
            .iter()
            .map(|&two| format!("{:>5}", pairs.get(&(one, two)).map_or(0, |c| c.1)))
            .collect();
        println!("{:<4}{}", short(one), row.join(""));
    }
    assert!(
        mismatches.is_empty(),
        "{} of {lines} positions differ:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
}
