//! What every god's turn is made of, on the bitboards: the steps a worker
//! may take (the height rule, the opponent's restrictions, the walls of
//! domes and frozen spaces, the wind), the wins, the builds, and the sets
//! of spaces a god's state keeps. `power.rs` re-exports them for the gods.

use super::power::{Power, Rules};
use crate::santorini::bitboard::{Bitboard, Space};
use crate::santorini::game::Position;
use crate::santorini::moves::Move;

/// The spaces a worker on `from` may step to: neighbours that are free
/// (`blocked` holds the workers that block; domes always do) and at most one
/// level up (none up when `up` is false).
#[inline]
pub(crate) fn steps(pos: &Position, from: Space, blocked: Bitboard, up: bool) -> Bitboard {
    steps_among(pos, Bitboard::neighbours(from), from, blocked, up)
}

/// [`steps`] among the spaces `around` that count as `from`'s neighbours
/// (Urania's wrap around the board).
#[inline]
pub(crate) fn steps_among(
    pos: &Position,
    around: Bitboard,
    from: Space,
    blocked: Bitboard,
    up: bool,
) -> Bitboard {
    let h = usize::from(pos.level(from)).min(3);
    let too_high = if up {
        pos.heights[(h + 1).min(3)]
    } else {
        pos.heights[h]
    };
    around & !(blocked | walls(pos) | too_high | barred_steps(pos, from)) & not_below(pos, h)
}

/// The eight directions as (row step, column step), rows counted down from
/// rank 5, in santorini-ai's order: NW, N, NE, E, SE, S, SW, W.
pub(crate) const DIRECTIONS: [(i8, i8); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
];

/// The spaces a worker of the player to move on `from` may not step onto
/// by a god's rule: by a wind (Aeolus'), the neighbour in the wind's
/// direction, or the space that direction reaches across the edge (a
/// neighbour of Urania's only); bound to diagonal steps (Hippolyta's), the
/// spaces of its row and column.
#[inline]
pub(crate) fn barred_steps(pos: &Position, from: Space) -> Bitboard {
    let mut barred = if diagonal_bound(pos, from) {
        Bitboard::from_spaces(
            Space::all().filter(|s| s.row() == from.row() || s.col() == from.col()),
        )
    } else {
        Bitboard::EMPTY
    };
    if pos.state == [0; 2] {
        return barred;
    }
    for p in 0..2 {
        let rules = pos.gods[p].rules();
        if let Some(d) = rules.winds.then(|| (rules.wind)(pos.state[p])).flatten() {
            let (dr, dc) = DIRECTIONS[d];
            let across = |x: u8, step: i8| ((x as i8 - 1 + step + 5) % 5) as u8 + 1;
            if let Some(s) = Space::from_row_col(across(from.row(), dr), across(from.col(), dc)) {
                barred |= s.bitboard();
            }
        }
    }
    barred
}

/// Whether the worker of the player to move on `from` steps only
/// diagonally: every worker of Hippolyta's opponent, and hers but the
/// female one (santorini-ai's Hippolyta).
#[inline]
pub(crate) fn diagonal_bound(pos: &Position, from: Space) -> bool {
    let (mine, theirs) = (
        pos.gods[pos.to_move.index()].rules(),
        pos.gods[pos.to_move.other().index()].rules(),
    );
    theirs.binds_diagonally
        || mine.binds_diagonally
            && super::female::female_of(pos.state[pos.to_move.index()]) != Some(from)
}

/// The spaces the player to move may neither enter nor build on: the
/// domes, and what either god's state freezes (Europa's talus, Clio's
/// coins for her opponent).
#[inline]
pub(crate) fn walls(pos: &Position) -> Bitboard {
    let mut walls = pos.heights[3];
    if pos.state == [0; 2] {
        // No god's state yet: nothing frozen (the one test a god without
        // a state takes).
        return walls;
    }
    let (me, them) = (pos.to_move.index(), pos.to_move.other().index());
    let (mine, theirs) = (pos.gods[me].rules(), pos.gods[them].rules());
    if mine.freezes {
        walls |= (mine.frozen)(pos.state[me], true);
    }
    if theirs.freezes {
        walls |= (theirs.frozen)(pos.state[them], false);
    }
    walls
}

/// The spaces a worker of the player to move on level `level` may move to
/// by the opponent's god: all of them, or against a god that stops
/// descents (Hades) those not lower.
#[inline]
pub(crate) fn not_below(pos: &Position, level: usize) -> Bitboard {
    if level > 0 && opponents_rules(pos).stops_descents {
        pos.heights[level - 1]
    } else {
        Bitboard::ALL
    }
}

/// The spaces a worker of the player to move that starts on `from` may
/// end its move on by the opponent's god: all of them, or against a god
/// that keeps it near (Aphrodite) those it allows.
#[inline]
pub(crate) fn ends(pos: &Position, from: Space) -> Bitboard {
    match opponents_rules(pos).keeps_near {
        Some(near) => {
            let area = near(pos.workers[pos.to_move.other().index()]);
            if area.contains(from) {
                area
            } else {
                Bitboard::ALL
            }
        }
        None => Bitboard::ALL,
    }
}

/// The rules of the god of the player not to move.
#[inline]
fn opponents_rules(pos: &Position) -> &'static Rules {
    pos.gods[pos.to_move.other().index()].rules()
}

/// The workers of the player to move that may move this turn: all but
/// those the opponent's god holds (Hypnus).
#[inline]
pub(crate) fn movers(pos: &Position) -> Bitboard {
    let mine = pos.workers[pos.to_move.index()];
    match opponents_rules(pos).holds {
        Some(holds) => mine & !holds(pos, mine),
        None => mine,
    }
}

/// Of `spaces`, those the player to move may build on with the opponent's
/// workers on `theirs` (where they stand at the build): all, or against a
/// god that limits builds (Limus) those it does not limit, and level 3s to
/// dome.
#[inline]
pub(crate) fn buildable(pos: &Position, theirs: Bitboard, spaces: Bitboard) -> Bitboard {
    match opponents_rules(pos).limits_builds {
        Some(limits) => spaces & !(limits(theirs) & !(pos.heights[2] & !pos.heights[3])),
        None => spaces,
    }
}

/// Whether god `P`'s step from `from` to `to` wins: up from level 2 onto
/// level 3, or with [`Power::FALLS_WIN`] also down two or more levels;
/// not onto a space the opponent's god denies wins on (Hera's perimeter).
#[inline]
pub(crate) fn wins<P: Power + ?Sized>(pos: &Position, from: Space, to: Space) -> bool {
    (wins_by_levels::<P>(pos, from, to) || P::wins_by_end(pos, from, win_end::<P>(pos, from, to)))
        && !opponents_rules(pos).denies_wins_on.contains(to)
}

/// Whether god `P`'s step from `from` to `to` wins by the levels: a climb
/// onto level 3, a fall.
#[inline]
fn wins_by_levels<P: Power + ?Sized>(pos: &Position, from: Space, to: Space) -> bool {
    let (a, b) = (pos.level(from), pos.level(to));
    (a == 2 || P::JUMPS_WIN && a < 3) && b == 3 || (P::FALLS_WIN && a >= b + 2)
}

/// Where god `P`'s winning step from `from` to `to` ends: where it lands,
/// or for a win read where the slide ends ([`Power::WINS_WHERE_SLID`])
/// there, unless the levels win.
#[inline]
pub(crate) fn win_end<P: Power + ?Sized>(pos: &Position, from: Space, to: Space) -> Space {
    if P::WINS_WHERE_SLID && !wins_by_levels::<P>(pos, from, to) {
        slide(pos, from, to)
    } else {
        to
    }
}

/// The space one step on from `to`, in the direction from `from` (a
/// neighbour) to `to`: bit `2 * to - from` on the padded board, if it is a
/// space (Minotaur's push, Charon's ferry).
#[inline]
pub(crate) fn straight_on(from: Space, to: Space) -> Option<Space> {
    let bit = 2 * i16::from(to.bit()) - i16::from(from.bit());
    Space::from_bit(u8::try_from(bit).ok()?)
}

/// The free spaces of the whole board a dome may go on, at any level, after
/// the move from `from` to `to` and the build on `build` (not the space
/// that build domed; Limus limits it as any build): Asteria's dome,
/// Polyphemus' two.
pub(crate) fn domes_after(pos: &Position, from: Space, to: Space, build: Space) -> Bitboard {
    let mut after = *pos;
    after.heights = built(pos.heights, build);
    let occupied = pos.occupied() ^ from.bitboard() ^ to.bitboard();
    let theirs = pos.workers[pos.to_move.other().index()];
    buildable(&after, theirs, Bitboard::ALL & !(walls(&after) | occupied))
}

/// The free spaces around `at` to build on, with the workers on `occupied`.
#[inline]
pub(crate) fn builds_around(pos: &Position, at: Space, occupied: Bitboard) -> Bitboard {
    Bitboard::neighbours(at) & !(occupied | walls(pos))
}

/// The board after the top block of `space` is taken away (not a dome:
/// the caller's rule).
pub(crate) fn unbuilt(heights: [Bitboard; 4], space: Space) -> [Bitboard; 4] {
    let mut h = heights;
    if let Some(top) = (0..3).rev().find(|&k| h[k].contains(space)) {
        h[top] ^= space.bitboard();
    }
    h
}

/// The board after one build on `build` (a dome stays a dome).
pub(crate) fn built(heights: [Bitboard; 4], build: Space) -> [Bitboard; 4] {
    let mut h = heights;
    let layer = h.iter().position(|l| !l.contains(build)).unwrap_or(3);
    h[layer] |= build.bitboard();
    h
}

/// The turns of the worker on `from` stepping to one of `dests`: a win, or
/// a build around where it ends (with the workers as the step left them,
/// after its slide against the Harpies) and what god `P` adds to it.
#[inline]
pub(crate) fn move_then_build<P: Power + ?Sized>(
    pos: &Position,
    from: Space,
    dests: Bitboard,
    out: &mut Vec<Move>,
) {
    let mine = pos.workers[pos.to_move.index()] ^ from.bitboard();
    let theirs = pos.workers[pos.to_move.other().index()];
    let sliding = opponents_rules(pos).slides;
    // Two steps may slide to one end (Urania's, one across the edge).
    let mut ended = Bitboard::EMPTY;
    for to in dests {
        if wins::<P>(pos, from, to) {
            let to = win_end::<P>(pos, from, to);
            out.push(Move::Win { from, to });
            continue;
        }
        let mut theirs_now = theirs;
        let mut pushed = false;
        if theirs.contains(to) {
            let forced = P::forced(pos, from, to).expect("a step into a worker forces it");
            theirs_now ^= to.bitboard() | forced.bitboard();
            pushed = forced != from; // a swap slides, a push does not
        }
        let mut end = to;
        if sliding && !pushed {
            end = slide(pos, from, to);
            if ended.contains(end) {
                continue;
            }
            ended |= end.bitboard();
        }
        let occupied = mine | theirs_now | end.bitboard();
        let builds = buildable(pos, theirs_now, P::build_spaces(pos, end, occupied));
        for build in builds {
            out.push(Move::Build {
                from,
                to: end,
                build,
            });
            P::more_builds(pos, from, end, build, builds, out);
        }
    }
}

/// Where the worker of the player to move that steps from `from` onto
/// `to` ends: against a god whose opponents slide (the Harpies), on in the
/// step's direction, space by space, while the next space is free (no
/// worker, no wall) and no higher than the one it is on; else on `to`.
#[inline]
pub(crate) fn slide(pos: &Position, from: Space, to: Space) -> Space {
    // The space left is free: Urania's slide across the edge may come back
    // onto it.
    slide_among(pos, from, to, pos.occupied() ^ from.bitboard())
}

/// [`slide`] with the workers on `blocked` in the way (Bia's victim
/// gone).
pub(crate) fn slide_among(pos: &Position, from: Space, to: Space, blocked: Bitboard) -> Space {
    if !opponents_rules(pos).slides {
        return to;
    }
    let stop = blocked | walls(pos);
    let (dr, dc) = (
        direction(from.row(), to.row()),
        direction(from.col(), to.col()),
    );
    let mut at = to;
    while let Some(next) = Space::from_row_col(
        at.row().wrapping_add_signed(dr),
        at.col().wrapping_add_signed(dc),
    ) {
        if stop.contains(next) || pos.level(next) > pos.level(at) {
            break;
        }
        at = next;
    }
    at
}

/// The direction, -1, 0 or 1, of a move along one axis from `a` to `b`:
/// a step, Iris' jump, a slide; across the edge (Urania's four) the other
/// way.
fn direction(a: u8, b: u8) -> i8 {
    let d = b as i8 - a as i8;
    if d.abs() == 4 {
        -d.signum()
    } else {
        d.signum()
    }
}

/// The space a move from `from` that ends on `to` first stepped onto: `to`
/// itself, or against the Harpies the neighbour of `from` on the line to
/// `to` (a move that slid on; for the gods whose moves are single steps:
/// Apollo's swap, Athena's and Nike's marks).
#[inline]
pub(crate) fn landing(pos: &Position, from: Space, to: Space) -> Space {
    if !opponents_rules(pos).slides || Bitboard::neighbours(from).contains(to) {
        return to;
    }
    let along = |a: u8, b: u8| (b as i8 - a as i8).signum();
    let (dr, dc) = (along(from.row(), to.row()), along(from.col(), to.col()));
    Space::from_row_col(
        from.row().wrapping_add_signed(dr),
        from.col().wrapping_add_signed(dc),
    )
    .unwrap_or(to)
}

/// The turns that add to a build on `build` (after the move `from` to
/// `to`) a second build on one of `seconds` later in board order: two
/// builds on two spaces are one turn whichever came first (Demeter,
/// Hestia).
pub(crate) fn second_builds(
    from: Space,
    to: Space,
    build: Space,
    seconds: Bitboard,
    out: &mut Vec<Move>,
) {
    for second in seconds {
        if second.index() > build.index() {
            out.push(Move::Power(crate::santorini::moves::Power::Twice {
                from,
                to,
                build,
                second,
            }));
        }
    }
}

/// The spaces a worker on `from` reaches on its own level, any number of
/// steps through spaces not `blocked` (Hermes' runs).
pub(crate) fn level_region(pos: &Position, from: Space, blocked: Bitboard) -> Bitboard {
    let level = pos.spaces_at_level(pos.level(from));
    let walk = level & !blocked;
    let mut region = from.bitboard();
    if !barred_steps(pos, from).is_empty() {
        // The wind bars one direction of every step: grow space by space.
        loop {
            let mut grown = region;
            for s in region {
                grown |= Bitboard::neighbours(s) & walk & !barred_steps(pos, s);
            }
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
    loop {
        let grown = (region.closed_neighbourhood() & walk) | region;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// The spaces of a set of row-major space numbers (bit `i`: the space
/// numbered `i`, A5 0 to E1 24), as god states keep them.
pub(crate) fn spaces_in(set: u32) -> Bitboard {
    Bitboard::from_spaces(
        (0..25)
            .filter(|i| set >> i & 1 == 1)
            .filter_map(Space::from_index),
    )
}

/// The row-major set of `spaces` (see [`spaces_in`]).
pub(crate) fn set_of(spaces: Bitboard) -> u32 {
    spaces.into_iter().fold(0, |set, s| set | 1 << s.index())
}

/// A set of spaces as a state writes it: `A5,B4`, in board order.
pub(crate) fn set_text(set: u32) -> String {
    let names: Vec<String> = spaces_in(set).into_iter().map(|s| s.to_string()).collect();
    names.join(",")
}

/// The set of spaces written `A5,B4` (empty text: none).
///
/// # Errors
/// A name that is not a space.
pub(crate) fn read_set(text: &str) -> Result<u32, String> {
    let mut set = 0;
    for name in text.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let space: Space = name
            .parse()
            .map_err(|_| format!("{name:?} is not a space (A1..E5)"))?;
        set |= 1 << space.index();
    }
    Ok(set)
}

/// The one space whose level differs between `before` and `after` (a
/// turn's build), if there is one.
pub(crate) fn built_on(before: &[Bitboard; 4], after: &[Bitboard; 4]) -> Option<Space> {
    let changed = (0..4).fold(Bitboard::EMPTY, |c, k| c | (before[k] ^ after[k]));
    changed.first()
}

/// A hero's state once its power (once a game) is spent, written `[x]`.
pub(crate) const SPENT: u32 = 1;

/// The text of a hero's state: `x` once spent.
pub(crate) fn hero_text(state: u32) -> Option<String> {
    (state == SPENT).then(|| "x".into())
}

/// The state of hero `name` written `text`: `x` (spent).
///
/// # Errors
/// Other text, naming what the state is.
pub(crate) fn read_hero(name: &str, text: &str) -> Result<u32, String> {
    match text {
        "x" | "X" => Ok(SPENT),
        _ => {
            let owner = if name.ends_with('s') { "'" } else { "'s" };
            Err(format!(
                "{name}{owner} state is [x] (his power spent), not [{text}]"
            ))
        }
    }
}
