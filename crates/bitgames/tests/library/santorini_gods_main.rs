//! The god powers against outside move generators: santorini-ai's
//! successors of positions of random games with random god pairs
//! (`data/santorini-god-successors*.txt`, written by
//! `tools/santorini/sai_successors.py`: its castor branch for the ten, its
//! main branch for all): at every position, the distinct positions one
//! turn later must be santorini-ai's, by count and by a hash of their
//! canonical strings, but at the known mistakes of main
//! (`data/santorini-god-main-differences.txt`); and perft with gods.

use crate::santorini_gods_known::{
    achilles_as_main, doming_beside_limus, jason_as_main, theseus_as_main,
};
use bitgames::santorini::naive_gods::{
    NaiveState, distinct_successors, successors as naive_successors,
};
use bitgames::santorini::{God, Move, Position};
use bitgames::{Game, Outcome};
use std::collections::{BTreeMap, BTreeSet};

/// The data's hash of positions (sorted): the first 16 hex digits of the
/// SHA-1 of their strings, each followed by a newline.
pub(crate) fn digest<'a>(positions: impl IntoIterator<Item = &'a String>) -> String {
    let mut sha = sha1_smol::Sha1::new();
    for text in positions {
        sha.update(text.as_bytes());
        sha.update(b"\n");
    }
    sha.digest().to_string()[..16].to_string()
}

#[test]
fn the_hash_is_python_hashlibs_sha1() {
    // python3 -c 'import hashlib; print(hashlib.sha1(b"a\nb\n").hexdigest())'
    let texts = ["a".to_string(), "b".to_string()];
    assert_eq!(digest(&texts), "05dec960e24d918b");
    assert_eq!(digest(&[]), "da39a3ee5e6b4b0d");
}

/// The distinct positions one turn after `pos`, as strings.
pub(crate) fn successors(pos: &Position) -> BTreeSet<String> {
    pos.legal_moves()
        .iter()
        .map(|&mv| {
            let mut child = *pos;
            child.play_unchecked(mv);
            child.to_string()
        })
        .collect()
}

/// The bitboard generator and its naive twin, each against santorini-ai
/// at every position of data file `name`: the distinct positions one turn
/// later by count and hash. Santorini-ai's turns as listed agree with the
/// twin's too, but where it lists a position once and the twin once a
/// path (Artemis, Hermes, Hestia's two builds).
fn agree_with(name: &str) -> Agreement {
    let file = format!("{}/tests/library/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut checked = 0;
    let mut wrong = Vec::new();
    let mut pairs = BTreeSet::new();
    for (number, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [fen, listed, distinct, hash] = fields[..] else {
            panic!("{file}: line {}: 4 fields expected: {line}", number + 1);
        };
        let (listed, distinct): (usize, usize) =
            (listed.parse().unwrap(), distinct.parse().unwrap());
        let pos: Position = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.to_string(), fen, "the canonical form reads back");
        let naive: NaiveState = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(naive.to_string(), fen, "the twin's canonical form too");
        pairs.insert(pos.gods());
        let fast = successors(&pos);
        let slow = distinct_successors(&naive);
        let mover = pos.gods()[pos.to_move().index()];
        let listed_agrees = distinct == 0
            || naive_successors(&naive).len() == listed
            || matches!(mover, God::Artemis | God::Hermes | God::Hestia);
        if distinct == 0 {
            // No turn: the player to move has lost.
            if !fast.is_empty() || pos.outcome() != Outcome::Win(pos.to_move().other()) {
                wrong.push(format!(
                    "{fen}: no turn for santorini-ai, {} here",
                    fast.len()
                ));
            }
        } else if fast.len() != distinct || digest(&fast) != hash {
            wrong.push(format!(
                "{fen}: {distinct} distinct, {} on the bitboards",
                fast.len()
            ));
        }
        if slow.len() != distinct || digest(&slow) != hash || !listed_agrees {
            wrong.push(format!(
                "{fen}: {distinct} distinct, {} by the twin",
                slow.len()
            ));
        }
        checked += 1;
    }
    Agreement {
        checked,
        wrong,
        pairs,
    }
}

/// What [`agree_with`] found: the positions checked, those that differ,
/// the god pairs met.
struct Agreement {
    checked: usize,
    wrong: Vec<String>,
    pairs: BTreeSet<[God; 2]>,
}

/// The ten simple gods against santorini-ai's castor branch.
#[test]
fn the_gods_agree_with_santorini_ai_at_every_position() {
    let Agreement {
        checked,
        wrong,
        pairs,
    } = agree_with("santorini-god-successors.txt");
    assert!(
        wrong.is_empty(),
        "{} of {checked} positions differ:\n{}",
        wrong.len(),
        wrong[..wrong.len().min(20)].join("\n")
    );
    assert_eq!(checked, 4_446);
    // Every ordered pair of the ten gods.
    assert_eq!(pairs.len(), 100, "{pairs:?}");
}

/// The lines of a successor data file: (position, distinct, hash).
pub(crate) fn data_lines(name: &str) -> Vec<(String, usize, String)> {
    let file = format!("{}/tests/library/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
    text.lines()
        .enumerate()
        .map(
            |(number, line)| match line.split_whitespace().collect::<Vec<_>>()[..] {
                [fen, _, distinct, hash] => (fen.into(), distinct.parse().unwrap(), hash.into()),
                _ => panic!("{file}: line {}: 4 fields expected: {line}", number + 1),
            },
        )
        .collect()
}

/// The known differences with santorini-ai's main branch
/// (`santorini-god-main-differences.txt`, each position with its reason):
/// main's mistakes against the rulebook (docs/santorini.md, "Gods").
/// `prometheus-build-pairs`: at Prometheus' turns main drops some turns
/// that build before and after the move (castor lists them);
/// `minotaur-winning-push`: after a Minotaur push that wins, main leaves
/// the pushed worker on the Minotaur's space (castor too);
/// `limus-atlas-domes`: main lets Atlas dome beside Limus' workers at any
/// level (Limus allows only a dome that completes a tower);
/// `limus-asteria-domes`: main lets Asteria's dome after a move down stand
/// beside Limus' workers at any level too; `limus-selene-domes`: and
/// Selene's female worker's domes;
/// `achilles-dropped-builds`: main drops some of Achilles' turns that build
/// first, and against Persephone counts no climb by his power (see
/// `achilles_as_main`);
/// `castor-hypnus-pairs`: against Hypnus main moves both of Castor's
/// workers only where both stand on level 2 (the card: where neither is
/// higher than the other, neither is held);
/// `hermes-aeolus-runs`: under Aeolus' wind main lets one of Hermes' workers
/// end its run where the other's run reaches (one region for both, as
/// without a wind), though the step there goes against the wind;
/// `theseus-kill-levels`: main's Theseus kills from the worker that moved
/// two or more levels up, from the other only level 0 against level 3
/// (the card: either worker, exactly two levels);
/// `jason-persephone-recruits`: against Persephone main counts Jason's
/// worker put on the board as a climb (see `jason_as_main`);
/// `hermes-aphrodite-pairs`: where one of Hermes' workers starts near
/// Aphrodite and the other does not, main drops pairs of ends of their
/// runs (it pairs them as if both were kept near her).
fn known_main_mistakes() -> BTreeMap<String, String> {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/library/data/santorini-god-main-differences.txt"
    );
    std::fs::read_to_string(file)
        .unwrap_or_else(|e| panic!("{file}: {e}"))
        .lines()
        .map(
            |line| match line.split_whitespace().collect::<Vec<_>>()[..] {
                [
                    fen,
                    why @ ("prometheus-build-pairs"
                    | "minotaur-winning-push"
                    | "limus-atlas-domes"
                    | "limus-asteria-domes"
                    | "limus-selene-domes"
                    | "limus-polyphemus-domes"
                    | "hermes-aphrodite-pairs"
                    | "theseus-kill-levels"
                    | "achilles-dropped-builds"
                    | "castor-hypnus-pairs"
                    | "castor-harpies-pairs"
                    | "hermes-aeolus-runs"
                    | "jason-persephone-recruits"),
                ] => (fen.to_string(), why.to_string()),
                _ => panic!("{file}: a position and a known reason expected: {line}"),
            },
        )
        .collect()
}

/// The known differences at the positions of `here`.
fn known_at(here: &BTreeSet<String>) -> BTreeMap<String, String> {
    known_main_mistakes()
        .into_iter()
        .filter(|(fen, _)| here.contains(fen))
        .collect()
}

/// The positions of main's data `name` where our successors differ from
/// main's, each with the known mistake it is, checked: Prometheus to move
/// and main listing fewer positions than we do (than castor does, where
/// `castor` has the position), or Minotaur to move with a winning push
/// among its turns; and how many positions each god is to move and
/// waiting at.
fn differences_from_main(
    name: &str,
    castor: Option<&[(String, usize, String)]>,
) -> (BTreeMap<String, String>, Vec<[usize; 2]>) {
    let main = data_lines(name);
    let mut differ = BTreeMap::new();
    let mut unexplained = Vec::new();
    let mut movers = vec![[0usize; 2]; God::ALL.len()];
    for (n, (fen, distinct, hash)) in main.iter().enumerate() {
        let pos: Position = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
        for (side, god) in pos.gods().into_iter().enumerate() {
            movers[god as usize][usize::from(side != pos.to_move().index())] += 1;
        }
        let ours = successors(&pos);
        let agrees = if *distinct == 0 {
            ours.is_empty()
        } else {
            ours.len() == *distinct && digest(&ours) == *hash
        };
        if agrees {
            continue;
        }
        let theirs = pos.workers(pos.to_move().other());
        let why = match pos.gods()[pos.to_move().index()] {
            God::Prometheus => {
                assert!(
                    ours.len() > *distinct,
                    "{fen}: main lists {distinct}, we {}",
                    ours.len()
                );
                if let Some(castor) = castor {
                    let (castor_fen, castor_distinct, _) = &castor[n];
                    assert_eq!(fen, castor_fen, "the same positions in the same order");
                    assert_eq!(ours.len(), *castor_distinct, "{fen}: castor's count");
                }
                "prometheus-build-pairs"
            }
            God::Minotaur => {
                let pushes_to_win = pos
                    .legal_moves()
                    .iter()
                    .any(|m| matches!(*m, Move::Win { to, .. } if theirs.contains(to)));
                assert!(
                    pushes_to_win,
                    "{fen}: Minotaur differs without a winning push"
                );
                assert_eq!(
                    ours.len(),
                    *distinct,
                    "{fen}: the same count, one worker placed apart"
                );
                "minotaur-winning-push"
            }
            God::Hermes
                if pos.gods()[theirs_index(&pos)] == God::Aeolus
                    && pos.god_state(pos.to_move().other()).is_some() =>
            {
                assert!(
                    ours.len() < *distinct,
                    "{fen}: main lists Hermes' runs against the wind"
                );
                "hermes-aeolus-runs"
            }
            God::Hermes if pos.gods()[theirs_index(&pos)] == God::Aphrodite => {
                let near = theirs.closed_neighbourhood();
                let mine = pos.workers(pos.to_move());
                assert!(
                    ours.len() > *distinct && (mine & near).count() == 1,
                    "{fen}: main drops Hermes' pairs of ends with one worker near Aphrodite"
                );
                "hermes-aphrodite-pairs"
            }
            god @ (God::Atlas | God::Asteria | God::Selene | God::Polyphemus)
                if pos.gods()[theirs_index(&pos)] == God::Limus =>
            {
                let free = doming_beside_limus(&pos);
                assert_eq!(
                    (free.len(), digest(&free)),
                    (*distinct, hash.clone()),
                    "{fen}: main's are ours and {god}'s domes beside Limus"
                );
                match god {
                    God::Atlas => "limus-atlas-domes",
                    God::Asteria => "limus-asteria-domes",
                    God::Polyphemus => "limus-polyphemus-domes",
                    _ => "limus-selene-domes",
                }
            }
            God::Achilles => {
                let main = achilles_as_main(&pos);
                assert_eq!(
                    (main.len(), digest(&main)),
                    (*distinct, hash.clone()),
                    "{fen}: main's are ours less the builds main drops for Achilles"
                );
                "achilles-dropped-builds"
            }
            God::Castor if pos.gods()[theirs_index(&pos)] == God::Hypnus => {
                use bitgames::santorini::game::Power;
                let mine = pos.workers(pos.to_move());
                let level2 = (mine & pos.spaces_at_level(2)) == mine;
                let main: BTreeSet<String> = pos
                    .legal_moves()
                    .iter()
                    .filter(|mv| level2 || !matches!(mv, Move::Power(Power::Pair { .. })))
                    .map(|&mv| {
                        let mut child = pos;
                        child.play_unchecked(mv);
                        child.to_string()
                    })
                    .collect();
                assert_eq!(
                    (main.len(), digest(&main)),
                    (*distinct, hash.clone()),
                    "{fen}: main's are ours but Castor's moves of both"
                );
                "castor-hypnus-pairs"
            }
            God::Castor if pos.gods()[theirs_index(&pos)] == God::Harpies => {
                // Main misses some orders of his two workers' slides: it
                // lists fewer positions, and all those of one worker.
                use bitgames::santorini::game::Power;
                let singles: BTreeSet<String> = pos
                    .legal_moves()
                    .iter()
                    .filter(|mv| !matches!(mv, Move::Power(Power::Pair { .. })))
                    .map(|&mv| {
                        let mut child = pos;
                        child.play_unchecked(mv);
                        child.to_string()
                    })
                    .collect();
                assert!(
                    singles.len() <= *distinct && *distinct < ours.len(),
                    "{fen}: main lists {distinct}, we {} ({} by one worker)",
                    ours.len(),
                    singles.len()
                );
                "castor-harpies-pairs"
            }
            God::Jason if pos.gods()[theirs_index(&pos)] == God::Persephone => {
                let main = jason_as_main(&pos);
                assert_eq!(
                    (main.len(), digest(&main)),
                    (*distinct, hash.clone()),
                    "{fen}: main's are Jason's climbs and recruits, or all his turns"
                );
                "jason-persephone-recruits"
            }
            God::Theseus => {
                let main = theseus_as_main(&pos);
                assert_eq!(
                    (main.len(), digest(&main)),
                    (*distinct, hash.clone()),
                    "{fen}: main's are ours with its levels for Theseus' kill"
                );
                "theseus-kill-levels"
            }
            other => {
                unexplained.push(format!(
                    "{fen}: main lists {distinct}, we {}, {other} to move",
                    ours.len()
                ));
                continue;
            }
        };
        differ.insert(fen.clone(), why.to_string());
    }
    assert!(
        unexplained.is_empty(),
        "{} unexplained differences from main:\n{}",
        unexplained.len(),
        unexplained[..unexplained.len().min(40)].join("\n")
    );
    (differ, movers)
}

/// The index of the player not to move.
pub(crate) fn theirs_index(pos: &Position) -> usize {
    pos.to_move().other().index()
}

/// The ten's positions asked of santorini-ai's main branch (50 gods, built
/// as a move generator: `sai_successors.py UCI OUT --positions
/// santorini-god-successors.txt`): the bitboards agree at every position
/// but main's known mistakes, where we list castor's positions.
#[test]
fn the_gods_agree_with_santorini_ais_main_branch_but_its_known_mistakes() {
    let castor = data_lines("santorini-god-successors.txt");
    let (differ, movers) =
        differences_from_main("santorini-god-successors-main.txt", Some(&castor));
    let here: BTreeSet<String> = castor.into_iter().map(|(fen, _, _)| fen).collect();
    assert_eq!(differ, known_at(&here), "main differs where it is known to");
    assert_eq!((here.len(), differ.len()), (4_446, 367));
    // Every simple god at 300 or more positions, to move and not to move.
    for god in God::SIMPLE {
        let [to_move, waiting] = movers[god as usize];
        assert!(
            to_move >= 300 && waiting >= 300,
            "{god}: {to_move} and {waiting}"
        );
    }
}

/// The gods castor lacks, against santorini-ai's main branch: positions
/// of 220 random games, each with Hestia, Zeus, Pegasus, Urania or Hera
/// on one side against any of the fifteen (`sai_successors.py MAIN_UCI OUT
/// --games 220 --seed 72 --gods apollo,...,prometheus,hestia,zeus,pegasus,urania,hera
/// --with hestia,zeus,pegasus,urania,hera`). The bitboards
/// agree at every position but main's known Prometheus mistakes, and the
/// twin agrees with the bitboards.
#[test]
fn the_later_gods_agree_with_santorini_ais_main_branch() {
    later_gods_agree(
        "santorini-god-successors-later.txt",
        (8_480, 232),
        &[God::Hestia, God::Zeus, God::Pegasus, God::Urania, God::Hera],
    );
}

/// The gods that restrict their opponents' turns, against santorini-ai's
/// main branch: positions of 150 random games, each with Hades, Hypnus
/// or Limus on one side against any of the eighteen but a banned pair
/// (`sai_successors.py MAIN_UCI OUT --games 150 --seed 74 --gods
/// apollo,...,hera,hades,hypnus,limus --with hades,hypnus,limus`).
#[test]
fn the_restricting_gods_agree_with_santorini_ais_main_branch() {
    later_gods_agree(
        "santorini-god-successors-restricting.txt",
        (5_477, 171),
        &[God::Hades, God::Hypnus, God::Limus],
    );
}

/// The gods that choose among their opponents' turns, against
/// santorini-ai's main branch: positions of 120 random games, each with
/// Persephone or Aphrodite on one side against any of the twenty but a
/// banned pair (`sai_successors.py MAIN_UCI OUT --games 120 --seed 75
/// --gods apollo,...,limus,persephone,aphrodite --with persephone,aphrodite`).
#[test]
fn the_gods_that_choose_opponents_turns_agree_with_santorini_ais_main_branch() {
    later_gods_agree(
        "santorini-god-successors-keeping.txt",
        (3_648, 81),
        &[God::Persephone, God::Aphrodite],
    );
}

/// Iris against santorini-ai's main branch: positions of 60 random games,
/// each with Iris on one side against any of the twenty-one
/// (`sai_successors.py MAIN_UCI OUT --games 60 --seed 76 --gods
/// apollo,...,aphrodite,iris --with iris`).
#[test]
fn iris_agrees_with_santorini_ais_main_branch() {
    later_gods_agree(
        "santorini-god-successors-iris.txt",
        (2_225, 51),
        &[God::Iris],
    );
}

/// The Maenads against santorini-ai's main branch: positions of 60 random
/// games, each with the Maenads on one side against any of the
/// twenty-two (`sai_successors.py MAIN_UCI OUT --games 60 --seed 77 --gods
/// apollo,...,iris,maenads --with maenads`).
#[test]
fn the_maenads_agree_with_santorini_ais_main_branch() {
    later_gods_agree(
        "santorini-god-successors-maenads.txt",
        (2_193, 39),
        &[God::Maenads],
    );
}

/// Nike against santorini-ai's main branch: positions of 60 random games,
/// each with Nike on one side against any of the twenty-three but a banned
/// pair (`sai_successors.py MAIN_UCI OUT --games 60 --seed 78 --gods
/// apollo,...,maenads,nike --with nike`).
#[test]
fn nike_agrees_with_santorini_ais_main_branch() {
    later_gods_agree(
        "santorini-god-successors-nike.txt",
        (2_204, 52),
        &[God::Nike],
    );
}

/// Eros against santorini-ai's main branch: positions of 60 random games,
/// each with Eros on one side against any of the twenty-four
/// (`sai_successors.py MAIN_UCI OUT --games 60 --seed 79 --gods
/// apollo,...,nike,eros --with eros`).
#[test]
fn eros_agrees_with_santorini_ais_main_branch() {
    later_gods_agree(
        "santorini-god-successors-eros.txt",
        (2_232, 31),
        &[God::Eros],
    );
}

/// Main's data `name` of later gods: `counts` positions and known
/// differences, the bitboards and the twin agreeing everywhere, and each
/// of `gods` to move and waiting at 300 positions or more.
pub(crate) fn later_gods_agree(name: &str, counts: (usize, usize), gods: &[God]) {
    let (differ, movers) = differences_from_main(name, None);
    let here: BTreeSet<String> = data_lines(name).into_iter().map(|(f, _, _)| f).collect();
    for fen in &here {
        let pos: Position = fen.parse().unwrap();
        let naive: NaiveState = fen.parse().unwrap();
        let fast: Vec<String> = successors(&pos).into_iter().collect();
        assert_eq!(fast, distinct_successors(&naive), "{fen}");
    }
    assert_eq!(differ, known_at(&here), "main differs where it is known to");
    assert_eq!((here.len(), differ.len()), counts);
    for &god in gods {
        let [to_move, waiting] = movers[god as usize];
        assert!(
            to_move >= 300 && waiting >= 300,
            "{god}: {to_move} and {waiting}"
        );
    }
}

/// Perft with gods: the distinct positions at each depth are santorini-ai's
/// (`data/santorini-god-perft.txt`, by `tools/santorini/sai_perft.py`: its
/// castor branch for the ten, its main branch for the later gods). The
/// turns differ where santorini-ai lists every path (Artemis, Hermes,
/// Demeter's two builds in either order, Prometheus): docs/santorini.md has
/// both counts.
#[test]
fn perft_with_gods_reaches_santorini_ais_positions() {
    use bitgames::tools::{distinct_positions_by_depth, perft};
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/library/data/santorini-god-perft.txt"
    );
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut checked = 0;
    for line in text.lines() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [fen, depth, _listed, distinct] = fields[..] else {
            panic!("{file}: 4 fields expected: {line}");
        };
        let pos: Position = fen.parse().unwrap();
        let depth: u32 = depth.parse().unwrap();
        let ours = distinct_positions_by_depth(&pos, depth)[depth as usize];
        assert_eq!(ours.to_string(), distinct, "{fen} depth {depth}");
        println!(
            "{fen} {depth}: {} turns, {ours} positions",
            perft(&pos, depth)
        );
        checked += 1;
    }
    assert_eq!(checked, 118);
}
