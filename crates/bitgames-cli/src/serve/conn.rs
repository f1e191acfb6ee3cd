//! The accept loop: a cap on open connections, timeouts for slow and idle
//! clients, and a graceful shutdown bounded in time.
//!
//! Each connection is in one of three phases, watched by [`Watch`]:
//!
//! ```text
//!   Idle (no request under way) --first byte--> Head (a request arriving)
//!     ^                                             | request handed to the router
//!     +------------ answer finished ---------- Busy <+
//! ```
//!
//! An `Idle` connection is closed after the idle timeout, a `Head` one after
//! the header timeout (a client dripping a byte a second does not reset it);
//! a `Busy` one has no timeout of its own (searches have their budgets).

use axum::Router;
use hyper_util::rt::TokioIo;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, Semaphore, mpsc, watch};
use tokio::time::Instant;
use tower_service::Service;

/// The limits of the accept loop (`bitgames serve` options).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// A request's head must arrive within this time of its first byte.
    pub header_timeout: Duration,
    /// A connection with no request under way is closed after this time.
    pub idle_timeout: Duration,
    /// At most this many connections open at once; more wait to be accepted.
    pub max_connections: usize,
    /// After a stop signal, the requests under way get this long to finish.
    pub shutdown_timeout: Duration,
}

#[derive(Clone, Copy, Debug)]
enum Phase {
    Idle { since: Instant },
    Head { since: Instant },
    Busy { requests: usize },
}

/// The phase of one connection, updated by its socket and its service.
struct Watch {
    phase: Mutex<Phase>,
    /// Wakes the connection's task when the phase (so its deadline) changes.
    changed: Notify,
}

impl Watch {
    fn new() -> Watch {
        Watch {
            phase: Mutex::new(Phase::Idle {
                since: Instant::now(),
            }),
            changed: Notify::new(),
        }
    }

    fn update(&self, f: impl FnOnce(Phase) -> Phase) {
        let mut phase = self.phase.lock().unwrap_or_else(|e| e.into_inner());
        *phase = f(*phase);
        drop(phase);
        self.changed.notify_one();
    }

    /// Bytes arrived: an idle connection starts a request's head.
    fn bytes_read(&self) {
        let idle = matches!(
            *self.phase.lock().unwrap_or_else(|e| e.into_inner()),
            Phase::Idle { .. }
        );
        if idle {
            self.update(|p| match p {
                Phase::Idle { .. } => Phase::Head {
                    since: Instant::now(),
                },
                other => other,
            });
        }
    }

    fn request_started(&self) {
        self.update(|p| match p {
            Phase::Busy { requests } => Phase::Busy {
                requests: requests + 1,
            },
            _ => Phase::Busy { requests: 1 },
        });
    }

    fn request_finished(&self) {
        self.update(|p| match p {
            Phase::Busy { requests } if requests > 1 => Phase::Busy {
                requests: requests - 1,
            },
            _ => Phase::Idle {
                since: Instant::now(),
            },
        });
    }

    /// When the connection must be closed, if nothing changes before; and why.
    fn deadline(&self, limits: &Limits) -> Option<(Instant, &'static str)> {
        match *self.phase.lock().unwrap_or_else(|e| e.into_inner()) {
            Phase::Idle { since } => Some((since + limits.idle_timeout, "idle")),
            Phase::Head { since } => Some((since + limits.header_timeout, "request head too slow")),
            Phase::Busy { .. } => None,
        }
    }
}

/// Marks a request finished when dropped (answered, failed or cancelled).
struct RequestGuard(Arc<Watch>);

impl Drop for RequestGuard {
    fn drop(&mut self) {
        self.0.request_finished();
    }
}

/// A socket that tells its [`Watch`] when bytes arrive.
///
/// It also gives hyper's own 414 a JSON body: hyper refuses a request line
/// longer than 64 KiB before the router sees it, and answers `414 URI Too
/// Long` with an empty body. When that head is written, the socket writes
/// [`uri_too_long`] instead and drops the rest (hyper closes the connection
/// after it).
struct Watched {
    stream: TcpStream,
    watch: Arc<Watch>,
    /// The replacement answer being written, and how much of it is written.
    replacing: Option<(Vec<u8>, usize)>,
    /// The replacement is written: swallow what hyper writes after it.
    replaced: bool,
}

/// The answer to a request line too long for hyper (64 KiB): a 414 with a
/// JSON body like every other error of the API.
fn uri_too_long() -> Vec<u8> {
    let body = serde_json::json!({
        "error": "the request line is longer than 64 KiB: shorten the URL (a position or a move list that long is not one of our games')"
    })
    .to_string();
    format!(
        "HTTP/1.1 414 URI Too Long\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

impl Watched {
    /// Writes the replacement of hyper's 414 if `head` starts it (or one is
    /// under way); `None` when the bytes are to be written as they are.
    /// `len` is what to report to hyper as written.
    fn poll_replace(
        &mut self,
        cx: &mut Context<'_>,
        head: &[u8],
        len: usize,
    ) -> Option<Poll<io::Result<usize>>> {
        if self.replaced {
            return Some(Poll::Ready(Ok(len)));
        }
        if self.replacing.is_none() && head.starts_with(b"HTTP/1.1 414 ") {
            self.replacing = Some((uri_too_long(), 0));
        }
        let (bytes, written) = self.replacing.as_mut()?;
        while *written < bytes.len() {
            match Pin::new(&mut self.stream).poll_write(cx, &bytes[*written..]) {
                Poll::Ready(Ok(0)) => {
                    return Some(Poll::Ready(Err(io::ErrorKind::WriteZero.into())));
                }
                Poll::Ready(Ok(n)) => *written += n,
                Poll::Ready(Err(e)) => return Some(Poll::Ready(Err(e))),
                Poll::Pending => return Some(Poll::Pending),
            }
        }
        self.replacing = None;
        self.replaced = true;
        Some(Poll::Ready(Ok(len)))
    }
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let result = Pin::new(&mut self.stream).poll_read(cx, buf);
        if matches!(result, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.watch.bytes_read();
        }
        result
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        if let Some(done) = self.poll_replace(cx, buf, buf.len()) {
            return done;
        }
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let head = bufs
            .iter()
            .find(|b| !b.is_empty())
            .map_or(&[][..], |b| &b[..]);
        let len = bufs.iter().map(|b| b.len()).sum();
        if let Some(done) = self.poll_replace(cx, head, len) {
            return done;
        }
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

/// Accepts and serves connections until `stop` resolves, then lets the
/// requests under way finish for at most `limits.shutdown_timeout`.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    stop: impl Future<Output = ()>,
) {
    let slots = Arc::new(Semaphore::new(limits.max_connections));
    let (stopping_tx, stopping_rx) = watch::channel(false);
    // Every connection task holds a sender: all are gone when `recv` gives None.
    let (alive_tx, mut alive_rx) = mpsc::channel::<()>(1);
    tokio::pin!(stop);
    loop {
        let permit = tokio::select! {
            permit = slots.clone().acquire_owned() => permit.expect("the semaphore is never closed"),
            () = &mut stop => break,
        };
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut stop => break,
        };
        let stream = match accepted {
            Ok((stream, _peer)) => stream,
            Err(e) => {
                // Out of file descriptors (EMFILE) and the like: wait, retry.
                log::warn!("cannot accept a connection: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let router = router.clone();
        let stopping = stopping_rx.clone();
        let alive = alive_tx.clone();
        tokio::spawn(async move {
            connection(stream, router, limits, stopping).await;
            drop(permit);
            drop(alive);
        });
    }
    drop(listener);
    drop(alive_tx);
    let open = limits.max_connections - slots.available_permits();
    log::info!(
        "stopping: {open} connection(s) open, finishing their requests (at most {} s)",
        limits.shutdown_timeout.as_secs_f64()
    );
    let _ = stopping_tx.send(true);
    if tokio::time::timeout(limits.shutdown_timeout, alive_rx.recv())
        .await
        .is_err()
    {
        let open = limits.max_connections - slots.available_permits();
        log::warn!("stopping: {open} connection(s) still open after the shutdown timeout: closed");
    }
}

/// Serves one connection until it ends, times out, or the server stops.
async fn connection(
    stream: TcpStream,
    router: Router,
    limits: Limits,
    mut stopping: watch::Receiver<bool>,
) {
    let watch = Arc::new(Watch::new());
    let io = TokioIo::new(Watched {
        stream,
        watch: Arc::clone(&watch),
        replacing: None,
        replaced: false,
    });
    let service_watch = Arc::clone(&watch);
    let service = hyper::service::service_fn(move |request| {
        service_watch.request_started();
        let guard = RequestGuard(Arc::clone(&service_watch));
        let mut router = router.clone();
        async move {
            let response = router.call(request).await;
            drop(guard);
            response
        }
    });
    let conn = hyper::server::conn::http1::Builder::new().serve_connection(io, service);
    tokio::pin!(conn);
    let mut graceful = false;
    loop {
        let deadline = watch.deadline(&limits);
        let sleep = async {
            match deadline {
                Some((at, _)) => tokio::time::sleep_until(at).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            _ = conn.as_mut() => return,
            () = watch.changed.notified() => {}
            () = sleep => {
                // Closed unless the phase changed in the meantime.
                if let Some((at, why)) = watch.deadline(&limits)
                    && at <= Instant::now()
                {
                    log::debug!("connection closed: {why}");
                    return;
                }
            }
            _ = stopping.changed(), if !graceful => {
                graceful = true;
                conn.as_mut().graceful_shutdown();
            }
        }
    }
}
