//! The book built into the library (7x6: layers 0..=3 and 10).

use super::Book;
use super::file::{BookError, fnv1a};
use crate::connect4::Geometry;

/// The checksum of the built-in 7x6 book (the last 8 bytes of
/// `books/7x6-standard.book`, the FNV-1a of every byte before them): a
/// copy of the book fetched from elsewhere (the page's worker fetches it)
/// with this checksum, which its bytes give, is the built-in book, and
/// trusted as it is ([`Book::from_bytes_trusting_builtin`]).
pub const STANDARD_BOOK_CHECKSUM: u64 = 0x24b5_ef27_9fa6_a093;

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
/// Parses the 5 MB book on each call: prefer [`builtin_shared`]. The book
/// is trusted as it loads (its header is read, not its checksum nor its
/// 634,489 entries): it is checked where it is made, and by the test
/// `the_builtin_book_passes_every_check_of_a_book_from_elsewhere`. Without
/// the `builtin-book` feature (on by default) there is none.
#[must_use]
pub fn builtin(geometry: Geometry) -> Option<Book> {
    #[cfg(feature = "builtin-book")]
    {
        (geometry == Geometry::STANDARD).then(|| {
            Book::from_trusted_bytes(STANDARD_BOOK).expect("the built-in book is well formed")
        })
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

/// The bytes of the built-in 7x6 book, for the test that reads them with
/// every check.
#[cfg(all(test, feature = "builtin-book"))]
pub(super) const STANDARD_BOOK_BYTES: &[u8] = STANDARD_BOOK;

impl Book {
    /// Reads book bytes as [`Book::from_bytes`] does, but trusts the bytes
    /// of the built-in 7x6 book without checking its 634,489 entries: bytes
    /// whose checksum is [`STANDARD_BOOK_CHECKSUM`] and is what the bytes
    /// give (one pass over them, a few milliseconds). Any other book gets
    /// every check. For a copy of the built-in book from elsewhere: the
    /// WebAssembly module's, fetched by the page.
    pub fn from_bytes_trusting_builtin(bytes: &[u8]) -> Result<Book, BookError> {
        if let Some((body, sum)) = bytes.split_last_chunk::<8>()
            && u64::from_le_bytes(*sum) == STANDARD_BOOK_CHECKSUM
            && fnv1a(body) == STANDARD_BOOK_CHECKSUM
            && let Ok(book) = Book::from_trusted_bytes(bytes)
        {
            return Ok(book);
        }
        Book::from_bytes(bytes)
    }
}
