//! The network's tests: its file, its inputs, and every fast path against
//! the plain one.

use super::*;
use crate::santorini::bitboard::Space;
use crate::santorini::eval::WEIGHTS;
use crate::santorini::players::random_move;
use rand::SeedableRng;
use rand::rngs::SmallRng;

#[test]
fn the_symmetries_are_the_eight_of_the_square() {
    let mut seen = std::collections::HashSet::new();
    for map in &SYMMETRIES {
        let mut sorted = *map;
        sorted.sort_unstable();
        assert_eq!(
            sorted,
            std::array::from_fn(|i| i as u8),
            "{map:?} is a permutation"
        );
        // The centre stays, corners go to corners.
        assert_eq!(map[12], 12);
        for corner in [0, 4, 20, 24] {
            assert!([0, 4, 20, 24].contains(&map[corner]));
        }
        // Neighbours stay neighbours.
        for s in 0..25usize {
            for t in 0..25usize {
                let d = |a: usize, b: usize| (a / 5).abs_diff(b / 5).max((a % 5).abs_diff(b % 5));
                assert_eq!(d(s, t), d(map[s] as usize, map[t] as usize));
            }
        }
        seen.insert(*map);
    }
    assert_eq!(seen.len(), 8);
}

#[test]
fn the_built_in_network_reads_back_and_counts_its_inputs() {
    let net = Net::builtin();
    assert_eq!(Net::from_bytes(&net.to_bytes()).as_ref(), Ok(&*net));
    let gods = Net::builtin_gods();
    assert_eq!(Net::from_bytes(&gods.to_bytes()).as_ref(), Ok(&*gods));
    assert!(net.to_bytes().starts_with(MAGIC));
    let mut rng = SmallRng::seed_from_u64(3);
    let mut pos = Position::new();
    while pos.is_placement() {
        pos.play_unchecked(random_move(&pos, &mut rng).unwrap());
    }
    let mut on = [0u16; MAX_ON];
    let n = inputs(&pos, 0, &mut on);
    assert_eq!(n, 97, "four workers");
    let mut sorted = on[..n].to_vec();
    sorted.sort_unstable();
    // One level a space, then my two workers, then the opponent's, all
    // different, then 16 slots of each player's neighbourhoods.
    assert!(sorted[..29].windows(2).all(|w| w[0] < w[1]));
    assert_eq!(sorted.iter().filter(|&&i| i < 125).count(), 25);
    assert_eq!(
        sorted.iter().filter(|&&i| (125..200).contains(&i)).count(),
        2
    );
    let mine = NEIGHBOURHOOD as u16..(NEIGHBOURHOOD + SLOT_INPUTS) as u16;
    assert_eq!(sorted.iter().filter(|&&i| mine.contains(&i)).count(), 16);
    // Mortal's 16 slots again, in its block of the gods' neighbourhoods.
    let mortal = god_slots(0, 0) as u16..god_slots(0, 1) as u16;
    assert_eq!(sorted.iter().filter(|&&i| mortal.contains(&i)).count(), 16);
    assert!(sorted.iter().all(|&i| (i as usize) < INPUTS));
}

/// The neighbourhood counts, from bitboards, are the plain count slot
/// by slot over the eight directions, in every position of random
/// games.
#[test]
fn neighbourhood_counts_are_the_slots_counted_one_by_one() {
    let mut rng = SmallRng::seed_from_u64(17);
    let (mut checked, mut seen) = (0, [0u32; SLOT_CATEGORIES]);
    for _ in 0..100 {
        let mut pos = Position::new();
        while let Some(mv) = random_move(&pos, &mut rng) {
            pos.play_unchecked(mv);
            let mut want = [[0u8; SLOT_INPUTS]; 2];
            for player in [Player::One, Player::Two] {
                for w in pos.workers(player) {
                    let (r, c) = ((w.index() / 5) as i32, (w.index() % 5) as i32);
                    for (dr, dc) in (-1..=1)
                        .flat_map(|dr| (-1..=1).map(move |dc| (dr, dc)))
                        .filter(|&d| d != (0, 0))
                    {
                        let (r, c) = (r + dr, c + dc);
                        let space = ((0..5).contains(&r) && (0..5).contains(&c))
                            .then(|| Space::from_index((5 * r + c) as usize))
                            .flatten();
                        let category = slot_category(&pos, space);
                        seen[category] += 1;
                        let h = usize::from(pos.level(w).min(2));
                        want[player.index()][7 * h + category] += 1;
                    }
                }
            }
            assert_eq!(neighbourhood_counts(&pos), want, "{pos}");
            checked += 1;
        }
    }
    assert!(checked > 2_000, "{checked}");
    assert!(
        seen.iter().all(|&n| n > 100),
        "every category seen: {seen:?}"
    );
}

#[test]
fn a_network_with_no_hidden_weights_is_the_linear_evaluation() {
    let net = Net::linear(WEIGHTS);
    let mut rng = SmallRng::seed_from_u64(5);
    let mut pos = Position::new();
    for _ in 0..30 {
        let Some(mv) = random_move(&pos, &mut rng) else {
            break;
        };
        pos.play_unchecked(mv);
        if !pos.is_placement() && !pos.outcome().is_over() {
            assert_eq!(net.evaluate(&pos), crate::santorini::eval::evaluate(&pos));
        }
    }
}

/// The positions of `games` random games (seeded by `seed`) with every
/// worker placed and the game not over, in the order they are played.
fn positions_in_play(seed: u64, games: usize) -> Vec<Position> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::new();
        while let Some(mv) = random_move(&pos, &mut rng) {
            pos.play_unchecked(mv);
            if !pos.is_placement() && !pos.outcome().is_over() {
                out.push(pos);
            }
        }
    }
    out
}

#[test]
fn the_vectorized_hidden_layer_sums_as_the_plain_one() {
    let net = Net::builtin();
    let mut checked = 0;
    for pos in positions_in_play(9, 40) {
        let mut on = [0u16; MAX_ON];
        let n = inputs(&pos, 0, &mut on);
        assert_eq!(
            net.hidden_part(&on[..n]),
            net.hidden_part_portable(&on[..n])
        );
        checked += 1;
    }
    assert!(checked > 200, "{checked} positions");
}

/// The sums kept move by move are the sums added up from the position,
/// in both views, through every kind of move (builds on the space just
/// left, domes, passes), and evaluate as the plain evaluation does.
#[test]
fn sums_kept_move_by_move_equal_the_sums_of_the_position() {
    let net = Net::builtin();
    let mut rng = SmallRng::seed_from_u64(31);
    let (mut checked, mut on_from, mut domes) = (0, 0, 0);
    for _ in 0..200 {
        let mut pos = Position::new();
        let mut sums = None;
        while let Some(mv) = random_move(&pos, &mut rng) {
            let mut child = pos;
            child.play_unchecked(mv);
            if child.is_placement() || child.outcome().is_over() {
                pos = child;
                sums = None;
                continue;
            }
            let fresh = net.sums(&child);
            if let Some(parent) = &sums {
                let mut kept = [[0; HIDDEN]; 2];
                net.child_sums(parent, &child, Some(mv), &mut kept);
                assert_eq!(kept, fresh, "{pos} then {mv}");
                checked += 1;
                if let Move::Build { from, build, .. } = mv {
                    on_from += usize::from(from == build);
                    domes += usize::from(child.level(build) == 4);
                }
            }
            // A pass: the same sums, the other view read.
            let mut passed = child;
            passed.to_move = passed.to_move.other();
            let mut same = [[0; HIDDEN]; 2];
            net.child_sums(&fresh, &passed, None, &mut same);
            assert_eq!(same, fresh);
            assert_eq!(
                net.evaluate_with_sums(&passed, &same),
                net.evaluate(&passed)
            );
            // The view of the player to move is the plain hidden layer's.
            let mut on = [0u16; MAX_ON];
            let n = inputs(&child, 0, &mut on);
            // And the opponent's view, with its own weights.
            let hidden = net.output(&fresh[child.to_move().index()], &net.w2)
                + net.output(&fresh[child.to_move().other().index()], &net.w2_other);
            assert_eq!(hidden, net.hidden_part(&on[..n]));
            assert_eq!(net.evaluate_with_sums(&child, &fresh), net.evaluate(&child));
            sums = Some(fresh);
            pos = child;
        }
    }
    assert!(
        checked > 2_000 && on_from > 100 && domes > 100,
        "{checked} {on_from} {domes}"
    );
}

/// The vectorized hidden layer sums as the plain one, and the
/// evaluation from the position's sums is the plain evaluation.
fn assert_fast_paths_agree(net: &Net, pos: &Position) {
    let mut on = [0u16; MAX_ON];
    let n = inputs(pos, 0, &mut on);
    assert_eq!(
        net.hidden_part(&on[..n]),
        net.hidden_part_portable(&on[..n]),
        "{pos}"
    );
    assert_eq!(
        net.evaluate_with_sums(pos, &net.sums(pos)),
        net.evaluate(pos),
        "{pos}"
    );
}

#[test]
fn a_damaged_network_file_is_refused_with_its_fault() {
    let bytes = Net::builtin().to_bytes();
    assert!(
        Net::from_bytes(b"hello")
            .unwrap_err()
            .contains("does not start with BGSNET02")
    );
    // A file of another kind (the experiments' headers are refused).
    let mut old = bytes.clone();
    old[..8].copy_from_slice(b"BGSNET05");
    assert!(Net::from_bytes(&old).unwrap_err().contains("BGSNET02"));
    let short = Net::from_bytes(&bytes[..bytes.len() - 1]).unwrap_err();
    let want = format!("{} bytes: {} expected", bytes.len() - 1, bytes.len());
    assert!(short.contains(&want), "{short}");
    let mut other = bytes.clone();
    other[10..12].copy_from_slice(&64u16.to_le_bytes());
    let sizes = Net::from_bytes(&other).unwrap_err();
    assert!(sizes.contains("64 hidden units"), "{sizes}");
    // A neighbourhood input may not feed the units past the first
    // NEIGHBOURHOOD_UNITS: the kept sums would miss that weight.
    let mut wide = bytes.clone();
    let (i, j) = (NEIGHBOURHOOD + 5, NEIGHBOURHOOD_UNITS + 3);
    let at = 12 + 2 * (i * HIDDEN + j);
    wide[at..at + 2].copy_from_slice(&7i16.to_le_bytes());
    let fault = Net::from_bytes(&wide).unwrap_err();
    let unit = format!("weight 7 on hidden unit {j}");
    assert!(
        fault.contains("input 280") && fault.contains(&unit),
        "{fault}"
    );
}

/// The opponent's view is the hidden layer of the same board with the
/// other player to move, through its own output weights.
#[test]
fn the_opponents_view_is_the_position_seen_by_the_opponent() {
    let net = Net::builtin();
    let (mut checked, mut differ) = (0, 0);
    for pos in positions_in_play(13, 60) {
        let mut flipped = pos;
        flipped.to_move = flipped.to_move.other();
        let (mut on, mut on_flipped) = ([0u16; MAX_ON], [0u16; MAX_ON]);
        let n = inputs(&pos, 0, &mut on);
        inputs(&flipped, 0, &mut on_flipped);
        let mut swapped = on.map(other_view);
        swapped.sort_unstable();
        on_flipped.sort_unstable();
        assert_eq!(swapped, on_flipped, "{pos}");
        let sums = net.sums(&pos);
        let me = pos.to_move().index();
        assert_eq!(
            net.hidden_part(&on[..n]),
            net.output(&sums[me], &net.w2) + net.output(&sums[1 - me], &net.w2_other)
        );
        assert_eq!(net.sums(&flipped), sums, "{pos}");
        assert_fast_paths_agree(&net, &pos);
        checked += 1;
        differ += usize::from(net.output(&sums[1 - me], &net.w2_other) != 0);
    }
    assert!(checked > 300 && differ > checked / 2, "{checked} {differ}");
}

/// Written and read back, a network is the same, and a file of the
/// right length has the length [`Net::to_bytes`] writes.
#[test]
fn a_network_reads_back_from_its_file() {
    let mut rng = SmallRng::seed_from_u64(77);
    let mut net = (*Net::builtin()).clone();
    net.w2_other = std::array::from_fn(|_| rand::Rng::random_range(&mut rng, -400..400));
    net.b2 = -17;
    let bytes = net.to_bytes();
    assert_eq!(bytes.len(), Net::file_bytes(INPUTS));
    assert_eq!(Net::from_bytes(&bytes).as_ref(), Ok(&net));
}

/// Files from before the gods (317 inputs) and before the matchups (341)
/// read with the later rows 0; a file whose base-game god input has
/// weights is refused, by name.
#[test]
fn god_inputs_read_from_old_files_and_base_rows_stay_zero() {
    let net = Net::builtin();
    for first in [GODS, INPUTS_BEFORE_MATCHUPS] {
        let mut old = net.to_bytes();
        old[8..10].copy_from_slice(&(first as u16).to_le_bytes());
        let rows = 12 + 2 * first * HIDDEN..12 + 2 * INPUTS * HIDDEN;
        assert!(
            old[rows.clone()].iter().all(|&b| b == 0),
            "built-in: no god weights"
        );
        old.drain(rows);
        let read = Net::from_bytes(&old).unwrap();
        assert_eq!(read.w1.len(), INPUTS);
        assert_eq!(read.w1[..first], net.w1[..first]);
    }
    let gods = Net::builtin_gods();
    for i in [GODS + NET_GODS, MATCHUP, god_slots(1, 0) + 20] {
        assert!(is_base_god_input(i));
        let mut bad = (*gods).clone();
        bad.w1[i][0] = 5;
        let e = Net::from_bytes(&bad.to_bytes()).unwrap_err();
        assert!(e.contains(&format!("input {i} ")), "{e}");
    }
    assert!(!is_base_god_input(MATCHUP + 1) && !is_base_god_input(god_slots(1, 1)));
}

/// With gods: the three god inputs on are the mover's god, the
/// opponent's and Athena's mark, swapped in the other view; the kept sums
/// give the plain evaluation, which the god rows change.
#[test]
fn god_inputs_tell_the_gods_and_the_mark_apart() {
    use crate::santorini::God;
    let pos: Position = "0000000000110000000000000/2/athena:B3,E1/pan-:D5,E5"
        .parse()
        .unwrap();
    let (pan, athena) = (God::Pan as usize, God::Athena as usize);
    assert_eq!(God::ALL[pan], God::Pan);
    assert_eq!(
        god_inputs(&pos),
        [
            GODS + pan,
            GODS + 11 + athena,
            GODS + 23,
            MATCHUP + 11 * pan + athena
        ]
    );
    assert_eq!(other_view((GODS + pan) as u16), (GODS + 11 + pan) as u16);
    assert_eq!(other_view((GODS + 23) as u16), (GODS + 23) as u16);
    let (pa, ap) = (MATCHUP + 11 * pan + athena, MATCHUP + 11 * athena + pan);
    assert_eq!(usize::from(other_view(pa as u16)), ap);
    assert_eq!(
        usize::from(other_view(god_slots(0, pan) as u16 + 4)),
        god_slots(1, pan) + 4
    );
    let mut net = (*Net::builtin()).clone();
    let before = net.evaluate(&pos);
    for j in 0..NEIGHBOURHOOD_UNITS {
        net.w1[GODS + 23][j] = 40;
        net.w1[GODS + pan][j] = -25;
    }
    let after = net.evaluate(&pos);
    assert_ne!(before, after);
    assert_eq!(net.evaluate_with_sums(&pos, &net.sums(&pos)), after);
    let base: Position = "0000000000110000000000000/2/mortal:B3,E1/mortal:D5,E5"
        .parse()
        .unwrap();
    assert_eq!(net.evaluate(&base), Net::builtin().evaluate(&base));
}

/// A network with random weights in every row a network may have: the
/// base game's god rows 0, the neighbourhood and god rows on the first
/// [`NEIGHBOURHOOD_UNITS`] units only.
fn random_net(seed: u64) -> Net {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut net = Net::linear(WEIGHTS);
    for (i, row) in net.w1.iter_mut().enumerate() {
        if is_base_god_input(i) {
            continue;
        }
        let units = if i >= NEIGHBOURHOOD {
            NEIGHBOURHOOD_UNITS
        } else {
            HIDDEN
        };
        for w in &mut row[..units] {
            *w = rand::Rng::random_range(&mut rng, -40..40);
        }
    }
    net.b1 = std::array::from_fn(|_| rand::Rng::random_range(&mut rng, -200..200));
    net.w2 = std::array::from_fn(|_| rand::Rng::random_range(&mut rng, -400..400));
    net.w2_other = std::array::from_fn(|_| rand::Rng::random_range(&mut rng, -400..400));
    net
}

/// With gods, every turn of random games of random god pairs: the sums
/// kept from the parent's ([`Net::sums_between`]) are the child's own,
/// with the gods' rows (matchups, gods' neighbourhoods) in play, and
/// each god's neighbourhood rows change the evaluation of its games only.
#[test]
fn sums_kept_turn_by_turn_with_gods_equal_the_sums_of_the_position() {
    use crate::santorini::God;
    use crate::santorini::players::random_start_with;
    let net = random_net(5);
    let mut rng = SmallRng::seed_from_u64(29);
    let (mut checked, mut pairs) = (0, std::collections::HashSet::new());
    for _ in 0..150 {
        let gods = [0, 1].map(|_| God::ALL[rand::Rng::random_range(&mut rng, 0..God::ALL.len())]);
        let Ok(mut pos) = random_start_with(gods, &mut rng) else {
            continue;
        };
        pairs.insert(gods);
        let mut sums = net.sums(&pos);
        for _ in 0..60 {
            if pos.outcome().is_over() {
                break;
            }
            let Some(mv) = random_move(&pos, &mut rng) else {
                break;
            };
            let mut child = pos;
            child.play_unchecked(mv);
            let mut kept = [[0; HIDDEN]; 2];
            net.sums_between(&sums, &pos, &child, &mut kept);
            assert_eq!(kept, net.sums(&child), "{pos} then {mv}");
            assert_fast_paths_agree(&net, &child);
            checked += 1;
            (pos, sums) = (child, kept);
        }
    }
    assert!(
        checked > 3_000 && pairs.len() > 80,
        "{checked} {}",
        pairs.len()
    );
    // Pan's neighbourhood rows weigh in Pan's games, not in Apollo's.
    let pan: Position = "0000000000110000000000000/1/pan:B3,E1/apollo:D5,E5"
        .parse()
        .unwrap();
    let apollo: Position = "0000000000110000000000000/1/apollo:B3,E1/apollo:D5,E5"
        .parse()
        .unwrap();
    let mut zeroed = net.clone();
    for k in 0..SLOT_INPUTS {
        zeroed.w1[god_slots(0, God::Pan as usize) + k] = [0; HIDDEN];
    }
    assert_ne!(zeroed.evaluate(&pan), net.evaluate(&pan));
    assert_eq!(zeroed.evaluate(&apollo), net.evaluate(&apollo));
}
