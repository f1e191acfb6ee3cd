//! Numbers for the benchmark tables.

/// A duration in nanoseconds in the unit that suits it: `38.20 ns`,
/// `6.50 us`, `4.90 ms`, `2.10 s`.
#[must_use]
pub fn human_ns(ns: f64) -> String {
    if ns < 1e3 {
        format!("{ns:.2} ns")
    } else if ns < 1e6 {
        format!("{:.2} us", ns / 1e3)
    } else if ns < 1e9 {
        format!("{:.2} ms", ns / 1e6)
    } else {
        format!("{:.2} s", ns / 1e9)
    }
}

/// [`human_ns`] of a number of seconds.
#[must_use]
pub fn human_secs(secs: f64) -> String {
    human_ns(secs * 1e9)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_duration_in_the_unit_that_suits_it() {
        assert_eq!(human_ns(38.2), "38.20 ns");
        assert_eq!(human_ns(6_500.0), "6.50 us");
        assert_eq!(human_secs(0.0049), "4.90 ms");
        assert_eq!(human_secs(2.1), "2.10 s");
    }
}
