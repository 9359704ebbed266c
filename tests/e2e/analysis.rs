//! `analysis`: the engine's review of a finished game, through the service: queued once,
//! made once by one of two racing processes, answered from the store afterwards, its marks
//! in `history` and the PGN; refusals that change nothing.

use crate::service::{bot, service_on};
use crate::support::Posted;
use kibitz::Body;
use kibitz::store::GameId;
use kibitz::{Platform, Service};

async fn review_round(service: &Service, holder: &str, posted: &Posted) -> usize {
    service
        .review_due_games(Platform::Console, holder, posted)
        .await
        .unwrap()
}

/// A Glacier game where bob (Black) plays, three times, the move that leaves White best
/// off by a quick search, and alice answers with the engine's move; then bob resigns. Returns
/// the game's turns.
async fn play_blunders(bot: &crate::service::Bot) -> usize {
    use kibitz::engine::{Level, think};
    bot.start_game("glacier").await;
    let level = Level::new(3).unwrap();
    let mut turns = 0;
    for round in 0..3u64 {
        let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
        let position = kibitz::AnyGame::parse(kibitz::GameKind::Glacier, &game.position).unwrap();
        let white = think(&position, level, round).unwrap().text;
        let reply = bot.text("alice", &white).await;
        assert!(reply.contains("[picture]"), "{white}: {reply}");
        let mut after = position.clone();
        after.play_text(&white).unwrap();
        // The reply after which White's own search scores White highest.
        let worst = after
            .legal_move_texts()
            .into_iter()
            .max_by_key(|reply| {
                let mut next = after.clone();
                next.play_text(reply).unwrap();
                think(&next, Level::new(2).unwrap(), 1).map_or(0, |c| c.score)
            })
            .unwrap();
        let reply = bot.text("bob", &worst).await;
        assert!(reply.contains("[picture]"), "{worst}: {reply}");
        turns += 2;
    }
    let resigned = bot.say("bob", "resign").await;
    let text = crate::service::replies_text(&resigned);
    assert!(text.contains("alice wins"), "{text}");
    assert!(
        resigned[0]
            .buttons
            .iter()
            .any(|b| b.label.contains("Analysis") && b.command == "analysis #1"),
        "a finished game offers its review: {:?}",
        resigned[0].buttons
    );
    turns
}

#[tokio::test]
async fn a_planted_blunder_is_reviewed_once_and_marked_everywhere() {
    let bot = bot().await;
    let second = service_on(&bot.url, bot.clock.clone()).await;
    let turns = play_blunders(&bot).await;

    let queued = bot.text("bob", "analysis").await;
    assert!(
        queued.contains(&format!("Reviewing game #1 ({turns} moves)")),
        "{queued}"
    );
    let again = bot.text("alice", "analysis #1").await;
    assert!(again.contains("0 % done"), "{again}");

    // Two processes race for the review: one makes it, and posts it once.
    let posted = Posted::default();
    let (one, two) = tokio::join!(
        review_round(&bot.service, "a", &posted),
        review_round(&second, "b", &posted),
    );
    assert_eq!(one + two, 1, "one review, by one process");
    assert_eq!(review_round(&bot.service, "a", &posted).await, 0);
    // A review longer than one save also shows its progress (a message edited in place).
    let (progress, replies): (Vec<_>, Vec<_>) =
        posted.replies().into_iter().partition(|r| r.live.is_some());
    assert!(
        progress
            .iter()
            .all(|r| crate::service::replies_text(std::slice::from_ref(r))
                .contains("Analysing game #1")
                || crate::service::replies_text(std::slice::from_ref(r)).contains("done in")),
        "{progress:?}"
    );
    assert_eq!(replies.len(), 1);
    let Body::Image { png, caption } = &replies[0].body else {
        panic!("the review is a picture: {:?}", replies[0].body);
    };
    assert!(png.starts_with(b"\x89PNG"));
    assert!(caption.contains("Review of game #1"), "{caption}");
    let bob = caption.lines().find(|l| l.starts_with("bob:")).unwrap();
    assert!(
        !bob.ends_with("?! 0 · ? 0 · ?? 0"),
        "bob's bad moves are counted: {caption}"
    );
    let worst = caption
        .lines()
        .find(|l| l.starts_with("The biggest swing: "))
        .unwrap();
    assert!(worst.contains("? (the engine preferred "), "{caption}");

    // Asked again, it is answered from the store, by either process.
    let stored = bot.text("alice", "analysis #1").await;
    assert!(
        stored.contains("[picture]") && stored.contains("The biggest swing"),
        "{stored}"
    );
    let history = bot.text("alice", "history #1").await;
    let marked = |l: &&str| {
        l.split_whitespace()
            .any(|w| w.len() > 2 && w.ends_with('?'))
    };
    assert!(history.lines().skip(1).any(|l| marked(&l)), "{history}");
    assert!(history.contains("?? blunder"), "{history}");
    let pgn = bot.say("alice", "export #1").await;
    let Body::File { bytes, .. } = &pgn[0].body else {
        panic!("export is a file");
    };
    let pgn = String::from_utf8(bytes.clone()).unwrap();
    assert!(
        [" $6 {[%eval ", " $2 {[%eval ", " $4 {[%eval "]
            .iter()
            .any(|nag| pgn.contains(nag)),
        "a mark's glyph and value: {pgn}"
    );
    // The annotated PGN reads back as the same game.
    let record = kibitz::games::records::Record::read(&pgn).unwrap();
    assert_eq!(record.turns.len(), turns);
}

#[tokio::test]
async fn a_review_is_refused_for_a_game_in_play_and_one_at_a_time_in_a_chat() {
    let bot = bot().await;
    bot.start_game("knight-fight").await;
    let before = bot.snapshot().await;
    bot.assert_refusals(
        &[
            ("alice", "analysis #1", "still being played"),
            ("alice", "analysis #7", "#7"),
        ],
        &before,
    )
    .await;
    assert!(
        bot.service
            .store()
            .analysis(GameId(1))
            .await
            .unwrap()
            .is_none()
    );
    let position = bot.text("alice", "board").await;
    assert!(position.contains("[picture]"), "{position}");
    let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
    let start = kibitz::AnyGame::parse(kibitz::GameKind::KnightFight, &game.position).unwrap();
    let first = start.legal_move_texts().remove(0);
    bot.text("alice", &first).await;
    bot.text("bob", "resign").await;
    assert!(
        bot.text("alice", "analysis")
            .await
            .contains("Reviewing game #1")
    );
    // A second finished game waits for the first review in this chat.
    bot.text("alice", "challenge @bob knight-fight seed:6 time:none")
        .await;
    bot.text("bob", "accept").await;
    let game = bot.service.store().game(GameId(2)).await.unwrap().unwrap();
    let start = kibitz::AnyGame::parse(kibitz::GameKind::KnightFight, &game.position).unwrap();
    bot.text(
        "alice",
        &format!("{} #2", start.legal_move_texts().remove(0)),
    )
    .await;
    bot.text("bob", "resign #2").await;
    let busy = bot.text("alice", "analysis #2").await;
    assert!(busy.contains("reviewing game #1"), "{busy}");
    let posted = Posted::default();
    assert_eq!(review_round(&bot.service, "a", &posted).await, 1);
    // Once it is posted, the next may be asked for.
    let next = bot.text("alice", "analysis #2").await;
    assert!(next.contains("Reviewing game #2"), "{next}");
    // A game without moves has nothing to review, and nothing is queued.
    bot.text("alice", "challenge @bob knight-fight seed:7 time:none")
        .await;
    bot.text("bob", "accept").await;
    bot.text("bob", "resign #3").await;
    let nothing = bot.text("alice", "analysis #3").await;
    assert!(nothing.contains("no moves to review"), "{nothing}");
    assert!(
        bot.service
            .store()
            .analysis(GameId(3))
            .await
            .unwrap()
            .is_none()
    );
}
