//! The console chat: one line of standard input is one chat message; replies go to standard
//! output and pictures into a folder.
//!
//! A line `@name text` speaks as user `name`; any other line speaks as the default user, so a
//! whole game between two people can be scripted in a file. Lines starting with `#` are
//! comments.

use crate::bot::schedule::{self, Poster};
use crate::bot::{Body, ChatInfo, Incoming, Outgoing, Platform, Service, UserInfo};
use std::path::{Path, PathBuf};
use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncWrite, AsyncWriteExt};

#[derive(Clone, Debug)]
pub struct ConsoleOptions {
    /// Where pictures are written.
    pub image_dir: PathBuf,
    /// Who speaks on a line without `@name`.
    pub default_user: String,
}

/// What a console session did, for the caller and the tests.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConsoleSummary {
    pub lines: usize,
    pub images: Vec<PathBuf>,
    /// Files written beside the pictures: records (`export`) and replays.
    pub files: Vec<PathBuf>,
}

fn user(name: &str) -> UserInfo {
    UserInfo {
        id: name.to_lowercase(),
        name: name.to_string(),
        handle: Some(name.to_string()),
    }
}

/// Splits `@alice move d3` into the speaker and the text.
fn speaker_and_text<'a>(line: &'a str, default_user: &'a str) -> (&'a str, &'a str) {
    if let Some(rest) = line.strip_prefix('@') {
        let (name, text) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        if !name.is_empty() {
            return (name, text.trim());
        }
    }
    (default_user, line)
}

pub fn incoming(line: &str, default_user: &str) -> Incoming {
    let (speaker, text) = speaker_and_text(line, default_user);
    let mentions = text
        .split_whitespace()
        .filter_map(|word| word.strip_prefix('@'))
        .map(|name| name.trim_end_matches([',', '.', '!', '?', ':']))
        .filter(|name| !name.is_empty())
        .map(user)
        .collect();
    Incoming {
        platform: Platform::Console,
        chat: ChatInfo {
            id: "console".to_string(),
            title: Some("Console".to_string()),
            private: false,
            community: None,
            thread: None,
        },
        user: user(speaker),
        text: text.to_string(),
        locale: None,
        mentions,
        // The console is the operator's own terminal.
        admin: true,
        membership: None,
        pressed: false,
    }
}

/// The next free picture number in `dir`, so a new session does not overwrite old pictures.
fn first_free_number(dir: &Path) -> u32 {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter_map(|e| {
                    let name = e.file_name().to_string_lossy().into_owned();
                    name.split('-').next()?.parse::<u32>().ok()
                })
                .max()
                .map_or(1, |n| n + 1)
        })
        .unwrap_or(1)
}

/// Rounds of engine moves between two lines: each round answers every game the computer is
/// to move in, so one is enough unless the database is slow to show a commit.
const MAX_ENGINE_ROUNDS: usize = 4;

/// Runs the console chat until the input ends.
pub async fn run<R, W>(
    service: &Service,
    input: R,
    mut output: W,
    options: &ConsoleOptions,
) -> std::io::Result<ConsoleSummary>
where
    R: AsyncBufRead + Unpin,
    W: AsyncWrite + Unpin,
{
    tokio::fs::create_dir_all(&options.image_dir).await?;
    let mut next_image = first_free_number(&options.image_dir);
    let mut summary = ConsoleSummary::default();
    let mut input = input;
    let mut bytes = Vec::new();
    let holder = schedule::holder_name();
    if let Err(error) = service.catch_up().await {
        tracing::warn!(%error, "cannot rate unrated games");
    }
    // A console stopped mid-search (Ctrl-C) left its claim behind; its move comes now, not
    // when the claim runs out.
    match service
        .store()
        .release_engine_claims(Platform::Console.as_str())
        .await
    {
        Ok(0) => {}
        Ok(released) => tracing::info!(released, "engine claims of a stopped console released"),
        Err(error) => {
            tracing::warn!(%error, "cannot release the engine claims of a stopped console")
        }
    }
    loop {
        // Ratings the database refused earlier (it was locked) are retried between lines.
        service.retry_deferred_ratings().await;
        // The daily post of the console chat (`settings daily …`) comes between lines.
        let posts = Collected::default();
        if let Err(error) = service
            .post_due_dailies(Platform::Console, &holder, &posts)
            .await
        {
            tracing::warn!(%error, "daily posts: database unavailable");
        }
        // The computer's moves come between lines too, right after the move they answer.
        for _ in 0..MAX_ENGINE_ROUNDS {
            match service
                .play_due_engine_moves(Platform::Console, &holder, &posts)
                .await
            {
                Ok(0) => break,
                Ok(_) => {}
                Err(error) => {
                    tracing::warn!(%error, "engine moves: database unavailable");
                    break;
                }
            }
        }
        // So do the games' clocks: reminders, and games lost on time.
        if let Err(error) = service
            .handle_due_clocks(Platform::Console, &holder, &posts)
            .await
        {
            tracing::warn!(%error, "clocks: database unavailable");
        }
        let posted = posts.0.into_inner().unwrap_or_default();
        for reply in posted {
            let text = show(&reply, &options.image_dir, &mut next_image, &mut summary).await?;
            output.write_all(text.as_bytes()).await?;
        }
        output.flush().await?;
        // Read as bytes: a line that is not UTF-8 is refused and the session goes on.
        bytes.clear();
        if input.read_until(b'\n', &mut bytes).await? == 0 {
            break;
        }
        let decoded = String::from_utf8_lossy(&bytes);
        let line = decoded.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        summary.lines += 1;
        let replies = match &decoded {
            std::borrow::Cow::Borrowed(_) => {
                service.handle(&incoming(line, &options.default_user)).await
            }
            std::borrow::Cow::Owned(_) => {
                tracing::warn!(bytes = bytes.len(), "console line is not UTF-8; refused");
                vec![Outgoing::text(service.phrase(None, "console-not-utf8"))]
            }
        };
        for reply in replies {
            let text = show(&reply, &options.image_dir, &mut next_image, &mut summary).await?;
            output.write_all(text.as_bytes()).await?;
        }
        output.flush().await?;
    }
    Ok(summary)
}

/// The console's daily posts, printed like replies.
#[derive(Default)]
struct Collected(std::sync::Mutex<Vec<Outgoing>>);

impl Poster for Collected {
    async fn post(&self, _chat: &str, replies: Vec<Outgoing>) -> Result<(), String> {
        self.0
            .lock()
            .map_err(|_| "poisoned".to_string())?
            .extend(replies);
        Ok(())
    }
}

/// The terminal shows a spoiler between bars, as chat users would type one.
fn with_spoiler_bars(text: &str, spoilers: &[std::ops::Range<usize>]) -> String {
    let mut out = String::with_capacity(text.len() + 4 * spoilers.len());
    let mut at = 0;
    for spoiler in spoilers {
        let (Some(before), Some(inner)) = (text.get(at..spoiler.start), text.get(spoiler.clone()))
        else {
            continue;
        };
        out.push_str(before);
        out.push_str("||");
        out.push_str(inner);
        out.push_str("||");
        at = spoiler.end;
    }
    out.push_str(text.get(at..).unwrap_or_default());
    out
}

async fn show(
    reply: &Outgoing,
    image_dir: &Path,
    next_image: &mut u32,
    summary: &mut ConsoleSummary,
) -> std::io::Result<String> {
    let mut text = String::new();
    let (said, spoilers) = reply.text_and_spoilers();
    let said = with_spoiler_bars(said, spoilers);
    match &reply.body {
        Body::Text(_) => {
            for line in said.lines() {
                text.push_str(&format!("kibitz: {line}\n"));
            }
        }
        Body::Image { png, .. } => {
            let path = image_dir.join(format!("{:04}-board.png", *next_image));
            *next_image += 1;
            tokio::fs::write(&path, png).await?;
            text.push_str(&format!("kibitz: [picture {}]\n", path.display()));
            for line in said.lines() {
                text.push_str(&format!("kibitz: {line}\n"));
            }
            summary.images.push(path);
        }
        Body::File { name, bytes, .. } => {
            // The service names the file (`kibitz-12.pgn`); numbered like the pictures, so
            // a later export of the same game does not overwrite this one.
            let path = image_dir.join(format!("{:04}-{name}", *next_image));
            *next_image += 1;
            tokio::fs::write(&path, bytes).await?;
            text.push_str(&format!("kibitz: [file {}]\n", path.display()));
            for line in said.lines() {
                text.push_str(&format!("kibitz: {line}\n"));
            }
            summary.files.push(path);
        }
    }
    for button in &reply.buttons {
        text.push_str(&format!(
            "kibitz:   [{}] type: {}\n",
            button.label, button.command
        ));
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_leading_handle_names_the_speaker() {
        let line = incoming("@Alice challenge @Bob knight-fight", "player");
        assert_eq!(line.user.name, "Alice");
        assert_eq!(line.user.id, "alice");
        assert_eq!(line.text, "challenge @Bob knight-fight");
        assert_eq!(line.mentions, vec![user("Bob")]);
        let plain = incoming("board", "player");
        assert_eq!(plain.user.name, "player");
        assert_eq!(plain.text, "board");
        let lone = incoming("@", "player");
        assert_eq!(lone.user.name, "player");
    }
}
