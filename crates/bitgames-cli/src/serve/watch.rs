//! One connection's phase and its socket, for the accept loop ([`super::conn`]).
//!
//! ```text
//!   Head (accepted, or a request arriving) --request handed to the router--> Busy
//!     ^                                                                        |
//!     +-- first byte -- Idle (kept alive between requests) <-- answer finished +
//! ```
//!
//! A `Head` connection is closed at the header deadline, counted from its
//! opening (a client that sends nothing gets no longer than one that sends
//! slowly) or from the first byte of a kept-alive connection's next request;
//! an `Idle` one after the idle timeout; a `Busy` one has no timeout of its
//! own (searches have their budgets), but is closed when its client goes
//! away, which cancels its search.

use super::conn::Limits;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::sync::Notify;
use tokio::time::Instant;

#[derive(Clone, Copy, Debug)]
pub enum Phase {
    Idle { since: Instant },
    Head { since: Instant },
    Busy { requests: usize },
}

/// The phase of one connection, updated by its socket and its service.
pub struct Watch {
    phase: Mutex<Phase>,
    /// Wakes the connection's task when the phase (so its deadline) changes,
    /// or when the accept loop closes it.
    pub changed: Notify,
    /// Set by the accept loop to close the connection (to admit a new one).
    evicted: AtomicBool,
}

impl Watch {
    /// A connection just accepted: waiting for its first request's head.
    pub fn new() -> Watch {
        Watch {
            phase: Mutex::new(Phase::Head {
                since: Instant::now(),
            }),
            changed: Notify::new(),
            evicted: AtomicBool::new(false),
        }
    }

    /// The phase now.
    pub fn phase(&self) -> Phase {
        *self.phase.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Closes the connection (its task wakes and ends).
    pub fn evict(&self) {
        self.evicted.store(true, Ordering::Relaxed);
        self.changed.notify_one();
    }

    /// Whether [`Watch::evict`] was called.
    pub fn is_evicted(&self) -> bool {
        self.evicted.load(Ordering::Relaxed)
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

    pub fn request_started(&self) {
        self.update(|p| match p {
            Phase::Busy { requests } => Phase::Busy {
                requests: requests + 1,
            },
            _ => Phase::Busy { requests: 1 },
        });
    }

    pub fn request_finished(&self) {
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
    pub fn deadline(&self, limits: &Limits) -> Option<(Instant, &'static str)> {
        match *self.phase.lock().unwrap_or_else(|e| e.into_inner()) {
            Phase::Idle { since } => Some((since + limits.idle_timeout, "idle")),
            Phase::Head { since } => Some((since + limits.header_timeout, "request head too slow")),
            Phase::Busy { .. } => None,
        }
    }
}

/// Marks a request finished when dropped (answered, failed or cancelled).
pub struct RequestGuard(pub Arc<Watch>);

impl Drop for RequestGuard {
    fn drop(&mut self) {
        self.0.request_finished();
    }
}

/// A socket that tells its [`Watch`] when bytes arrive.
///
/// It also gives hyper's own error answers a JSON body: hyper refuses a
/// request it cannot parse before the router sees it (a request line over
/// 64 KiB: 414; headers too large: 431; bytes that are not HTTP, such as raw
/// non-UTF-8 bytes in the path: 400) with an empty body. When such a head
/// is written, the socket writes [`hyper_error_answer`] instead and drops
/// the rest (hyper closes the connection after it).
pub struct Watched {
    stream: TcpStream,
    watch: Arc<Watch>,
    /// The replacement answer being written, and how much of it is written.
    replacing: Option<(Vec<u8>, usize)>,
    /// The replacement is written: swallow what hyper writes after it.
    replaced: bool,
}

/// The status of an answer head that hyper wrote itself: an error (4xx or
/// 5xx) with an empty body. The router's errors all have a JSON body.
fn hyper_error_status(head: &[u8]) -> Option<u16> {
    let head = &head[..head.len().min(1024)];
    let text = String::from_utf8_lossy(head).to_ascii_lowercase();
    let code: u16 = text.strip_prefix("http/1.1 ")?.get(..3)?.parse().ok()?;
    (code >= 400 && text.contains("\r\ncontent-length: 0\r\n")).then_some(code)
}

/// The JSON answer that replaces hyper's own error answer of `status`.
fn hyper_error_answer(status: u16) -> Vec<u8> {
    let (reason, message) = match status {
        414 => (
            "URI Too Long",
            "the request line is longer than 64 KiB: shorten the URL (no position or move list of our games is that long)",
        ),
        431 => (
            "Request Header Fields Too Large",
            "the request's head is too large (a request line or headers of hundreds of KiB): shorten the URL or the headers",
        ),
        400 => (
            "Bad Request",
            "the request is not valid HTTP/1.1: a request line or a header could not be read (bytes other than printable ASCII in the path must be percent-encoded)",
        ),
        _ => ("Error", "the request could not be read as HTTP/1.1"),
    };
    let body = serde_json::json!({ "error": message }).to_string();
    format!(
        "HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

impl Watched {
    /// `stream`, telling `watch` when bytes arrive.
    pub fn new(stream: TcpStream, watch: Arc<Watch>) -> Watched {
        Watched {
            stream,
            watch,
            replacing: None,
            replaced: false,
        }
    }

    /// Writes the replacement of hyper's error answer if `head` starts it
    /// (or one is under way); `None` when the bytes are to be written as
    /// they are. `len` is what to report to hyper as written.
    fn poll_replace(
        &mut self,
        cx: &mut Context<'_>,
        head: &[u8],
        len: usize,
    ) -> Option<Poll<io::Result<usize>>> {
        if self.replaced {
            return Some(Poll::Ready(Ok(len)));
        }
        if self.replacing.is_none()
            && let Some(status) = hyper_error_status(head)
        {
            self.replacing = Some((hyper_error_answer(status), 0));
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
