//! A toy game added the way docs/architecture.md's "Adding a game" says: this folder
//! and one registry line (in `conformance.rs`). Pile: take 1, 2 or 3 stones
//! from a pile; whoever takes the last stone wins. Notation: the stones left
//! and the player to move, `21/1`; a move is the number taken.

use arrayvec::ArrayVec;
use bitgames::engine::{Engine, Negamax};
use bitgames::registry::Registered;
use bitgames::{Game, Outcome, Player};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pile {
    left: u32,
    to_move: Player,
}

#[derive(Debug, thiserror::Error)]
#[error("cannot take {take} from a pile of {left}")]
pub struct TakeError {
    take: u32,
    left: u32,
}

#[derive(Debug, thiserror::Error)]
#[error("a pile is written `stones/player`, such as `21/1`")]
pub struct PileError;

impl fmt::Display for Pile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.left, self.to_move)
    }
}

impl std::str::FromStr for Pile {
    type Err = PileError;
    fn from_str(s: &str) -> Result<Pile, PileError> {
        let (left, p) = s.split_once('/').ok_or(PileError)?;
        Ok(Pile {
            left: left.parse().map_err(|_| PileError)?,
            to_move: p
                .parse()
                .ok()
                .and_then(Player::from_number)
                .ok_or(PileError)?,
        })
    }
}

impl Game for Pile {
    type Move = u32;
    type Moves = ArrayVec<u32, 3>;
    type PlayError = TakeError;
    const NAME: &'static str = "pile";

    fn to_move(&self) -> Player {
        self.to_move
    }
    fn legal_moves(&self) -> ArrayVec<u32, 3> {
        (1..=3.min(self.left)).collect()
    }
    fn play_unchecked(&mut self, mv: u32) {
        self.left -= mv;
        self.to_move = self.to_move.other();
    }
    fn play(&mut self, mv: u32) -> Result<(), TakeError> {
        if !(1..=3).contains(&mv) || mv > self.left {
            return Err(TakeError {
                take: mv,
                left: self.left,
            });
        }
        self.play_unchecked(mv);
        Ok(())
    }
    fn outcome(&self) -> Outcome {
        if self.left == 0 {
            Outcome::Win(self.to_move.other())
        } else {
            Outcome::Ongoing
        }
    }
    fn num_actions(&self) -> usize {
        3
    }
    fn action_of(&self, mv: u32) -> usize {
        mv as usize - 1
    }
    fn move_of(&self, action: usize) -> Option<u32> {
        (action < 3).then_some(action as u32 + 1)
    }
}

impl Registered for Pile {
    const TITLE: &'static str = "Pile";
    const PROSE_NAME: &'static str = "pile";

    fn start() -> Pile {
        Pile {
            left: 21,
            to_move: Player::One,
        }
    }

    /// The generic alpha-beta: a game needs no engine of its own.
    fn engine() -> Box<dyn Engine<Pile>> {
        Box::new(Negamax::new(|_: &Pile| 0))
    }

    fn naive_legal_moves(&self) -> Vec<u32> {
        let mut moves = Vec::new();
        let mut take = 1;
        while take <= 3 && take <= self.left {
            moves.push(take);
            take += 1;
        }
        moves
    }

    fn naive_outcome(&self) -> Outcome {
        match self.left {
            0 => Outcome::Win(self.to_move.other()),
            _ => Outcome::Ongoing,
        }
    }
}
