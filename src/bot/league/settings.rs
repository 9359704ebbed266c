//! `settings`: a chat's daily post, language, computer games and game threads, changed by
//! its admins.

use super::table::{self, time_text};
use crate::bot::command::{DailyChange, SettingsChange};
use crate::bot::context::Context;
use crate::bot::help;
use crate::bot::language;
use crate::bot::msg::{Msg, msg};
use crate::bot::outcome::Refusal;
use crate::bot::reply::Outgoing;
use crate::bot::service::Service;
use crate::store::{DailyPuzzle, DailySetting};

/// `settings`, `settings daily [game] on [hh:mm] [level]`, `settings daily [game] off`,
/// `settings language <code>`. Only admins get here with a change (`Word::needs_admin`).
pub(crate) async fn settings(
    service: &Service,
    context: &Context<'_>,
    change: SettingsChange,
) -> Result<Vec<Outgoing>, Refusal> {
    let language = context.language;
    match change {
        SettingsChange::Show => {
            let dailies = service.store().daily_settings(context.chat_id).await?;
            let computer = service.store().computer_allowed(context.chat_id).await?;
            let mut lines = Vec::new();
            if dailies
                .first()
                .is_none_or(|s| s.puzzle != DailyPuzzle::Ambit)
            {
                lines.push(daily_setting_text(service, language, None));
            }
            lines.extend(
                dailies
                    .iter()
                    .map(|setting| daily_setting_text(service, language, Some(setting))),
            );
            lines.push(service.say(language, &computer_setting(computer)));
            let members = service
                .store()
                .tournaments_by_members(context.chat_id)
                .await?;
            lines.push(service.say(language, &tournaments_setting(members)));
            if context.incoming.platform.games_in_threads() {
                let threads = service.store().game_threads(context.chat_id).await?;
                lines.push(service.say(language, &threads_setting(threads)));
            }
            lines.push(service.say(language, &msg("cmd-settings")));
            Ok(vec![Outgoing::text(lines.join("\n"))])
        }
        SettingsChange::Threads(_) if !context.incoming.platform.games_in_threads() => {
            Err(msg("settings-threads-elsewhere").into())
        }
        SettingsChange::Threads(on) => {
            service
                .store()
                .set_game_threads(context.chat_id, on)
                .await?;
            Ok(vec![Outgoing::text(
                service.say(language, &threads_setting(on)),
            )])
        }
        SettingsChange::Language(code) => {
            language::set_chat_language(service, context, code.as_deref()).await
        }
        SettingsChange::Daily(change) => set_daily(service, context, change).await,
        SettingsChange::Tournaments(members) => {
            service
                .store()
                .set_tournaments_by_members(context.chat_id, members)
                .await?;
            Ok(vec![Outgoing::text(
                service.say(language, &tournaments_setting(members)),
            )])
        }
        SettingsChange::Computer(allowed) => {
            service
                .store()
                .set_computer_allowed(context.chat_id, allowed)
                .await?;
            Ok(vec![Outgoing::text(
                service.say(language, &computer_setting(allowed)),
            )])
        }
    }
}

/// `settings daily …`: what is named changes, the rest of the setting stays.
async fn set_daily(
    service: &Service,
    context: &Context<'_>,
    change: DailyChange,
) -> Result<Vec<Outgoing>, Refusal> {
    let language = context.language;
    let puzzle = match change.game {
        None => DailyPuzzle::Ambit,
        Some(kind) if !crate::engine::puzzle::has_puzzles(kind) => {
            return Err(msg("puzzle-no-game")
                .with("game", service.say(language, &help::kind_name(kind)))
                .into());
        }
        // A game's puzzle grows harder through the week; there is no level to choose.
        Some(_) if change.level.is_some() => return Err(msg("settings-daily-game-level").into()),
        Some(kind) => DailyPuzzle::Game(kind),
    };
    let current = service
        .store()
        .daily_setting(context.chat_id, puzzle)
        .await?;
    let mut setting = current.unwrap_or(DailySetting {
        chat_id: context.chat_id,
        puzzle,
        enabled: true,
        minute_of_day: 9 * 60,
        level: "auto".to_string(),
    });
    setting.enabled = change.enabled;
    if let Some(minute) = change.minute_of_day {
        setting.minute_of_day = minute;
    }
    if let Some(level) = change.level {
        setting.level = level.name().to_string();
    }
    service
        .store()
        .set_daily_setting(&setting, context.user.id, context.now)
        .await?;
    let mut lines = vec![daily_setting_text(service, language, Some(&setting))];
    let minute_now = crate::games::time_control::minute_of_day(context.now);
    if setting.enabled && setting.minute_of_day <= minute_now {
        let day = table::date_today(context)?.to_string();
        if service
            .store()
            .posts_made(context.chat_id, puzzle, &day)
            .await?
            == 0
        {
            lines.push(service.say(language, &msg("settings-daily-soon")));
        }
    }
    Ok(vec![Outgoing::text(lines.join("\n"))])
}

/// A daily post's setting as `settings` says it (`None`: AMBIT's, never set).
fn daily_setting_text(service: &Service, language: &str, setting: Option<&DailySetting>) -> String {
    if let Some(DailyPuzzle::Game(kind)) = setting.map(|s| s.puzzle) {
        let game = service.say(language, &help::kind_name(kind));
        return match setting {
            Some(s) if s.enabled => service.say(
                language,
                &msg("settings-daily-game-on")
                    .with("game", game)
                    .with("time", time_text(s.minute_of_day)),
            ),
            _ => service.say(language, &msg("settings-daily-game-off").with("game", game)),
        };
    }
    match setting {
        Some(s) if s.enabled => service.say(
            language,
            &msg("settings-daily-on")
                .with("time", time_text(s.minute_of_day))
                .with("level", table::level_word(service, language, &s.level)),
        ),
        _ => service.say(language, &msg("settings-daily-off")),
    }
}

/// Who may make tournaments here, as `settings` says it.
fn tournaments_setting(members: bool) -> Msg {
    match members {
        true => msg("settings-tournaments-members"),
        false => msg("settings-tournaments-admins"),
    }
}

/// Whether the chat's members may play the computer, as `settings` says it.
fn computer_setting(allowed: bool) -> Msg {
    match allowed {
        true => msg("settings-computer-on"),
        false => msg("settings-computer-off"),
    }
}

/// Whether accepted challenges here open threads, as `settings` says it.
fn threads_setting(on: bool) -> Msg {
    match on {
        true => msg("settings-threads-on"),
        false => msg("settings-threads-off"),
    }
}
