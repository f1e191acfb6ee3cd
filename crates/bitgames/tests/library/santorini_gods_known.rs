//! santorini-ai main's known mistakes, computed: its positions one turn
//! later where it is known to differ from ours, built from ours by its
//! rule (`santorini_gods_main`'s `differences_from_main` checks each).

use crate::santorini_gods_main::theirs_index;
use bitgames::Game;
use bitgames::santorini::{God, Move, Position, Space};
use std::collections::BTreeSet;

/// The positions one turn after `pos` (Atlas, Asteria or Selene to move
/// against Limus) if their domes could stand beside Limus' workers at any level, as
/// santorini-ai's main branch lets them: our turns, Atlas' domes, and
/// Asteria's domes after a build that Limus allows.
pub(crate) fn doming_beside_limus(pos: &Position) -> BTreeSet<String> {
    use bitgames::santorini::game::Power;
    let gods = pos.gods();
    let mut unlimited = gods;
    unlimited[theirs_index(pos)] = God::Mortal;
    let free = pos.with_gods(unlimited).unwrap();
    let legal = pos.legal_moves();
    free.legal_moves()
        .iter()
        .filter(|&&mv| match mv {
            Move::Power(Power::Dome { .. }) => true,
            Move::Power(
                Power::AndDome {
                    from, to, build, ..
                }
                | Power::Domes {
                    from, to, build, ..
                },
            ) => legal.contains(&Move::Build { from, to, build }),
            _ => legal.contains(&mv),
        })
        .map(|&mv| {
            let mut child = free;
            child.play_unchecked(mv);
            child.with_gods(gods).unwrap().to_string()
        })
        .collect()
}

/// The positions one turn after `pos` (Achilles to move) as santorini-ai's
/// main branch lists them: ours less two kinds of his turns with a build
/// first. Where that first build makes the level 3 his worker then wins
/// on, main lists only the win for it; and of two builds on spaces where
/// either could have been the first, main keeps the later second only
/// where the first is the earlier (in board order), so that a pair whose
/// other order is no turn (a second build beside the end that is not
/// beside the start) is lost.
///
/// Against Persephone, main's Achilles must climb only where a turn without
/// his power climbs (the card: where any turn climbs), and only by such a
/// turn.
pub(crate) fn achilles_as_main(pos: &Position) -> BTreeSet<String> {
    use bitgames::santorini::game::Power;
    let gods = pos.gods();
    let persephone = gods[theirs_index(pos)] == God::Persephone;
    let mut free = gods;
    free[theirs_index(pos)] = God::Mortal;
    let base = if persephone {
        pos.with_gods(free).unwrap()
    } else {
        *pos
    };
    let child = |mv: Move| {
        let mut child = base;
        child.play_unchecked(mv);
        child.with_gods(gods).unwrap().to_string()
    };
    let legal = base.legal_moves();
    if persephone {
        let climbs: BTreeSet<String> = legal
            .iter()
            .filter(|&&mv| match mv {
                Move::Build { from, to, .. } | Move::Win { from, to } => {
                    pos.level(to) > pos.level(from)
                }
                _ => false,
            })
            .map(|&mv| child(mv))
            .collect();
        if !climbs.is_empty() {
            return climbs;
        }
    }
    let firsts = |from: Space, wins: bool| -> Vec<Space> {
        legal
            .iter()
            .filter_map(|&mv| match mv {
                Move::Power(Power::BuildFirst { first, from: f, .. }) if f == from && !wins => {
                    Some(first)
                }
                Move::Power(Power::BuildFirstWin { first, from: f, .. }) if f == from => {
                    Some(first)
                }
                _ => None,
            })
            .collect()
    };
    legal
        .iter()
        .filter(|&&mv| match mv {
            Move::Power(Power::BuildFirst {
                first, from, build, ..
            }) => {
                let mates = firsts(from, true);
                let both = !mates.contains(&build) && firsts(from, false).contains(&build);
                let later = both && build.index() > first.index();
                !(mates.contains(&first) || later)
            }
            _ => true,
        })
        .map(|&mv| child(mv))
        .collect()
}

/// The positions one turn after `pos` (Theseus to move) as santorini-ai's
/// main branch has his kill: by the worker that moved, of a neighbouring
/// opponent worker two or more levels above it; by the other, only from
/// level 0 of one on level 3 (the card: either worker, exactly two levels
/// below, as we have it). A worker on Clio's coin is spared in both.
pub(crate) fn theseus_as_main(pos: &Position) -> BTreeSet<String> {
    use bitgames::santorini::Bitboard;
    use bitgames::santorini::game::Power;
    let me = pos.to_move();
    let spent = pos.god_state(me).is_some();
    let theirs = pos.workers(me.other()) & !pos.marked(me.other());
    let at_least = |level: u8| (level..=3).fold(Bitboard::EMPTY, |b, l| b | pos.spaces_at_level(l));
    let mut out = BTreeSet::new();
    for &mv in pos.legal_moves().iter() {
        if matches!(mv, Move::Power(Power::Act { .. })) {
            continue;
        }
        let mut child = *pos;
        child.play_unchecked(mv);
        out.insert(child.to_string());
        let Move::Build { from, to, .. } = mv else {
            continue;
        };
        if spent {
            continue;
        }
        let mut targets = Bitboard::EMPTY;
        if pos.level(to) <= 1 {
            targets |= Bitboard::neighbours(to) & theirs & at_least(pos.level(to) + 2);
        }
        if let Some(other) = (pos.workers(me) & !from.bitboard()).first()
            && pos.level(other) == 0
        {
            targets |= Bitboard::neighbours(other) & theirs & pos.spaces_at_level(3);
        }
        for at in targets {
            // The build, then the worker on `at` gone and the power spent,
            // written out (no turn of ours makes it).
            let mut child = *pos;
            child.play_unchecked(mv);
            let text = child.to_string();
            let mut fields: Vec<String> = text.split('/').map(String::from).collect();
            let (hero, victim) = (2 + me.index(), 2 + me.other().index());
            fields[hero] = fields[hero].replacen("theseus", "theseus[x]", 1);
            let (god, workers) = fields[victim].split_once(':').unwrap();
            let left: Vec<&str> = workers
                .split(',')
                .filter(|w| *w != at.to_string())
                .collect();
            fields[victim] = if left.is_empty() {
                god.to_string()
            } else {
                format!("{god}:{}", left.join(","))
            };
            let slain: Position = fields.join("/").parse().unwrap();
            out.insert(slain.to_string());
        }
    }
    out
}

/// The positions one turn after `pos` (Jason to move against Persephone,
/// his power unspent) as santorini-ai's main branch lists them: it counts
/// putting his kept worker on the board as a climb, so where he has a
/// climbing turn or that turn, those are all his turns (the card: a turn
/// that moves no worker up is his only where none climbs).
pub(crate) fn jason_as_main(pos: &Position) -> BTreeSet<String> {
    use bitgames::santorini::game::Power;
    let mut unforced = pos.gods();
    unforced[theirs_index(pos)] = God::Mortal;
    let free = pos.with_gods(unforced).unwrap();
    let all = free.legal_moves();
    let climbs_or_recruits: Vec<Move> = all
        .iter()
        .copied()
        .filter(|&mv| match mv {
            Move::Power(Power::Recruit { .. }) => true,
            Move::Build { from, to, .. } | Move::Win { from, to } => {
                pos.level(to) > pos.level(from)
            }
            _ => false,
        })
        .collect();
    let listed = if climbs_or_recruits.is_empty() {
        all.to_vec()
    } else {
        climbs_or_recruits
    };
    // Each played against a mortal, then Persephone written back.
    let them = 2 + theirs_index(pos);
    listed
        .into_iter()
        .map(|mv| {
            let mut child = free;
            child.play_unchecked(mv);
            let mut fields: Vec<String> = child.to_string().split('/').map(String::from).collect();
            fields[them] = fields[them].replacen("mortal", "persephone", 1);
            fields.join("/")
        })
        .collect()
}
