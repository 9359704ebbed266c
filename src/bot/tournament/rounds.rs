//! The tournaments' worker: pairs a round when the one before has ended and posts its
//! pairings (past the last round, the podium), each exactly once across processes.
//!
//! Pairing is one unit of work: the tournament's round is moved on from the value read
//! (`Store::claim_round`) and the round's games and boards are written with it, so a second
//! process that read the same round finds the claim gone and writes nothing. The post is
//! claimed with a lease, sent, then marked sent; a holder that died leaves a lease that runs
//! out and the post is made by another process (a send that reached the chat in the instant
//! before the holder died is the one case made twice, as with the daily post).

use super::{signup, table};
use crate::bot::msg::msg;
use crate::bot::outcome::Refusal;
use crate::bot::platform::Platform;
use crate::bot::play::clock::start_clocks;
use crate::bot::play::thread;
use crate::bot::poster::{Poster, chat_address};
use crate::bot::reply::{Button, Mention, Outgoing};
use crate::bot::service::Service;
use crate::games::chesimals::CrittersOptions;
use crate::games::rng::SeededRng;
use crate::games::tournament::{
    ArenaWaiting, Entrant, Format, Round, pair_arena, pair_swiss, round_robin_round, start_text,
};
use crate::games::{AnyGame, Color, GameKind, Side};
use crate::store::{
    BoardRecord, EntryRecord, GameState, NewChallenge, RunningTournament, Store, StoreError,
    TournamentRecord, TournamentState,
};
use std::collections::{HashMap, HashSet};
use std::time::Duration;
use tokio::sync::watch;

/// How often the worker looks at the running tournaments when no bell rang (a game that
/// ended in another process, a post whose holder died).
pub const TOURNAMENT_SCAN: Duration = Duration::from_secs(5);

/// Tournaments one round of the worker looks at.
const TOURNAMENT_ROUND: i64 = 20;

/// How long a claim on a round's post holds before another process may take it over.
const POST_LEASE_MS: i64 = 120_000;

/// Pairs and posts what is due in `platform`'s tournaments. Returns how many steps it took
/// (rounds paired, posts made).
pub async fn advance_tournaments<P: Poster>(
    service: &Service,
    platform: Platform,
    holder: &str,
    poster: &P,
) -> Result<usize, StoreError> {
    let live = service
        .store()
        .live_tournaments(platform, service.now(), TOURNAMENT_ROUND)
        .await?;
    let mut steps = 0;
    for RunningTournament { tournament, chat } in live {
        let id = tournament.id;
        let mut tournament = tournament;
        if tournament.state == TournamentState::Signup {
            // Its start time has come.
            match start_when_due(service, &tournament, &chat, poster).await {
                Ok(true) => {
                    steps += 1;
                    match service.store().tournament(id).await? {
                        Some(now) => tournament = now,
                        None => continue,
                    }
                }
                Ok(false) => continue,
                Err(error) => {
                    tracing::warn!(tournament = id.0, %error, "a tournament could not be started; it will be tried again");
                    continue;
                }
            }
        }
        if tournament.state == TournamentState::Running {
            match pair_if_due(service, &tournament).await {
                Ok(true) => {
                    steps += 1;
                    match service.store().tournament(id).await? {
                        Some(now) => tournament = now,
                        None => continue,
                    }
                }
                Ok(false) => {}
                Err(error) => {
                    tracing::warn!(tournament = id.0, %error, "a tournament's round could not be paired; it will be tried again");
                    continue;
                }
            }
        }
        if tournament.posted_round < tournament.round
            && post_round(service, platform, &tournament, &chat, holder, poster).await?
        {
            steps += 1;
        }
    }
    Ok(steps)
}

/// Starts a tournament whose start time has come, as `tournament start` would; with fewer
/// than two players it is cancelled instead and the chat told (once: the cancel is the
/// claim). Returns whether this call started it.
async fn start_when_due<P: Poster>(
    service: &Service,
    tournament: &TournamentRecord,
    chat: &str,
    poster: &P,
) -> Result<bool, Refusal> {
    let store = service.store();
    let now = service.now();
    let players = store.tournament_entries(tournament.id, 2).await?.len();
    if players >= 2 {
        return match signup::begin(service, tournament, now).await {
            Ok(_) => Ok(true),
            // Started meanwhile by its maker or another process.
            Err(Refusal::User(_)) => Ok(false),
            Err(other) => Err(other),
        };
    }
    if !store.cancel_tournament(tournament.id, now).await? {
        return Ok(false);
    }
    let language = service.chat_language(tournament.chat_id).await?;
    let text = msg("tournament-cancelled-few")
        .with("id", tournament.id)
        .with("name", &tournament.name);
    let news = vec![Outgoing::text(service.say(language, &text))];
    if let Err(why) = poster.post(&chat_address(chat, None), news).await {
        // It stands cancelled; `tournament #N` says so.
        tracing::warn!(tournament = tournament.id.0, %why, "a tournament's cancel was not delivered");
    }
    Ok(false)
}

/// Pairs the next round when the current one has ended (or the tournament has just
/// started), or finishes the tournament after its last. Returns whether this call did.
async fn pair_if_due(service: &Service, tournament: &TournamentRecord) -> Result<bool, Refusal> {
    let store = service.store();
    let boards = store.tournament_boards(tournament.id).await?;
    if tournament.format == Format::Arena {
        return pair_arena_if_due(service, tournament, &boards).await;
    }
    let current = tournament.round;
    if !boards
        .iter()
        .filter(|board| board.round == current)
        .all(BoardRecord::done)
    {
        return Ok(false);
    }
    let now = service.now();
    let next = current + 1;
    if next > tournament.rounds {
        let finished = store.claim_round(tournament.id, current, now).await?;
        if finished {
            tracing::info!(tournament = tournament.id.0, "a tournament finished");
        }
        return Ok(finished);
    }
    let entries = store
        .tournament_entries(tournament.id, super::MAX_PLAYERS as i64)
        .await?;
    let round = next_round(tournament, &entries, &boards, next);
    commit_round(service, tournament, &entries, &round, next, now).await
}

/// An arena's next wave: everyone not playing is paired at once (`pair_arena`: nearest
/// score, not the last opponent while another waits), as long as its time is not up; after
/// it, once the last games have ended, it finishes. Returns whether this call did either.
async fn pair_arena_if_due(
    service: &Service,
    tournament: &TournamentRecord,
    boards: &[BoardRecord],
) -> Result<bool, Refusal> {
    let store = service.store();
    let now = service.now();
    let playing: HashSet<i64> = boards
        .iter()
        .filter(|board| !board.done())
        .flat_map(|board| [Some(board.white_id), board.black_id])
        .flatten()
        .collect();
    if tournament.ends_at.is_none_or(|end| now >= end) {
        if !playing.is_empty() {
            return Ok(false);
        }
        let finished = store
            .finish_arena(tournament.id, tournament.round, now)
            .await?;
        if finished {
            tracing::info!(tournament = tournament.id.0, "an arena finished");
        }
        return Ok(finished);
    }
    let entries = store
        .tournament_entries(tournament.id, super::MAX_PLAYERS as i64)
        .await?;
    let waiting: Vec<ArenaWaiting> = entries
        .iter()
        .filter(|entry| entry.withdrawn_after.is_none() && !playing.contains(&entry.user_id))
        .map(|entry| arena_waiting(entry, boards))
        .collect();
    if waiting.len() < 2 {
        return Ok(false);
    }
    let round = Round {
        games: pair_arena(&waiting),
        bye: None,
    };
    if round.games.is_empty() {
        return Ok(false);
    }
    let next = tournament.round + 1;
    commit_round(service, tournament, &entries, &round, next, now).await
}

/// An arena player waiting for a game, as pairing sees them: their points, colours and
/// last opponent.
fn arena_waiting(entry: &EntryRecord, boards: &[BoardRecord]) -> ArenaWaiting {
    let mut waiting = ArenaWaiting {
        id: entry.user_id,
        rating: entry.rating,
        points: table::arena_results(boards, entry.user_id).0,
        ..ArenaWaiting::default()
    };
    for board in boards {
        let Some(black) = board.black_id else {
            continue;
        };
        if board.white_id == entry.user_id {
            waiting.colours.push(Side::White);
            waiting.last_opponent = Some(black);
        } else if black == entry.user_id {
            waiting.colours.push(Side::Black);
            waiting.last_opponent = Some(board.white_id);
        }
    }
    waiting
}

/// Writes `round` as round `next` of `tournament` in one unit of work, claimed by moving
/// the tournament's round on first. Returns whether this call wrote it.
async fn commit_round(
    service: &Service,
    tournament: &TournamentRecord,
    entries: &[EntryRecord],
    round: &Round,
    next: u32,
    now: crate::games::Timestamp,
) -> Result<bool, Refusal> {
    let store = service.store();
    let levels: HashMap<i64, u8> = entries
        .iter()
        .filter_map(|entry| Some((entry.user_id, entry.computer_level?)))
        .collect();
    let unit = store.begin_unit().await?;
    match write_round(&unit, tournament, round, &levels, next, now).await {
        Ok(true) => {
            unit.commit_unit().await?;
            tracing::info!(
                tournament = tournament.id.0,
                round = next,
                games = round.games.len(),
                "a tournament round was paired"
            );
            service.wake_computer();
            Ok(true)
        }
        Ok(false) => {
            unit.rollback_unit().await?;
            Ok(false)
        }
        Err(error) => {
            unit.rollback_unit().await?;
            Err(error)
        }
    }
}

/// Round `next`'s pairings: a Swiss's from the scores so far; a round robin's from its
/// table, without the games of players who withdrew.
fn next_round(
    tournament: &TournamentRecord,
    entries: &[EntryRecord],
    boards: &[BoardRecord],
    next: u32,
) -> Round {
    let playing = |entry: &&EntryRecord| entry.withdrawn_after.is_none();
    match tournament.format {
        Format::Swiss => {
            let entrants: Vec<Entrant> = entries
                .iter()
                .filter(playing)
                .filter(|entry| entry.joined_round <= next)
                .map(|entry| entrant(entry, boards))
                .collect();
            pair_swiss(&entrants)
        }
        // An arena is paired as players come free (`pair_arena_if_due`), never by rounds.
        Format::Arena => Round::default(),
        Format::RoundRobin { .. } => {
            let seeded = table::seeded(entries);
            let cycles = tournament.format.cycles().unwrap_or(1);
            let mut round =
                round_robin_round(&seeded, cycles, next as usize - 1).unwrap_or_default();
            let withdrawn: Vec<i64> = entries
                .iter()
                .filter(|entry| entry.withdrawn_after.is_some())
                .map(|entry| entry.user_id)
                .collect();
            round.games.retain(|game| {
                !withdrawn.contains(&game.white) && !withdrawn.contains(&game.black)
            });
            round.bye = round.bye.filter(|bye| !withdrawn.contains(bye));
            round
        }
    }
}

/// A Swiss player as pairing sees them: points, colours, opponents and bye so far.
fn entrant(entry: &EntryRecord, boards: &[BoardRecord]) -> Entrant {
    let mut entrant = Entrant {
        id: entry.user_id,
        rating: entry.rating,
        ..Entrant::default()
    };
    for board in boards {
        let side = if board.white_id == entry.user_id {
            Side::White
        } else if board.black_id == Some(entry.user_id) {
            Side::Black
        } else {
            continue;
        };
        let Some(black) = board.black_id else {
            entrant.had_bye = true;
            entrant.points += 2;
            continue;
        };
        entrant.colours.push(side);
        entrant.opponents.push(match side {
            Side::White => black,
            Side::Black => board.white_id,
        });
        entrant.points += table::half_points(board, side);
    }
    entrant
}

/// Writes round `round`'s games and boards in `unit`, after moving the tournament on to it.
/// Returns false (nothing written) when another process paired it first.
async fn write_round(
    unit: &Store,
    tournament: &TournamentRecord,
    round: &Round,
    levels: &HashMap<i64, u8>,
    number: u32,
    now: crate::games::Timestamp,
) -> Result<bool, Refusal> {
    if !unit.claim_round(tournament.id, number - 1, now).await? {
        return Ok(false);
    }
    let mut board = 0;
    for pairing in &round.games {
        board += 1;
        let seed =
            SeededRng::new(tournament.id.0 as u64 ^ (u64::from(number) << 32) ^ u64::from(board))
                .next_u64();
        let start = match tournament.kind {
            GameKind::Critters => AnyGame::critters(CrittersOptions::default()),
            kind => AnyGame::start(kind, seed),
        };
        // The computer is its game's invitee (`GameRecord::computer_side`): against a
        // person it is invited by them, whatever its colour; against itself, White invites.
        let (white_level, black_level) = (levels.get(&pairing.white), levels.get(&pairing.black));
        let (challenger, invitee, colour) = match (white_level, black_level) {
            (Some(_), None) => (pairing.black, pairing.white, Color::Black),
            _ => (pairing.white, pairing.black, Color::White),
        };
        let new = NewChallenge {
            chat_id: tournament.chat_id,
            kind: tournament.kind,
            seed,
            start_position: start.position_text(),
            challenger_id: challenger,
            invitee_id: Some(invitee),
            challenger_color: colour,
            computer_level: levels.get(&invitee).copied(),
            time_control: tournament.time_control,
            thread: None,
        };
        let mut game = unit.create_challenge(&new, now).await?;
        game.white_id = Some(pairing.white);
        game.black_id = Some(pairing.black);
        game.state = GameState::Ongoing;
        game.challenger_level = white_level.zip(black_level).map(|(white, _)| *white);
        // The computer against itself needs no clock (it moves at once); against a person
        // the clocks run as in any tournament game, the computer's moves charged to its own.
        if game.challenger_level.is_some() {
            game.time_control = None;
        } else {
            start_clocks(&mut game, &start, now);
        }
        if game.computer_plays(start.side_to_move()) {
            game.engine_due = Some(now);
        }
        let game = unit.save_game(&game, None, now).await?;
        unit.add_board(
            tournament.id,
            &BoardRecord {
                round: number,
                board,
                white_id: pairing.white,
                black_id: Some(pairing.black),
                game_id: Some(game.id),
                state: None,
                result: None,
                berserk: [false; 2],
            },
        )
        .await?;
    }
    if let Some(bye) = round.bye {
        unit.add_board(
            tournament.id,
            &BoardRecord {
                round: number,
                board: board + 1,
                white_id: bye,
                black_id: None,
                game_id: None,
                state: None,
                result: None,
                berserk: [false; 2],
            },
        )
        .await?;
    }
    Ok(true)
}

/// Posts the tournament's current round (its pairings, or past the last round its podium)
/// once. Returns whether this call posted it.
async fn post_round<P: Poster>(
    service: &Service,
    platform: Platform,
    tournament: &TournamentRecord,
    chat: &str,
    holder: &str,
    poster: &P,
) -> Result<bool, StoreError> {
    let store = service.store();
    let now = service.now();
    let (id, round) = (tournament.id, tournament.round);
    if !store
        .claim_round_post(id, round, holder, now, now.plus(POST_LEASE_MS))
        .await?
    {
        return Ok(false);
    }
    let replies = match round_post(service, platform, tournament).await {
        Ok(replies) => replies,
        Err(error) => {
            tracing::warn!(tournament = id.0, %error, "a tournament's post could not be made");
            store.release_round_post(id, holder).await?;
            return Ok(false);
        }
    };
    if let Err(why) = poster.post(&chat_address(chat, None), replies).await {
        tracing::warn!(tournament = id.0, %why, "a tournament's post was not delivered; it will be tried again");
        store.release_round_post(id, holder).await?;
        return Ok(false);
    }
    if !store.finish_round_post(id, round, holder).await? {
        tracing::warn!(
            tournament = id.0,
            "a tournament post's claim was lost while sending"
        );
    }
    Ok(true)
}

/// What the chat is sent for the tournament's current round: the pairings, every player
/// named (and mentioned where they want pings). Where the platform plays games in threads
/// and the chat has them on, each board is a message of its own that opens its game's
/// thread.
async fn round_post(
    service: &Service,
    platform: Platform,
    tournament: &TournamentRecord,
) -> Result<Vec<Outgoing>, Refusal> {
    let store = service.store();
    let language = service.chat_language(tournament.chat_id).await?;
    let entries = super::entries(service, tournament.id, language).await?;
    let boards = store.tournament_boards(tournament.id).await?;
    if tournament.state == TournamentState::Finished {
        return Ok(vec![table::podium(
            service, language, tournament, &entries, &boards,
        )?]);
    }
    let ids: Vec<i64> = entries.iter().map(|entry| entry.user_id).collect();
    let names = store.player_names(&ids).await?;
    let name_of = |user: i64| table::name_of(&entries, user);
    // The computer's players are never mentioned: their ids name nobody.
    let human = |user: i64| {
        entries
            .iter()
            .any(|entry| entry.user_id == user && entry.computer_level.is_none())
    };
    let ping_of = |user: i64| {
        names
            .get(&user)
            .filter(|name| name.pings && human(user))
            .map(|name| name.external_id.clone())
    };
    let header = match tournament.ends_at {
        Some(end) => msg("tournament-arena-post").with("end", start_text(end)),
        None => msg("tournament-round-post")
            .number("round", tournament.round)
            .number("rounds", tournament.rounds),
    }
    .with("id", tournament.id)
    .with("name", &tournament.name);
    let threads = platform.games_in_threads() && store.game_threads(tournament.chat_id).await?;
    let mut text = service.say(language, &header);
    if tournament.round == 1 && tournament.starts_at.is_some() {
        // Started by its clock: nobody's command said so, this post does.
        let begun = match tournament.ends_at {
            Some(end) => msg("tournament-arena-started").with("end", start_text(end)),
            None => msg("tournament-started").number("rounds", tournament.rounds),
        }
        .with("id", tournament.id)
        .with("name", &tournament.name)
        .number("players", entries.len() as u32);
        text = format!("{}\n{text}", service.say(language, &begun));
    }
    let mut mentions = Vec::new();
    let mut own_messages = Vec::new();
    // The boards paired since the last post: one round, or an arena's waves.
    let new = |board: &&BoardRecord| {
        board.round > tournament.posted_round && board.round <= tournament.round
    };
    for board in boards.iter().filter(new) {
        let line = match (board.black_id, board.game_id) {
            (Some(_), Some(game)) => msg("tournament-board")
                .number("board", board.board)
                .with("game", game)
                .with("white", WHITE_STAND_IN)
                .with("black", BLACK_STAND_IN),
            _ => msg("tournament-bye").with("player", WHITE_STAND_IN),
        };
        let said = service.say(language, &line);
        let players = [
            (WHITE_STAND_IN, Some(board.white_id)),
            (BLACK_STAND_IN, board.black_id),
        ];
        match (threads, board.black_id, board.game_id) {
            (true, Some(black), Some(game)) => {
                let (line, pinged) = fill_names(&said, &players, &name_of, &ping_of, 0);
                let mut own = Outgoing::text(line);
                own.mentions = pinged;
                own.opens_thread = Some(thread::named_thread(
                    service,
                    language,
                    (tournament.kind, game),
                    &name_of(board.white_id),
                    &name_of(black),
                ));
                own_messages.push(own);
            }
            _ => {
                text.push('\n');
                let (line, pinged) = fill_names(&said, &players, &name_of, &ping_of, text.len());
                text.push_str(&line);
                mentions.extend(pinged);
            }
        }
    }
    let buttons = vec![
        Button::new(
            service.say(language, &msg("button-standings")),
            format!("tournament standings {}", tournament.id),
        ),
        Button::new(
            service.say(language, &msg("button-pairings")),
            format!("tournament pairings {}", tournament.id),
        ),
    ];
    let mut reply = Outgoing::text(text).with_buttons(buttons);
    reply.mentions = mentions;
    let mut replies = vec![reply];
    replies.extend(own_messages);
    Ok(replies)
}

/// Where a board's White and Black are named in its line, filled in after the line is said
/// so that no name can forge a stand-in (the characters are private-use ones).
const WHITE_STAND_IN: &str = "\u{E011}";
const BLACK_STAND_IN: &str = "\u{E012}";

/// `said` with each stand-in of `players` replaced by the player's name, and the mentions of
/// those who want pings (their ranges offset by `at`, where the line goes in the post).
fn fill_names(
    said: &str,
    players: &[(&str, Option<i64>)],
    name_of: &dyn Fn(i64) -> String,
    ping_of: &dyn Fn(i64) -> Option<String>,
    at: usize,
) -> (String, Vec<Mention>) {
    let stand_ins: HashMap<&str, i64> = players
        .iter()
        .filter_map(|(stand_in, user)| user.map(|user| (*stand_in, user)))
        .collect();
    let mut out = String::with_capacity(said.len() + 32);
    let mut mentions = Vec::new();
    let mut rest = said;
    while let Some((index, stand_in, user)) = stand_ins
        .iter()
        .filter_map(|(stand_in, user)| rest.find(stand_in).map(|i| (i, *stand_in, *user)))
        .min_by_key(|(index, _, _)| *index)
    {
        out.push_str(&rest[..index]);
        let name = name_of(user);
        let start = at + out.len();
        out.push_str(&name);
        if let Some(external) = ping_of(user) {
            mentions.push(Mention {
                range: start..start + name.len(),
                user: external,
            });
        }
        rest = &rest[index + stand_in.len()..];
    }
    out.push_str(rest);
    (out, mentions)
}

/// Runs the tournaments' worker of `platform` until `shutdown`: a round at start, then one
/// every `every` or when a tournament's bell rings.
pub async fn run_tournaments<P: Poster>(
    service: &Service,
    platform: Platform,
    holder: String,
    poster: P,
    every: Duration,
    shutdown: watch::Receiver<bool>,
) {
    let (holder, poster) = (&holder, &poster);
    crate::bot::worker_rest::run_rounds(
        "tournaments",
        every,
        || service.tournaments_woken(),
        // A round that did something may have left more (the next round's post).
        move || async move {
            advance_tournaments(service, platform, holder, poster)
                .await
                .map(|steps| steps > 0)
        },
        shutdown,
    )
    .await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_fill_their_stand_ins_and_pings_point_at_them() {
        let names = |user: i64| format!("player{user}");
        let pings = |user: i64| (user == 2).then(|| "ext2".to_string());
        let said = format!("Board 1: {WHITE_STAND_IN} – {BLACK_STAND_IN}");
        let (text, mentions) = fill_names(
            &said,
            &[(WHITE_STAND_IN, Some(1)), (BLACK_STAND_IN, Some(2))],
            &names,
            &pings,
            10,
        );
        assert_eq!(text, "Board 1: player1 – player2");
        assert_eq!(mentions.len(), 1);
        assert_eq!(
            &text[mentions[0].range.start - 10..mentions[0].range.end - 10],
            "player2"
        );
        assert_eq!(mentions[0].user, "ext2");
    }
}
