//! The board's sessions: who a page speaks for, once their platform vouched for them (a
//! checked Telegram launch, a Discord token exchange), as a short-lived token signed with the
//! deployment's key. Every process of a deployment derives the same key, so a page may be
//! answered by any of them.

use crate::bot::Platform;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

/// How long a session lasts: a sitting's games; the platform signs a new launch after.
pub const SESSION_MS: i64 = 12 * 60 * 60 * 1000;

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

    /// The session a token stands for, if this key signed it and it has not run out at
    /// `now_ms`.
    pub fn open(&self, token: &str, now_ms: i64) -> Option<Session> {
        if token.len() > 4096 {
            return None;
        }
        let (body, signature) = token.split_once('.')?;
        let body = unhex(body)?;
        let signature = unhex(signature)?;
        let mut mac = self.mac();
        mac.update(&body);
        mac.verify_slice(&signature).ok()?;
        let session: Session = serde_json::from_slice(&body).ok()?;
        (session.expires_ms > now_ms).then_some(session)
    }
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

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
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
        }
    }

    #[test]
    fn a_signed_session_opens_until_it_runs_out_and_only_with_its_key() {
        let key = SessionKey::derive("deployment secret");
        let token = key.sign(&alice(1_000));
        assert_eq!(key.open(&token, 999), Some(alice(1_000)));
        assert_eq!(key.open(&token, 1_000), None);
        assert_eq!(SessionKey::derive("another").open(&token, 0), None);
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
