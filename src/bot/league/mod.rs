//! Guild life in chat: `leaderboard`, `stats`, `settings` and `forgetme`, one file each,
//! and the table helpers they share.

pub(super) mod forget;
pub(super) mod leaderboard;
pub(super) mod settings;
pub(super) mod stats;
pub(super) mod table;
