//! A platform token: kept out of every `Debug` and every log line.

use std::fmt;

/// A bot token. Its `Debug` shows `"<redacted>"`; [`Secret::redact`] takes it out of any
/// text about to be logged (an error may print a request URL with the token in it).
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Secret(value.into())
    }

    /// The token itself, for the one place that must send it.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// `text` with every copy of the token replaced: belt and braces, whatever an error
    /// prints.
    pub fn redact(&self, text: &str) -> String {
        if self.0.is_empty() {
            text.to_string()
        } else {
            text.replace(&self.0, "<token>")
        }
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt("<redacted>", f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_shows_nowhere() {
        let secret = Secret::new("123:SECRET");
        assert_eq!(format!("{secret:?}"), "\"<redacted>\"");
        assert_eq!(
            secret.redact("GET /bot123:SECRET/getMe failed"),
            "GET /bot<token>/getMe failed"
        );
        assert_eq!(Secret::new("").redact("as is"), "as is");
    }
}
