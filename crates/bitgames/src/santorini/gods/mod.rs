//! The gods: a player's god gives their workers one power for the whole
//! game. `Mortal` has none (the base game); then come the rulebook's ten
//! simple gods, then the others.
//!
//! A god is a room: `gods/<god>.rs` holds its name, its power in one
//! sentence, its turns on the bitboards, how it wins and what it forces on
//! the opponent, and its naive twin on plain arrays, as one implementation
//! of the `Power` trait. The `gods!` list below is the one list of gods: adding a
//! god is its file plus one line there. The rest of the library (the move
//! generator, the search, the evaluation, the notation, the registry) asks
//! the god's `Rules` and never matches on a god's name. The evaluation
//! knows a god by its place in [`God::ALL`]: the network's per-god inputs
//! (`eval::network::inputs`) are rows of that place.

/// The state methods of a hero, whose power is once a game: its state is
/// 1 once spent, written `[x]` (Achilles, Bellerophon, Theseus, Jason).
macro_rules! hero_state {
    () => {
        fn write_state(state: u32) -> Option<String> {
            super::power::hero_text(state)
        }

        fn spent(state: u32) -> bool {
            state == super::power::SPENT
        }

        fn read_state(text: &str) -> Result<u32, String> {
            super::power::read_hero(Self::NAME, text)
        }
    };
}

/// The state methods of a god with a female worker: her space, written
/// `[C3]` and marked on the board (Selene, Hippolyta).
macro_rules! female_state {
    () => {
        fn write_state(state: u32) -> Option<String> {
            super::female::female_text(state)
        }

        fn read_state(text: &str) -> Result<u32, String> {
            super::female::read_female(Self::NAME, text)
        }

        fn marked(state: u32) -> crate::santorini::bitboard::Bitboard {
            super::female::female_of(state).map_or(
                crate::santorini::bitboard::Bitboard::EMPTY,
                crate::santorini::bitboard::Space::bitboard,
            )
        }
    };
}

mod achilles;
mod aeolus;
mod aphrodite;
mod apollo;
mod ares;
mod artemis;
mod asteria;
mod athena;
mod atlas;
mod bellerophon;
mod bia;
mod board;
mod castor;
mod charon;
mod chronus;
mod clio;
mod demeter;
mod eros;
mod europa;
pub(crate) mod female;
mod graeae;
mod hades;
mod harpies;
mod hephaestus;
mod hera;
mod hermes;
mod hestia;
mod hippolyta;
mod hydra;
mod hypnus;
mod iris;
mod jason;
mod limus;
mod maenads;
mod medusa;
mod minotaur;
mod morpheus;
mod mortal;
mod nemesis;
mod nike;
mod pan;
mod pegasus;
mod persephone;
mod polyphemus;
mod poseidon;
mod power;
mod prometheus;
mod proteus;
mod scylla;
mod selene;
mod stymphalians;
mod theseus;
mod urania;
mod zeus;

pub(crate) use hermes::run_ends;
pub(crate) use power::{DIRECTIONS, Enter, MOST_WORKERS, Power, Rules, built, landing, unbuilt};

use std::fmt;
use std::str::FromStr;

/// The one list of gods: the enum [`God`] and the table of their
/// [`Rules`], in this order: `Mortal`, the ten simple gods by name, then
/// the others in the order they came (a god's place is its number in the
/// network's inputs: a new god goes last).
macro_rules! gods {
    ($($(#[$doc:meta])* $god:ident => $power:path,)*) => {
        /// A player's god.
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum God {
            $($(#[$doc])* $god,)*
        }

        /// Each god's rules, in the order of [`God`].
        static RULES: [Rules; God::ALL.len()] = [$(Rules::of::<$power>(),)*];

        impl God {
            /// Every god: `Mortal`, the ten simple gods by name, then the others
            /// in the order they came.
            pub const ALL: [God; [$(God::$god,)*].len()] = [$(God::$god,)*];
        }
    };
}

gods! {
    /// No power: the base game.
    #[default]
    Mortal => mortal::Mortal,
    /// Swaps with an opponent worker it moves onto.
    Apollo => apollo::Apollo,
    /// May move one more time, not back to the space it started from.
    Artemis => artemis::Artemis,
    /// After she moves up, opponent workers cannot move up on their turn.
    Athena => athena::Athena,
    /// May build a dome at any level.
    Atlas => atlas::Atlas,
    /// May build one more time, not on the same space.
    Demeter => demeter::Demeter,
    /// May build one more block (not a dome) on top of the first.
    Hephaestus => hephaestus::Hephaestus,
    /// Workers that keep their level may each move any number of times.
    Hermes => hermes::Hermes,
    /// Pushes an opponent worker it moves onto one space further on.
    Minotaur => minotaur::Minotaur,
    /// Also wins by moving down two or more levels.
    Pan => pan::Pan,
    /// May build before moving, if the worker then does not move up.
    Prometheus => prometheus::Prometheus,
    /// May build one more time, not on a perimeter space.
    Hestia => hestia::Hestia,
    /// May build a block under itself.
    Zeus => zeus::Zeus,
    /// May move up more than one level, without winning so.
    Pegasus => pegasus::Pegasus,
    /// Opposite edges of the board are neighbours for her.
    Urania => urania::Urania,
    /// Opponents cannot win by moving into a perimeter space.
    Hera => hera::Hera,
    /// Opponent workers cannot move down.
    Hades => hades::Hades,
    /// An opponent's worker higher than all their others cannot move.
    Hypnus => hypnus::Hypnus,
    /// Opponents cannot build beside his workers, but domes on level 3.
    Limus => limus::Limus,
    /// An opponent's worker must move up if one can.
    Persephone => persephone::Persephone,
    /// An opponent's worker that starts near hers must end near hers.
    Aphrodite => aphrodite::Aphrodite,
    /// May jump over a neighbouring worker, whatever the level beyond.
    Iris => iris::Iris,
    /// Win by surrounding an opponent worker on opposite sides.
    Maenads => maenads::Maenads,
    /// After she moves down, opponent workers cannot move up on their turn.
    Nike => nike::Nike,
    /// Starts on opposite edges; also wins side by side on level 1.
    Eros => eros::Eros,
    /// May remove a block next to the unmoved worker.
    Ares => ares::Ares,
    /// After moving down, may also build a dome anywhere.
    Asteria => asteria::Asteria,
    /// May ferry a neighbouring opponent worker across before moving.
    Charon => charon::Charon,
    /// May drag a neighbouring opponent worker into the space she leaves.
    Scylla => scylla::Scylla,
    /// May swap all workers with the opponent's, if none are neighbours.
    Nemesis => nemesis::Nemesis,
    /// Also wins when five complete towers stand.
    Chronus => chronus::Chronus,
    /// Her first three builds put coins her opponent may not enter or build on.
    Clio => clio::Clio,
    /// May put the Talus beside her moved worker: no one enters or builds there.
    Europa => europa::Europa,
    /// Opponent workers beside hers and lower turn to stone at the end of her turn.
    Medusa => medusa::Medusa,
    /// Once per game, a worker may move up two levels.
    Bellerophon => bellerophon::Bellerophon,
    /// Once per game, may remove an opponent worker two levels above one of his.
    Theseus => theseus::Theseus,
    /// Places first, on the edge; an opponent worker beyond her move is removed.
    Bia => bia::Bia,
    /// Once per game, his worker builds both before and after moving.
    Achilles => achilles::Achilles,
    /// Moves one worker and builds, or moves both, or builds with both.
    Castor => castor::Castor,
    /// May set or calm a wind: no worker moves in its direction.
    Aeolus => aeolus::Aeolus,
    /// Three workers; builds with one that did not move.
    Graeae => graeae::Graeae,
    /// Once per game, puts a third worker on the perimeter instead of moving.
    Jason => jason::Jason,
    /// Three workers; after one moves, another takes the space it left.
    Proteus => proteus::Proteus,
    /// Her female worker may build a dome at any level instead of the build.
    Selene => selene::Selene,
    /// All workers but her female one move only diagonally.
    Hippolyta => hippolyta::Hippolyta,
    /// Three workers; a worker moves two or three steps, ending two away.
    Stymphalians => stymphalians::Stymphalians,
    /// Once a game, after the build, up to two domes anywhere.
    Polyphemus => polyphemus::Polyphemus,
    /// The unmoved worker on level 0 builds up to three times.
    Poseidon => poseidon::Poseidon,
    /// Gains a block each turn; builds as many as it spends.
    Morpheus => morpheus::Morpheus,
    /// Gains a worker when hers stand apart; else loses one.
    Hydra => hydra::Hydra,
    /// Opponents' workers slide on after each step, never up.
    Harpies => harpies::Harpies,
}

impl God {
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

    /// This god's rules: its turns, wins and marks.
    #[inline]
    pub(crate) fn rules(self) -> &'static Rules {
        &RULES[self as usize]
    }

    /// The name in lower case, as positions write it (`mortal`, `apollo`).
    #[must_use]
    pub fn name(self) -> &'static str {
        self.rules().name
    }

    /// The power in one sentence, for a player choosing a god.
    #[must_use]
    pub fn power(self) -> &'static str {
        self.rules().power
    }

    /// How many workers the god places: two, the Graeae three.
    #[must_use]
    pub fn workers(self) -> usize {
        self.rules().workers
    }

    /// Whether one of the god's workers is female (Selene, Hippolyta),
    /// named when placed.
    #[must_use]
    pub fn has_female(self) -> bool {
        self.rules().female
    }

    /// The gods whose rules have `has`, their names with a capital joined by
    /// `or`, for a message (`Apollo`).
    pub(crate) fn titles_of(has: fn(&Rules) -> bool) -> String {
        let titles: Vec<String> = God::ALL
            .into_iter()
            .filter(|g| has(g.rules()))
            .map(God::title)
            .collect();
        titles.join(" or ")
    }

    /// The name with a capital, as sentences write it (`Apollo`).
    #[must_use]
    pub fn title(self) -> String {
        let name = self.name();
        name[..1].to_ascii_uppercase() + &name[1..]
    }

    /// What this god did that keeps its opponent from moving up, for a
    /// message: `Athena moved up`, `Nike moved down`.
    #[must_use]
    pub fn block_cause(self) -> String {
        let rules = self.rules();
        let way = if rules.blocks_after_descent {
            "down"
        } else {
            "up"
        };
        format!("{} moved {way}", self.title())
    }

    /// Whether this god may play against `other`: not a pair that
    /// santorini-ai bans because the rules make it unplayable (Hades
    /// against Pan: Pan could never fall).
    #[must_use]
    pub fn may_face(self, other: God) -> bool {
        !self.rules().bans.contains(&other) && !other.rules().bans.contains(&self)
    }

    /// `other` if it may play against this god, else Mortal (who plays
    /// against every god): the opponent of a pair that always plays.
    #[must_use]
    pub fn facing(self, other: God) -> God {
        if self.may_face(other) {
            other
        } else {
            God::Mortal
        }
    }

    /// The player who places first with these gods: player 1, but player
    /// 2 against a god that places first (Bia), unless both do.
    #[must_use]
    pub fn first_placer(gods: [God; 2]) -> crate::Player {
        if gods[1].rules().places_first && !gods[0].rules().places_first {
            crate::Player::Two
        } else {
            crate::Player::One
        }
    }

    /// `gods`, player 1's first, if the two may play each other.
    ///
    /// # Errors
    /// [`BannedPair`] naming the two, if they may not.
    pub fn pair(gods: [God; 2]) -> Result<[God; 2], BannedPair> {
        if gods[0].may_face(gods[1]) {
            Ok(gods)
        } else {
            Err(BannedPair(gods))
        }
    }
}

/// Two gods that may not play each other ([`God::may_face`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BannedPair(pub [God; 2]);

impl fmt::Display for BannedPair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.0;
        write!(
            f,
            "{} and {} may not play each other (a banned matchup, as santorini-ai bans it)",
            a.title(),
            b.title()
        )
    }
}

impl std::error::Error for BannedPair {}

impl fmt::Display for God {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a god's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGod(pub String);

impl fmt::Display for UnknownGod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not a god: use ", self.0)?;
        let last = God::ALL.len() - 1;
        for (i, god) in God::ALL.into_iter().enumerate() {
            let sep = match i {
                0 => "",
                _ if i == last => " or ",
                _ => ", ",
            };
            write!(f, "{sep}{god}")?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownGod {}

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
        // The message lists every god by name, in the order of the list.
        let err = "chaos".parse::<God>().unwrap_err().to_string();
        let last = God::ALL[God::ALL.len() - 1];
        assert!(
            err.starts_with("\"chaos\" is not a god: use mortal, apollo, artemis, athena, atlas,")
                && err.ends_with(&format!(" or {last}")),
            "{err}"
        );
        let mut at = 0;
        for god in God::ALL {
            at += err[at..]
                .find(god.name())
                .unwrap_or_else(|| panic!("{god}: {err}"));
        }
    }

    #[test]
    fn the_gods_are_listed_mortal_first_then_the_simple_ones_by_name() {
        assert_eq!(God::ALL[0], God::Mortal);
        assert_eq!(God::SIMPLE[..], God::ALL[1..11]);
        let names: Vec<&str> = God::SIMPLE.iter().map(|g| g.name()).collect();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        assert_eq!(names, sorted);
        assert_eq!(God::Prometheus.title(), "Prometheus");
        assert_eq!(God::titles_of(|r| r.enters == Enter::Swap), "Apollo");
        assert_eq!(God::titles_of(|r| r.falls_win), "Pan");
        assert_eq!(
            God::titles_of(|r| r.restricts),
            "Hera or Hades or Hypnus or Limus or Persephone or Aphrodite or Clio or Europa or Aeolus \
             or Hippolyta or Harpies"
        );
    }

    #[test]
    fn a_banned_pair_is_refused_either_way_round_and_named() {
        assert!(!God::Hades.may_face(God::Pan) && !God::Pan.may_face(God::Hades));
        assert!(God::Hades.may_face(God::Apollo) && God::Pan.may_face(God::Pan));
        let err = God::pair([God::Pan, God::Hades]).unwrap_err().to_string();
        assert_eq!(
            err,
            "Pan and Hades may not play each other (a banned matchup, as santorini-ai bans it)"
        );
        let banned = God::ALL
            .into_iter()
            .flat_map(|a| God::ALL.map(|b| [a, b]))
            .filter(|&[a, b]| !a.may_face(b))
            .count();
        assert_eq!(
            banned, 29,
            "Hades-Pan, Hades-Nike, Aphrodite-Urania, Hades-Asteria, Nemesis-Aphrodite, \
             Chronus-Atlas, Chronus-Asteria, Chronus-Selene, Chronus-Polyphemus, Nemesis-Clio, \
             Nemesis-Medusa, Harpies-Hermes, \
             Nemesis-Bia and Nemesis-Graeae both ways round, Ares-Ares"
        );
    }
}
