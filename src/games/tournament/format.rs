//! A tournament's format: how its rounds are paired.

/// How a tournament's rounds are paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Score groups, no rematch ([`super::pair_swiss`]), for a number of rounds fixed at
    /// creation.
    Swiss,
    /// Everyone meets everyone once ([`super::round_robin_round`]), or twice with the colours
    /// swapped in a double round robin.
    RoundRobin { double: bool },
    /// Until a deadline, a player who finishes a game is paired again at once with someone
    /// near their score ([`super::pair_arena`]), scored by [`super::arena_points`].
    Arena,
}

impl Format {
    /// The name the store keeps and the words a command takes.
    pub const fn name(self) -> &'static str {
        match self {
            Format::Swiss => "swiss",
            Format::RoundRobin { double: false } => "round-robin",
            Format::RoundRobin { double: true } => "double-round-robin",
            Format::Arena => "arena",
        }
    }

    /// The format named `text` (its name, or a word players type for it).
    pub fn parse(text: &str) -> Option<Format> {
        match text.to_lowercase().as_str() {
            "swiss" => Some(Format::Swiss),
            "round-robin" | "roundrobin" | "rr" | "robin" => {
                Some(Format::RoundRobin { double: false })
            }
            "double-round-robin" | "double" | "drr" => Some(Format::RoundRobin { double: true }),
            "arena" => Some(Format::Arena),
            _ => None,
        }
    }

    /// How many times everyone meets everyone in a round robin; `None` for a Swiss.
    pub const fn cycles(self) -> Option<usize> {
        match self {
            Format::Swiss | Format::Arena => None,
            Format::RoundRobin { double: false } => Some(1),
            Format::RoundRobin { double: true } => Some(2),
        }
    }

    /// The rounds a round robin of `players` takes; `None` for a Swiss (its rounds are
    /// chosen).
    pub fn round_robin_rounds(self, players: usize) -> Option<usize> {
        let per_cycle = (players + players % 2).saturating_sub(1);
        self.cycles().map(|cycles| per_cycle * cycles)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_reads_back_from_its_name() {
        for format in [
            Format::Swiss,
            Format::RoundRobin { double: false },
            Format::RoundRobin { double: true },
            Format::Arena,
        ] {
            assert_eq!(Format::parse(format.name()), Some(format));
        }
        assert_eq!(
            Format::parse("RR"),
            Some(Format::RoundRobin { double: false })
        );
        assert_eq!(Format::parse("blitz"), None);
    }

    #[test]
    fn a_round_robin_takes_a_round_per_opponent() {
        let single = Format::RoundRobin { double: false };
        assert_eq!(single.round_robin_rounds(4), Some(3));
        assert_eq!(single.round_robin_rounds(5), Some(5));
        assert_eq!(
            Format::RoundRobin { double: true }.round_robin_rounds(4),
            Some(6)
        );
        assert_eq!(Format::Swiss.round_robin_rounds(4), None);
    }
}
