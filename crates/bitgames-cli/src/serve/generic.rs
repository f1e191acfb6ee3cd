//! `GET /api/{game}/legal?position=...`: written once over the [`Game`] trait,
//! so every game gets it: the position in its own notation, whose turn, the
//! outcome, and the legal moves with their dense action indices.

use super::error::{ApiError, Params, required};
use bitgames::Game;
use serde_json::{Value, json};
use std::fmt::Display;
use std::str::FromStr;

/// The games by their [`Game::NAME`].
pub const GAMES: [&str; 3] = ["tictactoe", "connect4", "santorini"];

/// The answer for the game named `game`.
pub fn legal(game: &str, params: &Params) -> Result<Value, ApiError> {
    match game {
        "tictactoe" => legal_in::<bitgames::tictactoe::Position>(params),
        "connect4" => legal_in::<bitgames::connect4::Position>(params),
        "santorini" => legal_in::<bitgames::santorini::Position>(params),
        other => Err(ApiError::not_found(format!(
            "no game `{}`: the games are {}",
            bitgames::excerpt(other),
            GAMES.join(", ")
        ))),
    }
}

fn legal_in<G: Game>(params: &Params) -> Result<Value, ApiError>
where
    <G as FromStr>::Err: Display,
{
    let text = required(params, "position")?;
    let pos: G = text.parse().map_err(|e| {
        ApiError::bad(format!(
            "bad {} position `{}`: {e}",
            G::NAME,
            bitgames::excerpt(text)
        ))
    })?;
    let moves = pos.legal_moves();
    let outcome = pos.outcome();
    Ok(json!({
        "game": G::NAME,
        "position": pos.to_string(),
        "to_move": pos.to_move().number(),
        "status": outcome.to_string(),
        "winner": outcome.winner().map(|p| p.number()),
        "returns": pos.returns(),
        "legal_moves": moves.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        "actions": moves.iter().map(|&m| pos.action_of(m)).collect::<Vec<_>>(),
        "num_actions": pos.num_actions(),
    }))
}
