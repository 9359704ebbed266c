//! Guild life in chat: `leaderboard`, `stats`, `settings` and `forgetme`, one file each,
//! and what they share (`table`: the text tables, the periods' and levels' words, streaks).

pub(super) mod forget;
pub(super) mod leaderboard;
pub(super) mod settings;
pub(super) mod stats;
pub(super) mod table;
