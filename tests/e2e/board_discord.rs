//! The board app on Discord, in a real headless browser against the Discord stand-in.
//!
//! - As an Activity: the Board button under a game's picture is answered with
//!   `LAUNCH_ACTIVITY`; the page runs inside a frame of a stand-in Discord client (a test page
//!   on the board's own origin that speaks the Embedded App SDK's postMessage protocol as
//!   Discord's client does: the handshake answered with READY, AUTHORIZE with a code). The
//!   real SDK, vendored, drives it; the server exchanges the code with the stand-in's
//!   `/oauth2/token` and asks `/users/@me`; the channel's games are listed and one opened; a
//!   tapped move is posted in the channel.
//! - Without an Activity: the Board button answers the presser alone with a link that opens
//!   a session for them.

use crate::board::{save_screenshot, square_label, tap, wait_target};
use crate::discord::{Adapter, IN_PLACE, adapter_config, alice, bob, carol, one_reply};
use crate::discord_standin::{
    APPLICATION, CHANNEL, CLIENT_SECRET, GUILD, Person, StandIn, text, user_option,
};
use crate::webdriver::Browser;
use kibitz::Store;
use kibitz::chat::board::{self, BoardDoors, DiscordApp, SessionKey};
use kibitz::chat::discord::{self, DiscordBoard};
use kibitz::games::AnyGame;
use kibitz::store::GameId;
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// A stand-in for Discord's client: it frames the Activity's page as Discord does (the
/// query names the frame, the instance, the platform, the guild and the channel) and
/// answers the SDK's messages: the handshake with READY, AUTHORIZE with the code the test
/// granted (when the page asks for this application and the `identify` scope).
const CLIENT_PAGE: &str = r#"<!doctype html>
<html><head><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0">
<iframe id="activity" style="border:0;width:100vw;height:100vh"></iframe>
<script>
const params = new URLSearchParams(location.search);
const frame = document.getElementById('activity');
window.heard = [];
window.addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow || !Array.isArray(event.data)) return;
  const [opcode, payload] = event.data;
  window.heard.push(opcode === 0 ? 'HANDSHAKE' : payload.cmd);
  const reply = (message) => frame.contentWindow.postMessage(message, location.origin);
  if (opcode === 0) {
    reply([1, { cmd: 'DISPATCH', evt: 'READY', nonce: null,
      data: { v: 1, config: { api_endpoint: '//discord.com/api', environment: 'production' } } }]);
  } else if (opcode === 1 && payload.cmd === 'AUTHORIZE') {
    const asked = payload.args.client_id === params.get('client')
      && payload.args.response_type === 'code' && payload.args.scope.includes('identify');
    reply([1, { cmd: 'AUTHORIZE', evt: null, nonce: payload.nonce,
      data: { code: asked ? params.get('code') : 'not-asked-right' } }]);
  }
});
frame.src = '/app/?frame_id=frame-1&instance_id=instance-1&platform=desktop'
  + `&guild_id=${params.get('guild')}&channel_id=${params.get('channel')}`;
</script></body></html>"#;

struct DiscordBoardSetup {
    standin: StandIn,
    adapter: Adapter,
    /// The HTTP listener's address, `http://127.0.0.1:port`.
    base: String,
}

/// The Discord adapter on the stand-in with the board app (`activity`: launched as an
/// Activity, else links), and the HTTP listener serving the board and the stand-in client.
async fn start(activity: bool) -> DiscordBoardSetup {
    let standin = StandIn::start().await;
    let dir = tempfile::tempdir().unwrap();
    let url = crate::support::fresh_database(dir.path()).await;
    let store = Store::connect(&url).await.unwrap();
    let service = crate::support::service_on(&store);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let key = SessionKey::derive("discord board test secret");
    let app = DiscordApp::new(
        APPLICATION.to_string(),
        CLIENT_SECRET,
        Some(standin.url.as_str()),
    )
    .unwrap();
    let (door, inbox) = board::board_lines();
    let routes = board::board_routes(
        service.clone(),
        key.clone(),
        BoardDoors::default().with_discord(Some(app), door),
        watch::channel(false).1,
    )
    .route(
        "/discord-client/",
        axum::routing::get(|| async { axum::response::Html(CLIENT_PAGE) }),
    );
    tokio::spawn(async move {
        let _ = axum::serve(listener, routes).await;
    });
    let mut config = adapter_config(&standin, IN_PLACE);
    config.board = Some(DiscordBoard {
        inbox,
        activity,
        page: Some(url::Url::parse(&format!("{base}/app/")).unwrap()),
        key,
    });
    let (stop, shutdown) = watch::channel(false);
    let task = tokio::spawn(async move { discord::run(service, config, shutdown).await });
    standin.ready().await;
    DiscordBoardSetup {
        standin,
        adapter: Adapter {
            stop,
            task,
            store,
            _dir: dir,
        },
        base,
    }
}

/// Waits for the board to be drawn.
async fn wait_board(window: &crate::webdriver::Session<'_>) {
    window
        .wait_until(
            "the board",
            "return document.querySelector('[data-square=\"e2\"]') !== null",
            Duration::from_secs(20),
        )
        .await;
}

impl DiscordBoardSetup {
    /// `challenger` challenges `opponent` to Glacier Chess as White; the opponent accepts.
    /// The accepting picture's buttons.
    async fn glacier(&self, challenger: &Person, opponent: &Person) -> Vec<(String, String)> {
        let calls = self
            .standin
            .command(
                challenger,
                "challenge",
                &[
                    text("game", "glacier"),
                    user_option("opponent", opponent),
                    text("color", "white"),
                ],
                &[opponent],
            )
            .await;
        let accept = one_reply(&calls, "challenge").buttons()[0].1.clone();
        let calls = self.standin.press(opponent, &accept).await;
        one_reply(&calls, "accept").buttons()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_activity_lists_the_channels_games_and_a_move_tapped_there_is_posted_in_the_channel() {
    let setup = start(true).await;
    let buttons = setup.glacier(&alice(), &bob()).await;
    // The Board button comes first under the picture.
    assert_eq!(
        buttons[0],
        ("♟ Open board".to_string(), "kibitz:board:g1".to_string())
    );
    setup.glacier(&carol(), &bob()).await;
    // Alice's press launches the Activity in the channel; nothing else is said.
    let calls = setup.standin.press(&alice(), "kibitz:board:g1").await;
    assert_eq!(calls.len(), 1, "{calls:#?}");
    assert_eq!(calls[0].body, json!({"type": 12}));
    let Some(browser) = Browser::start().await else {
        setup.adapter.stop().await;
        return;
    };
    setup.standin.grant_code("code-alice", &alice(), "en-US");
    let window = browser.window(412, 915).await;
    let opened = Instant::now();
    window
        .open(&format!(
            "{}/discord-client/?client={APPLICATION}&code=code-alice&guild={GUILD}&channel={CHANNEL}",
            setup.base
        ))
        .await;
    window.enter_frame(0).await;
    // Two games in the channel: listed, Alice's own (her move) first.
    let listed = window
        .wait_until(
            "the channel's games",
            "const b = [...document.querySelectorAll('[data-role=games] button')]; \
             return b.length ? b.map(e => e.textContent) : null;",
            Duration::from_secs(20),
        )
        .await;
    eprintln!(
        "the Activity listed the channel's games {} ms after the client was asked for",
        opened.elapsed().as_millis()
    );
    assert_eq!(
        listed,
        json!([
            "#1 Glacier Chess: Alice – Bob",
            "#2 Glacier Chess: Carol – Bob"
        ])
    );
    assert_eq!(setup.standin.exchanges(), [true]);
    assert_eq!(
        window.text("[data-role=games] h2").await,
        "Games in this channel"
    );
    save_screenshot(&window, "discord-activity-games").await;
    window.click("[data-game=\"1\"]").await;
    wait_board(&window).await;
    assert_eq!(window.text("[data-role=status]").await, "Your move");
    assert_eq!(window.text("[data-player=white]").await, "Alice");
    assert_eq!(square_label(&window, "e1").await, "e1, king (white)");
    save_screenshot(&window, "discord-activity-glacier").await;

    // A pawn's move tapped: posted in the channel as Alice's move, with its picture.
    let game = setup.adapter.store.game(GameId(1)).await.unwrap().unwrap();
    let choices = AnyGame::parse(game.kind, &game.position)
        .unwrap()
        .board_view()
        .choices;
    let pawn = choices.iter().find(|c| c.taps[0].ends_with('2')).unwrap();
    let before = setup.standin.calls().len();
    tap(&window, &pawn.taps[0]).await;
    wait_target(&window, &pawn.taps[1]).await;
    tap(&window, &pawn.taps[1]).await;
    let posted = |calls: &[crate::discord_standin::Call]| {
        calls[before..]
            .iter()
            .find(|c| {
                c.answered()
                    && c.path == format!("/channels/{CHANNEL}/messages")
                    && c.content().contains("Alice played")
            })
            .cloned()
    };
    let calls = setup
        .standin
        .wait_for("Alice's tapped move in the channel", |calls| {
            posted(calls).is_some()
        })
        .await;
    let post = posted(&calls).unwrap();
    assert!(post.file.is_some(), "the move's picture: {post:#?}");
    assert_eq!(post.buttons()[0].1, "kibitz:board:g1");
    assert_eq!(
        crate::support::stored_moves(&setup.adapter.store, 1)
            .await
            .len(),
        1
    );
    window
        .wait_until(
            "the page to show the move",
            "return document.querySelector('[data-role=status]').textContent.includes('Alice played')",
            Duration::from_secs(10),
        )
        .await;

    // A code is good for one exchange: the same code again opens nothing.
    let client = reqwest::Client::new();
    let again = client
        .post(format!("{}/api/session", setup.base))
        .json(&json!({"discord_code": "code-alice"}))
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 401);
    assert_eq!(setup.standin.exchanges(), [true, false]);
    window.close().await;
    setup.adapter.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_an_activity_the_board_button_gives_the_presser_a_link_of_their_own() {
    let setup = start(false).await;
    setup.glacier(&alice(), &bob()).await;
    let calls = setup.standin.press(&bob(), "kibitz:board:g1").await;
    let reply = one_reply(&calls, "the board button");
    assert!(reply.ephemeral(), "only Bob sees his link: {reply:#?}");
    assert!(reply.content().contains("game #1"), "{}", reply.content());
    let button: &Value = &reply.message()["components"][0]["components"][0];
    assert_eq!(button["style"], 5);
    let link = button["url"].as_str().unwrap().to_string();
    assert!(
        link.starts_with(&format!("{}/app/?game=1#launch=", setup.base)),
        "{link}"
    );
    let ticket = link.split_once("#launch=").unwrap().1.to_string();
    let client = reqwest::Client::new();
    // The ticket is no session itself.
    let refused = client
        .get(format!("{}/api/games/1", setup.base))
        .bearer_auth(&ticket)
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), 401);
    // A forged ticket opens nothing, with its own words.
    let forged = client
        .post(format!("{}/api/session", setup.base))
        .json(&json!({"launch": format!("{}0", ticket)}))
        .send()
        .await
        .unwrap();
    assert_eq!(forged.status(), 401);
    let said: Value = forged.json().await.unwrap();
    assert!(said["error"].as_str().unwrap().contains("link"), "{said}");
    let Some(browser) = Browser::start().await else {
        setup.adapter.stop().await;
        return;
    };
    let window = browser.window(412, 915).await;
    window.open(&link).await;
    wait_board(&window).await;
    // Bob plays Black: it is Alice's move, and the board is his way up.
    assert_eq!(
        window.text("[data-role=status]").await,
        "Waiting for the opponent"
    );
    assert_eq!(window.text("[data-player=black]").await, "Bob");
    // The ticket left the address once used.
    let address = window.run("return location.href", json!([])).await;
    assert!(!address.as_str().unwrap().contains("launch="), "{address}");
    window.close().await;
    setup.adapter.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ambit_puzzles_board_button_gives_its_player_a_link_even_with_an_activity() {
    let setup = start(true).await;
    let calls = setup
        .standin
        .command(
            &alice(),
            "play",
            &[text("game", "ambit"), text("level", "easy")],
            &[],
        )
        .await;
    let picture = one_reply(&calls, "the puzzle");
    assert_eq!(picture.buttons()[0].1, "kibitz:board:p1", "{picture:#?}");
    // An Activity opens on no puzzle: the press is answered with Alice's own link.
    let calls = setup.standin.press(&alice(), "kibitz:board:p1").await;
    let reply = one_reply(&calls, "the puzzle's board button");
    assert!(reply.ephemeral());
    let link = reply.message()["components"][0]["components"][0]["url"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(link.contains("/app/?puzzle=1#launch="), "{link}");
    let ticket = link.split_once("#launch=").unwrap().1;
    let client = reqwest::Client::new();
    let session: Value = client
        .post(format!("{}/api/session", setup.base))
        .json(&json!({ "launch": ticket }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = session["token"].as_str().unwrap();
    let puzzle: Value = client
        .get(format!("{}/api/puzzles/1", setup.base))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(puzzle["kind"], "ambit");
    assert_eq!(puzzle["board"]["rack"], json!(["K", "Q", "R", "B", "N"]));
    // Bob's own link opens his session, not Alice's puzzle.
    let calls = setup.standin.press(&bob(), "kibitz:board:p1").await;
    let bobs = one_reply(&calls, "Bob's press").message()["components"][0]["components"][0]["url"]
        .as_str()
        .unwrap()
        .to_string();
    let session: Value = client
        .post(format!("{}/api/session", setup.base))
        .json(&json!({ "launch": bobs.split_once("#launch=").unwrap().1 }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let seen = client
        .get(format!("{}/api/puzzles/1", setup.base))
        .bearer_auth(session["token"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(seen.status(), 404);
    setup.adapter.stop().await;
}
