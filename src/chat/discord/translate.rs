//! An interaction as the service reads it: a slash command turned into its command text, a
//! pressed button into its `custom_id` (the button's command text).

use super::commands::{self, Arg};
use crate::bot::{ChatInfo, Incoming, Platform, UserInfo};
use serenity::all::{
    ChannelType, CommandDataOptionValue, CommandInteraction, ComponentInteraction, Interaction,
    Member, PartialChannel, User,
};

/// The channel a thread hangs off, for an interaction in a thread.
pub(super) fn parent_of(channel: Option<&PartialChannel>) -> Option<u64> {
    let channel = channel?;
    let thread = matches!(
        channel.kind,
        ChannelType::PublicThread | ChannelType::PrivateThread | ChannelType::NewsThread
    );
    channel.parent_id.filter(|_| thread).map(|id| id.get())
}

/// The name to show: the server nickname, else the display name, else the username.
pub(super) fn user_info(user: &User, nick: Option<&str>) -> UserInfo {
    UserInfo {
        id: user.id.get().to_string(),
        name: nick
            .or(user.global_name.as_deref())
            .filter(|n| !n.trim().is_empty())
            .unwrap_or(&user.name)
            .to_string(),
        handle: Some(user.name.clone()),
    }
}

/// Where an interaction happened and who may change settings there.
struct Place {
    /// The channel; for a thread, the channel it hangs off, whose games it plays.
    channel: u64,
    /// The thread the interaction came from, where its replies go.
    thread: Option<u64>,
    guild: Option<u64>,
    /// Manage Server in a guild; anyone in a direct message.
    admin: bool,
}

impl Place {
    fn of(
        channel: u64,
        partial: Option<&PartialChannel>,
        guild: Option<u64>,
        member: Option<&Member>,
    ) -> Place {
        let (channel, thread) = match parent_of(partial) {
            Some(parent) => (parent, Some(channel)),
            None => (channel, None),
        };
        let admin = match guild {
            None => true,
            Some(_) => member
                .and_then(|m| m.permissions)
                .is_some_and(|p| p.manage_guild() || p.administrator()),
        };
        Place {
            channel,
            thread,
            guild,
            admin,
        }
    }
}

fn incoming(
    place: Place,
    user: UserInfo,
    text: String,
    locale: &str,
    mentions: Vec<UserInfo>,
    pressed: bool,
) -> Incoming {
    Incoming {
        platform: Platform::Discord,
        chat: ChatInfo {
            id: place.channel.to_string(),
            title: None,
            private: place.guild.is_none(),
            community: place.guild.map(|g| g.to_string()),
            thread: place.thread.map(|t| t.to_string()),
        },
        user,
        text,
        locale: Some(locale.to_string()).filter(|l| !l.is_empty()),
        mentions,
        admin: place.admin,
        membership: None,
        pressed,
    }
}

pub(super) fn from_command(command: &CommandInteraction) -> Incoming {
    let mut args = Vec::new();
    let mut mentions = Vec::new();
    for option in &command.data.options {
        let arg = match &option.value {
            CommandDataOptionValue::String(text) => Arg::Text(text.clone()),
            CommandDataOptionValue::Integer(number) => Arg::Number(*number),
            CommandDataOptionValue::Boolean(flag) => Arg::Flag(*flag),
            CommandDataOptionValue::User(id) => {
                let resolved = &command.data.resolved;
                if let Some(user) = resolved.users.get(id).filter(|u| !u.bot) {
                    let nick = resolved.members.get(id).and_then(|m| m.nick.as_deref());
                    mentions.push(user_info(user, nick));
                }
                continue;
            }
            _ => continue,
        };
        args.push((option.name.clone(), arg));
    }
    let nick = command.member.as_ref().and_then(|m| m.nick.as_deref());
    incoming(
        Place::of(
            command.channel_id.get(),
            command.channel.as_ref(),
            command.guild_id.map(|g| g.get()),
            command.member.as_deref(),
        ),
        user_info(&command.user, nick),
        commands::command_text(&command.data.name, &args),
        &command.locale,
        mentions,
        false,
    )
}

/// The chat line a command or button press becomes: `from_command` / `from_component` for
/// the fuzz targets (`crate::cli::fuzzing`).
#[doc(hidden)]
pub fn incoming_of_interaction(interaction: &Interaction) -> Option<Incoming> {
    match interaction {
        Interaction::Command(command) => Some(from_command(command)),
        Interaction::Component(press) => Some(from_component(press)),
        _ => None,
    }
}

pub(super) fn from_component(press: &ComponentInteraction) -> Incoming {
    let nick = press.member.as_ref().and_then(|m| m.nick.as_deref());
    incoming(
        Place::of(
            press.channel_id.get(),
            press.channel.as_ref(),
            press.guild_id.map(|g| g.get()),
            press.member.as_ref(),
        ),
        user_info(&press.user, nick),
        press.data.custom_id.clone(),
        &press.locale,
        Vec::new(),
        true,
    )
}
