//! `bestmove` and `play`: the search engine on one position, and a game
//! against it in the terminal.

use crate::levels::LevelArgs;
use bitgames::engine::{Engine as _, Limits};
use bitgames::santorini::Position;
use bitgames::santorini::search::Engine;
use bitgames::{Game, Player};
use std::io::{BufRead, Write};
use std::process::ExitCode;

pub(super) fn bestmove(
    pos: &Position,
    limits: Limits,
    json: bool,
    search: &super::SearchArgs,
) -> anyhow::Result<ExitCode> {
    if pos.outcome().is_over() {
        anyhow::bail!("the game is over ({})", pos.outcome());
    }
    let mut engine = search.engine(1 << 20);
    // Through the engine interface: it plays the level, if one is given.
    let report = engine.think(pos, limits);
    let best = report.best.expect("an ongoing game has a move");
    if json {
        // The API's answer (`/api/santorini/bestmove`), by the API's formatter.
        let value = bitgames_api::generic::report_json(
            Position::NAME,
            &bitgames::registry::Registered::notation(pos),
            engine.name(),
            limits,
            &report.to_strings(),
        );
        println!("{value}");
    } else {
        println!(
            "bestmove {best} score {} depth {} nodes {} nps {:.0} time {:.3}s",
            report.score_text,
            report.depth,
            report.nodes,
            report.nodes_per_second(),
            report.elapsed.as_secs_f64()
        );
    }
    Ok(ExitCode::SUCCESS)
}

pub(super) fn play(
    human: u8,
    limits: Limits,
    level: LevelArgs,
    start: Position,
) -> anyhow::Result<ExitCode> {
    let mut engine_moves = 0;
    let human = Player::from_number(human).expect("1 or 2");
    let mut pos = start;
    let mut engine = Engine::default();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    println!(
        "You are {} (player {human}, workers drawn {human}). Moves: A1,B2 (place), C4>B4^B5 (move, build), A1>B2# (win); q quits.",
        bitgames::registry::player_name::<bitgames::santorini::Position>(human)
    );
    println!("Each space shows its level (4 = dome) and its worker: 1, 2, or '.' for none.");
    loop {
        println!("\n{}{pos}", pos.diagram());
        let outcome = pos.outcome();
        if outcome.is_over() {
            let verdict = if outcome.winner() == Some(human) {
                "you win"
            } else {
                "the engine wins"
            };
            println!("{outcome}: {verdict}");
            return Ok(ExitCode::SUCCESS);
        }
        if pos.to_move() == human {
            print!("your move> ");
            std::io::stdout().flush()?;
            let Some(line) = lines.next() else {
                println!();
                anyhow::bail!("input ended before the game did");
            };
            let line = line?;
            let text = line.trim();
            if text.is_empty() {
                continue;
            }
            if text.eq_ignore_ascii_case("q") {
                println!("Game abandoned at {pos}.");
                return Ok(ExitCode::SUCCESS);
            }
            match pos.read_move(text) {
                Ok(mv) => {
                    if let Err(e) = pos.play(mv) {
                        println!("illegal move {text}: {e}");
                    }
                }
                Err(e) => println!("{e}"),
            }
        } else {
            let report = engine.think(&pos, level.limits_for_move(limits, engine_moves));
            engine_moves += 1;
            let mv = report.best.expect("an ongoing game has a move");
            println!(
                "engine plays {mv} (score {}, depth {}, {} nodes)",
                report.score_text, report.depth, report.nodes
            );
            pos.play(mv)?;
        }
    }
}
