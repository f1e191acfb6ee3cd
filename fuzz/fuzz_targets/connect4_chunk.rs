//! Chunk-file bytes of a book build: `Chunk::from_bytes` never panics,
//! whatever the bytes (a refused chunk is an error value), a torn one says
//! how long it is, and an accepted chunk writes back to the same bytes.
//! Each input is tried as it is and with its last 8 bytes made the checksum
//! of the others, so that the header and entries are read too.
#![no_main]

use bitgames::connect4::solver::book::chunk::{Chunk, ChunkError};
use bitgames::connect4::solver::book::fnv1a;
use libfuzzer_sys::fuzz_target;

fn check(bytes: &[u8]) {
    match Chunk::from_bytes(bytes) {
        Ok(chunk) => assert_eq!(chunk.to_bytes(), bytes, "an accepted chunk round-trips"),
        Err(ChunkError::Torn { expected, actual }) => {
            assert!(actual < expected && actual == bytes.len() as u64);
        }
        Err(_) => {}
    }
}

fuzz_target!(|bytes: &[u8]| {
    check(bytes);
    if let Some(body) = bytes.len().checked_sub(8) {
        let mut fixed = bytes.to_vec();
        let sum = fnv1a(&fixed[..body]);
        fixed[body..].copy_from_slice(&sum.to_le_bytes());
        check(&fixed);
    }
});
