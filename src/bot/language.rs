//! `lang` (a user's own language) and `settings language` (a chat's default).

use crate::bot::context::Context;
use crate::bot::i18n::LANGUAGES;
use crate::bot::msg::msg;
use crate::bot::outcome::Refusal;
use crate::bot::reply::Outgoing;
use crate::bot::service::Service;

/// The words that clear a language choice.
const AUTO: [&str; 3] = ["auto", "default", "off"];

fn language_names() -> String {
    LANGUAGES.join(", ")
}

/// `lang`: shows the speaker's language; `lang ru` chooses one; `lang auto` follows the
/// platform again.
pub(crate) async fn set_language(
    service: &Service,
    context: &Context<'_>,
    code: Option<&str>,
) -> Result<Vec<Outgoing>, Refusal> {
    let Some(code) = code else {
        return Ok(vec![Outgoing::text(
            service.say(
                context.own_language,
                &msg("lang-current")
                    .with("language", context.own_language)
                    .with("languages", language_names()),
            ),
        )]);
    };
    let chosen = if AUTO.contains(&code) {
        None
    } else {
        Some(service.catalogue.serving(Some(code)).ok_or_else(|| {
            msg("lang-unknown")
                .with("language", code)
                .with("languages", language_names())
        })?)
    };
    service
        .store()
        .set_user_locale(context.user.id, chosen)
        .await?;
    let language = chosen.unwrap_or_else(|| {
        service
            .catalogue
            .language_for(context.incoming.locale.as_deref())
    });
    let line = match chosen {
        Some(language) => msg("lang-set").with("language", language),
        None => msg("lang-auto").with("language", language),
    };
    Ok(vec![Outgoing::text(service.say(language, &line))])
}

/// `settings language ru` (admins): the language of the chat's public messages.
pub(crate) async fn set_chat_language(
    service: &Service,
    context: &Context<'_>,
    code: Option<&str>,
) -> Result<Vec<Outgoing>, Refusal> {
    let chosen = match code {
        None => return Err(msg("cmd-settings").into()),
        Some(code) if AUTO.contains(&code) => None,
        Some(code) => Some(service.catalogue.serving(Some(code)).ok_or_else(|| {
            msg("lang-unknown")
                .with("language", code)
                .with("languages", language_names())
        })?),
    };
    service
        .store()
        .set_chat_language(context.chat_id, chosen)
        .await?;
    let (language, line) = match chosen {
        Some(language) => (
            language,
            msg("settings-language-set").with("language", language),
        ),
        None => (context.own_language, msg("settings-language-auto")),
    };
    Ok(vec![Outgoing::text(service.say(language, &line))])
}
