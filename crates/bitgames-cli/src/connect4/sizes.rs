//! `bitgames connect4 sizes`: the empty board of many sizes solved, as in
//! John Tromp's table, with the score of every first move, the time and the
//! nodes; checked against the published values, and resumable from a journal.

use super::{DEFAULT_VERIFY, load_book_verified, solver_with_table_log2};
use anyhow::Context;
use bitgames::connect4::known::{empty_board_value, value_sign};
use bitgames::connect4::solver::{Column, Mode};
use bitgames::connect4::{Geometry, Position};
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

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
    /// One JSON line per board solved is appended here; a board already in it
    /// (in the same mode, or exactly when only win/draw/loss is asked) is not
    /// solved again, so an interrupted run goes on where it stopped.
    #[arg(long, value_name = "FILE")]
    journal: Option<PathBuf>,
    /// Solve nothing: print the table of what the journal holds.
    #[arg(long, requires = "journal")]
    report_only: bool,
    /// Threads (default: every core); the first moves are solved side by side.
    #[arg(long, short)]
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
    /// The score of each first move, column 1 first.
    scores: Vec<i32>,
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
    if args.book.is_some() && boards.len() != 1 {
        anyhow::bail!("--book is for one board: name it with --boards WxH");
    }
    let mut journal = match &args.journal {
        Some(path) => read_journal(path)?,
        None => Vec::new(),
    };
    let threads = args.jobs.unwrap_or_else(rayon::current_num_threads).max(1);
    solver_with_table_log2(args.table_log2)?;
    if !args.report_only {
        for &geometry in &boards {
            if find(&journal, geometry, args.weak).is_some() {
                continue;
            }
            let solved = solve(geometry, args, threads)?;
            if let Some(path) = &args.journal {
                append(path, &solved)?;
            }
            journal.push(solved);
        }
    }
    print!("{}", report(&boards, &journal, args.weak));
    let wrong = boards.iter().any(|&g| {
        let ours = find(&journal, g, args.weak).map(|s| s.score.signum() as i8);
        matches!((ours, empty_board_value(g)), (Some(a), Some(b)) if a != b)
    });
    if wrong {
        eprintln!("bitgames: a board disagrees with its published value (marked `!`)");
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
                    Err(e) => eprintln!("bitgames: {w}x{h} left out: {e}"),
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

fn solve(geometry: Geometry, args: &Args, threads: usize) -> anyhow::Result<Solved> {
    let mode = if args.weak { Mode::Weak } else { Mode::Strong };
    let mut solver = solver_with_table_log2(args.table_log2)?;
    solver.set_threads(threads);
    // From scratch unless a book is named: not even the built-in 7x6 one.
    if let Some(path) = &args.book {
        solver.set_book(load_book_verified(Some(path), geometry, DEFAULT_VERIFY)?);
    }
    let started = Instant::now();
    let cpu_started = cpu_seconds();
    eprintln!("bitgames: {geometry}: solving every first move on {threads} threads");
    let done = |col: usize, score: i32| {
        eprintln!(
            "bitgames: {geometry}: column {} scores {score} ({:.1} s)",
            col + 1,
            started.elapsed().as_secs_f64()
        );
    };
    let columns = solver
        .analyze_columns(&Position::new(geometry), mode, &done)
        .with_context(|| format!("solving the empty {geometry} board"))?;
    let scores: Vec<i32> = columns
        .iter()
        .map(|c| match c {
            Column::Score(s) => Ok(*s),
            _ => anyhow::bail!("the empty {geometry} board: a first move was left unsolved"),
        })
        .collect::<anyhow::Result<_>>()?;
    let solved = Solved {
        width: geometry.width(),
        height: geometry.height(),
        mode: mode_name(args.weak).to_string(),
        score: scores.iter().copied().max().unwrap_or(0),
        scores,
        nodes: solver.stats().nodes,
        seconds: started.elapsed().as_secs_f64(),
        cpu_seconds: cpu_seconds()
            .zip(cpu_started)
            .map(|(end, start)| end - start),
        threads,
    };
    eprintln!(
        "bitgames: {geometry}: {} in {:.1} s, {} nodes",
        value_sign(solved.score.signum() as i8),
        solved.seconds,
        solved.nodes
    );
    Ok(solved)
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
fn find(journal: &[Solved], geometry: Geometry, weak: bool) -> Option<&Solved> {
    let of = |mode: &str| {
        journal.iter().find(|s| {
            s.width == geometry.width() && s.height == geometry.height() && s.mode == mode
        })
    };
    of("strong").or_else(|| if weak { of("weak") } else { None })
}

fn read_journal(path: &Path) -> anyhow::Result<Vec<Solved>> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            serde_json::from_str(line)
                .with_context(|| format!("{}: line {}: not a board solved", path.display(), i + 1))
        })
        .collect()
}

fn append(path: &Path, solved: &Solved) -> anyhow::Result<()> {
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| format!("cannot open {}", path.display()))?;
    writeln!(file, "{}", serde_json::to_string(solved)?)
        .with_context(|| format!("cannot write {}", path.display()))
}

/// Tromp's table (heights down, widths across) of the boards asked for, then
/// one row per board.
fn report(boards: &[Geometry], journal: &[Solved], weak: bool) -> String {
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
                Some(&g) => match (find(journal, g, weak), empty_board_value(g)) {
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
        match find(journal, g, weak) {
            None => {
                let _ = writeln!(out, "| {g} | not solved | {known} | | | | | |");
            }
            Some(s) => {
                let scores: Vec<String> = s.scores.iter().map(|x| format!("{x:+}")).collect();
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
