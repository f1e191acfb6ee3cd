//! The move source: what the one node search ([`Engine::negamax`]) asks a
//! position for, by the kind of game it searches. The base game
//! ([`Mortal`]: two mortals) and every game with a god ([`Gods`]) differ
//! only here:
//!
//! - the position's key (with gods: the gods and Athena's mark mixed in);
//! - the network (the gods' has learnt their turns);
//! - the turns and how they are listed: the base game lists and orders
//!   its turns before the table's move is searched (its trees stay node
//!   for node those its constants were tuned on); a god's turns are listed
//!   only once the table's move has failed to cut (Hermes and Artemis have
//!   hundreds or thousands);
//! - the answers to a threat: the base game's are the blocks of the one
//!   climb target; a god's are the turns after which the opponent has no
//!   winning turn;
//! - the kept network sums: the base game's know the one move and build, a
//!   god's turn is read as the difference of two positions;
//! - the threat quiescence, the base game's climb threats only.
//!
//! The staged order of the turns, the same for both: the table's move; the
//! winning turns (seen on the bitboards, [`Position::has_winning_move`]:
//! the node is won before any turn is listed); the turns that stop the
//! opponent's winning turn ([`opponent_threatens`]: then only those);
//! the rest best-first by the ordering keys ([`Engine::keys`]).

use super::quiescence::{builds_on, threat_targets};
use super::table::key;
#[cfg(doc)]
use super::{Engine, quiescence::opponent_threatens};
use crate::santorini::eval::network::{Net, Sums};
use crate::santorini::game::{Move, Position};
use crate::santorini::powers;

/// A kind of game's move source (see the module's documentation).
pub(super) trait Source {
    /// The turns may be listed after the table's move is searched.
    const LAZY: bool;
    /// The threat quiescence searches climb threats at depth 0.
    const QUIESCENCE: bool;
    /// The network's place in [`Engine`]'s: 0 the base game's, 1 the gods'.
    const NET: usize;

    /// The position's key in the table and the evaluation cache.
    fn key(pos: &Position) -> u64;

    /// Appends every turn of the player to move to `out`.
    fn generate(pos: &Position, out: &mut Vec<Move>);

    /// Keeps of `moves` (every turn of a position the opponent threatens to
    /// win) the turns that may stop the threat; false if none does: the
    /// position is lost in two plies.
    fn answer_threat(pos: &Position, moves: &mut Vec<Move>) -> bool;

    /// The network's sums of `child` into `out`, from `parent`'s, reached
    /// by `made` (`None`: a pass).
    fn child_sums(
        net: &Net,
        parent_sums: &Sums,
        parent: &Position,
        child: &Position,
        made: Option<Move>,
        out: &mut Sums,
    );
}

/// The base game: two mortals.
pub(super) struct Mortal;

impl Source for Mortal {
    const LAZY: bool = false;
    const QUIESCENCE: bool = true;
    const NET: usize = 0;

    #[inline(always)]
    fn key(pos: &Position) -> u64 {
        key(pos)
    }

    #[inline(always)]
    fn generate(pos: &Position, out: &mut Vec<Move>) {
        pos.generate_into(out);
    }

    /// Only a dome on the opponent's one target stops its climb.
    #[inline]
    fn answer_threat(pos: &Position, moves: &mut Vec<Move>) -> bool {
        let targets = threat_targets(pos);
        moves.retain(|mv| builds_on(*mv, targets));
        targets.count() == 1 && !moves.is_empty()
    }

    #[inline(always)]
    fn child_sums(
        net: &Net,
        parent_sums: &Sums,
        _: &Position,
        child: &Position,
        made: Option<Move>,
        out: &mut Sums,
    ) {
        net.child_sums(parent_sums, child, made, out);
    }
}

/// A game with a god on either side (or both).
pub(super) struct Gods;

impl Source for Gods {
    const LAZY: bool = true;
    const QUIESCENCE: bool = false;
    const NET: usize = 1;

    /// The board's key with the gods, Athena's mark and the gods' states mixed in.
    #[inline]
    fn key(pos: &Position) -> u64 {
        let [a, b] = pos.gods;
        let extra = a as u64
            | (b as u64) << 8
            | u64::from(pos.up_blocked) << 16
            | u64::from(pos.state[0] ^ pos.state[1].rotate_left(16)) << 24;
        key(pos) ^ (extra + 1).wrapping_mul(0xD6E8_FEB8_6659_FD93)
    }

    #[inline]
    fn generate(pos: &Position, out: &mut Vec<Move>) {
        if pos.is_base_turn() {
            pos.generate_into(out);
        } else if pos.climber().is_none() {
            powers::turns(pos, out);
        }
    }

    /// The turns after which the opponent has no winning turn (an Apollo
    /// may swap the climber away, a Minotaur push it, an Atlas dome the
    /// target, and a mortal's block may not stop an Artemis).
    fn answer_threat(pos: &Position, moves: &mut Vec<Move>) -> bool {
        moves.retain(|&mv| {
            let mut child = *pos;
            crate::Game::play_unchecked(&mut child, mv);
            !child.has_winning_move()
        });
        !moves.is_empty()
    }

    #[inline]
    fn child_sums(
        net: &Net,
        parent_sums: &Sums,
        parent: &Position,
        child: &Position,
        _: Option<Move>,
        out: &mut Sums,
    ) {
        net.sums_between(parent_sums, parent, child, out);
    }
}
