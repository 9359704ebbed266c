//! What a command handler knows about the line it serves.

use crate::bot::incoming::Incoming;
use crate::bot::platform::Platform;
use crate::games::Timestamp;
use crate::store::UserRecord;

/// What a command handler knows about the line it serves.
pub(crate) struct Context<'a> {
    pub incoming: &'a Incoming,
    /// The language of replies the chat reads.
    pub language: &'a str,
    /// The language of replies only the speaker reads (private, ephemeral).
    pub own_language: &'a str,
    pub chat_id: i64,
    pub user: UserRecord,
    /// The users the line mentions, as stored.
    pub mentioned: Vec<UserRecord>,
    pub now: Timestamp,
    /// The speaker may change this chat's settings.
    pub admin: bool,
}

impl Context<'_> {
    /// The platform, when the line was said in a thread (or forum topic) of the chat: the
    /// news of a game it ends goes there, and its result to the chat too where the platform
    /// plays games in threads of their own (`play::report::report`).
    pub fn in_thread(&self) -> Option<Platform> {
        self.incoming
            .chat
            .thread
            .as_ref()
            .map(|_| self.incoming.platform)
    }
}
