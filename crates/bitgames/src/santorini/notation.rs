//! Text forms of positions and moves, as the santorini-ai engine writes them.
//!
//! Position: `<25 levels>/<1|2 to move>/mortal:<sq>,<sq>/mortal:<sq>,<sq>`,
//! levels in the order A5 B5 C5 D5 E5 A4 ... E1 (files A..E left to right,
//! ranks 5 at the top down to 1); the first worker group is player 1's, the
//! second player 2's; a bare `mortal` is a player who has not placed yet. E.g.
//! `4101202110011400102000100/1/mortal:A3,C3/mortal:E4,A1`.
//!
//! Moves: `A1,B2` places both workers, `C4>B4^B5` moves C4 to B4 and builds on
//! B5, `A1>B2#` moves up onto level 3 and wins.
//!
//! With gods (santorini-ai's forms): a player's section is
//! `[#]god[[state]][-][:<sq>,<sq>]`, the god's name in lower case, `#` before it for
//! the player who has won, its state in brackets for a god that keeps one
//! (`europa[E2]`: her talus on E2; `clio[2|A5]`: two coins left, one on A5),
//! `-` after it for the player to move when it may
//! not move up (its opponent is Athena, who moved up on her last turn;
//! santorini-ai's `athena[^]` on Athena's section is read as the same). E.g.
//! `0000000000000000000000000/2/athena:B3,D3/apollo-:C4,C2`. The game has gods
//! when either player's is not `mortal`; a base-game position is written as
//! before. God turns: `A1>B2^C3X` (Atlas' dome), `A1>B2^C3^D3` (Demeter's two
//! builds), `A1>B2^^C3` (Hephaestus' two blocks), `^C3 A1>B2^C4`
//! (Prometheus' build first), `^C3` (Hermes builds, no worker moves),
//! `(A1,B1)>(A2,B2)^C3` (both of Hermes' workers move). Apollo's swap,
//! Minotaur's push and Artemis' two steps are written `A1>B2^C3` (the
//! position tells which); santorini-ai's `A1<>B2^C3`, `A1>B2(>C2)^C3` and
//! Athena's `A1>B2!^C3` are read too.

use super::bitboard::{Bitboard, Space};
use super::game::{Move, Position, Power};
use super::gods::God;
use crate::game::Player;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Why a text is not a space, a move or a position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NotationError {
    /// Not a space `A1`..`E5`.
    #[error("{0:?} is not a space (A1..E5)")]
    BadSpace(String),
    /// A move in none of the three forms.
    #[error("{0:?} is not a move (A1,B2 to place, C4>B4^B5 to move and build, A1>B2# to win)")]
    BadMove(String),
    /// Not four `/`-separated fields.
    #[error("a position has 4 fields separated by '/', found {0}")]
    FieldCount(usize),
    /// The levels field is not 25 characters.
    #[error("expected 25 levels, found {0}")]
    LevelCount(usize),
    /// A level that is not a digit 0..4.
    #[error("level {found:?} of {space} is not 0..4")]
    BadLevel {
        /// The space.
        space: Space,
        /// The character found.
        found: char,
    },
    /// The player field is not 1 or 2.
    #[error("player to move must be 1 or 2, found {0:?}")]
    BadPlayer(String),
    /// A worker group that does not start with a god's name.
    #[error(
        "player {0}'s section must be a god and its workers (mortal, mortal:A1,B2, #pan:C3,D4, \
         apollo-:E1,E2), found {1:?}"
    )]
    BadGroup(Player, String),
    /// The gods' marks do not fit the position.
    #[error("{0}")]
    Gods(&'static str),
    /// Two gods that may not play each other.
    #[error("{0}")]
    Banned(#[from] super::BannedPair),
    /// A god's state (`[...]` after its name) that is not one.
    #[error("player {0}'s god state: {1}")]
    GodState(Player, String),
    /// A group with other than 0 workers or as many as its god places
    /// (2, Graeae 3).
    #[error("player {0} must have 0 or {1} workers, found {2}")]
    WorkerCount(Player, usize, usize),
    /// A worker on a dome.
    #[error("a worker of player {0} stands on the dome at {1}")]
    WorkerOnDome(Player, Space),
    /// Two workers on one space.
    #[error("two workers on {0}")]
    SharedSpace(Space),
    /// A turn order that placement cannot reach.
    #[error("{0}")]
    Placement(&'static str),
    /// A push mark that is not `(>` and a space and `)`.
    #[error("the push mark `{0}` must be a space between `(>` and `)`, as `(>C3)`")]
    BadPushMark(String),
    /// A move with more than one mark.
    #[error("`{0}`: a move has at most one of the marks `<>`, `!` and `(>C3)`")]
    TwoMarks(String),
    /// A mark that the turn does not bear out (see [`Position::read_move`]).
    #[error("the mark `{mark}` is not true of this turn: {why}")]
    FalseMark {
        /// The mark as written.
        mark: String,
        /// What the turn does instead.
        why: String,
    },
    /// A position no game reaches: what is impossible in it.
    #[error("{0}")]
    Impossible(String),
}

impl FromStr for Space {
    type Err = NotationError;

    fn from_str(s: &str) -> Result<Space, NotationError> {
        let bad = || NotationError::BadSpace(crate::excerpt(s).into_owned());
        let mut chars = s.chars();
        let (Some(file), Some(rank), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(bad());
        };
        let col = match file.to_ascii_uppercase() {
            c @ 'A'..='E' => c as u8 - b'A' + 1,
            _ => return Err(bad()),
        };
        let row = match rank {
            r @ '1'..='5' => 6 - (r as u8 - b'0'),
            _ => return Err(bad()),
        };
        Space::from_row_col(row, col).ok_or_else(bad)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Place(a, b) => write!(f, "{a},{b}"),
            Move::Power(Power::PlaceThree { spaces: [a, b, c] }) => write!(f, "{a},{b},{c}"),
            Move::Power(Power::Recruit { at, build }) => write!(f, "+{at}^{build}"),
            Move::Power(Power::PlaceFemale {
                spaces: [a, b],
                female,
            }) => write!(f, "{a},{b}@{female}"),
            Move::Power(Power::SwapFemale {
                from,
                to,
                build,
                female,
            }) => write!(f, "{from}>{to}^{build}[<>@{female}]"),
            Move::Build { from, to, build } => write!(f, "{from}>{to}^{build}"),
            Move::Win { from, to } => write!(f, "{from}>{to}#"),
            Move::Power(Power::Dome { from, to, build }) => write!(f, "{from}>{to}^{build}X"),
            Move::Power(Power::Twice {
                from,
                to,
                build,
                second,
            }) if second == build => write!(f, "{from}>{to}^^{build}"),
            Move::Power(Power::Twice {
                from,
                to,
                build,
                second,
            }) => write!(f, "{from}>{to}^{build}^{second}"),
            Move::Power(Power::BuildFirst {
                first,
                from,
                to,
                build,
            }) => write!(f, "^{first} {from}>{to}^{build}"),
            Move::Power(Power::Remove {
                from,
                to,
                build,
                remove,
            }) => write!(f, "{from}>{to}^{build}~{remove}"),
            Move::Power(Power::AndDome {
                from,
                to,
                build,
                dome,
            }) => write!(f, "{from}>{to}^{build}^{dome}X"),
            Move::Power(Power::Force {
                forced,
                onto,
                from,
                to,
                build,
            }) => write!(f, "({forced}>{onto}){from}>{to}^{build}"),
            Move::Power(Power::ForceWin {
                forced,
                onto,
                from,
                to,
            }) => write!(f, "({forced}>{onto}){from}>{to}#"),
            Move::Power(Power::SwapAll { from, to, build }) => {
                write!(f, "{from}>{to}^{build}[<>]")
            }
            Move::Power(Power::SwapSome {
                from,
                to,
                build,
                kept,
            }) => write!(f, "{from}>{to}^{build}[<>-{kept}]"),
            Move::Power(Power::SwapTwo {
                from,
                to,
                build,
                pair: [a, b],
            }) => write!(f, "{from}>{to}^{build}[<>{a},{b}]"),
            Move::Power(Power::Act {
                from,
                to,
                build,
                at,
            }) => write!(f, "{from}>{to}^{build}@{at}"),
            Move::Power(Power::BuildFirstWin { first, from, to }) => {
                write!(f, "^{first} {from}>{to}#")
            }
            Move::Power(Power::Pair { from, to, wins }) => {
                let won = if wins { "#" } else { "" };
                write!(f, "({},{})>({},{}){won}", from[0], from[1], to[0], to[1])
            }
            Move::Power(Power::Builds { builds: [a, b] }) => write!(f, "^{a}^{b}"),
            Move::Power(Power::MoveOnly { from, to }) => write!(f, "{from}>{to}"),
            Move::Power(Power::Wind {
                from,
                to,
                build,
                wind,
            }) => write!(f, "{from}>{to}^{build}={}", super::steps::wind_name(wind)),
            Move::Power(Power::Stay { build }) => write!(f, "^{build}"),
            Move::Power(Power::Domes {
                from,
                to,
                build,
                domes: [a, b],
            }) => write!(f, "{from}>{to}^{build}^{a}X^{b}X"),
            Move::Power(Power::Besides {
                from,
                to,
                build,
                extra,
            }) => {
                write!(f, "{from}>{to}^{build}")?;
                extra
                    .iter()
                    .filter(|&&s| s != to)
                    .try_for_each(|s| write!(f, "*{s}"))
            }
            Move::Power(Power::Heaps { from, to, heaps }) => {
                write!(f, "{from}>{to}")?;
                heaps.spaces(to).try_for_each(|s| write!(f, "^{s}"))
            }
            Move::Power(Power::Both { from, to, build }) => {
                write!(f, "({},{})>({},{})^{build}", from[0], from[1], to[0], to[1])
            }
        }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for l in self.levels() {
            write!(f, "{l}")?;
        }
        write!(f, "/{}", self.to_move.number())?;
        for player in Player::BOTH {
            // The player who just moved and won (santorini-ai's `#`).
            let won = player != self.to_move && self.climber() == Some(player);
            let blocked = self.up_blocked && player == self.to_move;
            let god = self.gods[player.index()];
            let (won, blocked) = (if won { "#" } else { "" }, if blocked { "-" } else { "" });
            let state = (god.rules().write_state)(self.state[player.index()])
                .map(|text| format!("[{text}]"))
                .unwrap_or_default();
            write!(f, "/{won}{god}{state}{blocked}")?;
            for (i, s) in self.workers(player).into_iter().enumerate() {
                write!(f, "{}{s}", if i == 0 { ':' } else { ',' })?;
            }
        }
        Ok(())
    }
}

/// A player's section: who has won, the god, whether it may not move up
/// (`-`, or Athena's `[^]`: she moved up), the workers.
struct Group {
    won: bool,
    god: God,
    blocked: bool,
    athena_up: bool,
    /// The god's state, as its `[...]` writes it (0 without).
    state: u32,
    spaces: Vec<Space>,
}

fn parse_group(player: Player, text: &str) -> Result<Group, NotationError> {
    let text = text.trim();
    let bad = || NotationError::BadGroup(player, crate::excerpt(text).into_owned());
    let (head, list) = match text.split_once(':') {
        Some((head, list)) => (head, Some(list)),
        None => (text, None),
    };
    let won = head.contains('#');
    let blocked = head.contains('-');
    let head = head.replace(['#', '-'], "");
    let (name, data) = match head.split_once('[') {
        Some((name, rest)) => (
            name.to_string(),
            Some(rest.strip_suffix(']').ok_or_else(bad)?),
        ),
        None => (head.clone(), None),
    };
    let god: God = name.parse().map_err(|_| bad())?;
    let athena_up = data == Some("^");
    if athena_up && !god.rules().blocks_climbs {
        return Err(bad());
    }
    let state = match data {
        Some(text) if !athena_up && !text.is_empty() => {
            (god.rules().read_state)(text).map_err(|why| NotationError::GodState(player, why))?
        }
        _ => 0,
    };
    let spaces = match list {
        None => Vec::new(),
        Some(list) => list
            .split(',')
            .map(|s| s.trim().parse())
            .collect::<Result<Vec<Space>, _>>()?,
    };
    if list.is_some() && spaces.is_empty() {
        return Err(NotationError::WorkerCount(player, god.rules().workers, 0));
    }
    Ok(Group {
        won,
        god,
        blocked,
        athena_up,
        state,
        spaces,
    })
}

impl FromStr for Position {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Position, NotationError> {
        let fields: Vec<&str> = text.trim().split('/').collect();
        if fields.len() != 4 {
            return Err(NotationError::FieldCount(fields.len()));
        }
        let level_chars: Vec<char> = fields[0].trim().chars().collect();
        if level_chars.len() != 25 {
            return Err(NotationError::LevelCount(level_chars.len()));
        }
        let mut levels = [0u8; 25];
        for (i, &c) in level_chars.iter().enumerate() {
            let space = Space::from_index(i).expect("25 spaces");
            levels[i] = match c {
                '0'..='4' => c as u8 - b'0',
                _ => return Err(NotationError::BadLevel { space, found: c }),
            };
        }
        let to_move = match fields[1].trim() {
            "1" => Player::One,
            "2" => Player::Two,
            other => return Err(NotationError::BadPlayer(crate::excerpt(other).into_owned())),
        };
        let mut workers = [Bitboard::EMPTY; 2];
        let mut all = Bitboard::EMPTY;
        let groups = [
            parse_group(Player::One, fields[2])?,
            parse_group(Player::Two, fields[3])?,
        ];
        // As many workers as the god places (two, Graeae three), or none
        // before placing; fewer against a god that removes workers
        // (Medusa), once a block stands.
        let built = levels.iter().any(|&l| l > 0);
        let mut lost = [false; 2];
        for player in Player::BOTH {
            let n = groups[player.index()].spaces.len();
            let removed = built && groups[player.other().index()].god.rules().removes;
            lost[player.index()] = removed && n == 0;
            // Jason's kept worker, once on the board, is one more.
            let group = &groups[player.index()];
            let rules = group.god.rules();
            let placed = rules.workers;
            let most = placed + usize::from(rules.adds_worker && (rules.spent)(group.state));
            let grown = rules.grows && built && (1..=super::gods::MOST_WORKERS).contains(&n);
            if !(n == placed || n == most || n == 0 || n < most && removed || grown) {
                return Err(NotationError::WorkerCount(player, placed, n));
            }
        }
        for player in Player::BOTH {
            for &s in &groups[player.index()].spaces {
                if all.contains(s) {
                    return Err(NotationError::SharedSpace(s));
                }
                if levels[s.index()] == 4 {
                    return Err(NotationError::WorkerOnDome(player, s));
                }
                all |= s.bitboard();
                workers[player.index()] |= s.bitboard();
            }
        }
        // Player 1 places first, but against Bia, who places first.
        let first = super::God::first_placer(groups.each_ref().map(|g| g.god));
        let unplaced = [
            workers[0].is_empty() && !lost[0],
            workers[1].is_empty() && !lost[1],
        ];
        let (a, b) = (first.index(), first.other().index());
        if unplaced[a] && !unplaced[b] {
            return Err(NotationError::Placement(if first == Player::One {
                "player 2 cannot have placed before player 1"
            } else {
                "player 1 cannot have placed before player 2 (Bia places first)"
            }));
        }
        if unplaced[a] && unplaced[b] && to_move != first {
            return Err(NotationError::Placement(if first == Player::One {
                "player 1 places first: nobody has placed, so player 1 is to move"
            } else {
                "Bia places first: nobody has placed, so player 2 is to move"
            }));
        }
        if !unplaced[a] && unplaced[b] && to_move == first {
            return Err(NotationError::Placement(if first == Player::One {
                "player 2 has not placed yet, so player 2 is to move"
            } else {
                "player 1 has not placed yet, so player 1 is to move"
            }));
        }
        let mut pos = Position::from_parts(&levels, workers, to_move);
        pos.gods = super::God::pair(groups.each_ref().map(|g| g.god))?;
        let (mover, last) = (&groups[to_move.index()], &groups[to_move.other().index()]);
        if mover.won {
            return Err(NotationError::Gods(
                "the player to move cannot have won: '#' marks the player who just moved",
            ));
        }
        if (mover.blocked || last.athena_up || last.blocked) && !last.god.rules().blocks_climbs {
            return Err(NotationError::Gods(
                "only Athena's opponent may be kept from moving up ('-')",
            ));
        }
        if last.blocked {
            return Err(NotationError::Gods(
                "'-' marks the player to move, whom Athena keeps from moving up",
            ));
        }
        pos.state = groups.each_ref().map(|g| g.state);
        // A female worker stands on one of her player's workers, and is
        // named while the player has all its workers.
        for owner in Player::BOTH {
            let g = &groups[owner.index()];
            if g.god.rules().female && g.state == 0 && g.spaces.len() == g.god.workers() {
                return Err(NotationError::Gods(
                    "a god with a female worker names her once placed: selene[B3]:B3,D3",
                ));
            }
            if let Some(her) = g
                .god
                .rules()
                .female
                .then(|| super::gods::female::female_of(g.state))
                .flatten()
                && !pos.workers[owner.index()].contains(her)
            {
                return Err(NotationError::Gods(
                    "a female worker's space ([C3] after the god) must hold one of that player's workers",
                ));
            }
        }
        // No worker stands where a god's state keeps it out (Europa's
        // Talus, Clio's coin under an opponent).
        for owner in Player::BOTH {
            let rules = pos.gods[owner.index()].rules();
            let state = pos.state[owner.index()];
            for (player, own) in [(owner, true), (owner.other(), false)] {
                if let Some(s) = ((rules.frozen)(state, own) & pos.workers[player.index()]).first()
                {
                    return Err(NotationError::GodState(
                        owner,
                        format!(
                            "a worker of player {} stands on {s}, which {}'s state bars to it",
                            player.number(),
                            pos.gods[owner.index()].title()
                        ),
                    ));
                }
            }
        }
        if pos.has_gods() {
            pos.won = last.won;
            pos.up_blocked = (mover.blocked || last.athena_up) && !last.won;
        }
        check_wins(&pos, last.won)?;
        Ok(pos)
    }
}

/// What the workers on level 3 and the `#` of a position say, checked
/// against each other: in the base game the player to move cannot stand on
/// level 3 (moving there won, and the winner is the player who just moved);
/// a `#` needs a winning worker, on level 3 (or, for Pan, who also wins by
/// moving down two levels, on level 0 or 1; for the Maenads and Eros, on
/// any level; for Chronus, five complete towers).
fn check_wins(pos: &Position, marked_won: bool) -> Result<(), NotationError> {
    let level3 = pos.spaces_at_level(3);
    let (me, last) = (pos.to_move, pos.to_move.other());
    let on_level3 = |p: Player| (pos.workers(p) & level3).into_iter().next();
    if !pos.has_gods()
        && let Some(s) = on_level3(me)
    {
        return Err(NotationError::Impossible(format!(
            "player {} is to move and stands on level 3 at {s}: moving up onto level 3 wins, \
             and the winner is the player who just moved",
            me.number()
        )));
    }
    let god = pos.gods[last.index()];
    // The Maenads and Eros win on any level; Chronus by the towers standing.
    let other_win = god.rules().wins_anywhere || (god.rules().wins_by_board)(&pos.heights);
    if marked_won && on_level3(last).is_none() && !other_win {
        let falls = god.rules().falls_win;
        let low = pos.spaces_at_level(0) | pos.spaces_at_level(1);
        if !falls || (pos.workers(last) & low).is_empty() {
            return Err(NotationError::Impossible(format!(
                "'#' says player {0} has won, but no worker of player {0} stands on level 3{1}",
                last.number(),
                if falls {
                    format!(" (nor on level 0 or 1, after {}'s move down)", god.title())
                } else {
                    String::new()
                }
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
#[path = "notation_tests.rs"]
mod tests;
