//! `leaderboard`: the standings of the AMBIT daily or of a game, a page at a time, as a
//! picture or a text table; and the day's results the next daily post sums up.

use super::table::{self, PAGE_SIZE, cut, rating_text, text_table};
use crate::bot::ambit::attempt::{counted_ms, daily_number, duration_text, stars_text};
use crate::bot::command::BoardRequest;
use crate::bot::context::Context;
use crate::bot::help;
use crate::bot::msg::msg;
use crate::bot::outcome::Refusal;
use crate::bot::reply::{Button, Outgoing};
use crate::bot::service::Service;
use crate::games::GameKind;
use crate::games::ambit::Date;
use crate::games::standings::{AmbitStanding, GameStanding, Period, rank_ambit, rank_games};
use crate::render::{Align, Column, TableView};
use crate::store::Scope;
use std::collections::BTreeMap;

/// A leaderboard before it is paged: its title, column names and every row.
struct Standings {
    title: String,
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

/// One page of a leaderboard and what is said around it.
struct Page {
    title: String,
    header: Vec<String>,
    rows: Vec<Vec<String>>,
    /// From 1.
    number: usize,
    /// `page 2 of 3`, when there are several.
    line: Option<String>,
    /// What `?` after a rating means (game standings).
    note: Option<String>,
}

/// `leaderboard [game] [week|month|all] [page]`.
pub(crate) async fn leaderboard(
    service: &Service,
    context: &Context<'_>,
    request: BoardRequest,
) -> Result<Vec<Outgoing>, Refusal> {
    let today = table::date_today(context)?;
    let scope = service.store().scope(context.chat_id).await?;
    let language = context.language;
    let standings = match request.game {
        None => {
            let standings = ambit_standings(service, &scope, request.period, today).await?;
            ambit_table(service, language, request.period, &standings)
        }
        Some(kind) => {
            let standings = game_standings(service, &scope, kind, request.period, today).await?;
            game_table(service, language, kind, request.period, &standings)
        }
    };
    if standings.rows.is_empty() {
        return Ok(vec![Outgoing::text(format!(
            "{}\n{}",
            standings.title,
            service.say(language, &msg("leaderboard-empty"))
        ))]);
    }
    let pages = standings.rows.len().div_ceil(PAGE_SIZE);
    let number = request.page.min(pages);
    let page = Page {
        line: (pages > 1).then(|| {
            service.say(
                language,
                &msg("leaderboard-page")
                    .number("page", number as u32)
                    .number("pages", pages as u32),
            )
        }),
        note: request
            .game
            .is_some()
            .then(|| service.say(language, &msg("leaderboard-rating-note"))),
        title: standings.title,
        header: standings.header,
        rows: standings
            .rows
            .into_iter()
            .skip((number - 1) * PAGE_SIZE)
            .take(PAGE_SIZE)
            .collect(),
        number,
    };
    let reply = if context.incoming.platform.shows_tables_as_pictures() {
        table_picture(service, page)?
    } else {
        let text = [
            Some(page.title),
            Some(text_table(&page.header, &page.rows)),
            page.line,
        ];
        let text = text.into_iter().chain([page.note]).flatten();
        Outgoing::text(text.collect::<Vec<_>>().join("\n"))
    };
    let buttons = page_buttons(service, language, &request, number, pages);
    Ok(vec![reply.with_buttons(buttons)])
}

fn ambit_table(
    service: &Service,
    language: &str,
    period: Period,
    standings: &[AmbitStanding],
) -> Standings {
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
    ];
    let period = service.say(language, &table::period_msg(period));
    let title = msg("leaderboard-ambit-title").with("period", &period);
    Standings {
        title: service.say(language, &title),
        header: headers(service, language, &header),
        rows,
    }
}

fn game_table(
    service: &Service,
    language: &str,
    kind: GameKind,
    period: Period,
    standings: &[GameStanding],
) -> Standings {
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
    let header = ["table-rank", "table-player", "table-rating", "table-wdl"];
    let period = service.say(language, &table::period_msg(period));
    let game = service.say(language, &help::kind_name(kind));
    let title = msg("leaderboard-game-title")
        .with("game", game)
        .with("period", &period);
    Standings {
        title: service.say(language, &title),
        header: headers(service, language, &header),
        rows,
    }
}

fn headers(service: &Service, language: &str, keys: &[&'static str]) -> Vec<String> {
    keys.iter()
        .map(|key| service.say(language, &msg(key)))
        .collect()
}

/// A page as a picture, its leaders in the caption too: for notifications, screen
/// readers and search.
fn table_picture(service: &Service, page: Page) -> Result<Outgoing, Refusal> {
    // The player column lines up on the left, every number on the right.
    let columns = page
        .header
        .into_iter()
        .enumerate()
        .map(|(i, label)| Column {
            label,
            align: if i == 1 { Align::Left } else { Align::Right },
        })
        .collect();
    let picture = TableView {
        title: page.title.clone(),
        footer: page.line.clone().unwrap_or_default(),
        columns,
        rows: page.rows,
        first_rank: (page.number - 1) * PAGE_SIZE + 1,
    };
    let png = service.renderer.render_table(&picture)?;
    let leaders = picture
        .rows
        .iter()
        .take(3)
        .map(|row| row[..2].join(" "))
        .collect::<Vec<_>>()
        .join(" · ");
    let caption = [Some(page.title), Some(leaders), page.line, page.note];
    Ok(Outgoing::image(
        png,
        caption.into_iter().flatten().collect::<Vec<_>>().join("\n"),
    ))
}

fn page_buttons(
    service: &Service,
    language: &str,
    request: &BoardRequest,
    page: usize,
    pages: usize,
) -> Vec<Button> {
    let mut buttons = Vec::new();
    if page > 1 {
        let label = service.say(language, &msg("button-previous"));
        buttons.push(Button::new(label, request.command(page - 1)));
    }
    if page < pages {
        let label = service.say(language, &msg("button-next"));
        buttons.push(Button::new(label, request.command(page + 1)));
    }
    buttons
}

/// The standings of the AMBIT daily in `scope` over `period`, ranked.
async fn ambit_standings(
    service: &Service,
    scope: &Scope,
    period: Period,
    today: Date,
) -> Result<Vec<AmbitStanding>, Refusal> {
    let first = period.first_day(today).map(|d| d.to_string());
    let results = service
        .store()
        .daily_results(scope, first.as_deref())
        .await?;
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
            // Each daily counted as its share line shows it, then summed: a total of
            // times cut once each, never a sum cut again.
            let time = counted_ms(result.time_ms);
            entry.solved += 1;
            entry.stars += result.stars.clamp(0, 3) as u32;
            entry.solve_time_ms += time;
            entry.best_time_ms = Some(entry.best_time_ms.map_or(time, |b| b.min(time)));
        }
    }
    let mut standings: Vec<AmbitStanding> = by_user.into_values().collect();
    for standing in &mut standings {
        let (current, longest) = table::user_streaks(service, standing.user_id, today).await?;
        standing.current_streak = current;
        standing.longest_streak = longest;
    }
    rank_ambit(&mut standings);
    Ok(standings)
}

/// The two-player standings of `kind` in `scope`: ratings now, results in `period`.
async fn game_standings(
    service: &Service,
    scope: &Scope,
    kind: GameKind,
    period: Period,
    today: Date,
) -> Result<Vec<GameStanding>, Refusal> {
    let ratings = service.store().ratings(scope, Some(kind), None).await?;
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
            let counts: BTreeMap<i64, (u32, u32, u32)> = service
                .store()
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

/// The summary of a finished daily in `scope`, for the next day's post: who solved it,
/// their stars and times, best first.
pub(crate) async fn daily_summary(
    service: &Service,
    language: &str,
    scope: &Scope,
    date: Date,
) -> Result<Vec<String>, Refusal> {
    let day = date.to_string();
    let mut results: Vec<_> = service
        .store()
        .daily_results(scope, Some(&day))
        .await?
        .into_iter()
        .filter(|r| r.day == day)
        .collect();
    let number = daily_number(date);
    if results.is_empty() {
        return Ok(vec![service.say(
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
        service.say(
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
