//! Opening books, chunk files and book builds of boards over 64 bits: keys
//! of 128 bits, stored in `ceil(bits / 8)` bytes.

use bitgames::Game;
use bitgames::connect4::solver::book::build::BookBuild;
use bitgames::connect4::solver::book::chunk::{Chunk, ChunkHeader, ChunkId};
use bitgames::connect4::solver::book::{Book, book_positions, check_entry, symmetric_key};
use bitgames::connect4::solver::{Mode, Solver};
use bitgames::connect4::{Geometry, Position};
use std::collections::BTreeMap;
use std::sync::Arc;

/// An 8x8 (72-bit) position of 34 stones, column 8 in play.
const MID_8X8: &str = "1456523511571588518143331686625818";

/// The positions two plies after `pos` that a book of their layer holds
/// (not over, the player to move cannot win at once), by symmetric key,
/// each solved alone.
fn grandchildren_solved(pos: &Position) -> BTreeMap<u128, i8> {
    let g = pos.geometry();
    let mut solver = Solver::with_table_log2(18);
    let mut entries = BTreeMap::new();
    for a in 0..g.width() {
        let Some(child) = pos.after(a).ok().filter(|c| !c.outcome().is_over()) else {
            continue;
        };
        for b in 0..g.width() {
            let Some(q) = child.after(b).ok() else {
                continue;
            };
            if q.outcome().is_over() || q.winning_moves() != 0 {
                continue;
            }
            solver.clear();
            let score = solver.solve(&q, Mode::Strong).unwrap();
            entries.insert(symmetric_key(&q), i8::try_from(score).unwrap());
        }
    }
    entries
}

#[test]
fn a_book_of_an_8x8_layer_round_trips_and_answers_the_search() {
    let g = Geometry::new(8, 8).unwrap();
    assert_eq!(g.bits(), 72);
    let pos = Position::from_moves_in(g, MID_8X8).unwrap();
    let entries = grandchildren_solved(&pos);
    assert!(entries.len() >= 10, "{}", entries.len());
    assert!(
        entries.keys().any(|&k| k > u128::from(u64::MAX)),
        "keys past 64 bits"
    );
    let book = Book::from_scores(g, 36..=36, entries.iter().map(|(&k, &s)| (k, s)));
    assert_eq!(book.len(), entries.len());

    // 9 bytes a key (72 bits) and 1 of score, after a 32-byte header and
    // before an 8-byte checksum; read back the same.
    let bytes = book.to_bytes().unwrap();
    assert_eq!(bytes.len(), 32 + entries.len() * (9 + 1) + 8);
    let read = Book::from_bytes(&bytes).unwrap();
    assert_eq!(read, book);
    let listed = read.entries().unwrap();
    assert_eq!(listed.len(), entries.len());
    for (p, value) in &listed {
        assert_eq!(p.moves_played(), 36);
        assert_eq!(
            value.exact(),
            Some(i32::from(entries[&symmetric_key(p)])),
            "{p:?}"
        );
    }

    // The search stops at the book: the same score and analysis with fewer nodes.
    let mut plain = Solver::with_table_log2(18);
    let expected = plain.analyze(&pos, Mode::Strong).unwrap();
    let without = plain.stats().nodes;
    let mut booked = Solver::with_table_log2(18);
    booked.set_book(Some(Arc::new(read)));
    assert_eq!(booked.analyze(&pos, Mode::Strong).unwrap(), expected);
    let with = booked.stats().nodes;
    assert!(
        with < without,
        "{with} nodes with the book, {without} without"
    );

    // A position of another layer, and a score out of range, are refused.
    let (&key, _) = entries.iter().next().unwrap();
    let pos35 = pos.after(3).unwrap();
    let why = check_entry(g, (36..=36).into(), symmetric_key(&pos35), 0).unwrap_err();
    assert!(why.to_string().contains("35 stones, not 36..=36"), "{why}");
    let why = check_entry(g, (36..=36).into(), key, 20).unwrap_err();
    assert!(why.to_string().contains("score 20"), "{why}");
}

#[test]
fn chunks_and_builds_of_a_board_over_64_bits_keep_128_bit_keys() {
    let g = Geometry::new(8, 8).unwrap();
    let pos = Position::from_moves_in(g, MID_8X8).unwrap();
    let entries = grandchildren_solved(&pos);
    let chunk = Chunk {
        header: ChunkHeader {
            geometry: g,
            id: ChunkId {
                layer: 36,
                index: 0,
            },
            chunks: 1,
            chunk_size: entries.len(),
        },
        keys: entries.keys().copied().collect(),
        scores: entries.values().copied().collect(),
    };
    let bytes = chunk.to_bytes();
    assert_eq!(bytes.len(), 32 + entries.len() * (9 + 1) + 8);
    assert_eq!(Chunk::from_bytes(&bytes).unwrap(), chunk);

    // A build enumerates the layers of a wide board like any other: 8x8's
    // layer 2 (one of each mirror pair), keys past 64 bits once column 8
    // holds a stone.
    let build = BookBuild::new(g, 2..=2, 10).unwrap();
    let positions = book_positions(g, 2);
    let keys: Vec<u128> = positions.iter().map(symmetric_key).collect();
    assert_eq!(build.layer_keys(2), keys.as_slice());
    // 8 x 8 two-move games, each a distinct position, none its own mirror
    // image (8 columns: none is its own): 32.
    assert_eq!(keys.len(), 32);
    assert!(keys.iter().any(|&k| k > u128::from(u64::MAX)));
    assert_eq!(build.chunks(2), 4);
}
