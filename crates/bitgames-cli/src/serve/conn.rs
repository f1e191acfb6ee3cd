//! The accept loop: a cap on open connections that never locks new clients
//! out, timeouts for slow and silent clients ([`super::watch`]), searches
//! cancelled when their client goes away, and a graceful shutdown bounded
//! in time.
//!
//! When the cap is reached (all connections, or one address's share), a new
//! connection is admitted by closing the one waiting longest for a request:
//! one whose head has not arrived (silent or slow) first, then an idle
//! kept-alive one. Only when every open connection has a request under way
//! (an answer being sent counts) does a new one wait.

use super::watch::{Phase, RequestGuard, Watch, Watched};
use axum::Router;
use hyper_util::rt::TokioIo;
use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, mpsc, watch};
use tokio::time::Instant;
use tower_service::Service;

/// The limits of the accept loop (`bitgames serve` options).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// A request's head must arrive within this time of the connection's
    /// opening, or of its first byte on a kept-alive connection.
    pub header_timeout: Duration,
    /// A kept-alive connection with no request under way is closed after this time.
    pub idle_timeout: Duration,
    /// At most this many connections open at once.
    pub max_connections: usize,
    /// At most this many of them from one address.
    pub max_per_address: usize,
    /// After a stop signal, the requests under way get this long to finish.
    pub shutdown_timeout: Duration,
}

/// One open connection, as the accept loop knows it.
struct Open {
    peer: IpAddr,
    watch: Arc<Watch>,
}

/// The open connections, by number.
#[derive(Default)]
struct Registry {
    open: Mutex<HashMap<u64, Open>>,
    /// Signalled when a connection ends or finishes a request.
    freed: Notify,
}

impl Registry {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Open>> {
        self.open.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn len(&self) -> usize {
        self.lock().len()
    }

    fn remove(&self, id: u64) {
        self.lock().remove(&id);
        self.freed.notify_waiters();
    }

    /// Makes room for a connection from `peer`: closes the connection
    /// waiting longest for a request (of `peer`'s if it has its share) when
    /// the cap is reached. False when no connection can be closed: every
    /// one has a request under way.
    fn make_room(&self, peer: IpAddr, limits: &Limits) -> bool {
        let mut open = self.lock();
        let of_peer = open.values().filter(|o| o.peer == peer).count();
        let full = open.len() >= limits.max_connections;
        let peer_full = of_peer >= limits.max_per_address;
        if !full && !peer_full {
            return true;
        }
        // The ones whose head has not arrived first (silent or slow
        // clients), by how long they have waited; then the idle ones.
        let victim = open
            .iter()
            .filter(|(_, o)| !peer_full || o.peer == peer)
            .filter_map(|(&id, o)| match o.watch.phase() {
                Phase::Head { since } => Some(((0, since), id)),
                Phase::Idle { since } => Some(((1, since), id)),
                Phase::Busy { .. } => None,
            })
            .min()
            .map(|(_, id)| id);
        match victim.and_then(|id| open.remove(&id)) {
            Some(closed) => {
                closed.watch.evict();
                true
            }
            None => false,
        }
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
    let registry = Arc::new(Registry::default());
    let (stopping_tx, stopping_rx) = watch::channel(false);
    // Every connection task holds a sender: all are gone when `recv` gives None.
    let (alive_tx, mut alive_rx) = mpsc::channel::<()>(1);
    tokio::pin!(stop);
    let mut next_id = 0u64;
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut stop => break,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of file descriptors (EMFILE) and the like: wait, retry.
                log::warn!("cannot accept a connection: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        // Every connection busy: wait for one to finish a request or end.
        loop {
            let freed = registry.freed.notified();
            if registry.make_room(peer.ip(), &limits) {
                break;
            }
            tokio::select! {
                () = freed => {}
                () = tokio::time::sleep(Duration::from_millis(100)) => {}
                () = &mut stop => break,
            }
        }
        let _ = stream.set_nodelay(true);
        let id = next_id;
        next_id += 1;
        let watch = Arc::new(Watch::new());
        registry.lock().insert(
            id,
            Open {
                peer: peer.ip(),
                watch: Arc::clone(&watch),
            },
        );
        let router = router.clone();
        let stopping = stopping_rx.clone();
        let alive = alive_tx.clone();
        let registry = Arc::clone(&registry);
        tokio::spawn(async move {
            connection(stream, watch, router, limits, stopping, &registry).await;
            registry.remove(id);
            drop(alive);
        });
    }
    drop(listener);
    drop(alive_tx);
    log::info!(
        "stopping: {} connection(s) open, finishing their requests (at most {} s)",
        registry.len(),
        limits.shutdown_timeout.as_secs_f64()
    );
    let _ = stopping_tx.send(true);
    if tokio::time::timeout(limits.shutdown_timeout, alive_rx.recv())
        .await
        .is_err()
    {
        log::warn!(
            "stopping: {} connection(s) still open after the shutdown timeout: closed",
            registry.len()
        );
    }
}

/// The answer, the request marked finished once hyper has taken the whole
/// body (a streamed analysis is a request under way, not an idle
/// connection, and an answer being written is never closed for a newcomer).
fn finish_with_body(
    response: axum::response::Response,
    guard: RequestGuard,
) -> axum::response::Response {
    response.map(|inner| {
        axum::body::Body::new(Guarded {
            inner,
            guard: Some(guard),
        })
    })
}

/// A body that holds its request's [`RequestGuard`] until its end.
struct Guarded {
    inner: axum::body::Body,
    guard: Option<RequestGuard>,
}

impl axum::body::HttpBody for Guarded {
    type Data = axum::body::Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<hyper::body::Frame<Self::Data>, Self::Error>>> {
        let frame = std::pin::Pin::new(&mut self.inner).poll_frame(cx);
        if matches!(frame, std::task::Poll::Ready(None)) {
            self.guard = None;
        }
        frame
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> hyper::body::SizeHint {
        self.inner.size_hint()
    }
}

/// A second handle on the socket of `stream`, to notice the client going
/// away while hyper is not reading (a request under way).
fn peer_handle(stream: TcpStream) -> std::io::Result<(TcpStream, TcpStream)> {
    let std_stream = stream.into_std()?;
    let twin = std_stream.try_clone()?;
    Ok((TcpStream::from_std(std_stream)?, TcpStream::from_std(twin)?))
}

/// Serves one connection until it ends, times out, is evicted, its client
/// goes away during a request, or the server stops.
async fn connection(
    stream: TcpStream,
    watch: Arc<Watch>,
    router: Router,
    limits: Limits,
    mut stopping: watch::Receiver<bool>,
    registry: &Registry,
) {
    let Ok((stream, peer)) = peer_handle(stream) else {
        return;
    };
    let io = TokioIo::new(Watched::new(stream, Arc::clone(&watch)));
    let service_watch = Arc::clone(&watch);
    let service = hyper::service::service_fn(move |request| {
        service_watch.request_started();
        let guard = RequestGuard(Arc::clone(&service_watch));
        let mut router = router.clone();
        async move {
            let response = router.call(request).await;
            Ok::<_, std::convert::Infallible>(finish_with_body(response?, guard))
        }
    });
    let conn = hyper::server::conn::http1::Builder::new().serve_connection(io, service);
    tokio::pin!(conn);
    let mut graceful = false;
    // Bytes of a next request arrived during this one: hyper reads them later.
    let mut pipelined = false;
    let mut byte = [0u8; 1];
    loop {
        if watch.is_evicted() {
            log::debug!("connection closed to admit a new one");
            return;
        }
        let deadline = watch.deadline(&limits);
        let busy = deadline.is_none();
        if !busy {
            pipelined = false;
        }
        let sleep = async {
            match deadline {
                Some((at, _)) => tokio::time::sleep_until(at).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            _ = conn.as_mut() => return,
            () = watch.changed.notified() => registry.freed.notify_waiters(),
            () = sleep => {
                // Closed unless the phase changed in the meantime.
                if let Some((at, why)) = watch.deadline(&limits)
                    && at <= Instant::now()
                {
                    log::debug!("connection closed: {why}");
                    return;
                }
            }
            // The client went away with a request under way: closing the
            // connection drops the request, and that cancels its search.
            seen = peer.peek(&mut byte), if busy && !pipelined => match seen {
                Ok(0) | Err(_) => {
                    log::debug!("connection closed by the client during a request");
                    return;
                }
                Ok(_) => pipelined = true,
            },
            _ = stopping.changed(), if !graceful => {
                graceful = true;
                conn.as_mut().graceful_shutdown();
            }
        }
    }
}
