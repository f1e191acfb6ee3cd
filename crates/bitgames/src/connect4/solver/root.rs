//! The root driver: a position's columns analysed side by side, and one
//! position searched on several threads sharing the table (lazy SMP).

use super::search::{Goal, HELPER_FIRST_GUESS};
use super::word::Word;
use super::*;

impl Solver {
    /// Every column's score, each reported to `done` (column, score) as soon
    /// as it is known; a column the deadline stops is [`Column::Unfinished`]
    /// (the others keep their scores). Columns are shared out over the
    /// solver's threads, centre first; they share the table. With more
    /// threads than columns, each column is searched on several.
    pub fn analyze_columns(
        &mut self,
        pos: &Position,
        mode: Mode,
        done: &(dyn Fn(usize, i32) + Sync),
    ) -> Result<Vec<Column>, SolveError> {
        self.solve_columns(pos, mode, 0, &|col, score, _| done(col, score))
    }

    /// [`Solver::analyze_columns`] of the columns not in `skip` (bit `c`:
    /// column `c`; those are [`Column::Unfinished`] in the result), each
    /// reported to `done` with the nodes of its own search (0 for a column
    /// known without one).
    pub fn solve_columns(
        &mut self,
        pos: &Position,
        mode: Mode,
        skip: u32,
        done: &(dyn Fn(usize, i32, u64) + Sync),
    ) -> Result<Vec<Column>, SolveError> {
        self.prepare(pos)?;
        let geometry = pos.geometry();
        let cells = geometry.cells() as i32;
        let n = pos.moves_played() as i32;
        let mut columns = vec![Column::Full; geometry.width()];
        let mut todo = Vec::new();
        for col in geometry.centre_first() {
            if !pos.can_play(col) {
                continue;
            }
            if skip >> col & 1 != 0 {
                columns[col] = Column::Unfinished;
                continue;
            }
            let known = if pos.is_winning_move(col) {
                Some(match mode {
                    Mode::Strong => (cells + 1 - n) / 2,
                    Mode::Weak => 1,
                })
            } else {
                let child = pos.after(col).expect("a playable column");
                if child.moves_played() == geometry.cells() {
                    Some(0)
                } else {
                    todo.push((col, child));
                    None
                }
            };
            if let Some(score) = known {
                columns[col] = Column::Score(score);
                done(col, score, 0);
            }
        }
        if self.threads <= 1 || todo.len() <= 1 {
            for (col, child) in &todo {
                if self.stopped || self.out_of_time() {
                    columns[*col] = Column::Unfinished;
                    continue;
                }
                let before = self.nodes;
                let score = -self.solve_root(child, Goal::Score(mode));
                columns[*col] = if self.stopped {
                    Column::Unfinished
                } else {
                    done(*col, score, self.nodes - before);
                    Column::Score(score)
                };
            }
            self.stopped = false;
            return Ok(columns);
        }
        // One column a worker at a time, all on the one table; with more
        // threads than columns, each worker searches its column on several.
        self.table_mut().use_all();
        let threads = self.threads;
        let count = threads.min(todo.len());
        let share = |i: usize| threads / count + usize::from(i < threads % count);
        let mut workers: Vec<Solver> = (1..count)
            .map(|i| {
                let mut worker = self.sharer(None);
                worker.threads = share(i);
                worker
            })
            .collect();
        let next = std::sync::atomic::AtomicUsize::new(0);
        let results = std::sync::Mutex::new(&mut columns);
        self.threads = share(0);
        {
            let work = |solver: &mut Solver| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some((col, child)) = todo.get(i) else {
                        break;
                    };
                    let result = if solver.out_of_time() {
                        Column::Unfinished
                    } else {
                        let before = solver.nodes;
                        let score = -solver.solve_root(child, Goal::Score(mode));
                        if solver.stopped {
                            Column::Unfinished
                        } else {
                            done(*col, score, solver.nodes - before);
                            Column::Score(score)
                        }
                    };
                    results.lock().unwrap_or_else(|e| e.into_inner())[*col] = result;
                }
            };
            std::thread::scope(|scope| {
                for w in &mut workers {
                    // A worker the system cannot start takes no column:
                    // the others (this thread at least) take them all.
                    let _ = std::thread::Builder::new().spawn_scoped(scope, || work(w));
                }
                work(self);
            });
        }
        self.threads = threads;
        self.stopped = false;
        self.nodes += workers.iter().map(|w| w.nodes).sum::<u64>();
        self.searched += workers.iter().map(|w| w.searched).sum::<u64>();
        Ok(columns)
    }

    /// The score of one column for the player to move (`None` for a full
    /// column or one off the board): what [`Solver::analyze`] gives for it.
    pub fn analyze_column(
        &mut self,
        pos: &Position,
        col: usize,
        mode: Mode,
    ) -> Result<Option<i32>, SolveError> {
        self.prepare(pos)?;
        if col >= pos.width() || !pos.can_play(col) {
            return Ok(None);
        }
        let cells = pos.geometry().cells();
        let n = pos.moves_played() as i32;
        let score = if pos.is_winning_move(col) {
            match mode {
                Mode::Strong => (cells as i32 + 1 - n) / 2,
                Mode::Weak => 1,
            }
        } else {
            let child = pos.after(col).expect("a playable column");
            if child.moves_played() == cells {
                0
            } else {
                -self.solve_root(&child, Goal::Score(mode))
            }
        };
        if self.stopped {
            return Err(Interrupted.into());
        }
        Ok(Some(score))
    }

    /// A solver for another thread that shares this one's table, book,
    /// deadline, cancel flag and busy positions.
    pub(super) fn sharer(&self, stop: Option<Arc<AtomicBool>>) -> Solver {
        Solver {
            table: self.table.clone(),
            wide: self.wide.clone(),
            table_log2: self.table_log2,
            geometry: self.geometry,
            geo: self.geo.clone(),
            book: self.book.clone(),
            nodes: 0,
            searched: 0,
            nodes_at_resize: 0,
            deadline: self.deadline,
            stop,
            cancel: self.cancel.clone(),
            stopped: false,
            threads: 1,
            busy: self.busy.clone(),
            share_below: 0,
            first_guess: 0,
            etc_min_empty: search::ETC_MIN_EMPTY,
        }
    }

    /// The root search of `pos` (prepared: its board's constants are set),
    /// in the word and move arrays that fit its board.
    pub(super) fn solve_root(&mut self, pos: &Position, goal: Goal) -> i32 {
        with_geo!(self, g => self.solve_root_in(&g, Word::from_u128(pos.current()), Word::from_u128(pos.mask()), goal))
    }

    /// The root search, on this thread alone or with helpers.
    fn solve_root_in<W: Word, const N: usize, const H: u32>(
        &mut self,
        g: &Geo<W, N, H>,
        cur: W,
        mask: W,
        goal: Goal,
    ) -> i32 {
        if self.threads <= 1 {
            return self.solve_prepared_in(g, cur, mask, goal);
        }
        // All of the table (a column's workers share one that already is).
        if let Some(table) = Arc::get_mut(&mut self.table) {
            table.use_all();
        }
        let stop = Arc::new(AtomicBool::new(false));
        self.stop = Some(stop.clone());
        self.busy = Some(Arc::new(Busy::new()));
        let mut helpers: Vec<Solver> = (1..self.threads)
            .map(|i| {
                let mut helper = self.sharer(Some(stop.clone()));
                if i % 2 == 1 {
                    helper.first_guess = HELPER_FIRST_GUESS;
                }
                helper
            })
            .collect();
        let (mine, theirs) = std::thread::scope(|scope| {
            // A helper the system cannot start is left out: the search is
            // the same on fewer threads.
            let handles: Vec<_> = helpers
                .iter_mut()
                .filter_map(|h| {
                    let stop = &stop;
                    std::thread::Builder::new()
                        .spawn_scoped(scope, move || {
                            let r = h.solve_prepared_in(g, cur, mask, goal);
                            if h.stopped {
                                None
                            } else {
                                stop.store(true, Ordering::Relaxed);
                                Some(r)
                            }
                        })
                        .ok()
                })
                .collect();
            let r = self.solve_prepared_in(g, cur, mask, goal);
            let mine = (!self.stopped).then_some(r);
            if mine.is_some() {
                stop.store(true, Ordering::Relaxed);
            }
            let theirs: Vec<Option<i32>> = handles
                .into_iter()
                .map(|h| h.join().expect("a solver thread panicked"))
                .collect();
            (mine, theirs)
        });
        self.nodes += helpers.iter().map(|h| h.nodes).sum::<u64>();
        self.searched += helpers.iter().map(|h| h.searched).sum::<u64>();
        self.stop = None;
        self.busy = None;
        match mine.or_else(|| theirs.into_iter().flatten().next()) {
            Some(r) => {
                self.stopped = false;
                r
            }
            None => {
                self.stopped = true;
                0
            }
        }
    }
}
