//! The output buffers of a vector environment ([`crate::vector::VecCore`]):
//! the numpy arrays `reset` and `step` return, split among the
//! environments, and the core's own for runs that return nothing.

/// One environment's share of the output buffers.
pub(crate) struct Out<'a> {
    pub(crate) obs: &'a mut [u8],
    pub(crate) mask: &'a mut [bool],
    /// The mask holds only false when the environment writes it (a fresh
    /// zeroed array): only the legal actions need writing.
    pub(crate) mask_zeroed: bool,
    pub(crate) rewards: &'a mut [f32],
    pub(crate) reward: &'a mut f32,
    pub(crate) terminated: &'a mut bool,
    pub(crate) truncated: &'a mut bool,
    pub(crate) player: &'a mut i8,
}

/// The output buffers of every environment (or of a run of them), written
/// straight into the numpy arrays that `reset` and `step` return: observations
/// (0 or 1 a byte), legal-action masks, rewards per player, the reward of the
/// player who acted (with an opponent: the agent's), terminated, truncated and
/// the player to move.
pub struct Outs<'a> {
    pub obs: &'a mut [u8],
    pub mask: &'a mut [bool],
    /// Whether `mask` holds only false (a fresh zeroed array): a mask of
    /// 122,076 actions a game (the gods') is then written at its legal
    /// actions alone, and the pages of the rest are never touched.
    pub mask_zeroed: bool,
    pub rewards: &'a mut [f32],
    pub reward: &'a mut [f32],
    pub terminated: &'a mut [bool],
    pub truncated: &'a mut [bool],
    pub player: &'a mut [i8],
}

impl<'a> Outs<'a> {
    /// The buffers of the first `k` environments and those of the rest.
    pub(crate) fn split_at(self, k: usize, ol: usize, ml: usize) -> (Outs<'a>, Outs<'a>) {
        let (obs, obs2) = self.obs.split_at_mut(k * ol);
        let (mask, mask2) = self.mask.split_at_mut(k * ml);
        let (rewards, rewards2) = self.rewards.split_at_mut(2 * k);
        let (reward, reward2) = self.reward.split_at_mut(k);
        let (terminated, terminated2) = self.terminated.split_at_mut(k);
        let (truncated, truncated2) = self.truncated.split_at_mut(k);
        let (player, player2) = self.player.split_at_mut(k);
        (
            Outs {
                obs,
                mask,
                mask_zeroed: self.mask_zeroed,
                rewards,
                reward,
                terminated,
                truncated,
                player,
            },
            Outs {
                obs: obs2,
                mask: mask2,
                mask_zeroed: self.mask_zeroed,
                rewards: rewards2,
                reward: reward2,
                terminated: terminated2,
                truncated: truncated2,
                player: player2,
            },
        )
    }
}

/// Output buffers owned by the core, for [`crate::vector::VecCore::random_play`].
pub(crate) struct Scratch {
    pub(crate) obs: Vec<u8>,
    pub(crate) mask: Vec<bool>,
    pub(crate) rewards: Vec<f32>,
    pub(crate) reward: Vec<f32>,
    pub(crate) terminated: Vec<bool>,
    pub(crate) truncated: Vec<bool>,
    pub(crate) player: Vec<i8>,
}

impl Scratch {
    /// The buffers, or `None` if there is not the memory for them.
    pub(crate) fn new(n: usize, ol: usize, ml: usize) -> Option<Self> {
        Some(Scratch {
            obs: filled(n.checked_mul(ol)?, 0)?,
            mask: filled(n.checked_mul(ml)?, false)?,
            rewards: filled(n.checked_mul(2)?, 0.0)?,
            reward: filled(n, 0.0)?,
            terminated: filled(n, false)?,
            truncated: filled(n, false)?,
            player: filled(n, 0)?,
        })
    }

    pub(crate) fn outs(&mut self) -> Outs<'_> {
        Outs {
            obs: &mut self.obs,
            mask: &mut self.mask,
            mask_zeroed: false,
            rewards: &mut self.rewards,
            reward: &mut self.reward,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            player: &mut self.player,
        }
    }
}

/// `n` copies of `value` in a vector, or `None` without the memory.
fn filled<T: Clone>(n: usize, value: T) -> Option<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).ok()?;
    v.resize(n, value);
    Some(v)
}
