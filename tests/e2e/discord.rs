//! The Discord adapter with serenity against the Discord stand-in: a whole game by slash
//! commands and buttons, autocomplete, refusals, platform faults.

use crate::discord_standin::{
    APPLICATION, CHANNEL, Call, Fault, GUILD, Person, StandIn, TOKEN, flag, number, text,
    user_option,
};
use crate::support::scripted_game;
use kibitz::chat::discord::{self, DiscordConfig, DiscordError, RetryPolicy, ShardPlan};
use kibitz::games::knight_fight::Position;
use kibitz::store::GameId;
use kibitz::store::GameState;
use kibitz::{Catalogue, Renderer, Service, Side, Status, Store, TwoPlayerGame, system_clock};
use serde_json::json;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::watch;

pub(crate) fn alice() -> Person {
    Person {
        id: 1_101,
        username: "alice",
        global_name: "Alice",
    }
}

pub(crate) fn bob() -> Person {
    Person {
        id: 2_202,
        username: "bob",
        global_name: "Bob",
    }
}

pub(crate) fn carol() -> Person {
    Person {
        id: 3_303,
        username: "carol",
        global_name: "Carol",
    }
}

/// How long the service may take before an interaction is deferred, where a test needs the
/// press answered directly (a deferral edits nothing in place): far beyond a loaded
/// machine's slowest answer; the stand-in does not hold Discord's 3 s.
pub(crate) const IN_PLACE: Duration = Duration::from_secs(10);

/// The adapter running as a task, as `kibitz run` runs it.
pub(crate) struct Adapter {
    pub(crate) stop: watch::Sender<bool>,
    pub(crate) task: tokio::task::JoinHandle<Result<(), DiscordError>>,
    pub(crate) store: Store,
    pub(crate) _dir: tempfile::TempDir,
}

pub(crate) async fn start(standin: &StandIn, defer_after: Duration) -> Adapter {
    start_with(standin, defer_after, None, None).await
}

/// An adapter on the database `url` (a new one when `None`), running `shards`.
async fn start_with(
    standin: &StandIn,
    defer_after: Duration,
    url: Option<String>,
    shards: Option<ShardPlan>,
) -> Adapter {
    start_on_clock(standin, defer_after, url, shards, system_clock()).await
}

/// Like `start_with`, on `clock`.
async fn start_on_clock(
    standin: &StandIn,
    defer_after: Duration,
    url: Option<String>,
    shards: Option<ShardPlan>,
    clock: kibitz::bot::Clock,
) -> Adapter {
    let dir = tempfile::tempdir().unwrap();
    let url = url.unwrap_or_else(|| format!("sqlite://{}", dir.path().join("kibitz.db").display()));
    let store = Store::connect(&url).await.unwrap();
    let service = Arc::new(Service::new(
        store.clone(),
        Arc::new(Renderer::new().unwrap()),
        Catalogue::load().unwrap(),
        clock,
    ));
    // Every step of a review saved and shown: a test's short game shows its progress.
    service.set_review_save_every(Duration::ZERO);
    let mut config = adapter_config(standin, defer_after);
    config.shards = shards;
    let (stop, shutdown) = watch::channel(false);
    let task = tokio::spawn(async move { discord::run(service, config, shutdown).await });
    Adapter {
        stop,
        task,
        store,
        _dir: dir,
    }
}

/// The adapter's configuration for the stand-in: quick retries and daily rounds.
pub(crate) fn adapter_config(standin: &StandIn, defer_after: Duration) -> DiscordConfig {
    let mut config = DiscordConfig::new(TOKEN);
    config.api_base = Some(standin.url.clone());
    config.guild_id = Some(GUILD);
    config.defer_after = defer_after;
    config.daily_every = Duration::from_millis(200);
    config.request_timeout = Duration::from_secs(5);
    config.retry = RetryPolicy {
        attempts: 4,
        first_delay: Duration::from_millis(50),
        max_delay: Duration::from_millis(500),
        max_retry_after: Duration::from_secs(2),
    };
    config
}

impl Adapter {
    pub(crate) async fn stop(self) {
        let _ = self.stop.send(true);
        let result = tokio::time::timeout(Duration::from_secs(10), self.task)
            .await
            .expect("the adapter stops within 10 s")
            .expect("the adapter task does not panic");
        assert!(result.is_ok(), "the adapter ended with {result:?}");
        self.store.close().await;
    }
}

/// The answered message-carrying calls (callbacks with a message, edits, follow-ups).
pub(crate) fn replies(calls: &[Call]) -> Vec<&Call> {
    calls
        .iter()
        .filter(|c| c.answered())
        .filter(|c| {
            !c.path.ends_with("/callback")
                || c.body["type"] == 4
                || (c.body["type"] == 7 && c.body["data"].get("content").is_some())
        })
        .filter(|c| c.method != "DELETE")
        .filter(|c| !spent_buttons(c))
        .collect()
}

/// Whether `call` only took the buttons off a message (they were used).
fn spent_buttons(call: &Call) -> bool {
    call.method == "PATCH"
        && call.path.starts_with("/channels/")
        && call.body.as_object().is_some_and(|body| body.len() == 1)
        && call.body["components"] == json!([])
}

pub(crate) fn one_reply<'a>(calls: &'a [Call], what: &str) -> &'a Call {
    let sent = replies(calls);
    assert_eq!(sent.len(), 1, "{what}: one reply expected, got {calls:#?}");
    sent[0]
}

/// The one picture among `calls`: its text, after decoding its PNG.
fn picture_text(calls: &[Call], size: (u32, u32), what: &str) -> String {
    let reply = one_reply(calls, what);
    assert!(!reply.ephemeral(), "{what}");
    assert_eq!(reply.shown_ephemeral, Some(false), "{what}: shown to all");
    let bytes = reply
        .file
        .as_ref()
        .unwrap_or_else(|| panic!("{what}: no file: {calls:#?}"));
    assert_eq!(reply.message()["attachments"][0]["filename"], "board.png");
    let picture = image::load_from_memory_with_format(bytes, image::ImageFormat::Png)
        .unwrap_or_else(|e| panic!("{what}: not a PNG: {e}"));
    assert_eq!((picture.width(), picture.height()), size, "{what}");
    reply.content().to_string()
}

fn score_line(position: &Position) -> String {
    format!(
        "Alice {} : {} Bob",
        position.score(Side::White),
        position.score(Side::Black)
    )
}

/// Alice challenges Bob with `/challenge`; Carol's press of Accept is refused, Bob's starts
/// the game.
async fn challenge_and_accept(standin: &StandIn, adapter: &Adapter, seed: i64) {
    let calls = standin
        .command(
            &alice(),
            "challenge",
            &[
                text("game", "knight-fight"),
                user_option("opponent", &bob()),
                number("seed", seed),
            ],
            &[&bob()],
        )
        .await;
    let reply = one_reply(&calls, "challenge");
    assert!(
        reply.content().contains("Alice challenges Bob"),
        "{reply:#?}"
    );
    assert!(!reply.ephemeral());
    let buttons = reply.buttons();
    assert_eq!(
        buttons,
        [
            ("Accept".to_string(), "accept 1".to_string()),
            ("Decline".to_string(), "decline 1".to_string())
        ]
    );
    // A stranger's press: explained to them alone, and nothing changes.
    let calls = standin.press(&carol(), &buttons[0].1).await;
    let refusal = one_reply(&calls, "carol's press");
    assert!(refusal.ephemeral(), "{refusal:#?}");
    assert!(refusal.file.is_none());
    let game = adapter.store.game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(game.state, GameState::Challenge);
    let calls = standin.press(&bob(), &buttons[0].1).await;
    let caption = picture_text(&calls, crate::support::board_size(), "accept");
    assert!(
        caption.contains("Game #1 of Knight Fight begins"),
        "{caption}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_is_played_with_slash_commands_and_buttons() {
    let started = Instant::now();
    let seed = 31;
    let (moves, finale) = scripted_game(seed);
    assert!(moves.len() > 10);
    let standin = StandIn::start().await;
    let adapter = start(&standin, Duration::from_millis(1500)).await;
    // The commands were registered in the guild, each with a menu line.
    let calls = standin.ready().await;
    let registration = calls
        .iter()
        .find(|c| c.path.ends_with("/commands"))
        .expect("registered");
    assert_eq!(registration.method, "PUT");
    assert_eq!(
        registration.path,
        format!("/applications/{APPLICATION}/guilds/{GUILD}/commands")
    );
    let names: Vec<&str> = registration
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), kibitz::bot::command::COMMANDS.len());
    let move_command = &registration.body[names.iter().position(|n| *n == "move").unwrap()];
    assert_eq!(move_command["name_localizations"]["ru"], "ход");
    assert_eq!(move_command["name_localizations"]["no"], "trekk");
    for name in ["leaderboard", "stats", "settings", "forgetme", "lang"] {
        assert!(names.contains(&name), "{names:?}");
    }
    assert_eq!(names[..4], ["help", "rules", "play", "challenge"]);
    // `/play` starts anything, `options` carries Critters' options.
    let play = &registration.body[2];
    let option_names: Vec<&str> = play["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        option_names,
        [
            "game", "opponent", "color", "seed", "options", "clock", "level"
        ]
    );
    let playable: Vec<&str> = play["options"][0]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap())
        .collect();
    assert!(
        playable.contains(&"critters")
            && playable.contains(&"ambit")
            && playable.contains(&"daily"),
        "{playable:?}"
    );
    assert!(
        registration
            .body
            .as_array()
            .unwrap()
            .iter()
            .all(|c| !c["description"].as_str().unwrap().is_empty())
    );

    let help = standin.command(&bob(), "help", &[], &[]).await;
    assert!(one_reply(&help, "help").content().contains("challenge"));
    challenge_and_accept(&standin, &adapter, seed as i64).await;

    let size = crate::support::board_size();
    let mut position = Position::start(seed);
    for (ply, mv) in moves.iter().enumerate() {
        let (player, other, name) = if ply % 2 == 0 {
            (alice(), bob(), "Alice")
        } else {
            (bob(), alice(), "Bob")
        };
        if ply % 4 == 0 {
            let offered = standin
                .autocomplete(&player, "move", &[text("move", "")], "move")
                .await;
            assert!(!offered.is_empty() && offered.len() <= 25, "{offered:?}");
            let offered = standin
                .autocomplete(&player, "move", &[text("move", mv)], "move")
                .await;
            assert!(offered.contains(mv), "{mv} not in {offered:?}");
            assert!(
                offered
                    .iter()
                    .all(|o| o.to_lowercase().starts_with(&mv.to_lowercase()))
            );
            let waiting = standin
                .autocomplete(&other, "move", &[text("move", "")], "move")
                .await;
            assert!(waiting.is_empty(), "not their turn: {waiting:?}");
        }
        let parsed = position.parse_move(mv).unwrap();
        position.play(parsed).unwrap();
        let mut calls = standin
            .command(&player, "move", &[text("move", mv)], &[])
            .await;
        if ply + 1 == moves.len() {
            // The game's end brings its replay after the picture: a GIF with its own name,
            // a frame for the start and each move.
            let sent = replies(&calls);
            assert_eq!(sent.len(), 2, "{calls:#?}");
            let replay = sent[1].clone();
            assert_eq!(
                replay.message()["attachments"][0]["filename"],
                "kibitz-1.gif"
            );
            assert!(replay.content().contains("the replay"), "{replay:#?}");
            let gif = replay.file.as_ref().expect("the replay was uploaded");
            assert!(gif.starts_with(b"GIF89a"));
            let pictures = crate::support::gif_pictures(gif);
            assert_eq!(pictures, moves.len() + 1);
            calls.retain(|c| c.file.as_ref() != Some(gif));
        }
        let caption = picture_text(&calls, size, mv);
        assert!(
            caption.contains(&format!("{name} played {mv}")),
            "{caption}"
        );
        assert!(caption.contains(&score_line(&position)), "{caption}");
    }
    let calls = standin
        .command(&alice(), "board", &[number("game", 1)], &[])
        .await;
    let caption = picture_text(&calls, size, "board");
    let Status::Over(outcome) = finale.status() else {
        panic!("the scripted game ended");
    };
    let result = match outcome.winner {
        Some(Side::White) => "Alice wins (no moves left)",
        Some(Side::Black) => "Bob wins (no moves left)",
        None => "Draw (no moves left)",
    };
    assert!(caption.contains(result), "{caption}");
    assert!(caption.contains(&score_line(&finale)), "{caption}");
    // The record, as a file with its name.
    let calls = standin
        .command(&bob(), "export", &[number("game", 1)], &[])
        .await;
    let record = one_reply(&calls, "export");
    assert_eq!(
        record.message()["attachments"][0]["filename"],
        "kibitz-1.txt"
    );
    let text = String::from_utf8(record.file.clone().expect("uploaded")).unwrap();
    assert!(text.starts_with("Game: knight-fight\n"), "{text}");
    assert_eq!(
        text.lines()
            .filter(|l| l.starts_with("white: ") || l.starts_with("black: "))
            .count(),
        moves.len(),
        "{text}"
    );
    let game = adapter.store.game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(game.plies as usize, moves.len());
    adapter.stop().await;
    assert!(standin.calls().iter().all(Call::answered));
    eprintln!(
        "discord: a {}-move game with {} pictures took {:?}",
        moves.len(),
        moves.len() + 2,
        started.elapsed()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_are_ephemeral_and_change_nothing() {
    let standin = StandIn::start().await;
    let adapter = start(&standin, Duration::from_millis(1500)).await;
    standin.ready().await;
    challenge_and_accept(&standin, &adapter, 5).await;
    let cases = [
        (bob(), "c10", "not your turn"),
        (carol(), "c1", "no game running"),
    ];
    for (person, mv, expected) in cases {
        let calls = standin
            .command(&person, "move", &[text("move", mv)], &[])
            .await;
        let reply = one_reply(&calls, mv);
        assert!(reply.ephemeral(), "{reply:#?}");
        assert!(
            reply.content().contains(expected),
            "{mv}: {}",
            reply.content()
        );
    }
    assert_eq!(adapter.store.moves(GameId(1)).await.unwrap().len(), 0);
    adapter.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn flood_control_and_server_errors_are_waited_out() {
    let seed = 12;
    let (moves, _) = scripted_game(seed);
    let standin = StandIn::start().await;
    let adapter = start(&standin, Duration::from_millis(1500)).await;
    standin.ready().await;
    challenge_and_accept(&standin, &adapter, seed as i64).await;
    // 429 on the answer to a move: waited out as told, the picture sent once.
    standin.fail_next("/callback", Fault::TooManyRequests { retry_after: 0.5 }, 1);
    let started = Instant::now();
    let calls = standin
        .command(&alice(), "move", &[text("move", &moves[0])], &[])
        .await;
    assert!(started.elapsed() >= Duration::from_millis(500));
    assert_eq!(
        calls.iter().filter(|c| !c.answered()).count(),
        1,
        "{calls:#?}"
    );
    picture_text(&calls, crate::support::board_size(), "after 429");
    // 500 twice: tried again with back-off.
    standin.fail_next("/callback", Fault::ServerError, 2);
    let calls = standin.command(&bob(), "games", &[], &[]).await;
    assert_eq!(calls.iter().filter(|c| !c.answered()).count(), 2);
    assert!(
        one_reply(&calls, "games")
            .content()
            .contains("Games in this chat")
    );
    assert_eq!(adapter.store.moves(GameId(1)).await.unwrap().len(), 1);
    adapter.stop().await;
}

/// Every follow-up among `calls` carries the flags of what it says, and Discord shows it so.
fn follow_ups_shown_as_flagged(calls: &[Call]) {
    let webhook = format!("/webhooks/{APPLICATION}/");
    for call in calls
        .iter()
        .filter(|c| c.answered() && c.method == "POST" && c.path.starts_with(&webhook))
    {
        assert_eq!(
            call.shown_ephemeral,
            Some(call.ephemeral()),
            "a follow-up shown otherwise than flagged: {calls:#?}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_work_is_deferred_privately_and_private_replies_never_reach_the_channel() {
    let seed = 3;
    let (moves, _) = scripted_game(seed);
    let standin = StandIn::start().await;
    // Every interaction counts as slow.
    let adapter = start(&standin, Duration::ZERO).await;
    standin.ready().await;
    // A public answer: the speaker's placeholder goes, the challenge follows for everyone.
    let calls = standin
        .command(
            &alice(),
            "challenge",
            &[text("game", "knight-fight"), number("seed", seed as i64)],
            &[],
        )
        .await;
    assert_eq!(calls[0].body["type"], 5, "deferred first: {calls:#?}");
    let reply = one_reply(&calls, "open challenge");
    assert_eq!(reply.shown_ephemeral, Some(false), "{calls:#?}");
    assert_eq!(
        reply.buttons(),
        [("Accept".to_string(), "accept 1".to_string())]
    );
    follow_ups_shown_as_flagged(&calls);
    let calls = standin.press(&bob(), "accept 1").await;
    picture_text(&calls, crate::support::board_size(), "deferred accept");
    follow_ups_shown_as_flagged(&calls);
    // The deferral stands where the press's answer would: the used buttons are taken off
    // the challenge through the channel.
    assert!(calls.iter().any(spent_buttons), "{calls:#?}");
    // A private answer takes the placeholder's place, for the speaker alone.
    let calls = standin
        .command(&bob(), "move", &[text("move", &moves[0])], &[])
        .await;
    let refusal = one_reply(&calls, "refusal");
    assert_eq!(refusal.shown_ephemeral, Some(true), "{calls:#?}");
    assert!(refusal.content().contains("not your turn"));
    // The placeholder can be neither edited nor removed: the private answer still reaches
    // the speaker alone, and a public one still reaches everyone.
    standin.fail_next("/messages/@original", Fault::ServerError, 4);
    let calls = standin
        .command(&bob(), "move", &[text("move", &moves[0])], &[])
        .await;
    let shown: Vec<Option<bool>> = replies(&calls).iter().map(|c| c.shown_ephemeral).collect();
    assert_eq!(shown, [Some(true)], "{calls:#?}");
    follow_ups_shown_as_flagged(&calls);
    standin.fail_next("/messages/@original", Fault::ServerError, 4);
    let calls = standin
        .command(&alice(), "move", &[text("move", &moves[0])], &[])
        .await;
    let caption = picture_text(
        &calls,
        crate::support::board_size(),
        "a move, placeholder stuck",
    );
    assert!(
        caption.contains(&format!("Alice played {}", moves[0])),
        "{caption}"
    );
    follow_ups_shown_as_flagged(&calls);
    adapter.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_show_as_typed_and_only_the_dailys_solution_is_a_spoiler() {
    let standin = StandIn::start().await;
    let adapter = start(&standin, Duration::from_millis(1500)).await;
    standin.ready().await;
    let cases = [
        (
            "[login](https://evil.example)",
            r"\[login\](https://evil.example)",
        ),
        ("**a||b||c**", r"\*\*a\|\|b\|\|c\*\*"),
        ("# <@1101> _x_", r"\# \<@1101> \_x\_"),
    ];
    for (id, (name, escaped)) in (4_404..).zip(cases) {
        let person = Person {
            id,
            username: "mallory",
            global_name: name,
        };
        let calls = standin
            .command(&person, "challenge", &[text("game", "glacier")], &[])
            .await;
        let reply = one_reply(&calls, name);
        assert!(
            reply.content().starts_with(&format!("{escaped} offers")),
            "{name}: {}",
            reply.content()
        );
    }
    // Yesterday's solution in the daily post is the one spoiler.
    let solution = crate::support::yesterdays_daily(&adapter.store).await;
    let options = [
        text("daily", "on"),
        text("time", "00:00"),
        text("level", "easy"),
    ];
    standin.command(&alice(), "settings", &options, &[]).await;
    let posts_path = format!("/channels/{CHANNEL}/messages");
    let calls = standin
        .wait_for("the daily post", |calls| {
            calls.iter().any(|c| c.path == posts_path && c.answered())
        })
        .await;
    let post = calls.iter().find(|c| c.path == posts_path).unwrap();
    assert!(
        post.content()
            .contains(&format!("Yesterday's solution: ||{solution}||")),
        "{}",
        post.content()
    );
    assert_eq!(
        post.content().matches("||").count(),
        2,
        "{}",
        post.content()
    );
    adapter.stop().await;
}

/// Runs on the test's thread (current-thread runtime), so the capture sees every log line.
#[tokio::test]
async fn what_people_type_stays_out_of_the_logs() {
    let logs = crate::support::LogCapture::start();
    let standin = StandIn::start().await;
    let adapter = start(&standin, Duration::from_millis(1500)).await;
    standin.ready().await;
    let marked = Person {
        id: 6_606,
        username: "zq7",
        global_name: "Zq7NameMarker",
    };
    let calls = standin
        .command(&marked, "move", &[text("move", "Xk9TextMarker")], &[])
        .await;
    one_reply(&calls, "a refused move");
    let calls = standin
        .command(&marked, "challenge", &[text("game", "glacier")], &[])
        .await;
    assert!(
        one_reply(&calls, "challenge")
            .content()
            .contains("Zq7NameMarker")
    );
    adapter.stop().await;
    let text = logs.text();
    assert!(text.contains("slash commands registered"), "{text}");
    for marker in ["Zq7NameMarker", "Xk9TextMarker"] {
        assert!(!text.contains(marker), "{marker} in the log:\n{text}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_runs_discord_when_a_token_is_set_and_never_shows_it() {
    use crate::support::{assert_shows_no_secret, closed_port, run_binary_until_off_runtime};
    let standin = StandIn::start().await;
    let dir = tempfile::tempdir().unwrap();
    let sqlite = format!("sqlite://{}", dir.path().join("kibitz.db").display());
    let unreachable = format!("http://127.0.0.1:{}", closed_port());
    // (token, API base, when to stop it, what it must say): a refused token, a good one (it
    // runs until stopped), an unreachable server, a bad URL.
    let cases = [
        (
            "WRONG-SECRET",
            standin.url.as_str(),
            None,
            "Discord refused the bot token",
        ),
        (
            TOKEN,
            standin.url.as_str(),
            Some("Discord chat: connected"),
            "Discord chat stopped",
        ),
        (
            "UNREACHABLE-SECRET",
            unreachable.as_str(),
            Some("trying again"),
            "",
        ),
        ("OTHER-SECRET", "not a url", None, "DISCORD_API_BASE"),
    ];
    for (token, api, stop_at, expected) in cases {
        let env = [("DISCORD_TOKEN", token), ("DISCORD_API_BASE", api)];
        let output = run_binary_until_off_runtime(&env, &sqlite, stop_at).await;
        let stderr = assert_shows_no_secret(&output, &[token]);
        assert!(stderr.contains(expected), "{token}: {stderr}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_daily_is_posted_and_played_ephemerally_and_settings_need_manage_server() {
    let standin = StandIn::start().await;
    let adapter = start(&standin, IN_PLACE).await;
    standin.ready().await;
    let options = [
        text("daily", "on"),
        text("time", "00:00"),
        text("level", "easy"),
    ];
    let calls = standin.command(&bob(), "settings", &options, &[]).await;
    let refusal = one_reply(&calls, "settings by bob");
    assert!(refusal.ephemeral(), "{refusal:#?}");
    assert!(
        refusal.content().contains("Manage Server"),
        "{}",
        refusal.content()
    );
    let calls = standin.command(&alice(), "settings", &options, &[]).await;
    let set = one_reply(&calls, "settings by alice");
    assert!(
        set.content().contains("00:00 UTC (easy)"),
        "{}",
        set.content()
    );
    // The scheduler posts the daily to the channel, with its picture and the play button.
    let posts_path = format!("/channels/{CHANNEL}/messages");
    let calls = standin
        .wait_for("the daily post", |calls| {
            calls.iter().any(|c| c.path == posts_path && c.answered())
        })
        .await;
    let posts: Vec<&Call> = calls.iter().filter(|c| c.path == posts_path).collect();
    assert_eq!(posts.len(), 1, "{posts:#?}");
    assert!(
        posts[0].content().contains("is out (easy)"),
        "{}",
        posts[0].content()
    );
    assert!(!posts[0].ephemeral());
    let png = posts[0].file.as_ref().expect("the puzzle picture");
    image::load_from_memory_with_format(png, image::ImageFormat::Png).unwrap();
    assert_eq!(posts[0].buttons()[0].1, "daily");
    // Bob presses it: his board comes back only to him.
    let calls = standin.press(&bob(), "daily").await;
    let board = one_reply(&calls, "daily by button");
    assert!(board.ephemeral(), "{board:#?}");
    assert!(
        board.content().contains("AMBIT daily #"),
        "{}",
        board.content()
    );
    assert!(board.file.is_some());
    let user = adapter
        .store
        .user_by_handle(kibitz::Platform::Discord, "bob")
        .await
        .unwrap()
        .unwrap();
    let chat = adapter
        .store
        .chat_by_external_id(kibitz::Platform::Discord, &CHANNEL.to_string())
        .await
        .unwrap()
        .unwrap();
    let attempt = adapter
        .store
        .open_attempts(user.id, chat)
        .await
        .unwrap()
        .remove(0);
    let pieces: Vec<String> = attempt
        .solution
        .split_whitespace()
        .map(String::from)
        .collect();
    // Typing a placement suggests every piece on every empty square that fits what is
    // typed, safe or not: the suggestions spoil nothing.
    let first = &pieces[0];
    let typed = &first[..2];
    let suggested = standin
        .autocomplete(&bob(), "place", &[text("piece", typed)], "piece")
        .await;
    assert_eq!(suggested.len(), 8, "{typed}: {suggested:?}");
    assert!(suggested.contains(first), "{suggested:?}");
    assert!(
        suggested.iter().all(|s| s.starts_with(typed)),
        "{suggested:?}"
    );
    let all = standin
        .autocomplete(&bob(), "place", &[text("piece", "")], "piece")
        .await;
    assert_eq!(all.len(), 25, "Discord's most");
    let strangers = standin
        .autocomplete(&carol(), "place", &[text("piece", "")], "piece")
        .await;
    assert!(
        strangers.is_empty(),
        "no puzzle, no suggestions: {strangers:?}"
    );
    // The first piece by the rack's buttons under his board: the piece, its file, its square.
    let steps = [
        format!("place {}", &first[..1]),
        format!("place {}", &first[..2]),
        format!("place {first}"),
    ];
    let mut offered = board.buttons();
    assert_eq!(offered.len(), 5, "the rack: {offered:?}");
    let mut last = Vec::new();
    for (step, command) in steps.iter().enumerate() {
        assert!(
            offered.iter().any(|(_, id)| id == command),
            "{command} among {offered:?}"
        );
        // Each press edits his private board in place: the next choices under it.
        last = standin.press_on(&bob(), command, true).await;
        let reply = one_reply(&last, command);
        assert_eq!(
            reply.body["type"], 7,
            "{command}: edited in place: {reply:#?}"
        );
        assert_eq!(reply.shown_ephemeral, Some(true), "{command}: {reply:#?}");
        assert!(reply.file.is_some(), "{command}: the board stays");
        offered = reply.buttons();
        match step {
            0 => assert!(
                reply.content().contains("which file?"),
                "{}",
                reply.content()
            ),
            1 => assert!(
                reply.content().contains("which square?"),
                "{}",
                reply.content()
            ),
            _ => assert!(reply.file.is_some(), "{command}: the board"),
        }
    }
    for piece in &pieces[1..] {
        last = standin
            .command(&bob(), "place", &[text("piece", piece)], &[])
            .await;
        let sent = replies(&last);
        assert!(sent[0].ephemeral(), "{piece}: {:#?}", sent[0]);
    }
    let sent = replies(&last);
    assert_eq!(
        sent.len(),
        2,
        "the board for bob, the share line for all: {last:#?}"
    );
    assert!(
        sent[0].content().contains("Solved!"),
        "{}",
        sent[0].content()
    );
    assert!(!sent[1].ephemeral());
    let share = sent[1].content();
    assert!(
        share.starts_with("Bob: AMBIT #") && share.contains("★★★"),
        "{share}"
    );
    for piece in &pieces {
        assert!(
            !share.contains(piece.as_str()),
            "the share line spoils {piece}: {share}"
        );
    }
    // The community's leaderboard has him: a table picture, its leaders named in the text.
    let calls = standin.command(&carol(), "leaderboard", &[], &[]).await;
    let board = one_reply(&calls, "leaderboard");
    assert!(
        board.content().contains("AMBIT daily leaderboard") && board.content().contains("1 Bob"),
        "{}",
        board.content()
    );
    let png = board.file.as_ref().expect("the table picture");
    let table = image::load_from_memory_with_format(png, image::ImageFormat::Png).unwrap();
    assert!(table.width() >= 400, "{} px wide", table.width());
    adapter.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_gateway_connection_is_resumed_and_commands_work_again() {
    let standin = StandIn::start().await;
    let adapter = start(&standin, Duration::from_millis(1500)).await;
    standin.ready().await;
    assert_eq!(standin.sessions(), (1, 0));
    standin.drop_gateway();
    let deadline = Instant::now() + Duration::from_secs(30);
    while standin.sessions() == (1, 0) {
        assert!(Instant::now() < deadline, "the adapter did not come back");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let (identified, resumed) = standin.sessions();
    assert!(resumed == 1 || identified == 2, "{identified} {resumed}");
    let calls = standin.command(&alice(), "games", &[], &[]).await;
    let reply = one_reply(&calls, "games after the reconnect");
    assert!(reply.content().contains("No games"), "{}", reply.content());
    adapter.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resigning_asks_first_and_open_challenges_are_suggested() {
    let standin = StandIn::start().await;
    let adapter = start(&standin, Duration::from_millis(1500)).await;
    standin.ready().await;
    let calls = standin
        .command(&alice(), "challenge", &[text("game", "glacier")], &[])
        .await;
    one_reply(&calls, "open challenge");
    let typing = [("game", 4, json!(""))];
    let offered = standin
        .autocomplete_choices(&bob(), "accept", &typing, "game")
        .await;
    assert_eq!(offered.len(), 1, "{offered:?}");
    assert!(
        offered[0].0.contains("#1") && offered[0].0.contains("Alice"),
        "{offered:?}"
    );
    assert_eq!(offered[0].1, json!(1));
    let mine = standin
        .autocomplete_choices(&alice(), "accept", &typing, "game")
        .await;
    assert!(
        mine.is_empty(),
        "one's own challenge is not offered: {mine:?}"
    );
    standin
        .command(&bob(), "accept", &[number("game", 1)], &[])
        .await;
    let calls = standin.command(&bob(), "resign", &[], &[]).await;
    let question = one_reply(&calls, "resign");
    assert!(question.ephemeral(), "{question:#?}");
    assert!(
        question.content().contains("Really resign"),
        "{}",
        question.content()
    );
    assert_eq!(question.buttons()[0].1, "resign confirm");
    assert_eq!(
        adapter.store.game(GameId(1)).await.unwrap().unwrap().state,
        GameState::Ongoing,
        "nothing happens before the confirmation"
    );
    let calls = standin.press(&bob(), "resign confirm").await;
    let done = replies(&calls);
    assert!(
        done.iter().any(|c| c.content().contains("resigns")),
        "{calls:#?}"
    );
    assert_eq!(
        adapter.store.game(GameId(1)).await.unwrap().unwrap().state,
        GameState::Finished
    );
    adapter.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_with_one_shard_each_serve_their_own_guilds() {
    let standin = StandIn::start().await;
    standin.recommend_shards(2);
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("shared.db").display());
    let plan = |shard| ShardPlan {
        total: 2,
        first: shard,
        last: shard,
    };
    let zero = start_with(
        &standin,
        Duration::from_millis(1500),
        Some(url.clone()),
        Some(plan(0)),
    )
    .await;
    let one = start_with(
        &standin,
        Duration::from_millis(1500),
        Some(url),
        Some(plan(1)),
    )
    .await;
    let deadline = Instant::now() + Duration::from_secs(30);
    while standin.shard_sessions().len() < 2 {
        assert!(Instant::now() < deadline, "both shards identify");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(standin.shard_sessions(), [(0, 2), (1, 2)]);
    standin.ready().await;
    // Discord routes a guild's events to shard (guild id >> 22) % 2.
    let (guild_zero, guild_one) = (GUILD, 3u64 << 22);
    assert_eq!(((guild_zero >> 22) % 2, (guild_one >> 22) % 2), (0, 1));
    for guild in [guild_zero, guild_one, guild_one, guild_zero] {
        let calls = standin.command_in(guild, &alice(), "games", &[]).await;
        let reply = one_reply(&calls, "games");
        assert!(reply.content().contains("No games"), "{}", reply.content());
    }
    assert_eq!(
        standin.routed(),
        [
            (0, guild_zero),
            (1, guild_one),
            (1, guild_one),
            (0, guild_zero)
        ]
    );
    zero.stop().await;
    one.stop().await;
}

/// Alice names the bot itself as her Knight Fight opponent (level 1, seed 5): the game starts
/// at once. The calls made in answer.
async fn challenge_the_bot(standin: &StandIn) -> Vec<Call> {
    let kibitz_bot = Person {
        id: APPLICATION,
        username: "kibitz",
        global_name: "Kibitz",
    };
    standin
        .command(
            &alice(),
            "challenge",
            &[
                text("game", "knight-fight"),
                user_option("opponent", &kibitz_bot),
                number("seed", 5),
                number("level", 1),
            ],
            &[&kibitz_bot],
        )
        .await
}

/// The engine's moves posted to the channel: messages saying the computer played.
fn engine_posts(calls: &[Call]) -> usize {
    let posts_path = format!("/channels/{CHANNEL}/messages");
    calls
        .iter()
        .filter(|c| {
            c.answered() && c.path == posts_path && c.content().contains("Kibitz · level 1 played")
        })
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_itself_is_challenged_as_the_opponent_and_answers_every_move_once() {
    let standin = StandIn::start().await;
    let adapter = start(&standin, Duration::from_secs(2)).await;
    standin.ready().await;
    let calls = challenge_the_bot(&standin).await;
    let caption = picture_text(&calls, crate::support::board_size(), "challenge the bot");
    assert!(
        caption.contains("Alice (White) against Kibitz · level 1 (Black)"),
        "{caption}"
    );
    let mut answered = 0;
    for turn in 0..4 {
        let game = adapter.store.game(GameId(1)).await.unwrap().unwrap();
        if game.state != GameState::Ongoing {
            break;
        }
        let position =
            kibitz::AnyGame::parse(kibitz::GameKind::KnightFight, &game.position).unwrap();
        let mine = position.legal_move_texts().remove(0);
        // Alice presses the move's button under the picture, as a player would.
        let calls = standin.press(&alice(), &format!("move {mine} #1")).await;
        // The engine's answer may already be among these calls: it comes by itself.
        let reply = replies(&calls)
            .into_iter()
            .find(|c| c.file.is_some() && c.content().starts_with("Alice played"))
            .unwrap_or_else(|| panic!("turn {turn}: no picture of alice's move: {calls:#?}"));
        let game = adapter.store.game(GameId(1)).await.unwrap().unwrap();
        if game.state != GameState::Ongoing {
            break;
        }
        assert!(
            reply.content().contains("Kibitz · level 1 is thinking"),
            "{}",
            reply.content()
        );
        answered += 1;
        standin
            .wait_for("the engine's move in the channel", |calls| {
                engine_posts(calls) >= answered
            })
            .await;
    }
    assert!(answered >= 2, "the computer answered {answered} moves");
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        engine_posts(&standin.calls()),
        answered,
        "each engine move posted once"
    );
    let moves = adapter.store.moves(GameId(1)).await.unwrap();
    for pair in moves.windows(2) {
        assert_ne!(pair[0].user_id, pair[1].user_id);
    }
    adapter.stop().await;
}

/// Messages posted to the channel that tell of a loss on time.
fn timeout_posts(calls: &[Call]) -> usize {
    let posts_path = format!("/channels/{CHANNEL}/messages");
    calls
        .iter()
        .filter(|c| c.answered() && c.path == posts_path && c.content().contains("ran out of time"))
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_that_runs_out_ends_the_game_once_with_two_processes_on_one_database() {
    let standin = StandIn::start().await;
    standin.recommend_shards(2);
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("shared.db").display());
    let (clock, shift) = crate::support::shifted_clock();
    let plan = |shard| ShardPlan {
        total: 2,
        first: shard,
        last: shard,
    };
    let mut adapters = Vec::new();
    for shard in [0, 1] {
        adapters.push(
            start_on_clock(
                &standin,
                Duration::from_millis(1500),
                Some(url.clone()),
                Some(plan(shard)),
                clock.clone(),
            )
            .await,
        );
    }
    let deadline = Instant::now() + Duration::from_secs(30);
    while standin.shard_sessions().len() < 2 {
        assert!(Instant::now() < deadline, "both shards identify");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    standin.ready().await;
    let calls = standin
        .command(
            &alice(),
            "challenge",
            &[
                text("game", "knight-fight"),
                user_option("opponent", &bob()),
                number("seed", 5),
                text("clock", "1 d"),
            ],
            &[&bob()],
        )
        .await;
    let reply = one_reply(&calls, "challenge");
    assert!(
        reply.content().contains("Knight Fight (1 day a move)"),
        "{}",
        reply.content()
    );
    let calls = standin.press(&bob(), "accept 1").await;
    let caption = picture_text(&calls, crate::support::board_size(), "accept");
    assert!(
        caption.contains(&format!("<@{}> to move · 23 h 59 min left", alice().id)),
        "{caption}"
    );
    let store = &adapters[0].store;
    let game = store.game(GameId(1)).await.unwrap().unwrap();
    let position = kibitz::AnyGame::parse(kibitz::GameKind::KnightFight, &game.position).unwrap();
    let mine = position.legal_move_texts().remove(0);
    let calls = standin.press(&alice(), &format!("move {mine} #1")).await;
    let caption = picture_text(&calls, crate::support::board_size(), "alice's move");
    assert!(
        caption.contains(&format!("<@{}> to move · 23 h 59 min left", bob().id)),
        "{caption}"
    );
    // Two days pass: both processes' clock workers find the deadline; one ends the game.
    shift.store(
        2 * kibitz::games::time_control::DAY_MS,
        std::sync::atomic::Ordering::SeqCst,
    );
    standin
        .wait_for("the timeout in the channel", |calls| {
            timeout_posts(calls) >= 1
        })
        .await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let calls = standin.calls();
    assert_eq!(timeout_posts(&calls), 1, "one timeout message");
    let told = calls
        .iter()
        .find(|c| c.content().contains("ran out of time"))
        .unwrap();
    assert!(
        told.content()
            .contains("Game #1: Bob ran out of time. Alice wins."),
        "{}",
        told.content()
    );
    let game = store.game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(
        game.result.map(|o| o.to_string()).as_deref(),
        Some("white wins (time)")
    );
    for adapter in adapters {
        adapter.stop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_is_asked_with_a_slash_command_and_granted_with_the_button() {
    let standin = StandIn::start().await;
    let adapter = start(&standin, Duration::from_millis(1500)).await;
    standin.ready().await;
    challenge_and_accept(&standin, &adapter, 5).await;
    let game = adapter.store.game(GameId(1)).await.unwrap().unwrap();
    let start = game.position.clone();
    let position = kibitz::AnyGame::parse(kibitz::GameKind::KnightFight, &game.position).unwrap();
    let mine = position.legal_move_texts().remove(0);
    let calls = standin.press(&alice(), &format!("move {mine} #1")).await;
    // The picture of alice's move pings bob, whose move it is, and only him.
    let caption = picture_text(&calls, crate::support::board_size(), "alice's move");
    let bob_id = bob().id.to_string();
    assert!(
        caption.contains(&format!("Game #1 · <@{bob_id}> to move")),
        "{caption}"
    );
    let reply = one_reply(&calls, "alice's move");
    assert_eq!(
        reply.message()["allowed_mentions"],
        json!({"parse": [], "users": [bob_id]})
    );
    let calls = standin.command(&alice(), "takeback", &[], &[]).await;
    let reply = one_reply(&calls, "takeback");
    assert!(
        reply
            .content()
            .contains("Alice asks to take back their last move in game #1"),
        "{}",
        reply.content()
    );
    assert!(!reply.ephemeral());
    let buttons = reply.buttons();
    assert_eq!(
        buttons,
        [
            ("Allow takeback".to_string(), "takeback 1".to_string()),
            ("Decline".to_string(), "decline 1".to_string())
        ]
    );
    let calls = standin.press(&bob(), &buttons[0].1).await;
    let caption = picture_text(&calls, crate::support::board_size(), "takeback granted");
    assert!(
        caption.contains("one move taken back, at Alice's request."),
        "{caption}"
    );
    assert_eq!(
        adapter
            .store
            .game(GameId(1))
            .await
            .unwrap()
            .unwrap()
            .position,
        start
    );
    adapter.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_leaderboard_page_is_turned_by_editing_its_message() {
    let standin = StandIn::start().await;
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("kibitz.db").display());
    let channel = kibitz::bot::ChatInfo {
        id: CHANNEL.to_string(),
        title: None,
        private: false,
        community: Some(GUILD.to_string()),
        thread: None,
    };
    crate::support::two_pages_of_ratings(&url, kibitz::Platform::Discord, channel).await;
    let adapter = start_with(&standin, IN_PLACE, Some(url), None).await;
    standin.ready().await;
    let calls = standin
        .command(
            &carol(),
            "leaderboard",
            &[text("game", "knight-fight")],
            &[],
        )
        .await;
    let first = one_reply(&calls, "leaderboard");
    assert!(
        first.content().contains("Page 1 of 2"),
        "{}",
        first.content()
    );
    let next = first.buttons();
    assert_eq!(next.len(), 1, "{next:?}");
    // Anyone may turn the page: the message is updated in place (type 7), nothing posted.
    let calls = standin.press(&bob(), &next[0].1).await;
    let update = one_reply(&calls, "next page");
    assert!(update.path.ends_with("/callback"), "{update:#?}");
    assert_eq!(update.body["type"], 7, "{update:#?}");
    assert_eq!(update.shown_ephemeral, Some(false));
    assert!(
        update.content().contains("Page 2 of 2"),
        "{}",
        update.content()
    );
    assert_eq!(update.message()["attachments"][0]["filename"], "board.png");
    let png = update.file.as_ref().expect("the second page's picture");
    image::load_from_memory_with_format(png, image::ImageFormat::Png).unwrap();
    let back = update.buttons();
    assert_eq!(back.len(), 1, "{back:?}");
    assert!(back[0].1.ends_with(" 1"), "the way back: {back:?}");
    adapter.stop().await;
}

/// The answered posts to channel `channel`'s messages among `calls`.
pub(crate) fn posts_to(calls: &[Call], channel: u64) -> Vec<&Call> {
    let path = format!("/channels/{channel}/messages");
    calls
        .iter()
        .filter(|c| c.answered() && c.method == "POST" && c.path == path)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_accepted_challenge_is_played_in_its_own_thread_and_the_channel_sees_the_result() {
    let standin = StandIn::start().await;
    standin.grant_threads();
    let adapter = start(&standin, IN_PLACE).await;
    standin.ready().await;
    standin
        .command(
            &alice(),
            "challenge",
            &[
                text("game", "knight-fight"),
                user_option("opponent", &bob()),
                number("seed", 5),
            ],
            &[&bob()],
        )
        .await;
    // Bob's Accept turns the challenge into the board, and a thread is opened off it.
    let calls = standin.press(&bob(), "accept 1").await;
    let start = calls
        .iter()
        .find(|c| c.answered() && c.path.ends_with("/callback"))
        .expect("the press is answered");
    assert_eq!(
        start.body["type"], 7,
        "the challenge becomes the start: {start:#?}"
    );
    assert!(start.content().contains("Game #1 of Knight Fight begins"));
    assert!(
        start.buttons().is_empty(),
        "the moves are made in the thread"
    );
    let calls = standin
        .wait_for("the thread's first message", |calls| {
            calls.iter().any(|c| {
                c.answered()
                    && c.path.starts_with("/channels/")
                    && c.content().contains("is played in this thread")
            })
        })
        .await;
    let threads = standin.threads();
    assert_eq!(threads.len(), 1, "{threads:?}");
    let (thread, anchor, name) = threads[0].clone();
    assert_eq!(anchor, format!("/channels/{CHANNEL}/messages/1/threads"));
    assert_eq!(name, "Knight Fight #1: Alice vs Bob");
    let welcome = posts_to(&calls, thread);
    assert_eq!(welcome.len(), 1, "{calls:#?}");
    assert!(welcome[0].file.is_some(), "the board in the thread");
    assert!(!welcome[0].buttons().is_empty(), "with the move buttons");
    let game = adapter.store.game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(game.thread, Some(thread.to_string()));
    // A move in the thread is answered there; the channel sees nothing of it.
    let position = kibitz::AnyGame::parse(kibitz::GameKind::KnightFight, &game.position).unwrap();
    let mine = position.legal_move_texts().remove(0);
    let calls = standin
        .command_in_thread(thread, &alice(), "move", &[text("move", &mine)])
        .await;
    let moved = one_reply(&calls, "a move in the thread");
    assert!(moved.path.ends_with("/callback"), "{moved:#?}");
    assert!(posts_to(&calls, CHANNEL).is_empty(), "{calls:#?}");
    let game = adapter.store.game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(game.plies, 1);
    // The game is still the channel's: `games` there lists it.
    let calls = standin.command(&carol(), "games", &[], &[]).await;
    assert!(one_reply(&calls, "games").content().contains("#1"));
    // Bob resigns in the thread: the result there, and once in the channel.
    let calls = standin
        .command_in_thread(thread, &bob(), "resign", &[])
        .await;
    assert!(one_reply(&calls, "the question").ephemeral());
    let calls = standin
        .press_in_thread(thread, &bob(), "resign confirm")
        .await;
    let told = posts_to(&calls, CHANNEL);
    assert_eq!(told.len(), 1, "{calls:#?}");
    assert_eq!(
        told[0].content(),
        "Game #1 of Knight Fight is over: Alice wins (resignation)."
    );
    assert!(
        replies(&calls)
            .iter()
            .any(|c| c.path.contains("/webhooks/") && c.content().contains("resigns")),
        "the thread sees the resignation: {calls:#?}"
    );
    // With threads off, the next accepted challenge stays in the channel.
    let calls = standin
        .command(&alice(), "settings", &[text("threads", "off")], &[])
        .await;
    assert!(
        one_reply(&calls, "settings")
            .content()
            .contains("right here in the channel"),
        "{calls:#?}"
    );
    standin
        .command(
            &alice(),
            "challenge",
            &[
                text("game", "knight-fight"),
                user_option("opponent", &bob()),
            ],
            &[&bob()],
        )
        .await;
    standin.press(&bob(), "accept 2").await;
    assert_eq!(standin.threads().len(), 1, "no second thread");
    assert_eq!(
        adapter.store.game(GameId(2)).await.unwrap().unwrap().thread,
        None
    );
    adapter.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reviews_progress_is_one_channel_message_edited_in_place() {
    let standin = StandIn::start().await;
    let adapter = start(&standin, Duration::from_secs(2)).await;
    standin.ready().await;
    challenge_the_bot(&standin).await;
    for answered in 1..=3 {
        let game = adapter.store.game(GameId(1)).await.unwrap().unwrap();
        let position =
            kibitz::AnyGame::parse(kibitz::GameKind::KnightFight, &game.position).unwrap();
        let mine = position.legal_move_texts().remove(0);
        standin.press(&alice(), &format!("move {mine} #1")).await;
        standin
            .wait_for("the engine's move", |calls| engine_posts(calls) >= answered)
            .await;
    }
    standin.command(&alice(), "resign", &[], &[]).await;
    standin.press(&alice(), "resign confirm").await;
    let calls = standin.command(&alice(), "analysis", &[], &[]).await;
    assert!(
        replies(&calls)
            .iter()
            .any(|c| c.content().contains("Reviewing game #1")),
        "{calls:#?}"
    );
    let posts_path = format!("/channels/{CHANNEL}/messages");
    let calls = standin
        .wait_for("the review's picture", |calls| {
            calls.iter().any(|c| {
                c.answered() && c.path == posts_path && c.content().contains("Review of game #1")
            })
        })
        .await;
    let progress: Vec<usize> = calls
        .iter()
        .enumerate()
        .filter(|(_, c)| {
            c.answered()
                && c.method == "POST"
                && c.path == posts_path
                && c.content().contains("Analysing game #1")
        })
        .map(|(at, _)| at)
        .collect();
    assert_eq!(progress.len(), 1, "one progress message");
    let id = calls[progress[0]].answer["id"]
        .as_str()
        .unwrap()
        .to_string();
    let edits: Vec<(usize, &Call)> = calls
        .iter()
        .enumerate()
        .filter(|(_, c)| c.answered() && c.method == "PATCH" && c.path.starts_with(&posts_path))
        .collect();
    assert!(edits.len() >= 2, "a step and the end: {edits:#?}");
    for (_, edit) in &edits {
        assert_eq!(
            edit.path,
            format!("{posts_path}/{id}"),
            "the progress message edited"
        );
    }
    let (last_at, last) = edits[edits.len() - 1];
    assert!(
        last.content().contains("Analysis of game #1 done"),
        "{}",
        last.content()
    );
    let picture_at = calls
        .iter()
        .position(|c| c.path == posts_path && c.content().contains("Review of game #1"))
        .unwrap();
    assert!(progress[0] < last_at && last_at < picture_at);
    adapter.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn help_is_one_message_in_every_language() {
    let standin = StandIn::start().await;
    let adapter = start(&standin, Duration::from_secs(2)).await;
    standin.ready().await;
    for (locale, greeting) in [
        ("en-US", "Kibitz plays"),
        ("ru", "Kibitz"),
        ("no", "Kibitz"),
    ] {
        let calls = standin
            .command_in_locale(&alice(), "help", &[], locale)
            .await;
        let reply = one_reply(&calls, locale);
        let content = reply.content();
        assert!(content.starts_with(greeting), "{locale}: {content}");
        assert!(content.chars().count() <= 2000, "{locale}");
        assert!(
            content.contains("settings daily"),
            "{locale}: the list is whole"
        );
    }
    let russian = standin.command_in_locale(&alice(), "help", &[], "ru").await;
    assert!(
        one_reply(&russian, "ru").content().contains("задач"),
        "answered in Russian"
    );
    adapter.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_games_daily_puzzle_is_shown_answered_privately_and_ranked_with_slash_daily() {
    let standin = StandIn::start().await;
    let adapter = start(&standin, Duration::from_secs(2)).await;
    standin.ready().await;
    let calls = standin
        .command(&alice(), "daily", &[text("game", "knight-fight")], &[])
        .await;
    let shown = one_reply(&calls, "daily knight-fight");
    assert!(shown.file.is_some(), "the puzzle is a picture");
    assert!(
        shown.content().contains("Knight Fight puzzle #"),
        "{}",
        shown.content()
    );
    let day = kibitz::games::ambit::Date::from_unix_seconds(system_clock()() / 1000)
        .unwrap()
        .to_string();
    let puzzle = adapter
        .store
        .game_puzzle(&day, kibitz::GameKind::KnightFight)
        .await
        .unwrap()
        .expect("made by the first request");
    let calls = standin
        .command(
            &bob(),
            "daily",
            &[text("game", "knight-fight"), text("move", &puzzle.solution)],
            &[],
        )
        .await;
    let answer = one_reply(&calls, "the answer");
    assert!(
        answer.ephemeral(),
        "the answer names the solution: bob's alone"
    );
    assert!(
        answer.content().contains("is right"),
        "{}",
        answer.content()
    );
    let calls = standin
        .command(
            &alice(),
            "daily",
            &[text("game", "knight-fight"), flag("top", true)],
            &[],
        )
        .await;
    let top = one_reply(&calls, "the standings");
    assert!(top.content().contains("Bob: 1 / 1"), "{}", top.content());
    adapter.stop().await;
}
