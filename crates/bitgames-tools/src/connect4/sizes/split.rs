//! `sizes --split N`: a first move's win/draw/loss search split into the
//! null-window tests of the positions `N` moves deep, each a journal line as
//! soon as it is known, so that a board whose first moves each take longer
//! than a run still gets done, one run after another.
//!
//! A test asks whether a position's score is at least 0 or 1 for the player
//! to move. Above the split, a test is the tests of the children, centre
//! first: the player to move reaches `s` if some move leaves the opponent
//! under `1 - s`, and stops at the first such move.

use super::{Args, ColumnSolved, Journal, Line, append, cpu_seconds};
use bitgames::connect4::policy::centre_first;
use bitgames::connect4::solver::SolveError;
use bitgames::connect4::{Geometry, Position};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// One test of a position `--split` moves deep: a journal line.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) struct TestSolved {
    pub width: usize,
    pub height: usize,
    /// The moves from the empty board, 1-based columns.
    pub moves: Vec<usize>,
    /// The score asked about, for the player to move.
    pub at_least: i32,
    /// Whether the score is at least `at_least`; absent when the test ran
    /// past `--split-after` and was split into its children's tests.
    #[serde(default)]
    pub holds: Option<bool>,
    pub nodes: u64,
    /// Wall-clock and processor seconds of the run, from its start to this
    /// test's end.
    pub seconds: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_seconds: Option<f64>,
    pub threads: usize,
    pub run: u64,
}

impl TestSolved {
    /// The first move this test is part of, counted as its left mirror.
    pub fn column(&self) -> usize {
        let first = self.moves.first().copied().unwrap_or(1);
        first.min(self.width + 1 - first)
    }
}

/// The tests the journal holds for a board, by moves and score asked: the
/// answer (`None`: split) and the nodes.
type Known = HashMap<(Vec<usize>, i32), (Option<bool>, u64)>;

/// What a run shares between its threads.
struct Run<'a> {
    geometry: Geometry,
    args: &'a Args,
    split: usize,
    /// A test that runs longer is stopped and split into its children's.
    split_after: Option<std::time::Duration>,
    known: Known,
    threads: usize,
    started: Instant,
    cpu_started: Option<f64>,
    run: u64,
    /// Any error writing the journal.
    written: Mutex<anyhow::Result<()>>,
    /// The tests this run journaled.
    recorded: Mutex<Vec<TestSolved>>,
}

impl<'a> Run<'a> {
    /// A run of a board's tests, knowing what the journal holds.
    fn new(
        geometry: Geometry,
        args: &'a Args,
        split: usize,
        threads: usize,
        journal: &Journal,
    ) -> Run<'a> {
        let mut known = Known::new();
        for t in &journal.tests {
            if t.width == geometry.width() && t.height == geometry.height() {
                known.insert((t.moves.clone(), t.at_least), (t.holds, t.nodes));
            }
        }
        Run {
            geometry,
            args,
            split,
            split_after: args.split_after,
            known,
            threads,
            started: Instant::now(),
            cpu_started: cpu_seconds(),
            run: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs()),
            written: Mutex::new(Ok(())),
            recorded: Mutex::new(Vec::new()),
        }
    }

    /// The journal's answer for these moves or their mirror image.
    fn known(&self, moves: &[usize], score: i32) -> Option<(Option<bool>, u64)> {
        let w = self.geometry.width();
        let mirror: Vec<usize> = moves.iter().map(|&m| w + 1 - m).collect();
        self.known
            .get(&(moves.to_vec(), score))
            .or_else(|| self.known.get(&(mirror, score)))
            .copied()
    }

    /// Journals a test, and says so on stderr (the run's progress).
    fn record(&self, line: TestSolved) {
        let moves: Vec<String> = line.moves.iter().map(ToString::to_string).collect();
        let answer = match line.holds {
            Some(true) => "yes",
            Some(false) => "no",
            None => "split (too long)",
        };
        eprintln!(
            "bitgames-tools: {}: after {}, at least {} for the player to move? {answer} \
             ({} nodes; {:.0} s into the run)",
            self.geometry,
            moves.join(","),
            line.at_least,
            line.nodes,
            line.seconds
        );
        let mut written = self.written.lock().unwrap_or_else(|e| e.into_inner());
        if written.is_ok()
            && let Some(path) = &self.args.journal
        {
            *written = append(path, &Line::Test(line.clone()));
        }
        let mut recorded = self.recorded.lock().unwrap_or_else(|e| e.into_inner());
        recorded.push(line);
    }

    /// Whether the score of `pos` (reached by `moves`) is at least `score`
    /// for the player to move, with the nodes of the tests it took.
    fn at_least(
        &self,
        solver: &mut bitgames::connect4::solver::Solver,
        pos: &Position,
        moves: &mut Vec<usize>,
        score: i32,
    ) -> anyhow::Result<(bool, u64)> {
        let cells = self.geometry.cells();
        let n = pos.moves_played();
        let width = self.geometry.width();
        let playable = || {
            centre_first(self.geometry)
                .into_iter()
                .filter(|&c| pos.can_play(c))
        };
        if playable().any(|c| pos.is_winning_move(c)) {
            return Ok((((cells + 1 - n) / 2) as i32 >= score, 0));
        }
        let mut nodes = 0;
        let found = self.known(moves, score);
        if let Some((Some(holds), spent)) = found {
            return Ok((holds, spent));
        }
        if moves.len() >= self.split && found.is_none() {
            solver.reset_stats();
            let deadline = self.split_after.map(|d| bitgames::time::Instant::now() + d);
            solver.set_deadline(deadline);
            let result = solver.at_least(pos, score);
            solver.set_deadline(None);
            let holds = match result {
                Ok(holds) => Some(holds),
                Err(SolveError::Interrupted(_)) => None,
                Err(e) => return Err(e.into()),
            };
            nodes = solver.stats().nodes;
            self.record(TestSolved {
                width,
                height: self.geometry.height(),
                moves: moves.clone(),
                at_least: score,
                holds,
                nodes,
                seconds: self.started.elapsed().as_secs_f64(),
                cpu_seconds: cpu_seconds()
                    .zip(self.cpu_started)
                    .map(|(end, start)| end - start),
                threads: self.threads,
                run: self.run,
            });
            if let Some(holds) = holds {
                return Ok((holds, nodes));
            }
        }
        if let Some((None, spent)) = found {
            nodes = spent;
        }
        // A position and its mirror image score the same: of a symmetric
        // position's moves, the left ones only.
        let mut mirror = Position::new(self.geometry);
        for &m in moves.iter() {
            mirror.play(width - m)?;
        }
        let symmetric = mirror == *pos;
        for col in playable() {
            if symmetric && col > width - 1 - col {
                continue;
            }
            let child = pos.after(col)?;
            if child.moves_played() == cells {
                if score <= 0 {
                    return Ok((true, nodes));
                }
                continue;
            }
            moves.push(col + 1);
            let found = self.at_least(solver, &child, moves, 1 - score);
            moves.pop();
            let (holds, spent) = found?;
            nodes += spent;
            if !holds {
                return Ok((true, nodes));
            }
        }
        Ok((false, nodes))
    }

    /// A first move's score for the first player (+1, 0 or -1) and the
    /// nodes of its tests.
    fn column(
        &self,
        solver: &mut bitgames::connect4::solver::Solver,
        col: usize,
    ) -> anyhow::Result<(i32, u64)> {
        let pos = Position::new(self.geometry).after(col)?;
        let mut moves = vec![col + 1];
        let (second_wins, a) = self.at_least(solver, &pos, &mut moves, 1)?;
        if second_wins {
            return Ok((-1, a));
        }
        let (second_draws, b) = self.at_least(solver, &pos, &mut moves, 0)?;
        Ok((if second_draws { 0 } else { 1 }, a + b))
    }

    /// The board's value alone (`--value-only`), from two questions about
    /// its first moves: "does one win?" and "does one draw at least?", each
    /// first move's tests on every thread, centre first, the question whose
    /// yes settles `guess` (the published value) first: a `+` board is done
    /// at its first winning move. Each first move's score lies in
    /// `low..=high`, from `columns` (first moves the journal scored) and the
    /// tests; with the value, the scores settled (`None` where still open).
    fn value(
        &self,
        solver: &mut bitgames::connect4::solver::Solver,
        guess: Option<i8>,
        columns: &[(usize, i32)],
    ) -> anyhow::Result<(i32, Vec<Option<i32>>)> {
        let width = self.geometry.width();
        let (mut low, mut high) = (vec![-1; width], vec![1; width]);
        for &(col, score) in columns {
            (low[col], high[col]) = (score, score);
        }
        let settled = |low: &[i32], high: &[i32]| -> Vec<Option<i32>> {
            (0..width)
                .map(|c| {
                    let c = c.min(width - 1 - c);
                    (low[c] == high[c]).then_some(low[c])
                })
                .collect()
        };
        let left: Vec<usize> = centre_first(self.geometry)
            .into_iter()
            .filter(|&c| c <= width - 1 - c)
            .collect();
        let targets = if guess == Some(1) { [1, 0] } else { [0, 1] };
        for target in targets {
            // A first move reaches `target` when the second player, to move
            // after it, cannot reach `1 - target`.
            let mut found = left.iter().any(|&c| low[c] >= target);
            for &c in &left {
                if found {
                    break;
                }
                if high[c] < target {
                    continue;
                }
                let pos = Position::new(self.geometry).after(c)?;
                let mut moves = vec![c + 1];
                let (second_reaches, _) = self.at_least(solver, &pos, &mut moves, 1 - target)?;
                if second_reaches {
                    high[c] = target - 1;
                } else {
                    low[c] = target;
                    found = true;
                }
                eprintln!(
                    "bitgames-tools: {}: does first move {} {}? {}",
                    self.geometry,
                    c + 1,
                    if target == 1 { "win" } else { "draw at least" },
                    if found { "yes" } else { "no" }
                );
            }
            match (target, found) {
                (1, true) => return Ok((1, settled(&low, &high))),
                (0, false) => return Ok((-1, settled(&low, &high))),
                _ => {}
            }
        }
        // Some first move draws at least, and none wins.
        Ok((0, settled(&low, &high)))
    }
}

/// The first moves `todo` (0-based columns) of the empty board, each split
/// into its tests `--split` moves deep, side by side on the threads: each
/// finished move is a journal line, as without the split.
pub(super) fn solve_columns(
    geometry: Geometry,
    args: &Args,
    split: usize,
    threads: usize,
    todo: &[usize],
    journal: &Journal,
    done: &(dyn Fn(ColumnSolved) + Sync),
) -> anyhow::Result<()> {
    if todo.is_empty() {
        return Ok(());
    }
    let run = Run::new(geometry, args, split, threads, journal);
    let count = threads.min(todo.len());
    let next = AtomicUsize::new(0);
    let failed = Mutex::new(None);
    let work = |share: usize| -> anyhow::Result<()> {
        let mut solver = super::solver_with_table_log2(args.table_log2)?;
        solver.set_threads(share);
        while let Some(&col) = todo.get(next.fetch_add(1, Ordering::Relaxed)) {
            let (score, nodes) = run.column(&mut solver, col)?;
            done(ColumnSolved {
                width: geometry.width(),
                height: geometry.height(),
                mode: "weak".to_string(),
                column: col + 1,
                score,
                nodes,
                seconds: run.started.elapsed().as_secs_f64(),
                cpu_seconds: cpu_seconds()
                    .zip(run.cpu_started)
                    .map(|(end, start)| end - start),
                threads,
                run: Some(run.run),
            });
        }
        Ok(())
    };
    std::thread::scope(|scope| {
        for i in 0..count {
            let share = threads / count + usize::from(i < threads % count);
            let (work, failed) = (&work, &failed);
            scope.spawn(move || {
                if let Err(e) = work(share) {
                    *failed.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
                }
            });
        }
    });
    run.written
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())?;
    match failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// The empty board's value alone (`--value-only`), its tests `--split`
/// moves deep on all the threads; with each first move's score where the
/// tests settled it, and the tests this run journaled.
pub(super) fn solve_value(
    geometry: Geometry,
    args: &Args,
    split: usize,
    threads: usize,
    journal: &Journal,
    columns: &[(usize, i32)],
) -> anyhow::Result<(i32, Vec<Option<i32>>, Vec<TestSolved>)> {
    let run = Run::new(geometry, args, split, threads, journal);
    let mut solver = super::solver_with_table_log2(args.table_log2)?;
    solver.set_threads(threads);
    let guess = bitgames::connect4::known::empty_board_value(geometry);
    let result = run.value(&mut solver, guess, columns);
    run.written
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())?;
    let (score, scores) = result?;
    let recorded = run.recorded.into_inner().unwrap_or_else(|e| e.into_inner());
    Ok((score, scores, recorded))
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitgames::connect4::solver::{Mode, Solver};
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: Args,
    }

    #[test]
    fn the_value_alone_is_right_whichever_question_comes_first() {
        let mut args = Cli::parse_from(["sizes", "--weak", "--split", "2", "--journal", "j"]).args;
        args.journal = None;
        for (w, h) in [(4, 4), (5, 4), (6, 4), (7, 4), (4, 5)] {
            let g = Geometry::new(w, h).unwrap();
            // Each first move's win, draw or loss, searched whole.
            let mut exact = Solver::new();
            let first: Vec<i32> = (0..w)
                .map(|c| {
                    let after = Position::new(g).after(c).unwrap();
                    -exact.solve(&after, Mode::Weak).unwrap().signum()
                })
                .collect();
            let value = *first.iter().max().unwrap();
            for guess in [Some(1), Some(0), Some(-1), None] {
                let run = Run::new(g, &args, 2, 1, &Journal::default());
                let mut solver = Solver::new();
                let (score, scores) = run.value(&mut solver, guess, &[]).unwrap();
                assert_eq!(score, value, "{g}, guess {guess:?}");
                for (c, s) in scores.iter().enumerate() {
                    if let Some(s) = s {
                        assert_eq!(*s, first[c], "{g}, guess {guess:?}, first move {}", c + 1);
                    }
                }
                // The value's witness is settled: a best first move.
                assert!(scores.contains(&Some(value)), "{g}: {scores:?}");
                // A loss is every first move's.
                if value == -1 {
                    assert!(scores.iter().all(|&s| s == Some(-1)), "{g}: {scores:?}");
                }
            }
            // A first move the journal scored is not tested again.
            let run = Run::new(g, &args, 2, 1, &Journal::default());
            let centre = (w - 1) / 2;
            let (score, scores) = run
                .value(&mut Solver::new(), Some(0), &[(centre, first[centre])])
                .unwrap();
            assert_eq!((score, scores[centre]), (value, Some(first[centre])));
            assert!(
                run.recorded
                    .lock()
                    .unwrap()
                    .iter()
                    .all(|t| t.moves[0] != centre + 1 && t.moves[0] != w - centre)
            );
        }
    }
}
