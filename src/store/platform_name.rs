//! The platforms the bot speaks on, as the database names them.

/// Where a line came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Platform {
    Console,
    Telegram,
    Discord,
}

impl Platform {
    /// The platform's name in every table that keys by platform.
    pub const fn as_str(self) -> &'static str {
        match self {
            Platform::Console => "console",
            Platform::Telegram => "telegram",
            Platform::Discord => "discord",
        }
    }

    /// The platform named `name` (as [`Platform::as_str`] writes it).
    pub fn from_name(name: &str) -> Option<Platform> {
        [Platform::Console, Platform::Telegram, Platform::Discord]
            .into_iter()
            .find(|platform| platform.as_str() == name)
    }
}
