//! Guild life in chat: `leaderboard`, `stats`, `settings` and `forgetme`, one file each,
//! and the table helpers they share.

mod forget;
mod leaderboard;
mod settings;
mod stats;
mod table;
