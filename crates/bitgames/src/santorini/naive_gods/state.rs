//! The naive god position: plain arrays, and its canonical text form.

use crate::santorini::God;
use std::fmt;
use std::str::FromStr;

/// The files, left to right.
const FILES: [char; 5] = ['A', 'B', 'C', 'D', 'E'];

/// A position of the game with gods, on plain arrays.
///
/// Invariants (the parser checks them): each player has 0 workers or as
/// many as its god places (2, Graeae 3), or fewer once a god that removes
/// workers took some (Medusa), on
/// distinct spaces without a dome, `workers[p]` sorted; `up_blocked` only
/// where the opponent of the player to move is Athena and no one has won;
/// at most one winner.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NaiveState {
    /// The level of each space, row-major from A5 along the rank to E5, then
    /// A4 .. E4 down to A1 .. E1; 4 is a dome (whatever was under it).
    pub levels: [u8; 25],
    /// Each player's workers as space indices, sorted; 0 to 3 each.
    pub workers: [Vec<usize>; 2],
    /// The player to move: 0 (player 1) or 1 (player 2).
    pub to_move: usize,
    /// Each player's god.
    pub gods: [God; 2],
    /// The player to move may not move up this turn: its opponent is
    /// Athena, who moved up on her last turn. Never in a won position.
    pub up_blocked: bool,
    /// The player who has won, if any.
    pub winner: Option<usize>,
    /// Each player's god state, in the god's encoding (as the bitboard
    /// position's): 0 for a god that keeps none.
    pub state: [u32; 2],
}

/// The name of space `index`: 0 is `A5`, 4 is `E5`, 24 is `E1`.
///
/// # Panics
///
/// If `index` is 25 or more.
#[must_use]
pub fn space_name(index: usize) -> String {
    assert!(index < 25, "space index {index} is off the board (0..25)");
    format!("{}{}", FILES[index % 5], 5 - index / 5)
}

/// The index of a space named `A5`..`E1` (the file in either case).
///
/// # Errors
///
/// If `text` is not a file A..E followed by a rank 1..5.
pub fn space_index(text: &str) -> Result<usize, String> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() == 2 {
        let file = FILES
            .iter()
            .position(|&f| f == chars[0].to_ascii_uppercase());
        let rank = chars[1].to_digit(10);
        if let (Some(file), Some(rank @ 1..=5)) = (file, rank) {
            return Ok((5 - rank as usize) * 5 + file);
        }
    }
    Err(format!("{text:?} is not a space (A1..E5)"))
}

/// One player's section of the text, as read.
struct Section {
    won: bool,
    god: God,
    /// A `-`: this player may not move up.
    minus: bool,
    /// `athena[^]`: this player (Athena) moved up on her last turn, which
    /// blocks her opponent if the opponent is to move.
    athena_up: bool,
    state: u32,
    workers: Vec<usize>,
}

fn parse_section(player: usize, text: &str) -> Result<Section, String> {
    let who = format!("player {}'s section {text:?}", player + 1);
    let (head, spaces) = match text.split_once(':') {
        Some((head, spaces)) => (head, spaces),
        None => (text, ""),
    };
    let mut name = head.trim();
    let won = name.starts_with('#');
    if won {
        name = &name[1..];
    }
    let mut minus = false;
    if let Some(rest) = name.strip_prefix('-') {
        minus = true;
        name = rest;
    }
    if let Some(rest) = name.strip_suffix('-') {
        minus = true;
        name = rest;
    }
    let mut athena_up = false;
    let mut data = "";
    if let Some(open) = name.find('[') {
        data = name[open + 1..]
            .strip_suffix(']')
            .ok_or_else(|| format!("{who}: god data opens with [ and ends with ]"))?;
        name = &name[..open];
        athena_up = data == "^";
        if athena_up && !matches!(name, "athena" | "nike") {
            return Err(format!("{who}: only athena or nike carries [^]"));
        }
    }
    if name.contains(['#', '-', '[', ']']) {
        return Err(format!(
            "{who}: write it [#]god[-]:SPACES (# before the name, - before or after it)"
        ));
    }
    let god: God = name.parse().map_err(|e| format!("{who}: {e}"))?;
    let state = if athena_up || data.is_empty() {
        0
    } else {
        (god.rules().read_state)(data).map_err(|e| format!("{who}: {e}"))?
    };
    let mut workers = Vec::new();
    for space in spaces.split(',').filter(|s| !s.trim().is_empty()) {
        workers.push(space_index(space.trim()).map_err(|e| format!("{who}: {e}"))?);
    }
    workers.sort_unstable();
    let rules = god.rules();
    let mut placed = rules.workers + usize::from(rules.adds_worker && (rules.spent)(state));
    if rules.grows {
        placed = crate::santorini::gods::MOST_WORKERS;
    }
    if workers.len() > placed {
        return Err(format!(
            "{who}: a player of {god} has 0 or {placed} workers, found {}",
            workers.len()
        ));
    }
    if let Some(w) = workers.windows(2).find(|w| w[0] == w[1]) {
        return Err(format!("{who}: two workers on {}", space_name(w[0])));
    }
    Ok(Section {
        won,
        god,
        minus,
        athena_up,
        state,
        workers,
    })
}

impl FromStr for NaiveState {
    type Err = String;

    /// Reads `LEVELS/P/S1/S2` (see [`NaiveState`]'s `Display`), and also
    /// santorini-ai's forms: `athena[^]`, `-` before the god's name, workers
    /// in any order. As santorini-ai keeps Athena's mark through her
    /// opponent's turn (and leaves it as it was when she wins), a `-` or
    /// `[^]` that would block the player not to move, or anyone in a won
    /// position, is read and dropped (it blocks nothing).
    fn from_str(text: &str) -> Result<NaiveState, String> {
        let fields: Vec<&str> = text.trim().split('/').collect();
        if fields.len() != 4 {
            return Err(format!(
                "a position has 4 fields separated by '/' (levels, player to move, \
                 player 1, player 2), found {} in {text:?}",
                fields.len()
            ));
        }
        let mut levels = [0u8; 25];
        let digits: Vec<char> = fields[0].chars().collect();
        if digits.len() != 25 {
            return Err(format!(
                "the levels are 25 digits, found {} characters in {:?}",
                digits.len(),
                fields[0]
            ));
        }
        for (i, &c) in digits.iter().enumerate() {
            match c.to_digit(10) {
                Some(level @ 0..=4) => levels[i] = level as u8,
                _ => {
                    return Err(format!("the level of {} is {c:?}, not 0..4", space_name(i)));
                }
            }
        }
        let to_move = match fields[1].trim() {
            "1" => 0,
            "2" => 1,
            other => return Err(format!("the player to move is 1 or 2, found {other:?}")),
        };
        let sections = [parse_section(0, fields[2])?, parse_section(1, fields[3])?];
        let mut state = NaiveState {
            levels,
            workers: [sections[0].workers.clone(), sections[1].workers.clone()],
            to_move,
            gods: [sections[0].god, sections[1].god],
            up_blocked: false,
            winner: None,
            state: [sections[0].state, sections[1].state],
        };
        for (p, section) in sections.iter().enumerate() {
            let other = 1 - p;
            let removed = (state.gods[other].rules().removes || section.god.rules().grows)
                && levels.iter().any(|&l| l > 0);
            let (n, placed) = (section.workers.len(), section.god.rules().workers);
            if n != 0 && n < placed && !removed {
                return Err(format!(
                    "player {}'s section: a player of {} has 0 or {placed} workers (fewer only \
                     once a god that removes workers, Medusa, took some), found {n}",
                    p + 1,
                    section.god
                ));
            }
            if section.minus {
                if !state.gods[other].rules().blocks_climbs {
                    return Err(format!(
                        "player {} is marked '-' (may not move up), but only an Athena or Nike \
                         opponent blocks, and player {} is {}",
                        p + 1,
                        other + 1,
                        state.gods[other]
                    ));
                }
                state.up_blocked |= p == to_move;
            }
            if section.athena_up {
                state.up_blocked |= other == to_move;
            }
            if section.won {
                if state.winner.is_some() {
                    return Err("both players are marked '#' (won)".to_string());
                }
                state.winner = Some(p);
            }
            for &w in &state.workers[p] {
                if levels[w] == 4 {
                    return Err(format!(
                        "a worker of player {} stands on the dome at {}",
                        p + 1,
                        space_name(w)
                    ));
                }
                if state.workers[other].contains(&w) {
                    return Err(format!("both players have a worker on {}", space_name(w)));
                }
            }
        }
        if state.winner.is_some() {
            state.up_blocked = false;
        }
        Ok(state)
    }
}

impl fmt::Display for NaiveState {
    /// The canonical form `LEVELS/P/S1/S2`: 25 digits (4 a dome), the player
    /// to move (1 or 2), then each player's section `[#]god[[state]][-]:SPACES` (`#`
    /// the winner, the god's state as its notation writes it, `-` the player to move if it may not move up, the workers
    /// sorted from A5 to E1; no colon when there are no workers).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for level in self.levels {
            write!(f, "{level}")?;
        }
        write!(f, "/{}", self.to_move + 1)?;
        for p in 0..2 {
            f.write_str("/")?;
            if self.winner == Some(p) {
                f.write_str("#")?;
            }
            f.write_str(self.gods[p].name())?;
            if let Some(state) = (self.gods[p].rules().write_state)(self.state[p]) {
                write!(f, "[{state}]")?;
            }
            if self.up_blocked && p == self.to_move {
                f.write_str("-")?;
            }
            let mut spaces = self.workers[p].clone();
            spaces.sort_unstable();
            let names: Vec<String> = spaces.into_iter().map(space_name).collect();
            if !names.is_empty() {
                write!(f, ":{}", names.join(","))?;
            }
        }
        Ok(())
    }
}
