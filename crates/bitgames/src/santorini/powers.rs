//! Turns of a game with gods: the moves of a player whose god is not
//! `Mortal` (or who may not move up: Athena's opponent), asked of the god's
//! rules (`santorini/gods/`), and their play (swaps, pushes, domes, second
//! builds, both Hermes workers), and the dense action numbers of every
//! turn.
//!
//! The base game's generator ([`Position::generate`]) stays the engine's fast
//! path.

use super::bitboard::{Bitboard, Space};
use super::game::Position;
use super::gods::{Enter, God, built, female, landing, unbuilt};
use super::moves::{Move, Power};
use crate::game::Player;

/// Every turn of the player to move in a game with gods (workers placed,
/// the game not over), appended to `out`.
#[inline]
pub(crate) fn turns(pos: &Position, out: &mut Vec<Move>) {
    let rules = pos.gods[pos.to_move.index()].rules();
    let start = out.len();
    if pos.is_placement() {
        // A god that places three workers, or names a female one (a plain
        // placement of two is the base game's generator's).
        if rules.female {
            female::placements(pos, out);
        } else {
            placements_of_three(pos, out);
        }
        return;
    }
    if (rules.wins_by_board)(&pos.heights) {
        // Chronus' towers stand: his one turn is the claim, a win in place.
        if let Some(w) = pos.workers[pos.to_move.index()].first() {
            out.push(Move::Win { from: w, to: w });
        }
        return;
    }
    (rules.turns)(pos, !pos.up_blocked, out);
    if pos.gods[pos.to_move.other().index()].rules().forces_climbs {
        // Persephone: only the turns that move up, if there are any.
        if out[start..].iter().any(|&mv| (rules.climbs)(pos, mv)) {
            let mut kept = start;
            for i in start..out.len() {
                if (rules.climbs)(pos, out[i]) {
                    out.swap(kept, i);
                    kept += 1;
                }
            }
            out.truncate(kept);
        }
    }
}

/// Every placement of three workers on the free spaces, each once.
fn placements_of_three(pos: &Position, out: &mut Vec<Move>) {
    let free = !(pos.occupied() | pos.heights[3]);
    for a in free {
        for b in free.after(a) {
            for c in free.after(b) {
                out.push(Move::place_three([a, b, c]));
            }
        }
    }
}

impl Position {
    /// Whether a god's player (or Athena's opponent) can win at once (kept
    /// out of line: the base game's search never comes here).
    #[inline(never)]
    #[cold]
    pub(crate) fn has_winning_turn(&self) -> bool {
        let rules = self.gods[self.to_move.index()].rules();
        let up = !self.up_blocked;
        if (rules.wins_by_board)(&self.heights) && !self.is_placement() && self.climber().is_none()
        {
            return true;
        }
        if !(up || rules.falls_win || rules.wins_anywhere || rules.builds_win)
            || self.is_placement()
            || self.climber().is_some()
        {
            // Only a fall (Pan's) or a surround (the Maenads') wins without
            // moving up.
            return false;
        }
        let forced_up = self.gods[self.to_move.other().index()]
            .rules()
            .forces_climbs;
        if forced_up && (rules.falls_win || rules.wins_anywhere || rules.builds_win) {
            // Against Persephone a win that does not climb (Pan's fall, the
            // Maenads' surround, Chronus' fifth tower) may not be a turn:
            // look at the turns. Any other win climbs, and so is one of the
            // turns she leaves.
            let mut listed = Vec::new();
            turns(self, &mut listed);
            return listed.iter().any(|&mv| {
                let mut after = *self;
                after.play_power(mv);
                after.won
            });
        }
        (rules.can_win)(self, up)
    }

    /// Whether a god's player (or Athena's opponent) has a turn at all.
    #[inline(never)]
    #[cold]
    pub(crate) fn has_turn(&self) -> bool {
        use crate::Game;
        !self.legal_moves().is_empty()
    }

    /// Plays a turn of a game with gods: the moves (with the swap or push
    /// they force), the builds, whether it won, and whether the next player
    /// may move up.
    #[inline(never)]
    #[cold]
    pub(crate) fn play_power(&mut self, mv: Move) {
        let me = self.to_move;
        let rules = self.gods[me.index()].rules();
        let before = rules.after_turn.map(|_| *self);
        let workers_before = self.workers;
        let (mut moved_up, mut moved_down) = (false, false);
        let mut step = |pos: &mut Position, from: Space, to: Space| {
            if from == to {
                // A win in place (Chronus' claim): nothing moves.
                return;
            }
            // Where the step landed, before a slide (the Harpies'): what a
            // step does for its god (a swap, Athena's mark) is read there.
            let landed = if rules.enters != Enter::Never || rules.blocks_climbs {
                landing(pos, from, to)
            } else {
                to
            };
            moved_up |= pos.level(landed) > pos.level(from);
            moved_down |= pos.level(landed) < pos.level(from);
            let them = me.other().index();
            // (Bia's victim may stand where a slide ends: her turn's end
            // takes it away.)
            if rules.enters != Enter::Never && pos.workers[them].contains(landed) {
                let f = (rules.forced)(pos, from, landed).expect("a legal swap or push");
                pos.workers[them] ^= landed.bitboard() | f.bitboard();
            }
            pos.workers[me.index()] ^= from.bitboard() | to.bitboard();
        };
        match mv {
            Move::Place(a, b) => self.workers[me.index()] = a.bitboard() | b.bitboard(),
            Move::Win { from, to } => {
                step(self, from, to);
                self.won = true;
            }
            Move::Build { from, to, build } => {
                step(self, from, to);
                self.heights = built(self.heights, build);
            }
            Move::Power(power) => match power {
                Power::PlaceThree { spaces } => {
                    self.workers[me.index()] = Bitboard::from_spaces(spaces);
                }
                Power::PlaceFemale { spaces, female } => {
                    self.workers[me.index()] = Bitboard::from_spaces(spaces);
                    self.state[me.index()] = female::female_state(female);
                }
                Power::SwapFemale {
                    from, to, build, ..
                } => {
                    step(self, from, to);
                    self.heights = built(self.heights, build);
                    self.workers.swap(0, 1);
                }
                Power::Recruit { at, build } => {
                    self.workers[me.index()] |= at.bitboard();
                    self.heights = built(self.heights, build);
                }
                Power::Dome { from, to, build } => {
                    step(self, from, to);
                    for layer in &mut self.heights {
                        *layer |= build.bitboard();
                    }
                }
                Power::Twice {
                    from,
                    to,
                    build,
                    second,
                } => {
                    step(self, from, to);
                    self.heights = built(built(self.heights, build), second);
                }
                Power::BuildFirst {
                    first,
                    from,
                    to,
                    build,
                } => {
                    self.heights = built(self.heights, first);
                    step(self, from, to);
                    self.heights = built(self.heights, build);
                }
                Power::BuildFirstWin { first, from, to } => {
                    self.heights = built(self.heights, first);
                    step(self, from, to);
                    self.won = true;
                }
                Power::Remove {
                    from,
                    to,
                    build,
                    remove,
                } => {
                    step(self, from, to);
                    self.heights = unbuilt(built(self.heights, build), remove);
                }
                Power::AndDome {
                    from,
                    to,
                    build,
                    dome,
                } => {
                    step(self, from, to);
                    self.heights = built(self.heights, build);
                    for layer in &mut self.heights {
                        *layer |= dome.bitboard();
                    }
                }
                Power::Force {
                    forced,
                    onto,
                    from,
                    to,
                    build,
                } => {
                    self.workers[me.other().index()] ^= forced.bitboard() | onto.bitboard();
                    step(self, from, to);
                    self.heights = built(self.heights, build);
                }
                Power::ForceWin {
                    forced,
                    onto,
                    from,
                    to,
                } => {
                    self.workers[me.other().index()] ^= forced.bitboard() | onto.bitboard();
                    step(self, from, to);
                    self.won = true;
                }
                Power::SwapAll { from, to, build } => {
                    step(self, from, to);
                    self.heights = built(self.heights, build);
                    self.workers.swap(0, 1);
                }
                Power::SwapSome {
                    from,
                    to,
                    build,
                    kept,
                } => {
                    step(self, from, to);
                    self.heights = built(self.heights, build);
                    // Every worker but the one on `kept` swaps sides.
                    let (mine, theirs) = (me.index(), me.other().index());
                    let stays = kept.bitboard();
                    let (a, b) = (self.workers[mine], self.workers[theirs]);
                    self.workers[mine] = (b & !stays) | (a & stays);
                    self.workers[theirs] = (a & !stays) | (b & stays);
                }
                Power::SwapTwo {
                    from,
                    to,
                    build,
                    pair: [a, b],
                } => {
                    step(self, from, to);
                    self.heights = built(self.heights, build);
                    let (mine, theirs) = (me.index(), me.other().index());
                    let two = a.bitboard() | b.bitboard();
                    self.workers[theirs] = (self.workers[theirs] & !two) | self.workers[mine];
                    self.workers[mine] = two;
                }
                Power::Act {
                    from,
                    to,
                    build,
                    at,
                } => {
                    step(self, from, to);
                    self.heights = built(self.heights, build);
                    (rules.act)(self, at);
                }
                Power::Stay { build } => self.heights = built(self.heights, build),
                Power::Wind {
                    from,
                    to,
                    build,
                    wind,
                } => {
                    step(self, from, to);
                    self.heights = built(self.heights, build);
                    self.state[me.index()] = u32::from(wind);
                }
                Power::Pair { from, to, wins } => {
                    let mine = &mut self.workers[me.index()];
                    *mine ^= from[0].bitboard() | from[1].bitboard();
                    *mine |= to[0].bitboard() | to[1].bitboard();
                    self.won = wins;
                }
                Power::Builds { builds: [a, b] } => {
                    self.heights = built(built(self.heights, a), b);
                }
                Power::MoveOnly { from, to } => step(self, from, to),
                Power::Domes {
                    from,
                    to,
                    build,
                    domes: [a, b],
                } => {
                    step(self, from, to);
                    self.heights = built(self.heights, build);
                    for layer in &mut self.heights {
                        *layer |= a.bitboard() | b.bitboard();
                    }
                }
                Power::Besides {
                    from,
                    to,
                    build,
                    extra,
                } => {
                    step(self, from, to);
                    self.heights = built(self.heights, build);
                    for s in extra.into_iter().filter(|&s| s != to) {
                        self.heights = built(self.heights, s);
                    }
                }
                Power::Heaps { from, to, heaps } => {
                    step(self, from, to);
                    for s in heaps.spaces(to) {
                        self.heights = built(self.heights, s);
                    }
                }
                Power::Both { from, to, build } => {
                    let mine = &mut self.workers[me.index()];
                    *mine ^= from[0].bitboard() | from[1].bitboard();
                    *mine ^= to[0].bitboard() | to[1].bitboard();
                    self.heights = built(self.heights, build);
                }
            },
        }
        if let (Some(after_turn), Some(before)) = (rules.after_turn, before) {
            after_turn(&before, mv, self);
        }
        if self.gods[0].rules().female || self.gods[1].rules().female {
            female::follow(workers_before, mv, self);
        }
        self.won |= (rules.wins_by_board)(&self.heights);
        // After a win nothing more is played: no mark for the loser.
        let blocking = if rules.blocks_after_descent {
            moved_down
        } else {
            moved_up
        };
        self.up_blocked = rules.blocks_climbs && blocking && !self.won;
        self.to_move = me.other();
        if mv.is_placement() && !self.workers[me.other().index()].is_empty() {
            // Placement done, in whichever order (Bia places first):
            // player 1 moves first.
            self.to_move = Player::One;
        }
    }

    /// Whether the game has gods (either player's is not `Mortal`).
    #[must_use]
    #[inline]
    pub fn has_gods(&self) -> bool {
        self.gods != [God::Mortal; 2]
    }

    /// The gods of player 1 and player 2.
    #[must_use]
    pub fn gods(&self) -> [God; 2] {
        self.gods
    }

    /// This position with these gods, player 1's first (a start with gods:
    /// `Position::new()` then this).
    ///
    /// # Errors
    /// [`BannedPair`](super::BannedPair) if the two may not play each other
    /// ([`God::may_face`]).
    pub fn with_gods(mut self, gods: [God; 2]) -> Result<Position, super::BannedPair> {
        self.gods = God::pair(gods)?;
        if self.occupied().is_empty() && self.heights[0].is_empty() {
            // Nobody has placed: Bia places first.
            self.to_move = God::first_placer(self.gods);
        }
        Ok(self)
    }

    /// A player's god state as the position writes it between `[` and `]`
    /// (`E2`: Europa's talus there; `2|A5`: two of Clio's coins left, one
    /// on A5); `None` for a god without one, or before it has one.
    #[must_use]
    pub fn god_state(&self, player: Player) -> Option<String> {
        (self.gods[player.index()].rules().write_state)(self.state[player.index()])
    }

    /// The spaces a player's god state marks on the board: Europa's talus,
    /// Clio's coins (empty for the other gods).
    #[must_use]
    pub fn marked(&self, player: Player) -> super::bitboard::Bitboard {
        (self.gods[player.index()].rules().marked)(self.state[player.index()])
    }

    /// The number a player's god state holds beyond the spaces it marks
    /// (Morpheus' blocks kept, Clio's coins left, Aeolus' wind); 0 for a
    /// god without one.
    #[must_use]
    pub fn god_count(&self, player: Player) -> u32 {
        (self.gods[player.index()].rules().count)(self.state[player.index()])
    }

    /// Whether a player's god has spent its power (a hero's once a game,
    /// Clio's three coins); false for a god without such a limit.
    #[must_use]
    pub fn power_spent(&self, player: Player) -> bool {
        (self.gods[player.index()].rules().spent)(self.state[player.index()])
    }

    /// What the mover's god's act on a space does (the step
    /// [`super::Step::Act`]), in a few words with its god: `the Talus goes
    /// here (Europa)`; `None` for a god without one.
    #[must_use]
    pub fn act_words(&self) -> Option<String> {
        let god = self.gods[self.to_move.index()];
        let words = god.rules().act_words;
        (!words.is_empty()).then(|| format!("{words} ({})", god.title()))
    }

    /// Whether the player to move may not move up this turn (its opponent is
    /// Athena, who moved up on her last turn).
    #[must_use]
    pub fn up_blocked(&self) -> bool {
        self.up_blocked
    }

    /// The winner, in a game with gods, once a player has won by moving
    /// (the player who just moved).
    #[must_use]
    pub(crate) fn power_winner(&self) -> Option<Player> {
        self.won.then(|| self.to_move.other())
    }
}
