//! How a duration is written in the logs: milliseconds rounded to 0.01, so that a log line
//! reads `duration_ms=4.17` and not `duration_ms=4.170647000000001` (a float's noise says
//! nothing a reader of the log can use, and makes lines harder to scan and compare).

use std::time::Duration;

/// `elapsed` in milliseconds, rounded to the nearest hundredth (10 µs).
pub fn duration_ms(elapsed: Duration) -> f64 {
    (elapsed.as_secs_f64() * 100_000.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_are_milliseconds_to_a_hundredth() {
        assert_eq!(duration_ms(Duration::from_nanos(4_170_647)), 4.17);
        assert_eq!(duration_ms(Duration::from_nanos(4_175_000)), 4.18);
        assert_eq!(duration_ms(Duration::from_micros(1_234_567)), 1234.57);
        assert_eq!(duration_ms(Duration::ZERO), 0.0);
        assert_eq!(duration_ms(Duration::from_nanos(4_999)), 0.0);
        // Written as a reader sees it: no float noise after the hundredths.
        assert_eq!(
            format!("{}", duration_ms(Duration::from_nanos(4_170_647))),
            "4.17"
        );
        assert_eq!(
            format!("{:?}", duration_ms(Duration::from_nanos(70_010_000))),
            "70.01"
        );
    }
}
