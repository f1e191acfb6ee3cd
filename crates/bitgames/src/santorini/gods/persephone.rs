//! Persephone: if the opponent can move a worker up this turn, they must
//! (a turn that moves up: a climb, Apollo's swap or Minotaur's push up,
//! either of Artemis' steps; a win by climbing is one, Pan's fall is not;
//! Prometheus' build first and Hermes' runs never are). Her own moves are
//! the base game's.

use super::Power;

/// Persephone's power: the opponent climbs if they can.
pub(crate) struct Persephone;

impl Power for Persephone {
    const NAME: &'static str = "persephone";
    const TEXT: &'static str =
        "If possible, at least one of an opponent's workers must move up this turn.";
    const FORCES_CLIMBS: bool = true;
}
