//! `bitgames serve`: the web page and its JSON API, on axum and tokio.
//!
//! - `/` and its assets: the page from `web/`, embedded in the binary ([`assets`]);
//! - `/api/...`: the JSON API ([`api`]), its answers from `bitgames_api`,
//!   every solve on a blocking thread behind a semaphore, with a time budget;
//! - the connections ([`conn`]): header and idle timeouts, a cap on open
//!   connections, a graceful shutdown bounded in time; the request log ([`log`]).

mod analysis;
mod api;
mod assets;
mod conn;
mod log;
mod reply;
mod state;

use clap::Args;
use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

pub use api::router;
pub use state::AppState;

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
    /// A Connect Four opening book (`bitgames connect4 book` writes one):
    /// without it the first moves of a game may not be solved in time.
    #[arg(long, value_name = "FILE")]
    pub book: Option<std::path::PathBuf>,
    /// Seconds a client has to send a request's head once its first byte has
    /// arrived; a slower client is disconnected.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = parse_seconds)]
    pub header_timeout: Duration,
    /// Seconds a connection may stay open with no request under way (a new
    /// connection that sends nothing, or a kept-alive one between requests).
    #[arg(long, value_name = "SECONDS", default_value = "30", value_parser = parse_seconds)]
    pub idle_timeout: Duration,
    /// At most this many connections open at once; more wait to be accepted
    /// (default: 512, or half the open-file limit if that is lower).
    #[arg(long, value_name = "N")]
    pub max_connections: Option<usize>,
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
    let max_connections = match args.max_connections {
        Some(0) => anyhow::bail!("--max-connections 0: at least 1 connection is needed"),
        Some(n) => n,
        None => default_max_connections(),
    };
    let listener = tokio::net::TcpListener::bind(SocketAddr::new(ip, args.port))
        .await
        .map_err(|e| anyhow::anyhow!("cannot listen on {}:{}: {e}", args.host, args.port))?;
    let addr = listener.local_addr()?;
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let book =
        crate::connect4::load_book(args.book.as_deref(), bitgames::connect4::Geometry::STANDARD)?;
    let state = Arc::new(AppState::new(args.max_solves.unwrap_or(cores).max(1), book));
    let mut app = router(state);
    if !args.quiet {
        app = app.layer(axum::middleware::from_fn(log::requests));
    }
    let limits = conn::Limits {
        header_timeout: args.header_timeout,
        idle_timeout: args.idle_timeout,
        max_connections,
        shutdown_timeout: args.shutdown_timeout,
    };
    // The first line is read by the tests to learn the port: keep its form.
    println!("bitgames serve: listening on http://{addr}/");
    ::log::info!(
        "listening on http://{addr}/: at most {max_connections} connections, header timeout {} s, idle timeout {} s",
        limits.header_timeout.as_secs_f64(),
        limits.idle_timeout.as_secs_f64()
    );
    conn::serve(listener, app, limits, stop_signal()).await;
    Ok(ExitCode::SUCCESS)
}
