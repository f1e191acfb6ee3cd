//! Why a move is refused: the base game's rules, one reason each, and the
//! turns of a god's player (a turn that is not one of the god's).

use super::bitboard::{Bitboard, Space};
use super::game::{Move, Position, Power};
use super::gods::God;
use crate::game::{Game, Outcome, Player};
use thiserror::Error;

/// Why a move was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The game is already over.
    #[error("the game is over ({0})")]
    GameOver(Outcome),
    /// In a game with gods: not one of the turns of the player's god.
    #[error(
        "{mv} is not a turn of {god}{}{}",
        blocked_by.map(|g| format!(" (who may not move up: {})", g.block_cause())).unwrap_or_default(),
        against.map(restriction).unwrap_or_default()
    )]
    NotATurn {
        /// The move.
        mv: Move,
        /// The player's god.
        god: God,
        /// The opponent's god, where it keeps the player from moving up this
        /// turn (Athena moved up).
        blocked_by: Option<God>,
        /// The opponent's god, where it restricts the player's turns (Hades).
        against: Option<God>,
    },
    /// A placement of another number of workers than the player's god
    /// places.
    #[error("{god} places {workers} workers at once ({example}): {mv} does not")]
    PlaceCount {
        /// The placement.
        mv: Move,
        /// The player's god.
        god: God,
        /// How many workers it places.
        workers: usize,
        /// A placement of that many.
        example: &'static str,
    },
    /// A worker move while the player still has to place workers.
    #[error("player {0} must first place both workers (e.g. A1,B2)")]
    MustPlace(Player),
    /// A placement after the player's workers are on the board.
    #[error("player {0} has already placed both workers")]
    AlreadyPlaced(Player),
    /// Both workers placed on one space.
    #[error("both workers on the same space {0}")]
    SameSpace(Space),
    /// A worker placed on an occupied or domed space.
    #[error("cannot place a worker on {0}: it is {1}")]
    PlaceBlocked(Space, &'static str),
    /// A placement the player's god does not allow.
    #[error("{god} places workers {where_}: {mv} does not")]
    PlaceRefused {
        /// The placement.
        mv: Move,
        /// The player's god.
        god: God,
        /// Where the god places, in words.
        where_: &'static str,
    },
    /// The move starts from a space without one of the mover's workers.
    #[error("no worker of player {1} on {0}")]
    NoWorker(Space, Player),
    /// The worker's destination is not a neighbour.
    #[error("{to} is not next to {from}")]
    NotNeighbour {
        /// Where the worker stands.
        from: Space,
        /// Where it was asked to go.
        to: Space,
    },
    /// The destination is occupied or domed.
    #[error("cannot move onto {0}: it is {1}")]
    MoveBlocked(Space, &'static str),
    /// The destination is more than one level up.
    #[error("cannot move from level {from_level} up to level {to_level} on {to}")]
    TooHigh {
        /// The worker's level.
        from_level: u8,
        /// The destination's level.
        to_level: u8,
        /// The destination.
        to: Space,
    },
    /// The build is not next to the moved worker.
    #[error("cannot build on {build}: it is not next to {to}")]
    BuildNotNeighbour {
        /// The build space.
        build: Space,
        /// Where the worker now stands.
        to: Space,
    },
    /// The build is on an occupied or domed space.
    #[error("cannot build on {0}: it is {1}")]
    BuildBlocked(Space, &'static str),
    /// A move up onto level 3 wins and takes no build.
    #[error("moving up onto level 3 at {0} wins: write it with '#' and no build")]
    MustWin(Space),
    /// A move marked as a win that does not climb from level 2 onto level 3.
    #[error("{from}>{to} is not a win: the worker must move up from level 2 onto level 3")]
    NotAWin {
        /// The worker's space.
        from: Space,
        /// The destination.
        to: Space,
    },
}

impl Position {
    /// Why `mv` is illegal here, or `None` if it is legal.
    #[must_use]
    pub fn why_illegal(&self, mv: Move) -> Option<PlayError> {
        if !self.is_base_turn() {
            return match self.god_turn(mv) {
                Ok(listed) if listed == mv => None,
                Ok(_) => Some(self.not_a_turn(mv)),
                Err(e) => Some(e),
            };
        }
        let outcome = self.outcome();
        if outcome.is_over() {
            return Some(PlayError::GameOver(outcome));
        }
        if mv.is_placement()
            && self.is_placement()
            && let Some(refused) = self.place_count(mv)
        {
            return Some(refused);
        }
        if let Move::Power(_) = mv {
            return Some(PlayError::NotATurn {
                mv,
                god: God::Mortal,
                blocked_by: None,
                against: None,
            });
        }
        let me = self.to_move;
        let occupied = self.occupied();
        let blocked_by = |s: Space| -> Option<&'static str> {
            if occupied.contains(s) {
                Some("occupied")
            } else if self.heights[3].contains(s) {
                Some("domed")
            } else {
                None
            }
        };
        match mv {
            Move::Place(a, b) => {
                if !self.is_placement() {
                    return Some(PlayError::AlreadyPlaced(me));
                }
                if a == b {
                    return Some(PlayError::SameSpace(a));
                }
                for s in [a, b] {
                    if let Some(why) = blocked_by(s) {
                        return Some(PlayError::PlaceBlocked(s, why));
                    }
                }
                let god = self.gods[me.index()];
                match god.rules().places {
                    Some(p) if !(p.may)(a, b) => Some(PlayError::PlaceRefused {
                        mv,
                        god,
                        where_: p.where_,
                    }),
                    _ => None,
                }
            }
            Move::Power(_) => unreachable!("refused above"),
            Move::Build { from, to, .. } | Move::Win { from, to } => {
                if self.is_placement() {
                    return Some(PlayError::MustPlace(me));
                }
                if !self.workers(me).contains(from) {
                    return Some(PlayError::NoWorker(from, me));
                }
                if !Bitboard::neighbours(from).contains(to) {
                    return Some(PlayError::NotNeighbour { from, to });
                }
                if let Some(why) = blocked_by(to) {
                    return Some(PlayError::MoveBlocked(to, why));
                }
                let (from_level, to_level) = (self.level(from), self.level(to));
                if to_level > from_level + 1 {
                    return Some(PlayError::TooHigh {
                        from_level,
                        to_level,
                        to,
                    });
                }
                let wins = from_level == 2 && to_level == 3;
                match mv {
                    Move::Win { .. } if !wins => Some(PlayError::NotAWin { from, to }),
                    Move::Build { .. } if wins => Some(PlayError::MustWin(to)),
                    Move::Build { build, .. } => {
                        if !Bitboard::neighbours(to).contains(build) {
                            return Some(PlayError::BuildNotNeighbour { build, to });
                        }
                        if build != from
                            && let Some(why) = blocked_by(build)
                        {
                            return Some(PlayError::BuildBlocked(build, why));
                        }
                        if build == from && self.heights[3].contains(build) {
                            return Some(PlayError::BuildBlocked(build, "domed"));
                        }
                        None
                    }
                    _ => None,
                }
            }
        }
    }

    /// A god's player's turn `mv` as the generator lists it, with the turns
    /// generated once: Hermes' two ends in either order (santorini-ai
    /// writes them in board order); or why it is not a turn.
    pub(crate) fn god_turn(&self, mv: Move) -> Result<Move, PlayError> {
        if let Some(winner) = self.climber() {
            return Err(PlayError::GameOver(Outcome::Win(winner)));
        }
        if self.is_placement()
            && let Some(refused) = self.place_count(mv)
        {
            return Err(refused);
        }
        let moves = self.legal_moves();
        if moves.is_empty() {
            return Err(PlayError::GameOver(Outcome::Win(self.to_move.other())));
        }
        let swapped = match mv {
            Move::Power(Power::Both { from, to, build }) => Move::Power(Power::Both {
                from,
                to: [to[1], to[0]],
                build,
            }),
            other => other,
        };
        let listed = |m: Move| moves.contains(&m).then_some(m);
        listed(mv)
            .or_else(|| listed(swapped))
            .ok_or_else(|| self.not_a_turn(mv))
    }

    /// The refusal of a placement `mv` of another number of workers than
    /// the god of the player to move places; `None` if it is not one.
    fn place_count(&self, mv: Move) -> Option<PlayError> {
        let god = self.gods[self.to_move.index()];
        let workers = god.rules().workers;
        let female = god.rules().female;
        let count = match mv {
            Move::Place(..) | Move::Power(Power::PlaceFemale { .. }) => 2,
            Move::Power(Power::PlaceThree { .. }) => 3,
            _ => return None,
        };
        let named = matches!(mv, Move::Power(Power::PlaceFemale { .. }));
        if count == workers && named != female {
            return Some(PlayError::PlaceRefused {
                mv,
                god,
                where_: if female {
                    "naming the female one (A1,B2@A1)"
                } else {
                    "without naming a female one (A1,B2)"
                },
            });
        }
        (count != workers).then_some(PlayError::PlaceCount {
            mv,
            god,
            workers,
            example: if workers == 3 { "A1,B2,C3" } else { "A1,B2" },
        })
    }

    /// The refusal of a move that is not one of the god's turns.
    fn not_a_turn(&self, mv: Move) -> PlayError {
        let theirs = self.gods[self.to_move.other().index()];
        PlayError::NotATurn {
            mv,
            god: self.gods[self.to_move.index()],
            blocked_by: self.up_blocked.then_some(theirs),
            against: theirs.rules().restricts.then_some(theirs),
        }
    }
}

/// What a restricting god does to the message's player: ` against hades
/// (opponent workers cannot move down)`.
fn restriction(god: God) -> String {
    let power = god.power().trim_end_matches('.');
    format!(
        " against {god} ({}{})",
        power[..1].to_lowercase(),
        &power[1..]
    )
}
