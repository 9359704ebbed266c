//! The board app over loopback HTTP: a tap's move until the page has its answer (the
//! session's check, the line handed to the Telegram adapter, the service's move, the commit
//! with its replies queued, the view read back), beside the same kind of move typed in a
//! group (the service alone) in the same run; and what the page loads before its first
//! paint (its files, the session, the game's view).
//!
//! The Telegram adapter runs for real against a minimal Bot API that answers every call at
//! once; the replies it sends meanwhile are part of the load.

use criterion::Criterion;
use kibitz::bot::{ChatInfo, UserInfo};
use kibitz::chat::board::{self, BoardDoors, SessionKey, sign_init_data};
use kibitz::chat::telegram::{self, TelegramConfig};
use kibitz::{
    AnyGame, Catalogue, GameKind, Incoming, Platform, Renderer, Service, Store, system_clock,
};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::{Duration, Instant};

const TOKEN: &str = "1000:bench-token";
/// Games played side by side, each in its own group by its own two players, taken in turn:
/// a player moves about once a second, under the per-user rate limit (30 lines in 10 s).
const GAMES: usize = 600;

/// A Bot API that says yes to everything at once (long polls end after their timeout).
async fn bot_api(
    axum::extract::Path((_, method)): axum::extract::Path<(String, String)>,
    body: axum::body::Bytes,
) -> axum::Json<Value> {
    let method = method.to_ascii_lowercase();
    let result = match method.as_str() {
        "getme" => {
            json!({"id": 1000, "is_bot": true, "first_name": "Kibitz", "username": "kibitzbot",
            "can_join_groups": true, "can_read_all_group_messages": true,
            "supports_inline_queries": false, "has_main_web_app": false})
        }
        "getupdates" => {
            let timeout = serde_json::from_slice::<Value>(&body)
                .ok()
                .and_then(|params| params["timeout"].as_u64())
                .unwrap_or(0);
            tokio::time::sleep(Duration::from_secs(timeout)).await;
            json!([])
        }
        "getwebhookinfo" => {
            json!({"url": "", "has_custom_certificate": false, "pending_update_count": 0})
        }
        "sendphoto" => json!({"message_id": 1, "date": 1_700_000_000,
            "chat": {"id": -1, "type": "supergroup", "title": "Bench"},
            "photo": [{"file_id": "p", "file_unique_id": "u", "width": 800, "height": 800}]}),
        "sendmessage" | "senddocument" | "sendanimation" => json!({"message_id": 1,
            "date": 1_700_000_000, "chat": {"id": -1, "type": "supergroup", "title": "Bench"},
            "text": "ok"}),
        _ => json!(true),
    };
    axum::Json(json!({"ok": true, "result": result}))
}

fn person(id: i64) -> UserInfo {
    UserInfo {
        id: id.to_string(),
        name: format!("Player {id}"),
        handle: Some(format!("p{id}")),
    }
}

/// `user` says `text` in the group `group`.
fn said(group: i64, user: i64, text: &str, mentions: Vec<UserInfo>) -> Incoming {
    Incoming {
        platform: Platform::Telegram,
        chat: ChatInfo {
            id: group.to_string(),
            title: Some("Bench".into()),
            private: false,
            community: None,
            thread: None,
        },
        user: person(user),
        text: text.to_string(),
        locale: None,
        mentions,
        admin: false,
        membership: None,
        pressed: false,
    }
}

/// One game of the bench: its id, its group, its players (White, Black) and its moves.
struct Table {
    game: i64,
    group: i64,
    players: [i64; 2],
    moves: Vec<String>,
    ply: usize,
    version: i64,
}

fn game_moves(seed: u64) -> Vec<String> {
    let mut game = AnyGame::start(GameKind::KnightFight, seed);
    let mut moves = Vec::new();
    while let Some(first) = game.legal_move_texts().into_iter().next() {
        if game.play_text(&first).is_err() {
            break;
        }
        moves.push(first);
    }
    moves
}

/// Starts a Knight Fight game in group `group` between its two players; its table.
async fn start_table(service: &Service, store: &Store, group: i64, seed: u64) -> Table {
    let players = [-group * 10, -group * 10 + 1];
    service
        .handle(&said(group, players[1], "help", Vec::new()))
        .await;
    service
        .handle(&said(
            group,
            players[0],
            &format!("challenge @p{} kf white seed:{seed}", players[1]),
            vec![person(players[1])],
        ))
        .await;
    service
        .handle(&said(group, players[1], "accept", Vec::new()))
        .await;
    let chat = store
        .chat_by_external_id(Platform::Telegram, &group.to_string())
        .await
        .expect("chat")
        .expect("the group");
    let game = store
        .active_games(chat)
        .await
        .expect("games")
        .last()
        .cloned()
        .expect("a game");
    Table {
        game: game.id.0,
        group,
        players,
        moves: game_moves(seed),
        ply: 0,
        version: game.version,
    }
}

pub fn board(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let dir = tempfile::tempdir().expect("a temp dir");
    let url = format!("sqlite://{}", dir.path().join("board.db").display());
    let (service, store, base) = runtime.block_on(async {
        let store = Store::connect(&url).await.expect("store opens");
        let service = Arc::new(Service::new(
            store.clone(),
            Arc::new(Renderer::new().expect("renderer")),
            Catalogue::load().expect("catalogue"),
            system_clock(),
        ));
        let api = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a port");
        let api_url = format!("http://{}/", api.local_addr().expect("address"));
        let app =
            axum::Router::new().route("/{bot}/{method}", axum::routing::post(bot_api).get(bot_api));
        tokio::spawn(async move { axum::serve(api, app).await });
        let mut config = TelegramConfig::new(TOKEN);
        config.api_url = Some(api_url);
        config.poll_timeout = Duration::from_secs(1);
        // The stand-in Bot API has no limits; the groups' pace (which also sets a member's
        // share of a group's lines) is raised so that the bench's quick moves are all
        // answered: what is measured is the tap's way, not the pacing.
        config.limits = kibitz::chat::pacing::Limits {
            overall_per_second: 10_000,
            chat_per_second: 1_000,
            group_per_minute: 60_000,
        };
        let (door, inbox) = board::board_lines();
        config.board = Some(inbox);
        let routes = board::board_routes(
            service.clone(),
            SessionKey::derive("bench"),
            BoardDoors::default().with_telegram(TOKEN, door),
            tokio::sync::watch::channel(false).1,
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a port");
        let base = format!("http://{}", listener.local_addr().expect("address"));
        tokio::spawn(async move { axum::serve(listener, routes).await });
        let adapter_service = service.clone();
        let (_stop, shutdown) = tokio::sync::watch::channel(false);
        std::mem::forget(_stop);
        tokio::spawn(async move { telegram::run(&adapter_service, config, shutdown).await });
        (service, store, base)
    });
    let client = reqwest::Client::new();
    let mut tapped: Vec<Table> = Vec::new();
    let mut typed: Vec<Table> = Vec::new();
    let tokens = runtime.block_on(async {
        for i in 0..GAMES as i64 {
            tapped.push(start_table(&service, &store, -1_000 - i, 11).await);
            typed.push(start_table(&service, &store, -5_000 - i, 11).await);
        }
        // A session for every player of a tapped game.
        let mut tokens = std::collections::HashMap::new();
        let now = (system_clock()() / 1000).to_string();
        for table in &tapped {
            for player in table.players {
                let user = json!({"id": player, "first_name": format!("Player {player}"),
                    "username": format!("p{player}")})
                .to_string();
                let init_data = sign_init_data(&[("user", &user), ("auth_date", &now)], TOKEN);
                let answer: Value = client
                    .post(format!("{base}/api/session"))
                    .json(&json!({ "init_data": init_data }))
                    .send()
                    .await
                    .expect("session")
                    .json()
                    .await
                    .expect("json");
                tokens.insert(
                    player,
                    answer["token"].as_str().expect("a token").to_string(),
                );
            }
        }
        tokens
    });

    let mut group = c.benchmark_group("board");
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(10));
    let mut next = 0usize;
    group.bench_function(
        "tap to confirmed move (HTTP, adapter, service, commit)",
        |b| {
            b.iter_custom(|iters| {
                runtime.block_on(async {
                    let mut spent = Duration::ZERO;
                    for _ in 0..iters {
                        next = (next + 1) % GAMES;
                        let table = &mut tapped[next];
                        if table.ply >= table.moves.len() {
                            *table = start_table(&service, &store, table.group, 11).await;
                        }
                        let mover = table.players[table.ply % 2];
                        let started = Instant::now();
                        let answer: Value = client
                            .post(format!("{base}/api/games/{}/say", table.game))
                            .bearer_auth(&tokens[&mover])
                            .json(&json!({"action": "move", "move": table.moves[table.ply],
                            "version": table.version}))
                            .send()
                            .await
                            .expect("say")
                            .json()
                            .await
                            .expect("json");
                        spent += started.elapsed();
                        assert!(
                            answer["said"][0]
                                .as_str()
                                .unwrap_or_default()
                                .contains("played"),
                            "the tap was not played: {answer}"
                        );
                        table.version = answer["game"]["version"]
                            .as_i64()
                            .unwrap_or_else(|| panic!("no game in {answer}"));
                        table.ply += 1;
                    }
                    spent
                })
            })
        },
    );
    let mut next = 0usize;
    group.bench_function("baseline: the same move typed (service alone)", |b| {
        b.iter_custom(|iters| {
            runtime.block_on(async {
                let mut spent = Duration::ZERO;
                for _ in 0..iters {
                    next = (next + 1) % GAMES;
                    let table = &mut typed[next];
                    if table.ply >= table.moves.len() {
                        *table = start_table(&service, &store, table.group, 11).await;
                    }
                    let mover = table.players[table.ply % 2];
                    let line = said(
                        table.group,
                        mover,
                        &format!("move {} #{}", table.moves[table.ply], table.game),
                        Vec::new(),
                    );
                    let started = Instant::now();
                    let replies = service.handle(&line).await;
                    spent += started.elapsed();
                    assert!(
                        replies
                            .iter()
                            .any(|r| r.text_and_spoilers().0.contains("played")),
                        "the typed move was not played: {replies:?}"
                    );
                    table.ply += 1;
                }
                spent
            })
        })
    });
    let first = &tapped[0];
    let game = first.game;
    let launch = {
        let player = first.players[0];
        let user = json!({"id": player, "first_name": "Player"}).to_string();
        let now = (system_clock()() / 1000).to_string();
        sign_init_data(&[("user", &user), ("auth_date", &now)], TOKEN)
    };
    group.bench_function("page load before first paint (files, session, view)", |b| {
        b.iter(|| {
            runtime.block_on(async {
                for file in ["", "board.js", "board.css", "theme.css", "board-font.ttf"] {
                    let body = client
                        .get(format!("{base}/app/{file}"))
                        .send()
                        .await
                        .expect("file")
                        .bytes()
                        .await
                        .expect("bytes");
                    assert!(!body.is_empty());
                }
                let session: Value = client
                    .post(format!("{base}/api/session"))
                    .json(&json!({ "init_data": launch }))
                    .send()
                    .await
                    .expect("session")
                    .json()
                    .await
                    .expect("json");
                let viewer = session["token"].as_str().expect("a token");
                let view = client
                    .get(format!("{base}/api/games/{game}"))
                    .bearer_auth(viewer)
                    .send()
                    .await
                    .expect("view")
                    .bytes()
                    .await
                    .expect("bytes");
                assert!(!view.is_empty());
            })
        })
    });
    group.finish();
    eprintln!("board page weight: {} bytes", board::page_weight());
    let (sdk_gzip, sdk) = board::discord_sdk_weight();
    eprintln!(
        "inside a Discord Activity, besides: the SDK, {sdk_gzip} bytes gzipped ({sdk} as it is)"
    );
}
