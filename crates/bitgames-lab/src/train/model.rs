//! The network in training: float weights, its forward pass and gradient,
//! Adam's step, and the conversion to and from the quantized [`Net`].
//!
//! The network reads the position from both views: the hidden units' sums
//! over the player to move's inputs and over the inputs with the players'
//! roles swapped ([`other_view`]) each feed the output through weights of
//! their own, beside the linear terms of [`features`](bitgames::santorini::eval::features).

// Training code: indices read as the formulas do.
#![allow(clippy::needless_range_loop)]

use bitgames::santorini::eval::network::{
    HIDDEN, INPUTS, NEIGHBOURHOOD, NEIGHBOURHOOD_UNITS, ON_WITH_FOUR_WORKERS, QA, QB, SYMMETRIES,
    is_base_god_input, other_view,
};
use bitgames::santorini::eval::{FEATURES, Net, WEIGHTS};
use rand::Rng;

/// A training position: its inputs (no symmetry), linear features, target
/// win chance, and what the labels need.
#[derive(Clone)]
pub struct Sample {
    pub on: [u16; ON_WITH_FOUR_WORKERS],
    pub dense: [f32; FEATURES],
    pub target: f32,
    pub pos: bitgames::santorini::Position,
    /// The score recorded in the game (or a deeper one), if any.
    pub recorded: Option<i32>,
    /// The scores recorded for the following moves, each for its mover.
    pub later: Vec<i32>,
}

pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The cross-entropy of the win chance `p` against the target `y`.
pub fn log_loss(p: f32, y: f32) -> f32 {
    let p = p.clamp(1e-6, 1.0 - 1e-6);
    -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
}

/// Where input `i` goes under symmetry `k`: the three blocks of per-space
/// inputs (5, 3 and 3 a space) move with their space; the neighbourhood
/// counts do not move.
pub fn map_input(i: u16, k: usize) -> u16 {
    let i = i as usize;
    if i >= NEIGHBOURHOOD {
        return i as u16;
    }
    let (base, per) = if i < 125 {
        (0, 5)
    } else if i < 200 {
        (125, 3)
    } else {
        (200, 3)
    };
    let s = (i - base) / per;
    let r = (i - base) % per;
    (base + per * SYMMETRIES[k][s] as usize + r) as u16
}

/// The trained parameters, in units of the scale `K` (the output is the
/// log-odds of a win).
#[derive(Clone)]
pub struct Params {
    pub w1: Vec<f32>,
    pub b1: Vec<f32>,
    /// The output weights of the player to move's view.
    pub w2: Vec<f32>,
    /// The output weights of the opponent's view.
    pub w2o: Vec<f32>,
    pub b2: f32,
    /// The linear terms' weights.
    pub v: Vec<f32>,
}

/// The hidden sums of a position from both views: the player to move's
/// and the opponent's.
pub type Views = [[f32; HIDDEN]; 2];

/// Where each part of the parameters starts in the flat gradient (the
/// order of [`Params::for_each_mut`]).
const B1_AT: usize = INPUTS * HIDDEN;
const W2_AT: usize = B1_AT + HIDDEN;
const W2O_AT: usize = W2_AT + HIDDEN;
const B2_AT: usize = W2O_AT + HIDDEN;
const V_AT: usize = B2_AT + 1;
/// The number of parameters.
pub const PARAMS: usize = V_AT + FEATURES;

/// A hidden unit's activation (clipped ReLU) for its sum `a`, and its derivative.
fn activation(a: f32) -> (f32, f32) {
    (
        a.clamp(0.0, 1.0),
        if a > 0.0 && a < 1.0 { 1.0 } else { 0.0 },
    )
}

impl Params {
    /// Random first-layer and output weights (the neighbourhood and god
    /// inputs feed only the first [`NEIGHBOURHOOD_UNITS`] units, the base
    /// game's god inputs nothing), the linear terms at
    /// the linear evaluation's weights.
    pub fn random(rng: &mut impl Rng, k: f32) -> Params {
        let w1 = (0..INPUTS * HIDDEN)
            .map(|at| {
                let (i, j) = (at / HIDDEN, at % HIDDEN);
                if i >= NEIGHBOURHOOD && j >= NEIGHBOURHOOD_UNITS || is_base_god_input(i) {
                    0.0
                } else {
                    rng.random_range(-0.1..0.1)
                }
            })
            .collect();
        let (mut w2, mut w2o) = (vec![0.0; HIDDEN], vec![0.0; HIDDEN]);
        for j in 0..HIDDEN {
            w2[j] = rng.random_range(-0.01..0.01);
            w2o[j] = rng.random_range(-0.01..0.01);
        }
        Params {
            w1,
            b1: vec![0.5; HIDDEN],
            w2,
            w2o,
            b2: 0.0,
            v: WEIGHTS.iter().map(|&w| w as f32 / k).collect(),
        }
    }

    fn sums(&self, on: &[u16], a: &mut [f32; HIDDEN]) {
        a.copy_from_slice(&self.b1);
        for &i in on {
            let row = &self.w1[i as usize * HIDDEN..(i as usize + 1) * HIDDEN];
            for j in 0..HIDDEN {
                a[j] += row[j];
            }
        }
    }

    /// The log-odds for these inputs (`other`: the opponent's view's);
    /// fills the hidden sums `a`.
    pub fn forward(
        &self,
        on: &[u16],
        other: &[u16],
        dense: &[f32; FEATURES],
        a: &mut Views,
    ) -> f32 {
        self.sums(on, &mut a[0]);
        self.sums(other, &mut a[1]);
        let mut z = self.b2;
        for j in 0..HIDDEN {
            z += self.w2[j] * activation(a[0][j]).0;
        }
        for j in 0..HIDDEN {
            z += self.w2o[j] * activation(a[1][j]).0;
        }
        for k in 0..FEATURES {
            z += self.v[k] * dense[k];
        }
        z
    }

    /// The log-odds of a sample as it is (no symmetry).
    pub fn log_odds(&self, s: &Sample) -> f32 {
        let mut a = [[0.0; HIDDEN]; 2];
        self.forward(&s.on, &s.on.map(other_view), &s.dense, &mut a)
    }

    /// Adds the gradient of the log loss of sample `s` under symmetry `k`
    /// to `g` (laid out as [`Params::for_each_mut`]).
    pub fn add_gradient(&self, s: &Sample, k: usize, g: &mut [f32]) {
        let mut on = [0u16; ON_WITH_FOUR_WORKERS];
        for (o, &x) in on.iter_mut().zip(&s.on) {
            *o = map_input(x, k);
        }
        let other = on.map(other_view);
        let mut a = [[0.0f32; HIDDEN]; 2];
        let d = sigmoid(self.forward(&on, &other, &s.dense, &mut a)) - s.target;
        let views: [(&[u16], usize, &[f32]); 2] =
            [(&on, W2_AT, &self.w2), (&other, W2O_AT, &self.w2o)];
        for (view, (inputs_on, at, w)) in views.into_iter().enumerate() {
            let a = &a[view];
            let mut gh = [0.0f32; HIDDEN];
            for j in 0..HIDDEN {
                let (h, dh) = activation(a[j]);
                g[at + j] += d * h;
                if dh != 0.0 {
                    gh[j] = d * w[j] * dh;
                    g[B1_AT + j] += gh[j];
                }
            }
            for &x in inputs_on {
                if is_base_god_input(usize::from(x)) {
                    // The base game's god inputs keep their rows of 0.
                    continue;
                }
                let row = &mut g[x as usize * HIDDEN..(x as usize + 1) * HIDDEN];
                let units = if usize::from(x) >= NEIGHBOURHOOD {
                    NEIGHBOURHOOD_UNITS
                } else {
                    HIDDEN
                };
                for j in 0..units {
                    row[j] += gh[j];
                }
            }
        }
        g[B2_AT] += d;
        for f in 0..FEATURES {
            g[V_AT + f] += d * s.dense[f];
        }
    }

    /// Each parameter with its index in the flat gradient.
    fn for_each_mut(&mut self, mut f: impl FnMut(&mut f32, usize)) {
        let parts: [&mut [f32]; 6] = [
            &mut self.w1,
            &mut self.b1,
            &mut self.w2,
            &mut self.w2o,
            std::slice::from_mut(&mut self.b2),
            &mut self.v,
        ];
        let mut at = 0;
        for part in parts {
            for x in part {
                f(x, at);
                at += 1;
            }
        }
    }

    /// The weights kept inside what the quantized network can hold: the
    /// first layer's sums inside i16, the output weights inside i16 at
    /// scale `k * QB`.
    fn clamp(&mut self, k: f32) {
        for x in &mut self.w1 {
            *x = x.clamp(-8.0, 8.0);
        }
        let most = 30_000.0 / (k * QB as f32);
        for x in self.w2.iter_mut().chain(self.w2o.iter_mut()) {
            *x = x.clamp(-most, most);
        }
    }

    /// A network's weights back in training units (`--init`): the inverse
    /// of [`Params::to_net`], up to its rounding.
    pub fn from_net(net: &Net, k: f32) -> Params {
        let (qa, qb) = (QA as f32, QB as f32);
        Params {
            w1: net
                .w1
                .iter()
                .flat_map(|row| row.iter().map(|&x| f32::from(x) / qa))
                .collect(),
            b1: net.b1.iter().map(|&x| f32::from(x) / qa).collect(),
            w2: net.w2.iter().map(|&x| f32::from(x) / (k * qb)).collect(),
            w2o: net
                .w2_other
                .iter()
                .map(|&x| f32::from(x) / (k * qb))
                .collect(),
            b2: net.b2 as f32 / k,
            v: net.dense.iter().map(|&x| x as f32 / k).collect(),
        }
    }

    /// The quantized network.
    pub fn to_net(&self, k: f32) -> Net {
        let q = |x: f32, s: f32| (x * s).round().clamp(-32767.0, 32767.0) as i16;
        let out = k * QB as f32;
        Net {
            w1: (0..INPUTS)
                .map(|i| std::array::from_fn(|j| q(self.w1[i * HIDDEN + j], QA as f32)))
                .collect(),
            b1: std::array::from_fn(|j| q(self.b1[j], QA as f32)),
            w2: std::array::from_fn(|j| q(self.w2[j], out)),
            w2_other: std::array::from_fn(|j| q(self.w2o[j], out)),
            b2: (self.b2 * k).round() as i32,
            dense: std::array::from_fn(|i| (self.v[i] * k).round() as i32),
        }
    }
}

/// Adam over the flattened parameters.
pub struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    const BETA1: f32 = 0.9;
    const BETA2: f32 = 0.999;

    pub fn new() -> Adam {
        Adam {
            m: vec![0.0; PARAMS],
            v: vec![0.0; PARAMS],
            t: 0,
        }
    }

    /// One step of rate `lr` along the mean of the gradients `grads` (each
    /// a sum over part of a batch of `n` samples), then the clamp to what
    /// the quantized network holds (scale `k`).
    pub fn step(&mut self, p: &mut Params, grads: &[Vec<f32>], n: usize, lr: f32, k: f32) {
        self.t += 1;
        let scale = 1.0 / n as f32;
        let c1 = 1.0 - Self::BETA1.powi(self.t);
        let c2 = 1.0 - Self::BETA2.powi(self.t);
        let (m, v) = (&mut self.m, &mut self.v);
        p.for_each_mut(|x, at| {
            let g: f32 = grads.iter().map(|g| g[at]).sum::<f32>() * scale;
            m[at] = Self::BETA1 * m[at] + (1.0 - Self::BETA1) * g;
            v[at] = Self::BETA2 * v[at] + (1.0 - Self::BETA2) * g * g;
            *x -= lr * (m[at] / c1) / ((v[at] / c2).sqrt() + 1e-8);
        });
        p.clamp(k);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitgames::santorini::eval::network::{MAX_ON, inputs};
    use bitgames::santorini::players::{random_start, random_start_with};
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    #[test]
    fn mapped_inputs_are_the_inputs_under_each_symmetry() {
        let mut rng = SmallRng::seed_from_u64(7);
        for i in 0..40 {
            // With gods too: their inputs do not move under a symmetry.
            let gods = [i % 11, (3 * i + 1) % 11].map(|g| bitgames::santorini::God::ALL[g]);
            let pos = random_start_with(gods, &mut rng).unwrap();
            let mut on = [0u16; MAX_ON];
            let n = inputs(&pos, 0, &mut on);
            for k in 0..SYMMETRIES.len() {
                let mut mapped: Vec<u16> = on[..n].iter().map(|&i| map_input(i, k)).collect();
                let mut direct = [0u16; MAX_ON];
                let m = inputs(&pos, k, &mut direct);
                let mut direct = direct[..m].to_vec();
                mapped.sort_unstable();
                direct.sort_unstable();
                assert_eq!(mapped, direct, "symmetry {k} of {pos}");
            }
        }
    }

    #[test]
    fn a_network_survives_the_round_trip_through_training_units() {
        let k = bitgames::santorini::eval::SCALE as f32;
        let p = Params::random(&mut SmallRng::seed_from_u64(1), k);
        let net = p.to_net(k);
        let again = Params::from_net(&net, k).to_net(k);
        assert_eq!(net.to_bytes(), again.to_bytes());
        let back = Net::from_bytes(&net.to_bytes()).unwrap();
        let pos = random_start(&mut SmallRng::seed_from_u64(2));
        assert_eq!(back.evaluate(&pos), net.evaluate(&pos));
    }
}
