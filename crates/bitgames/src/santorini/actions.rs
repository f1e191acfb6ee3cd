//! The dense action numbers of a game with gods: every turn of every god
//! has its own number below [`NUM_GOD_ACTIONS`], whatever the pair, and the
//! number gives the turn back (docs/python.md has the table).

use super::bitboard::{Bitboard, Space};
use super::game::Position;
use super::gods::{MOST_WORKERS, run_ends};
use super::moves::{Move, Power};
use crate::Game;
use arrayvec::ArrayVec;

/// The dense actions of a game with gods (the base game keeps its 753):
/// placements of two workers as in the base game, then each kind of turn
/// by the mover's worker `w` (0 on the lowest bit, up to 2: three workers) and
/// the spaces' row-major numbers: a move and build or a win (`to`, `build`
/// or 25 for a win), a dome, a build and one more space (the mover's god
/// says what: a second build, a block removed, a dome, its act), a build
/// first, a build alone, both workers' runs, then the placements of three
/// workers (Graeae), by their combination's rank, then a worker put on a
/// space and its build (Jason's), then a move without a build (Morpheus',
/// Castor's lone worker), then a move and build or a win of a fourth to
/// eleventh worker (Hydra's).
///
/// A turn with more builds or domes than one number holds (Polyphemus' two
/// domes, Poseidon's unmoved worker's builds, Morpheus' third build and
/// on, Hydra's worker gained or removed) is spelled: its first number is
/// a shorter turn of the same move (the same move with fewer builds;
/// Hydra's move and build), then one number for each further build, dome
/// or act, a space's [`GO_ON`] number, in board order (see
/// [`Position::spelling`]). [`END_TURN`] ends a turn that could go on.
pub const NUM_GOD_ACTIONS: usize = END_TURN + 1;
/// The first of the 25 actions that go on with a spelled turn: one more
/// build or dome on a space, by its row-major number.
pub const GO_ON: usize = WIDE + (MOST_WORKERS - WORKERS) * 25 * 26;
/// The action that ends a spelled turn that could go on.
pub const END_TURN: usize = GO_ON + 25;
/// The most action numbers that spell one turn: Morpheus' twelve builds,
/// his first two in the first number.
pub const MAX_SPELLING: usize = 11;
/// The most workers a player has (Graeae's three).
const WORKERS: usize = 3;
/// Where each kind's actions start.
const PLAIN: usize = 625;
const DOME: usize = PLAIN + WORKERS * 25 * 26;
const TWICE: usize = DOME + WORKERS * 25 * 25;
const FIRST: usize = TWICE + WORKERS * 25 * 25 * 25;
const STAY: usize = FIRST + WORKERS * 25 * 25 * 25;
const BOTH: usize = STAY + 25;
const THREE: usize = BOTH + 25 * 25 * 25;
const RECRUIT: usize = THREE + 2300;
const MOVE: usize = RECRUIT + 25 * 25;
const WIDE: usize = MOVE + WORKERS * 25;

/// `n` choose `k`, for the ranks of three spaces.
const fn choose(n: usize, k: usize) -> usize {
    match k {
        1 => n,
        2 => n * n.saturating_sub(1) / 2,
        _ => n * n.saturating_sub(1) * n.saturating_sub(2) / 6,
    }
}

/// The rank of three spaces among the 2,300 sets of three (the
/// combinatorial number system on their row-major numbers).
fn rank_of_three(spaces: [Space; 3]) -> usize {
    let mut i = spaces.map(Space::index);
    i.sort_unstable();
    choose(i[0], 1) + choose(i[1], 2) + choose(i[2], 3)
}

/// The three spaces of a rank below 2,300 ([`rank_of_three`]).
fn three_of_rank(mut rank: usize) -> Option<[Space; 3]> {
    let mut out = [0usize; 3];
    let mut top = 25;
    for k in (1..=3).rev() {
        let n = (0..top).rev().find(|&n| choose(n, k) <= rank)?;
        rank -= choose(n, k);
        out[k - 1] = n;
        top = n;
    }
    Some(out.map(|i| Space::from_index(i).expect("below 25")))
}

impl Position {
    /// The mover's worker number of `from` (0 on the lowest bit) and the
    /// turn's slot `WORKERS * 25 * ...` prefix `w * 25 + to`.
    fn worker_to(&self, from: Space, to: Space) -> usize {
        let mine = self.workers[self.to_move.index()];
        let w = (mine & Bitboard(from.bitboard().0 - 1)).count() as usize;
        w * 25 + to.index()
    }

    /// The slot of a move and build on `build` (25: a win) of the mover's
    /// worker on `from` ending on `to`: among the first three workers', or
    /// beyond (Hydra's fourth and later).
    fn plain_slot(&self, from: Space, to: Space, build: usize) -> usize {
        let slot = self.worker_to(from, to);
        if slot < WORKERS * 25 {
            PLAIN + slot * 26 + build
        } else {
            WIDE + (slot - WORKERS * 25) * 26 + build
        }
    }

    /// The action of a turn in a game with gods (see [`NUM_GOD_ACTIONS`]).
    pub(crate) fn god_action_of(&self, mv: Move) -> usize {
        match mv {
            Move::Place(a, b) => 25 * a.index().min(b.index()) + a.index().max(b.index()),
            Move::Power(Power::PlaceThree { spaces }) => THREE + rank_of_three(spaces),
            // The female one first: a slot of its own whichever comes first.
            Move::Power(Power::PlaceFemale {
                spaces: [a, b],
                female,
            }) => {
                let male = if female == a { b } else { a };
                25 * female.index() + male.index()
            }
            Move::Power(Power::Recruit { at, build }) => RECRUIT + 25 * at.index() + build.index(),
            Move::Build { from, to, build } => self.plain_slot(from, to, build.index()),
            Move::Win { from, to } => self.plain_slot(from, to, 25),
            // Hydra's act: spelled from the move and build.
            Move::Power(Power::Act {
                from, to, build, ..
            }) if self.gods[self.to_move.index()].rules().grows => {
                self.plain_slot(from, to, build.index())
            }
            Move::Power(Power::Dome { from, to, build }) => {
                DOME + self.worker_to(from, to) * 25 + build.index()
            }
            Move::Power(Power::ForceWin {
                forced, from, to, ..
            }) => DOME + self.worker_to(from, to) * 25 + forced.index(),
            Move::Power(Power::SwapAll { from, to, build }) => {
                DOME + self.worker_to(from, to) * 25 + build.index()
            }
            Move::Power(Power::Twice {
                from,
                to,
                build,
                second,
            }) => TWICE + (self.worker_to(from, to) * 25 + build.index()) * 25 + second.index(),
            Move::Power(Power::BuildFirst {
                first,
                from,
                to,
                build,
            }) => FIRST + (self.worker_to(from, to) * 25 + build.index()) * 25 + first.index(),
            // A win builds nothing after the move: the slot of a build on
            // the space it ends on, which no build-first turn has.
            Move::Power(Power::BuildFirstWin { first, from, to }) => {
                FIRST + (self.worker_to(from, to) * 25 + to.index()) * 25 + first.index()
            }
            Move::Power(
                Power::Remove {
                    from,
                    to,
                    build,
                    remove: second,
                }
                | Power::SwapSome {
                    from,
                    to,
                    build,
                    kept: second,
                }
                | Power::SwapTwo {
                    from,
                    to,
                    build,
                    pair: [second, _],
                }
                | Power::SwapFemale {
                    from,
                    to,
                    build,
                    female: second,
                }
                | Power::AndDome {
                    from,
                    to,
                    build,
                    dome: second,
                }
                | Power::Force {
                    from,
                    to,
                    build,
                    forced: second,
                    ..
                }
                | Power::Act {
                    from,
                    to,
                    build,
                    at: second,
                },
            ) => TWICE + (self.worker_to(from, to) * 25 + build.index()) * 25 + second.index(),
            Move::Power(Power::Stay { build }) => STAY + build.index(),
            // Castor's turns take the slots no other turn has: the pair of
            // ends with the first (no build) or the second (a win) as the
            // build, two builds as one space twice with the second.
            // Aeolus' wind, 0..=8, in the place of the one more space.
            Move::Power(Power::Wind {
                from,
                to,
                build,
                wind,
            }) => TWICE + (self.worker_to(from, to) * 25 + build.index()) * 25 + usize::from(wind),
            Move::Power(Power::MoveOnly { from, to }) => MOVE + self.worker_to(from, to),
            // Spelled turns: their first part, a turn of the god's.
            Move::Power(Power::Domes {
                from,
                to,
                build,
                domes: [dome, _],
            }) => TWICE + (self.worker_to(from, to) * 25 + build.index()) * 25 + dome.index(),
            Move::Power(Power::Besides {
                from, to, build, ..
            }) => PLAIN + self.worker_to(from, to) * 26 + build.index(),
            Move::Power(Power::Heaps { from, to, heaps }) => {
                let mut builds = heaps.spaces(to);
                let (a, b) = (builds.next(), builds.next());
                let (a, b) = (a.expect("three builds"), b.expect("three builds"));
                TWICE + (self.worker_to(from, to) * 25 + a.index()) * 25 + b.index()
            }
            Move::Power(Power::Pair { to, wins, .. }) => {
                let slot = if wins { to[1] } else { to[0] };
                BOTH + (to[0].index() * 25 + to[1].index()) * 25 + slot.index()
            }
            Move::Power(Power::Builds { builds: [a, b] }) => {
                BOTH + (a.index() * 25 + a.index()) * 25 + b.index()
            }
            Move::Power(Power::Both { to, build, .. }) => {
                BOTH + (to[0].index() * 25 + to[1].index()) * 25 + build.index()
            }
        }
    }

    /// The turn of an action in a game with gods, legal or not (`None` out
    /// of range, for a worker the mover does not have, and for Hydra's move
    /// and build, which is no turn by itself: [`Position::begun_by`]).
    pub(crate) fn god_move_of(&self, action: usize) -> Option<Move> {
        self.god_begun_by(action).filter(|&mv| self.may_end(mv))
    }

    /// The turn an action begins, legal or not: the turn it names
    /// ([`Game::move_of`]); with gods, for the first action of a spelled
    /// turn, the shorter turn it is, or Hydra's move and build, which her
    /// act must follow ([`Position::may_end`]). `None` out of range or for
    /// a worker the mover does not have.
    #[must_use]
    pub fn begun_by(&self, action: usize) -> Option<Move> {
        if self.has_gods() {
            self.god_begun_by(action)
        } else {
            self.move_of(action)
        }
    }

    /// [`Position::begun_by`] in a game with gods.
    fn god_begun_by(&self, action: usize) -> Option<Move> {
        let space = Space::from_index;
        let mine = self.workers[self.to_move.index()];
        let worker = |w: usize| mine.into_iter().nth(w);
        // `w * 25 + to` then the rest, for the kinds by worker.
        let split =
            |a: usize, inner: usize| (worker(a / inner / 25), space(a / inner % 25), a % inner);
        Some(match action {
            a if a < PLAIN && self.gods[self.to_move.index()].rules().female => {
                let (female, male) = (space(a / 25)?, space(a % 25)?);
                if female == male {
                    return None;
                }
                Move::place_female(female, male, female)
            }
            a if a < PLAIN => {
                let (a, b) = (a / 25, a % 25);
                if a >= b {
                    return None;
                }
                Move::place(space(a)?, space(b)?)
            }
            a if a < DOME => match split(a - PLAIN, 26) {
                (Some(from), Some(to), 25) => Move::Win { from, to },
                (Some(from), Some(to), b) => Move::Build {
                    from,
                    to,
                    build: space(b)?,
                },
                _ => return None,
            },
            a if a < TWICE => {
                let (from, to, b) = split(a - DOME, 25);
                let third = self.gods[self.to_move.index()].rules().move_and;
                third(from?, to?, space(b)?)
            }
            a if a < FIRST => {
                let (from, to, rest) = split(a - TWICE, 625);
                let third = self.gods[self.to_move.index()].rules().build_and;
                third(self, from?, to?, space(rest / 25)?, space(rest % 25)?)
            }
            a if a < STAY => {
                let (from, to, rest) = split(a - FIRST, 625);
                let (first, to, build) = (space(rest % 25)?, to?, space(rest / 25)?);
                if build == to {
                    Move::Power(Power::BuildFirstWin {
                        first,
                        from: from?,
                        to,
                    })
                } else {
                    Move::Power(Power::BuildFirst {
                        first,
                        from: from?,
                        to,
                        build,
                    })
                }
            }
            a if a < BOTH => Move::Power(Power::Stay {
                build: space(a - STAY)?,
            }),
            a if (MOVE..WIDE).contains(&a) => Move::Power(Power::MoveOnly {
                from: worker((a - MOVE) / 25)?,
                to: space((a - MOVE) % 25)?,
            }),
            a if (WIDE..GO_ON).contains(&a) => {
                let a = a - WIDE;
                match (worker(WORKERS + a / 26 / 25), space(a / 26 % 25), a % 26) {
                    (Some(from), Some(to), 25) => Move::Win { from, to },
                    (Some(from), Some(to), b) => Move::Build {
                        from,
                        to,
                        build: space(b)?,
                    },
                    _ => return None,
                }
            }
            a if a >= GO_ON => return None,
            a if (RECRUIT..MOVE).contains(&a) => Move::Power(Power::Recruit {
                at: space((a - RECRUIT) / 25)?,
                build: space((a - RECRUIT) % 25)?,
            }),
            a if (THREE..RECRUIT).contains(&a) => Move::place_three(three_of_rank(a - THREE)?),
            a if a < NUM_GOD_ACTIONS => {
                let a = a - BOTH;
                let (t0, t1, x) = (space(a / 625)?, space(a / 25 % 25)?, space(a % 25)?);
                if t0 == t1 {
                    if x.index() < t0.index() {
                        return None;
                    }
                    return Some(Move::Power(Power::Builds { builds: [t0, x] }));
                }
                if x == t0 || x == t1 {
                    return Some(Move::Power(Power::Pair {
                        from: [worker(0)?, worker(1)?],
                        to: [t0, t1],
                        wins: x == t1,
                    }));
                }
                let (from, to) = (
                    [worker(0)?, worker(1)?],
                    [space(a / 625)?, space(a / 25 % 25)?],
                );
                // Only the pairing the generator lists names a turn: each
                // worker to an end of its run (`run_ends`: its level
                // region, where the opponent lets it end), and where either
                // may take either end, the ends in order. `play` takes the
                // other pairing too, as a text.
                let (_, [r0, r1]) = run_ends(self)?;
                let swapped = r0.contains(to[1]) && r1.contains(to[0]);
                if !r0.contains(to[0])
                    || !r1.contains(to[1])
                    || (swapped && to[0].index() > to[1].index())
                {
                    return None;
                }
                Move::Power(Power::Both {
                    from,
                    to,
                    build: space(a % 25)?,
                })
            }
            _ => return None,
        })
    }
}

impl Position {
    /// The action numbers that spell the turn `mv` (see
    /// [`NUM_GOD_ACTIONS`]): its action ([`Game::action_of`]), then for a
    /// turn with more builds or domes than one number holds, one
    /// [`GO_ON`] number for each further one, in board order.
    #[must_use]
    pub fn spelling(&self, mv: Move) -> ArrayVec<usize, MAX_SPELLING> {
        let mut out = ArrayVec::new();
        out.push(self.action_of(mv));
        let further: ArrayVec<Space, MAX_SPELLING> = match mv {
            Move::Power(Power::Domes { domes: [_, b], .. }) => [b].into_iter().collect(),
            Move::Power(Power::Besides { to, extra, .. }) => {
                extra.into_iter().filter(|&s| s != to).collect()
            }
            Move::Power(Power::Heaps { to, heaps, .. }) => heaps.spaces(to).skip(2).collect(),
            Move::Power(Power::Act { at, .. }) if self.gods[self.to_move.index()].rules().grows => {
                [at].into_iter().collect()
            }
            Move::Power(Power::SwapTwo { pair: [a, b], .. }) if a != b => [b].into_iter().collect(),
            _ => ArrayVec::new(),
        };
        out.extend(further.into_iter().map(|s| GO_ON + s.index()));
        out
    }

    /// Whether the turn begun `turn` may end as it stands (it is itself a
    /// turn): not Hydra's move and build, which her act must follow.
    #[must_use]
    pub fn may_end(&self, turn: Move) -> bool {
        let begun_swap = matches!(turn, Move::Power(Power::SwapTwo { pair: [a, b], .. }) if a == b);
        !(begun_swap
            || self.gods[self.to_move.index()].rules().grows && matches!(turn, Move::Build { .. }))
    }

    /// The legal turns that go on from the legal turn `turn` by one more
    /// build or dome, each with the [`GO_ON`] action that spells that
    /// part: a player who has spelled `turn` may end it ([`END_TURN`]) or go on
    /// with one of them. Empty for a turn that cannot go on (most gods'
    /// every turn).
    #[must_use]
    pub fn continuations(&self, turn: Move) -> Vec<(usize, Move)> {
        let rules = self.gods[self.to_move.index()].rules();
        let extensible = matches!(
            turn,
            Move::Build { .. }
                | Move::Power(
                    Power::AndDome { .. }
                        | Power::Twice { .. }
                        | Power::Besides { .. }
                        | Power::Heaps { .. }
                        | Power::SwapTwo { .. }
                )
        );
        if !(rules.spells && extensible) {
            return Vec::new();
        }
        let prefix = self.spelling(turn);
        let mut candidates = Vec::new();
        (rules.go_on)(self, turn, &mut candidates);
        candidates
            .iter()
            .filter_map(|&mv| {
                let spelling = self.spelling(mv);
                (spelling.len() == prefix.len() + 1 && spelling.starts_with(&prefix))
                    .then(|| (spelling[prefix.len()], mv))
            })
            .collect()
    }
}
