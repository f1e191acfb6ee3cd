//! `bitgames serve`: the web page and its JSON API, on axum and tokio.
//!
//! - `/` and its assets: the page from `web/`, embedded in the binary ([`assets`]);
//! - `/api/...`: the JSON API ([`api`]), every solve on a blocking thread behind
//!   a semaphore, with a time budget.

mod api;
mod assets;
mod connect4;
mod error;
mod generic;
mod santorini;
mod tictactoe;

use clap::Args;
use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;

pub use api::{AppState, router};

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
}

/// Runs the server until it is stopped (Ctrl-C).
pub fn run(args: ServeArgs) -> anyhow::Result<ExitCode> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(serve(args))
}

async fn serve(args: ServeArgs) -> anyhow::Result<ExitCode> {
    let ip: std::net::IpAddr = args
        .host
        .parse()
        .map_err(|e| anyhow::anyhow!("bad --host {:?}: {e}", args.host))?;
    let listener = tokio::net::TcpListener::bind(SocketAddr::new(ip, args.port))
        .await
        .map_err(|e| anyhow::anyhow!("cannot listen on {}:{}: {e}", args.host, args.port))?;
    let addr = listener.local_addr()?;
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let book =
        crate::connect4::load_book(args.book.as_deref(), bitgames::connect4::Geometry::STANDARD)?;
    let state = Arc::new(AppState::new(args.max_solves.unwrap_or(cores).max(1), book));
    // The first line is read by the tests to learn the port: keep its form.
    println!("bitgames serve: listening on http://{addr}/");
    axum::serve(listener, router(state))
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await?;
    Ok(ExitCode::SUCCESS)
}
