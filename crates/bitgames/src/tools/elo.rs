//! Match statistics: the Elo difference of a score with its 95 % interval,
//! and the sequential probability ratio test (SPRT) that stops a match once
//! it decides between two Elo hypotheses.

/// The Elo difference for a score fraction.
pub fn elo(score: f64) -> f64 {
    // `+ 0.0` turns -0 into 0.
    -400.0 * (1.0 / score - 1.0).log10() + 0.0
}

/// The Elo line of the summary: the estimate and its 95 % interval.
pub fn elo_text(wins: u32, losses: u32, draws: u32) -> String {
    let n = f64::from(wins + losses + draws);
    if n == 0.0 {
        return "no games".into();
    }
    let s = (f64::from(wins) + f64::from(draws) / 2.0) / n;
    if wins + draws == 0 {
        let p = 1.0 - 0.05f64.powf(1.0 / n);
        return format!("Elo difference -inf (95 %: below {:+.0})", elo(p));
    }
    if losses + draws == 0 {
        let p = 0.05f64.powf(1.0 / n);
        return format!("Elo difference +inf (95 %: above {:+.0})", elo(p));
    }
    let mean_sq = (f64::from(wins) + f64::from(draws) / 4.0) / n;
    let sd = (mean_sq - s * s).max(0.0).sqrt();
    let half = 1.96 * sd / n.sqrt();
    // Past a score of 0 or 1 the interval is open on that side.
    let bound = |x: f64| {
        if x <= 0.0 {
            "-inf".to_string()
        } else if x >= 1.0 {
            "+inf".to_string()
        } else {
            format!("{:+.0}", elo(x))
        }
    };
    let (lo, hi) = (s - half, s + half);
    let width = if lo > 0.0 && hi < 1.0 {
        format!(", ±{:.0}", (elo(hi) - elo(lo)) / 2.0)
    } else {
        String::new()
    };
    format!(
        "Elo difference {:+.0} (95 %: {} to {}{width})",
        elo(s),
        bound(lo),
        bound(hi)
    )
}

/// The SPRT bounds on the log-likelihood ratio for alpha = beta = 0.05.
pub const SPRT_BOUND: f64 = 2.944_438_979_166_440_5; // ln(0.95 / 0.05)

/// The log-likelihood ratio of Elo `elo1` against `elo0` after these games,
/// with the score taken as normal (the "GSPRT" of fishtest):
/// LLR = n (s1 - s0) (2 s - s0 - s1) / (2 var), s0 and s1 the expected scores
/// of the two hypotheses, s the mean score and var its per-game variance.
/// `None` while the variance is zero (all games alike).
pub fn sprt_llr(wins: u32, losses: u32, draws: u32, elo0: f64, elo1: f64) -> Option<f64> {
    let n = f64::from(wins + losses + draws);
    let expected = |e: f64| 1.0 / (1.0 + 10f64.powf(-e / 400.0));
    let (s0, s1) = (expected(elo0), expected(elo1));
    let s = (f64::from(wins) + f64::from(draws) / 2.0) / n;
    let var = (f64::from(wins) + f64::from(draws) / 4.0) / n - s * s;
    (n > 0.0 && var > 1e-12).then(|| n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var))
}

/// SPRT hypotheses from text: `ELO0,ELO1` with ELO0 < ELO1, both within
/// ±2000 (e.g. `0,50`).
///
/// # Errors
///
/// Names the text and the form it should have.
pub fn parse_sprt(text: &str) -> Result<(f64, f64), String> {
    let bad = || {
        format!(
            "{:?} is not ELO0,ELO1 with ELO0 < ELO1, such as 0,50",
            crate::excerpt(text)
        )
    };
    let (a, b) = text.split_once(',').ok_or_else(bad)?;
    let (a, b): (f64, f64) = (
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    );
    if a.is_finite() && b.is_finite() && a < b && a.abs() < 2000.0 && b.abs() < 2000.0 {
        Ok((a, b))
    } else {
        Err(bad())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_even_and_lopsided_scores() {
        assert_eq!(elo(0.5), 0.0);
        assert!((elo(0.75) - 190.85).abs() < 0.01);
        // 10 wins, 10 losses: sd 0.5, half width 1.96 * 0.5 / sqrt(20) = 0.219, score 0.281 to 0.719.
        let t = elo_text(10, 10, 0);
        assert!(
            t.starts_with("Elo difference +0 (95 %: -163 to +163"),
            "{t}"
        );
        // No point in 20 games: the score is below 1 - 0.05^(1/20) = 0.139 (-317 Elo).
        assert_eq!(elo_text(0, 20, 0), "Elo difference -inf (95 %: below -317)");
        assert_eq!(elo_text(20, 0, 0), "Elo difference +inf (95 %: above +317)");
        // 2 of 10: s = 0.2, sd 0.4, half width 0.248 reaches below 0.
        assert_eq!(elo_text(2, 8, 0), "Elo difference -241 (95 %: -inf to -36)");
    }

    #[test]
    fn sprt_llr_moves_towards_the_likelier_hypothesis() {
        assert!(sprt_llr(0, 20, 0, 0.0, 50.0).is_none());
        // 10-10 lies nearer Elo 0 than 50: negative. 18-2 (Elo +382): 5.8, decided.
        let even = sprt_llr(10, 10, 0, 0.0, 50.0).unwrap();
        // s0 = 0.5, s1 = 0.5715, var 0.25: 20 * 0.0715 * (1 - 1.0715) / 0.5.
        assert!((even - (-0.2047)).abs() < 1e-3, "{even}");
        assert!(sprt_llr(18, 2, 0, 0.0, 50.0).unwrap() > SPRT_BOUND);
    }

    #[test]
    fn sprt_hypotheses_are_read_and_bad_ones_named() {
        assert_eq!(parse_sprt("0, 50"), Ok((0.0, 50.0)));
        for bad in ["50,0", "0", "x,1", "0,5000"] {
            let err = parse_sprt(bad).unwrap_err();
            assert!(
                err.ends_with("is not ELO0,ELO1 with ELO0 < ELO1, such as 0,50"),
                "{err}"
            );
        }
    }
}
