//! The Santorini routes: a position and its legal moves, the gods and their
//! powers, and the tutorial's move-to sets and BFS distances. The engine's
//! move is the generic `GET /api/santorini/bestmove`.

use super::error::{ApiError, Params, optional, required, split_moves};
use bitgames::santorini::reach::{
    distances_instance, format_distances, format_spaces, move_to_instance,
};
use bitgames::santorini::{Bitboard, God, Instance, Levels, Move, Position, Space, Step};
use bitgames::{Game, Player};
use serde_json::{Value, json};

/// The position of `position` (default: the empty board) after the `moves`
/// (separated by blanks, or by `;` when there is one: then a move may hold a
/// blank, as Prometheus' `^C3 A1>B2^C4`), and the position text as given.
pub fn position(params: &Params) -> Result<(Position, String), ApiError> {
    played(params).map(|(pos, given, _)| (pos, given))
}

/// A turn and the position it was played from.
type Turn = (Position, Move);

/// [`position`], and the last turn of `moves` with the position it was
/// played from (`None` without moves).
fn played(params: &Params) -> Result<(Position, String, Option<Turn>), ApiError> {
    // `-` is the start, as the generic routes (`/api/santorini/legal`) read it.
    let given = optional(params, "position")
        .filter(|p| p.trim() != "-")
        .unwrap_or("0000000000000000000000000/1/mortal/mortal");
    let mut pos: Position = given.parse().map_err(|e| {
        ApiError::bad(format!(
            "bad {} position `{}`: {e}",
            <Position as bitgames::registry::Registered>::PROSE_NAME,
            bitgames::excerpt(given)
        ))
    })?;
    let mut last = None;
    if let Some(moves) = optional(params, "moves") {
        let words = split_moves(moves);
        let (mut at, mut number) = (0, 0);
        while at < words.len() {
            number += 1;
            let bad = |taken: usize, e: &dyn std::fmt::Display| {
                let text = words[at..at + taken].join(" ");
                ApiError::bad(format!("move {number} `{}`: {e}", bitgames::excerpt(&text)))
            };
            let (mv, taken): (Move, usize) =
                pos.read_turn_at(&words[at..]).map_err(|e| bad(1, &e))?;
            let before = pos;
            pos.play(mv).map_err(|e| bad(taken, &e))?;
            last = Some((before, mv));
            at += taken;
        }
    }
    Ok((pos, given.to_string(), last))
}

/// `GET /api/santorini/state`: the position after the moves, described.
pub fn state(params: &Params) -> Result<Value, ApiError> {
    let (pos, given, last) = played(params)?;
    let mut answer = describe(&pos, &given);
    answer["last_move"] = match last {
        Some((before, mv)) => json!({ "turn": mv.to_string(), "spaces": turn_spaces(&before, mv) }),
        None => Value::Null,
    };
    Ok(answer)
}

/// The spaces a turn changes, as its steps name them (not the worker's
/// start): where it moves, builds and places.
fn turn_spaces(pos: &Position, mv: Move) -> Vec<String> {
    let mut spaces: Vec<Space> = pos.step_paths(mv)[0]
        .iter()
        .filter(|s| !matches!(s, Step::Select(_)))
        .filter_map(|s| s.space())
        .collect();
    spaces.sort_unstable();
    spaces.dedup();
    spaces.iter().map(Space::to_string).collect()
}

/// Every legal turn with the orders of steps that make it (`select:B3`,
/// `move:C4`, `build:A5`, `dome`, ...: [`Step`]), and the words of the
/// steps that are not on a space, with the mover's god, for their buttons.
fn turns(pos: &Position) -> (Vec<Value>, serde_json::Map<String, Value>) {
    let god = pos.gods()[pos.to_move().index()];
    let mut buttons = serde_json::Map::new();
    let turns = pos
        .legal_moves()
        .iter()
        .map(|&mv| {
            let paths: Vec<Vec<String>> = pos
                .step_paths(mv)
                .into_iter()
                .map(|path| {
                    for step in &path {
                        if let Some(words) = step.words() {
                            buttons.insert(
                                step.to_string(),
                                json!(format!("{words} ({})", god.title())),
                            );
                        }
                    }
                    path.iter().map(Step::to_string).collect()
                })
                .collect();
            json!({ "turn": mv.to_string(), "paths": paths })
        })
        .collect();
    (turns, buttons)
}

fn spaces(b: Bitboard) -> Vec<String> {
    b.into_iter().map(|s| s.to_string()).collect()
}

/// The position as the page draws it: levels, workers, legal moves and
/// their steps, bitboards.
pub fn describe(pos: &Position, given: &str) -> Value {
    let outcome = pos.outcome();
    let legal: Vec<String> = pos.legal_moves().iter().map(Move::to_string).collect();
    let (turns, buttons) = turns(pos);
    let level_bits: Vec<u64> = (0..=4).map(|k| pos.spaces_at_level(k).0).collect();
    json!({
        "game": "santorini",
        "given": given,
        "position": pos.to_string(),
        "to_move": pos.to_move().number(),
        "phase": if pos.is_placement() { "place" } else { "move" },
        "status": outcome.to_string(),
        "winner": outcome.winner().map(Player::number),
        "levels": pos.levels().to_vec(),
        "spaces": Space::all().map(|s| s.to_string()).collect::<Vec<_>>(),
        "workers": {
            "1": spaces(pos.workers(Player::One)),
            "2": spaces(pos.workers(Player::Two)),
        },
        "gods": pos.gods().map(God::name),
        "up_blocked": pos.up_blocked(),
        // Each god's state as the position writes it (Europa's talus,
        // Clio's coins), the spaces it marks, and what the mover's god's
        // act on a space does (an `act:` step).
        "god_states": Player::BOTH.map(|p| pos.god_state(p)),
        "marked": {
            "1": spaces(pos.marked(Player::One)),
            "2": spaces(pos.marked(Player::Two)),
        },
        "act": pos.act_words(),
        "blocked_by": pos
            .up_blocked()
            .then(|| pos.gods()[pos.to_move().other().index()].block_cause()),
        "legal_moves": legal,
        "turns": turns,
        "buttons": buttons,
        "bits": {
            "level": level_bits,
            "workers": [pos.workers(Player::One).0, pos.workers(Player::Two).0],
            "occupied": pos.occupied().0,
            "valid": Bitboard::ALL.0,
        },
    })
}

/// A god's name with a capital, as a card titles it (`Apollo`).
fn title(god: God) -> String {
    let name = god.name();
    name[..1].to_ascii_uppercase() + &name[1..]
}

/// One pick of `pick=`: a god's name, or `random` (one of the ten simple gods).
fn pick_one(text: &str) -> Result<God, ApiError> {
    if text.trim().eq_ignore_ascii_case("random") {
        use rand::seq::IndexedRandom;
        return Ok(*God::SIMPLE.choose(&mut rand::rng()).expect("ten gods"));
    }
    text.parse()
        .map_err(|e| ApiError::bad(format!("bad `pick`: {e}, or random")))
}

/// `GET /api/santorini/gods[?pick=apollo,random]`: every god (`mortal`, the
/// base game's, first) with its title and its power in one sentence; with
/// `pick`, player 1's and player 2's gods (`random` drawn here, among the
/// ten) and the start position of a game with them.
pub fn gods(params: &Params) -> Result<Value, ApiError> {
    let list: Vec<Value> = God::ALL
        .into_iter()
        .map(|g| json!({ "god": g.name(), "title": title(g), "power": g.power() }))
        .collect();
    let mut answer = json!({ "gods": list });
    if let Some(text) = optional(params, "pick") {
        let picks: Vec<&str> = text.split(',').collect();
        let [a, b] = picks[..] else {
            return Err(ApiError::bad(format!(
                "bad `pick` `{}`: give two gods, player 1's first (apollo,pan); either may be random",
                bitgames::excerpt(text)
            )));
        };
        let picked = [pick_one(a)?, pick_one(b)?];
        answer["picked"] = json!(picked.map(God::name));
        let start = Position::new()
            .with_gods(picked)
            .map_err(|e| ApiError::bad(format!("bad `pick`: {e}")))?;
        answer["start"] = json!(start.to_string());
    }
    Ok(answer)
}

/// The instance of a request: `instance=(r,c) [25 levels]` as the tutorial
/// writes it, or `position=...&space=C3` (the other workers count as level 4).
fn instance(params: &Params) -> Result<Instance, ApiError> {
    if let Some(text) = optional(params, "instance") {
        return text.parse().map_err(|e| {
            ApiError::bad(format!("bad instance `{}`: {e}", bitgames::excerpt(text)))
        });
    }
    if optional(params, "position").is_none() {
        return Err(ApiError::bad(
            "missing parameter `instance` (e.g. `(1,2) [0,0,2,...]`) or `position` with `space`",
        ));
    }
    let (pos, _) = position(params)?;
    let space_text = required(params, "space")?;
    let space: Space = space_text.trim().parse().map_err(|e| {
        ApiError::bad(format!(
            "bad space `{}`: {e}",
            bitgames::excerpt(space_text)
        ))
    })?;
    let mut levels = pos.levels();
    if levels[space.index()] == 4 {
        return Err(ApiError::bad(format!(
            "{space} is a dome (level 4): no worker can stand there"
        )));
    }
    for other in pos.occupied() {
        if other != space {
            levels[other.index()] = 4;
        }
    }
    Ok(Instance {
        worker: space,
        levels,
    })
}

fn instance_json(inst: &Instance) -> Value {
    json!({
        "instance": inst.to_string(),
        "worker": inst.worker.row_col().to_string(),
        "space": inst.worker.to_string(),
        "levels": inst.levels.to_vec(),
        "level_bits": Levels::from_levels(&inst.levels).0.iter().map(|b| b.0).collect::<Vec<_>>(),
    })
}

/// `M(i)`: where the worker may move, as the tutorial lists it.
pub fn move_to(params: &Params) -> Result<Value, ApiError> {
    let inst = instance(params)?;
    let set = move_to_instance(&inst);
    let mut answer = instance_json(&inst);
    let extra = json!({
        "move_to": set.iter().map(|s| s.row_col().to_string()).collect::<Vec<_>>(),
        "move_to_spaces": set.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
        "text": format_spaces(&set),
        "bitboard": Bitboard::from_spaces(set.iter().copied()).0,
    });
    if let (Value::Object(map), Value::Object(extra)) = (&mut answer, extra) {
        map.extend(extra);
    }
    Ok(answer)
}

/// BFS distances from the worker to all 25 spaces (`null` = unreachable).
pub fn distances(params: &Params) -> Result<Value, ApiError> {
    let inst = instance(params)?;
    let d = distances_instance(&inst);
    let mut answer = instance_json(&inst);
    let extra = json!({
        "distances": d.to_vec(),
        "text": format_distances(&d),
    });
    if let (Value::Object(map), Value::Object(extra)) = (&mut answer, extra) {
        map.extend(extra);
    }
    Ok(answer)
}
