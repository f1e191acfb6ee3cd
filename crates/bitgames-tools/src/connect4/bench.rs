//! `bitgames-tools connect4 bench`: the tutorial's table on Pons' six test sets.

use anyhow::Context;
use bitgames::connect4::score::Verdict;
use bitgames::connect4::solver::{Mode, Solver};
use bitgames::connect4::{Position, naive};
use bitgames::{Game, tools};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// The six sets, easiest first, with the tutorial's names.
const SETS: [(&str, &str); 6] = [
    ("Test_L3_R1", "End-Easy"),
    ("Test_L2_R1", "Middle-Easy"),
    ("Test_L2_R2", "Middle-Medium"),
    ("Test_L1_R1", "Begin-Easy"),
    ("Test_L1_R2", "Begin-Medium"),
    ("Test_L1_R3", "Begin-Hard"),
];

/// Options of `bitgames-tools connect4 bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// The folder holding the test sets `Test_L?_R?`.
    #[arg(long, default_value = "data/connect4")]
    data: PathBuf,
    /// Only these sets (file names or tutorial names, comma-separated).
    #[arg(long, value_delimiter = ',')]
    sets: Vec<String>,
    /// At most this many positions of each set (the first ones).
    #[arg(long)]
    limit: Option<usize>,
    /// At most this many positions of Begin-Hard (its positions take seconds each).
    #[arg(long, default_value_t = 100)]
    hard_limit: usize,
    /// Strong (exact scores), weak (win/draw/loss) or both.
    #[arg(long, value_enum, default_value_t = Modes::Both)]
    mode: Modes,
    /// log2 of the table's largest size in buckets (16 bytes a bucket; it
    /// starts small and grows with the search).
    #[arg(long, default_value_t = 24)]
    table_log2: u32,
    /// Instead: the tutorial's part 6, the same search (the generic alpha-beta
    /// negamax of `bitgames::tools`, to the end of the game, no table) over the
    /// naive twin and over the bitboard, on the first N End-Easy positions.
    #[arg(long, value_name = "N")]
    naive: Option<usize>,
    /// Instead: analyse N random positions (every column exactly, strong, as
    /// `analyze` does, on every core) of 0..=41 stones, as many of each
    /// number of stones, each from its own random game; print the seconds
    /// (median, worst), the nodes and how many were answered from the book.
    #[arg(long, value_name = "N")]
    analysis: Option<usize>,
    /// Seed of `--analysis`.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Only positions with at least this many stones (`--analysis`).
    #[arg(long, default_value_t = 0)]
    min_stones: usize,
    /// Only positions with at most this many stones (`--analysis`).
    #[arg(long, default_value_t = 41)]
    max_stones: usize,
    /// An opening book for `--analysis` (default: the built-in one).
    #[arg(long, value_name = "FILE")]
    book: Option<PathBuf>,
    /// With `--analysis`: print the positions' moves, one a line, instead of
    /// analysing them (the browser's bench, e2e/wasm_bench.mjs, reads them).
    #[arg(long)]
    list: bool,
}

/// Which modes to measure.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Modes {
    /// Exact scores.
    Strong,
    /// Win, draw or loss.
    Weak,
    /// Both, strong first.
    Both,
}

/// One line of a test set.
pub struct Case {
    /// The moves.
    pub moves: String,
    /// The position.
    pub position: Position,
    /// The expected exact score.
    pub score: i32,
}

/// Reads a test set: `moves score` per line.
pub fn read_set(path: &Path) -> anyhow::Result<Vec<Case>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read test set {}", path.display()))?;
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let mut words = line.split_whitespace();
        let (Some(moves), Some(score)) = (words.next(), words.next()) else {
            anyhow::bail!("{}: line {}: not `moves score`", path.display(), i + 1);
        };
        let position = Position::from_moves(moves)
            .map_err(|e| anyhow::anyhow!("{}: line {}: {e}", path.display(), i + 1))?;
        let score = score.parse().map_err(|_| {
            anyhow::anyhow!("{}: line {}: bad score `{score}`", path.display(), i + 1)
        })?;
        cases.push(Case {
            moves: moves.to_string(),
            position,
            score,
        });
    }
    Ok(cases)
}

/// The measurements of one set in one mode.
struct Row {
    positions: usize,
    mean_secs: f64,
    mean_nodes: f64,
    /// The nodes past the static checks (what c4 counts).
    mean_searched: f64,
    wrong: usize,
}

fn measure(solver: &mut Solver, cases: &[Case], mode: Mode, progress: &ProgressBar) -> Row {
    let mut secs = 0.0;
    let mut nodes = 0u64;
    let mut searched = 0u64;
    let mut wrong = 0;
    for case in cases {
        solver.clear();
        solver.reset_stats();
        let started = Instant::now();
        let got = solver
            .solve(&case.position, mode)
            .expect("test positions are not over");
        secs += started.elapsed().as_secs_f64();
        nodes += solver.stats().nodes;
        searched += solver.stats().searched;
        let want = if mode == Mode::Weak {
            case.score.signum()
        } else {
            case.score
        };
        if got != want {
            wrong += 1;
            progress.suspend(|| {
                eprintln!(
                    "bitgames-tools: WRONG: `{}` ({mode:?}): expected {want}, solved {got}",
                    case.moves
                )
            });
        }
        progress.inc(1);
    }
    let n = cases.len().max(1) as f64;
    Row {
        positions: cases.len(),
        mean_secs: secs / n,
        mean_nodes: nodes as f64 / n,
        mean_searched: searched as f64 / n,
        wrong,
    }
}

fn human_count(n: f64) -> String {
    if n < 1e3 {
        format!("{n:.0}")
    } else if n < 1e6 {
        format!("{:.1} K", n / 1e3)
    } else {
        format!("{:.2} M", n / 1e6)
    }
}

/// The exact score, in Pons' convention, of a generic negamax result after
/// `n` stones on a board of `cells` cells: the library's inverse of the words.
fn pons_score(negamax_score: i32, n: usize, cells: usize) -> Option<i32> {
    let plies = tools::negamax::plies_to_end(negamax_score).map(|p| p as u32);
    Verdict::ending_in(plies).score(n, cells).ok()
}

/// Runs the generic search over one representation: total nodes, seconds,
/// and the positions whose score is not the test set's.
fn generic_search<G: Game>(
    boards: &[(G, usize, i32)],
    progress: &ProgressBar,
) -> (u64, f64, usize) {
    let mut nodes = 0;
    let mut wrong = 0;
    let started = Instant::now();
    for (board, n, want) in boards {
        let r = tools::negamax(
            board,
            64,
            -tools::WIN_SCORE,
            tools::WIN_SCORE,
            &mut |_: &G| 0,
        );
        nodes += r.nodes;
        // The test sets are 7x6.
        let cells = bitgames::connect4::Geometry::STANDARD.cells();
        if pons_score(r.score, *n, cells) != Some(*want) {
            wrong += 1;
        }
        progress.inc(1);
    }
    (nodes, started.elapsed().as_secs_f64(), wrong)
}

/// The tutorial's part 6: the same search over both representations.
fn part6(args: &BenchArgs, count: usize) -> anyhow::Result<ExitCode> {
    let mut cases = read_set(&args.data.join("Test_L3_R1"))?;
    cases.truncate(count);
    let naive_boards: Vec<(naive::Board, usize, i32)> = cases
        .iter()
        .map(|c| Ok((c.moves.parse()?, c.moves.len(), c.score)))
        .collect::<anyhow::Result<_>>()?;
    let bitboards: Vec<(Position, usize, i32)> = cases
        .iter()
        .map(|c| (c.position, c.moves.len(), c.score))
        .collect();
    let progress = ProgressBar::new(2 * cases.len() as u64);
    let (naive_nodes, naive_secs, naive_wrong) = generic_search(&naive_boards, &progress);
    let (bit_nodes, bit_secs, bit_wrong) = generic_search(&bitboards, &progress);
    progress.finish_and_clear();
    let n = cases.len().max(1) as f64;
    println!(
        "The same search (generic alpha-beta negamax to the end, no table) on the first {} End-Easy positions:",
        cases.len()
    );
    println!();
    println!("| representation | mean time | mean nodes | M nodes/s | wrong | speed-up |");
    println!("|---|---:|---:|---:|---:|---:|");
    for (name, nodes, secs, wrong) in [
        ("naive twin (array)", naive_nodes, naive_secs, naive_wrong),
        ("bitboard", bit_nodes, bit_secs, bit_wrong),
    ] {
        println!(
            "| {name} | {} | {} | {:.2} | {wrong} | {:.1}x |",
            crate::format::human_secs(secs / n),
            human_count(nodes as f64 / n),
            nodes as f64 / secs.max(1e-12) / 1e6,
            naive_secs / secs.max(1e-12)
        );
    }
    if naive_nodes != bit_nodes {
        eprintln!(
            "bitgames-tools: the two searches visited different nodes: {naive_nodes} and {bit_nodes}"
        );
        return Ok(ExitCode::FAILURE);
    }
    Ok(if naive_wrong + bit_wrong > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// Runs the benchmark and prints the table.
pub fn run(args: &BenchArgs) -> anyhow::Result<ExitCode> {
    if let Some(count) = args.naive {
        return part6(args, count);
    }
    if let Some(count) = args.analysis {
        return analysis(args, count);
    }
    let chosen: Vec<(&str, &str)> = SETS
        .iter()
        .copied()
        .filter(|(file, name)| {
            args.sets.is_empty()
                || args
                    .sets
                    .iter()
                    .any(|s| s.eq_ignore_ascii_case(file) || s.eq_ignore_ascii_case(name))
        })
        .collect();
    if chosen.is_empty() {
        anyhow::bail!(
            "no test set named {:?}: use Test_L3_R1 .. Test_L1_R3 or End-Easy .. Begin-Hard",
            args.sets
        );
    }
    let modes: Vec<Mode> = match args.mode {
        Modes::Strong => vec![Mode::Strong],
        Modes::Weak => vec![Mode::Weak],
        Modes::Both => vec![Mode::Strong, Mode::Weak],
    };
    let mut solver = super::solver_with_table_log2(args.table_log2)?;
    // The table's pages faulted in before the clock starts, as the peers'
    // drivers clear their tables before theirs.
    solver.prefault_table();
    println!(
        "| set | positions | mode | mean time | mean nodes | past the static checks | K pos/s | wrong |"
    );
    println!("|---|---:|---|---:|---:|---:|---:|---:|");
    let mut any_wrong = false;
    for (file, name) in chosen {
        let mut cases = read_set(&args.data.join(file))?;
        let limit = if file == "Test_L1_R3" {
            args.limit.unwrap_or(args.hard_limit).min(args.hard_limit)
        } else {
            args.limit.unwrap_or(usize::MAX)
        };
        cases.truncate(limit);
        for &mode in &modes {
            let progress = ProgressBar::new(cases.len() as u64);
            progress.set_style(
                ProgressStyle::with_template("{msg} {bar:40} {pos}/{len} ({elapsed})")
                    .expect("a valid template"),
            );
            progress.set_message(format!("{name} {mode:?}"));
            let row = measure(&mut solver, &cases, mode, &progress);
            progress.finish_and_clear();
            any_wrong |= row.wrong > 0;
            println!(
                "| {name} ({file}) | {} | {} | {} | {} | {} | {:.2} | {} |",
                row.positions,
                if mode == Mode::Strong {
                    "strong"
                } else {
                    "weak"
                },
                crate::format::human_secs(row.mean_secs),
                human_count(row.mean_nodes),
                human_count(row.mean_searched),
                1e-3 / row.mean_secs.max(1e-12),
                row.wrong
            );
        }
    }
    Ok(if any_wrong {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// A position of `stones` stones from a random game where the game is not
/// over yet, and its moves (column digits).
fn random_game_position(stones: usize, rng: &mut impl rand::Rng) -> (Position, String) {
    loop {
        let mut pos = Position::new(bitgames::connect4::Geometry::STANDARD);
        let mut moves = String::new();
        let mut ok = true;
        for _ in 0..stones {
            let cols: Vec<usize> = (0..7).filter(|&c| pos.can_play(c)).collect();
            let col = cols[rng.random_range(0..cols.len())];
            if pos.is_winning_move(col) {
                ok = false;
                break;
            }
            pos.play_unchecked(col);
            moves.push(char::from(b'1' + col as u8));
        }
        if ok {
            return (pos, moves);
        }
    }
}

/// `bench --analysis N`: the time to analyse positions of every number of stones.
fn analysis(args: &BenchArgs, count: usize) -> anyhow::Result<ExitCode> {
    use rand::SeedableRng;
    let geometry = bitgames::connect4::Geometry::STANDARD;
    let book = super::load_book(args.book.as_deref(), geometry)?;
    let (lo, hi) = (args.min_stones, args.max_stones.min(41));
    if lo > hi {
        anyhow::bail!("--min-stones {lo} is more than --max-stones {hi}");
    }
    let mut rng = rand::rngs::SmallRng::seed_from_u64(args.seed);
    let span = hi - lo + 1;
    let (positions, moves): (Vec<Position>, Vec<String>) = (0..count)
        .map(|i| random_game_position(lo + i % span, &mut rng))
        .unzip();
    if args.list {
        for m in moves {
            println!("{m}");
        }
        return Ok(ExitCode::SUCCESS);
    }
    let threads = rayon::current_num_threads();
    let progress = ProgressBar::new(count as u64);
    progress.set_style(
        ProgressStyle::with_template("analysing {bar:40} {pos}/{len} positions, {elapsed}")
            .expect("a valid template"),
    );
    // (stones, seconds, nodes, every column from the book)
    let mut rows: Vec<(usize, f64, u64, bool)> = Vec::new();
    for pos in &positions {
        let mut solver = Solver::new();
        solver.set_book(book.clone());
        solver.set_threads(threads);
        let started = Instant::now();
        solver.analyze(pos, Mode::Strong)?;
        let secs = started.elapsed().as_secs_f64();
        // Answered from the book: every column that needs a search has its
        // exact score there (and at least one column does).
        let searched: Vec<Position> = (0..pos.geometry().width())
            .filter(|&c| pos.can_play(c) && !pos.is_winning_move(c))
            .map(|c| pos.after(c).expect("playable"))
            .filter(|child| child.moves_played() < pos.geometry().cells())
            .collect();
        let from_book = !searched.is_empty()
            && book.as_ref().is_some_and(|b| {
                searched
                    .iter()
                    .all(|child| b.value(child).is_some_and(|v| v.exact().is_some()))
            });
        rows.push((pos.moves_played(), secs, solver.stats().nodes, from_book));
        progress.inc(1);
    }
    progress.finish_and_clear();
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    println!(
        "Analysis of every column, strong, {threads} threads, a fresh solver per position, book: {}",
        match (&args.book, &book) {
            (Some(p), _) => p.display().to_string(),
            (None, Some(b)) => format!(
                "built-in ({} positions, {}..={} stones)",
                b.len(),
                b.first_layer(),
                b.depth()
            ),
            (None, None) => "none".to_string(),
        }
    );
    println!("| stones | positions | median s | worst s | mean nodes | from book |");
    println!("|---|---:|---:|---:|---:|---:|");
    let print_row = |label: String, group: Vec<&(usize, f64, u64, bool)>| {
        if group.is_empty() {
            return;
        }
        let mut secs: Vec<f64> = group.iter().map(|r| r.1).collect();
        let worst = secs.iter().copied().fold(0.0, f64::max);
        let nodes = group.iter().map(|r| r.2 as f64).sum::<f64>() / group.len() as f64;
        let booked = group.iter().filter(|r| r.3).count();
        println!(
            "| {label} | {} | {:.3} | {worst:.3} | {nodes:.0} | {booked} |",
            group.len(),
            median(&mut secs)
        );
    };
    for start in (lo..=hi).step_by(3) {
        let end = (start + 2).min(hi);
        print_row(
            format!("{start}-{end}"),
            rows.iter()
                .filter(|r| (start..=end).contains(&r.0))
                .collect(),
        );
    }
    print_row(format!("all {lo}-{hi}"), rows.iter().collect());
    Ok(ExitCode::SUCCESS)
}
