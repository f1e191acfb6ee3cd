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
    /// Journal lines written by this run, and any error writing them.
    written: Mutex<anyhow::Result<()>>,
}

impl Run<'_> {
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
            "bitgames: {}: after {}, at least {} for the player to move? {answer} \
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
            *written = append(path, &Line::Test(line));
        }
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
    let mut known = Known::new();
    for t in &journal.tests {
        if t.width == geometry.width() && t.height == geometry.height() {
            known.insert((t.moves.clone(), t.at_least), (t.holds, t.nodes));
        }
    }
    let run = Run {
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
    };
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
