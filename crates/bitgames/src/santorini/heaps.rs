//! Blocks built around one space in one turn (Morpheus' builds around his
//! worker): a count a neighbour, packed in three bytes so that a turn
//! holding them stays eight bytes.

use super::bitboard::{Bitboard, Space};

/// Blocks built around one space, the centre: how many on each of its
/// neighbours, three bits a neighbour in the order of their bits (board
/// order). The centre is the turn's (Morpheus' worker where it ends).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Heaps([u8; 3]);

impl Heaps {
    /// No builds.
    pub const NONE: Heaps = Heaps([0; 3]);

    fn bits(self) -> u32 {
        u32::from_le_bytes([self.0[0], self.0[1], self.0[2], 0])
    }

    /// The blocks on the `i`th neighbour of the centre.
    #[must_use]
    pub fn on(self, i: usize) -> u32 {
        (self.bits() >> (3 * i)) & 7
    }

    /// One more block on the `i`th neighbour of the centre (at most seven).
    #[must_use]
    pub fn plus(self, i: usize) -> Heaps {
        debug_assert!(self.on(i) < 7);
        let [a, b, c, _] = (self.bits() + (1 << (3 * i))).to_le_bytes();
        Heaps([a, b, c])
    }

    /// The blocks in all.
    #[must_use]
    pub fn total(self) -> u32 {
        (0..8).map(|i| self.on(i)).sum()
    }

    /// The builds around `centre`: each space as many times as its blocks,
    /// in board order.
    pub fn spaces(self, centre: Space) -> impl Iterator<Item = Space> {
        Bitboard::neighbours(centre)
            .into_iter()
            .enumerate()
            .flat_map(move |(i, s)| std::iter::repeat_n(s, self.on(i) as usize))
    }

    /// The heaps of `builds` around `centre`; `None` if one is not its
    /// neighbour or a space takes more than seven.
    #[must_use]
    pub fn of(centre: Space, builds: impl IntoIterator<Item = Space>) -> Option<Heaps> {
        let around = Bitboard::neighbours(centre);
        let mut heaps = Heaps::NONE;
        for b in builds {
            if !around.contains(b) {
                return None;
            }
            let i = (around & Bitboard(b.bitboard().0 - 1)).count() as usize;
            if heaps.on(i) == 7 {
                return None;
            }
            heaps = heaps.plus(i);
        }
        Some(heaps)
    }
}
