//! What a failed platform request means for the next try, whatever the platform.

use std::fmt::Display;
use std::time::Duration;

/// What a failed try means for the next one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaultKind {
    /// Flood control: the platform says how long to wait (`retry_after`).
    RetryAfter(Duration),
    /// A network or server error: trying again after a growing pause may work.
    Transient,
    /// Trying again cannot help (a refused request or token, a chat that moved).
    Final,
}

/// A platform's request fault, as the retry loop sees it.
pub trait Retryable: Display {
    fn kind(&self) -> FaultKind;
}
