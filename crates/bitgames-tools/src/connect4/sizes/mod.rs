//! `bitgames-tools connect4 sizes`: the empty board of many sizes solved, as in
//! John Tromp's table, with the score of every first move, the time and the
//! nodes; checked against the published values, and resumable from a journal.

use super::{DEFAULT_VERIFY, load_book_verified, solver_with_table_log2};
use anyhow::Context;
use bitgames::connect4::known::{empty_board_value, value_sign};
use bitgames::connect4::solver::Mode;
use bitgames::connect4::{Geometry, Position};
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

mod split;

#[derive(clap::Args)]
pub struct Args {
    /// Every board with width + height at most this, both at least 4 (Tromp's
    /// table runs to 15).
    #[arg(long, default_value_t = 14, value_name = "N")]
    max_sum: usize,
    /// Only these boards, `WxH` separated by commas (`7x6,8x5`).
    #[arg(long, value_delimiter = ',', value_name = "WxH")]
    boards: Vec<String>,
    /// Only win, draw or loss for each first move: faster.
    #[arg(long)]
    weak: bool,
    /// One JSON line per first move solved, then one per board, is appended
    /// here; a board or first move already in it (in the same mode, or exactly
    /// when only win/draw/loss is asked) is not solved again, so an
    /// interrupted run goes on where it stopped.
    #[arg(long, value_name = "FILE")]
    journal: Option<PathBuf>,
    /// Solve nothing: print the table of what the journal holds.
    #[arg(long, requires = "journal")]
    report_only: bool,
    /// Threads (default: every core); the first moves are solved side by side,
    /// each on several threads when there are more threads than moves.
    #[arg(long, short, value_parser = bitgames::engine::parse_threads)]
    jobs: Option<usize>,
    /// An opening book of the one board of `--boards` (`book build` writes
    /// one; a deep layer built on a cluster turns a board too big for one
    /// machine into a search down to that layer).
    #[arg(long, value_name = "FILE")]
    book: Option<PathBuf>,
    /// log2 of the table's buckets (16 bytes a bucket; it grows to this size
    /// only as a search needs it).
    #[arg(long, default_value_t = 24, value_name = "N")]
    table_log2: u32,
    /// With `--weak`: each first move's search split into the null-window
    /// tests of the positions N moves deep (N >= 1), each a journal line as
    /// soon as it is known, so that a run stopped in a first move resumes
    /// from its last test. One thread a first move.
    #[arg(long, requires = "weak", requires = "journal", value_name = "N")]
    split: Option<usize>,
    /// With `--split`: a test still running after this time (`600s`) is
    /// stopped, journaled as split, and replaced by its children's tests
    /// (the table keeps what it found), so that no journal line costs much
    /// more than this.
    #[arg(long, requires = "split", value_name = "TIME", value_parser = bitgames::engine::parse_time)]
    split_after: Option<std::time::Duration>,
    /// With `--split`: only each board's value, not every first move's
    /// score: "does a first move win?" and "does one draw?", the published
    /// value's question first, so that a `+` board is done at its first
    /// winning move. The first moves left open show as `?`.
    #[arg(long, requires = "split")]
    value_only: bool,
}

/// One first move of a board solved: a journal line written as soon as it is
/// known, so that a run stopped in the middle of a board resumes there.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct ColumnSolved {
    width: usize,
    height: usize,
    mode: String,
    /// The first move, 1-based.
    column: usize,
    /// Its score for the first player.
    score: i32,
    /// Nodes of its own search.
    nodes: u64,
    /// Wall-clock and processor seconds of the run that solved it, from its
    /// start to this move's end (without `run`: of this move's search alone).
    seconds: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cpu_seconds: Option<f64>,
    threads: usize,
    /// The run (its start, Unix seconds): a run's moves overlap in time when
    /// they are solved side by side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    run: Option<u64>,
}

/// A journal line: a board, or one first move of a board.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(untagged)]
enum Line {
    Board(Solved),
    Column(ColumnSolved),
    Test(split::TestSolved),
}

/// What a journal holds.
#[derive(Default)]
struct Journal {
    boards: Vec<Solved>,
    columns: Vec<ColumnSolved>,
    tests: Vec<split::TestSolved>,
}

/// One board solved: a journal line.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Solved {
    width: usize,
    height: usize,
    /// `strong` (exact scores) or `weak` (win, draw or loss).
    mode: String,
    /// The first player's score of the empty board (the best first move).
    score: i32,
    /// The score of each first move, column 1 first (`null`: not settled by
    /// `--value-only`).
    scores: Vec<Option<i32>>,
    nodes: u64,
    /// Wall-clock seconds.
    seconds: f64,
    /// Processor seconds of every thread (missing in early journal lines).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cpu_seconds: Option<f64>,
    threads: usize,
}

pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let boards = boards(args)?;
    if args.split == Some(0) {
        anyhow::bail!("--split: at least 1 (the first move)");
    }
    if args.book.is_some() && boards.len() != 1 {
        anyhow::bail!("--book is for one board: name it with --boards WxH");
    }
    let mut journal = match &args.journal {
        Some(path) => read_journal(path)?,
        None => Journal::default(),
    };
    let threads = args.jobs.unwrap_or_else(rayon::current_num_threads).max(1);
    solver_with_table_log2(args.table_log2)?;
    if !args.report_only {
        for &geometry in &boards {
            if find(&journal.boards, geometry, args.weak).is_some() {
                continue;
            }
            let solved = solve(geometry, args, threads, &mut journal)?;
            if let Some(path) = &args.journal {
                append(path, &Line::Board(solved.clone()))?;
            }
            journal.boards.push(solved);
        }
    }
    print!("{}", report(&boards, &journal, args.weak));
    let wrong = boards.iter().any(|&g| {
        let ours = find(&journal.boards, g, args.weak).map(|s| s.score.signum() as i8);
        matches!((ours, empty_board_value(g)), (Some(a), Some(b)) if a != b)
    });
    if wrong {
        eprintln!("bitgames-tools: a board disagrees with its published value (marked `!`)");
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}

/// The boards asked for, smallest first.
fn boards(args: &Args) -> anyhow::Result<Vec<Geometry>> {
    let mut boards = Vec::new();
    if args.boards.is_empty() {
        for w in 4..=args.max_sum.saturating_sub(4) {
            for h in 4..=args.max_sum - w {
                match Geometry::new(w, h) {
                    Ok(g) => boards.push(g),
                    Err(e) => eprintln!("bitgames-tools: {w}x{h} left out: {e}"),
                }
            }
        }
    } else {
        for text in &args.boards {
            let bad = || format!("--boards: `{text}` is not a board size such as `7x6`");
            let (w, h) = text.trim().split_once(['x', 'X']).with_context(bad)?;
            let w = w.trim().parse().with_context(bad)?;
            let h = h.trim().parse().with_context(bad)?;
            boards.push(Geometry::new(w, h).with_context(|| format!("--boards: `{text}`"))?);
        }
    }
    boards.sort_by_key(|g| (g.cells(), g.width()));
    boards.dedup();
    Ok(boards)
}

/// Every first move of the empty board solved, side by side on the threads,
/// centre first; a move's mirror image scores the same and is not searched.
/// A move in the journal is taken from it, and each new one is written there
/// as soon as it is known.
fn solve(
    geometry: Geometry,
    args: &Args,
    threads: usize,
    journal: &mut Journal,
) -> anyhow::Result<Solved> {
    let mode = if args.weak { Mode::Weak } else { Mode::Strong };
    let mut solver = solver_with_table_log2(args.table_log2)?;
    solver.set_threads(threads);
    // From scratch unless a book is named: not even the built-in 7x6 one.
    if let Some(path) = &args.book {
        solver.set_book(load_book_verified(Some(path), geometry, DEFAULT_VERIFY)?);
    }
    let width = geometry.width();
    let mut scores = vec![None; width];
    let earlier = journal_columns(&journal.columns, geometry, args.weak);
    for line in &earlier {
        let score = if args.weak {
            line.score.signum()
        } else {
            line.score
        };
        scores[line.column - 1] = Some(score);
        scores[width - line.column] = Some(score);
    }
    let known = scores.iter().flatten().count();
    if let (true, Some(split)) = (args.value_only, args.split) {
        return solve_value(geometry, args, split, threads, journal, &scores);
    }
    let plural = if threads == 1 { "" } else { "s" };
    if known == 0 {
        eprintln!(
            "bitgames-tools: {geometry}: solving every first move on {threads} thread{plural}"
        );
    } else {
        eprintln!(
            "bitgames-tools: {geometry}: solving the first moves on {threads} thread{plural} \
             ({known} of {width} from the journal)"
        );
    }
    // The moves left, one of each mirror pair (the left one).
    let skip = (0..width)
        .filter(|&c| scores[c].is_some() || c > width - 1 - c)
        .fold(0u32, |m, c| m | 1 << c);
    let started = Instant::now();
    let cpu_started = cpu_seconds();
    let run = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let solved_now = std::sync::Mutex::new(Vec::new());
    let record = |line: ColumnSolved| {
        let mut solved = solved_now.lock().unwrap_or_else(|e| e.into_inner());
        let written = match &args.journal {
            Some(path) => append(path, &Line::Column(line.clone())),
            None => Ok(()),
        };
        eprintln!(
            "bitgames-tools: {geometry}: column {} scores {} ({:.1} s, {} nodes)",
            line.column, line.score, line.seconds, line.nodes
        );
        solved.push((line, written));
    };
    let result = match args.split {
        Some(split) => {
            let todo: Vec<usize> = bitgames::connect4::policy::centre_first(geometry)
                .into_iter()
                .filter(|&c| skip >> c & 1 == 0)
                .collect();
            split::solve_columns(geometry, args, split, threads, &todo, journal, &record)
        }
        None => {
            let done = |col: usize, score: i32, nodes: u64| {
                record(ColumnSolved {
                    width,
                    height: geometry.height(),
                    mode: mode_name(args.weak).to_string(),
                    column: col + 1,
                    score,
                    nodes,
                    seconds: started.elapsed().as_secs_f64(),
                    cpu_seconds: cpu_seconds()
                        .zip(cpu_started)
                        .map(|(end, start)| end - start),
                    threads,
                    run: Some(run),
                });
            };
            let result = solver.solve_columns(&Position::new(geometry), mode, skip, &done);
            result
                .map(drop)
                .with_context(|| format!("solving the empty {geometry} board"))
        }
    };
    let solved_now = solved_now.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut lines = Vec::new();
    for (line, written) in solved_now {
        written?;
        lines.push(line);
    }
    result?;
    for line in &lines {
        scores[line.column - 1] = Some(line.score);
        scores[width - line.column] = Some(line.score);
    }
    if let Some(col) = scores.iter().position(Option::is_none) {
        anyhow::bail!(
            "the empty {geometry} board: column {} was left unsolved",
            col + 1
        );
    }
    journal.columns.extend(lines);
    let all = journal_columns(&journal.columns, geometry, args.weak);
    let spent = Spent::of(&all, journal, geometry);
    let solved = Solved {
        width,
        height: geometry.height(),
        mode: mode_name(args.weak).to_string(),
        score: scores.iter().flatten().copied().max().unwrap_or(0),
        scores,
        nodes: spent.nodes,
        seconds: spent.seconds,
        cpu_seconds: spent.cpu_seconds,
        threads,
    };
    eprintln!(
        "bitgames-tools: {geometry}: {} in {:.1} s, {} nodes",
        value_sign(solved.score.signum() as i8),
        solved.seconds,
        solved.nodes
    );
    Ok(solved)
}

/// The board's value alone (`--value-only`), from its first moves' tests;
/// `scores` are the first moves the journal holds.
fn solve_value(
    geometry: Geometry,
    args: &Args,
    split: usize,
    threads: usize,
    journal: &mut Journal,
    scores: &[Option<i32>],
) -> anyhow::Result<Solved> {
    let plural = if threads == 1 { "" } else { "s" };
    eprintln!("bitgames-tools: {geometry}: its value alone, on {threads} thread{plural}");
    let columns: Vec<(usize, i32)> = (0..geometry.width())
        .filter_map(|c| scores[c].map(|s| (c, s.signum())))
        .collect();
    let (score, scores, tests) =
        split::solve_value(geometry, args, split, threads, journal, &columns)?;
    journal.tests.extend(tests);
    let all = journal_columns(&journal.columns, geometry, true);
    let spent = Spent::of(&all, journal, geometry);
    eprintln!(
        "bitgames-tools: {geometry}: {} in {:.1} s, {} nodes",
        value_sign(score as i8),
        spent.seconds,
        spent.nodes
    );
    Ok(Solved {
        width: geometry.width(),
        height: geometry.height(),
        mode: mode_name(true).to_string(),
        score,
        scores,
        nodes: spent.nodes,
        seconds: spent.seconds,
        cpu_seconds: spent.cpu_seconds,
        threads,
    })
}

/// Nodes and time of a board's first moves: the nodes of each, and the
/// time of each run (a run's last move's times; a move without a run alone).
struct Spent {
    nodes: u64,
    seconds: f64,
    cpu_seconds: Option<f64>,
}

impl Spent {
    /// What a board's first moves `lines` and its tests cost: the tests
    /// (`--split`) count their nodes until their first move is done, and
    /// their runs' times.
    fn of(lines: &[&ColumnSolved], journal: &Journal, geometry: Geometry) -> Spent {
        let tests: Vec<&split::TestSolved> = journal
            .tests
            .iter()
            .filter(|t| t.width == geometry.width() && t.height == geometry.height())
            .collect();
        let mut runs: Vec<(Option<u64>, f64, Option<f64>)> = Vec::new();
        let times = lines
            .iter()
            .map(|l| (l.run, l.seconds, l.cpu_seconds))
            .chain(
                tests
                    .iter()
                    .map(|t| (Some(t.run), t.seconds, t.cpu_seconds)),
            );
        for (run, seconds, cpu) in times {
            match runs.iter_mut().find(|r| r.0.is_some() && r.0 == run) {
                Some(r) => {
                    r.1 = r.1.max(seconds);
                    r.2 = r.2.zip(cpu).map(|(a, b)| a.max(b));
                }
                None => runs.push((run, seconds, cpu)),
            }
        }
        let unfinished = tests
            .iter()
            .filter(|t| !lines.iter().any(|l| l.column == t.column()));
        Spent {
            nodes: lines.iter().map(|l| l.nodes).sum::<u64>()
                + unfinished.map(|t| t.nodes).sum::<u64>(),
            seconds: runs.iter().map(|r| r.1).sum(),
            cpu_seconds: runs.iter().map(|r| r.2).sum(),
        }
    }
}

/// The processor time this process has used so far, every thread's.
fn cpu_seconds() -> Option<f64> {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::uninit();
    // SAFETY: getrusage fills the struct it is given, and says whether it did.
    let usage = unsafe {
        if libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()) != 0 {
            return None;
        }
        usage.assume_init()
    };
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    Some(seconds(usage.ru_utime) + seconds(usage.ru_stime))
}

fn mode_name(weak: bool) -> &'static str {
    if weak { "weak" } else { "strong" }
}

/// The journal's entry for a board: an exact one, or a win/draw/loss one
/// when only that is asked.
fn find(boards: &[Solved], geometry: Geometry, weak: bool) -> Option<&Solved> {
    let of = |mode: &str| {
        boards.iter().find(|s| {
            s.width == geometry.width() && s.height == geometry.height() && s.mode == mode
        })
    };
    of("strong").or_else(|| if weak { of("weak") } else { None })
}

/// The first moves of a board the journal holds (exact ones, or win/draw/loss
/// ones when only that is asked), each once.
fn journal_columns(columns: &[ColumnSolved], geometry: Geometry, weak: bool) -> Vec<&ColumnSolved> {
    let mut found: Vec<&ColumnSolved> = Vec::new();
    for line in columns {
        let usable = line.mode == "strong" || (weak && line.mode == "weak");
        let on_board = line.width == geometry.width() && line.height == geometry.height();
        let mirror = geometry.width() + 1 - line.column;
        let seen = found
            .iter()
            .any(|f| f.column == line.column || f.column == mirror);
        if usable && on_board && (1..=geometry.width()).contains(&line.column) && !seen {
            found.push(line);
        }
    }
    found
}

fn read_journal(path: &Path) -> anyhow::Result<Journal> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Journal::default()),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    let mut journal = Journal::default();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let line = serde_json::from_str(line).with_context(|| {
            format!(
                "{}: line {}: not a board or a first move solved",
                path.display(),
                i + 1
            )
        })?;
        match line {
            Line::Board(board) => journal.boards.push(board),
            Line::Column(column) => journal.columns.push(column),
            Line::Test(test) => journal.tests.push(test),
        }
    }
    Ok(journal)
}

fn append(path: &Path, line: &Line) -> anyhow::Result<()> {
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| format!("cannot open {}", path.display()))?;
    writeln!(file, "{}", serde_json::to_string(line)?)
        .with_context(|| format!("cannot write {}", path.display()))
}

/// Tromp's table (heights down, widths across) of the boards asked for, then
/// one row per board.
fn report(boards: &[Geometry], journal: &Journal, weak: bool) -> String {
    let mut out = String::new();
    let (Some(wmax), Some(hmax)) = (
        boards.iter().map(|g| g.width()).max(),
        boards.iter().map(|g| g.height()).max(),
    ) else {
        return out;
    };
    let wmin = boards.iter().map(|g| g.width()).min().unwrap_or(1);
    let hmin = boards.iter().map(|g| g.height()).min().unwrap_or(1);
    out.push_str("```\n");
    for h in (hmin..=hmax).rev() {
        let _ = write!(out, "h{h:>2} ");
        for w in wmin..=wmax {
            let cell = match boards.iter().find(|g| g.width() == w && g.height() == h) {
                None => "   ".to_string(),
                Some(&g) => match (find(&journal.boards, g, weak), empty_board_value(g)) {
                    (None, _) => "  ?".to_string(),
                    (Some(s), known) => {
                        let ours = s.score.signum() as i8;
                        let mark = if known.is_some_and(|k| k != ours) {
                            '!'
                        } else {
                            ' '
                        };
                        format!(" {}{mark}", value_sign(ours))
                    }
                },
            };
            out.push_str(&cell);
        }
        out.push('\n');
    }
    out.push_str("    ");
    for w in wmin..=wmax {
        let _ = write!(out, "{w:>3}");
    }
    out.push_str("\n```\n\n");
    out.push_str(
        "| board | value | published | score of each first move | time | CPU time | nodes | threads |\n",
    );
    out.push_str("|---|:-:|:-:|---|---:|---:|---:|---:|\n");
    for &g in boards {
        let known = empty_board_value(g).map_or("?".to_string(), |v| value_sign(v).to_string());
        match find(&journal.boards, g, weak) {
            None => {
                let begun = journal_columns(&journal.columns, g, weak);
                let mut cols: Vec<String> = begun
                    .iter()
                    .map(|c| format!("{}: {:+}", c.column, c.score))
                    .collect();
                cols.sort();
                let Spent {
                    nodes,
                    seconds: spent,
                    cpu_seconds: cpu,
                } = Spent::of(&begun, journal, g);
                let tests = journal
                    .tests
                    .iter()
                    .filter(|t| t.width == g.width() && t.height == g.height())
                    .filter(|t| !begun.iter().any(|c| c.column == t.column()))
                    .count();
                if tests > 0 {
                    cols.push(format!("{tests} tests of first moves not done"));
                }
                if cols.is_empty() {
                    let _ = writeln!(out, "| {g} | not solved | {known} | | | | | |");
                } else {
                    let _ = writeln!(
                        out,
                        "| {g} | not solved | {known} | so far {} | {} | {} | {nodes} | |",
                        cols.join(", "),
                        seconds(spent),
                        cpu.map_or(String::new(), seconds),
                    );
                }
            }
            Some(s) => {
                let scores: Vec<String> = s
                    .scores
                    .iter()
                    .map(|x| x.map_or("?".to_string(), |x| format!("{x:+}")))
                    .collect();
                let _ = writeln!(
                    out,
                    "| {g} | {} ({:+}) | {known} | {} | {} | {} | {} | {} |",
                    value_sign(s.score.signum() as i8),
                    s.score,
                    scores.join(" "),
                    seconds(s.seconds),
                    s.cpu_seconds.map_or(String::new(), seconds),
                    s.nodes,
                    s.threads,
                );
            }
        }
    }
    out
}

fn seconds(s: f64) -> String {
    if s < 1.0 {
        format!("{:.0} ms", s * 1e3)
    } else {
        format!("{s:.1} s")
    }
}
