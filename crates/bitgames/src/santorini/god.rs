//! The gods: a player's god gives their workers one power for the whole
//! game. `Mortal` has none (the base game); the other ten are the rulebook's
//! simple gods.

use std::fmt;
use std::str::FromStr;

/// A player's god.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum God {
    /// No power: the base game.
    #[default]
    Mortal,
    /// May move into an opponent worker's space; that worker is forced into
    /// the space just left (they swap).
    Apollo,
    /// May move one more time, but not back to the space it started from.
    Artemis,
    /// If one of her workers moved up, opponent workers cannot move up on
    /// their next turn.
    Athena,
    /// May build a dome at any level, including on the ground.
    Atlas,
    /// May build one more time, but not on the same space.
    Demeter,
    /// May build one more block (not a dome) on top of the first.
    Hephaestus,
    /// If the workers do not move up or down, each may move any number of
    /// times (even none), and then either one builds.
    Hermes,
    /// May move into an opponent worker's space if the next space in the
    /// same direction is free; that worker is forced there.
    Minotaur,
    /// Also wins by moving down two or more levels.
    Pan,
    /// If the worker does not move up, it may build both before and after
    /// moving.
    Prometheus,
}

impl God {
    /// Every god, `Mortal` first, then the ten in alphabetical order.
    pub const ALL: [God; 11] = [
        God::Mortal,
        God::Apollo,
        God::Artemis,
        God::Athena,
        God::Atlas,
        God::Demeter,
        God::Hephaestus,
        God::Hermes,
        God::Minotaur,
        God::Pan,
        God::Prometheus,
    ];

    /// The ten simple gods of the rulebook (every god but `Mortal`).
    pub const SIMPLE: [God; 10] = {
        let mut gods = [God::Mortal; 10];
        let mut i = 0;
        while i < 10 {
            gods[i] = God::ALL[i + 1];
            i += 1;
        }
        gods
    };

    /// The name in lower case, as positions write it (`mortal`, `apollo`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            God::Mortal => "mortal",
            God::Apollo => "apollo",
            God::Artemis => "artemis",
            God::Athena => "athena",
            God::Atlas => "atlas",
            God::Demeter => "demeter",
            God::Hephaestus => "hephaestus",
            God::Hermes => "hermes",
            God::Minotaur => "minotaur",
            God::Pan => "pan",
            God::Prometheus => "prometheus",
        }
    }

    /// The power in one sentence, for a player choosing a god.
    #[must_use]
    pub const fn power(self) -> &'static str {
        match self {
            God::Mortal => "No power: the base game.",
            God::Apollo => {
                "Your worker may move into an opponent worker's space; \
                 that worker is forced into the space yours just left."
            }
            God::Artemis => {
                "Your worker may move one more time, but not back to the space it started on."
            }
            God::Athena => {
                "If one of your workers moved up on your last turn, \
                 opponent workers cannot move up this turn."
            }
            God::Atlas => "Your worker may build a dome at any level, including on the ground.",
            God::Demeter => "Your worker may build one more time, but not on the same space.",
            God::Hephaestus => {
                "Your worker may build one more block (not a dome) on top of its first block."
            }
            God::Hermes => {
                "If your workers do not move up or down, each may move any number of times \
                 (even none), and then either builds."
            }
            God::Minotaur => {
                "Your worker may move into an opponent worker's space if the next space in \
                 the same direction is free; that worker is forced there."
            }
            God::Pan => "You also win if one of your workers moves down two or more levels.",
            God::Prometheus => {
                "If your worker does not move up, it may build both before and after moving."
            }
        }
    }
}

impl fmt::Display for God {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a god's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{0:?} is not a god: use mortal, apollo, artemis, athena, atlas, demeter, hephaestus, hermes, minotaur, pan or prometheus"
)]
pub struct UnknownGod(pub String);

impl FromStr for God {
    type Err = UnknownGod;

    /// A god by its name, in any case.
    fn from_str(text: &str) -> Result<God, UnknownGod> {
        let name = text.trim().to_ascii_lowercase();
        God::ALL
            .into_iter()
            .find(|g| g.name() == name)
            .ok_or_else(|| UnknownGod(crate::excerpt(text).into_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_god_reads_back_from_its_name_and_an_unknown_one_is_named() {
        for god in God::ALL {
            assert_eq!(god.name().parse(), Ok(god));
            assert_eq!(god.to_string().to_uppercase().parse(), Ok(god));
            assert!(god.power().ends_with('.'), "{god}");
        }
        assert_eq!(God::SIMPLE.len() + 1, God::ALL.len());
        let err = "zeus".parse::<God>().unwrap_err().to_string();
        assert!(
            err.starts_with("\"zeus\" is not a god: use mortal, apollo"),
            "{err}"
        );
    }
}
