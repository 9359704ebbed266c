//! The platforms a line comes from, and what differs between them: each difference the
//! service must know is a capability here, so that the adapters decide nothing themselves.

pub use crate::store::Platform;

// What differs between platforms, asked by the service; the platform itself (its name in the
// database) is the store's.
impl Platform {
    /// Whether tables (leaderboards) go out as pictures. Discord's and Telegram's phone apps
    /// wrap a monospace line wider than the screen, scrambling the columns, while a picture
    /// scales; the console prints text and saves pictures to files.
    pub const fn shows_tables_as_pictures(self) -> bool {
        match self {
            Platform::Console => false,
            Platform::Telegram | Platform::Discord => true,
        }
    }

    /// Whether a reply only the speaker may see can be shown in the chat itself: Discord's
    /// ephemeral messages; the console is the operator's own terminal. A Telegram group has
    /// no such replies, so what must stay private (the daily's board) is played in the
    /// private chat with the bot instead.
    pub const fn private_replies_in_chat(self) -> bool {
        match self {
            Platform::Console | Platform::Discord => true,
            Platform::Telegram => false,
        }
    }

    /// Whether `resign` asks before it resigns. On Discord a command is picked from a list as
    /// it is typed, where a slip onto `/resign` would end the game at once; a typed line
    /// (Telegram, the console) says what it means.
    pub const fn asks_before_resigning(self) -> bool {
        match self {
            Platform::Discord => true,
            Platform::Console | Platform::Telegram => false,
        }
    }

    /// Whether an accepted challenge may be played in a thread of its own off the channel
    /// (Discord: a thread is a channel of its own, and the channel then sees only the start
    /// and the result). Telegram's forum topics are chosen by the players, by writing in one.
    pub const fn games_in_threads(self) -> bool {
        match self {
            Platform::Discord => true,
            Platform::Console | Platform::Telegram => false,
        }
    }

    /// Whether the chat `external_id` (in `community`, a Discord guild) is one person's own
    /// chat with the bot, whose games only its players may see: Telegram's groups and
    /// channels have negative ids, a private chat's is the user's; a Discord direct message
    /// channel belongs to no guild.
    pub fn is_private_chat(self, external_id: &str, community: Option<&str>) -> bool {
        match self {
            Platform::Telegram => !external_id.starts_with('-'),
            Platform::Discord => community.is_none(),
            Platform::Console => false,
        }
    }

    /// The id of the user's private chat with the bot, where the platform queues replies in
    /// the outbox (Telegram: the private chat's id is the user's). Forgetting a user drops
    /// what still waits there; the other platforms queue nothing.
    pub fn private_chat_of(self, user_id: &str) -> Option<&str> {
        match self {
            Platform::Telegram => Some(user_id),
            Platform::Console | Platform::Discord => None,
        }
    }
}
