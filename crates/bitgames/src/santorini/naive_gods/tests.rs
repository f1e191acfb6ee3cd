//! Each god's power on a hand-made position, and the text form. The boards
//! are mostly domes so that every count can be worked out by hand (the
//! comments do it); the levels are written one rank (A..E) per chunk, rank 5
//! first.

use super::*;

fn state(text: &str) -> NaiveState {
    text.parse()
        .unwrap_or_else(|e| panic!("{text} does not parse: {e}"))
}

/// The distinct successors of `text`, as canonical strings.
fn next(text: &str) -> Vec<String> {
    distinct_successors(&state(text))
}

/// A 2x2 pocket A5 B5 / A4 B4 at level 0; everything else is a dome but
/// D1 E1, where player 2's workers stand out of the way.
const POCKET: &str = concat!("00444", "00444", "44444", "44444", "44400");

/// Rank 5 open at level 0, everything else a dome but D1 E1.
const ROW: &str = concat!("00000", "44444", "44444", "44444", "44400");

#[test]
fn the_canonical_form_reads_back_and_writes_itself() {
    for text in [
        "0000000000000000000000000/1/apollo:B4,E2/apollo:E3,B2",
        "0001001100010200000000110/1/apollo-:C5,C3/athena:E5,C4",
        "0000000000000000000000000/2/#pan:B5,E2/athena:E3,B2",
        "4000000000000000000000004/1/mortal/mortal",
    ] {
        assert_eq!(state(text).to_string(), text);
    }
    let s = state("0001001100010200000000110/1/apollo-:C5,C3/athena:E5,C4");
    assert_eq!(s.workers, [vec![2, 12], vec![4, 7]]);
    assert_eq!(s.gods, [God::Apollo, God::Athena]);
    assert!(s.up_blocked);
    assert_eq!((s.to_move, s.winner), (0, None));
}

#[test]
fn santorini_ai_forms_read_as_the_canonical_one() {
    let canonical = "0000000000000000000000000/2/athena:A5,E1/mortal-:C3,B2";
    for form in [
        "0000000000000000000000000/2/athena[^]:E1,A5/mortal:C3,B2",
        "0000000000000000000000000/2/athena:A5,E1/-mortal:B2,C3",
        "0000000000000000000000000/2/athena[^]:A5,E1/mortal-:B2,C3",
    ] {
        assert_eq!(state(form).to_string(), canonical, "{form}");
    }
    // The mark blocks only the player to move, and no one once the game is
    // won: santorini-ai keeps it through the opponent's turn and a win.
    let athena_to_move = state("0000000000000000000000000/1/athena[^]:A5,E1/mortal:B2,C3");
    assert!(!athena_to_move.up_blocked);
    assert_eq!(
        athena_to_move.to_string(),
        "0000000000000000000000000/1/athena:A5,E1/mortal:C3,B2"
    );
    let won = state("0000000000000000000000000/2/#athena[^]:A5,E1/mortal:B2,C3");
    assert_eq!((won.winner, won.up_blocked), (Some(0), false));
}

#[test]
fn a_bad_position_is_refused_with_what_is_wrong() {
    let error = |text: &str| text.parse::<NaiveState>().unwrap_err();
    let cases = [
        ("0000000000000000000000000/1/mortal:A5,E1", "4 fields"),
        ("000000000000000000000000/1/mortal/mortal", "25 digits"),
        ("000000000000000000000000x/1/mortal/mortal", "level of E1"),
        ("0000000000000000000000000/3/mortal/mortal", "1 or 2"),
        (
            "0000000000000000000000000/1/chaos:A5,E1/mortal",
            "not a god",
        ),
        (
            "0000000000000000000000000/1/mortal:A5/mortal",
            "0 or 2 workers",
        ),
        (
            "0000000000000000000000000/1/mortal:A5,F1/mortal",
            "\"F1\" is not a space",
        ),
        (
            "0000000000000000000000000/1/mortal:A5,A5/mortal",
            "two workers on A5",
        ),
        (
            "0000000000000000000000000/1/mortal:A5,E1/pan:A5,B1",
            "both players",
        ),
        (
            "4000000000000000000000000/1/mortal:A5,E1/mortal",
            "dome at A5",
        ),
        (
            "0000000000000000000000000/1/mortal-:A5,E1/pan",
            "only an Athena",
        ),
        (
            "0000000000000000000000000/1/#pan:A5,E1/#pan",
            "both players are marked",
        ),
        (
            "0000000000000000000000000/1/pan[^]:A5,E1/pan",
            "only athena",
        ),
        (
            "0000000000000000000000000/1/pan#:A5,E1/pan",
            "# before the name",
        ),
    ];
    for (text, expected) in cases {
        let message = error(text);
        assert!(message.contains(expected), "{text}: {message}");
    }
}

#[test]
fn mortal_moves_then_builds_in_the_pocket() {
    // A5 to B5 or A4, B4 to B5 or A4; each then builds on the two free
    // spaces of the pocket (the one just left is free): 4 x 2.
    let s = state(&format!("{POCKET}/1/mortal:A5,B4/mortal:D1,E1"));
    assert_eq!(successors(&s).len(), 8);
    let texts = next(&format!("{POCKET}/1/mortal:A5,B4/mortal:D1,E1"));
    assert_eq!(texts.len(), 8);
    assert!(texts.contains(&format!(
        "{}/2/mortal:B5,B4/mortal:D1,E1",
        concat!("10444", "00444", "44444", "44444", "44400")
    )));
}

#[test]
fn a_won_game_and_a_player_without_a_turn_have_no_successors() {
    assert!(next(&format!("{POCKET}/1/#mortal:A5,B4/mortal:D1,E1")).is_empty());
    // Player 2's workers on D1 and E1 are walled in by domes.
    assert!(next(&format!("{POCKET}/2/mortal:A5,B4/mortal:D1,E1")).is_empty());
    // No workers: placement is not generated.
    assert!(next(&format!("{POCKET}/1/mortal/mortal:D1,E1")).is_empty());
}

#[test]
fn climbing_from_level_2_to_3_wins_without_a_build() {
    let levels = concat!("23444", "00444", "44444", "44444", "44400");
    let texts = next(&format!("{levels}/1/mortal:A5,B4/mortal:D1,E1"));
    assert!(texts.contains(&format!("{levels}/2/#mortal:B5,B4/mortal:D1,E1")));
    // The win, then A5 to A4 (2 builds), B4 to A4 (2 builds); B4 cannot
    // climb 0 -> 3.
    assert_eq!(texts.len(), 5);
}

#[test]
fn apollo_swaps_with_an_opponent_worker() {
    // Apollo on A5 and D1, the opponent on B4 and E1. A5 moves to B5 or A4
    // (2 builds each) or swaps with B4 (the opponent goes to A5; builds on
    // B5 or A4). D1 can only swap with E1, and then has nowhere to build:
    // the forced worker stands on D1. 6 turns.
    let levels = concat!("00444", "00444", "44444", "44444", "44400");
    let texts = next(&format!("{levels}/1/apollo:A5,D1/mortal:B4,E1"));
    assert_eq!(texts.len(), 6);
    assert!(texts.contains(&format!(
        "{}/2/apollo:B4,D1/mortal:A5,E1",
        concat!("01444", "00444", "44444", "44444", "44400")
    )));
    // A mortal has only the 4 plain moves.
    assert_eq!(
        next(&format!("{levels}/1/mortal:A5,D1/mortal:B4,E1")).len(),
        4
    );
}

#[test]
fn a_worker_forced_onto_level_3_does_not_win() {
    // Apollo on level 3 (put there earlier) steps down to B5 (level 2) and
    // swaps: the opponent's worker lands on A5, level 3, without winning.
    let levels = concat!("32444", "00444", "44444", "44444", "44400");
    let texts = next(&format!("{levels}/1/apollo:A5,D1/mortal:B5,E1"));
    let swapped = format!(
        "{}/2/apollo:B5,D1/mortal:A5,E1",
        concat!("32444", "10444", "44444", "44444", "44400")
    );
    assert!(texts.contains(&swapped), "{texts:?}");
    assert!(texts.iter().all(|t| !t.contains('#')));
}

#[test]
fn artemis_moves_twice_but_not_back() {
    // Rank 5 open: A5 ends on B5 (builds A5, C5) or C5 (builds B5, D5); E5
    // ends on D5 or C5, 2 builds each: 8. Back to the start (A5 > B5 > A5)
    // is not a move: it would add "stay and build on B5".
    let texts = next(&format!("{ROW}/1/artemis:A5,E5/mortal:D1,E1"));
    assert_eq!(texts.len(), 8);
    assert_eq!(next(&format!("{ROW}/1/mortal:A5,E5/mortal:D1,E1")).len(), 4);
    let stay = format!(
        "{}/2/artemis:A5,E5/mortal:D1,E1",
        concat!("01000", "44444", "44444", "44444", "44400")
    );
    assert!(!texts.contains(&stay));
}

#[test]
fn artemis_wins_on_her_second_step() {
    // A5 (1) > B5 (2) > C5 (3): a win; a mortal cannot reach C5.
    let levels = concat!("12344", "44444", "44444", "44444", "00400");
    let won = format!("{levels}/2/#artemis:C5,A1/mortal:D1,E1");
    assert!(next(&format!("{levels}/1/artemis:A5,A1/mortal:D1,E1")).contains(&won));
    let mortal = next(&format!("{levels}/1/mortal:A5,A1/mortal:D1,E1"));
    assert!(mortal.iter().all(|t| !t.contains('#')));
}

#[test]
fn athena_moving_up_blocks_her_opponent_for_one_turn() {
    // Athena A5 (0) climbs to B5 (1): the opponent is marked; moving on the
    // level, A5 to A4, marks no one.
    let levels = concat!("01444", "00444", "44444", "44444", "44400");
    let texts = next(&format!("{levels}/1/athena:A5,B4/mortal:D1,E1"));
    let up = format!(
        "{}/2/athena:B5,B4/mortal-:D1,E1",
        concat!("11444", "00444", "44444", "44444", "44400")
    );
    let level = format!(
        "{}/2/athena:A4,B4/mortal:D1,E1",
        concat!("11444", "00444", "44444", "44444", "44400")
    );
    assert!(texts.contains(&up), "{texts:?}");
    assert!(texts.contains(&level), "{texts:?}");
    // Blocked, a mortal whose only moves go up has no turn at all.
    let pocket_up = concat!("01444", "10444", "44444", "44444", "44400");
    assert_eq!(
        next(&format!("{pocket_up}/2/athena:D1,E1/mortal:A5,B4")).len(),
        8
    );
    assert!(next(&format!("{pocket_up}/2/athena:D1,E1/mortal-:A5,B4")).is_empty());
}

#[test]
fn atlas_may_dome_any_level() {
    // The pocket's 8 turns, each build also as a dome on level 0: 16.
    let texts = next(&format!("{POCKET}/1/atlas:A5,B4/mortal:D1,E1"));
    assert_eq!(texts.len(), 16);
    assert!(texts.contains(&format!(
        "{}/2/atlas:B5,B4/mortal:D1,E1",
        concat!("40444", "00444", "44444", "44444", "44400")
    )));
}

#[test]
fn demeter_builds_twice_on_two_spaces() {
    // Each of the 4 moves: one build on either free space, or on both: 3.
    let texts = next(&format!("{POCKET}/1/demeter:A5,B4/mortal:D1,E1"));
    assert_eq!(texts.len(), 12);
    assert!(texts.contains(&format!(
        "{}/2/demeter:B5,B4/mortal:D1,E1",
        concat!("10444", "10444", "44444", "44444", "44400")
    )));
    // Never twice on one space.
    assert!(texts.iter().all(|t| !t[..25].contains('2')));
}

#[test]
fn hephaestus_builds_a_second_block_but_not_a_dome() {
    // On level 0 each build may be one block or two: 16.
    let texts = next(&format!("{POCKET}/1/hephaestus:A5,B4/mortal:D1,E1"));
    assert_eq!(texts.len(), 16);
    assert!(texts.contains(&format!(
        "{}/2/hephaestus:B5,B4/mortal:D1,E1",
        concat!("20444", "00444", "44444", "44444", "44400")
    )));
    // On level 2 the second block would be a dome: only the 8 single builds.
    let high = concat!("22444", "22444", "44444", "44444", "44400");
    assert_eq!(
        next(&format!("{high}/1/hephaestus:A5,B4/mortal:D1,E1")).len(),
        8
    );
}

#[test]
fn hermes_moves_both_workers_along_their_level() {
    // In the pocket the workers may end on any 2 of its 4 spaces (6 ways,
    // staying included), then build on one of the other 2: 12.
    let texts = next(&format!("{POCKET}/1/hermes:A5,B4/mortal:D1,E1"));
    assert_eq!(texts.len(), 12);
    // Staying put and only building is a Hermes turn.
    assert!(texts.contains(&format!(
        "{}/2/hermes:A5,B4/mortal:D1,E1",
        concat!("01444", "00444", "44444", "44444", "44400")
    )));
    // Along rank 5, A5's worker passes B5's (the other worker does not
    // block): both end on D5 and E5, and build on C5.
    let row = next(&format!("{ROW}/1/hermes:A5,B5/mortal:D1,E1"));
    assert!(row.contains(&format!(
        "{}/2/hermes:D5,E5/mortal:D1,E1",
        concat!("00100", "44444", "44444", "44444", "44400")
    )));
    // An opponent's worker blocks: with one on C5, neither reaches D5.
    let blocked = next(&format!("{ROW}/1/hermes:A5,B5/mortal:C5,E1"));
    assert!(blocked.iter().all(|t| !t.contains("hermes:A5,D5")));
}

#[test]
fn hermes_moves_up_or_down_one_step_as_usual() {
    // A5 on level 1 steps down to B5 or A4 (level 0) and builds on one of
    // the 2 free spaces: 4. Hermes's own turns: A5 is alone on level 1, B4
    // may end on B5, A4 or B4 (level 0); then a build on one of the 2 free
    // spaces: 6. B4 cannot climb onto A5 (occupied). 10 in all.
    let levels = concat!("10444", "00444", "44444", "44444", "44400");
    let texts = next(&format!("{levels}/1/hermes:A5,B4/mortal:D1,E1"));
    let down = format!(
        "{}/2/hermes:B5,B4/mortal:D1,E1",
        concat!("20444", "00444", "44444", "44444", "44400")
    );
    assert!(texts.contains(&down), "{texts:?}");
    assert_eq!(texts.len(), 10);
}

#[test]
fn minotaur_pushes_an_opponent_worker_onto_any_free_level() {
    // Minotaur A5 pushes B5's worker onto C5 (level 3, it does not win) and
    // builds on A5, its only free neighbour. E1 cannot push D1 onto C1 (a
    // dome). One turn.
    let levels = concat!("00344", "44444", "44444", "44444", "44400");
    let s = state(&format!("{levels}/1/minotaur:A5,E1/mortal:B5,D1"));
    let texts = distinct_successors(&s);
    let pushed = format!(
        "{}/2/minotaur:B5,E1/mortal:C5,D1",
        concat!("10344", "44444", "44444", "44444", "44400")
    );
    assert_eq!(texts, vec![pushed.clone()]);
    // The pushed player has no move left: it loses.
    assert!(next(&pushed).is_empty());
    // Apollo would swap instead; a mortal has no move.
    assert!(next(&format!("{levels}/1/mortal:A5,E1/mortal:B5,D1")).is_empty());
}

#[test]
fn pan_also_wins_by_moving_down_two_levels() {
    // A5 (2) down to B5 (0) wins; to A4 (1) does not.
    let levels = concat!("20444", "10444", "44444", "44444", "44400");
    let texts = next(&format!("{levels}/1/pan:A5,B4/mortal:D1,E1"));
    assert!(texts.contains(&format!("{levels}/2/#pan:B5,B4/mortal:D1,E1")));
    assert_eq!(texts.iter().filter(|t| t.contains('#')).count(), 1);
    let mortal = next(&format!("{levels}/1/mortal:A5,B4/mortal:D1,E1"));
    assert!(mortal.iter().all(|t| !t.contains('#')));
    // 3 down to 1 wins too.
    let high = concat!("31444", "44444", "44444", "44444", "00400");
    assert!(
        next(&format!("{high}/1/pan:A5,A1/mortal:D1,E1"))
            .contains(&format!("{high}/2/#pan:B5,A1/mortal:D1,E1"))
    );
}

#[test]
fn prometheus_may_build_before_a_move_that_does_not_climb() {
    // The pocket's 8 plain turns, and 8 that build first: A5 builds on B5,
    // then may only go to A4 (B5 is now up), then builds on A5 or B5; and so
    // on for A4 and for the B4 worker.
    let texts = next(&format!("{POCKET}/1/prometheus:A5,B4/mortal:D1,E1"));
    assert_eq!(texts.len(), 16);
    assert!(texts.contains(&format!(
        "{}/2/prometheus:A4,B4/mortal:D1,E1",
        concat!("02444", "00444", "44444", "44444", "44400")
    )));
    // Climbing after the first build is not allowed: from level 0 onto the
    // block just built.
    assert!(!texts.contains(&format!(
        "{}/2/prometheus:B5,B4/mortal:D1,E1",
        concat!("11444", "00444", "44444", "44444", "44400")
    )));
}
