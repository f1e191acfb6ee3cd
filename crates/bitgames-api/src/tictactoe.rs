//! `GET /api/tictactoe/analyze?moves=1524`: the same library calls as
//! `bitgames tictactoe analyze --json`, plus one entry per square and the bitboards.

use super::error::{ApiError, Params, required};
use bitgames::tictactoe::solver::Solver;
use bitgames::tictactoe::{Board, Position, Square, mark, winlines};
use bitgames::{Game, Outcome, Player};
use serde_json::{Value, json};

/// The analysis of a position given by `moves`.
pub fn analyze(solver: &Solver, params: &Params) -> Result<Value, ApiError> {
    let moves = required(params, "moves")?;
    let pos: Position = moves.parse().map_err(|e| {
        ApiError::bad(format!(
            "bad {} position `{}`: {e}",
            <Position as bitgames::registry::Registered>::PROSE_NAME,
            bitgames::excerpt(moves)
        ))
    })?;
    Ok(analysis(solver, &pos, moves))
}

/// The analysis of `pos` (written `moves`) as the API answers it and as
/// `bitgames tictactoe analyze --json` prints it: one function, one set of keys.
pub fn analysis(solver: &Solver, pos: &Position, moves: &str) -> Value {
    let pos = *pos;
    let value = solver.value(&pos);
    let best = solver.best_moves(&pos);
    let mut squares = vec![Value::Null; 9];
    let mut scores = vec![Value::Null; 9];
    for (sq, v) in solver.move_values(&pos) {
        scores[sq.index()] = json!(v.sign());
        squares[sq.index()] = json!({
            "square": sq.number(),
            "name": sq.name(),
            "value": v.sign(),
            "plies": v.plies(),
            "result": v.to_string(),
            "best": best.contains(&sq),
        });
    }
    let cells: Vec<u8> = Square::ALL
        .iter()
        .map(|&sq| pos.cell(sq).map_or(0, Player::number))
        .collect();
    let mut lines = winlines::Board::default();
    for sq in Square::ALL {
        if let Some(p) = pos.cell(sq) {
            lines.put(sq, p);
        }
    }
    let outcome = pos.outcome();
    let status = match outcome {
        Outcome::Ongoing => "ongoing".to_string(),
        Outcome::Draw => "draw".to_string(),
        Outcome::Win(p) => format!("{} wins", mark(p)),
    };
    json!({
        "game": "tictactoe",
        "moves": moves,
        "board": pos.board_string(),
        "cells": cells,
        "to_move": pos.to_move().number(),
        "mark": mark(pos.to_move()).to_string(),
        "status": status,
        "winner": outcome.winner().map(Player::number),
        "winning_line": pos.winning_line().map(|(_, line)| json!({
            "name": line.to_string(),
            "squares": line.squares().iter().map(|s| s.number()).collect::<Vec<_>>(),
        })),
        "value": value.sign(),
        "plies": value.plies(),
        "result": value.to_string(),
        "scores": scores,
        "squares": squares,
        "best": best.first().map(|s| s.number()),
        "best_moves": best.iter().map(|s| s.number()).collect::<Vec<_>>(),
        "bits": {
            "x": pos.bits(Player::One),
            "o": pos.bits(Player::Two),
            "occupied": pos.occupied(),
            "winlines_x": lines.word(Player::One),
            "winlines_o": lines.word(Player::Two),
        },
    })
}
