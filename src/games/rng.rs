//! A small deterministic random number generator.
//!
//! Boards and puzzles are derived from stored seeds, so the generator must give the same
//! sequence forever: it is written here (SplitMix64) instead of borrowed from a crate whose
//! algorithm may change between versions. Its two halves are the one copy every seeded
//! thing uses: [`splitmix64`] (the engines' Zobrist keys) and [`mix64`] (Knight Fight's
//! position hash); [`GOLDEN_GAMMA`] also spreads the engine's search seeds.

/// SplitMix64's increment, 2^64 divided by the golden ratio (odd): consecutive states
/// differ in about half their bits.
pub const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's finaliser: a bijection of 64-bit values in which every input bit affects
/// every output bit, so that nearby inputs give unrelated outputs.
pub const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One step of SplitMix64: `state` advanced by [`GOLDEN_GAMMA`], and its mix. A `const fn`,
/// so that tables of keys can be built at compile time.
pub const fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(GOLDEN_GAMMA);
    mix64(*state)
}

#[derive(Clone, Debug)]
pub struct SeededRng {
    state: u64,
}

impl SeededRng {
    pub const fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        splitmix64(&mut self.state)
    }

    /// A uniform number in `0..bound` (`bound` > 0), without modulo bias.
    pub fn below(&mut self, bound: u64) -> u64 {
        assert!(bound > 0, "below() needs a positive bound");
        let zone = u64::MAX - (u64::MAX % bound);
        loop {
            let value = self.next_u64();
            if value < zone {
                return value % bound;
            }
        }
    }

    /// Shuffles `items` uniformly (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sequence_is_fixed_forever() {
        // Stored games depend on these values: changing them changes every stored board.
        let mut rng = SeededRng::new(1234567);
        assert_eq!(rng.next_u64(), 6457827717110365317);
        assert_eq!(rng.next_u64(), 3203168211198807973);
    }

    #[test]
    fn below_stays_in_range_and_reaches_every_value() {
        let mut rng = SeededRng::new(7);
        let mut seen = [false; 10];
        for _ in 0..1000 {
            let value = rng.below(10) as usize;
            seen[value] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
