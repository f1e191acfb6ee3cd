//! The book built into the library (7x6: layers 0..=3 and 10).

use super::Book;
use crate::connect4::Geometry;

/// The book built into the library for the standard 7x6 board: every position
/// with at most 3 stones and every position with exactly 10 stones, mirror
/// images counted once (634,489 positions, 5,075,952 bytes). Made by
/// `bitgames connect4 book build --depth 3` and `--layer 10` and merged with
/// `book merge`; see docs/connect4.md, "The built-in book".
///
/// Positions of 4..=9 stones are solved by searching down to layer 10, where
/// every line stops at a book entry.
#[cfg(feature = "builtin-book")]
const STANDARD_BOOK: &[u8] = include_bytes!("../../../../books/7x6-standard.book");

/// The built-in book for this board size, if there is one (7x6: layers 0..=3
/// and 10, so that every position is analysed in well under a second).
///
/// Parses the 5 MB book on each call: prefer [`builtin_shared`]. Without
/// the `builtin-book` feature (on by default) there is none.
#[must_use]
pub fn builtin(geometry: Geometry) -> Option<Book> {
    #[cfg(feature = "builtin-book")]
    {
        (geometry == Geometry::STANDARD)
            .then(|| Book::from_bytes(STANDARD_BOOK).expect("the built-in book is well formed"))
    }
    #[cfg(not(feature = "builtin-book"))]
    {
        let _ = geometry;
        None
    }
}

/// The built-in book for this board size, parsed once and shared by every
/// solver of the process.
#[must_use]
pub fn builtin_shared(geometry: Geometry) -> Option<std::sync::Arc<Book>> {
    static STANDARD: std::sync::OnceLock<Option<std::sync::Arc<Book>>> = std::sync::OnceLock::new();
    if geometry != Geometry::STANDARD {
        return None;
    }
    STANDARD
        .get_or_init(|| builtin(geometry).map(std::sync::Arc::new))
        .clone()
}
