//! The exact Connect Four solver from Python: scores, and the library's
//! analysis under a deadline (`bitgames::connect4::analysis`), which
//! `Solver.analysis` gives whole and `analyze` and `best_action` format.

use crate::connect4::PyBook;
use bitgames::connect4::analysis::{self, Analysis, Budget, Known};
use bitgames::connect4::solver::book::{self, Book};
use bitgames::connect4::solver::{Mode, SolveError, Solver};
use bitgames::connect4::{Geometry, Position};
use bitgames::{Game, time::Instant};
use pyo3::exceptions::{PyMemoryError, PyTimeoutError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use rayon::prelude::*;
use std::cell::RefCell;
use std::sync::Arc;

thread_local! {
    static C4_SOLVER: RefCell<Option<Solver>> = const { RefCell::new(None) };
}

/// Runs `f` with this thread's Connect Four solver (made on first use),
/// using `book` (`None`: no book). The solver of [`PySolver`]: the expert
/// player is the registry's engine (`crate::engine`).
fn with_c4_solver<T>(book: Option<Arc<Book>>, f: impl FnOnce(&mut Solver) -> T) -> T {
    C4_SOLVER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let solver = slot.get_or_insert_with(Solver::new);
        solver.set_book(book);
        f(solver)
    })
}
/// The book a solver uses: none, the library's built-in one for each board
/// size that has one, or one given (for one board size: positions of
/// another are refused).
#[derive(Clone)]
enum BookChoice {
    None,
    Builtin,
    Given(Arc<Book>),
}

impl BookChoice {
    /// The book for positions of board `g`; a given book of another board
    /// size is refused, naming both (as the command refuses it).
    fn for_board(&self, g: Geometry) -> Result<Option<Arc<Book>>, String> {
        match self {
            BookChoice::None => Ok(None),
            BookChoice::Builtin => Ok(book::builtin_shared(g)),
            BookChoice::Given(b) => b
                .check_board(g)
                .map(|()| Some(b.clone()))
                .map_err(|e| format!("the solver's book {e}")),
        }
    }
}

/// The book argument: a Book, a path, "builtin" (default) or None (no book).
fn book_arg(book: Option<&Bound<'_, PyAny>>) -> PyResult<BookChoice> {
    let Some(obj) = book else {
        return Ok(BookChoice::None);
    };
    if obj.is_none() {
        return Ok(BookChoice::None);
    }
    if let Ok(b) = obj.cast::<PyBook>() {
        return Ok(BookChoice::Given(b.get().book.clone()));
    }
    if let Ok(s) = obj.extract::<String>()
        && s == "builtin"
    {
        return Ok(BookChoice::Builtin);
    }
    if let Ok(path) = obj.extract::<std::path::PathBuf>() {
        return Ok(BookChoice::Given(PyBook::load(path)?.book));
    }
    Err(PyTypeError::new_err(
        "book must be a Book, a path, \"builtin\" or None",
    ))
}

impl PySolver {
    /// Runs `work` on this thread's solver, with this solver's book, the GIL
    /// released and the deadline `time` (seconds); an interrupted search is
    /// a TimeoutError.
    fn timed<T: Send>(
        &self,
        py: Python<'_>,
        board: Geometry,
        time: Option<f64>,
        work: impl FnOnce(&mut Solver) -> Result<T, SolveError> + Send,
    ) -> PyResult<T> {
        let deadline = deadline(time)?;
        let book = self.book.for_board(board).map_err(PyValueError::new_err)?;
        py.detach(|| {
            with_c4_solver(book, |s| {
                s.set_deadline(deadline);
                let r = work(s);
                s.set_deadline(None);
                r
            })
        })
        .map_err(|e| solve_error(e, time))
    }
}

impl PySolver {
    /// The library's analysis of `pos` by `time` (seconds), on this
    /// thread's solver with this solver's book, the GIL released.
    fn analysed(
        &self,
        py: Python<'_>,
        pos: &Position,
        time: Option<f64>,
        weak: bool,
    ) -> PyResult<PyAnalysis> {
        if pos.outcome().is_over() {
            return Err(solve_error(SolveError::GameOver(pos.outcome()), time));
        }
        let deadline = deadline(time)?;
        let book = self
            .book
            .for_board(pos.geometry())
            .map_err(PyValueError::new_err)?;
        let budget = Budget {
            deadline,
            mode: mode(weak),
            tick: None,
        };
        let pos = *pos;
        let found = py.detach(|| {
            with_c4_solver(book, |s| {
                analysis::analyze(s, &pos, budget, &mut |_, _| true)
            })
        });
        let time = time.unwrap_or(0.0);
        found
            .map(|a| PyAnalysis { a, time })
            .map_err(|e| solve_error(e, None))
    }

    /// The analysis of `pos`, complete, or a TimeoutError saying how far it got.
    fn complete(
        &self,
        py: Python<'_>,
        pos: &Position,
        time: Option<f64>,
        weak: bool,
    ) -> PyResult<Analysis> {
        let found = self.analysed(py, pos, time, weak)?;
        if found.a.complete() {
            return Ok(found.a);
        }
        let a = &found.a;
        let open = a.columns().iter().filter(|k| k.is_open()).count();
        let known = a
            .columns()
            .iter()
            .filter(|k| k.is_known_in(a.mode()))
            .count()
            - (a.columns().len() - open);
        let what = match a.mode() {
            Mode::Strong => "exactly",
            Mode::Weak => "by result",
        };
        Err(PyTimeoutError::new_err(format!(
            "the time limit ({} s) ran out with {known} of {open} columns solved {what}; \
             Solver.analysis(position, time) gives what is known",
            found.time
        )))
    }
}

fn mode(weak: bool) -> Mode {
    if weak { Mode::Weak } else { Mode::Strong }
}

fn solve_error(e: SolveError, time: Option<f64>) -> PyErr {
    match e {
        SolveError::Interrupted(_) => PyTimeoutError::new_err(format!(
            "the search was interrupted by its time limit ({} s)",
            time.unwrap_or(0.0)
        )),
        SolveError::GameOver(_) => PyValueError::new_err(e.to_string()),
        SolveError::Table(_) => PyMemoryError::new_err(e.to_string()),
    }
}

fn deadline(time: Option<f64>) -> PyResult<Option<Instant>> {
    time.map(|t| crate::engine::seconds(t, "time").map(|d| Instant::now() + d))
        .transpose()
}

/// The exact Connect Four solver. Scores are Pons': for the player to move, a
/// win with their last possible stone scores 1 and each stone sooner one
/// more, a draw 0, a loss the opponent's win negated; weak mode gives the sign.
/// One solver (its table) per thread of this process, shared by every call.
#[pyclass(name = "Solver", module = "bitgames._bitgames", frozen, subclass)]
pub struct PySolver {
    book: BookChoice,
}

#[pymethods]
impl PySolver {
    /// `book`: a Book, a path to a book file, "builtin" (every position of
    /// at most two stones; the default of `bitgames.Solver`) or None.
    #[new]
    fn new(book: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        Ok(PySolver {
            book: book_arg(book)?,
        })
    }

    /// The score of a position for the player to move (weak: +1/0/-1).
    /// `time` (seconds) raises TimeoutError when the search runs past it.
    #[pyo3(signature = (position, weak=false, time=None))]
    fn solve(
        &self,
        py: Python<'_>,
        position: &crate::PyConnectFour,
        weak: bool,
        time: Option<f64>,
    ) -> PyResult<i32> {
        let pos = position.pos;
        self.timed(py, pos.geometry(), time, move |s| s.solve(&pos, mode(weak)))
    }

    /// The library's analysis of every column: exact scores as far as they
    /// come by `time` (seconds; None: every column solved), else each
    /// column's win/draw/loss; never a TimeoutError. A finished game is a
    /// ValueError, as in `solve`.
    #[pyo3(signature = (position, time=None, weak=false))]
    fn analysis(
        &self,
        py: Python<'_>,
        position: &crate::PyConnectFour,
        time: Option<f64>,
        weak: bool,
    ) -> PyResult<PyAnalysis> {
        self.analysed(py, &position.pos, time, weak)
    }

    /// The score of every column (None for a full one): the analysis'
    /// exact scores (weak: its signs), or a TimeoutError naming how many
    /// columns were solved when not all were by `time`.
    #[pyo3(signature = (position, weak=false, time=None))]
    fn analyze(
        &self,
        py: Python<'_>,
        position: &crate::PyConnectFour,
        weak: bool,
        time: Option<f64>,
    ) -> PyResult<Vec<Option<i32>>> {
        let a = self.complete(py, &position.pos, time, weak)?;
        Ok(match a.mode() {
            Mode::Strong => a.exact_scores(),
            Mode::Weak => a.signs(),
        })
    }

    /// The best column, 0-based (the most central of the best): the
    /// analysis' best, or a TimeoutError as in `analyze`.
    #[pyo3(signature = (position, weak=false, time=None))]
    fn best_action(
        &self,
        py: Python<'_>,
        position: &crate::PyConnectFour,
        weak: bool,
        time: Option<f64>,
    ) -> PyResult<usize> {
        let a = self.complete(py, &position.pos, time, weak)?;
        Ok(a.best()
            .expect("a complete analysis of a game in play has a best column"))
    }

    /// Forgets what this thread's table learnt (free: a new generation), so
    /// that the next solve starts from scratch, as a benchmark wants.
    fn clear(&self) {
        with_c4_solver(None, |s| s.clear());
    }

    /// The scores of many positions, in order, on every core with the GIL
    /// released. A finished game raises ValueError naming its index.
    #[pyo3(signature = (positions, weak=false))]
    fn solve_many(
        &self,
        py: Python<'_>,
        positions: Vec<PyRef<'_, crate::PyConnectFour>>,
        weak: bool,
    ) -> PyResult<Vec<i32>> {
        use bitgames::Game;
        let positions: Vec<Position> = positions.iter().map(|p| p.pos).collect();
        if let Some((i, p)) = positions
            .iter()
            .enumerate()
            .find(|(_, p)| p.outcome().is_over())
        {
            return Err(PyValueError::new_err(format!(
                "position {i}: the game is already over: {}",
                p.outcome()
            )));
        }
        let books = positions
            .iter()
            .enumerate()
            .map(|(i, p)| {
                self.book
                    .for_board(p.geometry())
                    .map_err(|e| PyValueError::new_err(format!("position {i}: {e}")))
            })
            .collect::<PyResult<Vec<_>>>()?;
        let m = mode(weak);
        py.detach(|| {
            positions
                .par_iter()
                .zip(books)
                .with_max_len(1)
                .map(|(p, book)| with_c4_solver(book, |s| s.solve(p, m)))
                .collect::<Result<Vec<i32>, SolveError>>()
        })
        .map_err(|e| solve_error(e, None))
    }
}

/// What an analysis knows of every column (`Solver.analysis`): the
/// library's `connect4::analysis::Analysis`, with the keys of the API's
/// `/api/connect4/analyze`, columns 0-based as Python's actions are.
#[pyclass(name = "Analysis", module = "bitgames._bitgames", frozen)]
pub struct PyAnalysis {
    a: Analysis,
    /// The time it was given, seconds (0: none).
    time: f64,
}

#[pymethods]
impl PyAnalysis {
    /// "strong" (exact scores) or "weak" (win/draw/loss only).
    #[getter]
    fn mode(&self) -> &'static str {
        match self.a.mode() {
            Mode::Strong => "strong",
            Mode::Weak => "weak",
        }
    }

    /// Each column's exact score (Pons'), None where not known exactly or full.
    #[getter]
    fn scores(&self) -> Vec<Option<i32>> {
        self.a.exact_scores()
    }

    /// Each column's result: win 1, draw 0, loss -1; None where not known or full.
    #[getter]
    fn signs(&self) -> Vec<Option<i32>> {
        self.a.signs()
    }

    /// Whether each column's score is exact; None for a full column.
    #[getter]
    fn exact(&self) -> Vec<Option<bool>> {
        self.a
            .columns()
            .iter()
            .map(|k| k.is_open().then_some(matches!(k, Known::Exact(_))))
            .collect()
    }

    /// Each column's score in the library's words ("win in 9", "draw",
    /// "loss"), None where not known or full.
    #[getter]
    fn texts(&self) -> Vec<Option<String>> {
        (0..self.a.columns().len())
            .map(|c| self.a.words(c))
            .collect()
    }

    /// Whether every open column is known as far as the mode asks.
    #[getter]
    fn complete(&self) -> bool {
        self.a.complete()
    }

    /// The best column once complete (the most central of the best), else None.
    #[getter]
    fn best(&self) -> Option<usize> {
        self.a.best()
    }

    /// The columns of the best score once complete, centre first; else empty.
    #[getter]
    fn best_columns(&self) -> Vec<usize> {
        self.a.best_columns().to_vec()
    }

    /// The position's score once complete (weak: its result), else None.
    #[getter]
    fn score(&self) -> Option<i32> {
        self.a.score()
    }

    /// The score in words once complete, else None.
    #[getter]
    fn score_text(&self) -> Option<String> {
        self.a.score_words()
    }

    /// The position's result as far as it is known ("win in 9", or "win",
    /// "draw", "loss" once every column's result is known), else None.
    #[getter]
    fn result(&self) -> Option<String> {
        self.a.result()
    }

    /// The best column by result and its sign, once every open column's
    /// result is known (before every score is exact), else None.
    #[getter]
    fn best_by_result(&self) -> Option<(usize, i32)> {
        self.a.best_by_result()
    }

    /// The nodes the solver searched.
    #[getter]
    fn nodes(&self) -> u64 {
        self.a.nodes()
    }

    /// The time taken, in milliseconds.
    #[getter]
    fn time_ms(&self) -> u64 {
        (self.a.elapsed().as_secs_f64() * 1e3).round() as u64
    }

    fn __repr__(&self) -> String {
        let limit = if self.time > 0.0 {
            format!(", time={} s", self.time)
        } else {
            String::new()
        };
        format!(
            "Analysis(mode={}, complete={}, scores={:?}, signs={:?}, result={:?}{limit})",
            self.mode(),
            self.a.complete(),
            self.a.exact_scores(),
            self.a.signs(),
            self.a.result()
        )
    }
}
