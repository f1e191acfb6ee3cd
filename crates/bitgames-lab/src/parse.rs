//! The flag values the commands share: times, chances, search limits and
//! SPRT hypotheses (clap value parsers: a bad value is refused with the
//! flag's name and why).

use bitgames::engine::Limits;
use bitgames::excerpt;
use std::time::Duration;

/// The deepest fixed-depth search a command asks for.
pub const MAX_DEPTH: u32 = 40;

/// A positive time: `250ms`, `0.5s`, `1s` or a number of seconds (the
/// library's syntax, as every command of `bitgames` reads it).
pub fn duration(text: &str) -> Result<Duration, String> {
    bitgames::engine::parse_time(text)
}

/// A search depth from 1 to [`MAX_DEPTH`].
pub fn depth(text: &str) -> Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(d) if (1..=MAX_DEPTH).contains(&d) => Ok(d),
        _ => Err(format!(
            "{:?} is not a depth from 1 to {MAX_DEPTH}",
            excerpt(text)
        )),
    }
}

/// A depth (`8`) or a time per search (`500ms`, `0.5s`).
pub fn limits(text: &str) -> Result<Limits, String> {
    let t = text.trim();
    if t.ends_with('s') {
        duration(t).map(Limits::time)
    } else {
        depth(t)
            .map(Limits::depth)
            .map_err(|_| format!("{:?} is not a depth (8) or a time (500ms)", excerpt(text)))
    }
}

/// A number from 0 to 1.
pub fn fraction(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(p) if (0.0..=1.0).contains(&p) => Ok(p),
        _ => Err(format!("{:?} is not a number from 0 to 1", excerpt(text))),
    }
}

/// A positive, finite number.
pub fn positive(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 => Ok(x),
        _ => Err(format!("{:?} is not a positive number", excerpt(text))),
    }
}

/// `ELO0,ELO1` with ELO0 < ELO1, both within ±2000.
pub fn sprt(text: &str) -> Result<(f64, f64), String> {
    bitgames::tools::elo::parse_sprt(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_depths_limits_and_numbers() {
        assert_eq!(duration("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(duration("0.5s"), Ok(Duration::from_millis(500)));
        assert_eq!(duration("2"), Ok(Duration::from_secs(2)));
        assert!(duration("0s").is_err() && duration("-1s").is_err() && duration("x").is_err());
        assert_eq!(depth("9"), Ok(9));
        assert!(depth("0").is_err() && depth("41").is_err());
        assert_eq!(limits("8"), Ok(Limits::depth(8)));
        assert_eq!(limits("15ms"), Ok(Limits::time(Duration::from_millis(15))));
        assert!(limits("0").is_err() && limits("eight").is_err());
        assert_eq!(fraction("0.05"), Ok(0.05));
        assert!(fraction("1.5").is_err());
        assert_eq!(positive("0.002"), Ok(0.002));
        assert!(positive("0").is_err() && positive("inf").is_err());
    }

    #[test]
    fn sprt_hypotheses() {
        assert_eq!(sprt("0, 50"), Ok((0.0, 50.0)));
        assert_eq!(sprt("-10,5"), Ok((-10.0, 5.0)));
        assert!(sprt("50,0").is_err() && sprt("0").is_err() && sprt("0,5000").is_err());
    }
}
