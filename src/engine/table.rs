//! The transposition table both alpha-beta searches (Glacier Chess, Knight Fight) keep: a
//! power-of-two array of slots indexed by the low bits of a position's key. A slot keeps the
//! whole key beside its entry, so a probe tells the position it holds from another that
//! shares its slot. What an entry stores (a score, a depth, a best move, …) is each search's
//! own; when a newer entry may take a slot from an older one of the same position is the
//! entry's [`TableEntry::replaces`].

use super::WON;

/// What a stored score says about the position's true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The score is at least this (a beta cut-off).
    Lower,
    /// The score is at most this (no move raised alpha).
    Upper,
}

impl Bound {
    /// Whether a stored `score` with this bound settles a search of the window
    /// `alpha..beta`, so that the search can return it at once.
    pub fn settles(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

/// A forced result's score as stored: counted from the stored node, not from the root, so
/// that the entry holds wherever in the tree the position comes again.
pub fn to_table(score: i32, ply: i32) -> i32 {
    if score > WON {
        score + ply
    } else if score < -WON {
        score - ply
    } else {
        score
    }
}

/// A stored score as seen `ply` plies from the root: [`to_table`] undone.
pub fn from_table(score: i32, ply: i32) -> i32 {
    if score > WON {
        score - ply
    } else if score < -WON {
        score + ply
    } else {
        score
    }
}

/// What a search stores for a position.
pub trait TableEntry: Copy {
    /// Whether this entry takes the slot from `held`, an entry for the same position. (An
    /// entry for another position, or an empty slot, is always replaced.) By default it
    /// always does: the newest result is the most useful.
    fn replaces(&self, held: &Self) -> bool {
        let _ = held;
        true
    }
}

#[derive(Clone, Copy)]
struct Slot<E> {
    key: u64,
    entry: Option<E>,
}

/// A transposition table of `E` entries.
pub struct Table<E> {
    slots: Vec<Slot<E>>,
    mask: usize,
}

impl<E: TableEntry> Table<E> {
    /// A table of `size` empty slots; `size` is a power of two.
    pub fn new(size: usize) -> Self {
        debug_assert!(size.is_power_of_two(), "a table of {size} slots");
        Self {
            slots: vec![
                Slot {
                    key: 0,
                    entry: None
                };
                size
            ],
            mask: size - 1,
        }
    }

    fn index(&self, key: u64) -> usize {
        key as usize & self.mask
    }

    /// The entry stored for the position of `key`, if its slot holds that position.
    pub fn probe(&self, key: u64) -> Option<E> {
        let slot = &self.slots[self.index(key)];
        if slot.key == key { slot.entry } else { None }
    }

    /// Stores `entry` for the position of `key` in its slot, unless the slot holds an entry
    /// of the same position that `entry` does not [replace](TableEntry::replaces).
    pub fn store(&mut self, key: u64, entry: E) {
        let index = self.index(key);
        let slot = &mut self.slots[index];
        let kept = slot.key == key && slot.entry.is_some_and(|held| !entry.replaces(&held));
        if !kept {
            *slot = Slot {
                key,
                entry: Some(entry),
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Deepest(u32);

    impl TableEntry for Deepest {
        fn replaces(&self, held: &Self) -> bool {
            self.0 >= held.0
        }
    }

    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Newest(u32);

    impl TableEntry for Newest {}

    #[test]
    fn a_probe_finds_only_the_position_stored() {
        let mut table = Table::new(16);
        assert_eq!(
            table.probe(0),
            None,
            "an empty slot holds no position, not even key 0"
        );
        table.store(5, Newest(1));
        assert_eq!(table.probe(5), Some(Newest(1)));
        // 21 shares slot 5 (21 & 15 = 5) but is another position.
        assert_eq!(table.probe(21), None);
        table.store(21, Newest(2));
        assert_eq!(table.probe(21), Some(Newest(2)));
        assert_eq!(table.probe(5), None, "the other position took the slot");
    }

    #[test]
    fn an_entry_keeps_its_slot_from_one_it_is_not_replaced_by() {
        let mut table = Table::new(8);
        table.store(3, Deepest(4));
        table.store(3, Deepest(2));
        assert_eq!(table.probe(3), Some(Deepest(4)));
        table.store(3, Deepest(4));
        table.store(3, Deepest(6));
        assert_eq!(table.probe(3), Some(Deepest(6)));
        // Another position sharing the slot always takes it.
        table.store(11, Deepest(1));
        assert_eq!(table.probe(11), Some(Deepest(1)));
        assert_eq!(table.probe(3), None);
    }

    #[test]
    fn forced_results_are_stored_from_the_node_and_read_from_the_root() {
        for (score, ply) in [
            (WON + 50, 7),
            (-WON - 50, 7),
            (123, 7),
            (-WON, 3),
            (WON + 1, 0),
        ] {
            assert_eq!(from_table(to_table(score, ply), ply), score);
        }
        assert_eq!(to_table(WON + 50, 7), WON + 57);
        assert_eq!(to_table(-WON - 50, 7), -WON - 57);
        assert_eq!(to_table(123, 7), 123);
    }
}
