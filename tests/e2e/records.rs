//! `export` and `replay` through the service: the proof that a finished Glacier game's
//! replay shows, frame by frame, the positions of its exported PGN; refusals that change
//! nothing.

use crate::service::{Bot, bot};
use kibitz::bot::replay_pictures;
use kibitz::games::records::Record;
use kibitz::store::GameId;
use kibitz::{AnyGame, Body, Outgoing, Renderer};

/// Plays `plies` moves in game `id` by a fixed rule (the legal move at `(7 ply + 3) mod n`
/// of the sorted list), alternating alice (White) and bob (Black).
async fn play(bot: &Bot, id: i64, plies: usize) {
    for ply in 0..plies {
        let game = bot.service.store().game(GameId(id)).await.unwrap().unwrap();
        let position = AnyGame::parse(game.kind, &game.position).unwrap();
        let legal = position.legal_move_texts();
        assert!(!position.status().is_over(), "the game ended at ply {ply}");
        let mv = &legal[(ply * 7 + 3) % legal.len()];
        let speaker = match position.side_to_move() {
            kibitz::Side::White => "alice",
            kibitz::Side::Black => "bob",
        };
        let reply = bot.text(speaker, &format!("move {mv} #{id}")).await;
        assert!(reply.contains("[picture]"), "{mv}: {reply}");
    }
}

/// The one file among `replies`: its name and bytes.
fn file(replies: &[Outgoing]) -> (String, Vec<u8>) {
    let files: Vec<(String, Vec<u8>)> = replies
        .iter()
        .filter_map(|reply| match &reply.body {
            Body::File { name, bytes, .. } => Some((name.clone(), bytes.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(files.len(), 1, "{replies:#?}");
    files[0].clone()
}

/// Each picture of a GIF as the viewer sees it (its frames drawn in turn over the last,
/// their transparent pixels left as they were), as RGB. A picture written in several parts is
/// several frames, all but its last shown for the shortest time (2 hundredths).
fn gif_frames(bytes: &[u8]) -> (u32, u32, Vec<Vec<u8>>) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(bytes).expect("a GIF");
    let (width, height) = (u32::from(decoder.width()), u32::from(decoder.height()));
    let global = decoder.global_palette().expect("a global palette").to_vec();
    let mut canvas = vec![0u8; (width * height * 3) as usize];
    let mut frames = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        let palette = frame.palette.clone().unwrap_or_else(|| global.clone());
        for row in 0..usize::from(frame.height) {
            for column in 0..usize::from(frame.width) {
                let index = frame.buffer[row * usize::from(frame.width) + column];
                if frame.transparent == Some(index) {
                    continue;
                }
                let x = usize::from(frame.left) + column;
                let y = usize::from(frame.top) + row;
                let at = (y * width as usize + x) * 3;
                let colour = usize::from(index) * 3;
                canvas[at..at + 3].copy_from_slice(&palette[colour..colour + 3]);
            }
        }
        if frame.delay > 2 {
            frames.push(canvas.clone());
        }
    }
    (width, height, frames)
}

#[tokio::test]
async fn a_finished_glacier_games_replay_shows_the_positions_of_its_pgn_frame_by_frame() {
    let bot = bot().await;
    bot.start_game("glacier").await;
    // 44 plies: past Black's 20th move, which brings the first Ice Age.
    play(&bot, 1, 44).await;
    // The resignation's news brings the replay (the one place a game's end is reported).
    let replies = bot.say("alice", "resign").await;
    assert!(
        matches!(replies[0].body, Body::Image { .. }),
        "{replies:#?}"
    );
    let (name, gif) = file(&replies);
    assert_eq!(name, "kibitz-1.gif");
    assert!(gif.starts_with(b"GIF89a"));
    // `replay` gives the same animation.
    let (_, again) = file(&bot.say("bob", "replay 1").await);
    assert_eq!(again, gif);

    let (name, pgn) = file(&bot.say("bob", "export").await);
    assert_eq!(name, "kibitz-1.pgn");
    let pgn = String::from_utf8(pgn).unwrap();
    assert!(pgn.contains("[Variant \"Glacier Chess\"]"), "{pgn}");
    assert!(pgn.contains("[SetUp \"1\"]"), "{pgn}");
    assert!(
        pgn.contains("[White \"alice\"]") && pgn.contains("[Black \"bob\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    assert!(pgn.contains("[Termination \"resignation\"]"), "{pgn}");

    // The PGN read back: the stored moves (UCI) from its SAN, the Ice Age marked after
    // Black's 20th move.
    let record = Record::read(&pgn).unwrap_or_else(|e| panic!("{e}\n{pgn}"));
    let moves = bot.service.store().moves(GameId(1)).await.unwrap();
    let stored: Vec<&str> = moves.iter().map(|m| m.notation.as_str()).collect();
    let read: Vec<&str> = record.turns.iter().map(|t| t.text.as_str()).collect();
    assert_eq!(read, stored);
    assert_eq!(record.turns.len(), 44);
    let steps = record.replay().unwrap();
    assert!(steps[40].ice_age && steps[40].number == 20, "{pgn}");
    let movetext = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        movetext.contains(&format!(
            "20. {} {} {{Ice Age}} 21. {}",
            steps[39].written, steps[40].written, steps[41].written
        )),
        "the Ice Age after Black's 20th move: {pgn}"
    );
    assert_ne!(steps[1].written, moves[0].notation, "SAN, not UCI: {pgn}");

    // Each position of the PGN drawn as a picture, compared with the GIF's frame pixel by
    // pixel.
    let pictures = replay_pictures(&record, &[]).unwrap();
    let (width, height, frames) = gif_frames(&gif);
    assert_eq!(frames.len(), 45, "the start and each move");
    let renderer = Renderer::new().unwrap();
    let mut ice_age_seen = false;
    for (number, ((game, view), frame)) in pictures.iter().zip(&frames).enumerate() {
        let png = renderer.render(game, view).unwrap();
        let picture = image::load_from_memory_with_format(&png, image::ImageFormat::Png)
            .unwrap()
            .to_rgb8();
        assert_eq!((picture.width(), picture.height()), (width, height));
        assert!(
            picture.as_raw() == frame,
            "frame {number} differs from the PGN's position {}",
            game.position_text()
        );
        ice_age_seen |= view.caption.contains('❄');
    }
    assert!(ice_age_seen, "a frame shows the Ice Age");
    // And a frame is not the one before it: the test would see a stuck animation.
    assert!(frames.windows(2).all(|pair| pair[0] != pair[1]));
}

#[tokio::test]
async fn export_and_replay_refuse_what_they_cannot_give_and_change_nothing() {
    let bot = bot().await;
    // Another chat's game.
    let other = crate::service::line("elsewhere", "carol", "challenge @dave knight-fight");
    bot.service.handle(&other).await;
    let accept = crate::service::line("elsewhere", "dave", "accept");
    bot.service.handle(&accept).await;
    bot.start_game("knight-fight").await;
    let before = bot.snapshot().await;
    bot.assert_refusals(
        &[
            ("alice", "export #1", "There is no game #1 in this chat."),
            ("alice", "replay #1", "There is no game #1 in this chat."),
            ("alice", "export #9", "There is no game #9"),
            ("alice", "export", "Game #2 has no moves to export yet."),
            ("bob", "replay 2", "Game #2 has no moves to replay yet."),
        ],
        &before,
    )
    .await;
    bot.text("alice", "challenge @bob glacier").await;
    bot.assert_refusals(
        &[("alice", "export #3", "Game #3 has not started")],
        &bot.snapshot().await,
    )
    .await;
}
