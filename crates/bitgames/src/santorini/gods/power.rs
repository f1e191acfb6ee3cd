//! What a god may change in a turn, and the turn every god shares unless it
//! says otherwise: [`Power`], its defaults, and [`Rules`], the table row the
//! rest of the library reads.
//!
//! A turn on the bitboards: each worker's steps ([`Power::steps`]: free
//! neighbours by the height rule, and for a god that enters opponents'
//! spaces, those it may force out), a win where a step wins
//! ([`Power::FALLS_WIN`] adds Pan's fall), else a build around where the
//! worker ends and what the god adds to it ([`Power::more_builds`]). The
//! naive twin takes the same three parts on a level array
//! ([`Power::naive_moves`], [`Power::naive_builds`], [`Power::naive_turns`]).

use super::God;
pub(crate) use super::board::*;
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::moves::Move;
use crate::santorini::naive_gods::{self, Moved, NaiveState};

/// How a god's worker may enter a space an opponent worker stands on, as
/// the move notation marks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Enter {
    /// It may not.
    Never,
    /// The two swap places (`A1<>B2`).
    Swap,
    /// The opponent worker is pushed one space further on (`A1>B2(>C3)`).
    Push,
}

/// One god's power: what it changes in a turn. Every item has the base
/// game's default; a god's file overrides what its power changes.
pub(crate) trait Power {
    /// The name in lower case, as positions write it.
    const NAME: &'static str;
    /// The power in one sentence.
    const TEXT: &'static str;
    /// How a worker may enter an opponent worker's space.
    const ENTERS: Enter = Enter::Never;
    /// A step down two or more levels wins too (Pan).
    const FALLS_WIN: bool = false;
    /// A move up onto level 3 from any lower level wins, not only from
    /// level 2 (Iris' jump).
    const JUMPS_WIN: bool = false;
    /// A win may come on any level, without a climb ([`Power::wins_by_end`]:
    /// the Maenads').
    const WINS_ANYWHERE: bool = false;
    /// Against the Harpies, [`Power::wins_by_end`] is read where the move's
    /// slide ends, and a move that wins so ends there (the Maenads'
    /// surround, as santorini-ai has it; Eros' win is where the step lands).
    const WINS_WHERE_SLID: bool = false;
    /// A turn that moved up keeps the opponent from moving up on its next
    /// turn (Athena).
    const BLOCKS_CLIMBS: bool = false;
    /// With [`Power::BLOCKS_CLIMBS`]: the block follows a turn that moved
    /// down instead (Nike).
    const BLOCKS_AFTER_DESCENT: bool = false;
    /// The spaces the opponent cannot win by moving onto (Hera: the
    /// perimeter); its move there is a move like any other.
    const DENIES_WINS_ON: Bitboard = Bitboard::EMPTY;
    /// The opponent's workers may not move down (Hades).
    const STOPS_DESCENTS: bool = false;
    /// Of the opponent's workers (the second argument), those that may not
    /// move this turn (Hypnus: one higher than all the others).
    const HOLDS: Option<fn(&Position, Bitboard) -> Bitboard> = None;
    /// Of this god's workers (the argument), the spaces the opponent may not
    /// build on, but to dome a level 3 (Limus: their neighbours).
    const LIMITS_BUILDS: Option<fn(Bitboard) -> Bitboard> = None;
    /// If the opponent has a turn that moves a worker up, only such turns
    /// are theirs (Persephone).
    const FORCES_CLIMBS: bool = false;
    /// Of this god's workers (the argument), the spaces where an opponent
    /// worker that starts its turn on one of them must end its move
    /// (Aphrodite: the workers' spaces and their neighbours).
    const KEEPS_NEAR: Option<fn(Bitboard) -> Bitboard> = None;
    /// Where this god's two workers may be placed (Eros: on opposite
    /// edges); `None`: on any two free spaces.
    const PLACES: Option<Placing> = None;
    /// The gods this god may not play against (santorini-ai bans the pairs
    /// that the rules make unplayable: Hades against Pan).
    const BANS: &'static [God] = &[];
    /// The god's state freezes spaces ([`Power::frozen`]).
    const FREEZES: bool = false;
    /// The god's state may bar every worker's steps in one direction
    /// ([`Power::wind`]: Aeolus).
    const WINDS: bool = false;
    /// A build may win ([`Power::wins_by_board`]: Chronus' towers), on any
    /// level, moving up or not.
    const BUILDS_WIN: bool = false;
    /// Some of the god's turns hold more builds or domes than one action
    /// number does: they are spelled in several ([`Position::spelling`]:
    /// Polyphemus, Poseidon, Morpheus).
    const SPELLS: bool = false;
    /// The god places its workers before the opponent's (Bia); player 1
    /// still moves first.
    const PLACES_FIRST: bool = false;
    /// The god takes opponent workers off the board (Medusa): its opponent
    /// may have fewer than two, or none.
    const REMOVES: bool = false;
    /// How many workers the god places (Graeae: three).
    const WORKERS: usize = 2;
    /// The god may bring one more worker onto the board in play (Jason),
    /// once its power is spent ([`Power::spent`]).
    const ADDS_WORKER: bool = false;
    /// Every worker of the opponent, and every one of this god's but its
    /// female one, steps only diagonally (Hippolyta, as santorini-ai has
    /// her).
    const BINDS_DIAGONALLY: bool = false;
    /// One of the god's workers is female (Selene, Hippolyta): her space is
    /// the god's state ([`female_of`]), named at placement and kept where
    /// she goes, by her moves or the opponent's.
    const FEMALE: bool = false;
    /// The god's workers grow and are cut in play (Hydra): a position may
    /// give it one to [`MOST_WORKERS`]; its turns are spelled from the
    /// move and build, its act after them ([`Position::spelling`]).
    const GROWS: bool = false;

    /// Each step of an opponent's worker slides on in its direction while
    /// the next space is free and no higher (the Harpies): [`slide`].
    const SLIDES: bool = false;

    /// The direction no worker may step in by this god's state `state`
    /// (Aeolus' wind), as an index of [`DIRECTIONS`]; `None`: none.
    fn wind(_state: u32) -> Option<usize> {
        None
    }

    /// The spaces that this god's state `state` freezes for its own player
    /// (`own`) or for the opponent: they may neither enter nor build on
    /// them (Europa's talus for both, Clio's coins for her opponent).
    fn frozen(_state: u32, _own: bool) -> Bitboard {
        Bitboard::EMPTY
    }

    /// The text of this god's state in a position's section, between `[`
    /// and `]` (`europa[E2]`); `None` writes nothing (the state 0).
    fn write_state(_state: u32) -> Option<String> {
        None
    }

    /// The state written `text` between `[` and `]`.
    ///
    /// # Errors
    /// Text that is no state of this god, saying what would be.
    fn read_state(text: &str) -> Result<u32, String> {
        Err(format!("{} keeps no state, found [{text}]", Self::NAME))
    }

    /// Whether this god's state `state` says its power is spent: a hero's
    /// once a game, Clio's three coins.
    fn spent(_state: u32) -> bool {
        false
    }

    /// The number this god's state `state` holds beyond the spaces it
    /// marks: Morpheus' blocks kept, Clio's coins left, Aeolus' wind (1 to
    /// 8 from NW clockwise, 0 calm); 0 for a god without one.
    fn count(_state: u32) -> u32 {
        0
    }

    /// The spaces this god's state `state` marks on the board, for a
    /// player to see: what it freezes (Europa's talus, Clio's coins).
    fn marked(state: u32) -> Bitboard {
        Self::frozen(state, true) | Self::frozen(state, false)
    }

    /// What this god's turn does besides its moves and builds, to the
    /// position after them (the arguments: the position before the turn,
    /// the turn, the position after, `won` if the turn won): its state
    /// (Clio's coins, a hero's power spent), what follows by itself
    /// (Medusa's gaze). `None`: nothing.
    const AFTER_TURN: Option<fn(&Position, Move, &mut Position)> = None;

    /// The god's act on `at` after its build, of the turn `Act`
    /// (Europa's talus put there).
    fn act(_pos: &mut Position, _at: Space) {}

    /// What the act is, for a button: `put the talus`.
    const ACT: &'static str = "";

    /// Where the opponent's worker on `to` is forced when this god's worker
    /// steps there from `from`; `None`: the step is not allowed.
    fn forced(_pos: &Position, _from: Space, _to: Space) -> Option<Space> {
        None
    }

    /// Whether the move from `from` to `to` wins by where it ends, whatever
    /// the levels (the Maenads surround an opponent worker).
    #[inline]
    fn wins_by_end(_pos: &Position, _from: Space, _to: Space) -> bool {
        false
    }

    /// The turn of a move from `from` to `to`, a build on `build` and one
    /// more space `other`, as this god has it in `pos` (the position before
    /// the turn): a second build (Demeter, Hephaestus, Hestia); Ares'
    /// removal and Asteria's dome override it.
    /// (Such turns share their actions: the mover's god says which.)
    fn build_and(_pos: &Position, from: Space, to: Space, build: Space, other: Space) -> Move {
        Move::Power(crate::santorini::moves::Power::Twice {
            from,
            to,
            build,
            second: other,
        })
    }

    /// The turn of a move from `from` to `to` and one more space `other`, as
    /// this god has it: a dome there (Atlas); Charon's ferry to a win and
    /// Nemesis' build and swap override it. (Such turns share their actions: the mover's god says
    /// which.)
    fn move_and(from: Space, to: Space, other: Space) -> Move {
        Move::Power(crate::santorini::moves::Power::Dome {
            from,
            to,
            build: other,
        })
    }

    /// Whether this god has won by what stands on the board (Chronus'
    /// towers): checked after its turns, and at the start of its turn,
    /// when its one turn is the claim (a win in place).
    #[inline]
    fn wins_by_board(_heights: &[Bitboard; 4]) -> bool {
        false
    }

    /// The naive twin of [`Power::wins_by_board`].
    fn naive_wins_by_board(_s: &NaiveState) -> bool {
        false
    }

    /// Whether the turn `mv` moves a worker up (Persephone's rule): its
    /// step from `from` to `to` does.
    fn climbs(pos: &Position, mv: Move) -> bool {
        use crate::santorini::moves::Power as Turn;
        match mv {
            // The move is onto the board as the first build left it.
            Move::Power(
                Turn::BuildFirst {
                    first, from, to, ..
                }
                | Turn::BuildFirstWin { first, from, to },
            ) => pos.level(to) + u8::from(first == to) > pos.level(from),
            Move::Power(Turn::Pair { from, to, .. }) => {
                (0..2).any(|i| pos.level(to[i]) > pos.level(from[i]))
            }
            Move::Power(Turn::MoveOnly { from, to } | Turn::Wind { from, to, .. }) => {
                pos.level(to) > pos.level(from)
            }
            Move::Build { from, to, .. }
            | Move::Win { from, to }
            | Move::Power(
                Turn::Dome { from, to, .. }
                | Turn::Twice { from, to, .. }
                | Turn::Remove { from, to, .. }
                | Turn::AndDome { from, to, .. }
                | Turn::Force { from, to, .. }
                | Turn::ForceWin { from, to, .. }
                | Turn::SwapAll { from, to, .. }
                | Turn::SwapSome { from, to, .. }
                | Turn::SwapTwo { from, to, .. }
                | Turn::SwapFemale { from, to, .. }
                | Turn::Act { from, to, .. }
                | Turn::Domes { from, to, .. }
                | Turn::Besides { from, to, .. }
                | Turn::Heaps { from, to, .. },
            ) => pos.level(to) > pos.level(from),
            _ => false,
        }
    }

    /// The spaces the worker on `from` may end its move on (`up`: it may
    /// move up).
    #[inline]
    fn steps(pos: &Position, from: Space, up: bool) -> Bitboard {
        let mine = pos.workers[pos.to_move.index()];
        let mut dests = steps(pos, from, pos.occupied() ^ from.bitboard(), up);
        if Self::ENTERS != Enter::Never {
            let theirs = pos.workers[pos.to_move.other().index()];
            let into = steps(pos, from, mine ^ from.bitboard(), up) & theirs;
            for to in into {
                if Self::forced(pos, from, to).is_some() {
                    dests |= to.bitboard();
                }
            }
        }
        dests & ends(pos, from)
    }

    /// The spaces a worker on `at` may build on, with the workers on
    /// `occupied`: its free neighbours (Zeus adds its own space).
    #[inline]
    fn build_spaces(pos: &Position, at: Space, occupied: Bitboard) -> Bitboard {
        builds_around(pos, at, occupied)
    }

    /// The turns besides one build of the worker that moved from `from` to
    /// `to` and builds on `build`, one of `builds` (Atlas' dome, Demeter's
    /// and Hephaestus' second builds).
    #[inline]
    fn more_builds(
        _pos: &Position,
        _from: Space,
        _to: Space,
        _build: Space,
        _builds: Bitboard,
        _out: &mut Vec<Move>,
    ) {
    }

    /// With [`Power::SPELLS`]: turns of the same move as the legal turn
    /// `turn`, among them every one that spells `turn` and one more build
    /// or dome (the caller keeps those: [`Position::continuations`]),
    /// appended to `out`.
    fn go_on(_pos: &Position, _turn: Move, _out: &mut Vec<Move>) {}

    /// Every turn of the player to move (workers placed, the game not
    /// over), appended to `out`.
    fn turns(pos: &Position, up: bool, out: &mut Vec<Move>) {
        for from in movers(pos) {
            move_then_build::<Self>(pos, from, Self::steps(pos, from, up), out);
        }
    }

    /// Whether the player to move has a winning turn.
    fn can_win(pos: &Position, up: bool) -> bool {
        let mine = movers(pos);
        // A win needs a worker on level 2 or higher (a climb, Pan's fall),
        // but for a jump onto level 3 (Iris).
        if !(Self::JUMPS_WIN || Self::WINS_ANYWHERE) && (mine & pos.heights[1]).is_empty() {
            return false;
        }
        mine.into_iter().any(|from| {
            Self::steps(pos, from, up)
                .into_iter()
                .any(|to| wins::<Self>(pos, from, to))
        })
    }

    /// The naive twin's moves of the worker on `from` (the position after
    /// each, nothing built yet).
    fn naive_moves(s: &NaiveState, from: usize) -> Vec<Moved> {
        naive_gods::plain_moves(s, from)
    }

    /// The naive twin's spaces the worker on `builder` may build on: its
    /// free neighbours.
    fn naive_build_spaces(s: &NaiveState, builder: usize) -> Vec<usize> {
        naive_gods::free_neighbours(s, builder)
    }

    /// The naive twin's turns besides a build on `space` by the worker on
    /// `builder`; `once` is the position after that one build.
    fn naive_builds(
        _s: &NaiveState,
        _builder: usize,
        _space: usize,
        _once: &NaiveState,
        _out: &mut Vec<NaiveState>,
    ) {
    }

    /// The naive twin's whole turns besides the moves and builds (Hermes'
    /// runs, Charon's ferries), each position after the turn with whether
    /// the turn moved a worker up.
    fn naive_turns(_s: &NaiveState) -> Vec<(NaiveState, bool)> {
        Vec::new()
    }

    /// The naive twin of [`Power::DENIES_WINS_ON`]: whether the opponent
    /// cannot win by moving onto `space`.
    fn naive_denies_win_on(_space: usize) -> bool {
        false
    }

    /// The naive twin of [`Power::HOLDS`]: whether the opponent's worker on
    /// `worker` may not move this turn.
    fn naive_holds(_s: &NaiveState, _worker: usize) -> bool {
        false
    }

    /// The naive twin of [`Power::LIMITS_BUILDS`]: whether this god's
    /// workers keep the opponent (to move in `s`) from building on `space`
    /// (a dome on a level 3 aside).
    fn naive_limits_build(_s: &NaiveState, _space: usize) -> bool {
        false
    }

    /// The naive twin of [`Power::KEEPS_NEAR`]: whether this god's workers
    /// keep the opponent's worker (to move in `s`) that starts on `from`
    /// from ending its move on `to`.
    fn naive_keeps_from(_s: &NaiveState, _from: usize, _to: usize) -> bool {
        false
    }

    /// The naive twin of [`Power::PLACES`]: whether this god's workers may
    /// be placed on spaces `a` and `b` (row-major numbers `0..25`).
    fn naive_places(_a: usize, _b: usize) -> bool {
        true
    }

    /// The naive twin of [`Power::wins_by_end`], the player to move in `s`
    /// moving from `from` to `to`.
    fn naive_wins_by_end(_s: &NaiveState, _from: usize, _to: usize) -> bool {
        false
    }

    /// The naive twin of [`Power::frozen`]: whether this god's state in `s`
    /// (its player `player`'s) freezes `space` for the player to move.
    fn naive_frozen(_s: &NaiveState, _player: usize, _space: usize) -> bool {
        false
    }

    /// The naive twin of [`Power::AFTER_TURN`]: the position `after` of a
    /// turn (its moves and builds done, the same player to move) from
    /// `before`, changed by what follows (Clio's coins).
    fn naive_after_turn(_before: &NaiveState, _after: &mut NaiveState) {}
}

/// The most workers a player may have: Hydra's, as santorini-ai bounds
/// them (two workers apart gain a third, so at most ten of hers stand
/// after a turn).
pub(crate) const MOST_WORKERS: usize = 11;

/// Where a god's workers may be placed.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Placing {
    /// Whether the two spaces may take the god's workers.
    pub may: fn(Space, Space) -> bool,
    /// Where, in words: `on opposite edges of the board`.
    pub where_: &'static str,
}

/// A god's row of the table: its [`Power`] as values and function pointers,
/// for the code that is given a god at run time.
#[derive(Debug)]
pub(crate) struct Rules {
    /// [`Power::NAME`].
    pub name: &'static str,
    /// [`Power::TEXT`].
    pub power: &'static str,
    /// [`Power::ENTERS`].
    pub enters: Enter,
    /// [`Power::JUMPS_WIN`].
    pub jumps_win: bool,
    /// [`Power::WINS_ANYWHERE`].
    pub wins_anywhere: bool,
    /// [`Power::FALLS_WIN`].
    pub falls_win: bool,
    /// [`Power::BLOCKS_CLIMBS`].
    pub blocks_climbs: bool,
    /// [`Power::BLOCKS_AFTER_DESCENT`].
    pub blocks_after_descent: bool,
    /// [`Power::DENIES_WINS_ON`].
    pub denies_wins_on: Bitboard,
    /// [`Power::STOPS_DESCENTS`].
    pub stops_descents: bool,
    /// [`Power::HOLDS`].
    pub holds: Option<fn(&Position, Bitboard) -> Bitboard>,
    /// [`Power::LIMITS_BUILDS`].
    pub limits_builds: Option<fn(Bitboard) -> Bitboard>,
    /// [`Power::FORCES_CLIMBS`].
    pub forces_climbs: bool,
    /// [`Power::KEEPS_NEAR`].
    pub keeps_near: Option<fn(Bitboard) -> Bitboard>,
    /// [`Power::climbs`].
    pub climbs: fn(&Position, Move) -> bool,
    /// [`Power::build_and`].
    pub build_and: fn(&Position, Space, Space, Space, Space) -> Move,
    /// [`Power::move_and`].
    pub move_and: fn(Space, Space, Space) -> Move,
    /// [`Power::wins_by_board`].
    pub wins_by_board: fn(&[Bitboard; 4]) -> bool,
    /// [`Power::naive_wins_by_board`].
    pub naive_wins_by_board: fn(&NaiveState) -> bool,
    /// [`Power::PLACES`].
    pub places: Option<Placing>,
    /// [`Power::BANS`].
    pub bans: &'static [God],
    /// The god changes its opponent's turns (it denies wins, stops descents,
    /// holds workers or limits builds): a mortal facing it leaves the base
    /// game's generator.
    pub restricts: bool,
    /// [`Power::forced`].
    pub forced: fn(&Position, Space, Space) -> Option<Space>,
    /// [`Power::turns`].
    pub turns: fn(&Position, bool, &mut Vec<Move>),
    /// [`Power::can_win`].
    pub can_win: fn(&Position, bool) -> bool,
    /// [`Power::naive_moves`].
    pub naive_moves: fn(&NaiveState, usize) -> Vec<Moved>,
    /// [`Power::naive_build_spaces`].
    pub naive_build_spaces: fn(&NaiveState, usize) -> Vec<usize>,
    /// [`Power::naive_builds`].
    pub naive_builds: fn(&NaiveState, usize, usize, &NaiveState, &mut Vec<NaiveState>),
    /// [`Power::naive_turns`].
    pub naive_turns: fn(&NaiveState) -> Vec<(NaiveState, bool)>,
    /// [`Power::naive_denies_win_on`].
    pub naive_denies_win_on: fn(usize) -> bool,
    /// [`Power::naive_holds`].
    pub naive_holds: fn(&NaiveState, usize) -> bool,
    /// [`Power::naive_limits_build`].
    pub naive_limits_build: fn(&NaiveState, usize) -> bool,
    /// [`Power::naive_keeps_from`].
    pub naive_keeps_from: fn(&NaiveState, usize, usize) -> bool,
    /// [`Power::naive_places`].
    pub naive_places: fn(usize, usize) -> bool,
    /// [`Power::naive_wins_by_end`].
    pub naive_wins_by_end: fn(&NaiveState, usize, usize) -> bool,
    /// [`Power::FREEZES`].
    pub freezes: bool,
    /// [`Power::WINDS`].
    pub winds: bool,
    /// [`Power::wind`].
    pub wind: fn(u32) -> Option<usize>,
    /// [`Power::BUILDS_WIN`].
    pub builds_win: bool,
    /// [`Power::SPELLS`].
    pub spells: bool,
    /// [`Power::REMOVES`].
    pub removes: bool,
    /// [`Power::PLACES_FIRST`].
    pub places_first: bool,
    /// [`Power::WORKERS`].
    pub workers: usize,
    /// [`Power::ADDS_WORKER`].
    pub adds_worker: bool,
    /// [`Power::FEMALE`].
    pub female: bool,
    /// [`Power::BINDS_DIAGONALLY`].
    pub binds_diagonally: bool,
    /// [`Power::frozen`].
    pub frozen: fn(u32, bool) -> Bitboard,
    /// [`Power::marked`].
    pub marked: fn(u32) -> Bitboard,
    /// [`Power::spent`].
    pub spent: fn(u32) -> bool,
    /// [`Power::count`].
    pub count: fn(u32) -> u32,
    /// [`Power::go_on`].
    pub go_on: fn(&Position, Move, &mut Vec<Move>),
    /// [`Power::GROWS`].
    pub grows: bool,
    /// [`Power::SLIDES`].
    pub slides: bool,
    /// [`Power::WINS_WHERE_SLID`].
    pub wins_where_slid: bool,
    /// [`Power::write_state`].
    pub write_state: fn(u32) -> Option<String>,
    /// [`Power::read_state`].
    pub read_state: fn(&str) -> Result<u32, String>,
    /// [`Power::AFTER_TURN`].
    pub after_turn: Option<fn(&Position, Move, &mut Position)>,
    /// [`Power::act`].
    pub act: fn(&mut Position, Space),
    /// [`Power::ACT`].
    pub act_words: &'static str,
    /// [`Power::naive_frozen`].
    pub naive_frozen: fn(&NaiveState, usize, usize) -> bool,
    /// [`Power::naive_after_turn`].
    pub naive_after_turn: fn(&NaiveState, &mut NaiveState),
}

impl Rules {
    /// The row of god `P`.
    pub(crate) const fn of<P: Power>() -> Rules {
        Rules {
            name: P::NAME,
            power: P::TEXT,
            enters: P::ENTERS,
            falls_win: P::FALLS_WIN,
            jumps_win: P::JUMPS_WIN,
            wins_anywhere: P::WINS_ANYWHERE,
            blocks_climbs: P::BLOCKS_CLIMBS,
            blocks_after_descent: P::BLOCKS_AFTER_DESCENT,
            denies_wins_on: P::DENIES_WINS_ON,
            stops_descents: P::STOPS_DESCENTS,
            holds: P::HOLDS,
            limits_builds: P::LIMITS_BUILDS,
            forces_climbs: P::FORCES_CLIMBS,
            keeps_near: P::KEEPS_NEAR,
            climbs: P::climbs,
            build_and: P::build_and,
            move_and: P::move_and,
            wins_by_board: P::wins_by_board,
            naive_wins_by_board: P::naive_wins_by_board,
            places: P::PLACES,
            bans: P::BANS,
            restricts: !P::DENIES_WINS_ON.is_empty()
                || P::STOPS_DESCENTS
                || P::HOLDS.is_some()
                || P::LIMITS_BUILDS.is_some()
                || P::FORCES_CLIMBS
                || P::KEEPS_NEAR.is_some()
                || P::FREEZES
                || P::WINDS
                || P::BINDS_DIAGONALLY
                || P::SLIDES,
            forced: P::forced,
            turns: P::turns,
            can_win: P::can_win,
            naive_moves: P::naive_moves,
            naive_build_spaces: P::naive_build_spaces,
            naive_builds: P::naive_builds,
            naive_turns: P::naive_turns,
            naive_denies_win_on: P::naive_denies_win_on,
            naive_holds: P::naive_holds,
            naive_limits_build: P::naive_limits_build,
            naive_keeps_from: P::naive_keeps_from,
            naive_places: P::naive_places,
            naive_wins_by_end: P::naive_wins_by_end,
            freezes: P::FREEZES,
            winds: P::WINDS,
            wind: P::wind,
            builds_win: P::BUILDS_WIN,
            spells: P::SPELLS,
            removes: P::REMOVES,
            places_first: P::PLACES_FIRST,
            workers: P::WORKERS,
            adds_worker: P::ADDS_WORKER,
            female: P::FEMALE,
            binds_diagonally: P::BINDS_DIAGONALLY,
            frozen: P::frozen,
            marked: P::marked,
            spent: P::spent,
            count: P::count,
            go_on: P::go_on,
            grows: P::GROWS,
            slides: P::SLIDES,
            wins_where_slid: P::WINS_WHERE_SLID,
            write_state: P::write_state,
            read_state: P::read_state,
            after_turn: P::AFTER_TURN,
            act: P::act,
            act_words: P::ACT,
            naive_frozen: P::naive_frozen,
            naive_after_turn: P::naive_after_turn,
        }
    }
}
