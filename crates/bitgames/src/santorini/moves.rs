//! A move's kinds, the list of legal moves, and the eight directions of the
//! padded layout a move steps in.

use super::bitboard::Space;
pub use super::heaps::Heaps;
use arrayvec::ArrayVec;

/// A move: a placement of both workers, or a worker's move with its build, or a winning move.
// `PartialEq` below is the structural equality the derive would give,
// written out so that it inlines: `Hash` agrees with it.
#[allow(clippy::derived_hash_with_manual_eq)]
#[derive(Clone, Copy, Debug, Eq, Hash, PartialOrd, Ord)]
#[repr(align(8))]
pub enum Move {
    /// Place both workers (setup); the two spaces in the order of [`Move::place`].
    Place(Space, Space),
    /// Move the worker on `from` to `to`, then build on `build`.
    Build {
        /// The worker's space.
        from: Space,
        /// Where it moves.
        to: Space,
        /// Where it builds (a neighbour of `to`).
        build: Space,
    },
    /// Move the worker on `from` to `to`, winning the game: up from level 2
    /// onto level 3 (for Artemis, on either of her steps), or for Pan down
    /// two or more levels.
    Win {
        /// The worker's space.
        from: Space,
        /// The level-3 space.
        to: Space,
    },
    /// A god's turn that a move and one build cannot write.
    Power(Power),
}

/// Equal moves: the base game's kinds compared field by field at once (the
/// search compares moves at every node; the derived comparison of the
/// nested enum was not inlined).
impl PartialEq for Move {
    #[inline(always)]
    fn eq(&self, other: &Move) -> bool {
        match (self, other) {
            (
                Move::Build { from, to, build },
                Move::Build {
                    from: f,
                    to: t,
                    build: b,
                },
            ) => from == f && to == t && build == b,
            (Move::Win { from, to }, Move::Win { from: f, to: t }) => from == f && to == t,
            (Move::Place(a, b), Move::Place(c, d)) => a == c && b == d,
            (Move::Power(a), Move::Power(b)) => a == b,
            _ => false,
        }
    }
}

/// The turns of the god powers beyond a move and a build. (Apollo's swap,
/// Minotaur's push, Artemis' two steps and a Hermes worker moving on its
/// level are [`Move::Build`]s and [`Move::Win`]s whose `to` is an
/// opponent's space or not a neighbour.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Power {
    /// Atlas: move, then a dome on `build` at whatever level (`A1>B2^C3X`).
    Dome {
        /// The worker's space.
        from: Space,
        /// Where it moves.
        to: Space,
        /// The domed space.
        build: Space,
    },
    /// Demeter: move, then build on `build` and on `second`, another space
    /// (`A1>B2^C3^D3`, the two builds in board order); Hephaestus: `second`
    /// is `build`, a second block on the first (`A1>B2^^C3`).
    Twice {
        /// The worker's space.
        from: Space,
        /// Where it moves.
        to: Space,
        /// The first build.
        build: Space,
        /// The second build.
        second: Space,
    },
    /// Prometheus: build on `first`, move (not up), build (`^C3 A1>B2^C4`).
    BuildFirst {
        /// The build before the move.
        first: Space,
        /// The worker's space.
        from: Space,
        /// Where it moves.
        to: Space,
        /// The build after it.
        build: Space,
    },
    /// Achilles: build on `first`, then move up onto it (from level 2) and
    /// win (`^C3 B2>C3#`).
    BuildFirstWin {
        /// The build before the move.
        first: Space,
        /// The worker's space.
        from: Space,
        /// The level-3 space it wins on.
        to: Space,
    },
    /// Ares: move, build, then remove a block next to the unmoved worker
    /// (`A1>B2^C3~D4`).
    Remove {
        /// The worker's space.
        from: Space,
        /// Where it moves.
        to: Space,
        /// The build.
        build: Space,
        /// The space a block is taken from.
        remove: Space,
    },
    /// Asteria, after moving down: move, build, then a dome on any free
    /// space (`A1>B2^C3^D4X`).
    AndDome {
        /// The worker's space.
        from: Space,
        /// Where it moves.
        to: Space,
        /// The build.
        build: Space,
        /// The domed space.
        dome: Space,
    },
    /// Charon or Scylla: the opponent's worker on `forced` is forced onto
    /// `onto`, before the move (Charon's ferry beyond his worker) or after
    /// it (Scylla's drag into the space hers left: `onto` is `from`); move,
    /// build (`(C4>A2)B3>C4^C5`, santorini-ai's form).
    Force {
        /// The opponent worker's space.
        forced: Space,
        /// Where it is forced.
        onto: Space,
        /// The worker's space.
        from: Space,
        /// Where it moves.
        to: Space,
        /// The build.
        build: Space,
    },
    /// Charon: a ferry, then a winning move (`(C4>A2)B3>C4#`).
    ForceWin {
        /// The opponent worker's space.
        forced: Space,
        /// Where it is forced.
        onto: Space,
        /// The worker's space.
        from: Space,
        /// The level-3 space it wins on.
        to: Space,
    },
    /// Nemesis: move, build, then every worker swapped with the other
    /// side's (`A1>B2^C3[<>]`).
    SwapAll {
        /// The worker's space.
        from: Space,
        /// Where it moves.
        to: Space,
        /// The build.
        build: Space,
    },
    /// Nemesis against one worker more or fewer than hers (Jason's third,
    /// hers down to one, Hydra's lone worker): move, build, then as many
    /// workers as can swap do, all but the one on `kept`, of the side with
    /// more (`A1>B2^C3[<>-D4]`).
    SwapSome {
        /// The worker's space.
        from: Space,
        /// Where it moves.
        to: Space,
        /// The build.
        build: Space,
        /// The worker that keeps its space.
        kept: Space,
    },
    /// Nemesis against two or more workers more than hers (Hydra's four
    /// to eleven): move, build, then her two workers swap with the
    /// opponent's two on `pair`, in board order (`A1>B2^C3[<>D4,E5]`);
    /// spelled: `pair` `[a, a]` is the turn begun, which names one of them.
    SwapTwo {
        /// The worker's space.
        from: Space,
        /// Where it moves.
        to: Space,
        /// The build.
        build: Space,
        /// The opponent's two workers that swap.
        pair: [Space; 2],
    },
    /// Move, build, then the mover's god acts on `at` (`A1>B2^C3@D4`):
    /// Europa puts her talus there.
    Act {
        /// The worker's space.
        from: Space,
        /// Where it moves.
        to: Space,
        /// The build.
        build: Space,
        /// The space the god acts on.
        at: Space,
    },
    /// Castor: both workers move and no one builds (`(A1,B1)>(A2,B2)`,
    /// each worker on `from[i]` ending on `to[i]`, `from` in board order);
    /// `wins`: one of them steps up from level 2 onto level 3, into the
    /// space the other left (`(A1,B1)>(A2,A1)#`).
    Pair {
        /// The two workers' spaces.
        from: [Space; 2],
        /// Where each ends.
        to: [Space; 2],
        /// The turn wins.
        wins: bool,
    },
    /// Castor: no worker moves, each builds once (`^A1^B2`, the spaces in
    /// board order; `^A1^A1`: two blocks on one space beside both).
    Builds {
        /// The two builds.
        builds: [Space; 2],
    },
    /// Castor's lone worker: a move without a build (`A1>B2`).
    MoveOnly {
        /// The worker's space.
        from: Space,
        /// Where it moves.
        to: Space,
    },
    /// Aeolus: move, build, then the wind (`A1>B2^C3=ne`): `wind` 1..=8 a
    /// direction (NW, N, NE, E, SE, S, SW, W) no worker may step in, 0
    /// calm (`=calm`).
    Wind {
        /// The worker's space.
        from: Space,
        /// Where it moves.
        to: Space,
        /// The build.
        build: Space,
        /// The wind after the turn.
        wind: u8,
    },
    /// A god that plays three workers (Graeae) places them (setup), the
    /// spaces in notation order (`A1,B2,C3`, as [`Move::place`] orders two).
    PlaceThree {
        /// The three spaces.
        spaces: [Space; 3],
    },
    /// A god with a female worker (Selene, Hippolyta) places both workers
    /// (setup), the spaces in notation order, and names the female one
    /// (`A1,B2@A1`).
    PlaceFemale {
        /// The two spaces.
        spaces: [Space; 2],
        /// The female worker's space, one of them.
        female: Space,
    },
    /// Nemesis against a god with a female worker: move, build, swap every
    /// worker, the opponent's female one onto `female`, one of the spaces
    /// hers stood on (`A1>B2^C3[<>@D4]`).
    SwapFemale {
        /// The worker's space.
        from: Space,
        /// Where it moves.
        to: Space,
        /// The build.
        build: Space,
        /// Where the opponent's female worker goes.
        female: Space,
    },
    /// Jason: instead of a move, the worker he keeps is put on `at` (a
    /// perimeter space on level 0) and builds on `build` (`+A1^B2`).
    Recruit {
        /// Where the worker is put.
        at: Space,
        /// Its build.
        build: Space,
    },
    /// Polyphemus, once a game: move, build, then two domes on free spaces
    /// anywhere, at any level (`A1>B2^C3^D4X^E5X`, the domes in board
    /// order); one dome is an [`Power::AndDome`].
    Domes {
        /// The worker's space.
        from: Space,
        /// Where it moves.
        to: Space,
        /// The build.
        build: Space,
        /// The two domed spaces, in board order.
        domes: [Space; 2],
    },
    /// Poseidon: move and build, then his unmoved worker, on level 0,
    /// builds around itself once or more, up to three times
    /// (`A1>B2^C3*D4*D4`: its builds in board order).
    Besides {
        /// The worker's space.
        from: Space,
        /// Where it moves.
        to: Space,
        /// The moved worker's build.
        build: Space,
        /// The unmoved worker's builds in board order, then `to` (where no
        /// one builds) for each build fewer than three.
        extra: [Space; 3],
    },
    /// Morpheus: move, then three or more builds around where the worker
    /// ends, as many as the blocks he spends (`A1>B2^C3^C3^D4`, in board
    /// order; two builds are a [`Power::Twice`], one a [`Move::Build`],
    /// none a [`Power::MoveOnly`]).
    Heaps {
        /// The worker's space.
        from: Space,
        /// Where it moves.
        to: Space,
        /// The builds around `to`.
        heaps: Heaps,
    },
    /// Hermes: no worker moves, one builds (`^C3`).
    Stay {
        /// The build.
        build: Space,
    },
    /// Hermes: both workers move on their levels, then one builds
    /// (`(A1,B1)>(A2,B2)^C3`): the worker on `from[i]` ends on `to[i]`.
    Both {
        /// The two workers' spaces.
        from: [Space; 2],
        /// Where each ends.
        to: [Space; 2],
        /// The build.
        build: Space,
    },
}

impl Move {
    /// A placement, its two spaces put in notation order (by file, then by
    /// rank: `A1,B2`, `A1,A2`), so that each placement has one form.
    #[must_use]
    pub fn place(a: Space, b: Space) -> Move {
        let key = |s: Space| (s.col(), std::cmp::Reverse(s.row()));
        if key(a) <= key(b) {
            Move::Place(a, b)
        } else {
            Move::Place(b, a)
        }
    }

    /// A placement of three workers, its spaces put in notation order (see
    /// [`Move::place`]).
    #[must_use]
    pub fn place_three(mut spaces: [Space; 3]) -> Move {
        spaces.sort_by_key(|s| (s.col(), std::cmp::Reverse(s.row())));
        Move::Power(Power::PlaceThree { spaces })
    }

    /// A placement of two workers, the female one on `female` (see
    /// [`Power::PlaceFemale`]).
    #[must_use]
    pub fn place_female(a: Space, b: Space, female: Space) -> Move {
        let Move::Place(a, b) = Move::place(a, b) else {
            unreachable!("a placement")
        };
        Move::Power(Power::PlaceFemale {
            spaces: [a, b],
            female,
        })
    }

    /// Whether this is a placement (of two workers, or of three).
    #[must_use]
    pub fn is_placement(self) -> bool {
        matches!(
            self,
            Move::Place(..) | Move::Power(Power::PlaceThree { .. } | Power::PlaceFemale { .. })
        )
    }
}

/// At most 300 placements (25 choose 2); at most 2 workers x 8 moves x 8 builds = 128 turns.
pub const MAX_MOVES: usize = 300;

/// The list of legal moves.
pub type MoveBuf = ArrayVec<Move, MAX_MOVES>;

/// Where a generator puts the turns it lists: a fixed buffer or a vector.
pub(crate) trait TurnSink {
    /// Appends `mv`.
    fn push_turn(&mut self, mv: Move);
}

impl TurnSink for MoveBuf {
    #[inline(always)]
    fn push_turn(&mut self, mv: Move) {
        self.push(mv);
    }
}

impl TurnSink for Vec<Move> {
    #[inline(always)]
    fn push_turn(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// The legal moves of a position ([`crate::Game::legal_moves`]): in a
/// fixed buffer in the base game (at most [`MAX_MOVES`]), on the heap for a
/// god's turns beyond that (Hermes has thousands).
// The fixed buffer is the point: no allocation in the base game.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Moves {
    /// At most [`MAX_MOVES`], without allocation.
    Inline(MoveBuf),
    /// More.
    Heap(Vec<Move>),
}

impl Default for Moves {
    fn default() -> Moves {
        Moves::Inline(MoveBuf::new())
    }
}

impl Moves {
    /// No moves.
    #[must_use]
    pub fn new() -> Moves {
        Moves::default()
    }

    /// Keeps the moves `keep` says yes to, in their order.
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        match self {
            Moves::Inline(m) => m.retain(|mv| keep(mv)),
            Moves::Heap(m) => m.retain(|mv| keep(mv)),
        }
    }

    /// Keeps the first `n` moves.
    pub fn truncate(&mut self, n: usize) {
        match self {
            Moves::Inline(m) => m.truncate(n),
            Moves::Heap(m) => m.truncate(n),
        }
    }
}

impl From<MoveBuf> for Moves {
    fn from(moves: MoveBuf) -> Moves {
        Moves::Inline(moves)
    }
}

impl From<Vec<Move>> for Moves {
    /// Inline when they fit.
    fn from(moves: Vec<Move>) -> Moves {
        match MoveBuf::try_from(moves.as_slice()) {
            Ok(fit) => Moves::Inline(fit),
            Err(_) => Moves::Heap(moves),
        }
    }
}

impl FromIterator<Move> for Moves {
    fn from_iter<I: IntoIterator<Item = Move>>(iter: I) -> Moves {
        Moves::from(iter.into_iter().collect::<Vec<Move>>())
    }
}

impl std::ops::Deref for Moves {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        match self {
            Moves::Inline(m) => m,
            Moves::Heap(m) => m,
        }
    }
}

impl std::ops::DerefMut for Moves {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        match self {
            Moves::Inline(m) => m,
            Moves::Heap(m) => m,
        }
    }
}

impl IntoIterator for Moves {
    type Item = Move;
    type IntoIter = MovesIter;
    fn into_iter(self) -> MovesIter {
        match self {
            Moves::Inline(m) => MovesIter::Inline(m.into_iter()),
            Moves::Heap(m) => MovesIter::Heap(m.into_iter()),
        }
    }
}

impl<'a> IntoIterator for &'a Moves {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// The moves of [`Moves`], by value.
#[allow(clippy::large_enum_variant)]
pub enum MovesIter {
    /// From the fixed buffer.
    Inline(arrayvec::IntoIter<Move, MAX_MOVES>),
    /// From the heap.
    Heap(std::vec::IntoIter<Move>),
}

impl Iterator for MovesIter {
    type Item = Move;
    #[inline]
    fn next(&mut self) -> Option<Move> {
        match self {
            MovesIter::Inline(m) => m.next(),
            MovesIter::Heap(m) => m.next(),
        }
    }
}

/// The number of dense actions: 625 placement slots (first space x second
/// space, row-major numbers) then 2 workers x 8 directions x 8 build directions.
pub const NUM_ACTIONS: usize = 625 + 128;

/// Step offsets in the padded layout for the eight directions, in the order
/// NW, N, NE, W, E, SW, S, SE; direction `d` and `7 - d` are opposite.
pub const STEPS: [i8; 8] = [-8, -7, -6, -1, 1, 6, 7, 8];

/// The direction index `d` (into [`STEPS`]) from `a` to its neighbour `b`.
pub(super) fn direction(a: Space, b: Space) -> usize {
    let step = b.bit() as i8 - a.bit() as i8;
    STEPS.iter().position(|&s| s == step).unwrap_or(0)
}

/// The neighbour of `a` in direction `d`, if on the board.
pub(super) fn step(a: Space, d: usize) -> Option<Space> {
    let bit = a.bit() as i8 + STEPS[d];
    if bit < 0 {
        None
    } else {
        Space::from_bit(bit as u8)
    }
}

// A turn fits in eight bytes: the search's lists and tables hold many.
const _: () = assert!(std::mem::size_of::<Move>() == 8);
