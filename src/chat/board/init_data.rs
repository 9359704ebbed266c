//! Telegram's `initData`: the launch parameters a Mini App is opened with, signed by Telegram
//! with a key only the bot's token gives (`HMAC_SHA256("WebAppData", token)`). Nothing in it
//! is trusted before the signature and its age are checked.

use crate::chat::shared::{hex, unhex};
use hmac::{Hmac, Mac};
use serde::Deserialize;
use sha2::Sha256;

/// How old a launch may be: Telegram signs `auth_date` when the app is opened.
pub const MAX_AGE_SECONDS: i64 = 60 * 60;
/// Longer `initData` is refused unread (Telegram's is a few hundred bytes).
const MAX_LEN: usize = 4096;

/// The user a checked launch names, and the game it asked for (`start_param`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TelegramLaunch {
    pub user_id: i64,
    pub name: String,
    pub handle: Option<String>,
    pub language: Option<String>,
    pub start_param: Option<String>,
}

/// Why a launch is refused. The text names no part of the data (it may reach a log).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InitDataError {
    #[error("the launch data is not signed by Telegram for this bot")]
    BadSignature,
    #[error("the launch data is older than an hour (or from the future)")]
    Stale,
    #[error("the launch data is malformed")]
    Malformed,
}

#[derive(Deserialize)]
struct WebAppUser {
    id: i64,
    first_name: String,
    #[serde(default)]
    last_name: Option<String>,
    #[serde(default)]
    username: Option<String>,
    #[serde(default)]
    language_code: Option<String>,
}

/// The key Telegram signs every launch of this bot with.
fn secret_key(token: &str) -> Hmac<Sha256> {
    let mut derive = Hmac::<Sha256>::new_from_slice(b"WebAppData")
        .unwrap_or_else(|_| unreachable!("HMAC takes a key of any length"));
    derive.update(token.as_bytes());
    let key = derive.finalize().into_bytes();
    Hmac::<Sha256>::new_from_slice(&key).unwrap_or_else(|_| unreachable!("32 bytes"))
}

/// The text Telegram signs: every field but `hash`, decoded, as `key=value` lines sorted by
/// key.
fn data_check_string(fields: &[(String, String)]) -> String {
    let mut lines: Vec<String> = fields
        .iter()
        .filter(|(key, _)| key != "hash")
        .map(|(key, value)| format!("{key}={value}"))
        .collect();
    lines.sort();
    lines.join("\n")
}

/// Signs `fields` as Telegram does: the `initData` query string with its `hash`. For the
/// tests and for a developer's local launch (`kibitz` itself never needs it).
pub fn sign_init_data(fields: &[(&str, &str)], token: &str) -> String {
    let owned: Vec<(String, String)> = fields
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let mut mac = secret_key(token);
    mac.update(data_check_string(&owned).as_bytes());
    let hash = hex(&mac.finalize().into_bytes());
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    for (key, value) in fields {
        query.append_pair(key, value);
    }
    query.append_pair("hash", &hash);
    query.finish()
}

/// Checks `init_data` (the query string as Telegram hands it to the page) against `token`
/// at `now_seconds` (Unix time); the user it names.
pub fn verify_init_data(
    init_data: &str,
    token: &str,
    now_seconds: i64,
) -> Result<TelegramLaunch, InitDataError> {
    if init_data.len() > MAX_LEN {
        return Err(InitDataError::Malformed);
    }
    let fields: Vec<(String, String)> = url::form_urlencoded::parse(init_data.as_bytes())
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    let field = |name: &str| {
        fields
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    };
    let given = field("hash").ok_or(InitDataError::BadSignature)?;
    let given = unhex(given).ok_or(InitDataError::BadSignature)?;
    let mut mac = secret_key(token);
    mac.update(data_check_string(&fields).as_bytes());
    // Constant time: `verify_slice` compares without stopping at the first difference.
    mac.verify_slice(&given)
        .map_err(|_| InitDataError::BadSignature)?;
    let signed_at: i64 = field("auth_date")
        .and_then(|date| date.parse().ok())
        .ok_or(InitDataError::Malformed)?;
    // A minute's grace for clocks that disagree.
    if now_seconds - signed_at > MAX_AGE_SECONDS || signed_at - now_seconds > 60 {
        return Err(InitDataError::Stale);
    }
    let user: WebAppUser = field("user")
        .and_then(|user| serde_json::from_str(user).ok())
        .ok_or(InitDataError::Malformed)?;
    let name = match user.last_name.filter(|last| !last.is_empty()) {
        Some(last) => format!("{} {last}", user.first_name),
        None => user.first_name,
    };
    Ok(TelegramLaunch {
        user_id: user.id,
        name,
        handle: user.username,
        language: user.language_code,
        start_param: field("start_param").map(str::to_string),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOKEN: &str = "123456:test-token";
    const USER: &str = r#"{"id":11,"first_name":"Alice","last_name":"Liddell","username":"alice","language_code":"ru"}"#;

    fn launch(auth_date: &str) -> String {
        sign_init_data(
            &[
                ("query_id", "AAHdF6IQAAAAAN0XohDhrOrc"),
                ("user", USER),
                ("auth_date", auth_date),
                ("start_param", "g12"),
            ],
            TOKEN,
        )
    }

    #[test]
    fn a_launch_signed_with_the_token_names_its_user_and_game() {
        let launch = verify_init_data(&launch("1700000000"), TOKEN, 1_700_000_100).unwrap();
        assert_eq!(launch.user_id, 11);
        assert_eq!(launch.name, "Alice Liddell");
        assert_eq!(launch.handle.as_deref(), Some("alice"));
        assert_eq!(launch.language.as_deref(), Some("ru"));
        assert_eq!(launch.start_param.as_deref(), Some("g12"));
    }

    #[test]
    fn the_signature_is_telegrams_published_scheme() {
        // Recomputed by hand from the documented recipe, independent of `sign_init_data`:
        // secret = HMAC(key "WebAppData", token); hash = HMAC(key secret, sorted lines).
        let mut derive = Hmac::<Sha256>::new_from_slice(b"WebAppData").unwrap();
        derive.update(TOKEN.as_bytes());
        let secret = derive.finalize().into_bytes();
        let mut mac = Hmac::<Sha256>::new_from_slice(&secret).unwrap();
        mac.update(format!("auth_date=1700000000\nuser={USER}").as_bytes());
        let hash = hex(&mac.finalize().into_bytes());
        let query = format!(
            "user={}&auth_date=1700000000&hash={hash}",
            url::form_urlencoded::byte_serialize(USER.as_bytes()).collect::<String>()
        );
        assert_eq!(
            verify_init_data(&query, TOKEN, 1_700_000_000).map(|l| l.user_id),
            Ok(11)
        );
    }

    #[test]
    fn forged_altered_stale_and_garbled_launches_are_refused() {
        let good = launch("1700000000");
        let now = 1_700_000_100;
        assert_eq!(
            verify_init_data(&good, "999:other", now),
            Err(InitDataError::BadSignature)
        );
        let altered = good.replace("g12", "g13");
        assert_eq!(
            verify_init_data(&altered, TOKEN, now),
            Err(InitDataError::BadSignature)
        );
        assert_eq!(
            verify_init_data(&good, TOKEN, 1_700_000_000 + MAX_AGE_SECONDS + 1),
            Err(InitDataError::Stale)
        );
        assert_eq!(
            verify_init_data(&good, TOKEN, 1_600_000_000),
            Err(InitDataError::Stale)
        );
        for garbled in ["", "hash=zz", "%%%", &"a".repeat(5000)] {
            assert!(
                verify_init_data(garbled, TOKEN, now).is_err(),
                "{garbled:.20}"
            );
        }
        let no_user = sign_init_data(&[("auth_date", "1700000000")], TOKEN);
        assert_eq!(
            verify_init_data(&no_user, TOKEN, now),
            Err(InitDataError::Malformed)
        );
    }
}
