//! What a tournament shows: the chat's list, one tournament's standings (a picture and its
//! caption), a round's pairings, and the podium.

use super::{LIST_LIMIT, chosen};
use crate::bot::context::Context;
use crate::bot::display_name;
use crate::bot::help;
use crate::bot::msg::{Msg, msg};
use crate::bot::outcome::Refusal;
use crate::bot::reply::{Button, Outgoing};
use crate::bot::service::Service;
use crate::games::Side;
use crate::games::tournament::{
    ArenaResult, EntrantId, Format, HalfPoints, PlayedGame, arena_points, on_fire, standings,
    start_text,
};
use crate::render::{Align, Column, TableView};
use crate::store::{
    BoardRecord, EntryRecord, GameState, TournamentId, TournamentRecord, TournamentState,
};

/// How a format is said: "Swiss, 5 rounds", "round robin".
pub(super) fn format_message(format: Format, rounds: u32, minutes: Option<u32>) -> Msg {
    match format {
        Format::Arena => msg("tournament-format-arena").number("minutes", minutes.unwrap_or(0)),
        Format::Swiss => msg("tournament-format-swiss").number("rounds", rounds),
        Format::RoundRobin { double: false } => msg("tournament-format-round-robin"),
        Format::RoundRobin { double: true } => msg("tournament-format-double"),
    }
}

/// The half points `side` scored on `board`: 2 a win, 1 a draw, 0 a loss or a game not
/// over (or ended unplayed).
pub(super) fn half_points(board: &BoardRecord, side: Side) -> HalfPoints {
    match (board.state, board.result) {
        (Some(GameState::Finished), Some(result)) => match result.winner {
            Some(winner) if winner == side => 2,
            Some(_) => 0,
            None => 1,
        },
        _ => 0,
    }
}

/// Points in halves as players write them: `3`, `2½`, `½`.
fn points_text(half: HalfPoints) -> String {
    match (half / 2, half % 2) {
        (0, 1) => "½".to_string(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}

/// Sonneborn-Berger, kept in quarters, as a decimal: `5.25`.
fn quarters_text(quarters: u32) -> String {
    match quarters % 4 {
        0 => (quarters / 4).to_string(),
        2 => format!("{}.5", quarters / 4),
        rest => format!("{}.{}", quarters / 4, rest * 25),
    }
}

/// The players in seeding order: rating, then who joined first.
pub(super) fn seeded(entries: &[EntryRecord]) -> Vec<EntrantId> {
    let mut order: Vec<(usize, &EntryRecord)> = entries.iter().enumerate().collect();
    order.sort_by_key(|(joined, entry)| (std::cmp::Reverse(entry.rating), *joined));
    order.into_iter().map(|(_, entry)| entry.user_id).collect()
}

/// A player's name as a tournament shows it.
pub(super) fn name_of(entries: &[EntryRecord], user: i64) -> String {
    entries
        .iter()
        .find(|entry| entry.user_id == user)
        .map_or_else(
            || "?".to_string(),
            |entry| display_name::clean(&entry.display_name).to_string(),
        )
}

/// One line of the standings, ranked.
struct Line {
    id: EntrantId,
    name: String,
    points: HalfPoints,
    buchholz: HalfPoints,
    sonneborn_berger: u32,
    games: u32,
    withdrawn: bool,
}

/// The standings after the games finished so far: points, Buchholz cut 1, Sonneborn-Berger
/// (`games::tournament::standings`); a round robin's byes count nothing (everyone has one).
fn lines(
    tournament: &TournamentRecord,
    entries: &[EntryRecord],
    boards: &[BoardRecord],
) -> Vec<Line> {
    let withdrawn = |id: EntrantId| {
        entries
            .iter()
            .any(|entry| entry.user_id == id && entry.withdrawn_after.is_some())
    };
    if tournament.format == Format::Arena {
        // Arena points, then wins; equal on both, who joined first.
        let mut lines: Vec<Line> = entries
            .iter()
            .map(|entry| {
                let tally = arena_results(boards, entry.user_id);
                Line {
                    id: entry.user_id,
                    name: name_of(entries, entry.user_id),
                    points: tally.0,
                    buchholz: tally.2,
                    sonneborn_berger: 0,
                    games: tally.1,
                    withdrawn: withdrawn(entry.user_id),
                }
            })
            .collect();
        lines.sort_by_key(|line| std::cmp::Reverse((line.points, line.buchholz)));
        return lines;
    }
    let ids: Vec<EntrantId> = entries.iter().map(|entry| entry.user_id).collect();
    let mut played = Vec::new();
    let mut byes = Vec::new();
    for board in boards {
        match (board.black_id, board.state, board.result) {
            (Some(black), Some(GameState::Finished), Some(result)) => played.push(PlayedGame {
                white: board.white_id,
                black,
                winner: result.winner,
            }),
            (None, _, _) if tournament.format == Format::Swiss => byes.push(board.white_id),
            _ => {}
        }
    }
    standings(&ids, &played, &byes)
        .into_iter()
        .map(|standing| Line {
            id: standing.id,
            name: name_of(entries, standing.id),
            points: standing.points,
            buchholz: standing.buchholz,
            sonneborn_berger: standing.sonneborn_berger,
            games: standing.games,
            withdrawn: withdrawn(standing.id),
        })
        .collect()
}

/// A player's arena tally from their finished games in order: arena points
/// (`games::tournament::arena_points`), games, wins, and whether they are on fire (their
/// last two games won: the next counts double).
pub(super) fn arena_results(boards: &[BoardRecord], player: EntrantId) -> (u32, u32, u32, bool) {
    let results: Vec<ArenaResult> = boards
        .iter()
        .filter(|board| board.state == Some(GameState::Finished))
        .filter_map(|board| {
            let side = if board.white_id == player {
                Side::White
            } else if board.black_id == Some(player) {
                Side::Black
            } else {
                return None;
            };
            let winner = board.result?.winner;
            Some(ArenaResult {
                won: winner.map(|winner| winner == side),
                berserk: board.berserk[usize::from(side == Side::Black)],
            })
        })
        .collect();
    let wins = results.iter().filter(|r| r.won == Some(true)).count() as u32;
    (
        arena_points(&results),
        results.len() as u32,
        wins,
        on_fire(&results),
    )
}

/// `tournament` / `tournaments`: the chat's tournaments, newest first.
pub(super) async fn list(
    service: &Service,
    context: &Context<'_>,
) -> Result<Vec<Outgoing>, Refusal> {
    let language = context.language;
    let tournaments = service
        .store()
        .chat_tournaments(context.chat_id, LIST_LIMIT)
        .await?;
    if tournaments.is_empty() {
        return Err(msg("tournament-none").into());
    }
    let mut text = service.say(language, &msg("tournament-list-title"));
    for tournament in &tournaments {
        text.push('\n');
        text.push_str(&service.say(language, &summary(service, language, tournament)));
    }
    text.push('\n');
    text.push_str(&service.say(language, &msg("tournament-list-how")));
    Ok(vec![Outgoing::text(text)])
}

/// One tournament in a line: number, name, game, format and where it stands.
fn summary(service: &Service, language: &str, tournament: &TournamentRecord) -> Msg {
    let state = match tournament.state {
        TournamentState::Signup => msg("tournament-state-signup"),
        TournamentState::Running => match tournament.ends_at {
            Some(end) => msg("tournament-state-arena").with("end", start_text(end)),
            None => msg("tournament-state-running")
                .number("round", tournament.round.min(tournament.rounds))
                .number("rounds", tournament.rounds),
        },
        TournamentState::Finished => msg("tournament-state-finished"),
        TournamentState::Cancelled => msg("tournament-state-cancelled"),
    };
    msg("tournament-summary")
        .with("id", tournament.id)
        .with("name", &tournament.name)
        .with(
            "game",
            service.say(language, &help::kind_name(tournament.kind)),
        )
        .with(
            "format",
            service.say(
                language,
                &format_message(
                    tournament.format,
                    tournament.rounds,
                    tournament.arena_minutes,
                ),
            ),
        )
        .with("state", service.say(language, &state))
}

/// `tournament #3` / `tournament standings`: where the tournament stands, as a picture of
/// its standings with the same in its caption; before the start, who has joined.
pub(super) async fn show(
    service: &Service,
    context: &Context<'_>,
    id: Option<TournamentId>,
) -> Result<Vec<Outgoing>, Refusal> {
    let tournament = chosen(service, context, id, true).await?;
    let language = context.language;
    let store = service.store();
    let entries = super::entries(service, tournament.id, language).await?;
    let heading = service.say(language, &summary(service, language, &tournament));
    if tournament.state == TournamentState::Signup {
        let names: Vec<String> = entries
            .iter()
            .map(|entry| display_name::clean(&entry.display_name).to_string())
            .collect();
        let players = match names.is_empty() {
            true => msg("tournament-no-players"),
            false => msg("tournament-players")
                .number("count", names.len() as u32)
                .with("names", names.join(", ")),
        };
        let text = format!("{heading}\n{}", service.say(language, &players));
        let buttons = vec![Button::new(
            service.say(language, &msg("button-join")),
            format!("tournament join {}", tournament.id),
        )];
        return Ok(vec![Outgoing::text(text).with_buttons(buttons)]);
    }
    let boards = store.tournament_boards(tournament.id).await?;
    Ok(vec![standings_picture(
        service,
        language,
        &tournament,
        &entries,
        &boards,
        heading,
    )?])
}

/// The standings as a picture, with `heading` and the standings' text as its caption.
fn standings_picture(
    service: &Service,
    language: &str,
    tournament: &TournamentRecord,
    entries: &[EntryRecord],
    boards: &[BoardRecord],
    heading: String,
) -> Result<Outgoing, Refusal> {
    let lines = lines(tournament, entries, boards);
    let say = |key: &'static str| service.say(language, &msg(key));
    let withdrawn = say("tournament-withdrawn-mark");
    if tournament.format == Format::Arena {
        return arena_picture(service, language, tournament, boards, &lines, heading);
    }
    let cross = matches!(tournament.format, Format::RoundRobin { .. });
    let mut rows: Vec<Vec<String>> = lines
        .iter()
        .enumerate()
        .map(|(rank, line)| {
            let name = match line.withdrawn {
                true => format!("{} {withdrawn}", line.name),
                false => line.name.clone(),
            };
            vec![
                (rank + 1).to_string(),
                name,
                points_text(line.points),
                line.games.to_string(),
                points_text(line.buchholz),
                quarters_text(line.sonneborn_berger),
            ]
        })
        .collect();
    if cross {
        for (row, line) in rows.iter_mut().zip(&lines) {
            row.extend(
                lines
                    .iter()
                    .map(|other| cross_cell(boards, line.id, other.id)),
            );
        }
    }
    let mut labels: Vec<(String, Align)> = [
        ("table-rank", Align::Right),
        ("table-player", Align::Left),
        ("tournament-column-points", Align::Right),
        ("tournament-column-games", Align::Right),
        ("tournament-column-buchholz", Align::Right),
        ("tournament-column-sb", Align::Right),
    ]
    .into_iter()
    .map(|(key, align)| (say(key), align))
    .collect();
    if cross {
        // A round robin's cross-table: a column per player, numbered by their rank.
        labels.extend((1..=lines.len()).map(|rank| (rank.to_string(), Align::Right)));
    }
    let title = match tournament.state {
        TournamentState::Running => msg("tournament-standings-title")
            .number("round", tournament.round)
            .number("rounds", tournament.rounds),
        _ => msg("tournament-final-title"),
    }
    .with("name", &tournament.name);
    let view = TableView {
        title: service.say(language, &title),
        footer: say("tournament-tie-breaks"),
        columns: labels
            .into_iter()
            .map(|(label, align)| Column { label, align })
            .collect(),
        rows,
        first_rank: 1,
    };
    // The caption's line a player: points, then the tie-breaks by name.
    let tie_breaks = [
        ("tournament-column-buchholz", 4),
        ("tournament-column-sb", 5),
    ];
    standings_reply(service, language, tournament, &view, heading, tie_breaks)
}

/// The standings `view` as a picture, its caption `heading` and a line a player (rank,
/// name, points, then the two `details`: a column's label key and its place in a row), and
/// a Pairings button.
fn standings_reply(
    service: &Service,
    language: &str,
    tournament: &TournamentRecord,
    view: &TableView,
    heading: String,
    details: [(&'static str, usize); 2],
) -> Result<Outgoing, Refusal> {
    let png = service.renderer.render_table(view)?;
    let say = |key: &'static str| service.say(language, &msg(key));
    let mut caption = vec![heading];
    caption.extend(view.rows.iter().map(|row| {
        let detail = |(key, at): (&'static str, usize)| format!("{} {}", say(key), row[at]);
        format!(
            "{}. {} {} ({}, {})",
            row[0],
            row[1],
            row[2],
            detail(details[0]),
            detail(details[1])
        )
    }));
    Ok(Outgoing::image(png, caption.join("\n"))
        .with_buttons(vec![pairings_button(service, language, tournament)]))
}

/// An arena's standings as a picture: rank, player (🔥 while on fire), points, games, wins.
fn arena_picture(
    service: &Service,
    language: &str,
    tournament: &TournamentRecord,
    boards: &[BoardRecord],
    lines: &[Line],
    heading: String,
) -> Result<Outgoing, Refusal> {
    let say = |key: &'static str| service.say(language, &msg(key));
    let withdrawn = say("tournament-withdrawn-mark");
    let rows: Vec<Vec<String>> = lines
        .iter()
        .enumerate()
        .map(|(rank, line)| {
            let mut name = line.name.clone();
            if arena_results(boards, line.id).3 {
                name.push_str(" 🔥");
            }
            if line.withdrawn {
                name = format!("{name} {withdrawn}");
            }
            vec![
                (rank + 1).to_string(),
                name,
                line.points.to_string(),
                line.games.to_string(),
                line.buchholz.to_string(),
            ]
        })
        .collect();
    let title = match (tournament.state, tournament.ends_at) {
        (TournamentState::Running, Some(end)) => {
            msg("tournament-arena-title").with("end", start_text(end))
        }
        _ => msg("tournament-final-title"),
    }
    .with("name", &tournament.name);
    let columns = [
        ("table-rank", Align::Right),
        ("table-player", Align::Left),
        ("tournament-column-points", Align::Right),
        ("tournament-column-games", Align::Right),
        ("tournament-column-wins", Align::Right),
    ]
    .into_iter()
    .map(|(key, align)| Column {
        label: say(key),
        align,
    })
    .collect();
    let view = TableView {
        title: service.say(language, &title),
        footer: say("tournament-arena-scoring"),
        columns,
        rows,
        first_rank: 1,
    };
    let details = [
        ("tournament-column-games", 3),
        ("tournament-column-wins", 4),
    ];
    standings_reply(service, language, tournament, &view, heading, details)
}

/// The pairings of a tournament's current round (an arena's games under way), a press away
/// from its standings.
fn pairings_button(service: &Service, language: &str, tournament: &TournamentRecord) -> Button {
    Button::new(
        service.say(language, &msg("button-pairings")),
        format!("tournament pairings {}", tournament.id),
    )
}

/// What `player` scored against `opponent` in their finished games (`1`, `½`, `0`, a double
/// round robin's sum), `×` against themselves, empty before they have met.
fn cross_cell(boards: &[BoardRecord], player: EntrantId, opponent: EntrantId) -> String {
    if player == opponent {
        return "×".to_string();
    }
    let mut scored = None;
    for board in boards {
        let side = match (board.white_id, board.black_id) {
            (white, Some(black)) if white == player && black == opponent => Side::White,
            (white, Some(black)) if white == opponent && black == player => Side::Black,
            _ => continue,
        };
        if board.state == Some(GameState::Finished) && board.result.is_some() {
            *scored.get_or_insert(0) += half_points(board, side);
        }
    }
    scored.map_or_else(String::new, points_text)
}

/// The final standings with the winner named: the last post of a tournament.
pub(super) fn podium(
    service: &Service,
    language: &str,
    tournament: &TournamentRecord,
    entries: &[EntryRecord],
    boards: &[BoardRecord],
) -> Result<Outgoing, Refusal> {
    let lines = lines(tournament, entries, boards);
    // An arena's points are whole; the others' are kept in halves.
    let shown = |points: u32| match tournament.format {
        Format::Arena => points.to_string(),
        _ => points_text(points),
    };
    let medal = |place: usize| {
        lines.get(place).map_or_else(String::new, |line| {
            format!("{} ({})", line.name, shown(line.points))
        })
    };
    // Equal on points and every tie-break, the first places are shared: no name is picked
    // by the order of joining.
    let top = |line: &Line| (line.points, line.buchholz, line.sonneborn_berger);
    let shared: Vec<&str> = lines
        .iter()
        .take_while(|line| lines.first().is_some_and(|first| top(first) == top(line)))
        .map(|line| line.name.as_str())
        .collect();
    let heading = match shared.len() {
        0 | 1 => msg("tournament-podium")
            .with("first", medal(0))
            .with("second", medal(1))
            .with("third", medal(2)),
        _ => msg("tournament-podium-shared").with("names", shared.join(", ")),
    }
    .with("id", tournament.id)
    .with("name", &tournament.name);
    let heading = service.say(language, &heading);
    standings_picture(service, language, tournament, entries, boards, heading)
}

/// `tournament pairings [#id]`: the current round's boards and how each stands.
pub(super) async fn pairings(
    service: &Service,
    context: &Context<'_>,
    id: Option<TournamentId>,
) -> Result<Vec<Outgoing>, Refusal> {
    let tournament = chosen(service, context, id, true).await?;
    let language = context.language;
    let arena = tournament.format == Format::Arena;
    let round = tournament.round.min(tournament.rounds);
    if tournament.round == 0 || (round == 0 && !arena) {
        return Err(msg("tournament-no-pairings")
            .with("id", tournament.id)
            .into());
    }
    let store = service.store();
    let entries = super::entries(service, tournament.id, language).await?;
    let boards = store.tournament_boards(tournament.id).await?;
    // An arena has no rounds: its games under way are its pairings.
    let header = match arena {
        true => msg("tournament-arena-pairings"),
        false => msg("tournament-pairings-title")
            .number("round", round)
            .number("rounds", tournament.rounds),
    }
    .with("id", tournament.id)
    .with("name", &tournament.name);
    let mut text = service.say(language, &header);
    let shown = boards.iter().filter(|board| match arena {
        true => !board.done(),
        false => board.round == round,
    });
    for board in shown {
        let line = match (board.black_id, board.game_id) {
            (Some(black), Some(game)) => {
                let result = match (board.state, board.result) {
                    (Some(GameState::Finished), Some(result)) => match result.winner {
                        Some(Side::White) => "1-0".to_string(),
                        Some(Side::Black) => "0-1".to_string(),
                        None => "½-½".to_string(),
                    },
                    _ => service.say(language, &msg("tournament-playing")),
                };
                msg(match arena {
                    true => "tournament-game-result",
                    false => "tournament-board-result",
                })
                .number("board", board.board)
                .with("game", game)
                .with("white", name_of(&entries, board.white_id))
                .with("black", name_of(&entries, black))
                .with("result", result)
            }
            _ => msg("tournament-bye").with("player", name_of(&entries, board.white_id)),
        };
        text.push('\n');
        text.push_str(&service.say(language, &line));
    }
    Ok(vec![Outgoing::text(text)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_read_as_players_write_them() {
        assert_eq!(points_text(0), "0");
        assert_eq!(points_text(1), "½");
        assert_eq!(points_text(7), "3½");
        assert_eq!(points_text(8), "4");
        assert_eq!(quarters_text(21), "5.25");
        assert_eq!(quarters_text(22), "5.5");
        assert_eq!(quarters_text(23), "5.75");
        assert_eq!(quarters_text(8), "2");
    }
}
