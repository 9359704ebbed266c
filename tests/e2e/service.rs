//! The service with a real store and renderer: flows, refusals that change nothing, races.

use kibitz::bot::ChatInfo;
use kibitz::store::GameId;
use kibitz::store::{GameRecord, GameState, MoveRecord};
use kibitz::{Body, Catalogue, Incoming, Outgoing, Platform, Renderer, Service, Store};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

pub struct Bot {
    pub service: Arc<Service>,
    /// The database, for a second service on it (a restart, a second process).
    pub url: String,
    /// Milliseconds since the epoch; each reading moves it on by a second.
    pub clock: Arc<AtomicI64>,
    _dir: tempfile::TempDir,
}

/// 2026-11-29 09:00 UTC, when every test bot's clock starts.
pub const START_MS: i64 = 1_795_942_800_000;

pub async fn bot() -> Bot {
    let dir = tempfile::tempdir().unwrap();
    let url = crate::support::fresh_database(dir.path()).await;
    let clock = Arc::new(AtomicI64::new(START_MS));
    let service = service_on(&url, clock.clone()).await;
    Bot {
        service: Arc::new(service),
        url,
        clock,
        _dir: dir,
    }
}

/// A service on the database at `url`, reading time from `clock`.
pub async fn service_on(url: &str, clock: Arc<AtomicI64>) -> Service {
    let store = Store::connect(url).await.unwrap();
    Service::new(
        store,
        Arc::new(Renderer::new().unwrap()),
        Catalogue::load().unwrap(),
        Arc::new(move || clock.fetch_add(1000, Ordering::SeqCst)),
    )
}

pub fn line(chat: &str, speaker: &str, text: &str) -> Incoming {
    let mut incoming = kibitz::chat::console::incoming(&format!("@{speaker} {text}"), "player");
    incoming.chat = ChatInfo {
        id: chat.to_string(),
        title: None,
        private: false,
        community: None,
        thread: None,
    };
    incoming
}

/// The replies' texts, a picture's caption under `[picture]`.
pub fn replies_text(replies: &[Outgoing]) -> String {
    replies
        .iter()
        .map(|reply| match &reply.body {
            Body::Text(text) => text.clone(),
            Body::Image { caption, .. } => format!("[picture]\n{caption}"),
            Body::File { name, caption, .. } => format!("[file {name}]\n{caption}"),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

impl Bot {
    /// Moves the clock to `ms` since the epoch.
    pub fn set_time(&self, ms: i64) {
        self.clock.store(ms, Ordering::SeqCst);
    }

    pub async fn say(&self, speaker: &str, text: &str) -> Vec<Outgoing> {
        self.service.handle(&line("room", speaker, text)).await
    }

    /// What `speaker` gets for saying `text` in `room` on `platform`.
    pub async fn say_on(&self, platform: Platform, speaker: &str, text: &str) -> Vec<Outgoing> {
        let mut incoming = line("room", speaker, text);
        incoming.platform = platform;
        self.service.handle(&incoming).await
    }

    pub async fn text(&self, speaker: &str, text: &str) -> String {
        replies_text(&self.say(speaker, text).await)
    }

    /// alice challenges bob to `game` (seed 5, no clock) and bob accepts: alice is White.
    pub async fn start_game(&self, game: &str) {
        self.text("alice", &format!("challenge @bob {game} seed:5 time:none"))
            .await;
        let reply = self.text("bob", "accept").await;
        assert!(reply.contains("begins"), "{reply}");
    }

    /// Each (speaker, line, expected text) gets one text reply holding the expected text,
    /// and leaves every game and move as `before`.
    pub async fn assert_refusals(
        &self,
        cases: &[(&str, &str, &str)],
        before: &[(GameRecord, Vec<MoveRecord>)],
    ) {
        for &(speaker, text, expected) in cases {
            let replies = self.say(speaker, text).await;
            assert_eq!(replies.len(), 1, "{text}");
            let Body::Text(reply) = &replies[0].body else {
                panic!("{text}: a refusal is text");
            };
            assert!(reply.contains(expected), "{text}: {reply}");
            assert_eq!(self.snapshot().await, before, "{text} changed the database");
        }
    }

    /// Every game row and move, to compare before and after a refused command.
    pub async fn snapshot(&self) -> Vec<(GameRecord, Vec<MoveRecord>)> {
        let store = self.service.store();
        let mut all = Vec::new();
        for id in 1..20 {
            if let Some(game) = store.game(GameId(id)).await.unwrap() {
                let moves = store.moves(GameId(id)).await.unwrap();
                all.push((game, moves));
            }
        }
        all
    }
}

/// alice (White) and bob (Black) in a Knight Fight game on the board of seed 5.
async fn started(bot: &Bot) {
    let reply = bot
        .text("alice", "challenge @bob knight-fight seed:5")
        .await;
    assert!(reply.contains("alice challenges bob"), "{reply}");
    let reply = bot.text("bob", "accept").await;
    assert!(reply.contains("[picture]"), "{reply}");
    assert!(reply.contains("alice to move"), "{reply}");
}

#[tokio::test]
async fn refused_commands_explain_themselves_and_change_nothing() {
    let bot = bot().await;
    let reply = bot.text("alice", "move c1").await;
    assert!(reply.contains("no game running"), "{reply}");
    started(&bot).await;
    bot.text("carol", "hello").await; // carol is known from now on
    let before = bot.snapshot().await;
    let cases = [
        (
            "alice",
            "challenge @bob chess-boxing",
            "don't know the game",
        ),
        ("alice", "challenge", "Usage: challenge"),
        (
            "alice",
            "challenge @alice knight-fight",
            "cannot challenge yourself",
        ),
        ("alice", "move c2", "not on it"),
        ("alice", "move k1", "not a Knight Fight move"),
        ("alice", "move", "move <move>"),
        ("bob", "move c10", "not your turn"),
        ("carol", "move c1", "no game running"),
        ("carol", "move c1 #1", "not playing game #1"),
        ("alice", "resign #9", "no game #9"),
        ("alice", "board #x", "not a game number"),
        ("alice", "accept", "no challenge here"),
        ("bob", "decline", "no challenge here"),
        ("alice", "frobnicate", "no command"),
    ];
    bot.assert_refusals(&cases, &before).await;
    // A handle the platform could not resolve to a user it knows of.
    let mut unresolved = line("room", "alice", "challenge @nobody knight-fight");
    unresolved.mentions.clear();
    let replies = bot.service.handle(&unresolved).await;
    let Body::Text(reply) = &replies[0].body else {
        panic!("text")
    };
    assert!(reply.contains("don't know @nobody"), "{reply}");
    assert_eq!(bot.snapshot().await, before);
    // An illegal move also says how moves are written.
    let reply = bot.text("alice", "move c2").await;
    assert!(reply.contains("Usage: move <square>"), "{reply}");
}

#[tokio::test]
async fn a_finished_game_refuses_further_moves() {
    let bot = bot().await;
    started(&bot).await;
    let reply = bot.text("bob", "resign").await;
    assert!(
        reply.contains("bob resigns game #1. alice wins."),
        "{reply}"
    );
    assert!(reply.contains("alice wins (resignation)"), "{reply}");
    let before = bot.snapshot().await;
    let reply = bot.text("alice", "move c1 #1").await;
    assert!(
        reply.contains("Game #1 is over (alice wins (resignation))"),
        "{reply}"
    );
    assert_eq!(bot.snapshot().await, before);
    let reply = bot.text("alice", "board").await;
    assert!(
        reply.contains("[picture]"),
        "the last game can still be shown: {reply}"
    );
}

#[tokio::test]
async fn draws_are_offered_and_accepted_and_a_move_declines_them() {
    let bot = bot().await;
    started(&bot).await;
    let replies = bot.say("alice", "draw").await;
    assert_eq!(replies[0].buttons[0].command, "draw 1");
    let reply = bot.text("alice", "draw").await;
    assert!(reply.contains("already offered"), "{reply}");
    let first = kibitz::games::AnyGame::parse(kibitz::games::GameKind::KnightFight, "start:5")
        .unwrap()
        .legal_move_texts()
        .remove(0);
    bot.text("alice", &first).await;
    let reply = bot.text("bob", "draw").await;
    assert!(
        reply.contains("bob offers a draw"),
        "the move withdrew alice's offer: {reply}"
    );
    let reply = bot.text("alice", "draw").await;
    assert!(reply.contains("drawn by agreement"), "{reply}");
    assert!(reply.contains("Draw (agreement)"), "{reply}");
}

#[tokio::test]
async fn open_challenges_several_games_and_game_numbers() {
    let bot = bot().await;
    let replies = bot.say("alice", "challenge knight-fight black").await;
    let Body::Text(text) = &replies[0].body else {
        panic!("text")
    };
    assert!(
        text.contains("open Knight Fight (3 days a move) challenge (#1)"),
        "{text}"
    );
    assert_eq!(replies[0].buttons.len(), 1);
    let reply = bot.text("alice", "accept").await;
    assert!(reply.contains("your own challenge"), "{reply}");
    let reply = bot.text("carol", "accept 1").await;
    assert!(
        reply.contains("carol (White) against alice (Black)"),
        "{reply}"
    );
    bot.text("bob", "challenge @alice kf").await;
    let reply = bot.text("alice", "accept").await;
    assert!(reply.contains("Game #2"), "{reply}");
    let first = kibitz::games::AnyGame::start(kibitz::games::GameKind::KnightFight, 0);
    let reply = bot.text("carol", "board").await;
    assert!(reply.contains("Game #1"), "{reply}");
    let carol_move = bot
        .service
        .store()
        .game(GameId(1))
        .await
        .unwrap()
        .map(|g| kibitz::games::AnyGame::parse(g.kind, &g.position).unwrap())
        .unwrap_or(first)
        .legal_move_texts()
        .remove(0);
    let reply = bot.text("carol", &carol_move).await;
    assert!(reply.contains("alice to move"), "{reply}");
    // alice plays two games: in #1 it is her turn, in #2 bob's, so `board` shows #1.
    let reply = bot.text("alice", "board").await;
    assert!(reply.contains("Game #1"), "{reply}");
    let games = bot.text("dave", "games").await;
    assert!(
        games.contains("#1 Knight Fight: carol (White) against alice (Black), alice to move"),
        "{games}"
    );
    assert!(
        games.contains("#2 Knight Fight: bob (White) against alice (Black), bob to move"),
        "{games}"
    );
    let reply = bot.text("alice", "resign").await;
    assert!(reply.contains("several games"), "{reply}");
    let reply = bot.text("alice", "resign #2").await;
    assert!(reply.contains("bob wins"), "{reply}");
}

#[tokio::test]
async fn a_challenge_can_be_declined_or_withdrawn() {
    let bot = bot().await;
    bot.text("alice", "challenge @bob knight-fight").await;
    let reply = bot.text("bob", "decline").await;
    assert!(reply.contains("bob declined challenge #1"), "{reply}");
    bot.text("alice", "challenge @bob knight-fight").await;
    let reply = bot.text("alice", "decline 2").await;
    assert!(reply.contains("alice withdrew challenge #2"), "{reply}");
    let reply = bot.text("bob", "accept 2").await;
    assert!(reply.contains("no game #2"), "{reply}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn racing_commands_on_one_game_never_both_apply() {
    let bot = bot().await;
    started(&bot).await;
    let moves = kibitz::games::AnyGame::parse(kibitz::games::GameKind::KnightFight, "start:5")
        .unwrap()
        .legal_move_texts();
    for _ in 0..3 {
        let mut tasks = Vec::new();
        for mv in moves.iter().take(6) {
            let service = bot.service.clone();
            let incoming = line("room", "alice", &format!("move {mv}"));
            tasks.push(tokio::spawn(async move { service.handle(&incoming).await }));
        }
        for task in tasks {
            task.await.unwrap();
        }
        let store = bot.service.store();
        let game = store.game(GameId(1)).await.unwrap().unwrap();
        let played = store.moves(GameId(1)).await.unwrap();
        assert!(played.len() <= 1, "{played:?}");
        assert_eq!(game.plies as usize, played.len());
        if played.len() == 1 {
            break;
        }
    }
    assert_eq!(bot.service.store().moves(GameId(1)).await.unwrap().len(), 1);
    // Two users racing to accept one open challenge: one of them gets the game.
    bot.text("carol", "challenge knight-fight").await;
    let (a, b) = tokio::join!(bot.say("dave", "accept 2"), bot.say("erin", "accept 2"));
    let started = [a, b]
        .iter()
        .filter(|r| matches!(r[0].body, Body::Image { .. }))
        .count();
    assert_eq!(started, 1);
    let game = bot.service.store().game(GameId(2)).await.unwrap().unwrap();
    assert_eq!(game.state, GameState::Ongoing);
}

#[tokio::test]
async fn arbitrary_lines_always_get_an_answer() {
    use kibitz::games::rng::SeededRng;
    let bot = bot().await;
    started(&bot).await;
    let fragments = [
        "move",
        "accept",
        "decline",
        "board",
        "resign",
        "draw",
        "games",
        "help",
        "rules",
        "challenge",
        "@bob",
        "@alice",
        "#1",
        "#999",
        "1",
        "kf",
        "glacier",
        "seed:",
        "seed:x",
        "white",
        "random",
        "d3",
        "c1",
        "/",
        "//",
        "a0",
        "j10/a1",
        "99",
        "💥",
        "",
        "\u{0}",
        "start@Bot",
        "/move@KibitzBot",
        "-1",
        "#-1",
        "#18446744073709551616",
    ];
    let mut rng = SeededRng::new(99);
    for _ in 0..300 {
        let words = 1 + rng.below(4) as usize;
        let text: Vec<&str> = (0..words)
            .map(|_| fragments[rng.below(fragments.len() as u64) as usize])
            .collect();
        let speaker = ["alice", "bob", "carol"][rng.below(3) as usize];
        let replies = bot.say(speaker, &text.join(" ")).await;
        assert!(!replies.is_empty(), "{text:?} got no answer");
        for reply in &replies {
            if let Body::Text(text) = &reply.body {
                assert!(!text.contains("went wrong"), "{text}");
            }
        }
    }
}

#[tokio::test]
async fn a_draw_offer_can_be_declined_and_knight_fight_moves_come_as_buttons() {
    let bot = bot().await;
    bot.text("alice", "challenge @bob knight-fight seed:5")
        .await;
    let accepted = bot.say("bob", "accept").await;
    let buttons = &accepted[0].buttons;
    assert!(!buttons.is_empty() && buttons.len() <= 20, "{buttons:?}");
    assert!(
        buttons
            .iter()
            .all(|b| b.command == format!("move {} #1", b.label))
    );
    // Pressing one sends its command as alice: the move is played.
    let pressed = bot.text("alice", &buttons[0].command).await;
    assert!(
        pressed.contains(&format!("alice played {}", buttons[0].label)),
        "{pressed}"
    );
    let offer = bot.say("bob", "draw").await;
    let commands: Vec<&str> = offer[0]
        .buttons
        .iter()
        .map(|b| b.command.as_str())
        .collect();
    assert_eq!(commands, ["draw 1", "decline 1"]);
    let declined = bot.text("alice", "decline 1").await;
    assert!(
        declined.contains("alice declines the draw in game #1"),
        "{declined}"
    );
    let store = bot.service.store();
    assert_eq!(
        store.game(GameId(1)).await.unwrap().unwrap().draw_offer,
        None
    );
    // Declined: alice's `draw` is now an offer of her own, not an acceptance.
    let own = bot.text("alice", "draw").await;
    assert!(own.contains("alice offers a draw"), "{own}");
    assert_eq!(
        store.game(GameId(1)).await.unwrap().unwrap().state,
        kibitz::store::GameState::Ongoing
    );
}

/// A bare move finds its game: with two Glacier games where it is alice's turn, a move legal
/// in both is asked about with examples that work; `Nxf3 #2` and `#2 Nxf3` name the game; a
/// move legal in one game only is played there; one legal in none is refused naming them.
#[tokio::test]
async fn a_bare_move_finds_its_game() {
    let bot = bot().await;
    bot.text("alice", "challenge @bob glacier time:none").await;
    bot.text("bob", "accept").await;
    bot.text("alice", "challenge @carol glacier time:none")
        .await;
    bot.text("carol", "accept").await;
    let before = bot.snapshot().await;
    let cases = [
        (
            "alice",
            "Nxf3",
            "Nxf3 is a legal move in several of your games: #1, #2. Say which, e.g. move Nxf3 #1.",
        ),
        (
            "alice",
            "Qxh5",
            "is not a legal move in any of your games where it is your turn (#1, #2)",
        ),
    ];
    bot.assert_refusals(&cases, &before).await;
    let reply = bot.text("alice", "Nxf3 #2").await;
    assert!(reply.contains("Game #2 · carol to move"), "{reply}");
    // Now only game #1 waits for alice: the bare move goes there.
    let reply = bot.text("alice", "Nxf3").await;
    assert!(reply.contains("Game #1 · bob to move"), "{reply}");
    let reply = bot.text("carol", "#2 Nxf6").await;
    assert!(reply.contains("Game #2 · alice to move"), "{reply}");
    let reply = bot.text("alice", "hello there").await;
    assert!(reply.contains("no command"), "{reply}");
}

/// A bare placement goes to the open AMBIT puzzle though a game waits for the player's move;
/// a text that is both a placement and a legal move is asked about, and nothing changes.
#[tokio::test]
async fn a_bare_placement_goes_to_the_puzzle_unless_it_is_also_a_move() {
    let bot = bot().await;
    bot.text("alice", "challenge @bob glacier time:none").await;
    bot.text("bob", "accept").await;
    bot.text("alice", "ambit").await;
    // Kg4 is no Glacier move now (though it is alice's turn there): it is placed.
    let reply = bot.text("alice", "Kg4").await;
    assert!(
        reply.contains("Kg4 placed") || reply.contains("you lost a life"),
        "{reply}"
    );
    // Nxf3, a quiet move back and forth, then Nf3 is legal in the game and a placement.
    for (speaker, line) in [
        ("alice", "move Nxf3"),
        ("bob", "move Nxf6"),
        ("alice", "move Ng1"),
        ("bob", "move Ng8"),
    ] {
        let reply = bot.text(speaker, line).await;
        assert!(reply.contains("to move"), "{line}: {reply}");
    }
    let before = bot.snapshot().await;
    let cases = [(
        "alice",
        "Nf3",
        "Nf3 fits your AMBIT puzzle and your game #1. Say which: place Nf3 or move Nf3 #1.",
    )];
    bot.assert_refusals(&cases, &before).await;
    let reply = bot.text("alice", "move Nf3 #1").await;
    assert!(reply.contains("bob to move"), "{reply}");
}
