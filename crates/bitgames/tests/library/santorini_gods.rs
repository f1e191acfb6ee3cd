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
    let mut h: [u32; 5] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0];
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
    assert_eq!(hex(sha1(b"abc")), "a9993e364706816aba3e25717850c26c9cd0d89d");
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
                wrong.push(format!("{fen}: no turn for santorini-ai, {} here", next.len()));
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
