//! The god powers as the rulebook says, god by god: a turn of each power
//! played from a small position, and a turn it does not allow, with the
//! refusal's words.

use bitgames::Game;
use bitgames::santorini::Position;

/// Turns of each power played from a small position: (position, turn,
/// the position after it).
const PLAYED: &[(&str, &str, &str)] = &[
    // Ares takes the block on D2, beside his unmoved worker on D3.
    (
        "0000000000000000001000000/1/ares:A3,D3/mortal:E5,A1",
        "A3>B3^C3~D2",
        "0000000000001000000000000/2/ares:B3,D3/mortal:E5,A1",
    ),
    // Asteria moves down from level 1, builds C3 and domes E3.
    (
        "0000000000100000000000000/1/asteria:A3,E1/mortal:E5,D5",
        "A3>B3^C3^E3X",
        "0000000000101040000000000/2/asteria:B3,E1/mortal:D5,E5",
    ),
    // Charon ferries C3 across B3 to A3, then moves into C3.
    (
        "0000000000000000000000000/1/charon:B3,E1/mortal:C3,E5",
        "(C3>A3)B3>C3^D3",
        "0000000000000100000000000/2/charon:C3,E1/mortal:E5,A3",
    ),
    // Nemesis, apart from the opponent, swaps every worker after building.
    (
        "0000000000000000000000000/1/nemesis:A5,E5/mortal:A1,E1",
        "A5>B5^C5[<>]",
        "0010000000000000000000000/2/nemesis:A1,E1/mortal:B5,E5",
    ),
    // Chronus wins by building the fifth complete tower (E5), and claims
    // the win in place when the fifth stands at his turn.
    (
        "4444300000000000000000000/1/chronus:D4,A1/mortal:B3,C2",
        "D4>E4^E5",
        "4444400000000000000000000/2/#chronus:E4,A1/mortal:B3,C2",
    ),
    (
        "4444400000000000000000000/1/chronus:D4,A1/mortal:B3,C2",
        "D4>D4#",
        "4444400000000000000000000/2/#chronus:D4,A1/mortal:B3,C2",
    ),
    // Scylla moves away from C3 and drags that worker into B3.
    (
        "0000000000000000000000000/1/scylla:B3,E1/mortal:C3,E5",
        "(C3>B3)B3>A3^A4",
        "0000010000000000000000000/2/scylla:A3,E1/mortal:E5,B3",
    ),
    // Apollo swaps with the opponent's worker.
    (
        "0000000000000000000000000/1/apollo:B3,D1/mortal:C3,E5",
        "B3>C3^B2",
        "0000000000000000100000000/2/apollo:C3,D1/mortal:E5,B3",
    ),
    // Minotaur pushes it one space on, even onto level 3 (no win).
    (
        "0000000000000300000000000/1/minotaur:B3,A1/mortal:C3,E5",
        "B3>C3^B2",
        "0000000000000300100000000/2/minotaur:C3,A1/mortal:E5,D3",
    ),
    // Artemis steps twice.
    (
        "0000000000000000000000000/1/artemis:A3,E1/mortal:E5,D5",
        "A3>C3^C2",
        "0000000000000000010000000/2/artemis:C3,E1/mortal:D5,E5",
    ),
    // Athena moves up: her opponent may not move up next.
    (
        "0000000000010000000000000/1/athena:A3,E1/mortal:E5,D5",
        "A3>B3^A3",
        "0000000000110000000000000/2/athena:B3,E1/mortal-:D5,E5",
    ),
    // Atlas domes the ground.
    (
        "0000000000000000000000000/1/atlas:A3,E1/mortal:E5,D5",
        "A3>B3^C3X",
        "0000000000004000000000000/2/atlas:B3,E1/mortal:D5,E5",
    ),
    // Demeter builds twice; Hephaestus twice on one space.
    (
        "0000000000000000000000000/1/demeter:A3,E1/mortal:E5,D5",
        "A3>B3^C3^C2",
        "0000000000001000010000000/2/demeter:B3,E1/mortal:D5,E5",
    ),
    (
        "0000000000000000000000000/1/hephaestus:A3,E1/mortal:E5,D5",
        "A3>B3^^C3",
        "0000000000002000000000000/2/hephaestus:B3,E1/mortal:D5,E5",
    ),
    // Hermes: both workers run along level 0, then one builds.
    (
        "0000000000000000000000000/1/hermes:A3,E1/mortal:E5,D5",
        "(A3,E1)>(C5,C1)^B1",
        "0000000000000000000001000/2/hermes:C5,C1/mortal:D5,E5",
    ),
    // The same, the ends written in board order as santorini-ai does.
    (
        "0000000000000000000000000/1/hermes:A3,E1/mortal:E5,D5",
        "(A3,E1)>(C1,C5)^B1",
        "0000000000000000000001000/2/hermes:C5,C1/mortal:D5,E5",
    ),
    // Pan wins by moving down two levels.
    (
        "0000000000200000000000000/1/pan:A3,E1/mortal:E5,D5",
        "A3>B3#",
        "0000000000200000000000000/2/#pan:B3,E1/mortal:D5,E5",
    ),
    // Prometheus builds first, then moves (not up), then builds.
    (
        "0000000000000000000000000/1/prometheus:A3,E1/mortal:E5,D5",
        "^A4 A3>B3^C3",
        "0000010000001000000000000/2/prometheus:B3,E1/mortal:D5,E5",
    ),
    // Hestia builds twice, the second off the perimeter: on the same
    // space, up to a dome.
    (
        "0000000000020000000000000/1/hestia:A3,E1/mortal:E5,D5",
        "A3>A4^B3^B3",
        "0000000000040000000000000/2/hestia:A4,E1/mortal:D5,E5",
    ),
    // Zeus builds under himself: on level 3 he has not won.
    (
        "0000000000220000000000000/1/zeus:A3,E1/mortal:E5,D5",
        "A3>B3^B3",
        "0000000000230000000000000/2/zeus:B3,E1/mortal:D5,E5",
    ),
    // A push that wins still pushes: a known difference, santorini-ai
    // (castor and main) leaves the pushed worker on C3 under Minotaur
    // (`.../#minotaur:C3,A1/mortal:E5,C3`). The rulebook's push is part
    // of the move, and two workers never share a space.
    (
        "0000000000023000000000000/1/minotaur:B3,A1/mortal:C3,E5",
        "B3>C3#",
        "0000000000023000000000000/2/#minotaur:C3,A1/mortal:E5,D3",
    ),
    // Against Hypnus, workers on one level both move: this one wins.
    (
        "0000000000023000000020000/1/mortal:B3,A1/hypnus:E5,D5",
        "B3>C3#",
        "0000000000023000000020000/2/#mortal:C3,A1/hypnus:D5,E5",
    ),
    // Limus lets a level 3 beside his worker be domed.
    (
        "0000000000003000000000000/1/mortal:A3,E1/limus:D3,E5",
        "A3>B3^C3",
        "0000000000004000000000000/2/mortal:B3,E1/limus:E5,D3",
    ),
    // Iris jumps over a worker two levels up, and wins by a jump onto
    // level 3 from level 1.
    (
        "0000000000002000000000000/1/iris:A3,E1/mortal:B3,E5",
        "A3>C3^D3",
        "0000000000002100000000000/2/iris:C3,E1/mortal:E5,B3",
    ),
    (
        "0000000000103000000000000/1/iris:A3,E1/mortal:B3,E5",
        "A3>C3#",
        "0000000000103000000000000/2/#iris:C3,E1/mortal:E5,B3",
    ),
    // The Maenads win on the ground by surrounding a worker.
    (
        "0000000000000000000000000/1/maenads:B3,E2/mortal:C3,E5",
        "E2>D3#",
        "0000000000000000000000000/2/#maenads:B3,D3/mortal:E5,C3",
    ),
    // Nike moves down: her opponent may not move up next.
    (
        "0000000000010000000000000/1/nike:B3,E1/mortal:E5,D5",
        "B3>A3^A4",
        "0000010000010000000000000/2/nike:A3,E1/mortal-:D5,E5",
    ),
    // Eros wins side by side on level 1, without a build.
    (
        "1100000000000000000000000/1/eros:A5,B4/mortal:C3,E5",
        "B4>B5#",
        "1100000000000000000000000/2/#eros:A5,B5/mortal:E5,C3",
    ),
    // Persephone's opponent climbs; Aphrodite's Artemis ends beside her.
    (
        "0000000000010000000000000/1/mortal:A3,E1/persephone:E5,D5",
        "A3>B3^A3",
        "0000000000110000000000000/2/mortal:B3,E1/persephone:D5,E5",
    ),
    (
        "0000000000000000000000000/1/artemis:B3,E1/aphrodite:C3,E5",
        "B3>B4^A5",
        "1000000000000000000000000/2/artemis:B4,E1/aphrodite:E5,C3",
    ),
    // His workers count where they stand at the build: pushed to C3,
    // the one from B3 no longer stops a build on A4.
    (
        "0000000000000000000000000/1/minotaur:A3,E1/limus:B3,E5",
        "A3>B3^A4",
        "0000010000000000000000000/2/minotaur:B3,E1/limus:E5,C3",
    ),
];

/// Turns the powers do not allow: (position, turn, why it is refused).
const REFUSED: &[(&str, &str, &str)] = &[
    // A mortal cannot swap, Artemis cannot come back, Hephaestus'
    // second block cannot be a dome, Prometheus cannot move up after
    // building first, Athena's opponent cannot move up.
    (
        "0000000000000000000000000/1/mortal:B3,D1/apollo:C3,E5",
        "B3>C3^B2",
        "cannot move onto C3: it is occupied",
    ),
    (
        "0000000000000000000000000/1/artemis:A3,E1/mortal:E5,D5",
        "A3>A3^A4",
        "A3>A3^A4 is not a turn of artemis",
    ),
    (
        "0000000000002000000000000/1/hephaestus:A3,E1/mortal:E5,D5",
        "A3>B3^^C3",
        "A3>B3^^C3 is not a turn of hephaestus",
    ),
    (
        "0000000000010000000000000/1/prometheus:A3,E1/mortal:E5,D5",
        "^A4 A3>B3^C3",
        "^A4 A3>B3^C3 is not a turn of prometheus",
    ),
    (
        "0000000000010000000000000/1/mortal-:A3,E1/athena:E5,D5",
        "A3>B3^A3",
        "A3>B3^A3 is not a turn of mortal (who may not move up: Athena moved up)",
    ),
    // Hestia's second build cannot be on the perimeter.
    (
        "0000000000000000000000000/1/hestia:A3,E1/mortal:E5,D5",
        "A3>A4^A5^B5",
        "A3>A4^A5^B5 is not a turn of hestia",
    ),
    // Against Hades no worker moves down, not even by Apollo's swap.
    (
        "0000000000010000000000000/1/mortal:B3,E1/hades:E5,D5",
        "B3>C3^C2",
        "B3>C3^C2 is not a turn of mortal against hades (opponent workers cannot move down)",
    ),
    (
        "0000000000010000000000000/1/apollo:B3,E1/hades:C3,E5",
        "B3>C3^B2",
        "B3>C3^B2 is not a turn of apollo against hades (opponent workers cannot move down)",
    ),
    // Against Hypnus the worker higher than the other cannot move.
    (
        "0000000000023000000000000/1/mortal:B3,E1/hypnus:E5,D5",
        "B3>C3#",
        "B3>C3# is not a turn of mortal against hypnus (if one of an opponent's workers is \
         higher than all of their others, it cannot move)",
    ),
    // Against Limus no build beside his workers, and no Atlas dome there
    // below level 3 (santorini-ai's main branch allows it).
    (
        "0000000000000000000000000/1/mortal:A3,E1/limus:D3,E5",
        "A3>B3^C3",
        "A3>B3^C3 is not a turn of mortal against limus (opponent workers cannot build on \
         spaces neighbouring your workers, unless building a dome to complete a tower)",
    ),
    (
        "0000000000000000000000000/1/atlas:A3,E1/limus:D3,E5",
        "A3>B3^C3X",
        "A3>B3^C3X is not a turn of atlas against limus (opponent workers cannot build on \
         spaces neighbouring your workers, unless building a dome to complete a tower)",
    ),
    // Hera denies the Maenads' surround on the perimeter too: a known
    // difference, santorini-ai's main branch lets them win on E3.
    (
        "0000000000000000000000000/1/maenads:C3,E4/hera:D3,A1",
        "E4>E3#",
        "E4>E3# is not a turn of maenads against hera (an opponent cannot win by moving into a \
         perimeter space)",
    ),
    (
        "0000000000010000000000000/1/mortal-:A3,E1/nike:E5,D5",
        "A3>B3^A3",
        "A3>B3^A3 is not a turn of mortal (who may not move up: Nike moved down)",
    ),
    // Ares removes beside his unmoved worker only; Asteria domes only after
    // a move down; Charon's ferry needs a free space beyond; Scylla drags
    // only a worker beside the space she leaves.
    (
        "0000000000000000001000000/1/ares:A3,D3/mortal:E5,A1",
        "A3>B3^C3~A1",
        "A3>B3^C3~A1 is not a turn of ares",
    ),
    (
        "0000000000000000000000000/1/asteria:A3,E1/mortal:E5,D5",
        "A3>B3^C3^E3X",
        "A3>B3^C3^E3X is not a turn of asteria",
    ),
    (
        "0000000000000000000000000/1/charon:B3,E1/mortal:C3,A3",
        "(C3>A3)B3>C3^D3",
        "(C3>A3)B3>C3^D3 is not a turn of charon",
    ),
    (
        "0000000000000000000000000/1/scylla:B3,E1/mortal:D3,E5",
        "(D3>B3)B3>A3^A4",
        "(D3>B3)B3>A3^A4 is not a turn of scylla",
    ),
    // Nemesis may not swap beside an opponent worker (B4 beside A5).
    (
        "0000000000000000000000000/1/nemesis:A5,E5/mortal:B4,E1",
        "E5>D5^C5[<>]",
        "E5>D5^C5[<>] is not a turn of nemesis",
    ),
    // Five towers stand: Chronus' one turn is the claim.
    (
        "4444400000000000000000000/1/chronus:D4,A1/mortal:B3,C2",
        "D4>E4^E3",
        "D4>E4^E3 is not a turn of chronus",
    ),
    // Iris jumps only over a worker.
    (
        "0000000000002000000000000/1/iris:A3,E1/mortal:D5,E5",
        "A3>C3^D3",
        "A3>C3^D3 is not a turn of iris",
    ),
    // Against Persephone a worker that can move up must: B3 is level 1.
    (
        "0000000000010000000000000/1/mortal:A3,E1/persephone:E5,D5",
        "A3>A4^A5",
        "A3>A4^A5 is not a turn of mortal against persephone (if possible, at least one of \
         an opponent's workers must move up this turn)",
    ),
    // Against Aphrodite a worker that starts beside hers ends beside
    // one: B3 is beside C3, A3 is not; Artemis' end counts, not her path.
    (
        "0000000000000000000000000/1/mortal:B3,E1/aphrodite:C3,E5",
        "B3>A3^A4",
        "B3>A3^A4 is not a turn of mortal against aphrodite (an opponent's worker that starts \
         its turn neighbouring one of your workers must end its move neighbouring one of them)",
    ),
    (
        "0000000000000000000000000/1/artemis:B3,E1/aphrodite:C3,E5",
        "B3>B5^A5",
        "B3>B5^A5 is not a turn of artemis against aphrodite (an opponent's worker that starts \
         its turn neighbouring one of your workers must end its move neighbouring one of them)",
    ),
];

/// One turn of each power, played from a small position: what it does to
/// the board, and a turn it does not allow.
#[test]
fn each_power_plays_as_the_rulebook_says() {
    for &(before, turn, after) in PLAYED {
        let mut pos: Position = before.parse().unwrap();
        pos.play(turn.parse().unwrap())
            .unwrap_or_else(|e| panic!("{before} {turn}: {e}"));
        assert_eq!(pos.to_string(), after, "{before} {turn}");
    }
    for &(text, turn, why) in REFUSED {
        let mut pos: Position = text.parse().unwrap();
        let played = pos.play(turn.parse().unwrap());
        let err = played.expect_err(&format!("{text} {turn}")).to_string();
        assert_eq!(err, why, "{text} {turn}");
        assert_eq!(pos, text.parse().unwrap(), "a refused turn changes nothing");
    }
    // A pair santorini-ai bans (Pan could never fall against Hades).
    let banned = "0000000000000000000000000/1/pan:A3,E1/hades:E5,D5".parse::<Position>();
    assert_eq!(
        banned.unwrap_err().to_string(),
        "Pan and Hades may not play each other (a banned matchup, as santorini-ai bans it)"
    );
}
