//! The book file, its lookups and the built-in book.

use super::file::MAGIC;
use super::*;

fn small_book() -> (Book, Vec<u8>) {
    let g = Geometry::new(5, 4).unwrap();
    let entries: Vec<(u128, i8)> = book_positions(g, 2)
        .iter()
        .enumerate()
        .map(|(i, p)| (symmetric_key(p), (i % 5) as i8 - 2))
        .collect();
    let book = Book::from_scores(g, 2..=2, entries);
    let bytes = book.to_bytes().unwrap();
    (book, bytes)
}

#[test]
fn round_trips_through_bytes_and_finds_mirror_images() {
    let g = Geometry::STANDARD;
    let a = Position::from_moves("12").unwrap();
    let b = Position::from_moves("4").unwrap();
    let book = Book::from_scores(g, 1..=2, [(symmetric_key(&a), -3), (symmetric_key(&b), 2)]);
    let bytes = book.to_bytes().unwrap();
    assert_eq!(bytes.len(), 32 + 2 * 8 + 8);
    let back = Book::from_bytes(&bytes).unwrap();
    assert_eq!(back, book);
    assert_eq!(back.layers(), Layers::from(1..=2));
    assert_eq!(back.layers().to_string(), "1..=2");
    assert_eq!(back.score(&Position::from_moves("76").unwrap()), Some(-3));
    assert_eq!(back.score(&Position::from_moves("5").unwrap()), None);
    assert_eq!(
        back.score(&Position::new(g)),
        None,
        "0 stones: not a layer held"
    );
    assert!(!back.legacy());
}

#[test]
#[cfg(feature = "builtin-book")]
fn the_builtin_book_passes_every_check_of_a_book_from_elsewhere() {
    // The built-in book is trusted as it loads (no checksum, no entry
    // checks): here it is read as any file would be, checksum, keys and
    // scores, and must come out the same book.
    let bytes = super::builtin::STANDARD_BOOK_BYTES;
    let checked = Book::from_bytes(bytes).expect("every check passes");
    assert_eq!(Some(checked), builtin(Geometry::STANDARD));
    // The checksum a fetched copy is trusted by is this book's.
    let stored = u64::from_le_bytes(bytes[bytes.len() - 8..].try_into().unwrap());
    assert_eq!(stored, super::builtin::STANDARD_BOOK_CHECKSUM);
    assert_eq!(
        Book::from_bytes_trusting_builtin(bytes).ok(),
        builtin(Geometry::STANDARD)
    );
    // A changed byte is no longer the built-in book: every check runs, and
    // the checksum refuses it.
    let mut damaged = bytes.to_vec();
    damaged[100] ^= 1;
    for read in [Book::from_bytes, Book::from_bytes_trusting_builtin] {
        assert!(matches!(
            read(&damaged),
            Err(super::BookError::BadChecksum { .. })
        ));
    }
}

#[test]
#[cfg(feature = "builtin-book")]
fn the_builtin_book_agrees_with_itself_and_knows_the_first_player_wins() {
    let g = Geometry::STANDARD;
    let book = builtin(g).unwrap();
    // Layers 0..=3 (1 + 4 + 25 + 121 positions after mirror images) and
    // layer 10.
    assert_eq!(book.len(), 1 + 4 + 25 + 121 + 634_338);
    assert_eq!(
        book.layers(),
        Layers::from(0..=3).union(Layers::from(10..=10))
    );
    assert!(builtin(Geometry::new(6, 5).unwrap()).is_none());
    // The empty board: the first player wins with the last stone (score 1).
    let empty = Position::new(g);
    assert_eq!(book.score(&empty), Some(1));
    // Every position of the first layers below 3 stones scores the best
    // of its children, as negamax says: the layers are consistent.
    for stones in 0..3 {
        for pos in book_positions(g, stones) {
            let best = (0..7)
                .filter(|&c| pos.can_play(c))
                .map(|c| {
                    -book
                        .score(&pos.after(c).unwrap())
                        .expect("a child in the book")
                })
                .max()
                .unwrap();
            assert_eq!(book.score(&pos), Some(best), "{stones} stones");
        }
    }
    // The centre is the only winning first move; 3 and 5 draw.
    let scores: Vec<i32> = (0..7)
        .map(|c| -book.score(&empty.after(c).unwrap()).unwrap())
        .collect();
    assert_eq!(scores, [-2, -1, 0, 1, 0, -1, -2]);
}

#[test]
fn every_changed_byte_is_refused() {
    let (book, bytes) = small_book();
    assert_eq!(Book::from_bytes(&bytes).unwrap(), book);
    for i in 0..bytes.len() {
        for flip in [0x01u8, 0x80] {
            let mut bad = bytes.clone();
            bad[i] ^= flip;
            assert!(
                Book::from_bytes(&bad).is_err(),
                "byte {i} ^ {flip:#x} was accepted"
            );
        }
    }
}

#[test]
fn a_changed_score_byte_is_refused_by_its_checksum_and_its_range() {
    let (_, mut bytes) = small_book();
    let n = bytes.len();
    // The last score byte, just before the checksum.
    bytes[n - 9] = 127;
    let err = Book::from_bytes(&bytes).unwrap_err();
    assert!(matches!(err, BookError::BadChecksum { .. }), "{err}");
    // With a fixed-up checksum, the range check still refuses it.
    let sum = fnv1a(&bytes[..n - 8]);
    bytes[n - 8..].copy_from_slice(&sum.to_le_bytes());
    let err = Book::from_bytes(&bytes).unwrap_err().to_string();
    assert!(
        err.contains("score 127 is out of range for a position with 2 stones"),
        "{err}"
    );
}

#[test]
fn bad_keys_are_refused_with_their_entry_and_why() {
    let g = Geometry::new(5, 4).unwrap();
    // A 3-stone position in a book of layer 2.
    let three = Position::from_moves_in(g, "123").unwrap();
    let book = Book::from_scores(g, 2..=2, [(symmetric_key(&three), 0)]);
    let err = Book::from_bytes(&book.to_bytes().unwrap())
        .unwrap_err()
        .to_string();
    assert!(err.contains("book entry 0: key"), "{err}");
    assert!(err.contains("a position with 3 stones, not 2..=2"), "{err}");
    // Layers need not be one run: 0..=1 and 3.
    let layers = Layers::from(0..=1).union(Layers::from(3..=3));
    assert_eq!(layers.to_string(), "0..=1, 3..=3");
    let book = Book::from_scores(g, layers, [(symmetric_key(&three), 0)]);
    let back = Book::from_bytes(&book.to_bytes().unwrap()).unwrap();
    assert!(back.layers().contains(3) && !back.layers().contains(2));
    // A word that is no position at all (a column without its marker).
    let book = Book::from_scores(g, 2..=2, [(0, 0)]);
    let err = Book::from_bytes(&book.to_bytes().unwrap())
        .unwrap_err()
        .to_string();
    assert!(err.contains("no position of a 5x4 board"), "{err}");
}

#[test]
fn version_1_books_are_still_read() {
    let g = Geometry::STANDARD;
    let a = Position::from_moves("12").unwrap();
    let mut v1 = Vec::new();
    v1.extend_from_slice(MAGIC);
    v1.extend_from_slice(&[1, 7, 6, 2]);
    v1.extend_from_slice(&1u64.to_le_bytes());
    v1.extend_from_slice(&symmetric_key(&a).to_le_bytes()[..7]);
    v1.push((-3i8) as u8);
    let book = Book::from_bytes(&v1).unwrap();
    assert!(book.legacy());
    assert_eq!(book.layers(), Layers::from(0..=2));
    assert_eq!(book.score(&a), Some(-3));
    assert_eq!(book.geometry(), g);
}

#[test]
fn bad_bytes_are_refused_with_the_reason() {
    let err = Book::from_bytes(b"hello").unwrap_err().to_string();
    assert!(err.starts_with("not a Connect Four book"), "{err}");
    let (_, mut bytes) = small_book();
    bytes.pop();
    let n = bytes.len();
    assert_eq!(
        Book::from_bytes(&bytes).unwrap_err().to_string(),
        format!("book is {n} bytes long, its header says {}", n + 1)
    );
    assert_eq!(max_file_len(&bytes[..32]), n as u64 + 1);
}

#[test]
fn book_positions_count_the_distinct_openings_up_to_mirror_images() {
    let g = Geometry::STANDARD;
    // 7 first moves, 4 up to mirror images; 49 two-move positions, of
    // which only "4 then 4" is its own mirror image: 1 + 48 / 2 = 25.
    assert_eq!(book_positions(g, 1).len(), 4);
    assert_eq!(book_positions(g, 2).len(), 25);
}

#[test]
#[cfg(not(feature = "builtin-book"))]
fn without_the_builtin_book_feature_there_is_no_builtin_book() {
    use crate::connect4::Geometry;
    assert!(super::builtin::builtin(Geometry::STANDARD).is_none());
    assert!(super::builtin::builtin_shared(Geometry::STANDARD).is_none());
}
