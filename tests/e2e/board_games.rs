//! Whole games played by tapping, in a real browser: both players' boards open side by side
//! (two browser sessions), every move tapped on the mover's board, said in the group as if
//! typed, and shown on the other board as it comes.

use crate::board::{
    BoardSetup, now_seconds, save_screenshot, start, stored_position, tap, wait_target,
};
use crate::telegram::{alice, bob};
use crate::telegram_standin::TOKEN;
use crate::webdriver::{Browser, Session};
use kibitz::store::{GameId, GameState};
use std::time::Duration;

/// Waits until `window` offers its viewer the move.
async fn wait_your_move(window: &Session<'_>) {
    window
        .wait_until(
            "the viewer's move",
            "const s = document.querySelector('[data-role=status]'); \
             return s !== null && s.textContent === 'Your move' \
                 && document.querySelector('.movable') !== null",
            Duration::from_secs(20),
        )
        .await;
}

/// Alice's (White's) and Bob's (Black's) boards of game 1, each in a browser session of its
/// own, as each player opens it from the group.
async fn both_boards<'b>(setup: &BoardSetup, browser: &'b Browser) -> (Session<'b>, Session<'b>) {
    let white = browser.window(412, 915).await;
    white
        .open(&setup.launch_url(&alice(), now_seconds(), TOKEN))
        .await;
    let black = browser.window(412, 915).await;
    black
        .open(&setup.launch_url(&bob(), now_seconds(), TOKEN))
        .await;
    (white, black)
}

/// Taps the unit move `from`-`to` on `window`: the piece, then its target once offered.
async fn tap_move(window: &Session<'_>, from: &str, to: &str) {
    tap(window, from).await;
    wait_target(window, to).await;
    tap(window, to).await;
}

/// Waits until the game has `plies` moves stored.
async fn wait_stored(setup: &BoardSetup, plies: usize) {
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while crate::support::stored_moves(&setup.store, 1).await.len() < plies {
        assert!(
            std::time::Instant::now() < deadline,
            "move {plies} was not stored"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_glacier_game_is_played_by_tapping_to_checkmate() {
    let setup = start().await;
    setup.challenge("glacier").await;
    let Some(browser) = Browser::start().await else {
        setup.stop().await;
        return;
    };
    let (white, black) = both_boards(&setup, &browser).await;
    // The shortest game there is: the ice is eaten, and Black's knight mates a king its own
    // knight and pawns hem in (found by a search of every line six plies deep).
    let line = [
        ("c2", "b3"),
        ("b8", "a6"),
        ("e2", "d3"),
        ("a6", "b4"),
        ("g1", "e2"),
        ("b4", "d3"),
    ];
    for (ply, (from, to)) in line.iter().enumerate() {
        let mover = if ply % 2 == 0 { &white } else { &black };
        wait_your_move(mover).await;
        let offered = stored_position(&setup.store).await.board_view().choices;
        assert!(
            offered.iter().any(|c| c.taps == [*from, *to]),
            "{from}-{to} is legal"
        );
        tap_move(mover, from, to).await;
        wait_stored(&setup, ply + 1).await;
    }
    let game = setup.store.game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(game.state, GameState::Finished);
    // The mover's board shows what the group was told; the other board the result.
    for (window, result) in [
        (&white, "Black wins (checkmate)"),
        (&black, "Bob wins (checkmate)"),
    ] {
        window
            .wait_until(
                "the result on both boards",
                &format!(
                    "return document.querySelector('[data-role=status]').textContent.includes('{result}')"
                ),
                Duration::from_secs(10),
            )
            .await;
        // Nothing is left to tap or press.
        let left = window
            .run(
                "return document.querySelectorAll('.movable').length \
                     + [...document.querySelectorAll('.game-buttons button')].filter(b => !b.hidden).length",
                serde_json::json!([]),
            )
            .await;
        assert_eq!(left, 0);
    }
    save_screenshot(&white, "glacier-mated").await;
    // Every move was said in the group, the mate too.
    let said: Vec<String> = setup
        .standin
        .calls()
        .iter()
        .filter(|c| c.method == "sendphoto" && c.text().contains(" played "))
        .map(|c| c.text().to_string())
        .collect();
    assert_eq!(said.len(), 6, "{said:#?}");
    assert!(said[5].contains("Bob played"), "{}", said[5]);
    white.close().await;
    black.close().await;
    setup.stop().await;
}

/// Puts game 1 at the Glacier position `fen` (as if its moves had led there), one version on.
async fn set_position(setup: &BoardSetup, fen: &str) {
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&setup.url).await.unwrap();
    sqlx::query("UPDATE games SET position = $1, version = version + 1 WHERE id = 1")
        .bind(fen)
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pawn_on_the_last_rank_becomes_the_piece_picked_on_the_board() {
    let setup = start().await;
    setup.challenge("glacier").await;
    set_position(&setup, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").await;
    let Some(browser) = Browser::start().await else {
        setup.stop().await;
        return;
    };
    let white = browser.window(412, 915).await;
    white
        .open(&setup.launch_url(&alice(), now_seconds(), TOKEN))
        .await;
    wait_your_move(&white).await;
    tap_move(&white, "b7", "b8").await;
    // Nothing is played yet: the page asks which piece, the queen first.
    let pieces = white
        .wait_until(
            "the promotion's choice",
            "const h = document.querySelector('[data-role=promotion]'); \
             return h && !h.hidden ? [...h.querySelectorAll('button')].map(b => \
                 [b.dataset.piece, b.getAttribute('aria-label')]) : null;",
            Duration::from_secs(10),
        )
        .await;
    assert_eq!(
        pieces,
        serde_json::json!([
            ["q", "queen"],
            ["r", "rook"],
            ["b", "bishop"],
            ["n", "knight"]
        ])
    );
    assert!(
        crate::support::stored_moves(&setup.store, 1)
            .await
            .is_empty()
    );
    save_screenshot(&white, "glacier-promotion").await;
    let before = setup.standin.calls().len();
    white.click("[data-role=promotion] [data-piece=n]").await;
    let calls = setup
        .standin
        .wait_for("the under-promotion in the group", |calls| {
            calls[before..]
                .iter()
                .any(|c| c.method == "sendphoto" && c.text().contains("Alice played"))
        })
        .await;
    let said = calls[before..]
        .iter()
        .find(|c| c.method == "sendphoto")
        .unwrap()
        .text()
        .to_string();
    assert!(said.contains("b8=N"), "{said}");
    let stored = stored_position(&setup.store).await;
    let b8 = stored
        .board_view()
        .cells
        .into_iter()
        .find(|c| c.square == "b8")
        .unwrap();
    assert_eq!(b8.piece.map(|p| (p.side, p.letter)), Some(("white", 'n')));
    white.close().await;
    setup.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ambit_puzzle_is_solved_on_the_board_from_its_rack() {
    let setup = start().await;
    // Alice starts a practice puzzle in her private chat with the bot; its picture carries
    // the board's button, a web app on the puzzle.
    let before = setup.standin.calls().len();
    setup.standin.push(serde_json::json!({
        "message": crate::telegram_standin::message(alice().id, &alice(), 1, "/play ambit easy")
    }));
    let calls = setup
        .standin
        .wait_for("the puzzle's picture", |calls| {
            calls[before..]
                .iter()
                .any(|c| c.answered() && c.method == "sendphoto")
        })
        .await;
    let picture = calls[before..]
        .iter()
        .find(|c| c.method == "sendphoto")
        .unwrap();
    assert!(
        picture.params["reply_markup"]
            .to_string()
            .contains("/app/?puzzle=1"),
        "{}",
        picture.params["reply_markup"]
    );
    let attempt = setup.store.attempt(1).await.unwrap().unwrap();
    let solution: Vec<String> = attempt
        .solution
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let game = kibitz::games::ambit::Game::parse(&attempt.state).unwrap();
    // A placement that does not fit: a queen on a corner outside the footprint reaches
    // squares outside it (an easy puzzle is never the whole board).
    let footprint = game.footprint().0;
    let wrong = ["a1", "h1", "a8", "h8"]
        .into_iter()
        .find(|square| {
            let placement =
                kibitz::games::ambit::notation::parse_placement(&format!("Q{square}")).unwrap();
            kibitz::games::ambit::Footprint::union_of(&[placement]).0 & !footprint != 0
        })
        .unwrap();
    let Some(browser) = Browser::start().await else {
        setup.stop().await;
        return;
    };
    let window = browser.window(412, 915).await;
    window.open(&setup.puzzle_launch_url(&alice(), 1)).await;
    window
        .wait_until(
            "the puzzle's rack",
            "return document.querySelectorAll('[data-role=rack] button').length === 5",
            Duration::from_secs(20),
        )
        .await;
    assert_eq!(
        window.text("[data-role=status]").await,
        "Pick a piece, then its square"
    );
    // Only her own puzzle: Bob is told there is none.
    let client = reqwest::Client::new();
    let bob = crate::board::session_token(&setup, &client, &bob()).await;
    let bob_sees = client
        .get(format!("{}/api/puzzles/1", setup.base))
        .bearer_auth(&bob)
        .send()
        .await
        .unwrap();
    assert_eq!(bob_sees.status(), 404);
    save_screenshot(&window, "ambit").await;
    let place = |piece: String, square: String| {
        let window = &window;
        async move {
            window
                .click(&format!("[data-role=rack] [data-piece={piece}]"))
                .await;
            wait_target(window, &square).await;
            tap(window, &square).await;
        }
    };
    // The wrong one costs a life, as typed.
    place("Q".to_string(), wrong.to_string()).await;
    window
        .wait_until(
            "a life lost",
            "return document.querySelector('[data-role=detail]').textContent.includes('Lives: ★★') \
                 && !document.querySelector('[data-role=detail]').textContent.includes('★★★')",
            Duration::from_secs(10),
        )
        .await;
    for (index, placement) in solution.iter().enumerate() {
        let (piece, square) = placement.split_at(1);
        place(piece.to_string(), square.to_string()).await;
        // As a player would, look at the board again before the next piece.
        window
            .wait_until(
                "the placement shown",
                &format!(
                    "return document.querySelector('[data-square=\"{square}\"] .piece') !== null"
                ),
                Duration::from_secs(10),
            )
            .await;
        // Each placement is stored before the next tap.
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        loop {
            let state = setup.store.attempt(1).await.unwrap().unwrap().state;
            let placed = kibitz::games::ambit::Game::parse(&state)
                .unwrap()
                .placements()
                .len();
            if placed == index + 1 {
                break;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "{placement} not placed"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    let attempt = setup.store.attempt(1).await.unwrap().unwrap();
    assert_eq!(attempt.status, kibitz::store::AttemptStatus::Solved);
    assert_eq!(attempt.stars, Some(2));
    // Opened again, the board shows the solve with its stars and nothing left to place.
    window.open("about:blank").await;
    window.open(&setup.puzzle_launch_url(&alice(), 1)).await;
    window
        .wait_until(
            "the solve",
            "return document.querySelector('[data-role=status]').textContent === 'Solved! ★★'",
            Duration::from_secs(10),
        )
        .await;
    assert!(
        window
            .run(
                "return document.querySelector('[data-role=rack]').hidden",
                serde_json::json!([])
            )
            .await
            .as_bool()
            .unwrap()
    );
    save_screenshot(&window, "ambit-solved").await;
    window.close().await;
    setup.stop().await;
}

/// The king distance between two squares' names (`e4`, `t20`).
fn distance(a: &str, b: &str) -> i32 {
    let place = |s: &str| {
        let file = i32::from(s.as_bytes()[0] - b'a');
        let rank: i32 = s[1..].parse().unwrap();
        (file, rank)
    };
    let ((x1, y1), (x2, y2)) = (place(a), place(b));
    (x1 - x2).abs().max((y1 - y2).abs())
}

/// The squares of `side`'s brains on `view`.
fn brains(view: &kibitz::games::BoardView, side: &str) -> Vec<String> {
    view.cells
        .iter()
        .filter(|c| {
            c.piece
                .as_ref()
                .is_some_and(|p| p.letter == 'C' && p.side == side)
        })
        .map(|c| c.square.clone())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_critters_game_is_played_by_tapping_until_both_brains_fall() {
    let setup = start().await;
    setup.challenge("critters").await;
    let Some(browser) = Browser::start().await else {
        setup.stop().await;
        return;
    };
    let (white, black) = both_boards(&setup, &browser).await;
    // The players agree on a quick game: Black's brains march on White's, White passes
    // until a unit of its own can take a brain, then takes it.
    let mut turns = 0;
    loop {
        let mut position = stored_position(&setup.store).await;
        if position.status().is_over() {
            break;
        }
        assert!(turns < 30, "the game goes on after {turns} turns");
        let side = position.side_to_move();
        let window = if side == kibitz::Side::White {
            &white
        } else {
            &black
        };
        wait_your_move(window).await;
        if side == kibitz::Side::White {
            let view = position.board_view();
            let targets = brains(&view, "black");
            match view
                .choices
                .iter()
                .find(|c| c.taps.len() == 2 && targets.contains(&c.taps[1]))
            {
                Some(take) => {
                    tap_move(window, &take.taps[0], &take.taps[1]).await;
                    position.play_message(&take.text).unwrap();
                    if !position.status().is_over() {
                        wait_turn_shown(window, &take.taps[1]).await;
                        window.click("[data-role=done]").await;
                    }
                }
                None => window.click("[data-role=pass]").await,
            }
        } else {
            for brain in brains(&position.board_view(), "black") {
                let view = position.board_view();
                let goal = brains(&view, "white")
                    .into_iter()
                    .min_by_key(|w| distance(w, &brain))
                    .unwrap();
                let occupied: Vec<&String> = view
                    .cells
                    .iter()
                    .filter(|c| c.piece.is_some())
                    .map(|c| &c.square)
                    .collect();
                let step = view
                    .choices
                    .iter()
                    .filter(|c| {
                        c.taps.len() == 2 && c.taps[0] == brain && !occupied.contains(&&c.taps[1])
                    })
                    .min_by_key(|c| distance(&c.taps[1], &goal))
                    .unwrap()
                    .clone();
                tap_move(window, &step.taps[0], &step.taps[1]).await;
                position.play_message(&step.text).unwrap();
                if position.side_to_move() == side {
                    wait_turn_shown(window, &step.taps[1]).await;
                }
            }
            // With its brains gone from its units, a turn may end by itself.
            if position.side_to_move() == side {
                window.click("[data-role=done]").await;
            }
        }
        turns += 1;
        wait_stored(&setup, turns).await;
    }
    let game = setup.store.game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(game.state, GameState::Finished);
    eprintln!("the Critters game ended after {turns} turns, every one tapped");
    black
        .wait_until(
            "the result on Black's board",
            "return document.querySelector('[data-role=status]').textContent.startsWith('White wins')",
            Duration::from_secs(10),
        )
        .await;
    save_screenshot(&black, "critters-over").await;
    let said = setup
        .standin
        .calls()
        .iter()
        .filter(|c| c.method == "sendphoto" && c.text().contains(" played "))
        .count();
    assert_eq!(said, turns, "every turn said in the group");
    white.close().await;
    black.close().await;
    setup.stop().await;
}

/// Waits until `window` shows the unit just moved on `square`, the turn still being built.
async fn wait_turn_shown(window: &Session<'_>, square: &str) {
    window
        .wait_until(
            "the unit on its target",
            &format!(
                "return document.querySelector('[data-square=\"{square}\"] .unit.moved') !== null"
            ),
            Duration::from_secs(10),
        )
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_opened_outside_the_chat_apps_says_where_to_open_it_in_the_browsers_language() {
    let setup = start().await;
    let Some(browser) = Browser::start().await else {
        setup.stop().await;
        return;
    };
    let window = browser.window(412, 915).await;
    window.open(&format!("{}/app/", setup.base)).await;
    window
        .wait_until(
            "the page's word",
            "return document.querySelector('[data-role=status]').textContent.startsWith('Open this board from the chat:')",
            Duration::from_secs(10),
        )
        .await;
    // The words come in the language the browser asks for, as the chat's catalogue has them.
    let norwegian = window
        .run(
            "return fetch('/api/words?locale=nb-NO').then(r => r.json())",
            serde_json::json!([]),
        )
        .await;
    assert_eq!(norwegian["language"], "nb");
    assert_eq!(
        norwegian["words"]["open_from_chat"],
        "Åpne brettet fra chatten: bildet av et parti har en knapp for det."
    );
    // Nothing of a game is shown without a session: no squares, no players.
    assert_eq!(
        window
            .run(
                "return document.querySelectorAll('[data-square]').length \
                     + (document.querySelector('[data-role=players]').hidden ? 0 : 1)",
                serde_json::json!([])
            )
            .await,
        0
    );
    window.close().await;
    setup.stop().await;
}
