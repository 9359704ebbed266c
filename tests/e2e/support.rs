//! Shared helpers: scripted Knight Fight games and running the `kibitz` binary.

use kibitz::games::Timestamp;
use kibitz::games::knight_fight::Position;
use kibitz::games::rng::SeededRng;
use kibitz::store::GameId;
use kibitz::{Side, TwoPlayerGame};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The instant `ms` after the epoch: a test's clock reading.
pub fn at(ms: i64) -> Timestamp {
    Timestamp::from_millis(ms)
}

/// A whole Knight Fight game on the board of `seed`, chosen by a seeded random player:
/// the canonical moves in order and the final position.
pub fn scripted_game(seed: u64) -> (Vec<String>, Position) {
    let mut position = Position::start(seed);
    let mut rng = SeededRng::new(seed ^ 0x5EED);
    let mut moves = Vec::new();
    let mut legal = Vec::new();
    loop {
        position.legal_moves(&mut legal);
        if legal.is_empty() {
            return (moves, position);
        }
        let mv = legal[rng.below(legal.len() as u64) as usize];
        moves.push(position.move_text(mv));
        position.play(mv).expect("a generated move is legal");
    }
}

/// The console lines of `moves` played by alice (White) and bob (Black), alternating
/// between `move X` and a bare `X`.
pub fn move_lines(moves: &[String], first_ply: usize) -> Vec<String> {
    moves
        .iter()
        .enumerate()
        .map(|(i, mv)| {
            let ply = first_ply + i;
            let player = if ply.is_multiple_of(2) {
                "alice"
            } else {
                "bob"
            };
            if ply.is_multiple_of(3) {
                format!("@{player} {mv}")
            } else {
                format!("@{player} move {mv}")
            }
        })
        .collect()
}

pub fn score_line(position: &Position) -> String {
    format!(
        "alice {} : {} bob",
        position.score(Side::White),
        position.score(Side::Black)
    )
}

/// Runs `kibitz run` with `script` on standard input, on the database and picture folder
/// given; returns standard output.
pub fn run_console(database: &Path, images: &Path, script: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kibitz"))
        .arg("run")
        .env("DATABASE_URL", format!("sqlite://{}", database.display()))
        .env("KIBITZ_IMAGE_DIR", images)
        .env_remove("DISCORD_TOKEN")
        .env_remove("TELEGRAM_BOT_TOKEN")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kibitz starts");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(script.as_bytes())
        .expect("script is written");
    let output = child.wait_with_output().expect("kibitz finishes");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "kibitz run failed: {}\n{stdout}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

/// The paths of the pictures the console printed, in order.
pub fn pictures(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .filter_map(|line| line.strip_prefix("kibitz: [picture "))
        .filter_map(|rest| rest.strip_suffix(']'))
        .map(str::to_string)
        .collect()
}

/// [`run_binary_until`] from async code: on a blocking thread, so a stand-in served by the
/// test's runtime keeps answering while the binary runs.
pub async fn run_binary_until_off_runtime(
    env: &[(&str, &str)],
    database_url: &str,
    stop_at: Option<&str>,
) -> std::process::Output {
    let env: Vec<(String, String)> = env
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let (database_url, stop_at) = (database_url.to_string(), stop_at.map(str::to_string));
    tokio::task::spawn_blocking(move || {
        let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        run_binary_until(&env, &database_url, stop_at.as_deref())
    })
    .await
    .unwrap()
}

/// Runs `kibitz run` on `database_url` with no platform token but those in `env`, logging at
/// `RUST_LOG=debug` (unless `env` says otherwise), and stops it like `docker stop` (SIGTERM)
/// once its standard error shows `stop_at`; kills it if it has not ended within 20 s (it
/// ends by itself when a token is refused, or at once without a token: stdin is empty).
pub fn run_binary_until(
    env: &[(&str, &str)],
    database_url: &str,
    stop_at: Option<&str>,
) -> std::process::Output {
    use std::io::Read;
    use std::sync::{Arc, Mutex};
    let mut command = Command::new(env!("CARGO_BIN_EXE_kibitz"));
    command
        .arg("run")
        .env("DATABASE_URL", database_url)
        .env("RUST_LOG", "debug")
        .env_remove("DISCORD_TOKEN")
        .env_remove("TELEGRAM_BOT_TOKEN")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (name, value) in env {
        command.env(name, value);
    }
    let mut child = command.spawn().expect("kibitz starts");
    let collect = |mut pipe: Box<dyn Read + Send>| {
        let bytes = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&bytes);
        let reader = std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            while let Ok(read @ 1..) = pipe.read(&mut buffer) {
                sink.lock().unwrap().extend_from_slice(&buffer[..read]);
            }
        });
        (bytes, reader)
    };
    let (stdout, stdout_reader) = collect(Box::new(child.stdout.take().expect("piped")));
    let (stderr, stderr_reader) = collect(Box::new(child.stderr.take().expect("piped")));
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut stopped = false;
    let status = loop {
        if let Some(status) = child.try_wait().expect("kibitz can be waited for") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!(
                "kibitz run did not end: {}",
                String::from_utf8_lossy(&stderr.lock().unwrap())
            );
        }
        if let Some(marker) = stop_at
            && !stopped
            && String::from_utf8_lossy(&stderr.lock().unwrap()).contains(marker)
        {
            let sent = Command::new("kill")
                .args(["-TERM", &child.id().to_string()])
                .status()
                .expect("kill runs");
            assert!(sent.success(), "SIGTERM was not sent");
            stopped = true;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    stdout_reader.join().expect("stdout is read");
    stderr_reader.join().expect("stderr is read");
    let take = |bytes: Arc<Mutex<Vec<u8>>>| std::mem::take(&mut *bytes.lock().unwrap());
    std::process::Output {
        status,
        stdout: take(stdout),
        stderr: take(stderr),
    }
}

/// Fails when any of `secrets` appears in what the binary printed; returns standard error.
pub fn assert_shows_no_secret(output: &std::process::Output, secrets: &[&str]) -> String {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    for secret in secrets {
        assert!(
            !stdout.contains(secret) && !stderr.contains(secret),
            "{secret:?} was shown:\n{stdout}\n{stderr}"
        );
    }
    stderr
}

/// A local port nothing listens on.
pub fn closed_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    listener.local_addr().expect("its address").port()
}

/// The size every board picture has, from the renderer itself.
pub fn board_size() -> (u32, u32) {
    let view = kibitz::render::View {
        white: "Alice".into(),
        black: "Bob".into(),
        ..Default::default()
    };
    let png = kibitz::render::Renderer::new()
        .expect("the renderer prepares")
        .render(
            &kibitz::games::AnyGame::start(kibitz::games::GameKind::KnightFight, 1),
            &view,
        )
        .expect("a start board renders");
    let picture =
        image::load_from_memory_with_format(&png, image::ImageFormat::Png).expect("a PNG");
    (picture.width(), picture.height())
}

/// The URL of a new, empty database for one test: a SQLite file in `dir`, or a new database on
/// the PostgreSQL server of `KIBITZ_TEST_POSTGRES_URL` when that is set (`.ci/run` runs the
/// service and guild-life suites so, proving the PostgreSQL path).
/// A service on `store` with the real renderer and catalogue, on the system's clock.
pub fn service_on(store: &kibitz::store::Store) -> std::sync::Arc<kibitz::Service> {
    std::sync::Arc::new(kibitz::Service::new(
        store.clone(),
        std::sync::Arc::new(kibitz::Renderer::new().unwrap()),
        kibitz::Catalogue::load().unwrap(),
        kibitz::system_clock(),
    ))
}

pub async fn fresh_database(dir: &Path) -> String {
    let Some(server) = std::env::var("KIBITZ_TEST_POSTGRES_URL")
        .ok()
        .filter(|url| !url.is_empty())
    else {
        return format!("sqlite://{}", dir.join("bot.db").display());
    };
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let name = format!(
        "kibitz_e2e_{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, std::sync::atomic::Ordering::SeqCst)
    );
    kibitz::store::Store::create_postgres_database(&server, &name)
        .await
        .unwrap()
}

/// Runs the `kibitz` binary with `args`.
pub fn kibitz(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_kibitz"))
        .args(args)
        .output()
        .expect("kibitz runs")
}

/// Standard output's lines of a run that must have succeeded.
pub fn stdout_lines(output: &std::process::Output) -> Vec<String> {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

/// The notations of game `id`'s stored moves, in order.
pub async fn stored_moves(store: &kibitz::store::Store, id: i64) -> Vec<String> {
    store
        .moves(GameId(id))
        .await
        .unwrap()
        .into_iter()
        .map(|m| m.notation)
        .collect()
}

/// A [`Poster`](kibitz::bot::schedule::Poster) that records what it is asked to post; fails
/// while `failing` is set.
#[derive(Default)]
pub struct PostRecorder {
    pub posts: std::sync::Mutex<Vec<(String, Vec<kibitz::bot::Outgoing>)>>,
    pub failing: std::sync::atomic::AtomicBool,
}

impl kibitz::bot::schedule::Poster for PostRecorder {
    async fn post(&self, chat: &str, replies: Vec<kibitz::bot::Outgoing>) -> Result<(), String> {
        if self.failing.load(std::sync::atomic::Ordering::SeqCst) {
            return Err("the platform is down".into());
        }
        self.posts.lock().unwrap().push((chat.to_string(), replies));
        Ok(())
    }
}

impl PostRecorder {
    pub fn count(&self) -> usize {
        self.posts.lock().unwrap().len()
    }

    /// The caption of post `index`, after checking it is a PNG picture.
    pub fn caption(&self, index: usize) -> String {
        let posts = self.posts.lock().unwrap();
        match &posts[index].1[0].body {
            kibitz::bot::Body::Image { png, caption } => {
                assert!(png.starts_with(b"\x89PNG"), "a PNG picture");
                caption.clone()
            }
            kibitz::bot::Body::Text(text) => panic!("a picture, not {text}"),
            kibitz::bot::Body::File { name, .. } => panic!("a picture, not the file {name}"),
        }
    }

    /// The parts of post `index`'s caption the service marked as spoilers.
    pub fn spoilers(&self, index: usize) -> Vec<String> {
        let posts = self.posts.lock().unwrap();
        let post = &posts[index].1[0];
        let (text, spoilers) = post.text_and_spoilers();
        spoilers
            .iter()
            .map(|s| text[s.clone()].to_string())
            .collect()
    }
}

/// Stores yesterday's easy AMBIT daily with a made-up solution, so that today's daily post
/// shows it behind a spoiler; the solution.
pub async fn yesterdays_daily(store: &kibitz::store::Store) -> String {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("a clock after 1970")
        .as_secs() as i64;
    let yesterday =
        kibitz::games::ambit::Date::from_days_since_epoch(now / 86_400 - 1).expect("a date");
    let solution = "N c3 B d4 R e5".to_string();
    let record = kibitz::store::DailyRecord {
        day: yesterday.to_string(),
        footprint: String::new(),
        level: "easy".to_string(),
        min_pieces: 3,
        solutions: 1,
        solution: solution.clone(),
    };
    store
        .keep_daily(&record, at(now * 1000))
        .await
        .expect("yesterday's daily is stored");
    solution
}

/// Everything logged on this thread, at every level, while it lives: for tests on a
/// current-thread runtime, where every task runs on the test's thread.
pub struct LogCapture {
    buffer: std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
    _guard: tracing::subscriber::DefaultGuard,
    /// One capture at a time: two threads' subscribers coming and going at once can leave
    /// tracing's shared call-site cache without this one.
    _alone: std::sync::MutexGuard<'static, ()>,
}

static CAPTURING: std::sync::Mutex<()> = std::sync::Mutex::new(());

struct LogBuffer(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for LogBuffer {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl LogCapture {
    pub fn start() -> LogCapture {
        let alone = CAPTURING
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let buffer = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let writer = buffer.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_max_level(tracing::Level::TRACE)
            .with_ansi(false)
            .with_writer(move || LogBuffer(writer.clone()))
            .finish();
        let guard = tracing::subscriber::set_default(subscriber);
        // Call sites other tests' threads (with no subscriber) met first are asked again.
        tracing::callsite::rebuild_interest_cache();
        LogCapture {
            buffer,
            _guard: guard,
            _alone: alone,
        }
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(
            &self
                .buffer
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner()),
        )
        .into_owned()
    }
}

/// A clock that runs with the system's and can be moved on by a test: the time plus
/// the milliseconds in the returned cell, for adapters (whose leases and pacing need time to
/// go on) in tests that jump days ahead.
pub fn shifted_clock() -> (
    kibitz::bot::Clock,
    std::sync::Arc<std::sync::atomic::AtomicI64>,
) {
    use std::sync::atomic::Ordering;
    let shift = std::sync::Arc::new(std::sync::atomic::AtomicI64::new(0));
    let system = kibitz::system_clock();
    let cell = shift.clone();
    let clock: kibitz::bot::Clock =
        std::sync::Arc::new(move || system() + cell.load(Ordering::SeqCst));
    (clock, shift)
}

/// What a background worker (daily posts, the computer's moves, the clocks) posted, by chat.
#[derive(Default)]
pub struct Posted(std::sync::Mutex<Vec<(String, kibitz::Outgoing)>>);

impl kibitz::bot::schedule::Poster for Posted {
    async fn post(&self, chat: &str, replies: Vec<kibitz::Outgoing>) -> Result<(), String> {
        let mut posted = self.0.lock().unwrap();
        posted.extend(replies.into_iter().map(|reply| (chat.to_string(), reply)));
        Ok(())
    }
}

impl Posted {
    /// What was posted, in order.
    pub fn replies(&self) -> Vec<kibitz::Outgoing> {
        self.0
            .lock()
            .unwrap()
            .iter()
            .map(|(_, r)| r.clone())
            .collect()
    }

    /// Where each post went (a `chat_address`) and what it was, in order.
    pub fn addressed(&self) -> Vec<(String, kibitz::Outgoing)> {
        self.0.lock().unwrap().clone()
    }

    /// Each post's text or caption.
    pub fn captions(&self) -> Vec<String> {
        self.replies()
            .iter()
            .map(|reply| reply.text_and_spoilers().0.to_string())
            .collect()
    }

    /// Each post's text, a picture's caption after `[picture]`.
    pub fn texts(&self) -> Vec<String> {
        self.replies()
            .iter()
            .map(|reply| match &reply.body {
                kibitz::Body::Image { caption, .. } => format!("[picture]\n{caption}"),
                kibitz::Body::File { name, caption, .. } => format!("[file {name}]\n{caption}"),
                kibitz::Body::Text(text) => text.clone(),
            })
            .collect()
    }
}

/// The first legal move of game `id` as the rules list it, for whoever is to move.
pub async fn first_move(store: &kibitz::Store, id: i64) -> String {
    let game = store.game(GameId(id)).await.unwrap().unwrap();
    let position = kibitz::AnyGame::parse(game.kind, &game.position).unwrap();
    position.legal_move_texts().into_iter().next().unwrap()
}

/// Twelve players `p00` … `p11` of `platform`, each with one rated Knight Fight game in
/// `chat` (six games, each resigned at once by its challenger), so that the chat's Knight
/// Fight leaderboard has two pages.
pub async fn two_pages_of_ratings(
    url: &str,
    platform: kibitz::Platform,
    chat: kibitz::bot::ChatInfo,
) {
    let clock = std::sync::Arc::new(std::sync::atomic::AtomicI64::new(crate::service::START_MS));
    let service = crate::service::service_on(url, clock).await;
    for pair in 0..6 {
        let (white, black) = (format!("p{:02}", 2 * pair), format!("p{:02}", 2 * pair + 1));
        let lines = [
            (&white, format!("challenge @{black} knight-fight")),
            (&black, "accept".to_string()),
            (&white, "resign confirm".to_string()),
        ];
        for (speaker, text) in lines {
            let mut incoming =
                kibitz::chat::console::incoming(&format!("@{speaker} {text}"), "player");
            incoming.platform = platform;
            incoming.chat = chat.clone();
            let replies = service.handle(&incoming).await;
            assert!(!replies.is_empty(), "{text}");
        }
    }
    let last = service
        .store()
        .game(GameId(6))
        .await
        .unwrap()
        .expect("six games");
    assert_eq!(last.state, kibitz::store::GameState::Finished, "resigned");
    service.store().close().await;
}

/// The binary, set to run in `dir` on a SQLite database and a picture folder of its own,
/// with none of the platforms' tokens, the listener's address or the daily secret of the
/// environment it runs in.
pub fn kibitz_in_dir(dir: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_kibitz"));
    command
        .current_dir(dir)
        .env(
            "DATABASE_URL",
            format!("sqlite://{}", dir.join("k.db").display()),
        )
        .env("KIBITZ_IMAGE_DIR", dir.join("images"))
        .env_remove("DISCORD_TOKEN")
        .env_remove("TELEGRAM_BOT_TOKEN")
        .env_remove("KIBITZ_HTTP_ADDR")
        .env_remove("KIBITZ_DAILY_SECRET");
    command
}

/// How many pictures a replay GIF shows: a picture written in several parts is several
/// frames, all but its last shown for the shortest time (2 hundredths of a second).
pub fn gif_pictures(gif: &[u8]) -> usize {
    gif::DecodeOptions::new()
        .read_info(gif)
        .unwrap_or_else(|error| panic!("not a GIF: {error}"))
        .into_iter()
        .filter(|frame| frame.as_ref().is_ok_and(|frame| frame.delay > 2))
        .count()
}
