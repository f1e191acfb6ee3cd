//! The server's state: the answers' shared [`Context`] (tables, pooled
//! engines, the book, the memory budget), and the search pool: at most
//! `max_solves` searches at once on blocking threads, at most `max_queue`
//! more waiting, each for at most `queue_wait`; past either, a 503 with
//! `Retry-After`. Cheap answers (a book's, tic-tac-toe's table's) never
//! enter it ([`AppState::cheap`]).
//!
//! Every search gets a cancellation flag, set when its request is dropped
//! (its client went away and the connection was closed): the search stops
//! at its next check, as when its time is up.

use super::reply::Failure;
use bitgames::connect4::solver::book::Book;
use bitgames_api::{ApiError, Context};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tokio::sync::Semaphore;

/// The limits of the search pool and the memory budget (`bitgames serve` options).
#[derive(Clone, Copy, Debug)]
pub struct SearchLimits {
    /// Searches at once.
    pub max_solves: usize,
    /// Searches waiting for a slot, at most.
    pub max_queue: usize,
    /// How long a search may wait for a slot (or for memory) before a 503.
    pub queue_wait: Duration,
    /// The memory budget of every table, in bytes.
    pub memory: usize,
}

/// What the handlers share.
pub struct AppState {
    /// One permit per search that may run at once.
    solves: Arc<Semaphore>,
    /// One permit per search that may be running or waiting.
    admitted: Arc<Semaphore>,
    pub limits: SearchLimits,
    /// What the answers share.
    pub ctx: Context,
}

/// Sets the flag when dropped: the request was answered, or dropped.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

impl AppState {
    /// A state with these limits and this book.
    pub fn new(limits: SearchLimits, connect4_book: Option<Arc<Book>>) -> AppState {
        AppState {
            solves: Arc::new(Semaphore::new(limits.max_solves)),
            admitted: Arc::new(Semaphore::new(limits.max_solves + limits.max_queue)),
            limits,
            ctx: Context::new(bitgames_api::context::CONNECT4_TABLE_LOG2, connect4_book)
                .with_memory(limits.memory, limits.queue_wait),
        }
    }

    /// Runs `work` on a blocking thread once a search slot is free, with the
    /// flag that is set if the request is dropped before it finishes.
    pub async fn solve<T: Send + 'static>(
        &self,
        work: impl FnOnce(Arc<AtomicBool>) -> T + Send + 'static,
    ) -> Result<T, Failure> {
        let busy = |why: String| Failure::from(ApiError::unavailable(why));
        let Ok(admitted) = self.admitted.clone().try_acquire_owned() else {
            return Err(busy(format!(
                "server busy: {} searches running and {} waiting; try again",
                self.limits.max_solves, self.limits.max_queue
            )));
        };
        let permit =
            tokio::time::timeout(self.limits.queue_wait, self.solves.clone().acquire_owned())
                .await
                .map_err(|_| {
                    busy(format!(
                        "server busy: {} searches running and none free within {} s; try again",
                        self.limits.max_solves,
                        self.limits.queue_wait.as_secs_f64()
                    ))
                })?
                .map_err(|_| ApiError::internal("the search slots are closed"))?;
        let cancel = Arc::new(AtomicBool::new(false));
        let _cancel_on_drop = CancelOnDrop(Arc::clone(&cancel));
        tokio::task::spawn_blocking(move || {
            let _permits = (permit, admitted);
            work(cancel)
        })
        .await
        .map_err(|e| ApiError::internal(format!("the search failed: {e}")).into())
    }

    /// Runs a cheap `work` (a book's answers, a table's) on a blocking
    /// thread outside the search pool, so that it never waits behind a search.
    pub async fn cheap<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Failure> {
        tokio::task::spawn_blocking(work)
            .await
            .map_err(|e| ApiError::internal(format!("the answer failed: {e}")).into())
    }
}
