//! Turns of a game with gods: the moves of a player whose god is not
//! `Mortal` (or who may not move up: Athena's opponent), asked of the god's
//! rules (`santorini/gods/`), and their play (swaps, pushes, domes, second
//! builds, both Hermes workers), and the dense action numbers of every
//! turn.
//!
//! The base game's generator ([`Position::generate`]) stays the engine's fast
//! path.

use super::bitboard::{Bitboard, Space};
use super::game::Position;
use super::gods::{God, built, run_ends, unbuilt};
use super::moves::{Move, Power};
use crate::game::Player;

/// Every turn of the player to move in a game with gods (workers placed,
/// the game not over), appended to `out`.
#[inline]
pub(crate) fn turns(pos: &Position, out: &mut Vec<Move>) {
    let rules = pos.gods[pos.to_move.index()].rules();
    let start = out.len();
    if pos.is_placement() {
        // A god that places three workers (a placement of two is the base
        // game's generator's).
        placements_of_three(pos, out);
        return;
    }
    if (rules.wins_by_board)(&pos.heights) {
        // Chronus' towers stand: his one turn is the claim, a win in place.
        if let Some(w) = pos.workers[pos.to_move.index()].first() {
            out.push(Move::Win { from: w, to: w });
        }
        return;
    }
    (rules.turns)(pos, !pos.up_blocked, out);
    if pos.gods[pos.to_move.other().index()].rules().forces_climbs {
        // Persephone: only the turns that move up, if there are any.
        if out[start..].iter().any(|&mv| (rules.climbs)(pos, mv)) {
            let mut kept = start;
            for i in start..out.len() {
                if (rules.climbs)(pos, out[i]) {
                    out.swap(kept, i);
                    kept += 1;
                }
            }
            out.truncate(kept);
        }
    }
}

/// Every placement of three workers on the free spaces, each once.
fn placements_of_three(pos: &Position, out: &mut Vec<Move>) {
    let free = !(pos.occupied() | pos.heights[3]);
    let after = |s: Space| Bitboard(free.0 & !((2u64 << s.bit()) - 1));
    for a in free {
        for b in after(a) {
            for c in after(b) {
                out.push(Move::place_three([a, b, c]));
            }
        }
    }
}

impl Position {
    /// Whether a god's player (or Athena's opponent) can win at once (kept
    /// out of line: the base game's search never comes here).
    #[inline(never)]
    #[cold]
    pub(crate) fn has_winning_turn(&self) -> bool {
        let rules = self.gods[self.to_move.index()].rules();
        let up = !self.up_blocked;
        if (rules.wins_by_board)(&self.heights) && !self.is_placement() && self.climber().is_none()
        {
            return true;
        }
        if !(up || rules.falls_win || rules.wins_anywhere || rules.builds_win)
            || self.is_placement()
            || self.climber().is_some()
        {
            // Only a fall (Pan's) or a surround (the Maenads') wins without
            // moving up.
            return false;
        }
        let forced_up = self.gods[self.to_move.other().index()]
            .rules()
            .forces_climbs;
        if forced_up && (rules.falls_win || rules.wins_anywhere || rules.builds_win) {
            // Against Persephone a win that does not climb (Pan's fall, the
            // Maenads' surround, Chronus' fifth tower) may not be a turn:
            // look at the turns. Any other win climbs, and so is one of the
            // turns she leaves.
            let mut listed = Vec::new();
            turns(self, &mut listed);
            return listed.iter().any(|&mv| {
                let mut after = *self;
                after.play_power(mv);
                after.won
            });
        }
        (rules.can_win)(self, up)
    }

    /// Whether a god's player (or Athena's opponent) has a turn at all.
    #[inline(never)]
    #[cold]
    pub(crate) fn has_turn(&self) -> bool {
        use crate::Game;
        !self.legal_moves().is_empty()
    }

    /// Plays a turn of a game with gods: the moves (with the swap or push
    /// they force), the builds, whether it won, and whether the next player
    /// may move up.
    #[inline(never)]
    #[cold]
    pub(crate) fn play_power(&mut self, mv: Move) {
        let me = self.to_move;
        let rules = self.gods[me.index()].rules();
        let before = rules.after_turn.map(|_| *self);
        let (mut moved_up, mut moved_down) = (false, false);
        let mut step = |pos: &mut Position, from: Space, to: Space| {
            if from == to {
                // A win in place (Chronus' claim): nothing moves.
                return;
            }
            moved_up |= pos.level(to) > pos.level(from);
            moved_down |= pos.level(to) < pos.level(from);
            let them = me.other().index();
            if pos.workers[them].contains(to) {
                let f = (rules.forced)(pos, from, to).expect("a legal swap or push");
                pos.workers[them] ^= to.bitboard() | f.bitboard();
            }
            pos.workers[me.index()] ^= from.bitboard() | to.bitboard();
        };
        match mv {
            Move::Place(a, b) => self.workers[me.index()] = a.bitboard() | b.bitboard(),
            Move::Win { from, to } => {
                step(self, from, to);
                self.won = true;
            }
            Move::Build { from, to, build } => {
                step(self, from, to);
                self.heights = built(self.heights, build);
            }
            Move::Power(power) => match power {
                Power::PlaceThree { spaces } => {
                    self.workers[me.index()] = Bitboard::from_spaces(spaces);
                }
                Power::Recruit { at, build } => {
                    self.workers[me.index()] |= at.bitboard();
                    self.heights = built(self.heights, build);
                }
                Power::Dome { from, to, build } => {
                    step(self, from, to);
                    for layer in &mut self.heights {
                        *layer |= build.bitboard();
                    }
                }
                Power::Twice {
                    from,
                    to,
                    build,
                    second,
                } => {
                    step(self, from, to);
                    self.heights = built(built(self.heights, build), second);
                }
                Power::BuildFirst {
                    first,
                    from,
                    to,
                    build,
                } => {
                    self.heights = built(self.heights, first);
                    step(self, from, to);
                    self.heights = built(self.heights, build);
                }
                Power::BuildFirstWin { first, from, to } => {
                    self.heights = built(self.heights, first);
                    step(self, from, to);
                    self.won = true;
                }
                Power::Remove {
                    from,
                    to,
                    build,
                    remove,
                } => {
                    step(self, from, to);
                    self.heights = unbuilt(built(self.heights, build), remove);
                }
                Power::AndDome {
                    from,
                    to,
                    build,
                    dome,
                } => {
                    step(self, from, to);
                    self.heights = built(self.heights, build);
                    for layer in &mut self.heights {
                        *layer |= dome.bitboard();
                    }
                }
                Power::Force {
                    forced,
                    onto,
                    from,
                    to,
                    build,
                } => {
                    self.workers[me.other().index()] ^= forced.bitboard() | onto.bitboard();
                    step(self, from, to);
                    self.heights = built(self.heights, build);
                }
                Power::ForceWin {
                    forced,
                    onto,
                    from,
                    to,
                } => {
                    self.workers[me.other().index()] ^= forced.bitboard() | onto.bitboard();
                    step(self, from, to);
                    self.won = true;
                }
                Power::SwapAll { from, to, build } => {
                    step(self, from, to);
                    self.heights = built(self.heights, build);
                    self.workers.swap(0, 1);
                }
                Power::SwapSome {
                    from,
                    to,
                    build,
                    kept,
                } => {
                    step(self, from, to);
                    self.heights = built(self.heights, build);
                    let them = me.other().index();
                    let swapped = self.workers[them] ^ kept.bitboard();
                    self.workers[them] = self.workers[me.index()] | kept.bitboard();
                    self.workers[me.index()] = swapped;
                }
                Power::Act {
                    from,
                    to,
                    build,
                    at,
                } => {
                    step(self, from, to);
                    self.heights = built(self.heights, build);
                    (rules.act)(self, at);
                }
                Power::Stay { build } => self.heights = built(self.heights, build),
                Power::Wind {
                    from,
                    to,
                    build,
                    wind,
                } => {
                    step(self, from, to);
                    self.heights = built(self.heights, build);
                    self.state[me.index()] = u32::from(wind);
                }
                Power::Pair { from, to, wins } => {
                    let mine = &mut self.workers[me.index()];
                    *mine ^= from[0].bitboard() | from[1].bitboard();
                    *mine |= to[0].bitboard() | to[1].bitboard();
                    self.won = wins;
                }
                Power::Builds { builds: [a, b] } => {
                    self.heights = built(built(self.heights, a), b);
                }
                Power::MoveOnly { from, to } => step(self, from, to),
                Power::Both { from, to, build } => {
                    let mine = &mut self.workers[me.index()];
                    *mine ^= from[0].bitboard() | from[1].bitboard();
                    *mine ^= to[0].bitboard() | to[1].bitboard();
                    self.heights = built(self.heights, build);
                }
            },
        }
        if let (Some(after_turn), Some(before)) = (rules.after_turn, before) {
            after_turn(&before, mv, self);
        }
        self.won |= (rules.wins_by_board)(&self.heights);
        // After a win nothing more is played: no mark for the loser.
        let blocking = if rules.blocks_after_descent {
            moved_down
        } else {
            moved_up
        };
        self.up_blocked = rules.blocks_climbs && blocking && !self.won;
        self.to_move = me.other();
        if mv.is_placement() && !self.workers[me.other().index()].is_empty() {
            // Placement done, in whichever order (Bia places first):
            // player 1 moves first.
            self.to_move = Player::One;
        }
    }

    /// Whether the game has gods (either player's is not `Mortal`).
    #[must_use]
    #[inline]
    pub fn has_gods(&self) -> bool {
        self.gods != [God::Mortal; 2]
    }

    /// The gods of player 1 and player 2.
    #[must_use]
    pub fn gods(&self) -> [God; 2] {
        self.gods
    }

    /// This position with these gods, player 1's first (a start with gods:
    /// `Position::new()` then this).
    ///
    /// # Errors
    /// [`BannedPair`](super::BannedPair) if the two may not play each other
    /// ([`God::may_face`]).
    pub fn with_gods(mut self, gods: [God; 2]) -> Result<Position, super::BannedPair> {
        self.gods = God::pair(gods)?;
        if self.occupied().is_empty() && self.heights[0].is_empty() {
            // Nobody has placed: Bia places first.
            self.to_move = God::first_placer(self.gods);
        }
        Ok(self)
    }

    /// A player's god state as the position writes it between `[` and `]`
    /// (`E2`: Europa's talus there; `2|A5`: two of Clio's coins left, one
    /// on A5); `None` for a god without one, or before it has one.
    #[must_use]
    pub fn god_state(&self, player: Player) -> Option<String> {
        (self.gods[player.index()].rules().write_state)(self.state[player.index()])
    }

    /// The spaces a player's god state marks on the board: Europa's talus,
    /// Clio's coins (empty for the other gods).
    #[must_use]
    pub fn marked(&self, player: Player) -> super::bitboard::Bitboard {
        (self.gods[player.index()].rules().marked)(self.state[player.index()])
    }

    /// Whether a player's god has spent its power (a hero's once a game,
    /// Clio's three coins); false for a god without such a limit.
    #[must_use]
    pub fn power_spent(&self, player: Player) -> bool {
        (self.gods[player.index()].rules().spent)(self.state[player.index()])
    }

    /// What the mover's god's act on a space does (the step
    /// [`super::Step::Act`]), in a few words with its god: `the Talus goes
    /// here (Europa)`; `None` for a god without one.
    #[must_use]
    pub fn act_words(&self) -> Option<String> {
        let god = self.gods[self.to_move.index()];
        let words = god.rules().act_words;
        (!words.is_empty()).then(|| format!("{words} ({})", god.title()))
    }

    /// Whether the player to move may not move up this turn (its opponent is
    /// Athena, who moved up on her last turn).
    #[must_use]
    pub fn up_blocked(&self) -> bool {
        self.up_blocked
    }

    /// The winner, in a game with gods, once a player has won by moving
    /// (the player who just moved).
    #[must_use]
    pub(crate) fn power_winner(&self) -> Option<Player> {
        self.won.then(|| self.to_move.other())
    }
}

/// The dense actions of a game with gods (the base game keeps its 753):
/// placements of two workers as in the base game, then each kind of turn
/// by the mover's worker `w` (0 on the lowest bit, up to [`WORKERS`]) and
/// the spaces' row-major numbers: a move and build or a win (`to`, `build`
/// or 25 for a win), a dome, a build and one more space (the mover's god
/// says what: a second build, a block removed, a dome, its act), a build
/// first, a build alone, both workers' runs, then the placements of three
/// workers (Graeae), by their combination's rank, then a worker put on a
/// space and its build (Jason's).
pub const NUM_GOD_ACTIONS: usize = RECRUIT + 25 * 25;
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

    /// The action of a turn in a game with gods (see [`NUM_GOD_ACTIONS`]).
    pub(crate) fn god_action_of(&self, mv: Move) -> usize {
        match mv {
            Move::Place(a, b) => 25 * a.index().min(b.index()) + a.index().max(b.index()),
            Move::Power(Power::PlaceThree { spaces }) => THREE + rank_of_three(spaces),
            Move::Power(Power::Recruit { at, build }) => RECRUIT + 25 * at.index() + build.index(),
            Move::Build { from, to, build } => {
                PLAIN + self.worker_to(from, to) * 26 + build.index()
            }
            Move::Win { from, to } => PLAIN + self.worker_to(from, to) * 26 + 25,
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
            // Aeolus' wind, 0..=8, in the place of the one more space.
            Move::Power(Power::Wind {
                from,
                to,
                build,
                wind,
            }) => TWICE + (self.worker_to(from, to) * 25 + build.index()) * 25 + usize::from(wind),
            // Castor's turns take the slots no other turn has: a lone
            // worker's move without a build the win slot of a second
            // worker, the pair of ends with the first (no build) or the
            // second (a win) as the build, two builds as one space twice
            // with the second.
            Move::Power(Power::MoveOnly { to, .. }) => PLAIN + (25 + to.index()) * 26 + 25,
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
    /// of range, or for a worker the mover does not have).
    pub(crate) fn god_move_of(&self, action: usize) -> Option<Move> {
        let space = Space::from_index;
        let mine = self.workers[self.to_move.index()];
        let worker = |w: usize| mine.into_iter().nth(w);
        // `w * 25 + to` then the rest, for the kinds by worker.
        let split =
            |a: usize, inner: usize| (worker(a / inner / 25), space(a / inner % 25), a % inner);
        Some(match action {
            a if a < PLAIN => {
                let (a, b) = (a / 25, a % 25);
                if a >= b {
                    return None;
                }
                Move::place(space(a)?, space(b)?)
            }
            a if a < DOME && mine.count() == 1 && (a - PLAIN) / 26 / 25 == 1 => {
                let (to, b) = (space((a - PLAIN) / 26 % 25)?, (a - PLAIN) % 26);
                if b != 25 {
                    return None;
                }
                Move::Power(Power::MoveOnly {
                    from: worker(0)?,
                    to,
                })
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
                third(from?, to?, space(rest / 25)?, space(rest % 25)?)
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
            a if (RECRUIT..NUM_GOD_ACTIONS).contains(&a) => Move::Power(Power::Recruit {
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
