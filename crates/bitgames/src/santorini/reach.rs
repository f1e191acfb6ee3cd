//! Move-to sets and BFS distances on the level bitboards, in the tutorial's terms.
//!
//! With `L0..L3` the spaces at exactly that level (level 4 and occupied spaces
//! in none of them):
//! - `M(i) = N(i) & (L0|L1)` for `i` in `L0`, `N(i) & (L0|L1|L2)` for `i` in
//!   `L1`, and `N(i) & (L0|L1|L2|L3)` otherwise: at most one level up, never
//!   onto level 4.
//! - The union over a set `X`, one closed neighbourhood per level:
//!   `M(X) = (N[X] & L0) | (N[X] & L1) | (N[X & (L1|L2|L3)] & L2) | (N[X & (L2|L3)] & L3)`.
//!   (Since `N[X]` is closed, `M(X)` may also hold spaces of `X` itself; the
//!   BFS removes them with the visited set.)
//! - Distances: BFS by frontiers, `F(d+1) = M(F(d)) & !visited`.

use super::bitboard::{Bitboard, Space};
use super::instance::{Instance, Levels};

/// `M(i)`: the spaces a worker on `from` may move to.
#[must_use]
#[inline]
pub fn move_to(from: Space, levels: &Levels) -> Bitboard {
    let [l0, l1, l2, l3] = levels.0;
    // Branch-free form of the three cases: level 2 is reachable from L1, L2
    // and L3, level 3 from L2 and L3. On random instances a branch would be a
    // coin flip, so ask for selects the compiler must not turn into jumps.
    let to_level_2 = (l1 | l2 | l3).contains(from);
    let to_level_3 = (l2 | l3).contains(from);
    let reachable = l0.0
        | l1.0
        | std::hint::select_unpredictable(to_level_2, l2.0, 0)
        | std::hint::select_unpredictable(to_level_3, l3.0, 0);
    Bitboard(Bitboard::neighbours(from).0 & reachable)
}

/// `M(i)` written as the tutorial's three cases, the tests' reference for [`move_to`].
#[cfg(test)]
#[must_use]
pub(crate) fn move_to_by_cases(from: Space, levels: &Levels) -> Bitboard {
    let [l0, l1, l2, l3] = levels.0;
    let reachable = if l0.contains(from) {
        l0 | l1
    } else if l1.contains(from) {
        l0 | l1 | l2
    } else {
        l0 | l1 | l2 | l3
    };
    Bitboard::neighbours(from) & reachable
}

/// `M(X)`: every space some worker standing in `from` could move to.
#[must_use]
#[inline]
pub fn move_to_set(from: Bitboard, levels: &Levels) -> Bitboard {
    let [l0, l1, l2, l3] = levels.0;
    let all = from.closed_neighbourhood();
    (all & (l0 | l1))
        | ((from & (l1 | l2 | l3)).closed_neighbourhood() & l2)
        | ((from & (l2 | l3)).closed_neighbourhood() & l3)
}

/// BFS distances in moves from `from` to all 25 spaces (row-major), `None`
/// for a space the worker can never reach.
#[must_use]
#[inline]
pub fn distances(from: Space, levels: &Levels) -> [Option<u8>; 25] {
    let mut result = [None; 25];
    result[from.index()] = Some(0);
    let mut visited = from.bitboard();
    let mut frontier = visited;
    let mut d = 0;
    loop {
        frontier = move_to_set(frontier, levels) & !visited;
        if frontier.is_empty() {
            return result;
        }
        d += 1;
        visited |= frontier;
        for s in frontier {
            result[s.index()] = Some(d);
        }
    }
}

/// The BFS frontiers themselves: `layers[d]` holds the spaces at distance `d`
/// (`layers[0]` is `from`); the returned count says how many layers are set.
#[must_use]
#[inline]
pub fn distance_layers(from: Bitboard, levels: &Levels) -> ([Bitboard; 25], usize) {
    let mut layers = [Bitboard::EMPTY; 25];
    layers[0] = from;
    let mut visited = from;
    let mut n = 1;
    loop {
        let next = move_to_set(layers[n - 1], levels) & !visited;
        if next.is_empty() {
            return (layers, n);
        }
        visited |= next;
        layers[n] = next;
        n += 1;
    }
}

/// [`move_to`] on an [`Instance`], including the conversions: the levels to
/// bitboards on the way in, the set to a list of spaces (ascending row, col)
/// on the way out.
#[must_use]
pub fn move_to_instance(instance: &Instance) -> Vec<Space> {
    move_to(instance.worker, &instance.level_sets())
        .into_iter()
        .collect()
}

/// [`distances`] on an [`Instance`], including the conversion of the levels.
#[must_use]
pub fn distances_instance(instance: &Instance) -> [Option<u8>; 25] {
    distances(instance.worker, &instance.level_sets())
}

/// Writes a move-to answer as the tutorial does: `[(1,1),(2,1),(2,3)]`.
#[must_use]
pub fn format_spaces(spaces: &[Space]) -> String {
    let inner: Vec<String> = spaces.iter().map(|s| s.row_col().to_string()).collect();
    format!("[{}]", inner.join(","))
}

/// Writes distances as `[1,0,3,...,inf]`.
#[must_use]
pub fn format_distances(distances: &[Option<u8>; 25]) -> String {
    let inner: Vec<String> = distances
        .iter()
        .map(|d| d.map_or_else(|| "inf".to_string(), |d| d.to_string()))
        .collect();
    format!("[{}]", inner.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::santorini::instance::TUTORIAL_EXAMPLE;

    #[test]
    fn the_tutorial_example_moves_to_three_spaces() {
        let inst: Instance = TUTORIAL_EXAMPLE.parse().unwrap();
        assert_eq!(
            format_spaces(&move_to_instance(&inst)),
            "[(1,1),(2,1),(2,3)]"
        );
    }

    #[test]
    fn the_set_form_of_one_space_is_the_space_form_plus_maybe_itself() {
        let inst: Instance = TUTORIAL_EXAMPLE.parse().unwrap();
        let levels = inst.level_sets();
        for s in Space::all() {
            if inst.level(s) == 4 {
                continue;
            }
            let single = move_to(s, &levels);
            let set = move_to_set(s.bitboard(), &levels);
            assert_eq!(set & !s.bitboard(), single, "space {s}");
            assert_eq!(move_to_by_cases(s, &levels), single, "space {s}");
        }
    }
}
