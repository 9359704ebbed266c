//! The console chat: one line of standard input is one chat message; replies go to standard
//! output and pictures into a folder.
//!
//! A line `@name text` speaks as user `name`; any other line speaks as the default user, so a
//! whole game between two people can be scripted in a file. Lines starting with `#` are
//! comments.

use super::shared::{DRAIN_LIMIT, Shutdown};
use crate::bot::schedule::{self, DAILY_SCAN, Poster};
use crate::bot::{Body, ChatInfo, Incoming, Outgoing, Platform, Service, UserInfo, Workers};
use std::path::{Path, PathBuf};
use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncWrite, AsyncWriteExt};
use tokio::sync::{mpsc, watch};

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
    /// Whether it ended at a stop (a signal) rather than at the end of the input.
    pub stopped: bool,
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

/// Rounds of engine moves (and tournament steps) between two lines at most. Each round
/// answers every game the computer is to move in, so one is enough against a person; a game
/// of the computer against itself takes a round a move, and the longest games measured run
/// to a few hundred moves. The bound only stops a loop that would not end.
const MAX_ENGINE_ROUNDS: usize = 2_000;

/// Runs the console chat until the input ends or `shutdown` turns true (a sender dropped
/// without it: the input's end alone ends it).
///
/// Like the other chats, the console runs the background workers (the daily posts, the
/// games' clocks) beside the lines, and prints what they post when they post it, not at the
/// next line typed. The computer's moves are the exception: they are made right after the
/// line they answer, before the next line is read, so that a game against the computer can
/// be piped in from a file and every move finds the computer's answer made.
///
/// A stop finishes the line in hand (its replies and the computer's answer to it are
/// printed), lets the workers finish a round in hand and print it, and returns.
pub async fn run<R, W>(
    service: &Service,
    input: R,
    mut output: W,
    options: &ConsoleOptions,
    shutdown: watch::Receiver<bool>,
) -> std::io::Result<ConsoleSummary>
where
    R: AsyncBufRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let shutdown = Shutdown::new(shutdown);
    tokio::fs::create_dir_all(&options.image_dir).await?;
    let mut session = Session {
        service,
        options,
        next_image: first_free_number(&options.image_dir),
        summary: ConsoleSummary::default(),
    };
    output
        .write_all(format!("kibitz: {}\n", service.phrase(None, "console-ready")).as_bytes())
        .await?;
    output.flush().await?;
    // The workers stop with the session: at a stop, and at the end of the input.
    let (stop_workers, workers_stop) = watch::channel(false);
    let (sender, mut posted) = mpsc::unbounded_channel();
    let holder = schedule::holder_name();
    // The computer's moves and the tournaments' rounds are made after each line
    // (`MAX_ENGINE_ROUNDS`), not by a worker.
    let workers = service.run_background(
        Platform::Console,
        holder.clone(),
        move || Forward(sender.clone()),
        Workers {
            daily_every: DAILY_SCAN,
            engine: false,
            tournaments: false,
        },
        workers_stop,
    );
    let lines = async {
        let read = session
            .read_lines(input, &mut output, &mut posted, &shutdown, &holder)
            .await;
        let _ = stop_workers.send(true);
        read?;
        // What the workers post on their way out (a round in hand) is printed too; the
        // channel closes when both have ended.
        let drained = tokio::time::timeout(DRAIN_LIMIT, async {
            while let Some(reply) = posted.recv().await {
                session.print(&mut output, &[reply]).await?;
            }
            Ok::<(), std::io::Error>(())
        })
        .await;
        match drained {
            Ok(printed) => printed?,
            Err(_) => tracing::warn!("the console's workers did not finish in time"),
        }
        Ok::<(), std::io::Error>(())
    };
    let (read, ()) = tokio::join!(lines, workers);
    read?;
    session.summary.stopped = shutdown.asked();
    Ok(session.summary)
}

/// The console's state between lines.
struct Session<'a> {
    service: &'a Service,
    options: &'a ConsoleOptions,
    next_image: u32,
    summary: ConsoleSummary,
}

impl Session<'_> {
    /// Reads and answers lines until the input ends or a stop is asked for, printing what
    /// the workers post as it comes.
    async fn read_lines<R, W>(
        &mut self,
        mut input: R,
        output: &mut W,
        posted: &mut mpsc::UnboundedReceiver<Outgoing>,
        shutdown: &Shutdown,
        holder: &str,
    ) -> std::io::Result<()>
    where
        R: AsyncBufRead + Unpin,
        W: AsyncWrite + Unpin,
    {
        let service = self.service;
        // A console stopped mid-search (Ctrl-C) left its claim behind; its move comes now,
        // not when the claim runs out.
        match service
            .store()
            .release_engine_claims(Platform::Console)
            .await
        {
            Ok(0) => {}
            Ok(released) => {
                tracing::info!(released, "engine claims of a stopped console released")
            }
            Err(error) => {
                tracing::warn!(%error, "cannot release the engine claims of a stopped console")
            }
        }
        let mut bytes = Vec::new();
        loop {
            // The computer's moves come right after the move they answer (and at start, a
            // move a stopped console was thinking about).
            self.engine_moves(output, holder).await?;
            if shutdown.asked() {
                return Ok(());
            }
            // Read as bytes: a line that is not UTF-8 is refused and the session goes on.
            // Reading is cancel-safe: a part of a line read before a post is printed stays
            // in `bytes`, and the line is read on from there.
            let read = tokio::select! {
                biased;
                () = shutdown.stopped() => return Ok(()),
                Some(reply) = posted.recv() => {
                    self.print(output, &[reply]).await?;
                    continue;
                }
                read = input.read_until(b'\n', &mut bytes) => read?,
            };
            // The end of the input; a last line without a newline is answered first.
            if read == 0 && bytes.is_empty() {
                return Ok(());
            }
            let utf8 = std::str::from_utf8(&bytes).is_ok();
            let decoded = String::from_utf8_lossy(&bytes).into_owned();
            let length = bytes.len();
            bytes.clear();
            let line = decoded.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            self.summary.lines += 1;
            let replies = if utf8 {
                service
                    .handle(&incoming(line, &self.options.default_user))
                    .await
            } else {
                tracing::warn!(bytes = length, "console line is not UTF-8; refused");
                vec![Outgoing::text(service.phrase(None, "console-not-utf8"))]
            };
            self.print(output, &replies).await?;
        }
    }

    /// Makes the computer's moves and the reviews that are due and prints them.
    async fn engine_moves<W: AsyncWrite + Unpin>(
        &mut self,
        output: &mut W,
        holder: &str,
    ) -> std::io::Result<()> {
        let posts = Collected::default();
        // The computer's moves, then what they (or the line) completed of a tournament: a
        // round paired and posted, whose games may be the computer's again. A game between
        // two of a tournament's computer players is so played out before the next line.
        for _ in 0..MAX_ENGINE_ROUNDS {
            let moved = match self
                .service
                .play_due_engine_moves(Platform::Console, holder, &posts)
                .await
            {
                Ok(moved) => moved,
                Err(error) => {
                    tracing::warn!(%error, "engine moves: database unavailable");
                    break;
                }
            };
            let advanced = match self
                .service
                .advance_tournaments(Platform::Console, holder, &posts)
                .await
            {
                Ok(advanced) => advanced,
                Err(error) => {
                    tracing::warn!(%error, "tournaments: database unavailable");
                    break;
                }
            };
            if moved + advanced == 0 {
                break;
            }
        }
        // A review asked for on this line is made now too, so its picture follows the line
        // (one at a time per chat, and the console is one chat).
        if let Err(error) = self
            .service
            .review_due_games(Platform::Console, holder, &posts)
            .await
        {
            tracing::warn!(%error, "analyses: database unavailable");
        }
        let made = posts.0.into_inner().unwrap_or_default();
        self.print(output, &made).await
    }

    async fn print<W: AsyncWrite + Unpin>(
        &mut self,
        output: &mut W,
        replies: &[Outgoing],
    ) -> std::io::Result<()> {
        for reply in replies {
            let text = show(
                reply,
                &self.options.image_dir,
                &mut self.next_image,
                &mut self.summary,
            )
            .await?;
            output.write_all(text.as_bytes()).await?;
        }
        output.flush().await
    }
}

/// The computer's moves of one round, printed together once the round is over.
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

/// What a worker posts (a daily, a clock's reminder or loss on time), handed to the session
/// to print as it comes.
struct Forward(mpsc::UnboundedSender<Outgoing>);

impl Poster for Forward {
    async fn post(&self, _chat: &str, replies: Vec<Outgoing>) -> Result<(), String> {
        for reply in replies {
            // The session has ended: the post is reported unsent, and so made again later.
            self.0
                .send(reply)
                .map_err(|_| "the console has ended".to_string())?;
        }
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
