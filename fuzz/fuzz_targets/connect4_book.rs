//! Opening-book bytes: `Book::from_bytes` never panics, whatever the bytes
//! (a refused book is an error value); an accepted book answers lookups.
#![no_main]

use bitgames::connect4::Position;
use bitgames::connect4::solver::book::Book;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    if let Ok(book) = Book::from_bytes(bytes) {
        let geometry = book.geometry();
        let mut pos = Position::new(geometry);
        let _ = book.score(&pos);
        for col in 0..geometry.width() {
            if pos.play(col).is_ok() {
                let _ = book.score(&pos);
            }
        }
    }
});
