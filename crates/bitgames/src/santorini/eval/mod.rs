//! The static evaluation, from the point of view of the player to move:
//! the 27 terms the bitboards make cheap ([`features()`]), weighed by
//! [`WEIGHTS`] ([`evaluate`], the linear evaluation), and the network that
//! adds its hidden layer to them ([`Net`], the engine's evaluation once
//! every worker is placed).

pub(crate) mod features;
pub mod network;

pub use features::{FEATURES, WEIGHTS, Weights, evaluate, features, features_by_layers};
pub use network::Net;

/// The evaluation units of a log-odds of 1: the network is trained to give
/// `sigmoid(evaluation / SCALE)` as the chance that the player to move wins
/// (the scale that also fits the linear evaluation best).
pub const SCALE: i32 = 110;
