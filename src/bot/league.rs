//! Guild life in chat: `leaderboard`, `stats`, `settings` and `forgetme`.

use super::ambit::{daily_number, duration_text, stars_text, today};
use super::{Button, Context, Msg, Outgoing, Refusal, Service, msg};
use crate::games::ambit::{Date, Level};
use crate::games::{EndReason, GameKind, Outcome};
use crate::league::{AmbitStanding, GameStanding, Period, rank_ambit, rank_games, streaks};
use crate::render::{Align, Column, TableView};
use crate::store::{
    DailySetting, Forgetting, GameState, RatingRecord, Scope, StoreError, UserRecord,
};
use std::collections::BTreeMap;

/// Rows a leaderboard page shows.
pub(crate) const PAGE_SIZE: usize = 10;
/// A rating deviation above this marks the rating provisional (`?`), as lichess does.
const PROVISIONAL_DEVIATION: f64 = 110.0;
/// Names are cut to this many characters in tables.
const NAME_WIDTH: usize = 16;

/// What a `leaderboard` line asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BoardRequest {
    /// `None`: the AMBIT daily.
    pub game: Option<GameKind>,
    pub period: Period,
    /// From 1.
    pub page: usize,
}

impl BoardRequest {
    pub(crate) fn parse(words: &[String]) -> Result<BoardRequest, Msg> {
        let mut request = BoardRequest {
            game: None,
            period: Period::Week,
            page: 1,
        };
        let mut period = None;
        for word in words {
            if let Some(p) = Period::parse(word) {
                period = Some(p);
            } else if let Ok(page) = word.trim_start_matches("page:").parse::<usize>() {
                request.page = page.max(1);
            } else if matches!(word.as_str(), "ambit" | "daily" | "puzzle") {
                request.game = None;
            } else if let Some(kind) = GameKind::parse(word) {
                request.game = Some(kind);
            } else {
                return Err(msg("leaderboard-unknown-word").with("word", word));
            }
        }
        // The daily is a weekly race; ratings are read over all time unless asked.
        request.period = period.unwrap_or(if request.game.is_none() {
            Period::Week
        } else {
            Period::All
        });
        Ok(request)
    }

    fn command(&self, page: usize) -> String {
        format!(
            "leaderboard {} {} {page}",
            self.game.map_or("ambit", GameKind::name),
            self.period.name()
        )
    }
}

/// A `hh:mm` UTC time as minutes after midnight.
fn parse_time(text: &str) -> Option<i64> {
    let (h, m) = text.split_once(':')?;
    let (h, m): (i64, i64) = (h.parse().ok()?, m.parse().ok()?);
    ((0..24).contains(&h) && (0..60).contains(&m) && m.to_string().len() <= 2).then_some(h * 60 + m)
}

fn time_text(minute_of_day: i64) -> String {
    format!("{:02}:{:02}", minute_of_day / 60, minute_of_day % 60)
}

/// A name as a table column shows it: at most [`NAME_WIDTH`] characters.
fn cut(name: &str) -> String {
    super::limits::cut(name, NAME_WIDTH)
}

fn pad(text: &str, width: usize) -> String {
    let len = text.chars().count();
    format!("{text}{}", " ".repeat(width.saturating_sub(len)))
}

/// A monospace table, for chats that show text better than pictures: a header row and rows,
/// columns padded to their widest cell.
fn table(header: &[String], rows: &[Vec<String>]) -> String {
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

fn rating_text(rating: f64, deviation: f64) -> String {
    let provisional = if deviation > PROVISIONAL_DEVIATION {
        "?"
    } else {
        ""
    };
    format!("{}{provisional}", rating.round() as i64)
}

impl Service {
    fn period_msg(&self, period: Period) -> Msg {
        match period {
            Period::Week => msg("period-week"),
            Period::Month => msg("period-month"),
            Period::All => msg("period-all"),
        }
    }

    /// The standings of the AMBIT daily in `scope` over `period`, ranked.
    async fn ambit_standings(
        &self,
        scope: &Scope,
        period: Period,
        today: Date,
    ) -> Result<Vec<AmbitStanding>, Refusal> {
        let first = period.first_day(today).map(|d| d.to_string());
        let results = self.store.daily_results(scope, first.as_deref()).await?;
        let mut by_user: BTreeMap<i64, AmbitStanding> = BTreeMap::new();
        for result in results {
            let entry = by_user
                .entry(result.user_id)
                .or_insert_with(|| AmbitStanding {
                    user_id: result.user_id,
                    name: result.name.clone(),
                    ..AmbitStanding::default()
                });
            entry.played += 1;
            if result.solved {
                entry.solved += 1;
                entry.stars += result.stars.clamp(0, 3) as u32;
                entry.solve_time_ms += result.time_ms;
                entry.best_time_ms = Some(
                    entry
                        .best_time_ms
                        .map_or(result.time_ms, |b| b.min(result.time_ms)),
                );
            }
        }
        let mut standings: Vec<AmbitStanding> = by_user.into_values().collect();
        for standing in &mut standings {
            let (current, longest) = self.user_streaks(standing.user_id, today).await?;
            standing.current_streak = current;
            standing.longest_streak = longest;
        }
        rank_ambit(&mut standings);
        Ok(standings)
    }

    async fn user_streaks(&self, user_id: i64, today: Date) -> Result<(u32, u32), Refusal> {
        let days: Vec<i64> = self
            .store
            .user_daily_results(user_id)
            .await?
            .into_iter()
            .filter(|r| r.solved)
            .filter_map(|r| Date::parse(&r.day).ok())
            .map(Date::days_since_epoch)
            .collect();
        Ok(streaks(&days, today.days_since_epoch()))
    }

    /// The two-player standings of `kind` in `scope`: ratings now, results in `period`.
    async fn game_standings(
        &self,
        scope: &Scope,
        kind: GameKind,
        period: Period,
        today: Date,
    ) -> Result<Vec<GameStanding>, Refusal> {
        let ratings = self.store.ratings(scope, Some(kind), None).await?;
        let mut standings: Vec<GameStanding> = match period.first_day(today) {
            None => ratings
                .into_iter()
                .map(|r| GameStanding {
                    user_id: r.user_id,
                    name: r.name,
                    rating: r.rating,
                    wins: r.wins as u32,
                    draws: r.draws as u32,
                    losses: r.losses as u32,
                })
                .collect(),
            Some(first) => {
                let counts: BTreeMap<i64, (u32, u32, u32)> = self
                    .store
                    .period_results(scope, kind, first.days_since_epoch())
                    .await?
                    .into_iter()
                    .map(|r| {
                        let count = |n: i64| u32::try_from(n).unwrap_or(u32::MAX);
                        (r.user_id, (count(r.wins), count(r.draws), count(r.losses)))
                    })
                    .collect();
                ratings
                    .into_iter()
                    .filter_map(|r| {
                        let (wins, draws, losses) = counts.get(&r.user_id).copied()?;
                        Some(GameStanding {
                            user_id: r.user_id,
                            name: r.name,
                            rating: r.rating,
                            wins,
                            draws,
                            losses,
                        })
                    })
                    .collect()
            }
        };
        rank_games(&mut standings);
        Ok(standings)
    }

    /// `leaderboard [game] [week|month|all] [page]`.
    pub(crate) async fn leaderboard(
        &self,
        context: &Context<'_>,
        words: &[String],
    ) -> Result<Vec<Outgoing>, Refusal> {
        let request = BoardRequest::parse(words)
            .map_err(|m| Refusal::User(vec![m, msg("cmd-leaderboard")]))?;
        let today = self.today(context)?;
        let scope = self.store.scope(context.chat_id).await?;
        let language = context.language;
        let period = self.say(language, &self.period_msg(request.period));
        let (title, header, rows): (Msg, Vec<String>, Vec<Vec<String>>) = match request.game {
            None => {
                let standings = self.ambit_standings(&scope, request.period, today).await?;
                let rows = standings
                    .iter()
                    .enumerate()
                    .map(|(i, s)| {
                        vec![
                            format!("{}", i + 1),
                            cut(&s.name),
                            s.stars.to_string(),
                            format!("{}/{}", s.solved, s.played),
                            duration_text(s.solve_time_ms),
                            s.current_streak.to_string(),
                        ]
                    })
                    .collect();
                let header = [
                    "table-rank",
                    "table-player",
                    "table-stars",
                    "table-solved",
                    "table-time",
                    "table-streak",
                ]
                .iter()
                .map(|key| self.say(language, &msg(key)))
                .collect();
                (
                    msg("leaderboard-ambit-title").with("period", &period),
                    header,
                    rows,
                )
            }
            Some(kind) => {
                let standings = self
                    .game_standings(&scope, kind, request.period, today)
                    .await?;
                let rows = standings
                    .iter()
                    .enumerate()
                    .map(|(i, s)| {
                        vec![
                            format!("{}", i + 1),
                            cut(&s.name),
                            rating_text(s.rating.rating, s.rating.deviation),
                            format!("{}-{}-{}", s.wins, s.draws, s.losses),
                        ]
                    })
                    .collect();
                let header = ["table-rank", "table-player", "table-rating", "table-wdl"]
                    .iter()
                    .map(|key| self.say(language, &msg(key)))
                    .collect();
                let game = self.say(language, &self.kind_name(kind));
                (
                    msg("leaderboard-game-title")
                        .with("game", game)
                        .with("period", &period),
                    header,
                    rows,
                )
            }
        };
        let title = self.say(language, &title);
        if rows.is_empty() {
            return Ok(vec![Outgoing::text(format!(
                "{title}\n{}",
                self.say(language, &msg("leaderboard-empty"))
            ))]);
        }
        let pages = rows.len().div_ceil(PAGE_SIZE);
        let page = request.page.min(pages);
        let shown: Vec<Vec<String>> = rows
            .into_iter()
            .skip((page - 1) * PAGE_SIZE)
            .take(PAGE_SIZE)
            .collect();
        let page_line = (pages > 1).then(|| {
            self.say(
                language,
                &msg("leaderboard-page")
                    .number("page", page as u32)
                    .number("pages", pages as u32),
            )
        });
        let rating_note = request
            .game
            .is_some()
            .then(|| self.say(language, &msg("leaderboard-rating-note")));
        let reply = if context.incoming.platform.shows_tables_as_pictures() {
            // The player column lines up on the left, every number on the right.
            let columns = header
                .into_iter()
                .enumerate()
                .map(|(i, label)| Column {
                    label,
                    align: if i == 1 { Align::Left } else { Align::Right },
                })
                .collect();
            let picture = TableView {
                title: title.clone(),
                footer: page_line.clone().unwrap_or_default(),
                columns,
                rows: shown,
                first_rank: (page - 1) * PAGE_SIZE + 1,
            };
            let png = self.renderer.render_table(&picture)?;
            // The leaders in words too: for notifications, screen readers and search.
            let leaders = picture
                .rows
                .iter()
                .take(3)
                .map(|row| row[..2].join(" "))
                .collect::<Vec<_>>()
                .join(" · ");
            let caption = [Some(title), Some(leaders), page_line, rating_note];
            Outgoing::image(
                png,
                caption.into_iter().flatten().collect::<Vec<_>>().join("\n"),
            )
        } else {
            let text = [
                Some(title),
                Some(table(&header, &shown)),
                page_line,
                rating_note,
            ];
            Outgoing::text(text.into_iter().flatten().collect::<Vec<_>>().join("\n"))
        };
        let mut buttons = Vec::new();
        if page > 1 {
            buttons.push(Button {
                label: self.say(language, &msg("button-previous")),
                command: request.command(page - 1),
            });
        }
        if page < pages {
            buttons.push(Button {
                label: self.say(language, &msg("button-next")),
                command: request.command(page + 1),
            });
        }
        Ok(vec![reply.with_buttons(buttons)])
    }

    /// `stats [@user]`.
    pub(crate) async fn stats(
        &self,
        context: &Context<'_>,
        handle: Option<&str>,
    ) -> Result<Vec<Outgoing>, Refusal> {
        let who: UserRecord = match (context.mentioned.first(), handle) {
            (Some(user), _) => user.clone(),
            (None, Some(handle)) => self
                .store
                .user_by_handle(context.incoming.platform.as_str(), handle)
                .await?
                .ok_or_else(|| {
                    msg("stats-unknown-user").with("user", super::limits::quote(handle))
                })?,
            (None, None) => context.user.clone(),
        };
        let today = self.today(context)?;
        let language = context.language;
        let mut lines = vec![self.say(
            language,
            &msg("stats-title").with("player", &who.display_name),
        )];
        let results = self.store.user_daily_results(who.id).await?;
        let played = results.len() as u32;
        let solved: Vec<_> = results.iter().filter(|r| r.solved).collect();
        let (current, longest) = self.user_streaks(who.id, today).await?;
        if played == 0 {
            lines.push(self.say(language, &msg("stats-ambit-none")));
        } else {
            let best = solved.iter().map(|r| r.time_ms).min();
            lines.push(
                self.say(
                    language,
                    &msg("stats-ambit")
                        .number("played", played)
                        .number("solved", solved.len() as u32)
                        .number("rate", (solved.len() as u32 * 100) / played)
                        .number("stars", solved.iter().map(|r| r.stars.max(0) as u32).sum())
                        .with("best", best.map_or("–".to_string(), duration_text))
                        .number("streak", current)
                        .number("longest", longest),
                ),
            );
        }
        let scope = self.store.scope(context.chat_id).await?;
        let ratings: Vec<RatingRecord> = self.store.ratings(&scope, None, Some(who.id)).await?;
        for kind in GameKind::ALL {
            let game = self.say(language, &self.kind_name(kind));
            let line = match ratings.iter().find(|r| r.kind == kind) {
                Some(r) => msg("stats-game")
                    .with("game", game)
                    .with("rating", rating_text(r.rating.rating, r.rating.deviation))
                    .with("deviation", r.rating.deviation.round() as i64)
                    .number("wins", r.wins as u32)
                    .number("draws", r.draws as u32)
                    .number("losses", r.losses as u32),
                None => msg("stats-game-none").with("game", game),
            };
            lines.push(self.say(language, &line));
        }
        Ok(vec![Outgoing::text(lines.join("\n"))])
    }

    /// `forgetme`: what will go, and a button to confirm; `forgetme confirm` does it.
    pub(crate) async fn forget_me(
        &self,
        context: &Context<'_>,
        confirmed: bool,
    ) -> Result<Vec<Outgoing>, Refusal> {
        let language = context.own_language;
        let open = self.store.open_games_of(context.user.id).await?;
        if !confirmed {
            let mut reply = Outgoing::text(self.say(
                language,
                &msg("forgetme-explain").number("games", open.len() as u32),
            ))
            .with_buttons(vec![Button {
                label: self.say(language, &msg("button-forget-me")),
                command: "forgetme confirm".to_string(),
            }]);
            reply.private = true;
            return Ok(vec![reply]);
        }
        // Open games end first, so that opponents keep a result and their ratings stay whole.
        for mut game in open {
            match game.state {
                GameState::Challenge => game.state = GameState::Declined,
                _ => {
                    let Some(side) = game.side_of(context.user.id) else {
                        continue;
                    };
                    game.state = GameState::Finished;
                    game.result =
                        Some(Outcome::win(side.opposite(), EndReason::Resignation).to_string());
                }
            }
            match self.store.save_game(&game, None, context.now).await {
                Ok(saved) => {
                    self.store.rate_game(saved.id, context.now).await?;
                }
                Err(StoreError::Conflict) => return Err(msg("forgetme-conflict").into()),
                Err(other) => return Err(other.into()),
            }
        }
        let placeholder = self.say(language, &msg("deleted-player"));
        // Today's daily stays played (a marker that names nobody), and what still waits to be
        // sent to the user's private chat goes with the rest.
        let day = today(context.now)
            .ok_or_else(|| Refusal::Store(StoreError::Corrupt("clock out of range".into())))?
            .to_string();
        let marker = self
            .played_marker(&day, context.incoming, context.now)
            .await?;
        let played = [(day.clone(), marker)];
        let platform = context.incoming.platform;
        let forgetting = Forgetting {
            played: &played,
            today: Some(&day),
            private_chat: platform
                .private_chat_of(&context.incoming.user.id)
                .map(|chat| (platform.as_str(), chat)),
        };
        self.store
            .forget_user_keeping(context.user.id, &placeholder, &forgetting)
            .await?;
        let mut reply = Outgoing::text(self.say(language, &msg("forgetme-done")));
        reply.private = true;
        Ok(vec![reply])
    }

    /// `settings`, `settings daily on [hh:mm] [level]`, `settings daily off`.
    pub(crate) async fn settings(
        &self,
        context: &Context<'_>,
        words: &[String],
    ) -> Result<Vec<Outgoing>, Refusal> {
        let language = context.language;
        let current = self.store.daily_setting(context.chat_id).await?;
        let show = |setting: Option<&DailySetting>| -> String {
            match setting {
                Some(s) if s.enabled => self.say(
                    language,
                    &msg("settings-daily-on")
                        .with("time", time_text(s.minute_of_day))
                        .with("level", self.level_word(language, &s.level)),
                ),
                _ => self.say(language, &msg("settings-daily-off")),
            }
        };
        if words.is_empty() {
            return Ok(vec![Outgoing::text(format!(
                "{}\n{}",
                show(current.as_ref()),
                self.say(language, &msg("cmd-settings"))
            ))]);
        }
        // `Command::needs_admin` says the same, for the adapters that must ask the platform.
        if !context.admin {
            return Err(msg("settings-not-admin").into());
        }
        let Some((first, rest)) = words.split_first() else {
            return Err(msg("cmd-settings").into());
        };
        if matches!(first.as_str(), "language" | "lang") {
            return self
                .set_chat_language(context, rest.first().map(String::as_str))
                .await;
        }
        if first != "daily" {
            return Err(Refusal::User(vec![
                msg("settings-unknown").with("word", first),
                msg("cmd-settings"),
            ]));
        }
        let mut setting = current.unwrap_or(DailySetting {
            chat_id: context.chat_id,
            enabled: true,
            minute_of_day: 9 * 60,
            level: "auto".to_string(),
        });
        setting.enabled = true;
        for word in rest {
            match word.as_str() {
                "on" | "enable" => setting.enabled = true,
                "off" | "disable" | "stop" => setting.enabled = false,
                "auto" => setting.level = "auto".to_string(),
                other => {
                    if let Some(minute) = parse_time(other) {
                        setting.minute_of_day = minute;
                    } else if let Ok(level) = Level::parse(other) {
                        setting.level = level.name().to_string();
                    } else {
                        return Err(Refusal::User(vec![
                            msg("settings-bad-word").with("word", other),
                            msg("cmd-settings"),
                        ]));
                    }
                }
            }
        }
        self.store
            .set_daily_setting(&setting, context.user.id, context.now)
            .await?;
        let mut lines = vec![show(Some(&setting))];
        let minute_now = context.now.div_euclid(60_000).rem_euclid(1440);
        if setting.enabled && setting.minute_of_day <= minute_now {
            let day = self.today(context)?.to_string();
            if self.store.posts_made(context.chat_id, &day).await? == 0 {
                lines.push(self.say(language, &msg("settings-daily-soon")));
            }
        }
        Ok(vec![Outgoing::text(lines.join("\n"))])
    }

    pub(crate) fn level_word(&self, language: &str, level: &str) -> String {
        match level {
            "easy" => self.say(language, &msg("ambit-level-easy")),
            "medium" => self.say(language, &msg("ambit-level-medium")),
            "hard" => self.say(language, &msg("ambit-level-hard")),
            _ => self.say(language, &msg("ambit-level-auto")),
        }
    }

    fn today(&self, context: &Context<'_>) -> Result<Date, Refusal> {
        today(context.now)
            .ok_or_else(|| Refusal::Store(StoreError::Corrupt("clock out of range".into())))
    }

    /// The summary of a finished daily in `scope`, for the next day's post: who solved it,
    /// their stars and times, best first.
    pub(crate) async fn daily_summary(
        &self,
        language: &str,
        scope: &Scope,
        date: Date,
    ) -> Result<Vec<String>, Refusal> {
        let day = date.to_string();
        let mut results: Vec<_> = self
            .store
            .daily_results(scope, Some(&day))
            .await?
            .into_iter()
            .filter(|r| r.day == day)
            .collect();
        let number = daily_number(date);
        if results.is_empty() {
            return Ok(vec![self.say(
                language,
                &msg("daily-post-yesterday-none").with("number", number),
            )]);
        }
        let played = results.len() as u32;
        let solved = results.iter().filter(|r| r.solved).count() as u32;
        results.sort_by(|a, b| {
            b.solved
                .cmp(&a.solved)
                .then(b.stars.cmp(&a.stars))
                .then(a.time_ms.cmp(&b.time_ms))
        });
        let mut lines = vec![
            self.say(
                language,
                &msg("daily-post-yesterday")
                    .with("number", number)
                    .number("solved", solved)
                    .number("played", played),
            ),
        ];
        for r in results.iter().filter(|r| r.solved).take(PAGE_SIZE) {
            lines.push(format!(
                "  {} {} {}",
                stars_text(r.stars.clamp(0, 3) as u8),
                duration_text(r.time_ms),
                r.name
            ));
        }
        Ok(lines)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leaderboard_words_come_in_any_order() {
        let words = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
        assert_eq!(
            BoardRequest::parse(&words("")).ok(),
            Some(BoardRequest {
                game: None,
                period: Period::Week,
                page: 1
            })
        );
        assert_eq!(
            BoardRequest::parse(&words("2 month glacier")).ok(),
            Some(BoardRequest {
                game: Some(GameKind::Glacier),
                period: Period::Month,
                page: 2
            })
        );
        assert_eq!(
            BoardRequest::parse(&words("knight-fight"))
                .ok()
                .map(|r| r.period),
            Some(Period::All)
        );
        assert!(BoardRequest::parse(&words("chess960")).is_err());
    }

    #[test]
    fn times_read_as_hours_and_minutes() {
        assert_eq!(parse_time("09:30"), Some(570));
        assert_eq!(parse_time("0:05"), Some(5));
        assert_eq!(parse_time("24:00"), None);
        assert_eq!(parse_time("12:60"), None);
        assert_eq!(parse_time("noon"), None);
        assert_eq!(time_text(570), "09:30");
    }

    #[test]
    fn tables_line_up_and_long_names_are_cut() {
        let text = table(
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
