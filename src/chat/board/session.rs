//! The board's sessions: who a page speaks for, once their platform vouched for them (a
//! checked Telegram launch, a Discord token exchange), as a short-lived token signed with the
//! deployment's key. Every process of a deployment derives the same key, so a page may be
//! answered by any of them.

use crate::bot::Platform;
use crate::chat::shared::{hex, unhex};
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

/// How long a session lasts: a sitting's games; the platform signs a new launch after.
pub const SESSION_MS: i64 = 12 * 60 * 60 * 1000;
/// How long a launch link stays good: long enough to open it, short enough that a link
/// shown on a screen soon opens nothing.
pub const LAUNCH_MS: i64 = 10 * 60 * 1000;

/// Who a session speaks for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Session {
    #[serde(rename = "p", with = "platform_name")]
    pub platform: Platform,
    /// The platform's id of the user.
    #[serde(rename = "u")]
    pub user: String,
    #[serde(rename = "n")]
    pub name: String,
    #[serde(rename = "h", default, skip_serializing_if = "Option::is_none")]
    pub handle: Option<String>,
    #[serde(rename = "l", default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    /// When it stops being accepted (Unix milliseconds).
    #[serde(rename = "e")]
    pub expires_ms: i64,
    /// A launch: a link's short-lived ticket, good only to open a session with (a Discord
    /// board button's link, shown to its presser alone), never to speak with.
    #[serde(rename = "k", default, skip_serializing_if = "std::ops::Not::not")]
    pub launch: bool,
}

/// The deployment's key for sessions. No `Debug`: it must not be printed.
#[derive(Clone)]
pub struct SessionKey(Vec<u8>);

impl SessionKey {
    /// The key from the deployment's secret (`KIBITZ_SESSION_SECRET`, else a platform token):
    /// derived, so that the secret itself signs nothing.
    pub fn derive(secret: &str) -> SessionKey {
        let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes())
            .unwrap_or_else(|_| unreachable!("HMAC takes a key of any length"));
        mac.update(b"kibitz board sessions");
        SessionKey(mac.finalize().into_bytes().to_vec())
    }

    fn mac(&self) -> Hmac<Sha256> {
        Hmac::<Sha256>::new_from_slice(&self.0).unwrap_or_else(|_| unreachable!("32 bytes"))
    }

    /// The token of `session`: its fields and their signature, in hex.
    pub fn sign(&self, session: &Session) -> String {
        let body = serde_json::to_vec(session).unwrap_or_default();
        let mut mac = self.mac();
        mac.update(&body);
        format!("{}.{}", hex(&body), hex(&mac.finalize().into_bytes()))
    }

    /// The session a token stands for, if this key signed it as a session (not a launch)
    /// and it has not run out at `now_ms`.
    pub fn open(&self, token: &str, now_ms: i64) -> Option<Session> {
        self.check(token, now_ms).ok()
    }

    /// [`SessionKey::open`], saying why a token opens nothing.
    pub fn check(&self, token: &str, now_ms: i64) -> Result<Session, TokenFault> {
        let session = self.read(token)?;
        if session.launch {
            return Err(TokenFault::Unsigned);
        }
        if session.expires_ms <= now_ms {
            return Err(TokenFault::RunOut);
        }
        Ok(session)
    }

    /// The session a launch ticket opens, if this key signed it as a launch and it has not
    /// run out at `now_ms`: the same person, for [`SESSION_MS`] from now.
    pub fn open_launch(&self, token: &str, now_ms: i64) -> Option<Session> {
        let ticket = self
            .read(token)
            .ok()
            .filter(|session| session.launch && session.expires_ms > now_ms)?;
        Some(Session {
            launch: false,
            expires_ms: now_ms + SESSION_MS,
            ..ticket
        })
    }

    /// What a token says, if this key signed it.
    fn read(&self, token: &str) -> Result<Session, TokenFault> {
        if token.len() > 4096 {
            return Err(TokenFault::Unsigned);
        }
        let (body, signature) = token.split_once('.').ok_or(TokenFault::Unsigned)?;
        let body = unhex(body).ok_or(TokenFault::Unsigned)?;
        let signature = unhex(signature).ok_or(TokenFault::Unsigned)?;
        let mut mac = self.mac();
        mac.update(&body);
        mac.verify_slice(&signature)
            .map_err(|_| TokenFault::Unsigned)?;
        serde_json::from_slice(&body).map_err(|_| TokenFault::Unsigned)
    }
}

/// Why a token opens no session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenFault {
    /// Not signed by this deployment as a session: forged, garbled, or a launch.
    Unsigned,
    /// Signed, but its time is over.
    RunOut,
}

/// A platform as its name in the token.
mod platform_name {
    use crate::bot::Platform;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(platform: &Platform, to: S) -> Result<S::Ok, S::Error> {
        to.serialize_str(platform.as_str())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<Platform, D::Error> {
        Platform::from_name(&String::deserialize(from)?)
            .ok_or_else(|| serde::de::Error::custom("no such platform"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alice(expires_ms: i64) -> Session {
        Session {
            platform: Platform::Telegram,
            user: "11".into(),
            name: "Alice. Liddell".into(),
            handle: Some("alice".into()),
            language: None,
            expires_ms,
            launch: false,
        }
    }

    #[test]
    fn a_signed_session_opens_until_it_runs_out_and_only_with_its_key() {
        let key = SessionKey::derive("deployment secret");
        let token = key.sign(&alice(1_000));
        assert_eq!(key.open(&token, 999), Some(alice(1_000)));
        assert_eq!(key.open(&token, 1_000), None);
        assert_eq!(SessionKey::derive("another").open(&token, 0), None);
        assert_eq!(key.check(&token, 1_000), Err(TokenFault::RunOut));
        assert_eq!(
            SessionKey::derive("another").check(&token, 0),
            Err(TokenFault::Unsigned)
        );
    }

    #[test]
    fn a_launch_only_opens_a_session_and_a_session_is_no_launch() {
        let key = SessionKey::derive("deployment secret");
        let ticket = key.sign(&Session {
            launch: true,
            ..alice(LAUNCH_MS)
        });
        // A launch is no session to speak with.
        assert_eq!(key.open(&ticket, 0), None);
        let opened = key.open_launch(&ticket, 5).expect("a fresh launch opens");
        assert_eq!(opened, alice(5 + SESSION_MS));
        assert_eq!(key.open_launch(&ticket, LAUNCH_MS), None, "run out");
        // A session cannot be swapped for a longer one.
        let session = key.sign(&alice(SESSION_MS));
        assert_eq!(key.open_launch(&session, 0), None);
        assert_eq!(SessionKey::derive("another").open_launch(&ticket, 0), None);
    }

    #[test]
    fn an_altered_or_garbled_token_opens_nothing() {
        let key = SessionKey::derive("deployment secret");
        let token = key.sign(&alice(1_000));
        let (body, signature) = token.split_once('.').unwrap();
        // Another user's id in the same body, the old signature kept.
        let forged = hex(&serde_json::to_vec(&Session {
            user: "22".into(),
            ..alice(1_000)
        })
        .unwrap());
        assert_eq!(key.open(&format!("{forged}.{signature}"), 0), None);
        for garbled in ["", ".", "zz.zz", body, &format!("{body}.")] {
            assert_eq!(key.open(garbled, 0), None, "{garbled:.20}");
        }
    }
}
