//! What the league's commands share: the tables of text, the period's and level's words,
//! today's date and a player's streaks.

use crate::bot::ambit::attempt::today;
use crate::bot::context::Context;
use crate::bot::msg::{Msg, msg};
use crate::bot::outcome::Refusal;
use crate::bot::service::Service;
use crate::games::ambit::Date;
use crate::games::standings::{Period, streaks};
use crate::store::StoreError;

/// Rows a leaderboard page shows.
pub(crate) const PAGE_SIZE: usize = 10;
/// A rating deviation above this marks the rating provisional (`?`), as lichess does.
pub(super) const PROVISIONAL_DEVIATION: f64 = 110.0;
/// Names are cut to this many characters in tables.
pub(super) const NAME_WIDTH: usize = 16;

pub(super) fn time_text(minute_of_day: i64) -> String {
    format!("{:02}:{:02}", minute_of_day / 60, minute_of_day % 60)
}

/// A name as a table column shows it: at most [`NAME_WIDTH`] characters.
pub(super) fn cut(name: &str) -> String {
    crate::bot::limits::cut(name, NAME_WIDTH)
}

pub(super) fn pad(text: &str, width: usize) -> String {
    let len = text.chars().count();
    format!("{text}{}", " ".repeat(width.saturating_sub(len)))
}

/// A monospace table, for chats that show text better than pictures: a header row and rows,
/// columns padded to their widest cell.
pub(super) fn text_table(header: &[String], rows: &[Vec<String>]) -> String {
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (i, cell) in row.iter().enumerate() {
            if let Some(w) = widths.get_mut(i) {
                *w = (*w).max(cell.chars().count());
            }
        }
    }
    let line = |cells: &[String]| {
        cells
            .iter()
            .enumerate()
            .map(|(i, c)| pad(c, widths.get(i).copied().unwrap_or(0)))
            .collect::<Vec<_>>()
            .join("  ")
            .trim_end()
            .to_string()
    };
    let mut out = vec![line(header)];
    out.extend(rows.iter().map(|row| line(row)));
    out.join("\n")
}

pub(super) fn rating_text(rating: f64, deviation: f64) -> String {
    let provisional = if deviation > PROVISIONAL_DEVIATION {
        "?"
    } else {
        ""
    };
    format!("{}{provisional}", rating.round() as i64)
}

pub(super) fn period_msg(period: Period) -> Msg {
    match period {
        Period::Week => msg("period-week"),
        Period::Month => msg("period-month"),
        Period::All => msg("period-all"),
    }
}

pub(crate) fn level_word(service: &Service, language: &str, level: &str) -> String {
    match level {
        "easy" => service.say(language, &msg("ambit-level-easy")),
        "medium" => service.say(language, &msg("ambit-level-medium")),
        "hard" => service.say(language, &msg("ambit-level-hard")),
        _ => service.say(language, &msg("ambit-level-auto")),
    }
}

pub(super) fn date_today(context: &Context<'_>) -> Result<Date, Refusal> {
    today(context.now)
        .ok_or_else(|| Refusal::Store(StoreError::Corrupt("clock out of range".into())))
}

pub(super) async fn user_streaks(
    service: &Service,
    user_id: i64,
    today: Date,
) -> Result<(u32, u32), Refusal> {
    let days: Vec<i64> = service
        .store()
        .user_daily_results(user_id)
        .await?
        .into_iter()
        .filter(|r| r.solved)
        .filter_map(|r| Date::parse(&r.day).ok())
        .map(Date::days_since_epoch)
        .collect();
    Ok(streaks(&days, today.days_since_epoch()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    pub(super) fn times_show_as_hours_and_minutes() {
        assert_eq!(time_text(570), "09:30");
    }

    #[test]
    pub(super) fn tables_line_up_and_long_names_are_cut() {
        let text = text_table(
            &["#".into(), "Player".into()],
            &[
                vec!["1".into(), cut("Bartholomew the Magnificent")],
                vec!["10".into(), "Al".into()],
            ],
        );
        assert_eq!(text, "#   Player\n1   Bartholomew the…\n10  Al");
        assert_eq!(rating_text(1662.4, 290.0), "1662?");
        assert_eq!(rating_text(1500.0, 60.0), "1500");
    }
}
