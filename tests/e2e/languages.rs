//! Russian and Norwegian through the console binary: `lang`, native piece letters for Glacier
//! Chess and AMBIT, and replies in the player's language.

use crate::support::{at, run_console};
use kibitz::Store;
use std::path::Path;

/// Every console reply line of `stdout`, without the `kibitz: ` prefix.
fn replies(stdout: &str) -> Vec<&str> {
    stdout
        .lines()
        .filter_map(|l| l.strip_prefix("kibitz: "))
        .collect()
}

fn glacier_game(language: &str, knight: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let script = [
        format!("@alice lang {language}"),
        format!("@bob lang {language}"),
        "@alice challenge @bob glacier".to_string(),
        "@bob accept".to_string(),
        format!("@alice {knight}f3"),
        format!("@bob {knight}f6"),
        format!("@bob {knight}c6"),
        format!("@alice {knight}c3"),
        format!("@bob {knight}c6"),
    ]
    .join("\n");
    run_console(&dir.path().join("k.db"), &dir.path().join("img"), &script)
}

#[test]
fn a_glacier_game_is_played_in_russian_with_russian_piece_letters() {
    let stdout = glacier_game("ru", "К");
    let lines = replies(&stdout);
    assert!(
        lines.contains(&"Теперь я говорю с вами по-русски."),
        "{stdout}"
    );
    // Moves are written back in English SAN (every empty square starts as ice).
    assert!(stdout.contains("Ход alice: Nxf3."), "{stdout}");
    assert!(stdout.contains("Ход bob: Nxf6."), "{stdout}");
    assert!(stdout.contains("сейчас не ваш ход"), "{stdout}");
    assert!(stdout.contains("Ход alice: Nxc3."), "{stdout}");
    assert!(stdout.contains("Ход bob: Nxc6."), "{stdout}");
    assert_eq!(stdout.matches("[picture").count(), 5, "{stdout}");
    assert!(
        !stdout.contains(" to move"),
        "an English caption slipped in: {stdout}"
    );
}

#[test]
fn a_glacier_game_is_played_in_norwegian_with_norwegian_piece_letters() {
    let stdout = glacier_game("nb", "S");
    let lines = replies(&stdout);
    assert!(
        lines.contains(&"Fra nå av snakker jeg norsk med deg."),
        "{stdout}"
    );
    assert!(stdout.contains("alice spilte Nxf3."), "{stdout}");
    assert!(stdout.contains("Det er ikke din tur"), "{stdout}");
    assert!(stdout.contains("bob spilte Nxc6."), "{stdout}");
    assert_eq!(stdout.matches("[picture").count(), 5, "{stdout}");
}

/// The open practice puzzle's solution of `user` in the console chat.
async fn open_solution(database: &Path, user: &str) -> Vec<String> {
    let store = Store::connect(&format!("sqlite://{}", database.display()))
        .await
        .unwrap();
    let user = store
        .user_by_handle(kibitz::Platform::Console, user)
        .await
        .unwrap()
        .unwrap();
    let chat = store
        .upsert_chat(kibitz::Platform::Console, "console", None, None, at(0))
        .await
        .unwrap();
    let attempt = store.open_attempts(user.id, chat).await.unwrap().remove(0);
    store.close().await;
    attempt
        .solution
        .split_whitespace()
        .map(String::from)
        .collect()
}

async fn ambit_puzzle(language: &str, letters: [(&str, &str); 5]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let database = dir.path().join("k.db");
    let images = dir.path().join("img");
    let started = run_console(
        &database,
        &images,
        &format!("@carol lang {language}\n@carol ambit easy"),
    );
    assert!(started.contains("[picture"), "{started}");
    let solution = open_solution(&database, "carol").await;
    let native: Vec<String> = solution
        .iter()
        .map(|placement| {
            let (letter, square) = placement.split_at(1);
            let local = letters
                .iter()
                .find(|(english, _)| *english == letter)
                .map_or(letter, |(_, local)| local);
            format!("@carol {local}{square}")
        })
        .collect();
    format!(
        "{started}{}",
        run_console(&database, &images, &native.join("\n"))
    )
}

#[tokio::test]
async fn an_ambit_puzzle_is_solved_in_russian_and_in_norwegian() {
    let russian = [("K", "Кр"), ("Q", "Ф"), ("R", "Л"), ("B", "С"), ("N", "К")];
    let stdout = ambit_puzzle("ru", russian).await;
    assert!(stdout.contains("Новая задача AMBIT (уровень: "), "{stdout}");
    assert!(
        stdout.contains("Решено! Сохранено звёзд: 3 из 3."),
        "{stdout}"
    );
    let norwegian = [("K", "K"), ("Q", "D"), ("R", "T"), ("B", "L"), ("N", "S")];
    let stdout = ambit_puzzle("nb", norwegian).await;
    assert!(stdout.contains("En ny AMBIT-oppgave"), "{stdout}");
    assert!(
        stdout.contains("Løst! Du beholder 3 av 3 stjerner."),
        "{stdout}"
    );
}
