//! The one trait every game implements, in the vocabulary of OpenSpiel and pgx.
//!
//! A [`Game`] value is a *position*: the board plus whose turn it is. Moves come
//! as a fixed-capacity list (no heap allocation), [`Game::play`] checks legality
//! and leaves the position untouched on error, and every move also has a dense
//! *action index* in `0..num_actions()`, so that a learning agent can use a
//! fixed-size policy head and a legal-action mask.
//!
//! The generic tools in [`crate::tools`] (perft, random playouts, negamax) are
//! written once against this trait and work for every game.

use std::fmt::{self, Debug, Display};
use std::hash::Hash;
use std::ops::Deref;
use std::str::FromStr;

/// One of the two players. `One` moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Player {
    /// The player who moves first (X in tic-tac-toe, red/yellow "1" in Connect Four).
    One,
    /// The player who moves second.
    Two,
}

impl Player {
    /// Both players, in turn order.
    pub const BOTH: [Player; 2] = [Player::One, Player::Two];

    /// The opponent.
    #[must_use]
    pub const fn other(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }

    /// 0 for the first player, 1 for the second: an index into per-player arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Player::One => 0,
            Player::Two => 1,
        }
    }

    /// 1 or 2, as the players are numbered in grids and notations.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.index() as u8 + 1
    }

    /// The player numbered 1 or 2.
    #[must_use]
    pub const fn from_number(n: u8) -> Option<Player> {
        match n {
            1 => Some(Player::One),
            2 => Some(Player::Two),
            _ => None,
        }
    }
}

impl Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// How a game stands: still going, won by a player, or drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// The game is not over.
    Ongoing,
    /// The game is over and this player won.
    Win(Player),
    /// The game is over and nobody won.
    Draw,
}

impl Outcome {
    /// Whether the game is over.
    #[must_use]
    pub const fn is_over(self) -> bool {
        !matches!(self, Outcome::Ongoing)
    }

    /// The winner, if any.
    #[must_use]
    pub const fn winner(self) -> Option<Player> {
        match self {
            Outcome::Win(p) => Some(p),
            _ => None,
        }
    }

    /// The terminal returns, indexed by [`Player::index`]: +1 for the winner,
    /// -1 for the loser, 0 for both in a draw or while the game is ongoing
    /// (as OpenSpiel's `returns()` and pgx's `rewards`).
    #[must_use]
    pub const fn returns(self) -> [i8; 2] {
        match self {
            Outcome::Win(Player::One) => [1, -1],
            Outcome::Win(Player::Two) => [-1, 1],
            Outcome::Ongoing | Outcome::Draw => [0, 0],
        }
    }
}

impl Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Ongoing => f.write_str("ongoing"),
            Outcome::Win(p) => write!(f, "player {p} wins"),
            Outcome::Draw => f.write_str("draw"),
        }
    }
}

/// A two-player, alternating, perfect-information game position.
///
/// Implementors are small `Copy`-like values: the tools copy a position and play
/// on the copy rather than undo moves.
pub trait Game: Clone + Debug + Display + FromStr + Eq + Hash + Send + Sync {
    /// A move, written and read in the game's notation.
    type Move: Copy + Debug + Display + FromStr + Eq + Hash + Send + Sync;
    /// A fixed-capacity list of moves (no heap allocation), e.g. an `ArrayVec`.
    type Moves: Deref<Target = [Self::Move]> + IntoIterator<Item = Self::Move>;
    /// Why [`Game::play`] refused a move.
    type PlayError: std::error::Error + Send + Sync + 'static;

    /// A short lower-case name: `tictactoe`, `connect4`, `santorini`.
    const NAME: &'static str;

    /// The player whose turn it is. Meaningful also once the game is over
    /// (it is then the player who would have moved next).
    fn to_move(&self) -> Player;

    /// All legal moves; empty once the game is over.
    fn legal_moves(&self) -> Self::Moves;

    /// How many legal moves there are: perft's leaves, counted without
    /// playing them. `legal_moves().len()`, or the same number sooner.
    fn count_moves(&self) -> usize {
        self.legal_moves().len()
    }

    /// Whether `mv` is legal here.
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// Plays a legal move without checking it: the fast path for search and
    /// enumeration. Playing an illegal move may leave a nonsensical position
    /// (it is caught by a debug assertion, never by undefined behaviour).
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Plays `mv` if it is legal. On error the position is left unchanged and
    /// the error says why the move was refused.
    fn play(&mut self, mv: Self::Move) -> Result<(), Self::PlayError>;

    /// Ongoing, won by a player, or drawn.
    fn outcome(&self) -> Outcome;

    /// The size of the dense action space: every move maps to an action in
    /// `0..num_actions()`.
    fn num_actions(&self) -> usize;

    /// The dense action index of a move.
    fn action_of(&self, mv: Self::Move) -> usize;

    /// The move with this action index, legal here or not; `None` for an index
    /// that names no move (out of range, or a slot the game's encoding leaves
    /// unused, such as Santorini's placement slots with the squares in the
    /// wrong order).
    fn move_of(&self, action: usize) -> Option<Self::Move>;

    /// The legal-action mask: `mask[a]` is true iff action `a` is legal.
    fn legal_action_mask(&self) -> Vec<bool> {
        let mut mask = vec![false; self.num_actions()];
        for mv in self.legal_moves() {
            mask[self.action_of(mv)] = true;
        }
        mask
    }

    /// The terminal returns, indexed by [`Player::index`] (see [`Outcome::returns`]).
    fn returns(&self) -> [i8; 2] {
        self.outcome().returns()
    }

    /// Plays a sequence of moves, stopping at the first refused one; returns
    /// the index of that move in the sequence with its error.
    fn play_all<I>(&mut self, moves: I) -> Result<(), (usize, Self::PlayError)>
    where
        I: IntoIterator<Item = Self::Move>,
    {
        for (i, mv) in moves.into_iter().enumerate() {
            self.play(mv).map_err(|e| (i, e))?;
        }
        Ok(())
    }
}
