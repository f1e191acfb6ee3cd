//! A turn as the steps a player takes to make it: select a worker, move it,
//! build, and the gods' own steps (a dome instead of a block, a build before
//! the move, a build without a move). A page offers a turn's steps one at a
//! time and never reads the move notation: [`Position::step_paths`] lists,
//! for one legal turn, every order of steps that makes it.

use super::bitboard::Space;
use super::game::{Move, Position};
use super::gods::run_ends;
use super::moves::Power;
use std::fmt;

/// One step of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Step {
    /// A worker placed on the space (setup).
    Place(Space),
    /// The worker on the space is the one that moves next.
    Select(Space),
    /// The selected worker ends its move on the space (one step or, by its
    /// god, a run, a jump or a swap).
    Move(Space),
    /// A build on the space: a block, or a dome on a level 3.
    Build(Space),
    /// The build just made is a dome instead of a block (Atlas).
    Dome,
    /// A dome on the space, whatever its level (Asteria's after a move
    /// down).
    DomeOn(Space),
    /// A block taken from the space (Ares').
    Remove(Space),
    /// The opponent's worker on the space is forced on (Charon's ferry
    /// before the move, Scylla's drag after it, one of the two Nemesis'
    /// swap takes from Hydra's four or more).
    Force(Space),
    /// The mover's god acts on the space after the build (Europa puts her
    /// talus there).
    Act(Space),
    /// Every worker swaps with the other side's (Nemesis).
    SwapAll,
    /// With [`Step::SwapAll`], against one worker more or fewer than hers:
    /// the worker on the space stays (Nemesis).
    Keep(Space),
    /// The worker on the space is the female one: named at placement
    /// (Selene, Hippolyta), or where Nemesis' swap puts the opponent's.
    Female(Space),
    /// The selected worker builds before it moves, and may then not move up
    /// (Prometheus).
    BuildFirst,
    /// No worker moves; one builds (Hermes).
    Stay,
    /// No worker moves; each builds once (Castor).
    BuildBoth,
    /// The wind after the turn (Aeolus): 1..=8 a direction, 0 calm.
    Wind(u8),
    /// The worker that moved does not build (Castor's lone worker).
    NoBuild,
}

impl Step {
    /// The space the step is on; `None` for a step that is a choice, not a
    /// space (a button on a page).
    #[must_use]
    pub fn space(self) -> Option<Space> {
        match self {
            Step::Place(s)
            | Step::Select(s)
            | Step::Move(s)
            | Step::Build(s)
            | Step::DomeOn(s)
            | Step::Remove(s)
            | Step::Force(s)
            | Step::Keep(s)
            | Step::Female(s)
            | Step::Act(s) => Some(s),
            Step::Dome
            | Step::BuildFirst
            | Step::Stay
            | Step::SwapAll
            | Step::BuildBoth
            | Step::Wind(_)
            | Step::NoBuild => None,
        }
    }

    /// The step's kind, as its text writes it: `place`, `select`, `move`,
    /// `build`, `dome` (with a space or without), `remove`, `force`, `act`,
    /// `keep`, `female`, `build-first`, `stay`, `swap-all`, `build-both`,
    /// `no-build` or a wind.
    #[must_use]
    pub fn kind(self) -> &'static str {
        match self {
            Step::Place(_) => "place",
            Step::Select(_) => "select",
            Step::Move(_) => "move",
            Step::Build(_) => "build",
            Step::Dome | Step::DomeOn(_) => "dome",
            Step::Remove(_) => "remove",
            Step::Force(_) => "force",
            Step::Act(_) => "act",
            Step::SwapAll => "swap-all",
            Step::Keep(_) => "keep",
            Step::Female(_) => "female",
            Step::BuildFirst => "build-first",
            Step::Stay => "stay",
            Step::BuildBoth => "build-both",
            Step::Wind(w) => WIND_STEPS[usize::from(w.min(8))],
            Step::NoBuild => "no-build",
        }
    }

    /// What a step that is not on a space does, in a few words for its
    /// button; `None` for a step on a space.
    #[must_use]
    pub fn words(self) -> Option<&'static str> {
        match self {
            Step::Dome => Some("Dome instead of a block"),
            Step::BuildFirst => Some("Build before moving"),
            Step::Stay => Some("Build without moving"),
            Step::SwapAll => Some("Swap every worker with the opponent's"),
            Step::BuildBoth => Some("Both workers build, none moves"),
            Step::Wind(w) => Some(WIND_WORDS[usize::from(w.min(8))]),
            Step::NoBuild => Some("End the turn without a build"),
            _ => None,
        }
    }
}

/// `select:B3`, `move:C4`, `build:A5`, `place:B3`, `dome:E5`,
/// `remove:D4`, `force:C4`, `act:D4`, `keep:D4`, `female:B3`; `dome`,
/// `build-first`, `stay`, `swap-all`.
impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.space() {
            Some(space) => write!(f, "{}:{space}", self.kind()),
            None => f.write_str(self.kind()),
        }
    }
}

/// The winds' names as turns write them: `calm`, then santorini-ai's eight.
const WIND_NAMES: [&str; 9] = ["calm", "nw", "n", "ne", "e", "se", "s", "sw", "w"];
/// The wind steps' kinds (buttons).
const WIND_STEPS: [&str; 9] = [
    "wind-calm",
    "wind-nw",
    "wind-n",
    "wind-ne",
    "wind-e",
    "wind-se",
    "wind-s",
    "wind-sw",
    "wind-w",
];
/// The wind steps' words.
const WIND_WORDS: [&str; 9] = [
    "Calm the wind",
    "Wind: no one moves north-west",
    "Wind: no one moves north",
    "Wind: no one moves north-east",
    "Wind: no one moves east",
    "Wind: no one moves south-east",
    "Wind: no one moves south",
    "Wind: no one moves south-west",
    "Wind: no one moves west",
];

/// A wind's name (`ne`, `calm` for 0).
/// Every distinct order of `spaces` (a space may come more than once).
fn orders(spaces: &[Space]) -> Vec<Vec<Space>> {
    if spaces.is_empty() {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for i in 0..spaces.len() {
        if spaces[..i].contains(&spaces[i]) {
            continue;
        }
        let mut rest = spaces.to_vec();
        let first = rest.remove(i);
        for mut order in orders(&rest) {
            order.insert(0, first);
            out.push(order);
        }
    }
    out
}

pub(crate) fn wind_name(wind: u8) -> &'static str {
    WIND_NAMES[usize::from(wind.min(8))]
}

/// The wind of a name (`ne`, `calm`), in either case.
pub(crate) fn wind_of(name: &str) -> Option<u8> {
    let name = name.trim().to_ascii_lowercase();
    WIND_NAMES.iter().position(|&n| n == name).map(|i| i as u8)
}

impl Position {
    /// Every order of steps that makes the turn `mv` of this position: one
    /// path for most turns, two where the order is free (a placement's two
    /// spaces, Demeter's two builds), four for Hermes' two workers (either
    /// first, and either end for either worker where they share a level
    /// region). No path makes two turns.
    ///
    /// `mv` is taken as legal here; for a move that is not, the paths are
    /// those of its text.
    #[must_use]
    pub fn step_paths(&self, mv: Move) -> Vec<Vec<Step>> {
        // The worker on `from` moves to `to`, then the steps `rest`.
        let step = |from, to, rest: &[Step]| [&[Step::Select(from), Step::Move(to)], rest].concat();
        // The same, then two steps `each` on the spaces `pair`, either way
        // round.
        let either_way = |from, to, rest: &[Step], pair: [Space; 2], each: fn(Space) -> Step| {
            [pair, [pair[1], pair[0]]]
                .into_iter()
                .map(|[x, y]| step(from, to, &[rest, &[each(x), each(y)]].concat()))
                .collect()
        };
        match mv {
            Move::Place(a, b) => vec![
                vec![Step::Place(a), Step::Place(b)],
                vec![Step::Place(b), Step::Place(a)],
            ],
            Move::Power(Power::PlaceFemale {
                spaces: [a, b],
                female,
            }) => vec![
                vec![Step::Place(a), Step::Place(b), Step::Female(female)],
                vec![Step::Place(b), Step::Place(a), Step::Female(female)],
            ],
            Move::Power(Power::SwapFemale {
                from,
                to,
                build,
                female,
            }) => vec![step(
                from,
                to,
                &[Step::Build(build), Step::SwapAll, Step::Female(female)],
            )],
            Move::Power(Power::Recruit { at, build }) => {
                vec![vec![Step::Place(at), Step::Build(build)]]
            }
            // Three workers in any order.
            Move::Power(Power::PlaceThree { spaces: [a, b, c] }) => [
                [a, b, c],
                [a, c, b],
                [b, a, c],
                [b, c, a],
                [c, a, b],
                [c, b, a],
            ]
            .into_iter()
            .map(|order| order.map(Step::Place).to_vec())
            .collect(),
            Move::Win { from, to } => vec![step(from, to, &[])],
            Move::Build { from, to, build } => vec![step(from, to, &[Step::Build(build)])],
            Move::Power(Power::Dome { from, to, build }) => {
                vec![step(from, to, &[Step::Build(build), Step::Dome])]
            }
            Move::Power(Power::Twice {
                from,
                to,
                build,
                second,
            }) => {
                let orders = if build == second {
                    vec![[build, build]]
                } else {
                    vec![[build, second], [second, build]]
                };
                orders
                    .into_iter()
                    .map(|[a, b]| step(from, to, &[Step::Build(a), Step::Build(b)]))
                    .collect()
            }
            Move::Power(Power::BuildFirst {
                first,
                from,
                to,
                build,
            }) => vec![vec![
                Step::Select(from),
                Step::BuildFirst,
                Step::Build(first),
                Step::Move(to),
                Step::Build(build),
            ]],
            Move::Power(Power::BuildFirstWin { first, from, to }) => vec![vec![
                Step::Select(from),
                Step::BuildFirst,
                Step::Build(first),
                Step::Move(to),
            ]],
            Move::Power(Power::Remove {
                from,
                to,
                build,
                remove,
            }) => vec![step(from, to, &[Step::Build(build), Step::Remove(remove)])],
            Move::Power(Power::AndDome {
                from,
                to,
                build,
                dome,
            }) => vec![step(from, to, &[Step::Build(build), Step::DomeOn(dome)])],
            Move::Power(Power::Act {
                from,
                to,
                build,
                at,
            }) => vec![step(from, to, &[Step::Build(build), Step::Act(at)])],
            // Castor: either worker first (where the first's end is the
            // other's start, that one must go first); two builds either
            // way round.
            Move::Power(Power::Pair { from, to, .. }) => {
                let first = |i: usize| {
                    vec![
                        Step::Select(from[i]),
                        Step::Move(to[i]),
                        Step::Select(from[1 - i]),
                        Step::Move(to[1 - i]),
                    ]
                };
                [0, 1]
                    .into_iter()
                    .filter(|&i| to[i] != from[1 - i])
                    .map(first)
                    .collect()
            }
            Move::Power(Power::Builds { builds: [a, b] }) => {
                let orders = if a == b {
                    vec![[a, b]]
                } else {
                    vec![[a, b], [b, a]]
                };
                orders
                    .into_iter()
                    .map(|[x, y]| vec![Step::BuildBoth, Step::Build(x), Step::Build(y)])
                    .collect()
            }
            Move::Power(Power::Wind {
                from,
                to,
                build,
                wind,
            }) => vec![step(from, to, &[Step::Build(build), Step::Wind(wind)])],
            Move::Power(Power::MoveOnly { from, to }) => {
                vec![vec![Step::Select(from), Step::Move(to), Step::NoBuild]]
            }
            // Polyphemus' two domes either way round.
            Move::Power(Power::Domes {
                from,
                to,
                build,
                domes: [a, b],
            }) => either_way(from, to, &[Step::Build(build)], [a, b], Step::DomeOn),
            // Poseidon's unmoved worker, selected after the build, then its
            // builds in any order.
            Move::Power(Power::Besides {
                from,
                to,
                build,
                extra,
            }) => {
                let builder = (self.workers[self.to_move.index()] ^ from.bitboard())
                    .first()
                    .unwrap_or(from);
                let extra: Vec<Space> = extra.into_iter().filter(|&s| s != to).collect();
                orders(&extra)
                    .into_iter()
                    .map(|order| {
                        let mut rest = vec![Step::Build(build), Step::Select(builder)];
                        rest.extend(order.into_iter().map(Step::Build));
                        step(from, to, &rest)
                    })
                    .collect()
            }
            // Morpheus' builds in board order (twelve blocks have too many
            // orders to list).
            Move::Power(Power::Heaps { from, to, heaps }) => {
                let builds: Vec<Step> = heaps.spaces(to).map(Step::Build).collect();
                vec![step(from, to, &builds)]
            }
            // A worker forced onto the mover's start is dragged after the
            // move (Scylla); one forced elsewhere, before it (Charon).
            Move::Power(Power::Force {
                forced,
                onto,
                from,
                to,
                build,
            }) if onto == from => vec![vec![
                Step::Select(from),
                Step::Move(to),
                Step::Force(forced),
                Step::Build(build),
            ]],
            Move::Power(Power::Force {
                forced,
                from,
                to,
                build,
                ..
            }) => vec![vec![
                Step::Select(from),
                Step::Force(forced),
                Step::Move(to),
                Step::Build(build),
            ]],
            Move::Power(Power::ForceWin {
                forced, from, to, ..
            }) => vec![vec![
                Step::Select(from),
                Step::Force(forced),
                Step::Move(to),
            ]],
            Move::Power(Power::SwapAll { from, to, build }) => {
                vec![step(from, to, &[Step::Build(build), Step::SwapAll])]
            }
            Move::Power(Power::SwapSome {
                from,
                to,
                build,
                kept,
            }) => vec![step(
                from,
                to,
                &[Step::Build(build), Step::SwapAll, Step::Keep(kept)],
            )],
            Move::Power(Power::SwapTwo {
                from,
                to,
                build,
                pair,
            }) => either_way(
                from,
                to,
                &[Step::Build(build), Step::SwapAll],
                pair,
                Step::Force,
            ),
            Move::Power(Power::Stay { build }) => vec![vec![Step::Stay, Step::Build(build)]],
            Move::Power(Power::Both { from, to, build }) => self.both_paths(from, to, build),
        }
    }

    /// The paths of Hermes' turn of both workers: either worker first, and
    /// where each may also end on the other's end, that pairing too (the
    /// generator lists the two pairings as one turn).
    fn both_paths(&self, from: [Space; 2], to: [Space; 2], build: Space) -> Vec<Vec<Step>> {
        let mut pairings = vec![[(from[0], to[0]), (from[1], to[1])]];
        if let Some((starts, [r1, r2])) = run_ends(self)
            && starts == from
            && r1.contains(to[1])
            && r2.contains(to[0])
        {
            pairings.push([(from[0], to[1]), (from[1], to[0])]);
        }
        let mut paths = Vec::new();
        for [a, b] in pairings {
            for [x, y] in [[a, b], [b, a]] {
                paths.push(vec![
                    Step::Select(x.0),
                    Step::Move(x.1),
                    Step::Select(y.0),
                    Step::Move(y.1),
                    Step::Build(build),
                ]);
            }
        }
        paths
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(pos: &Position, turn: &str) -> Vec<String> {
        let mv = pos.read_move(turn).expect(turn);
        pos.step_paths(mv)
            .iter()
            .map(|p| p.iter().map(Step::to_string).collect::<Vec<_>>().join(" "))
            .collect()
    }

    fn at(text: &str) -> Position {
        text.parse().expect(text)
    }

    #[test]
    fn each_kind_of_turn_has_its_steps_in_every_order_that_makes_it() {
        let demeter = at("0000000000000000000000000/1/demeter:B3,D3/mortal:C4,C2");
        assert_eq!(texts(&demeter, "B3>B4^A5"), ["select:B3 move:B4 build:A5"]);
        assert_eq!(
            texts(&demeter, "B3>B4^A5^B5"),
            [
                "select:B3 move:B4 build:A5 build:B5",
                "select:B3 move:B4 build:B5 build:A5"
            ]
        );
        let hephaestus = at("0000000000000000000000000/1/hephaestus:B3,D3/mortal:C4,C2");
        assert_eq!(
            texts(&hephaestus, "B3>B4^^A5"),
            ["select:B3 move:B4 build:A5 build:A5"]
        );
        let atlas = at("0000000000000000000000000/1/atlas:B3,D3/mortal:C4,C2");
        assert_eq!(
            texts(&atlas, "B3>B4^A5X"),
            ["select:B3 move:B4 build:A5 dome"]
        );
        let prometheus = at("0000000000000000000000000/1/prometheus:B3,D3/mortal:C4,C2");
        assert_eq!(
            texts(&prometheus, "^A3 B3>A4^A5"),
            ["select:B3 build-first build:A3 move:A4 build:A5"]
        );
        let hermes = at("0000000000000000000000000/1/hermes:B3,D3/mortal:C4,C2");
        assert_eq!(texts(&hermes, "^C3"), ["stay build:C3"]);
        let start = at("0000000000000000000000000/1/mortal/mortal");
        assert_eq!(
            texts(&start, "A1,B2"),
            ["place:A1 place:B2", "place:B2 place:A1"]
        );
        let mortal = at("0000000000000020000000000/1/mortal:B3,D3/mortal:C4,C2");
        assert_eq!(texts(&mortal, "B3>A3^A4"), ["select:B3 move:A3 build:A4"]);
        assert_eq!(Step::Dome.words(), Some("Dome instead of a block"));
        assert_eq!(Step::Move(Space::from_index(0).unwrap()).words(), None);
    }

    #[test]
    fn hermes_workers_on_one_level_region_may_take_either_end() {
        // On the ground both workers share one region: four orders.
        let hermes = at("0000000000000000000000000/1/hermes:B3,D3/mortal:C4,C2");
        assert_eq!(
            texts(&hermes, "(B3,D3)>(A5,E5)^B5"),
            [
                "select:B3 move:A5 select:D3 move:E5 build:B5",
                "select:D3 move:E5 select:B3 move:A5 build:B5",
                "select:B3 move:E5 select:D3 move:A5 build:B5",
                "select:D3 move:A5 select:B3 move:E5 build:B5",
            ]
        );
        // D3 and D4 on level 1: each worker has its own end.
        let apart = at("0000000010000100000000000/1/hermes:B3,D3/mortal:C4,C2");
        assert_eq!(
            texts(&apart, "(B3,D3)>(A5,D4)^B5"),
            [
                "select:B3 move:A5 select:D3 move:D4 build:B5",
                "select:D3 move:D4 select:B3 move:A5 build:B5",
            ]
        );
    }
}
