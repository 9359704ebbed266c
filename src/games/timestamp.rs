//! An instant in time: milliseconds since the Unix epoch, UTC, as the service's clock reads
//! it and the store keeps it.
//!
//! Instants are typed so that one cannot be passed where a span or an id is meant (they
//! were all bare `i64` before); spans stay plain `i64` milliseconds, counted with the units
//! of [`crate::games::time_control`] (`SECOND_MS` … `DAY_MS`), which also counts days. This
//! file imports nothing of it, so that `time_control` can take and give instants.

/// Milliseconds since the Unix epoch, UTC.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(transparent)]
pub struct Timestamp(i64);

impl Timestamp {
    /// The instant `millis` milliseconds after the epoch: how a clock reading or a stored
    /// value becomes an instant.
    pub const fn from_millis(millis: i64) -> Self {
        Timestamp(millis)
    }

    /// Milliseconds since the epoch: what the store writes and the few computations that need
    /// the number itself (a day's number, a UTC date, the minute of the day).
    pub const fn millis(self) -> i64 {
        self.0
    }

    /// The instant `span_ms` later (earlier if negative); saturating, so that a far deadline
    /// or a corrupt stored value cannot overflow.
    #[must_use]
    pub const fn plus(self, span_ms: i64) -> Self {
        Timestamp(self.0.saturating_add(span_ms))
    }

    /// The instant `span_ms` earlier (later if negative); saturating as [`Timestamp::plus`].
    #[must_use]
    pub const fn minus(self, span_ms: i64) -> Self {
        Timestamp(self.0.saturating_sub(span_ms))
    }

    /// The span from `earlier` to `self` in milliseconds: negative when `earlier` is in fact
    /// later; saturating, so any two instants give a span.
    pub const fn ms_since(self, earlier: Timestamp) -> i64 {
        self.0.saturating_sub(earlier.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_saturates_instead_of_overflowing() {
        let last = Timestamp::from_millis(i64::MAX);
        let first = Timestamp::from_millis(i64::MIN);
        assert_eq!(last.plus(1), last);
        assert_eq!(first.minus(1), first);
        assert_eq!(first.plus(-1), first);
        assert_eq!(last.minus(-1), last);
        assert_eq!(last.ms_since(first), i64::MAX);
        assert_eq!(first.ms_since(last), i64::MIN);
    }

    #[test]
    fn spans_add_and_measure_back() {
        let t = Timestamp::from_millis(1_000);
        let day = 86_400_000;
        assert_eq!(t.plus(day).millis(), 1_000 + day);
        assert_eq!(t.minus(400).millis(), 600);
        assert_eq!(t.plus(day).ms_since(t), day);
        assert_eq!(t.ms_since(t.plus(5)), -5);
        assert_eq!(t.plus(250).minus(250), t);
    }

    #[test]
    fn instants_order_as_their_milliseconds() {
        let early = Timestamp::from_millis(-5);
        let late = Timestamp::from_millis(7);
        assert!(early < late);
        assert!(Timestamp::default() > early);
        assert_eq!(early.max(late), late);
        let mut times = [late, Timestamp::default(), early];
        times.sort();
        assert_eq!(times, [early, Timestamp::from_millis(0), late]);
    }

    #[test]
    fn serde_writes_the_bare_milliseconds() {
        let t = Timestamp::from_millis(1_765_000_000_123);
        let text = serde_json::to_string(&t).unwrap();
        assert_eq!(text, "1765000000123");
        assert_eq!(serde_json::from_str::<Timestamp>(&text).unwrap(), t);
        assert_eq!(
            serde_json::to_string(&Some(Timestamp::from_millis(-2))).unwrap(),
            "-2"
        );
    }
}
