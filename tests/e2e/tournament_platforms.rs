//! Tournaments on the platforms' stand-ins: a round robin of four run from slash commands and
//! buttons on Discord, its games in threads of their own, and the same on Telegram, its
//! players mentioned in each round's pairings.

use crate::discord::{self, IN_PLACE, alice, bob, carol, one_reply, posts_to};
use crate::discord_standin::{CHANNEL, Person, StandIn, text};
use kibitz::store::{GameId, TournamentId, TournamentState};
use std::collections::HashSet;

fn dave() -> Person {
    Person {
        id: 4_404,
        username: "dave",
        global_name: "Dave",
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_of_four_runs_on_discord_with_pairings_pings_and_a_thread_a_game() {
    let standin = StandIn::start().await;
    standin.grant_threads();
    let adapter = discord::start(&standin, IN_PLACE).await;
    standin.ready().await;
    let people = [alice(), bob(), carol(), dave()];
    let calls = standin
        .command(
            &alice(),
            "tournament",
            &[
                text("action", "create"),
                text("game", "knight-fight"),
                text("format", "round-robin"),
                text("title", "Server Cup"),
            ],
            &[],
        )
        .await;
    let made = one_reply(&calls, "create");
    assert!(
        made.content()
            .contains("Tournament #1 “Server Cup”: Knight Fight, round robin"),
        "{made:#?}"
    );
    assert!(
        made.buttons()
            .iter()
            .any(|(_, id)| id == "tournament join 1"),
        "{made:#?}"
    );
    // Only an admin makes one: bob has no Manage Server.
    let calls = standin
        .command(
            &bob(),
            "tournament",
            &[text("action", "create"), text("game", "glacier")],
            &[],
        )
        .await;
    assert!(one_reply(&calls, "bob's create").ephemeral());
    for person in &people {
        let calls = standin.press(person, "tournament join 1").await;
        assert!(
            one_reply(&calls, "join")
                .content()
                .contains("joined tournament #1"),
            "{calls:#?}"
        );
    }
    let calls = standin
        .command(&alice(), "tournament", &[text("action", "start")], &[])
        .await;
    // The start is answered; the worker's round 1 may come with it.
    assert!(
        calls
            .iter()
            .any(|c| c.answered() && c.content().contains("has begun: 4 players")),
        "{calls:#?}"
    );
    let mut opened: HashSet<u64> = HashSet::new();
    for round in 1..=3 {
        let header = format!("Server Cup (#1), round {round} of 3:");
        let calls = standin
            .wait_for(
                &format!("round {round}'s games in their threads"),
                |calls| {
                    calls
                        .iter()
                        .any(|c| c.answered() && c.content().contains(&header))
                        && standin.threads().len() == 2 * round
                        && calls
                            .iter()
                            .filter(|c| c.content().contains("is played in this thread"))
                            .count()
                            == 2 * round
                },
            )
            .await;
        // A message a board, each naming its players as mentions.
        let boards: Vec<_> = posts_to(&calls, CHANNEL)
            .into_iter()
            .filter(|c| c.content().starts_with("Board "))
            .collect();
        assert_eq!(boards.len(), 2 * round, "{boards:#?}");
        for board in boards.iter().rev().take(2) {
            let pinged = board.message()["allowed_mentions"]["users"]
                .as_array()
                .map_or(0, Vec::len);
            assert_eq!(pinged, 2, "{board:#?}");
        }
        for (thread, _, name) in standin.threads() {
            if !opened.insert(thread) {
                continue;
            }
            assert!(name.starts_with("Knight Fight #"), "{name}");
            // The game played in this thread: its Black resigns there.
            let mut game = None;
            for id in 1..=6 {
                let stored = adapter.store.game(GameId(id)).await.unwrap();
                if let Some(stored) = stored.filter(|g| g.thread == Some(thread.to_string())) {
                    game = Some(stored);
                }
            }
            let game = game.expect("the thread's game");
            let black = adapter
                .store
                .user(game.black_id.unwrap())
                .await
                .unwrap()
                .unwrap();
            let person = people
                .iter()
                .find(|p| p.id.to_string() == black.external_id)
                .unwrap();
            standin
                .press_in_thread(thread, person, "resign confirm")
                .await;
        }
    }
    standin
        .wait_for("the podium", |calls| {
            calls
                .iter()
                .any(|c| c.answered() && c.content().contains("Server Cup (#1) is over."))
        })
        .await;
    let tournament = adapter
        .store
        .tournament(TournamentId(1))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(tournament.state, TournamentState::Finished);
    assert_eq!(
        standin.threads().len(),
        6,
        "a thread for each of the six games"
    );
    adapter.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_of_four_runs_in_a_telegram_group_with_its_players_mentioned() {
    use crate::telegram::{self, GROUP, Setup};
    use crate::telegram_standin::Person as TelegramPerson;
    let setup = Setup::new().await;
    let adapter = setup.adapter().await;
    let dave = TelegramPerson {
        id: 44,
        first_name: "Dave",
        username: Some("dave"),
    };
    let people = [telegram::alice(), telegram::bob(), telegram::carol(), dave];
    let reply = setup
        .text_reply(&people[0], "/tournament create kf rr Group Cup")
        .await;
    assert!(reply.contains("Tournament #1 “Group Cup”"), "{reply}");
    // Bob is no admin of the group: Telegram is asked, and he is refused.
    let reply = setup
        .text_reply(&people[1], "/tournament create glacier")
        .await;
    assert!(reply.contains("Only the chat's admins"), "{reply}");
    // An admin lets members make them: bob makes one, and (its maker) cancels it.
    let reply = setup
        .text_reply(&people[0], "/settings tournaments members")
        .await;
    assert!(
        reply.contains("Members may make tournaments here"),
        "{reply}"
    );
    let reply = setup
        .text_reply(&people[1], "/tournament create glacier")
        .await;
    assert!(reply.contains("Tournament #2"), "{reply}");
    let reply = setup.text_reply(&people[1], "/tournament cancel 2").await;
    assert!(reply.contains("Tournament #2 was cancelled"), "{reply}");
    let reply = setup.text_reply(&people[2], "/tournament cancel 1").await;
    assert!(
        reply.contains("Only the one who made tournament #1"),
        "{reply}"
    );
    for person in &people {
        let reply = setup.text_reply(person, "/tournament join").await;
        assert!(reply.contains("joined tournament #1"), "{reply}");
    }
    setup.say(&people[0], "/tournament start").await;
    for round in 1..=3u32 {
        let header = format!("Group Cup (#1), round {round} of 3:");
        let calls = setup
            .standin
            .wait_for(&format!("round {round}'s pairings"), |calls| {
                calls
                    .iter()
                    .any(|c| c.answered() && c.chat() == GROUP && c.text().contains(&header))
            })
            .await;
        let post = calls
            .iter()
            .rev()
            .find(|c| c.text().contains(&header))
            .unwrap();
        // The four players are mentioned (text mentions of their ids), none of them twice.
        let entities = &post.params["entities"];
        let entities: serde_json::Value = match entities.as_str() {
            Some(text) => serde_json::from_str(text).unwrap(),
            None => entities.clone(),
        };
        let mentioned: HashSet<i64> = entities
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["type"] == "text_mention")
            .map(|e| e["user"]["id"].as_i64().unwrap())
            .collect();
        assert_eq!(mentioned, HashSet::from([11, 22, 33, 44]), "{post:#?}");
        let boards = adapter
            .store
            .tournament_boards(TournamentId(1))
            .await
            .unwrap();
        for board in boards.iter().filter(|b| b.round == round) {
            let (Some(black), Some(game)) = (board.black_id, board.game_id) else {
                continue;
            };
            let black = adapter.store.user(black).await.unwrap().unwrap();
            let person = people
                .iter()
                .find(|p| p.id.to_string() == black.external_id)
                .unwrap();
            setup.say(person, &format!("/resign confirm #{game}")).await;
        }
    }
    setup
        .standin
        .wait_for("the podium", |calls| {
            calls
                .iter()
                .any(|c| c.answered() && c.text().contains("Group Cup (#1) is over."))
        })
        .await;
    let tournament = adapter
        .store
        .tournament(TournamentId(1))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(tournament.state, TournamentState::Finished);
    adapter.stop().await;
}
