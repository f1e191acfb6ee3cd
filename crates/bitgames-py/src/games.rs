//! The three games' [`PyGame`] implementations: observation planes, notation,
//! drawing and the expert player. The rules themselves are the library's.

use crate::game::{Limit, PyGame};
use bitgames::connect4::solver::{Mode, Solver, book};
use bitgames::connect4::{self, Column};
use bitgames::santorini::search::{Engine, Limits};
use bitgames::santorini::{self, Space};
use bitgames::tictactoe::{self, Square};
use bitgames::{Game, Player};
use rand::Rng;
use rand::rngs::SmallRng;
use std::cell::RefCell;
use std::sync::{Arc, OnceLock};
use std::time::Instant;

impl PyGame for connect4::Position {
    const CLASS: &'static str = "ConnectFour";

    fn obs_shape(&self) -> [usize; 3] {
        [self.height(), self.width(), 2]
    }

    /// pgx's `connect_four` layout: (H, W, 2), row 0 the top row, plane 0 the
    /// stones of `player`, plane 1 the opponent's.
    fn observe(&self, player: Player, out: &mut [bool]) {
        let (w, h) = (self.width(), self.height());
        let mine = self.stones(player);
        let theirs = self.stones(player.other());
        let g = self.geometry();
        for line in 0..h {
            let row = h - 1 - line;
            for col in 0..w {
                let bit = g.bit(col, row);
                let i = 2 * (line * w + col);
                out[i] = mine & bit != 0;
                out[i + 1] = theirs & bit != 0;
            }
        }
    }

    fn notation(&self) -> String {
        connect4::grid_string(self)
    }

    /// A move string (`4453`, 7x6) or a grid of 0/1/2, top row first, rows
    /// separated by `/` or line breaks (any board size).
    fn parse(text: &str) -> Result<Self, String> {
        let t = text.trim();
        if t.contains(['/', '\n', '[']) {
            connect4::grid::parse_grid_position(t).map_err(|e| e.to_string())
        } else {
            connect4::Position::from_moves(t).map_err(|e| e.to_string())
        }
    }

    fn parse_move(text: &str) -> Result<Column, String> {
        text.parse::<Column>().map_err(|e| e.to_string())
    }

    fn drawing(&self) -> String {
        self.to_string()
    }

    /// The exact solver's best column within the time limit (one solver per
    /// thread, with the built-in book); if time runs out, a winning column,
    /// else a random one of those that do not let the opponent win at once.
    fn expert_move(&self, limit: Limit, rng: &mut SmallRng) -> Option<Column> {
        if self.outcome().is_over() {
            return None;
        }
        let best = with_c4_solver(builtin_book(), |solver| {
            solver.set_deadline(limit.time.map(|t| Instant::now() + t));
            let result = solver.analyze(self, Mode::Strong);
            solver.set_deadline(None);
            result.ok().and_then(|a| a.best)
        });
        match best {
            Some(col) => Some(Column(col as u8)),
            None => c4_quick_move(self, rng),
        }
    }
}

/// A winning column if there is one, else a random column after which the
/// opponent cannot win at once (any column if every one loses).
fn c4_quick_move(pos: &connect4::Position, rng: &mut SmallRng) -> Option<Column> {
    let moves = pos.legal_moves();
    if let Some(&win) = moves.iter().find(|c| pos.is_winning_move(c.index())) {
        return Some(win);
    }
    let safe: Vec<Column> = moves
        .iter()
        .copied()
        .filter(|c| {
            pos.after(c.index())
                .is_ok_and(|child| child.winning_moves() == 0)
        })
        .collect();
    if safe.is_empty() {
        pos.random_move(rng)
    } else {
        Some(safe[rng.random_range(0..safe.len())])
    }
}

thread_local! {
    static C4_SOLVER: RefCell<Option<Solver>> = const { RefCell::new(None) };
}

/// The built-in 7x6 book, read once.
pub fn builtin_book() -> Option<Arc<book::Book>> {
    static BOOK: OnceLock<Option<Arc<book::Book>>> = OnceLock::new();
    BOOK.get_or_init(|| book::builtin(connect4::Geometry::STANDARD).map(Arc::new))
        .clone()
}

/// Runs `f` with this thread's Connect Four solver (made on first use),
/// using `book` (`None`: no book).
pub fn with_c4_solver<T>(book: Option<Arc<book::Book>>, f: impl FnOnce(&mut Solver) -> T) -> T {
    C4_SOLVER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let solver = slot.get_or_insert_with(Solver::new);
        solver.set_book(book);
        f(solver)
    })
}

impl PyGame for tictactoe::Position {
    const CLASS: &'static str = "TicTacToe";

    fn obs_shape(&self) -> [usize; 3] {
        [3, 3, 2]
    }

    /// pgx's `tic_tac_toe` layout: (3, 3, 2), squares row by row from the
    /// top-left, plane 0 the marks of `player`, plane 1 the opponent's.
    fn observe(&self, player: Player, out: &mut [bool]) {
        let mine = self.bits(player);
        let theirs = self.bits(player.other());
        for sq in 0..9 {
            out[2 * sq] = mine >> sq & 1 == 1;
            out[2 * sq + 1] = theirs >> sq & 1 == 1;
        }
    }

    fn notation(&self) -> String {
        self.to_string()
    }

    /// Moves (`1524`, `a1 b2`) or a board (`XX./OO./...`).
    fn parse(text: &str) -> Result<Self, String> {
        text.parse::<tictactoe::Position>()
            .map_err(|e| e.to_string())
    }

    fn parse_move(text: &str) -> Result<Square, String> {
        text.parse::<Square>().map_err(|e| e.to_string())
    }

    fn drawing(&self) -> String {
        self.print()
    }

    /// A perfect move (random among the best).
    fn expert_move(&self, _limit: Limit, rng: &mut SmallRng) -> Option<Square> {
        let best = ttt_solver().best_moves(self);
        (!best.is_empty()).then(|| best[rng.random_range(0..best.len())])
    }
}

/// The tic-tac-toe solver, built once (every position solved).
pub fn ttt_solver() -> &'static tictactoe::solver::Solver {
    static SOLVER: OnceLock<tictactoe::solver::Solver> = OnceLock::new();
    SOLVER.get_or_init(tictactoe::solver::Solver::new)
}

thread_local! {
    static ENGINE: RefCell<Option<Engine>> = const { RefCell::new(None) };
}

impl PyGame for santorini::Position {
    const CLASS: &'static str = "Santorini";

    fn obs_shape(&self) -> [usize; 3] {
        [5, 5, 6]
    }

    /// (5, 5, 6), row 0 the top row (A5..E5): the workers of `player`, the
    /// opponent's workers, then the spaces at level >= 1, >= 2, >= 3 and the domes.
    fn observe(&self, player: Player, out: &mut [bool]) {
        let levels = self.levels();
        let mine = self.workers(player);
        let theirs = self.workers(player.other());
        for (i, &level) in levels.iter().enumerate() {
            let space = Space::from_index(i).expect("25 spaces");
            let cell = &mut out[6 * i..6 * i + 6];
            cell[0] = mine.contains(space);
            cell[1] = theirs.contains(space);
            for (k, plane) in cell[2..].iter_mut().enumerate() {
                *plane = level > k as u8;
            }
        }
    }

    fn notation(&self) -> String {
        self.to_string()
    }

    /// `<25 levels>/<1|2>/mortal:<sq>,<sq>/mortal:<sq>,<sq>`.
    fn parse(text: &str) -> Result<Self, String> {
        text.parse::<santorini::Position>()
            .map_err(|e| e.to_string())
    }

    fn parse_move(text: &str) -> Result<santorini::Move, String> {
        text.parse::<santorini::Move>().map_err(|e| e.to_string())
    }

    fn drawing(&self) -> String {
        self.diagram()
    }

    /// The search engine's move within the limits (depth 2 if none is given).
    fn expert_move(&self, limit: Limit, _rng: &mut SmallRng) -> Option<santorini::Move> {
        if self.outcome().is_over() {
            return None;
        }
        let limits = Limits {
            depth: limit
                .depth
                .or(if limit.time.is_none() { Some(2) } else { None }),
            time: limit.time,
        };
        ENGINE.with(|cell| {
            let mut slot = cell.borrow_mut();
            let engine = slot.get_or_insert_with(|| Engine::new(1 << 16));
            engine.search(self, limits).best
        })
    }
}
