//! The board app in a real headless browser (Chromium through WebDriver): opened as Telegram
//! opens a Mini App, with launch data signed with the stand-in's token; moves made by
//! tapping reach the Telegram stand-in as the chat's messages, and moves typed in the chat
//! reach the open board.

use crate::telegram::{GROUP, alice, bob};
use crate::telegram_standin::{Call, Person, StandIn, TOKEN, message};
use crate::webdriver::{Browser, Session};
use kibitz::chat::board::{self, BoardDoors, SessionKey, sign_init_data};
use kibitz::chat::telegram::{self, BoardLinks};
use kibitz::games::{AnyGame, GameKind};
use kibitz::store::GameId;
use kibitz::{Catalogue, Incoming, Renderer, Service, Store, system_clock};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::sync::watch;

pub(crate) struct BoardSetup {
    pub(crate) standin: StandIn,
    /// The database's URL (SQLite, or PostgreSQL under `KIBITZ_TEST_POSTGRES_URL`).
    pub(crate) url: String,
    pub(crate) store: Store,
    /// The HTTP listener's address, `http://127.0.0.1:port`.
    pub(crate) base: String,
    stop: watch::Sender<bool>,
    adapter: tokio::task::JoinHandle<Result<(), telegram::TelegramError>>,
    _dir: tempfile::TempDir,
}

/// The Telegram adapter on the stand-in, and the HTTP listener serving the board, sharing
/// one service.
pub(crate) async fn start() -> BoardSetup {
    let standin = StandIn::start().await;
    let dir = tempfile::tempdir().unwrap();
    let url = crate::support::fresh_database(dir.path()).await;
    let store = Store::connect(&url).await.unwrap();
    let service = crate::support::service_on(&store);
    let mut config = crate::telegram::config(&standin);
    let (door, inbox) = board::board_lines();
    config.board = Some(inbox);
    config.board_links = Some(
        BoardLinks::new(
            "https://bot.example.org/app/",
            Some("https://t.me/kibitzbot/board"),
        )
        .unwrap(),
    );
    // One stop for the adapter and the board's events streams, as `kibitz run` has.
    let (stop, shutdown) = watch::channel(false);
    let routes = board::board_routes(
        service.clone(),
        SessionKey::derive("board test secret"),
        BoardDoors::default().with_telegram(TOKEN, door),
        shutdown.clone(),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move {
        let _ = axum::serve(listener, routes).await;
    });
    let adapter = tokio::spawn(async move { telegram::run(&service, config, shutdown).await });
    BoardSetup {
        standin,
        url,
        store,
        base,
        stop,
        adapter,
        _dir: dir,
    }
}

impl BoardSetup {
    /// `person` writes `text` in the group; waits until a reply of the bot's satisfying
    /// `answered` has gone out.
    pub(crate) async fn say(
        &self,
        person: &Person,
        text: &str,
        answered: impl Fn(&Call) -> bool,
    ) -> Call {
        let before = self.standin.calls().len();
        self.standin
            .push(json!({"message": message(GROUP, person, 1, text)}));
        let calls = self
            .standin
            .wait_for(text, |calls| {
                calls[before..].iter().any(|c| c.answered() && answered(c))
            })
            .await;
        calls[before..]
            .iter()
            .find(|c| c.answered() && answered(c))
            .cloned()
            .unwrap()
    }

    pub(crate) async fn challenge(&self, game: &str) {
        self.say(&bob(), "/help", |c| c.text().contains("challenge"))
            .await;
        self.say(&alice(), &format!("/challenge @bob {game} white"), |c| {
            c.text().contains("Alice challenges Bob")
        })
        .await;
        self.say(&bob(), "/accept", |c| {
            c.method == "sendphoto" && c.text().contains("Game #1")
        })
        .await;
    }

    /// The board's address as Telegram opens it for `person`, for game 1, signed at
    /// `signed_at` (Unix seconds) with `token`.
    pub(crate) fn launch_url(&self, person: &Person, signed_at: u64, token: &str) -> String {
        self.launch_url_for(person, 1, signed_at, token, LIGHT)
    }

    /// Telegram's launch data for `person` opening `start` (`g1`, `p1`), signed at
    /// `signed_at`.
    fn init_data(person: &Person, start: &str, signed_at: u64, token: &str) -> String {
        sign_init_data(
            &[
                ("query_id", "AAHdF6IQAAAAAN0XohDhrOrc"),
                ("user", &person.json().to_string()),
                ("auth_date", &signed_at.to_string()),
                ("start_param", start),
            ],
            token,
        )
    }

    /// The board's address for `person` on game `game`, in Telegram's colours `theme`.
    fn launch_url_for(
        &self,
        person: &Person,
        game: i64,
        signed_at: u64,
        token: &str,
        theme: &str,
    ) -> String {
        self.launch_url_opening(person, &format!("g{game}"), signed_at, token, theme)
    }

    /// The board's address as Telegram opens it for `person` on AMBIT attempt `attempt`.
    pub(crate) fn puzzle_launch_url(&self, person: &Person, attempt: i64) -> String {
        self.launch_url_opening(person, &format!("p{attempt}"), now_seconds(), TOKEN, LIGHT)
    }

    fn launch_url_opening(
        &self,
        person: &Person,
        start: &str,
        signed_at: u64,
        token: &str,
        theme: &str,
    ) -> String {
        let init_data = Self::init_data(person, start, signed_at, token);
        let data: String = url::form_urlencoded::byte_serialize(init_data.as_bytes()).collect();
        let theme = url::form_urlencoded::byte_serialize(theme.as_bytes()).collect::<String>();
        format!(
            "{}/app/#tgWebAppData={data}&tgWebAppVersion=8.0&tgWebAppPlatform=android&tgWebAppThemeParams={theme}",
            self.base
        )
    }

    pub(crate) async fn stop(self) {
        let _ = self.stop.send(true);
        let _ = tokio::time::timeout(Duration::from_secs(10), self.adapter).await;
        self.store.close().await;
    }
}

/// Game 1's position as stored.
pub(crate) async fn stored_position(store: &Store) -> AnyGame {
    let game = store.game(GameId(1)).await.unwrap().unwrap();
    AnyGame::parse(game.kind, &game.position).unwrap()
}

/// Telegram's colours of a light and a dark app.
const LIGHT: &str = r##"{"bg_color":"#ffffff","text_color":"#1d2129","hint_color":"#707579","button_color":"#2f6fd6","button_text_color":"#ffffff","secondary_bg_color":"#f1f2f4"}"##;
const DARK: &str = r##"{"bg_color":"#17212b","text_color":"#f5f5f5","hint_color":"#708499","button_color":"#5288c1","button_text_color":"#ffffff","secondary_bg_color":"#232e3c"}"##;

pub(crate) fn now_seconds() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

/// Where the screenshots go for a person to look at.
fn screenshot_path(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("board-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(format!("{name}.png"))
}

pub(crate) async fn save_screenshot(window: &Session<'_>, name: &str) {
    let png = window.screenshot().await;
    let picture = image::load_from_memory_with_format(&png, image::ImageFormat::Png).unwrap();
    assert!(picture.width() >= 360, "{}", picture.width());
    let path = screenshot_path(name);
    std::fs::write(&path, &png).unwrap();
    eprintln!("board screenshot: {}", path.display());
}

/// The accessible name of a square on the page.
pub(crate) async fn square_label(window: &Session<'_>, square: &str) -> String {
    window
        .run(
            "const e = document.querySelector(`[data-square=\"${arguments[0]}\"]`); \
             return e ? e.getAttribute('aria-label') : null;",
            json!([square]),
        )
        .await
        .as_str()
        .unwrap_or_default()
        .to_lowercase()
}

/// Taps `square` once its page shows it may be tapped (a target of the move being made, or
/// a piece of one's own).
pub(crate) async fn tap(window: &Session<'_>, square: &str) {
    window.click(&format!("[data-square=\"{square}\"]")).await;
}

pub(crate) async fn wait_target(window: &Session<'_>, square: &str) {
    window
        .wait_until(
            &format!("{square} to be offered"),
            &format!("return document.querySelector('[data-square=\"{square}\"].can-go') !== null"),
            Duration::from_secs(10),
        )
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_glacier_move_is_tapped_on_the_board_and_a_move_typed_in_the_chat_reaches_it() {
    let setup = start().await;
    setup.challenge("glacier").await;
    let Some(browser) = Browser::start().await else {
        setup.stop().await;
        return;
    };
    let window = browser.window(412, 915).await;
    let opened = Instant::now();
    window
        .open(&setup.launch_url(&alice(), now_seconds(), TOKEN))
        .await;
    window
        .wait_until(
            "the board",
            "return document.querySelector('[data-square=\"e2\"]') !== null",
            Duration::from_secs(20),
        )
        .await;
    let paint = window
        .run(
            "const p = performance.getEntriesByName('first-contentful-paint')[0]; \
             return p ? Math.round(p.startTime) : null;",
            json!([]),
        )
        .await;
    eprintln!(
        "the board was drawn {} ms after the page was asked for; the browser's first \
         contentful paint at {paint} ms after navigation began",
        opened.elapsed().as_millis()
    );
    assert_eq!(window.text("[data-role=status]").await, "Your move");
    assert_eq!(square_label(&window, "e1").await, "e1, king (white)");
    assert_eq!(window.text("[data-player=white]").await, "Alice");
    assert_eq!(window.text("[data-player=black]").await, "Bob");
    // The game's ice is its own (its seed): the rules say what Alice may do.
    let mut position = stored_position(&setup.store).await;
    let choices = position.board_view().choices;
    let pawn_move = choices
        .iter()
        .find(|c| c.taps[0].ends_with('2'))
        .unwrap()
        .clone();
    let (from, to) = (&pawn_move.taps[0], &pawn_move.taps[1]);
    let mut expected: Vec<&str> = choices
        .iter()
        .filter(|c| &c.taps[0] == from)
        .map(|c| c.taps[1].as_str())
        .collect();
    expected.sort();

    // A pawn, then its target: the move is said in the group as if Alice had typed it.
    tap(&window, from).await;
    wait_target(&window, to).await;
    let offered: Value = window
        .run(
            "return [...document.querySelectorAll('.can-go')].map(e => e.dataset.square).sort()",
            json!([]),
        )
        .await;
    assert_eq!(offered, json!(expected));
    let before = setup.standin.calls().len();
    tap(&window, to).await;
    let calls = setup
        .standin
        .wait_for("Alice's tapped move in the group", |calls| {
            calls[before..].iter().any(|c| {
                c.answered() && c.method == "sendphoto" && c.text().contains("Alice played")
            })
        })
        .await;
    let photo = calls[before..]
        .iter()
        .find(|c| c.method == "sendphoto")
        .unwrap();
    assert_eq!(photo.chat(), GROUP);
    assert_eq!(crate::support::stored_moves(&setup.store, 1).await.len(), 1);
    window
        .wait_until(
            "the page to show the move",
            "return document.querySelector('[data-role=status]').textContent.includes('Alice played')",
            Duration::from_secs(10),
        )
        .await;
    assert!(square_label(&window, to).await.contains("pawn (white)"));
    // Not Alice's move now: nothing is offered.
    tap(&window, "a2").await;
    let offered = window
        .run(
            "return document.querySelectorAll('.can-go').length",
            json!([]),
        )
        .await;
    assert_eq!(offered, json!(0));

    // Bob answers in the chat; the open board shows it within a second of the reply.
    position.play_message(&pawn_move.text).unwrap();
    let answer = position.board_view().choices[0].clone();
    let photo = setup
        .say(&bob(), &format!("/move {}", answer.text), |c| {
            c.method == "sendphoto" && c.text().contains("Bob played")
        })
        .await;
    // Its picture carries the button that opens the board on the game (the Mini App's
    // direct link: a group cannot have web app buttons).
    assert!(
        photo.params["reply_markup"]
            .to_string()
            .contains("https://t.me/kibitzbot/board?startapp=g1"),
        "{:?}",
        photo.params["reply_markup"]
    );
    let replied = Instant::now();
    window
        .wait_until(
            "Bob's move on the open board",
            &format!(
                "const e = document.querySelector('[data-square=\"{}\"]'); \
                 return e && e.getAttribute('aria-label').toLowerCase().includes('black') \
                     && document.querySelector('[data-role=status]').textContent === 'Your move'",
                answer.taps[1]
            ),
            Duration::from_secs(1),
        )
        .await;
    eprintln!(
        "Bob's chat move reached the board {} ms after his reply went out",
        replied.elapsed().as_millis()
    );
    save_screenshot(&window, "glacier").await;

    // A launch signed with another token, and one two hours old, are refused.
    window.open("about:blank").await;
    window
        .open(&setup.launch_url(&alice(), now_seconds(), "4242:another-bot"))
        .await;
    window
        .wait_until(
            "the forged launch's refusal",
            "return document.querySelector('[data-role=status]').textContent.includes('not opened from the chat app')",
            Duration::from_secs(10),
        )
        .await;
    assert!(square_label(&window, "e2").await.is_empty());
    window.open("about:blank").await;
    window
        .open(&setup.launch_url(&alice(), now_seconds() - 2 * 3600, TOKEN))
        .await;
    window
        .wait_until(
            "the stale launch's refusal",
            "return document.querySelector('[data-role=status]').textContent.includes('over an hour ago')",
            Duration::from_secs(10),
        )
        .await;
    window.close().await;
    assert_eq!(crate::support::stored_moves(&setup.store, 1).await.len(), 2);
    setup.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_critters_turn_of_three_units_is_tapped_and_sent_with_done() {
    let setup = start().await;
    setup.challenge("critters").await;
    let Some(browser) = Browser::start().await else {
        setup.stop().await;
        return;
    };
    // Three unit moves of White's first turn, as the rules offer them one after another.
    let mut position = AnyGame::start(GameKind::Critters, 0);
    let mut turn = Vec::new();
    for _ in 0..3 {
        let choice = position
            .board_view()
            .choices
            .into_iter()
            .find(|c| c.taps.len() == 2)
            .unwrap();
        position.play_message(&choice.text).unwrap();
        turn.push(choice);
    }
    let window = browser.window(412, 915).await;
    window
        .open(&setup.launch_url(&alice(), now_seconds(), TOKEN))
        .await;
    let (first_from, _) = (&turn[0].taps[0], ());
    window
        .wait_until(
            "the Critters board",
            &format!("return document.querySelector('[data-square=\"{first_from}\"]') !== null"),
            Duration::from_secs(20),
        )
        .await;
    assert!(
        window
            .run(
                "return document.querySelector('[data-role=done]').hidden",
                json!([])
            )
            .await
            .as_bool()
            .unwrap()
    );
    for choice in &turn {
        tap(&window, &choice.taps[0]).await;
        wait_target(&window, &choice.taps[1]).await;
        tap(&window, &choice.taps[1]).await;
        // The unit stands on its target, marked as moved, before anything is sent.
        window
            .wait_until(
                "the unit on its target",
                &format!(
                    "const e = document.querySelector('[data-square=\"{}\"] .unit.moved'); return e !== null",
                    choice.taps[1]
                ),
                Duration::from_secs(10),
            )
            .await;
    }
    assert!(
        crate::support::stored_moves(&setup.store, 1)
            .await
            .is_empty()
    );
    let before = setup.standin.calls().len();
    window.click("[data-role=done]").await;
    let texts: Vec<&str> = turn.iter().map(|c| c.text.as_str()).collect();
    setup
        .standin
        .wait_for("the whole turn in the group", |calls| {
            calls[before..].iter().any(|c| {
                c.answered()
                    && c.method == "sendphoto"
                    && c.text().contains("Alice played")
                    && texts.iter().all(|t| c.text().contains(t))
            })
        })
        .await;
    let stored = crate::support::stored_moves(&setup.store, 1).await;
    assert_eq!(stored.len(), 1, "{stored:?}");
    for text in &texts {
        assert!(stored[0].contains(text), "{stored:?} lacks {text}");
    }
    window
        .wait_until(
            "Bob's turn on the page",
            "return document.querySelector('[data-role=status]').textContent.includes('Alice played')",
            Duration::from_secs(10),
        )
        .await;
    save_screenshot(&window, "critters").await;

    // Alice resigns from the board: it asks first, then the group hears it and the page
    // shows the result with nothing left to tap.
    window.click("[data-role=resign]").await;
    assert_eq!(
        window.text("[data-role=confirm-text]").await,
        "Resign this game?"
    );
    let before = setup.standin.calls().len();
    window.click("[data-role=confirm-yes]").await;
    setup
        .standin
        .wait_for("the resignation in the group", |calls| {
            calls[before..]
                .iter()
                .any(|c| c.answered() && c.text().contains("Alice resigns game #1"))
        })
        .await;
    window
        .wait_until(
            "the result on the page",
            "return document.querySelector('[data-role=status]').textContent.includes('Alice resigns') \
                && document.querySelector('[data-role=resign]').hidden",
            Duration::from_secs(10),
        )
        .await;
    let game = setup.store.game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(game.state, kibitz::store::GameState::Finished);
    save_screenshot(&window, "critters-resigned").await;
    window.close().await;
    setup.stop().await;
}

/// A session's token for `person` from the board's own API.
pub(crate) async fn session_token(
    setup: &BoardSetup,
    client: &reqwest::Client,
    person: &Person,
) -> String {
    let answer: Value = client
        .post(format!("{}/api/session", setup.base))
        .json(&json!({ "init_data": BoardSetup::init_data(person, "g1", now_seconds(), TOKEN) }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    answer["token"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_api_refuses_what_it_must_and_changes_nothing() {
    use crate::telegram::carol;
    let setup = start().await;
    setup.challenge("glacier").await;
    let client = reqwest::Client::new();
    let game = format!("{}/api/games/1", setup.base);
    let status = |response: reqwest::Response| response.status().as_u16();

    // No session, a made-up one, a launch signed for another bot.
    assert_eq!(status(client.get(&game).send().await.unwrap()), 401);
    let forged = client.get(&game).bearer_auth("00.00").send().await.unwrap();
    assert_eq!(forged.status().as_u16(), 401);
    let refusal: Value = forged.json().await.unwrap();
    assert!(
        refusal["error"]
            .as_str()
            .unwrap()
            .contains("open it again from the chat")
    );
    let other_bot = client
        .post(format!("{}/api/session", setup.base))
        .json(&json!({ "init_data": BoardSetup::init_data(&alice(), "g1", now_seconds(), "1:other") }))
        .send()
        .await
        .unwrap();
    assert_eq!(other_bot.status().as_u16(), 401);

    let alice_token = session_token(&setup, &client, &alice()).await;
    let carol_token = session_token(&setup, &client, &carol()).await;
    let view: Value = client
        .get(&game)
        .bearer_auth(&alice_token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(view["you"], "white");
    assert_eq!(view["your_move"], true);
    let version = view["version"].as_i64().unwrap();
    let legal = view["board"]["choices"][0]["text"]
        .as_str()
        .unwrap()
        .to_string();

    // Carol may watch the group's game, and has nothing to tap.
    let watched: Value = client
        .get(&game)
        .bearer_auth(&carol_token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(watched["you"], Value::Null);
    assert_eq!(watched["board"]["choices"], json!([]));
    assert_eq!(
        status(
            client
                .get(format!("{}/api/games/99", setup.base))
                .bearer_auth(&carol_token)
                .send()
                .await
                .unwrap()
        ),
        404
    );

    let say = |token: &str, body: Value| {
        client
            .post(format!("{game}/say"))
            .bearer_auth(token)
            .json(&body)
            .send()
    };
    // Carol's move is said in the chat for her, and the service refuses it there.
    let answer: Value = say(
        &carol_token,
        json!({"action": "move", "move": legal, "version": version}),
    )
    .await
    .unwrap()
    .json()
    .await
    .unwrap();
    assert!(!answer["said"][0].as_str().unwrap().is_empty(), "{answer}");
    // A board that showed an older version, a word that is no action, a move with a game
    // reference in it, a body too large, a preview of a game not built by turns.
    let stale = say(
        &alice_token,
        json!({"action": "move", "move": legal, "version": version - 1}),
    )
    .await
    .unwrap();
    assert_eq!(stale.status().as_u16(), 409);
    let changed: Value = stale.json().await.unwrap();
    assert!(
        changed["error"]
            .as_str()
            .unwrap()
            .contains("changed meanwhile")
    );
    assert_eq!(
        status(
            say(
                &alice_token,
                json!({"action": "explode", "version": version})
            )
            .await
            .unwrap()
        ),
        400
    );
    assert_eq!(
        status(
            say(
                &alice_token,
                json!({"action": "move", "move": format!("{legal} #2"), "version": version})
            )
            .await
            .unwrap()
        ),
        400
    );
    let huge = client
        .post(format!("{game}/say"))
        .bearer_auth(&alice_token)
        .header("content-type", "application/json")
        .body(format!(
            "{{\"action\":\"move\",\"move\":\"{}\",\"version\":1}}",
            "a".repeat(20_000)
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(huge.status().as_u16(), 413);
    let preview = client
        .post(format!("{game}/preview"))
        .bearer_auth(&alice_token)
        .json(&json!({"moves": [legal]}))
        .send()
        .await
        .unwrap();
    assert_eq!(preview.status().as_u16(), 409);
    assert!(
        crate::support::stored_moves(&setup.store, 1)
            .await
            .is_empty()
    );

    // Alice's own move goes through, once.
    let answer: Value = say(
        &alice_token,
        json!({"action": "move", "move": legal, "version": version}),
    )
    .await
    .unwrap()
    .json()
    .await
    .unwrap();
    assert!(
        answer["said"][0].as_str().unwrap().contains("Alice played"),
        "{answer}"
    );
    assert_eq!(answer["game"]["your_move"], false);
    let again = say(
        &alice_token,
        json!({"action": "move", "move": legal, "version": version}),
    )
    .await
    .unwrap();
    assert_eq!(again.status().as_u16(), 409);
    assert_eq!(crate::support::stored_moves(&setup.store, 1).await.len(), 1);

    // A game in Alice's private chat is hers to see; Carol is told there is no such game.
    setup.standin.push(
        json!({"message": message(alice().id, &alice(), 2, "/challenge computer knight-fight")}),
    );
    setup
        .standin
        .wait_for("the game with the computer", |calls| {
            calls
                .iter()
                .any(|c| c.answered() && c.chat() == alice().id && c.method == "sendphoto")
        })
        .await;
    let private = format!("{}/api/games/2", setup.base);
    assert_eq!(
        status(
            client
                .get(&private)
                .bearer_auth(&carol_token)
                .send()
                .await
                .unwrap()
        ),
        404
    );
    assert_eq!(
        status(
            client
                .get(&private)
                .bearer_auth(&alice_token)
                .send()
                .await
                .unwrap()
        ),
        200
    );
    setup.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_games_board_is_drawn_for_a_person_to_look_at() {
    let setup = start().await;
    setup.challenge("knight-fight").await;
    for (id, game) in [(2, "chesimals-1"), (3, "chesimals-2")] {
        setup
            .say(&alice(), &format!("/challenge @bob {game} white"), |c| {
                c.text().contains("Alice challenges Bob")
            })
            .await;
        setup
            .say(&bob(), &format!("/accept #{id}"), |c| {
                c.method == "sendphoto" && c.text().contains(&format!("Game #{id}"))
            })
            .await;
    }
    let Some(browser) = Browser::start().await else {
        setup.stop().await;
        return;
    };
    // The narrowest phone Telegram runs on, and a desktop's window.
    for (width, height, theme, name) in
        [(360, 760, LIGHT, "360"), (1024, 900, DARK, "desktop-dark")]
    {
        let window = browser.window(width, height).await;
        for (id, game) in [(1, "knight-fight"), (2, "chesimals-1"), (3, "chesimals-2")] {
            window.open("about:blank").await;
            window
                .open(&setup.launch_url_for(&alice(), id, now_seconds(), TOKEN, theme))
                .await;
            window
                .wait_until(
                    &format!("{game}'s board"),
                    "return ['Your move', 'Waiting for the opponent'].includes( \
                        document.querySelector('[data-role=status]').textContent) \
                        && document.querySelector('[data-square]') !== null",
                    Duration::from_secs(20),
                )
                .await;
            // Every square can be named and pressed: an element with its name.
            let squares = window
                .run(
                    "return document.querySelectorAll('[data-square][role=button]').length",
                    json!([]),
                )
                .await;
            let expected = stored_view(&setup.store, id).await.cells.len();
            assert_eq!(squares, json!(expected), "{game}");
            // The page is as wide as asked, and nothing is wider than the window.
            let inner = window.run("return window.innerWidth", json!([])).await;
            assert_eq!(inner, json!(width), "{game}");
            let overflow = window
                .run(
                    "return document.documentElement.scrollWidth - window.innerWidth",
                    json!([]),
                )
                .await;
            assert_eq!(overflow, json!(0), "{game} at {width}");
            if game == "knight-fight" && name == "360" {
                // One tap makes a Knight Fight move (or two, a double's landing and block).
                let choices = stored_choices(&setup.store, 1).await;
                let first = &choices[0];
                for tap_on in &first.taps {
                    tap(&window, tap_on).await;
                }
                setup
                    .standin
                    .wait_for("the tapped Knight Fight move", |calls| {
                        calls
                            .iter()
                            .any(|c| c.answered() && c.text().contains("Alice played"))
                    })
                    .await;
            }
            save_screenshot(&window, &format!("{game}-{name}")).await;
        }
        window.close().await;
    }
    setup.stop().await;
}

/// Game `id` as stored, as the board shows it.
async fn stored_view(store: &Store, id: i64) -> kibitz::games::BoardView {
    let game = store.game(GameId(id)).await.unwrap().unwrap();
    AnyGame::parse(game.kind, &game.position)
        .unwrap()
        .board_view()
}

/// The legal moves of game `id` as stored, as the board offers them.
async fn stored_choices(store: &Store, id: i64) -> Vec<kibitz::games::MoveChoice> {
    stored_view(store, id).await.choices
}

/// The games the events stream at `url` sends, each as it arrives: (its version, when).
async fn next_event(stream: &mut reqwest::Response, buffer: &mut String) -> Value {
    loop {
        if let Some(end) = buffer.find("\n\n") {
            let event: String = buffer.drain(..end + 2).collect();
            if let Some(data) = event.lines().find_map(|l| l.strip_prefix("data: ")) {
                return serde_json::from_str(data).unwrap();
            }
            continue;
        }
        let chunk = tokio::time::timeout(Duration::from_secs(10), stream.chunk())
            .await
            .expect("an event within 10 s")
            .unwrap()
            .expect("the stream goes on");
        buffer.push_str(&String::from_utf8_lossy(&chunk));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_another_process_handles_reaches_an_open_boards_events_within_a_second() {
    let setup = start().await;
    setup.challenge("glacier").await;
    // Another process's service on the same database: the board's process never sees the
    // move, only the stored game.
    let other = Service::new(
        Store::connect(&setup.url).await.unwrap(),
        Arc::new(Renderer::new().unwrap()),
        Catalogue::load().unwrap(),
        system_clock(),
    );
    let client = reqwest::Client::new();
    let token = session_token(&setup, &client, &bob()).await;
    let mut stream = client
        .get(format!("{}/api/games/1/events?token={token}", setup.base))
        .send()
        .await
        .unwrap();
    assert_eq!(stream.status().as_u16(), 200);
    let mut buffer = String::new();
    // The stream opens with the game as it is.
    let first = next_event(&mut stream, &mut buffer).await;
    assert_eq!(first["you"], "black");
    assert_eq!(first["your_move"], false);
    let choice = stored_choices(&setup.store, 1).await[0].clone();
    let line = Incoming {
        platform: kibitz::Platform::Telegram,
        chat: kibitz::bot::ChatInfo {
            id: GROUP.to_string(),
            title: None,
            private: false,
            community: None,
            thread: None,
        },
        user: kibitz::bot::UserInfo {
            id: alice().id.to_string(),
            name: "Alice".into(),
            handle: Some("alice".into()),
        },
        text: format!("move {} #1", choice.text),
        locale: None,
        mentions: Vec::new(),
        admin: false,
        membership: None,
        pressed: false,
    };
    let replies = other.handle(&line).await;
    let committed = Instant::now();
    assert!(
        replies
            .iter()
            .any(|r| r.text_and_spoilers().0.contains("Alice played")),
        "{replies:?}"
    );
    let moved = next_event(&mut stream, &mut buffer).await;
    let took = committed.elapsed();
    eprintln!(
        "another process's move reached the open board's events in {} ms",
        took.as_millis()
    );
    assert!(took < Duration::from_secs(1), "{took:?}");
    assert!(moved["version"].as_i64() > first["version"].as_i64());
    assert_eq!(moved["your_move"], true);
    assert!(!moved["board"]["choices"].as_array().unwrap().is_empty());
    // The process begins to stop: the open stream ends (the page reconnects, to another
    // process if there is one) instead of holding the stop back.
    let _ = setup.stop.send(true);
    let ended = tokio::time::timeout(Duration::from_secs(2), async {
        while let Ok(Some(_)) = stream.chunk().await {}
    })
    .await;
    assert!(ended.is_ok(), "the events stream outlived the stop by 2 s");
    setup.stop().await;
}

/// `kibitz run` itself, as deployed: Telegram on the stand-in, the HTTP listener serving the
/// board, its buttons set up from the environment. What it logs carries ids and words, never
/// the launch data, the session or the token.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kibitz_run_serves_the_board_and_logs_neither_launch_data_nor_sessions() {
    use std::io::Read;
    let standin = StandIn::start().await;
    let dir = tempfile::tempdir().unwrap();
    let database = crate::support::fresh_database(dir.path()).await;
    let port = {
        let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        probe.local_addr().unwrap().port()
    };
    let base = format!("http://127.0.0.1:{port}");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_kibitz"))
        .arg("run")
        .env("DATABASE_URL", &database)
        .env("RUST_LOG", "debug")
        .env("TELEGRAM_BOT_TOKEN", TOKEN)
        .env("TELEGRAM_API_URL", &standin.url)
        .env("KIBITZ_HTTP_ADDR", format!("127.0.0.1:{port}"))
        .env("KIBITZ_BOARD_URL", "https://bot.example.org/app/")
        .env("TELEGRAM_MINIAPP_URL", "https://t.me/kibitzbot/board")
        .env_remove("DISCORD_TOKEN")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Read as it is written: a full pipe would stop the bot mid-log.
    let mut pipe = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut logs = String::new();
        let _ = pipe.read_to_string(&mut logs);
        logs
    });
    let client = reqwest::Client::new();
    let deadline = Instant::now() + Duration::from_secs(20);
    while client.get(format!("{base}/app/")).send().await.is_err() {
        assert!(Instant::now() < deadline, "the board is not served");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let say = |person: Person, text: &'static str| {
        let standin = &standin;
        async move {
            let before = standin.calls().len();
            standin.push(json!({"message": message(GROUP, &person, 1, text)}));
            standin
                .wait_for(text, |calls| {
                    calls[before..].iter().any(|c| {
                        c.answered() && (c.method == "sendmessage" || c.method == "sendphoto")
                    })
                })
                .await;
            standin.calls()[before..]
                .iter()
                .find(|c| c.answered() && (c.method == "sendmessage" || c.method == "sendphoto"))
                .cloned()
                .unwrap()
        }
    };
    say(bob(), "/help").await;
    say(alice(), "/challenge @bob knight-fight white").await;
    let accepted = say(bob(), "/accept").await;
    assert!(
        accepted.params["reply_markup"]
            .to_string()
            .contains("https://t.me/kibitzbot/board?startapp=g1"),
        "{:?}",
        accepted.params
    );
    let launch = BoardSetup::init_data(&alice(), "g1", now_seconds(), TOKEN);
    let session: Value = client
        .post(format!("{base}/api/session"))
        .json(&json!({ "init_data": launch }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = session["token"].as_str().unwrap().to_string();
    assert_eq!(session["game"], 1);
    let forged = BoardSetup::init_data(&alice(), "g1", now_seconds(), "1:other");
    let refused = client
        .post(format!("{base}/api/session"))
        .json(&json!({ "init_data": forged }))
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status().as_u16(), 401);
    let view: Value = client
        .get(format!("{base}/api/games/1"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let before = standin.calls().len();
    let said: Value = client
        .post(format!("{base}/api/games/1/say"))
        .bearer_auth(&token)
        .json(
            &json!({"action": "move", "move": view["board"]["choices"][0]["text"],
            "version": view["version"]}),
        )
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(
        said["said"][0].as_str().unwrap().contains("Alice played"),
        "{said}"
    );
    standin
        .wait_for("the tapped move in the group", |calls| {
            calls[before..].iter().any(|c| {
                c.answered() && c.method == "sendphoto" && c.text().contains("Alice played")
            })
        })
        .await;
    let sent = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let (status, logs) = tokio::task::spawn_blocking(move || {
        let status = child.wait().unwrap();
        (status, reader.join().unwrap())
    })
    .await
    .unwrap();
    assert!(status.success(), "{logs}");
    assert!(logs.contains("the board app at /app/"), "{logs}");
    assert!(logs.contains("board session opened"), "{logs}");
    assert!(logs.contains("a board launch was refused"), "{logs}");
    assert!(logs.contains("board line said"), "{logs}");
    let hash = |data: &str| data.rsplit("hash=").next().unwrap().to_string();
    for secret in [
        token.as_str(),
        TOKEN,
        &hash(&launch),
        &hash(&forged),
        "auth_date",
        "query_id",
    ] {
        assert!(!logs.contains(secret), "the log shows {secret}");
    }
}
