//! Moves in text, and santorini-ai's marks on them: `A1<>B2^C3` (Apollo
//! swaps), `A1>B2!^C3` (Athena moves up), `A1>B2(>C2)^C3` (Minotaur pushes
//! the worker on B2 to C2). The position tells what a turn does, so a move
//! is the same with or without its mark; but a mark must be true of the
//! turn: [`Position::read_move`] refuses one that is not, naming it.
//! [`Move`]'s `FromStr` reads the marks' syntax only (it has no position).

use super::bitboard::{Bitboard, Space};
use super::build_text::builds_of;
use super::game::{Move, Position, Power};
use super::gods::{Enter, God, Rules};
use super::notation::NotationError;
use crate::game::Player;
use std::str::FromStr;

/// The mark a move's text puts on its worker's step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    /// No mark.
    None,
    /// `<>`: Apollo swaps places with the worker on the destination.
    Swap,
    /// `!`: Athena moves up.
    Up,
    /// `(>C2)`: Minotaur pushes the worker on the destination there.
    Push(Space),
}

impl Mark {
    fn text(self) -> String {
        match self {
            Mark::None => String::new(),
            Mark::Swap => "<>".into(),
            Mark::Up => "!".into(),
            Mark::Push(s) => format!("(>{s})"),
        }
    }
}

/// A move's text read into the move and the mark on its step.
fn parse_marked(text: &str) -> Result<(Move, Mark), NotationError> {
    let s = text.trim();
    let bad = || NotationError::BadMove(crate::excerpt(text).into_owned());
    // Jason's worker put on the board, then its build: `+A1^B2`.
    if let Some(rest) = s.strip_prefix('+') {
        let (at, build) = rest.split_once('^').ok_or_else(bad)?;
        let (at, build) = (at.trim().parse()?, build.trim().parse()?);
        return Ok((Move::Power(Power::Recruit { at, build }), Mark::None));
    }
    // Prometheus: `^C3 A1>B2^C4`; Hermes building alone: `^C3`.
    if let Some(rest) = s.strip_prefix('^') {
        // Castor's two builds without a move: `^A1^B2`.
        if let Some((a, b)) = rest.split_once('^').filter(|_| !rest.contains(' ')) {
            let (a, b): (Space, Space) = (a.trim().parse()?, b.trim().parse()?);
            let builds = if a.index() <= b.index() {
                [a, b]
            } else {
                [b, a]
            };
            return Ok((Move::Power(Power::Builds { builds }), Mark::None));
        }
        return match rest.split_once(' ') {
            None => Ok((
                Move::Power(Power::Stay {
                    build: rest.parse()?,
                }),
                Mark::None,
            )),
            Some((first, turn)) => match parse_marked(turn)? {
                (Move::Build { from, to, build }, mark) => Ok((
                    Move::Power(Power::BuildFirst {
                        first: first.parse()?,
                        from,
                        to,
                        build,
                    }),
                    mark,
                )),
                (Move::Win { from, to }, mark) => Ok((
                    Move::Power(Power::BuildFirstWin {
                        first: first.parse()?,
                        from,
                        to,
                    }),
                    mark,
                )),
                _ => Err(bad()),
            },
        };
    }
    // Nemesis' swap naming a space: the opponent's female worker goes there
    // (`A1>B2^C3[<>@D4]`), or the opponent's worker there stays
    // (`A1>B2^C3[<>-D4]`).
    for (open, female) in [("[<>@", true), ("[<>-", false)] {
        let Some((turn, at)) = s.strip_suffix(']').and_then(|t| t.rsplit_once(open)) else {
            continue;
        };
        let at: Space = at.trim().parse()?;
        let (Move::Build { from, to, build }, mark) = parse_marked(turn)? else {
            return Err(bad());
        };
        let swap = if female {
            Power::SwapFemale {
                from,
                to,
                build,
                female: at,
            }
        } else {
            Power::SwapSome {
                from,
                to,
                build,
                kept: at,
            }
        };
        return Ok((Move::Power(swap), mark));
    }
    // Nemesis' swap with two of the opponent's, named in board order:
    // `A1>B2^C3[<>D4,E5]`.
    if let Some((turn, pair)) = s.strip_suffix(']').and_then(|t| t.rsplit_once("[<>"))
        && let Some((a, b)) = pair.split_once(',')
    {
        let (a, b): (Space, Space) = (a.trim().parse()?, b.trim().parse()?);
        let (Move::Build { from, to, build }, mark) = parse_marked(turn)? else {
            return Err(bad());
        };
        if a.index() >= b.index() {
            return Err(bad());
        }
        let swap = Power::SwapTwo {
            from,
            to,
            build,
            pair: [a, b],
        };
        return Ok((Move::Power(swap), mark));
    }
    // Nemesis' swap of every worker after the turn: `A1>B2^C3[<>]`.
    if let Some(turn) = s.strip_suffix("[<>]") {
        return match parse_marked(turn)? {
            (Move::Build { from, to, build }, mark) => {
                Ok((Move::Power(Power::SwapAll { from, to, build }), mark))
            }
            _ => Err(bad()),
        };
    }
    // Charon's ferry, Scylla's drag: `(C4>A2)B3>C4^C5`.
    if let Some((forced, rest)) = s.strip_prefix('(').and_then(|r| r.split_once(')'))
        && !forced.contains(',')
    {
        let (forced, onto) = forced.split_once('>').ok_or_else(bad)?;
        let (forced, onto): (Space, Space) = (forced.trim().parse()?, onto.trim().parse()?);
        return match parse_marked(rest)? {
            (Move::Build { from, to, build }, Mark::None) => Ok((
                Move::Power(Power::Force {
                    forced,
                    onto,
                    from,
                    to,
                    build,
                }),
                Mark::None,
            )),
            (Move::Win { from, to }, Mark::None) => Ok((
                Move::Power(Power::ForceWin {
                    forced,
                    onto,
                    from,
                    to,
                }),
                Mark::None,
            )),
            _ => Err(bad()),
        };
    }
    // Hermes moving both workers: `(A1,B1)>(A2,B2)^C3`.
    if let Some(rest) = s.strip_prefix('(') {
        let pair = |t: &str| -> Result<[Space; 2], NotationError> {
            let (a, b) = t.split_once(',').ok_or_else(bad)?;
            Ok([a.trim().parse()?, b.trim().parse()?])
        };
        let (from, rest) = rest.split_once(")>(").ok_or_else(bad)?;
        // Castor's two moves without a build: `(A1,B1)>(A2,B2)`, `#` if it wins.
        if let Some(to) = rest.strip_suffix(')').or_else(|| rest.strip_suffix(")#")) {
            let (mut from, mut to) = (pair(from)?, pair(to)?);
            if from[0].index() > from[1].index() {
                from.swap(0, 1);
                to.swap(0, 1);
            }
            let wins = rest.ends_with('#');
            return Ok((Move::Power(Power::Pair { from, to, wins }), Mark::None));
        }
        let (to, build) = rest.split_once(")^").ok_or_else(bad)?;
        let (mut from, mut to) = (pair(from)?, pair(to)?);
        if from[0].index() > from[1].index() {
            from.swap(0, 1);
            to.swap(0, 1);
        }
        let mv = Move::Power(Power::Both {
            from,
            to,
            build: build.parse()?,
        });
        return Ok((mv, Mark::None));
    }
    // Two workers, the female one named: `A1,B2@A1`.
    if let Some((pair, female)) = s.split_once('@')
        && let Some((a, b)) = pair.split_once(',')
    {
        let (a, b, female): (Space, Space, Space) =
            (a.trim().parse()?, b.trim().parse()?, female.trim().parse()?);
        if female != a && female != b {
            return Err(bad());
        }
        return Ok((Move::place_female(a, b, female), Mark::None));
    }
    if let Some((a, b)) = s.split_once(',') {
        // Three workers (Graeae): `A1,B2,C3`.
        if let Some((b, c)) = b.split_once(',') {
            let spaces = [a, b, c].map(|x| x.trim().parse::<Space>());
            let [a, b, c] = spaces;
            return Ok((Move::place_three([a?, b?, c?]), Mark::None));
        }
        return Ok((
            Move::place(a.trim().parse()?, b.trim().parse()?),
            Mark::None,
        ));
    }
    // Apollo's swap as santorini-ai writes it: `A1<>B2^C3`.
    let (from, rest, swap) = match s.split_once("<>") {
        Some((from, rest)) => (from, rest, true),
        None => {
            let (from, rest) = s.split_once('>').ok_or_else(bad)?;
            (from, rest, false)
        }
    };
    let from: Space = from.parse()?;
    let (to, builds) = match rest.strip_suffix('#') {
        Some(to) => (to, None),
        None => match rest.split_once('^') {
            Some((to, builds)) => (to, Some(builds)),
            // Castor's lone worker moving without a build: `A1>B2`.
            None if !swap => {
                let to: Space = rest.trim().parse().map_err(|_| bad())?;
                return Ok((Move::Power(Power::MoveOnly { from, to }), Mark::None));
            }
            None => return Err(bad()),
        },
    };
    let (to, mark) = step_mark(to, swap, text)?;
    let Some(builds) = builds else {
        return Ok((Move::Win { from, to }, mark));
    };
    Ok((builds_of(from, to, builds)?, mark))
}

/// The destination of a step and its mark: `B2`, `B2!`, `B2(>C2)`, with
/// `swap` for a step written `<>`.
fn step_mark(to: &str, swap: bool, text: &str) -> Result<(Space, Mark), NotationError> {
    let (to, mark) = if let Some(to) = to.strip_suffix('!') {
        (to, Mark::Up)
    } else if let Some((to, push)) = to.split_once("(>") {
        let space = push
            .strip_suffix(')')
            .filter(|inner| !inner.contains(['(', ')', '>']))
            .and_then(|inner| inner.trim().parse::<Space>().ok())
            .ok_or_else(|| {
                NotationError::BadPushMark(crate::excerpt(&format!("(>{push}")).into_owned())
            })?;
        (to, Mark::Push(space))
    } else {
        (to, Mark::None)
    };
    let mark = match (swap, mark) {
        (false, mark) => mark,
        (true, Mark::None) => Mark::Swap,
        (true, _) => return Err(NotationError::TwoMarks(crate::excerpt(text).into_owned())),
    };
    Ok((to.parse()?, mark))
}

impl FromStr for Move {
    type Err = NotationError;

    /// The move of `text`, its marks read but not checked (that needs the
    /// position: [`Position::read_move`]).
    fn from_str(text: &str) -> Result<Move, NotationError> {
        parse_marked(text).map(|(mv, _)| mv)
    }
}

/// The worker's step of a move, if it has one.
fn step_of(mv: Move) -> Option<(Space, Space)> {
    match mv {
        Move::Build { from, to, .. }
        | Move::Win { from, to }
        | Move::Power(
            Power::Dome { from, to, .. }
            | Power::Twice { from, to, .. }
            | Power::BuildFirst { from, to, .. }
            | Power::BuildFirstWin { from, to, .. }
            | Power::Remove { from, to, .. }
            | Power::AndDome { from, to, .. }
            | Power::Force { from, to, .. }
            | Power::ForceWin { from, to, .. }
            | Power::SwapAll { from, to, .. }
            | Power::SwapSome { from, to, .. }
            | Power::SwapTwo { from, to, .. }
            | Power::SwapFemale { from, to, .. }
            | Power::Act { from, to, .. }
            | Power::Wind { from, to, .. }
            | Power::MoveOnly { from, to }
            | Power::Domes { from, to, .. }
            | Power::Besides { from, to, .. }
            | Power::Heaps { from, to, .. },
        ) => Some((from, to)),
        Move::Place(..)
        | Move::Power(
            Power::PlaceThree { .. } | Power::PlaceFemale { .. } | Power::Recruit { .. },
        )
        | Move::Power(
            Power::Stay { .. } | Power::Both { .. } | Power::Pair { .. } | Power::Builds { .. },
        ) => None,
    }
}

impl Position {
    /// The turn that starts the list `tokens` (turns split at blanks), and
    /// how many tokens it takes: two for a build before a move (`^C3`
    /// then `A1>B2^C4`) where together they are a turn of this position,
    /// else one. So a list of turns needs no other separator: `^C3` alone
    /// is a build without a move (Hermes'), and no god has both turns.
    /// Where neither is a turn, the two are given back, for the refusal to
    /// name the turn meant.
    ///
    /// # Errors
    ///
    /// No token, or a first token that is not a move (see
    /// [`Position::read_move`]).
    pub fn read_turn_at(&self, tokens: &[&str]) -> Result<(Move, usize), NotationError> {
        let first = tokens
            .first()
            .ok_or(NotationError::BadMove(String::new()))?;
        let single = self.read_move(first);
        if let [first, second, ..] = tokens
            && first.trim().starts_with('^')
            && !first.trim().contains(' ')
            && let Ok(joined) = self.read_move(&format!("{} {}", first.trim(), second.trim()))
        {
            let legal = |mv: &Move| self.why_illegal(*mv).is_none();
            if legal(&joined) || !single.as_ref().is_ok_and(legal) {
                return Ok((joined, 2));
            }
        }
        Ok((single?, 1))
    }

    /// The move `text` writes in this position, its mark (santorini-ai's
    /// `<>`, `!`, `(>C2)`) checked against the turn: a mark that is not
    /// true of it is refused, naming the mark and why. Whether the move is
    /// legal is [`crate::Game::play`]'s question.
    ///
    /// # Errors
    ///
    /// Text that is not a move, or a mark that is not true.
    pub fn read_move(&self, text: &str) -> Result<Move, NotationError> {
        let (mv, mark) = parse_marked(text)?;
        let Some((from, to)) = step_of(mv) else {
            return Ok(mv);
        };
        let why = match mark {
            Mark::None => return Ok(mv),
            Mark::Swap => self.why_not_a_swap(to),
            Mark::Up => self.why_not_up(from, to),
            Mark::Push(at) => self.why_not_a_push(from, to, at),
        };
        match why {
            None => Ok(mv),
            Some(why) => Err(NotationError::FalseMark {
                mark: mark.text(),
                why,
            }),
        }
    }

    /// Unless the mover's god's rules have `has`: the reason a mark of the
    /// gods that `does` is not this player's.
    fn not_god(&self, has: fn(&Rules) -> bool, does: &str) -> Option<String> {
        let mine = self.gods[self.to_move.index()];
        (!has(mine.rules())).then(|| {
            format!(
                "only {} {does}, and player {}'s god is {mine}",
                God::titles_of(has),
                self.to_move.number()
            )
        })
    }

    /// Why the step onto `to` is no swap with an opponent worker.
    fn why_not_a_swap(&self, to: Space) -> Option<String> {
        self.not_god(|r| r.enters == Enter::Swap, "swaps")
            .or_else(|| self.no_opponent_on(to, "to swap with"))
    }

    /// Why `from>to` is not a move that blocks the opponent's climbs:
    /// Athena moving up, Nike moving down.
    fn why_not_up(&self, from: Space, to: Space) -> Option<String> {
        self.not_god(|r| r.blocks_climbs, "marks a move that blocks climbs")
            .or_else(|| {
                let (a, b) = (self.level(from), self.level(to));
                if self.gods[self.to_move.index()].rules().blocks_after_descent {
                    (b >= a)
                        .then(|| format!("{from}>{to} does not move down (level {a} to level {b})"))
                } else {
                    (b <= a)
                        .then(|| format!("{from}>{to} does not move up (level {a} to level {b})"))
                }
            })
    }

    /// Why `from>to` does not push the worker on `to` onto `at`.
    fn why_not_a_push(&self, from: Space, to: Space, at: Space) -> Option<String> {
        self.not_god(|r| r.enters == Enter::Push, "pushes")
            .or_else(|| self.no_opponent_on(to, "to push"))
            .or_else(|| {
                if !Bitboard::neighbours(from).contains(to) {
                    return None; // not a step: the play says so
                }
                let bit = 2 * i16::from(to.bit()) - i16::from(from.bit());
                match u8::try_from(bit).ok().and_then(Space::from_bit) {
                    Some(push) if push == at => None,
                    Some(push) => Some(format!("the worker on {to} is pushed to {push}")),
                    None => Some(format!(
                        "the worker on {to} cannot be pushed: the space beyond is off the board"
                    )),
                }
            })
    }

    /// Why `to` holds no worker of the opponent (`what`: what for).
    fn no_opponent_on(&self, to: Space, what: &str) -> Option<String> {
        let them: Player = self.to_move.other();
        (!self.workers(them).contains(to))
            .then(|| format!("{to} holds no worker of player {} {what}", them.number()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(pos: &str, mv: &str) -> Result<String, String> {
        let pos: Position = pos.parse().unwrap();
        pos.read_move(mv)
            .map(|m| m.to_string())
            .map_err(|e| e.to_string())
    }

    const FLAT: &str = "0000000000000000000000000";

    /// Issue 73: `D3>C4(>A1)^D4` was accepted though the push goes to B5;
    /// `(>zzz)`, an unclosed `(>`, and `!` and `<>` on mortal turns too.
    #[test]
    fn a_mark_must_be_true_of_the_turn() {
        let minotaur = format!("{FLAT}/1/minotaur:D3,A1/mortal:C4,E1");
        assert_eq!(read(&minotaur, "D3>C4(>B5)^D4"), Ok("D3>C4^D4".into()));
        assert_eq!(read(&minotaur, "D3>C4^D4"), Ok("D3>C4^D4".into()));
        assert_eq!(
            read(&minotaur, "D3>C4(>A1)^D4"),
            Err(
                "the mark `(>A1)` is not true of this turn: the worker on C4 is pushed to B5"
                    .into()
            )
        );
        assert_eq!(
            read(&minotaur, "D3>D4(>D5)^D3"),
            Err(
                "the mark `(>D5)` is not true of this turn: D4 holds no worker of player 2 to push"
                    .into()
            )
        );
        assert_eq!(
            read(&minotaur, "D3>C4(>zzz)^D4"),
            Err("the push mark `(>zzz)` must be a space between `(>` and `)`, as `(>C3)`".into())
        );
        assert_eq!(
            read(&minotaur, "D3>C4(>^D4"),
            Err("the push mark `(>` must be a space between `(>` and `)`, as `(>C3)`".into())
        );
        assert_eq!(
            read(&minotaur, "D3>C4(>B5^D4"),
            Err("the push mark `(>B5` must be a space between `(>` and `)`, as `(>C3)`".into())
        );
        let mortal = format!("{FLAT}/1/mortal:D3,A1/mortal:C4,E1");
        assert_eq!(
            read(&mortal, "D3>D4!^D3"),
            Err("the mark `!` is not true of this turn: only Athena or Nike marks a move that blocks climbs, and player 1's god is mortal".into())
        );
        assert_eq!(
            read(&mortal, "D3<>C4^D3"),
            Err("the mark `<>` is not true of this turn: only Apollo swaps, and player 1's god is mortal".into())
        );
        assert_eq!(
            read(&mortal, "D3>C4(>B5)^D4"),
            Err("the mark `(>B5)` is not true of this turn: only Minotaur pushes, and player 1's god is mortal".into())
        );
        // D4 at level 1.
        let athena = format!("{}1{}/1/athena:D3,A1/mortal:C4,E1", &FLAT[..8], &FLAT[9..]);
        assert_eq!(read(&athena, "D3>D4!^D3"), Ok("D3>D4^D3".into()));
        assert_eq!(
            read(&athena, "D3>E4!^D3"),
            Err("the mark `!` is not true of this turn: D3>E4 does not move up (level 0 to level 0)"
                .into())
        );
        let apollo = format!("{FLAT}/1/apollo:D3,A1/mortal:C4,E1");
        assert_eq!(read(&apollo, "D3<>C4^D3"), Ok("D3>C4^D3".into()));
        assert_eq!(
            read(&apollo, "D3<>D4^D3"),
            Err("the mark `<>` is not true of this turn: D4 holds no worker of player 2 to swap with"
                .into())
        );
        assert_eq!(
            read(&apollo, "D3<>C4!^D3"),
            Err("`D3<>C4!^D3`: a move has at most one of the marks `<>`, `!` and `(>C3)`".into())
        );
        // Prometheus' turn carries its step's mark too.
        let prometheus = format!("{FLAT}/1/prometheus:D3,A1/mortal:C4,E1");
        assert!(
            read(&prometheus, "^E3 D3<>C4^D3")
                .unwrap_err()
                .contains("only Apollo swaps, and player 1's god is prometheus")
        );
    }
}
