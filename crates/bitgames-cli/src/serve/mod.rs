//! `bitgames serve`: the web page and its JSON API, on axum and tokio.
//!
//! - `/` and its assets: the page from `web/`, embedded in the binary ([`assets`]);
//! - `/api/...`: the JSON API ([`api`]), its answers from `bitgames_api`,
//!   every search on a blocking thread in a bounded pool and queue, with a
//!   time budget, its tables out of a memory budget, cancelled when its
//!   client goes away; cheap answers outside the pool ([`state`]);
//! - the connections ([`conn`]): header and idle timeouts, a cap on open
//!   connections, a graceful shutdown bounded in time; the request log ([`log`]).

mod analysis;
mod api;
mod assets;
mod conn;
mod log;
mod reply;
mod state;
mod watch;

use clap::Args;
use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

pub use api::router;
pub use state::{AppState, SearchLimits};

/// Options of `bitgames serve`.
#[derive(Args)]
pub struct ServeArgs {
    /// The port to listen on (0 picks a free one; the address is printed).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on (0.0.0.0 to be reachable from other machines).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// At most this many solves at once (default: the number of cores).
    #[arg(long)]
    pub max_solves: Option<usize>,
    /// At most this many searches waiting for a free slot (default: 8 a
    /// slot); more get a 503 with Retry-After at once.
    #[arg(long, value_name = "N")]
    pub max_queue: Option<usize>,
    /// Seconds a search may wait for a slot, or for memory, before a 503.
    #[arg(long, value_name = "SECONDS", default_value = "20", value_parser = parse_seconds)]
    pub queue_wait: Duration,
    /// The memory every search table comes out of: `512M`, `2G`, or bytes
    /// (default: a quarter of the machine's memory, at most 4 GiB). A search
    /// that does not fit waits for memory, then gets a 503.
    #[arg(long, value_name = "BYTES", value_parser = parse_memory)]
    pub memory: Option<usize>,
    /// A Connect Four opening book (`bitgames connect4 book` writes one):
    /// without it the first moves of a game may not be solved in time.
    #[arg(long, value_name = "FILE")]
    pub book: Option<std::path::PathBuf>,
    /// Seconds a client has to send a request's head: from the connection's
    /// opening (one that sends nothing is cut then too), or from the first
    /// byte of the next request on a kept-alive connection.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = parse_seconds)]
    pub header_timeout: Duration,
    /// Seconds a kept-alive connection may stay open between requests.
    #[arg(long, value_name = "SECONDS", default_value = "30", value_parser = parse_seconds)]
    pub idle_timeout: Duration,
    /// At most this many connections open at once (default: 512, or half
    /// the open-file limit if that is lower). A new one is admitted by
    /// closing the one waiting longest for a request; it waits only while
    /// every open connection has a request under way.
    #[arg(long, value_name = "N")]
    pub max_connections: Option<usize>,
    /// At most this many connections from one address (default: a quarter
    /// of --max-connections, at least 16); past it, that address's connection waiting
    /// longest for a request is closed.
    #[arg(long, value_name = "N")]
    pub max_per_address: Option<usize>,
    /// Seconds the requests under way get to finish after Ctrl-C (SIGINT) or
    /// SIGTERM; the server then exits anyway.
    #[arg(long, value_name = "SECONDS", default_value = "5", value_parser = parse_seconds)]
    pub shutdown_timeout: Duration,
    /// No log of requests and searches on stderr (warnings are still printed).
    #[arg(long, short)]
    pub quiet: bool,
}

/// Seconds, `0.5` or `30`: more than 0, at most a day.
fn parse_seconds(text: &str) -> Result<Duration, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if s > 0.0 && s <= crate::cli_util::MAX_SECONDS => Ok(Duration::from_secs_f64(s)),
        _ => Err(format!(
            "{:?} is not a number of seconds, more than 0 and at most 86400",
            bitgames::excerpt(text)
        )),
    }
}

/// A memory size: bytes, or with `K`, `M`, `G` (powers of 1024; `MiB`,
/// `GB` and the like read the same), at least 64 MiB and at most 1 TiB.
pub fn parse_memory(text: &str) -> Result<usize, String> {
    let t = text.trim().to_ascii_uppercase();
    let t = t.trim_end_matches('B').trim_end_matches('I');
    let (number, scale) = match t.char_indices().last() {
        Some((at, 'K')) => (&t[..at], 1u64 << 10),
        Some((at, 'M')) => (&t[..at], 1 << 20),
        Some((at, 'G')) => (&t[..at], 1 << 30),
        Some((at, 'T')) => (&t[..at], 1 << 40),
        _ => (t, 1),
    };
    let bytes = number
        .trim()
        .parse::<f64>()
        .ok()
        .map(|n| n * scale as f64)
        .filter(|b| (MIN_MEMORY as f64..=(1u64 << 40) as f64).contains(b));
    match bytes {
        Some(b) => Ok(b as usize),
        None => Err(format!(
            "{:?} is not a memory size from 64M to 1T (as 512M, 2G, or bytes)",
            bitgames::excerpt(text)
        )),
    }
}

/// The smallest memory budget: 64 MiB (a few 7x6 tables).
pub const MIN_MEMORY: usize = 64 << 20;

/// The default memory budget: a quarter of the machine's memory, at most 4 GiB.
pub fn default_memory() -> usize {
    // SAFETY: sysconf reads a system value and has no preconditions.
    let (pages, page) = unsafe {
        (
            libc::sysconf(libc::_SC_PHYS_PAGES),
            libc::sysconf(libc::_SC_PAGESIZE),
        )
    };
    let total = if pages > 0 && page > 0 {
        (pages as u64).saturating_mul(page as u64)
    } else {
        4 << 30
    };
    usize::try_from((total / 4).min(4 << 30))
        .unwrap_or(4 << 30)
        .max(MIN_MEMORY)
}

/// The default cap on open connections: 512, or half the soft limit on open
/// files if that is lower (each connection holds a file descriptor).
fn default_max_connections() -> usize {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: `getrlimit` writes one `rlimit` through a valid pointer.
    let ok = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } == 0;
    let files = if ok {
        usize::try_from(limit.rlim_cur).unwrap_or(usize::MAX)
    } else {
        1024
    };
    (files / 2).clamp(1, 512)
}

/// Runs the server until it is stopped (Ctrl-C or SIGTERM).
pub fn run(args: ServeArgs) -> anyhow::Result<ExitCode> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let result = runtime.block_on(serve(args));
    // Searches still running on blocking threads are not waited for.
    runtime.shutdown_timeout(Duration::from_millis(200));
    result
}

/// Resolves on Ctrl-C (SIGINT) or SIGTERM.
async fn stop_signal() {
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).ok();
    let term = async {
        match term.as_mut() {
            Some(t) => {
                t.recv().await;
            }
            None => std::future::pending().await,
        }
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => ::log::info!("SIGINT: stopping"),
        () = term => ::log::info!("SIGTERM: stopping"),
    }
}

async fn serve(args: ServeArgs) -> anyhow::Result<ExitCode> {
    log::init(args.quiet);
    let ip: std::net::IpAddr = args
        .host
        .parse()
        .map_err(|e| anyhow::anyhow!("bad --host {:?}: {e}", bitgames::excerpt(&args.host)))?;
    if args.max_solves == Some(0) {
        anyhow::bail!("--max-solves 0: at least 1 search at a time is needed");
    }
    let max_connections = match args.max_connections {
        Some(0) => anyhow::bail!("--max-connections 0: at least 1 connection is needed"),
        Some(n) => n,
        None => default_max_connections(),
    };
    let max_per_address = match args.max_per_address {
        Some(0) => anyhow::bail!("--max-per-address 0: at least 1 connection is needed"),
        Some(n) => n,
        // A browser opens a few connections at a time: at least 16.
        None => max_connections.div_ceil(4).max(max_connections.min(16)),
    };
    let listener = tokio::net::TcpListener::bind(SocketAddr::new(ip, args.port))
        .await
        .map_err(|e| anyhow::anyhow!("cannot listen on {}:{}: {e}", args.host, args.port))?;
    let addr = listener.local_addr()?;
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let book =
        crate::connect4::load_book(args.book.as_deref(), bitgames::connect4::Geometry::STANDARD)?;
    let max_solves = args.max_solves.unwrap_or(cores).max(1);
    let search = SearchLimits {
        max_solves,
        max_queue: args.max_queue.unwrap_or(8 * max_solves),
        queue_wait: args.queue_wait,
        memory: args.memory.unwrap_or_else(default_memory),
    };
    let state = Arc::new(AppState::new(search, book));
    let mut app = router(state);
    if !args.quiet {
        app = app.layer(axum::middleware::from_fn(log::requests));
    }
    let limits = conn::Limits {
        header_timeout: args.header_timeout,
        idle_timeout: args.idle_timeout,
        max_connections,
        max_per_address,
        shutdown_timeout: args.shutdown_timeout,
    };
    // The first line is read by the tests to learn the port: keep its form.
    println!("bitgames serve: listening on http://{addr}/");
    ::log::info!(
        "listening on http://{addr}/: at most {max_connections} connections ({max_per_address} an address), header timeout {} s, idle timeout {} s; {} searches at once, {} waiting; memory budget {} MiB",
        limits.header_timeout.as_secs_f64(),
        limits.idle_timeout.as_secs_f64(),
        search.max_solves,
        search.max_queue,
        search.memory >> 20
    );
    conn::serve(listener, app, limits, stop_signal()).await;
    Ok(ExitCode::SUCCESS)
}
