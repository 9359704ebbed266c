//! Whether an adapter is connected to its platform, for the readiness probe.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A flag an adapter raises once its platform took the token and is delivering updates, and
/// lowers when it stops; `/readyz` reads it. Clones share the flag.
#[derive(Clone, Debug, Default)]
pub struct PlatformLink(Arc<AtomicBool>);

impl PlatformLink {
    pub fn up(&self) {
        self.0.store(true, Ordering::Release);
    }

    pub fn down(&self) {
        self.0.store(false, Ordering::Release);
    }

    pub fn is_up(&self) -> bool {
        self.0.load(Ordering::Acquire)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_the_flag() {
        let link = PlatformLink::default();
        let seen = link.clone();
        assert!(!seen.is_up());
        link.up();
        assert!(seen.is_up());
        link.down();
        assert!(!seen.is_up());
    }
}
