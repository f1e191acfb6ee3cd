//! The full base game on the 7x7 padded bitboards: placement, then move and build.
//!
//! A [`Position`] holds four cumulative height layers and one worker bitboard
//! per player, all in the padded layout of [`super::bitboard`]:
//!
//! ```text
//!   heights[0] = level >= 1     heights[2] = level >= 3
//!   heights[1] = level >= 2     heights[3] = level 4 (domes)
//!
//!   rank 5:  8  9 10 11 12      (A5 .. E5)
//!   rank 4: 15 16 17 18 19
//!   rank 3: 22 23 24 25 26
//!   rank 2: 29 30 31 32 33
//!   rank 1: 36 37 38 39 40      (A1 .. E1)
//! ```
//!
//! A build sets the space's bit in the first layer that lacks it. The squares
//! a worker on level `h` cannot enter are `workers | heights[min(h + 1, 3)]`:
//! one layer covers both "more than one level up" and domes.
//!
//! Setup: player 1 places both workers in one move ([`Move::Place`], written
//! `A1,B2`), then player 2 does the same; then turns alternate, player 1 first.
//! A worker that moves up from level 2 onto level 3 wins at once (no build,
//! written `A1>B2#`); otherwise the worker builds next to where it stands
//! (`C4>B4^B5`). A player with no move loses.

use super::bitboard::{Bitboard, Space};
use super::gods::God;
pub use super::legality::PlayError;
pub use super::moves::{Heaps, MAX_MOVES, Move, MoveBuf, Moves, NUM_ACTIONS, Power, STEPS};
use super::moves::{TurnSink, direction, step};
use crate::game::{Game, Outcome, Player};

/// A Santorini position: levels, workers and the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// `heights[k]`: spaces at level `k + 1` or higher; `heights[3]` are the domes.
    pub(crate) heights: [Bitboard; 4],
    /// Each player's workers (0 or 2 of them), by [`Player::index`].
    pub(crate) workers: [Bitboard; 2],
    pub(crate) to_move: Player,
    /// Each player's god, by [`Player::index`] (`Mortal` in the base game).
    pub(crate) gods: [God; 2],
    /// The player to move may not move up this turn (its opponent is
    /// Athena, who moved up on her last turn).
    pub(crate) up_blocked: bool,
    /// In a game with gods: the player who just moved has won (a worker
    /// forced onto level 3 has not, so a worker there does not tell).
    pub(crate) won: bool,
    /// Each player's god state, by [`Player::index`], in the god's own
    /// encoding (0 for a god that keeps none; Clio's coins, Europa's talus):
    /// [`super::gods::Power::write_state`] writes it.
    pub(crate) state: [u32; 2],
}

impl Default for Position {
    fn default() -> Self {
        Position::new()
    }
}

impl Position {
    /// The start: an empty board, nobody placed, player 1 to place.
    #[must_use]
    pub const fn new() -> Position {
        Position {
            heights: [Bitboard::EMPTY; 4],
            workers: [Bitboard::EMPTY; 2],
            to_move: Player::One,
            gods: [God::Mortal; 2],
            up_blocked: false,
            won: false,
            state: [0; 2],
        }
    }

    /// Builds a position from its parts, checking nothing (see the notation parser for checks).
    #[must_use]
    pub(crate) fn from_parts(levels: &[u8; 25], workers: [Bitboard; 2], to_move: Player) -> Self {
        let mut heights = [Bitboard::EMPTY; 4];
        for s in Space::all() {
            for (k, layer) in heights.iter_mut().enumerate() {
                if levels[s.index()] > k as u8 {
                    *layer |= s.bitboard();
                }
            }
        }
        Position {
            heights,
            workers,
            to_move,
            ..Position::new()
        }
    }

    /// The level 0..=4 of a space (4 is a dome).
    #[must_use]
    #[inline]
    pub fn level(&self, space: Space) -> u8 {
        let b = space.bit();
        let bit = |layer: Bitboard| ((layer.0 >> b) & 1) as u8;
        bit(self.heights[0]) + bit(self.heights[1]) + bit(self.heights[2]) + bit(self.heights[3])
    }

    /// The 25 levels, row-major from A5 to E1.
    #[must_use]
    pub fn levels(&self) -> [u8; 25] {
        std::array::from_fn(|i| self.level(Space::from_index(i).expect("25 spaces")))
    }

    /// The spaces at exactly `level` (0..=4).
    #[must_use]
    pub fn spaces_at_level(&self, level: u8) -> Bitboard {
        let at_least = |k: u8| {
            if k == 0 {
                Bitboard::ALL
            } else {
                self.heights[k as usize - 1]
            }
        };
        if level >= 4 {
            self.heights[3]
        } else {
            at_least(level) & !at_least(level + 1)
        }
    }

    /// The domes (level 4).
    #[must_use]
    pub fn domes(&self) -> Bitboard {
        self.heights[3]
    }

    /// A player's workers (none before they are placed).
    #[must_use]
    pub fn workers(&self, player: Player) -> Bitboard {
        self.workers[player.index()]
    }

    /// Every worker on the board.
    #[must_use]
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.workers[0] | self.workers[1]
    }

    /// Whether the player to move still has to place workers (and has not
    /// lost them all to a god that removes workers, Medusa: every removal
    /// comes after a build, and placement before any).
    #[must_use]
    #[inline]
    pub fn is_placement(&self) -> bool {
        self.workers[self.to_move.index()].is_empty() && !self.lost_every_worker()
    }

    /// Whether the player to move has no worker left, taken by the
    /// opponent's god (kept out of line: the base game never comes here
    /// but with no worker to move).
    #[inline(never)]
    #[cold]
    fn lost_every_worker(&self) -> bool {
        self.gods[self.to_move.other().index()].rules().removes && !self.heights[0].is_empty()
    }

    /// The player, if any, who has won by moving: in the base game, a
    /// player with a worker standing on level 3 (the player who just moved
    /// is looked at first); with gods, the player who just moved, if that
    /// move won.
    #[must_use]
    #[inline]
    pub fn climber(&self) -> Option<Player> {
        if self.has_gods() {
            return self.power_winner();
        }
        let level3 = self.heights[2] & !self.heights[3];
        let last = self.to_move.other();
        if !(self.workers[last.index()] & level3).is_empty() {
            Some(last)
        } else if !(self.workers[self.to_move.index()] & level3).is_empty() {
            Some(self.to_move)
        } else {
            None
        }
    }

    /// Where a worker on `from` (of the player to move) may go: `N(from)` minus
    /// workers, domes and spaces more than one level up.
    #[must_use]
    #[inline]
    pub fn moves_to(&self, from: Space) -> Bitboard {
        let h = self.level(from) as usize;
        let blocked = self.occupied() | self.heights[(h + 1).min(3)];
        Bitboard::neighbours(from) & !blocked
    }

    /// Generates the legal moves into `moves` (wins first for each worker).
    #[inline]
    pub fn generate(&self, moves: &mut MoveBuf) {
        self.generate_into(moves);
    }

    /// [`Position::generate`] into any list of moves (the search's are
    /// its own, one a ply).
    #[inline]
    pub(crate) fn generate_into<B: TurnSink>(&self, moves: &mut B) {
        if self.climber().is_some() {
            return;
        }
        let me = self.to_move.index();
        let occupied = self.occupied();
        if self.is_placement() {
            let free = !(occupied | self.heights[3]);
            let places = self.gods[me].rules().places;
            for a in free {
                for b in free.after(a) {
                    if places.is_none_or(|p| (p.may)(a, b)) {
                        moves.push_turn(Move::place(a, b));
                    }
                }
            }
            return;
        }
        let domes = self.heights[3];
        for from in self.workers[me] {
            let h = self.level(from) as usize;
            let blocked = occupied | self.heights[(h + 1).min(3)];
            let mut dests = Bitboard::neighbours(from) & !blocked;
            if h == 2 {
                let wins = dests & self.heights[2];
                for to in wins {
                    moves.push_turn(Move::Win { from, to });
                }
                dests &= !wins;
            }
            let others = occupied ^ from.bitboard();
            for to in dests {
                let builds = Bitboard::neighbours(to) & !(others | domes);
                for build in builds {
                    moves.push_turn(Move::Build { from, to, build });
                }
            }
        }
    }

    /// Whether the player to move has a legal move, without generating the
    /// moves: in placement, two free spaces; in play, a worker that can move
    /// (it can always build, at least on the space it left).
    #[must_use]
    #[inline]
    pub fn has_legal_move(&self) -> bool {
        if self.climber().is_some() {
            return false;
        }
        if !self.is_base_turn() {
            return self.has_turn();
        }
        let me = self.to_move.index();
        if self.is_placement() {
            return (!(self.occupied() | self.heights[3])).count() >= 2;
        }
        self.workers[me]
            .into_iter()
            .any(|from| !self.moves_to(from).is_empty())
    }

    /// The same position with the other player to move: a pass, which the
    /// rules do not allow but a null-move search and a threat test use.
    #[must_use]
    #[inline]
    pub fn passed(&self) -> Position {
        Position {
            to_move: self.to_move.other(),
            ..*self
        }
    }

    /// Whether the player to move can win at once by climbing onto level 3
    /// (with gods: by any winning move of its god).
    #[must_use]
    #[inline]
    pub fn has_winning_move(&self) -> bool {
        if !self.is_base_turn() {
            return self.has_winning_turn();
        }
        let me = self.to_move.index();
        let level2_workers = self.workers[me] & self.heights[1] & !self.heights[2];
        if level2_workers.is_empty() {
            return false;
        }
        let targets = self.heights[2] & !self.heights[3] & !self.occupied();
        !(level2_workers.closed_neighbourhood() & targets).is_empty()
    }

    /// Whether the player to move plays a base-game turn (a mortal, free
    /// to move up, against a god that does not restrict its turns, workers
    /// placed or not): the fast generator's case.
    #[must_use]
    #[inline]
    pub fn is_base_turn(&self) -> bool {
        self.gods == [God::Mortal; 2]
            || self.is_placement() && {
                let rules = self.gods[self.to_move.index()].rules();
                rules.workers == 2 && !rules.female
            }
            || self.gods[self.to_move.index()] == God::Mortal
                && !self.up_blocked
                && !self.gods[self.to_move.other().index()].rules().restricts
    }

    /// The board as a small grid for a terminal: each space shows its level
    /// (`4` is a dome) followed by `1` or `2` for a worker of that player.
    #[must_use]
    pub fn diagram(&self) -> String {
        let mut out = String::from("    A   B   C   D   E\n");
        for row in 1..=5u8 {
            out.push_str(&format!("{}  ", 6 - row));
            for col in 1..=5u8 {
                let s = Space::from_row_col(row, col).expect("on the board");
                let who = if self.workers[0].contains(s) {
                    '1'
                } else if self.workers[1].contains(s) {
                    '2'
                } else {
                    '.'
                };
                out.push_str(&format!(" {}{} ", self.level(s), who));
            }
            out.push('\n');
        }
        out
    }

    /// The dense index of the worker on `from` among the mover's two (0 = lower bit).
    fn worker_number(&self, from: Space) -> usize {
        let mine = self.workers[self.to_move.index()];
        usize::from(mine.first().is_some_and(|first| first != from))
    }
}

impl Game for Position {
    type Move = Move;
    type Moves = Moves;
    type PlayError = PlayError;

    const NAME: &'static str = "santorini";

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self) -> Moves {
        if self.is_base_turn() {
            let mut moves = MoveBuf::new();
            self.generate(&mut moves);
            Moves::from(moves)
        } else if self.climber().is_some() {
            Moves::default()
        } else {
            let mut turns = Vec::new();
            super::powers::turns(self, &mut turns);
            Moves::from(turns)
        }
    }

    /// Generated into a buffer of its own and counted: the list that
    /// [`Game::legal_moves`] returns is a copy of the whole buffer (a fifth
    /// of a perft, which counts its leaves so).
    fn count_moves(&self) -> usize {
        if self.is_base_turn() {
            let mut moves = MoveBuf::new();
            self.generate(&mut moves);
            moves.len()
        } else {
            self.legal_moves().len()
        }
    }

    #[inline(always)]
    fn play_unchecked(&mut self, mv: Move) {
        debug_assert!(
            self.why_illegal(mv).is_none(),
            "illegal move {mv} in {self}"
        );
        if self.has_gods() || matches!(mv, Move::Power(_)) {
            self.play_power(mv);
            return;
        }
        let me = self.to_move.index();
        match mv {
            Move::Place(a, b) => {
                self.workers[me] = a.bitboard() | b.bitboard();
            }
            Move::Win { from, to } => {
                self.workers[me] ^= from.bitboard() | to.bitboard();
            }
            // Played above.
            Move::Power(_) => {}
            Move::Build { from, to, build } => {
                self.workers[me] ^= from.bitboard() | to.bitboard();
                let b = build.bitboard();
                // Set the build's bit in the first layer that lacks it.
                let h = &mut self.heights;
                let add0 = b & !h[0];
                let add1 = b & h[0] & !h[1];
                let add2 = b & h[1] & !h[2];
                let add3 = b & h[2];
                h[0] |= add0;
                h[1] |= add1;
                h[2] |= add2;
                h[3] |= add3;
            }
        }
        self.to_move = self.to_move.other();
    }

    fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        if !self.is_base_turn() {
            // A god's turn: checked against the turns generated once.
            let listed = self.god_turn(mv)?;
            self.play_unchecked(listed);
            return Ok(());
        }
        let mv = match mv {
            Move::Place(a, b) => Move::place(a, b),
            other => other,
        };
        match self.why_illegal(mv) {
            Some(e) => Err(e),
            None => {
                self.play_unchecked(mv);
                Ok(())
            }
        }
    }

    fn outcome(&self) -> Outcome {
        if let Some(p) = self.climber() {
            return Outcome::Win(p);
        }
        // A player who cannot move loses; asked without generating the moves,
        // which the caller generates next (perft, playouts, negamax).
        if !self.has_legal_move() {
            Outcome::Win(self.to_move.other())
        } else {
            Outcome::Ongoing
        }
    }

    /// 753 in the base game; with gods, [`super::actions::NUM_GOD_ACTIONS`].
    fn num_actions(&self) -> usize {
        if self.has_gods() {
            super::actions::NUM_GOD_ACTIONS
        } else {
            NUM_ACTIONS
        }
    }

    /// With gods, see [`super::NUM_GOD_ACTIONS`]. In the base game:
    /// placements: `25 * a + b` for the spaces' row-major numbers `a < b`.
    /// Turns: `625 + 64 * worker + 8 * direction + build direction`, where
    /// `worker` is 0 for the mover's worker on the lower bit; a winning move
    /// uses the build direction pointing back to where the worker came from.
    fn action_of(&self, mv: Move) -> usize {
        if self.has_gods() {
            return self.god_action_of(mv);
        }
        match mv {
            // The god turns have no slot in the base game's action space.
            Move::Power(_) => NUM_ACTIONS,
            Move::Place(a, b) => 25 * a.index().min(b.index()) + a.index().max(b.index()),
            Move::Build { from, to, build } => {
                625 + 64 * self.worker_number(from) + 8 * direction(from, to) + direction(to, build)
            }
            Move::Win { from, to } => {
                let d = direction(from, to);
                625 + 64 * self.worker_number(from) + 8 * d + (7 - d)
            }
        }
    }

    /// `None` for an index out of range, for a placement slot with `a >= b`,
    /// and for a turn slot whose worker is missing or whose steps leave the board.
    fn move_of(&self, action: usize) -> Option<Move> {
        if self.has_gods() {
            return self.god_move_of(action);
        }
        if action < 625 {
            let (a, b) = (action / 25, action % 25);
            if a >= b {
                return None;
            }
            return Some(Move::place(Space::from_index(a)?, Space::from_index(b)?));
        }
        if action >= NUM_ACTIONS {
            return None;
        }
        let a = action - 625;
        let (worker, d, bd) = (a / 64, (a / 8) % 8, a % 8);
        let from = self.workers[self.to_move.index()].into_iter().nth(worker)?;
        let to = step(from, d)?;
        if bd == 7 - d && self.level(from) == 2 && self.level(to) == 3 {
            return Some(Move::Win { from, to });
        }
        let build = step(to, bd)?;
        Some(Move::Build { from, to, build })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn has_legal_move_and_the_count_agree_with_the_moves_generated_on_random_games() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(11);
        let (mut stuck, mut checked) = (0, 0);
        for _ in 0..3000 {
            let mut pos = Position::new();
            loop {
                let moves = pos.legal_moves();
                let generated = !moves.is_empty();
                assert_eq!(pos.has_legal_move(), generated, "{pos}");
                assert_eq!(pos.count_moves(), moves.len(), "{pos}");
                checked += 1;
                if !generated {
                    stuck += usize::from(pos.climber().is_none());
                    break;
                }
                pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
        }
        // Random games end both ways: by a climb and by a player left without a move.
        assert!(stuck > 0 && checked > 50_000, "{stuck} {checked}");
    }

    #[test]
    fn the_start_has_300_placements_then_253() {
        let mut pos = Position::new();
        assert_eq!(pos.legal_moves().len(), 300);
        pos.play("A1,B2".parse().unwrap()).unwrap();
        assert_eq!(pos.legal_moves().len(), 253);
    }

    #[test]
    fn actions_round_trip_for_every_legal_move() {
        let mut pos: Position = "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2"
            .parse()
            .unwrap();
        for _ in 0..2 {
            for mv in pos.legal_moves() {
                let a = pos.action_of(mv);
                assert!(a < NUM_ACTIONS);
                assert_eq!(pos.move_of(a), Some(mv));
            }
            let mv = pos.legal_moves()[7];
            pos.play(mv).unwrap();
        }
        let start = Position::new();
        for mv in start.legal_moves() {
            assert_eq!(start.move_of(start.action_of(mv)), Some(mv));
        }
    }
}
