//! The god powers on the bitboards: every turn of a player whose god is not
//! `Mortal` (or who may not move up: Athena's opponent), and the turns'
//! effects (swaps, pushes, domes, second builds, both Hermes workers).
//!
//! The base game's generator ([`Position::generate`]) stays the engine's fast
//! path; this one is written per god over the same bitboards: a worker's
//! steps, the builds around where it ends, and what each power adds.

use super::bitboard::{Bitboard, Space};
use super::game::Position;
use super::god::God;
use super::moves::{Move, Power};
use crate::game::Player;

/// The spaces a worker on `from` may step to: neighbours that are free
/// (`blocked` holds the workers that block and the domes) and at most one
/// level up (none up when `up` is false).
#[inline]
fn steps(pos: &Position, from: Space, blocked: Bitboard, up: bool) -> Bitboard {
    let h = usize::from(pos.level(from)).min(3);
    let too_high = if up {
        pos.heights[(h + 1).min(3)]
    } else {
        pos.heights[h]
    };
    Bitboard::neighbours(from) & !(blocked | too_high)
}

/// Whether a step from `from` to `to` wins: up from level 2 onto level 3,
/// or for Pan also down two or more levels.
#[inline]
fn wins(pos: &Position, god: God, from: Space, to: Space) -> bool {
    let (a, b) = (pos.level(from), pos.level(to));
    (a == 2 && b == 3) || (god == God::Pan && a >= b + 2)
}

/// Where the opponent's worker on `to` is forced when the mover's worker
/// steps there from `from`: Apollo swaps it onto `from`, Minotaur pushes it
/// one space further on (if that space is on the board, free and not
/// domed). `None` when the step is not allowed.
fn forced(pos: &Position, god: God, from: Space, to: Space) -> Option<Space> {
    match god {
        God::Apollo => Some(from),
        God::Minotaur => {
            let bit = 2 * i16::from(to.bit()) - i16::from(from.bit());
            let push = Space::from_bit(u8::try_from(bit).ok()?)?;
            let blocked = pos.occupied() | pos.heights[3];
            (!blocked.contains(push)).then_some(push)
        }
        _ => None,
    }
}

/// The free spaces around `at` to build on, with the workers on `occupied`.
#[inline]
fn builds_around(pos: &Position, at: Space, occupied: Bitboard) -> Bitboard {
    Bitboard::neighbours(at) & !(occupied | pos.heights[3])
}

/// The board after one build on `build` (a dome stays a dome).
fn built(heights: [Bitboard; 4], build: Space) -> [Bitboard; 4] {
    let b = build.bitboard();
    let mut h = heights;
    let layer = h.iter().position(|l| !l.contains(build)).unwrap_or(3);
    h[layer] |= b;
    h
}

/// Every turn of the player to move in a game with gods (workers placed,
/// the game not over), appended to `out`.
pub(crate) fn turns(pos: &Position, out: &mut Vec<Move>) {
    let me = pos.to_move;
    let god = pos.gods[me.index()];
    let up = !pos.up_blocked;
    if god == God::Hermes {
        hermes_turns(pos, up, out);
        return;
    }
    let mine = pos.workers[me.index()];
    let theirs = pos.workers[me.other().index()];
    for from in mine {
        let others = pos.occupied() ^ from.bitboard();
        let mut dests = steps(pos, from, others | pos.heights[3], up);
        if matches!(god, God::Apollo | God::Minotaur) {
            // Into an opponent's space too, by the height rule.
            let into = steps(pos, from, (mine ^ from.bitboard()) | pos.heights[3], up) & theirs;
            dests |= Bitboard::from_spaces(
                into.into_iter()
                    .filter(|&to| forced(pos, god, from, to).is_some()),
            );
        }
        if god == God::Artemis {
            artemis_turns(pos, from, dests, up, out);
            continue;
        }
        for to in dests {
            if wins(pos, god, from, to) {
                out.push(Move::Win { from, to });
                continue;
            }
            // The workers after the move (and the forced one).
            let mut occupied = others | to.bitboard();
            if theirs.contains(to) {
                let f = forced(pos, god, from, to).expect("checked above");
                occupied |= f.bitboard();
            }
            after_move(pos, god, from, to, occupied, out);
        }
        if god == God::Prometheus {
            prometheus_turns(pos, from, others, out);
        }
    }
}

/// The builds of a worker that moved from `from` to `to` (no win), with
/// the workers now on `occupied`: one build, and what the god adds.
fn after_move(
    pos: &Position,
    god: God,
    from: Space,
    to: Space,
    occupied: Bitboard,
    out: &mut Vec<Move>,
) {
    let builds = builds_around(pos, to, occupied);
    for build in builds {
        out.push(Move::Build { from, to, build });
        let level = pos.level(build);
        match god {
            God::Atlas if level < 3 => out.push(Move::Power(Power::Dome { from, to, build })),
            God::Demeter => {
                // The second build elsewhere, each pair once (in board order).
                for second in builds {
                    if second.index() > build.index() {
                        out.push(Move::Power(Power::Twice {
                            from,
                            to,
                            build,
                            second,
                        }));
                    }
                }
            }
            // A second block, not a dome: the first leaves level 1 or 2.
            God::Hephaestus if level < 2 => out.push(Move::Power(Power::Twice {
                from,
                to,
                build,
                second: build,
            })),
            _ => {}
        }
    }
}

/// Artemis: one step, or two not back to where she started; a step up
/// from level 2 onto 3 wins at once. One turn per place she ends on and
/// build.
fn artemis_turns(pos: &Position, from: Space, first: Bitboard, up: bool, out: &mut Vec<Move>) {
    let others = pos.occupied() ^ from.bitboard();
    let blocked = others | pos.heights[3];
    let mut winning = Bitboard::EMPTY;
    let mut reach = Bitboard::EMPTY;
    for mid in first {
        if wins(pos, God::Artemis, from, mid) {
            winning |= mid.bitboard();
            continue;
        }
        reach |= mid.bitboard();
        let second = steps(pos, mid, blocked | from.bitboard(), up);
        for to in second {
            if wins(pos, God::Artemis, mid, to) {
                winning |= to.bitboard();
            } else {
                reach |= to.bitboard();
            }
        }
    }
    for to in winning {
        out.push(Move::Win { from, to });
    }
    for to in reach & !winning {
        for build in builds_around(pos, to, others | to.bitboard()) {
            out.push(Move::Build { from, to, build });
        }
    }
}

/// Prometheus: a build first, then a move that is not up (onto the board
/// as that build left it), then a build.
fn prometheus_turns(pos: &Position, from: Space, others: Bitboard, out: &mut Vec<Move>) {
    for first in builds_around(pos, from, others) {
        let mut after = *pos;
        after.heights = built(pos.heights, first);
        for to in steps(&after, from, others | after.heights[3], false) {
            for build in builds_around(&after, to, others | to.bitboard()) {
                out.push(Move::Power(Power::BuildFirst {
                    first,
                    from,
                    to,
                    build,
                }));
            }
        }
    }
}

/// The spaces a Hermes worker on `from` reaches on its own level, any
/// number of steps through free spaces (opponents and domes block; her
/// other worker does not, as they may move in either order).
fn level_region(pos: &Position, from: Space, blocked: Bitboard) -> Bitboard {
    let level = pos.spaces_at_level(pos.level(from));
    let walk = level & !blocked;
    let mut region = from.bitboard();
    loop {
        let grown = (region.closed_neighbourhood() & walk) | region;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// Hermes: a move up or down (or a win) as in the base game, or each worker
/// any number of steps on its own level (even none), then either builds.
fn hermes_turns(pos: &Position, up: bool, out: &mut Vec<Move>) {
    let me = pos.to_move.index();
    let mine = pos.workers[me];
    for from in mine {
        let others = pos.occupied() ^ from.bitboard();
        let same = pos.spaces_at_level(pos.level(from));
        for to in steps(pos, from, others | pos.heights[3], up) {
            if wins(pos, God::Hermes, from, to) {
                out.push(Move::Win { from, to });
            } else if !same.contains(to) {
                for build in builds_around(pos, to, others | to.bitboard()) {
                    out.push(Move::Build { from, to, build });
                }
            }
        }
    }
    let mut workers = mine.into_iter();
    let (Some(f1), Some(f2)) = (workers.next(), workers.next()) else {
        return;
    };
    let blocked = pos.workers[1 - me] | pos.heights[3];
    let r1 = level_region(pos, f1, blocked);
    let shared = r1.contains(f2);
    let r2 = if shared {
        r1
    } else {
        level_region(pos, f2, blocked)
    };
    let theirs = pos.workers[1 - me];
    for t1 in r1 {
        for t2 in r2 {
            // One region: each pair of end spaces once.
            if t1 == t2 || (shared && t2.index() < t1.index()) {
                continue;
            }
            let ends = t1.bitboard() | t2.bitboard();
            let around = Bitboard::neighbours(t1) | Bitboard::neighbours(t2);
            let builds = around & !(theirs | ends | pos.heights[3]);
            let turn = hermes_turn(f1, f2, t1, t2);
            for build in builds {
                out.push(turn(build));
            }
        }
    }
}

/// The turn that takes Hermes' workers from `f1`, `f2` to the ends `t1`,
/// `t2` (either worker on either end when they share a region): a build
/// alone, one worker's move, or both.
fn hermes_turn(f1: Space, f2: Space, t1: Space, t2: Space) -> impl Fn(Space) -> Move {
    let (from, ends) = (f1.bitboard() | f2.bitboard(), t1.bitboard() | t2.bitboard());
    let left = from & !ends;
    let arrived = ends & !from;
    move |build| match (left.first(), arrived.first(), left.count()) {
        (None, _, _) => Move::Power(Power::Stay { build }),
        (Some(from), Some(to), 1) => Move::Build { from, to, build },
        _ => Move::Power(Power::Both {
            from: [f1, f2],
            to: [t1, t2],
            build,
        }),
    }
}

impl Position {
    /// Whether a god's player (or Athena's opponent) can win at once (kept
    /// out of line: the base game's search never comes here).
    #[inline(never)]
    #[cold]
    pub(crate) fn has_winning_turn(&self) -> bool {
        let pos = self;
        let me = pos.to_move.index();
        let god = pos.gods[me];
        let up = !pos.up_blocked;
        if !up && god != God::Pan || self.is_placement() || self.climber().is_some() {
            // Only Pan wins without moving up.
            return false;
        }
        let (mine, theirs) = (pos.workers[me], pos.workers[1 - me]);
        // A win needs a worker on level 2 or higher (a climb, Pan's fall),
        // or Artemis on level 1 (two steps up).
        let high = if god == God::Artemis {
            pos.heights[0]
        } else {
            pos.heights[1]
        };
        if (mine & high).is_empty() {
            return false;
        }
        for from in mine {
            let others = pos.occupied() ^ from.bitboard();
            let blocked = others | pos.heights[3];
            let mut dests = steps(pos, from, blocked, up);
            if matches!(god, God::Apollo | God::Minotaur) {
                let into = steps(pos, from, (mine ^ from.bitboard()) | pos.heights[3], up) & theirs;
                dests |= Bitboard::from_spaces(
                    into.into_iter()
                        .filter(|&to| forced(pos, god, from, to).is_some()),
                );
            }
            for mid in dests {
                if wins(pos, god, from, mid) {
                    return true;
                }
                if god == God::Artemis
                    && steps(pos, mid, blocked | from.bitboard(), up)
                        .into_iter()
                        .any(|to| wins(pos, god, mid, to))
                {
                    return true;
                }
            }
        }
        false
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
        let god = self.gods[me.index()];
        let mut moved_up = false;
        let mut step = |pos: &mut Position, from: Space, to: Space| {
            moved_up |= pos.level(to) > pos.level(from);
            let them = me.other().index();
            if pos.workers[them].contains(to) {
                let f = forced(pos, god, from, to).expect("a legal swap or push");
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
                Power::Stay { build } => self.heights = built(self.heights, build),
                Power::Both { from, to, build } => {
                    let mine = &mut self.workers[me.index()];
                    *mine ^= from[0].bitboard() | from[1].bitboard();
                    *mine ^= to[0].bitboard() | to[1].bitboard();
                    self.heights = built(self.heights, build);
                }
            },
        }
        // After a win nothing more is played: no mark for the loser.
        self.up_blocked = god == God::Athena && moved_up && !self.won;
        self.to_move = me.other();
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

    /// This position with these gods (a start with gods: `Position::new()`
    /// then this).
    #[must_use]
    pub fn with_gods(mut self, gods: [God; 2]) -> Position {
        self.gods = gods;
        self
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
/// placements as in the base game, then each kind of turn by the mover's
/// worker `w` (0 on the lower bit) and the spaces' row-major numbers:
/// a move and build or a win (`to`, `build` or 25 for a win), a dome, two
/// builds, a build first, a build alone, both workers' runs.
pub const NUM_GOD_ACTIONS: usize = BOTH + 25 * 25 * 25;
/// Where each kind's actions start.
const PLAIN: usize = 625;
const DOME: usize = PLAIN + 2 * 25 * 26;
const TWICE: usize = DOME + 2 * 25 * 25;
const FIRST: usize = TWICE + 2 * 25 * 25 * 25;
const STAY: usize = FIRST + 2 * 25 * 25 * 25;
const BOTH: usize = STAY + 25;

impl Position {
    /// The mover's worker number of `from` (0 on the lower bit) and the
    /// turn's slot `2 * 25 * ...` prefix `w * 25 + to`.
    fn worker_to(&self, from: Space, to: Space) -> usize {
        let mine = self.workers[self.to_move.index()];
        let w = usize::from(mine.first().is_some_and(|first| first != from));
        w * 25 + to.index()
    }

    /// The action of a turn in a game with gods (see [`NUM_GOD_ACTIONS`]).
    pub(crate) fn god_action_of(&self, mv: Move) -> usize {
        match mv {
            Move::Place(a, b) => 25 * a.index().min(b.index()) + a.index().max(b.index()),
            Move::Build { from, to, build } => {
                PLAIN + self.worker_to(from, to) * 26 + build.index()
            }
            Move::Win { from, to } => PLAIN + self.worker_to(from, to) * 26 + 25,
            Move::Power(Power::Dome { from, to, build }) => {
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
            Move::Power(Power::Stay { build }) => STAY + build.index(),
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
                Move::Power(Power::Dome {
                    from: from?,
                    to: to?,
                    build: space(b)?,
                })
            }
            a if a < FIRST => {
                let (from, to, rest) = split(a - TWICE, 625);
                Move::Power(Power::Twice {
                    from: from?,
                    to: to?,
                    build: space(rest / 25)?,
                    second: space(rest % 25)?,
                })
            }
            a if a < STAY => {
                let (from, to, rest) = split(a - FIRST, 625);
                Move::Power(Power::BuildFirst {
                    first: space(rest % 25)?,
                    from: from?,
                    to: to?,
                    build: space(rest / 25)?,
                })
            }
            a if a < BOTH => Move::Power(Power::Stay {
                build: space(a - STAY)?,
            }),
            a if a < NUM_GOD_ACTIONS => {
                let a = a - BOTH;
                let (from, to) = (
                    [worker(0)?, worker(1)?],
                    [space(a / 625)?, space(a / 25 % 25)?],
                );
                // Only the pairing the generator lists names a turn: each
                // worker to an end on its level region, and where the two
                // share a region (either reaches either end), the ends in
                // order. `play` takes the other pairing too, as a text.
                let blocked = self.workers[self.to_move.other().index()] | self.heights[3];
                let regions = from.map(|f| level_region(self, f, blocked));
                let shared = regions[0].contains(from[1]);
                if !regions[0].contains(to[0])
                    || !regions[1].contains(to[1])
                    || (shared && to[0].index() > to[1].index())
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
