//! The god powers against an outside move generator: santorini-ai's
//! successors of 4,446 positions of random games with random god pairs
//! (`data/santorini-god-successors.txt`, written by
//! `tools/santorini/sai_successors.py`): at every one, the distinct
//! positions one turn later must be santorini-ai's, by count and by a hash
//! of their canonical strings.

use bitgames::santorini::{God, Position};
use bitgames::{Game, Outcome};
use std::collections::BTreeSet;

/// SHA-1 (FIPS 180-4), for the data file's hashes.
fn sha1(data: &[u8]) -> [u8; 20] {
    let mut h: [u32; 5] = [
        0x6745_2301,
        0xEFCD_AB89,
        0x98BA_DCFE,
        0x1032_5476,
        0xC3D2_E1F0,
    ];
    let mut message = data.to_vec();
    message.push(0x80);
    while message.len() % 64 != 56 {
        message.push(0);
    }
    message.extend_from_slice(&(8 * data.len() as u64).to_be_bytes());
    for block in message.chunks_exact(64) {
        let mut w = [0u32; 80];
        for (i, word) in block.chunks_exact(4).enumerate() {
            w[i] = u32::from_be_bytes(word.try_into().unwrap());
        }
        for i in 16..80 {
            w[i] = (w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]).rotate_left(1);
        }
        let [mut a, mut b, mut c, mut d, mut e] = h;
        for (i, &wi) in w.iter().enumerate() {
            let (f, k) = match i {
                0..=19 => ((b & c) | (!b & d), 0x5A82_7999),
                20..=39 => (b ^ c ^ d, 0x6ED9_EBA1),
                40..=59 => ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC),
                _ => (b ^ c ^ d, 0xCA62_C1D6),
            };
            let t = a
                .rotate_left(5)
                .wrapping_add(f)
                .wrapping_add(e)
                .wrapping_add(k)
                .wrapping_add(wi);
            (e, d, c, b, a) = (d, c, b.rotate_left(30), a, t);
        }
        for (x, y) in h.iter_mut().zip([a, b, c, d, e]) {
            *x = x.wrapping_add(y);
        }
    }
    let mut out = [0u8; 20];
    for (i, x) in h.iter().enumerate() {
        out[4 * i..4 * i + 4].copy_from_slice(&x.to_be_bytes());
    }
    out
}

/// The first 16 hex digits of the SHA-1 of the sorted strings, each
/// followed by a newline (as the data file's writer hashes them).
fn digest(positions: &BTreeSet<String>) -> String {
    let text: String = positions.iter().map(|p| format!("{p}\n")).collect();
    sha1(text.as_bytes())[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[test]
fn sha1_hashes_the_standard_examples() {
    let hex = |d: [u8; 20]| d.iter().map(|b| format!("{b:02x}")).collect::<String>();
    assert_eq!(
        hex(sha1(b"abc")),
        "a9993e364706816aba3e25717850c26c9cd0d89d"
    );
    assert_eq!(hex(sha1(b"")), "da39a3ee5e6b4b0d3255bfef95601890afd80709");
}

/// The distinct positions one turn after `pos`, as strings.
fn successors(pos: &Position) -> BTreeSet<String> {
    pos.legal_moves()
        .iter()
        .map(|&mv| {
            let mut child = *pos;
            child.play_unchecked(mv);
            child.to_string()
        })
        .collect()
}

#[test]
fn the_gods_agree_with_santorini_ai_at_every_position() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/library/data/santorini-god-successors.txt"
    );
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut checked = 0;
    let mut wrong = Vec::new();
    let mut seen = BTreeSet::new();
    for line in text.lines() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [fen, _listed, distinct, hash] = fields[..] else {
            panic!("{file}: a line of 4 fields expected: {line}");
        };
        let pos: Position = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.to_string(), fen, "the canonical form reads back");
        seen.insert(pos.gods());
        let next = successors(&pos);
        let distinct: usize = distinct.parse().unwrap();
        if distinct == 0 {
            // No turn: the player to move has lost.
            if !next.is_empty() || pos.outcome() != Outcome::Win(pos.to_move().other()) {
                wrong.push(format!(
                    "{fen}: no turn for santorini-ai, {} here",
                    next.len()
                ));
            }
        } else if next.len() != distinct || digest(&next) != hash {
            wrong.push(format!("{fen}: {distinct} distinct, {} here", next.len()));
        }
        checked += 1;
    }
    assert!(
        wrong.is_empty(),
        "{} of {checked} positions differ:\n{}",
        wrong.len(),
        wrong[..wrong.len().min(20)].join("\n")
    );
    assert_eq!(checked, 4_446);
    // Every ordered pair of the ten gods.
    let pairs = seen.iter().filter(|g| !g.contains(&God::Mortal)).count();
    assert_eq!(pairs, 100, "{seen:?}");
}

#[test]
#[ignore = "a debugging aid: FEN=... cargo test -- --ignored print_successors"]
fn print_successors() {
    let fen = std::env::var("FEN").unwrap();
    let pos: Position = fen.parse().unwrap();
    for s in successors(&pos) {
        println!("{s}");
    }
}

/// One turn of each power, played from a small position: what it does to
/// the board, and a turn it does not allow.
#[test]
fn each_power_plays_as_the_rulebook_says() {
    // (position, turn, the position after it)
    let cases = [
        // Apollo swaps with the opponent's worker.
        (
            "0000000000000000000000000/1/apollo:B3,D1/mortal:C3,E5",
            "B3>C3^B2",
            "0000000000000000100000000/2/apollo:C3,D1/mortal:E5,B3",
        ),
        // Minotaur pushes it one space on, even onto level 3 (no win).
        (
            "0000000000000300000000000/1/minotaur:B3,A1/mortal:C3,E5",
            "B3>C3^B2",
            "0000000000000300100000000/2/minotaur:C3,A1/mortal:E5,D3",
        ),
        // Artemis steps twice.
        (
            "0000000000000000000000000/1/artemis:A3,E1/mortal:E5,D5",
            "A3>C3^C2",
            "0000000000000000010000000/2/artemis:C3,E1/mortal:D5,E5",
        ),
        // Athena moves up: her opponent may not move up next.
        (
            "0000000000010000000000000/1/athena:A3,E1/mortal:E5,D5",
            "A3>B3^A3",
            "0000000000110000000000000/2/athena:B3,E1/mortal-:D5,E5",
        ),
        // Atlas domes the ground.
        (
            "0000000000000000000000000/1/atlas:A3,E1/mortal:E5,D5",
            "A3>B3^C3X",
            "0000000000004000000000000/2/atlas:B3,E1/mortal:D5,E5",
        ),
        // Demeter builds twice; Hephaestus twice on one space.
        (
            "0000000000000000000000000/1/demeter:A3,E1/mortal:E5,D5",
            "A3>B3^C3^C2",
            "0000000000001000010000000/2/demeter:B3,E1/mortal:D5,E5",
        ),
        (
            "0000000000000000000000000/1/hephaestus:A3,E1/mortal:E5,D5",
            "A3>B3^^C3",
            "0000000000002000000000000/2/hephaestus:B3,E1/mortal:D5,E5",
        ),
        // Hermes: both workers run along level 0, then one builds.
        (
            "0000000000000000000000000/1/hermes:A3,E1/mortal:E5,D5",
            "(A3,E1)>(C5,C1)^B1",
            "0000000000000000000001000/2/hermes:C5,C1/mortal:D5,E5",
        ),
        // Pan wins by moving down two levels.
        (
            "0000000000200000000000000/1/pan:A3,E1/mortal:E5,D5",
            "A3>B3#",
            "0000000000200000000000000/2/#pan:B3,E1/mortal:D5,E5",
        ),
        // Prometheus builds first, then moves (not up), then builds.
        (
            "0000000000000000000000000/1/prometheus:A3,E1/mortal:E5,D5",
            "^A4 A3>B3^C3",
            "0000010000001000000000000/2/prometheus:B3,E1/mortal:D5,E5",
        ),
    ];
    for (before, turn, after) in cases {
        let mut pos: Position = before.parse().unwrap();
        pos.play(turn.parse().unwrap())
            .unwrap_or_else(|e| panic!("{before} {turn}: {e}"));
        assert_eq!(pos.to_string(), after, "{before} {turn}");
    }
    // (position, turn, why it is refused)
    let refused = [
        // A mortal cannot swap, Artemis cannot come back, Hephaestus'
        // second block cannot be a dome, Prometheus cannot move up after
        // building first, Athena's opponent cannot move up.
        (
            "0000000000000000000000000/1/mortal:B3,D1/apollo:C3,E5",
            "B3>C3^B2",
            "cannot move onto C3: it is occupied",
        ),
        (
            "0000000000000000000000000/1/artemis:A3,E1/mortal:E5,D5",
            "A3>A3^A4",
            "A3>A3^A4 is not a turn of artemis",
        ),
        (
            "0000000000002000000000000/1/hephaestus:A3,E1/mortal:E5,D5",
            "A3>B3^^C3",
            "A3>B3^^C3 is not a turn of hephaestus",
        ),
        (
            "0000000000010000000000000/1/prometheus:A3,E1/mortal:E5,D5",
            "^A4 A3>B3^C3",
            "^A4 A3>B3^C3 is not a turn of prometheus",
        ),
        (
            "0000000000010000000000000/1/mortal-:A3,E1/athena:E5,D5",
            "A3>B3^A3",
            "A3>B3^A3 is not a turn of mortal (who may not move up: Athena moved up)",
        ),
    ];
    for (text, turn, why) in refused {
        let mut pos: Position = text.parse().unwrap();
        let played = pos.play(turn.parse().unwrap());
        let err = played.expect_err(&format!("{text} {turn}")).to_string();
        assert_eq!(err, why, "{text} {turn}");
        assert_eq!(pos, text.parse().unwrap(), "a refused turn changes nothing");
    }
}

/// The engine plays a legal turn for every pair of gods, from a random
/// start, and takes Pan's win by a fall.
#[test]
fn the_engine_plays_every_god_pair() {
    use bitgames::engine::Limits;
    use bitgames::santorini::players::random_start;
    use bitgames::santorini::search::Engine;
    use rand::SeedableRng;
    let mut rng = rand::rngs::SmallRng::seed_from_u64(53);
    let limits = Limits {
        depth: Some(1),
        time: None,
    };
    for one in God::SIMPLE {
        for two in God::SIMPLE {
            let pos = random_start(&mut rng).with_gods([one, two]);
            let report = Engine::new(1 << 10).search(&pos, limits);
            let best = report.best.unwrap_or_else(|| panic!("{pos}: no move"));
            assert!(pos.legal_moves().contains(&best), "{pos}: {best}");
        }
    }
    let pan: Position = "0000000000200000000000000/1/pan:A3,E1/mortal:E5,D5"
        .parse()
        .unwrap();
    let report = Engine::default().search(&pan, limits);
    let win = report.best.unwrap();
    assert!(
        matches!(win, bitgames::santorini::Move::Win { .. }),
        "{win}"
    );
    assert_eq!(report.score_text, "win in 1");
}
