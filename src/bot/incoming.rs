//! What a platform hands the service: one line someone said or pressed, with who said it
//! and where.

use crate::bot::platform::Platform;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatInfo {
    /// The platform's id of the chat (channel, group or private chat).
    pub id: String,
    pub title: Option<String>,
    pub private: bool,
    /// The community the chat belongs to, whose leaderboards it shares (a Discord guild id);
    /// `None` where the chat is its own community (a Telegram group, the console).
    pub community: Option<String>,
    /// The forum topic of the chat the line came from (Telegram's `message_thread_id`), where
    /// its replies, and the posts of games started there, go.
    pub thread: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserInfo {
    /// The platform's id of the user.
    pub id: String,
    /// The name to show.
    pub name: String,
    /// The `@handle` others type to name them, without the `@`.
    pub handle: Option<String>,
}

/// One thing a user said or pressed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Incoming {
    pub platform: Platform,
    pub chat: ChatInfo,
    pub user: UserInfo,
    /// The command line; a pressed button carries the command line it stands for.
    pub text: String,
    /// The user's language as the platform reports it (`en`, `ru`, `nb-NO`, …).
    pub locale: Option<String>,
    /// Users the platform says the line mentions, in order.
    pub mentions: Vec<UserInfo>,
    /// The speaker may change this chat's settings (Discord: Manage Server; Telegram: a group
    /// administrator; anyone in a private chat or the console).
    pub admin: bool,
    /// Whether the speaker is in the chat the command names (`Command::needs_membership`: a
    /// Telegram deep link to a group's daily), as the platform answered; `None` where nobody
    /// asked, which counts as not a member.
    pub membership: Option<Membership>,
    /// The line is a button pressed under one of the bot's messages: the first reply says
    /// what becomes of that message ([`Outgoing::pressed`]).
    pub pressed: bool,
}

/// The platform's answer to "is the speaker in that chat?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Membership {
    Member,
    NotMember,
    /// The platform could not be asked (an error, no answer).
    Unknown,
}
