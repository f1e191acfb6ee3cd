//! Connect Four's board sizes in the API: the `size` parameter (`8x5`,
//! columns x rows, 7x6 when absent) of `state`, `analyze`, `legal` and
//! `bestmove`, and `GET /api/connect4/sizes`, the sizes the page offers.
//! Which sizes the library can make is the library's to say
//! ([`Geometry::new`]): nothing here knows its limits.

use super::error::{ApiError, Params, optional};
use bitgames::connect4::known::{DRAW, EMPTY_BOARD_VALUES, FIRST};
use bitgames::connect4::{Geometry, read_position};
use bitgames::registry::Registered;
use serde_json::{Value, json};

/// The board of the `size` parameter: 7x6 when absent, else `WxH`
/// (columns x rows); a 400 naming the size and why it is refused.
pub fn geometry(params: &Params) -> Result<Geometry, ApiError> {
    let Some(text) = optional(params, "size") else {
        return Ok(Geometry::STANDARD);
    };
    let shown = bitgames::excerpt(text.trim());
    let numbers = text
        .trim()
        .split_once(['x', 'X'])
        .and_then(|(w, h)| Some((w.trim().parse().ok()?, h.trim().parse().ok()?)));
    let Some((width, height)) = numbers else {
        return Err(ApiError::bad(format!(
            "bad board size `{shown}`: write columns x rows, as size=8x5 (7x6 when absent)"
        )));
    };
    Geometry::new(width, height)
        .map_err(|e| ApiError::bad(format!("bad board size `{shown}`: {e}")))
}

/// The move list of a `moves` parameter in the notation of a board of
/// `width` columns: blanks dropped between digits (`4 4 5 3`: `4453`), or
/// read as separators on a board of 10 or more columns (`10 3 4`: `10,3,4`),
/// where a move list is column numbers separated by commas.
pub fn moves_text(text: &str, width: usize) -> String {
    let items: Vec<&str> = text.split_whitespace().collect();
    if width > 9 && !text.contains(',') {
        items.join(",")
    } else {
        items.concat()
    }
}

/// The moves of a move list before its `index`-th move (1-based): the
/// characters of a digit list, the items of a comma-separated one.
pub fn moves_before(moves: &str, index: usize) -> String {
    let keep = index.saturating_sub(1);
    if moves.contains(',') {
        moves.split(',').take(keep).collect::<Vec<_>>().join(",")
    } else {
        moves.chars().take(keep).collect()
    }
}

/// The start of a generic route (`legal`, `bestmove`) of Connect Four given
/// a `size`: the position of that size after `moves` (the board's
/// notation, or blank-separated columns), written in the registry's
/// notation (a grid of 0/1/2 off 7x6), with no moves left to play. `None`
/// without `size`: the generic routes read `position` and `moves` as usual.
pub fn generic_start(params: &Params) -> Option<Result<String, ApiError>> {
    optional(params, "size")?;
    Some(sized_notation(params))
}

fn sized_notation(params: &Params) -> Result<String, ApiError> {
    let geometry = geometry(params)?;
    if optional(params, "position").is_some_and(|p| p.trim() != "-") {
        return Err(ApiError::bad(
            "give `size` with `moves` from the empty board, or a `position` (a grid carries its own size), not both",
        ));
    }
    let moves = moves_text(optional(params, "moves").unwrap_or(""), geometry.width());
    let (pos, _) = read_position(geometry, &moves).map_err(|e| {
        ApiError::bad(format!(
            "bad {} moves `{}` on {geometry}: {e}",
            <bitgames::connect4::Position as Registered>::PROSE_NAME,
            bitgames::excerpt(&moves)
        ))
    })?;
    Ok(Registered::notation(&pos))
}

/// What the value of an empty board is, in words.
fn value_words(value: i8) -> &'static str {
    match value {
        FIRST => "first player wins",
        DRAW => "draw",
        _ => "second player wins",
    }
}

/// `GET /api/connect4/sizes`: the boards of John Tromp's table (widths and
/// heights 4 to 11) that the library makes, by width then height, each
/// with its published value, and the default size.
pub fn sizes() -> Value {
    let mut known: Vec<(u8, u8, i8)> = EMPTY_BOARD_VALUES
        .iter()
        .copied()
        .filter(|&(w, h, _)| (4..=11).contains(&w) && (4..=11).contains(&h))
        .filter(|&(w, h, _)| Geometry::new(w.into(), h.into()).is_ok())
        .collect();
    known.sort_unstable();
    known.dedup_by_key(|&mut (w, h, _)| (w, h));
    let list: Vec<Value> = known
        .iter()
        .map(|&(w, h, value)| {
            json!({
                "size": format!("{w}x{h}"),
                "width": w,
                "height": h,
                "cells": usize::from(w) * usize::from(h),
                "value": value,
                "value_text": value_words(value),
            })
        })
        .collect();
    json!({ "default": Geometry::STANDARD.to_string(), "sizes": list })
}
