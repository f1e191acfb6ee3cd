//! Hippolyta (santorini-ai main): one of her two workers is female (named
//! at placement, `A1,B2@A1`; `hippolyta[A1]` keeps where she stands). Every
//! worker steps only diagonally but her female one: her other worker, and
//! every worker of her opponent's (a female one too), in every step of a
//! move, across the edge for Urania, in Hermes' runs. The card is short;
//! this is santorini-ai's reading, which decides here. Once an opponent's
//! god took her female worker off the board, both of hers are bound.

use super::Power;

/// Hippolyta's power: diagonal steps for all but her female worker.
pub(crate) struct Hippolyta;

impl Power for Hippolyta {
    const NAME: &'static str = "hippolyta";
    const TEXT: &'static str = "All workers but her female one move only diagonally.";
    const FEMALE: bool = true;
    const BINDS_DIAGONALLY: bool = true;

    female_state!();
}
