//! The server's state: the answers' shared [`Context`] (tables, pooled
//! engines, the book) and the search slots (a semaphore) that keep the
//! blocking threads to `max_solves` at once.

use super::reply::Failure;
use bitgames::connect4::solver::book::Book;
use bitgames_api::{ApiError, Context};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// How long a search request may wait for a free slot before a 503.
pub const QUEUE_WAIT: Duration = Duration::from_secs(20);

/// What the handlers share.
pub struct AppState {
    /// One permit per search that may run at once.
    solves: Arc<Semaphore>,
    max_solves: usize,
    /// What the answers share.
    pub ctx: Context,
}

impl AppState {
    /// A state allowing `max_solves` searches at once.
    pub fn new(max_solves: usize, connect4_book: Option<Arc<Book>>) -> AppState {
        AppState {
            solves: Arc::new(Semaphore::new(max_solves)),
            max_solves,
            ctx: Context::new(bitgames_api::context::CONNECT4_TABLE_LOG2, connect4_book),
        }
    }

    /// Runs `work` on a blocking thread once a search slot is free.
    pub async fn solve<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Failure> {
        let permit = tokio::time::timeout(QUEUE_WAIT, self.solves.clone().acquire_owned())
            .await
            .map_err(|_| {
                ApiError::unavailable(format!(
                    "server busy: {} searches running and none free within {} s; try again",
                    self.max_solves,
                    QUEUE_WAIT.as_secs()
                ))
            })?
            .map_err(|_| ApiError::internal("the search slots are closed"))?;
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work()
        })
        .await
        .map_err(|e| ApiError::internal(format!("the search failed: {e}")).into())
    }
}
