//! What every platform adapter needs, written once: how a failed request is tried again
//! ([`RetryPolicy`], [`FaultKind`]), how a token stays out of sight ([`Secret`]), how a
//! reply is cut to a platform's length limit ([`split_text`]), how an adapter learns it
//! must stop ([`Shutdown`]), and how it tells the readiness probe it is connected
//! ([`PlatformLink`]), and how signed bytes travel as text ([`hex`]). The time an adapter records comes from the service's injected
//! clock (`Service::now`), like everything else the service records.

mod fault;
mod hex;
mod link;
mod retry;
mod secret;
mod shutdown;
mod text;

pub use fault::{FaultKind, Retryable};
pub use hex::{hex, unhex};
pub use link::PlatformLink;
pub use retry::{CallStatus, GaveUp, RetryPolicy, count_call};
pub use secret::Secret;
pub use shutdown::{DRAIN_LIMIT, InFlight, Shutdown};
pub use text::{Unit, split_text};
