//! Every statement a chat command runs is bounded by an index: a session of commands goes
//! through the service on SQLite, every statement it ran is caught from sqlx's statement log,
//! and SQLite's plan of each (`EXPLAIN QUERY PLAN`) must not scan a whole table. So a
//! command's cost follows what it is about (a chat's live games, one user's rows), not how
//! many rows the database holds.
//!
//! Its own test binary: the statement log is process-wide, and no other test's statements
//! (the scheduler's, the migrations') may slip in; the tests of this binary take turns
//! ([`SERIAL`]) for the same reason.

use kibitz::{AnyGame, Body, Catalogue, GameKind, Incoming, Renderer, Service, Store};
use sqlx::{Connection, Row};
use std::collections::BTreeSet;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use tracing_subscriber::layer::{Context, SubscriberExt};

/// Every statement run since the log was last cleared, in order, repeats included.
static STATEMENTS: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Held for the whole of a test: one test's statements at a time in the log.
static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Sends sqlx's statement events to [`STATEMENTS`], once for the whole binary.
fn log_statements() {
    static INSTALL: std::sync::Once = std::sync::Once::new();
    INSTALL.call_once(|| {
        tracing::subscriber::set_global_default(tracing_subscriber::registry().with(Statements))
            .expect("the only subscriber of this test binary");
    });
}

/// The statements logged since the last call, emptying the log.
fn take_statements() -> Vec<String> {
    std::mem::take(&mut *STATEMENTS.lock().unwrap_or_else(|e| e.into_inner()))
}

/// Waits until the log has been still for a while: SQLite's worker thread logs a statement
/// when it is done with it, which can be just after the caller has its rows, so a count
/// taken at once could miss the last statement of one command and give it to the next.
async fn settle() {
    let logged = || STATEMENTS.lock().unwrap_or_else(|e| e.into_inner()).len();
    let mut last = logged();
    loop {
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        let now = logged();
        if now == last {
            return;
        }
        last = now;
    }
}

/// Catches the SQL of sqlx's `sqlx::query` events: the whole text is in `db.statement` when
/// it is longer than the `summary`, else in the summary.
struct Statements;

#[derive(Default)]
struct Fields {
    summary: String,
    statement: String,
}

impl tracing::field::Visit for Fields {
    fn record_str(&mut self, field: &tracing::field::Field, value: &str) {
        match field.name() {
            "summary" => self.summary = value.to_string(),
            "db.statement" => self.statement = value.to_string(),
            _ => {}
        }
    }

    fn record_debug(&mut self, _: &tracing::field::Field, _: &dyn std::fmt::Debug) {}
}

impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for Statements {
    fn on_event(&self, event: &tracing::Event<'_>, _: Context<'_, S>) {
        if event.metadata().target() != "sqlx::query" {
            return;
        }
        let mut fields = Fields::default();
        event.record(&mut fields);
        let sql = if fields.statement.trim().is_empty() {
            fields.summary
        } else {
            fields.statement.trim().to_string()
        };
        if !sql.is_empty() {
            STATEMENTS
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(sql);
        }
    }
}

fn line(chat: &str, speaker: &str, text: &str) -> Incoming {
    let mut incoming = kibitz::chat::console::incoming(&format!("@{speaker} {text}"), "player");
    incoming.chat.id = chat.to_string();
    incoming
}

/// The highest `$n` of a statement: how many parameters to bind.
fn parameters(sql: &str) -> usize {
    let mut highest = 0;
    let mut rest = sql;
    while let Some(at) = rest.find('$') {
        rest = &rest[at + 1..];
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        highest = highest.max(digits.parse().unwrap_or(0));
    }
    highest
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_statement_of_a_chat_command_searches_an_index_and_scans_no_table() {
    let _turn = SERIAL.lock().await;
    log_statements();
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("plans.db").display());
    let service = service(&url).await;
    // Only what commands run counts: not the migrations nor the connection's set-up.
    take_statements();

    let say = |speaker: &'static str, text: String| {
        let service = &service;
        async move { service.handle(&line("room", speaker, &text)).await }
    };
    // A whole Knight Fight game with bare moves, and one with `move`, then everything else.
    let seed = 11;
    let mut game = AnyGame::start(GameKind::KnightFight, seed);
    say("alice", format!("challenge @bob kf seed:{seed}")).await;
    say("bob", "games".into()).await;
    say("bob", "accept".into()).await;
    let mut ply = 0usize;
    while let Some(mv) = game.legal_move_texts().into_iter().next() {
        if game.play_text(&mv).is_err() {
            break;
        }
        let speaker = if ply.is_multiple_of(2) {
            "alice"
        } else {
            "bob"
        };
        let text = if ply.is_multiple_of(3) {
            format!("move {mv}")
        } else {
            mv
        };
        say(speaker, text).await;
        ply += 1;
    }
    for text in [
        "challenge @bob glacier",
        "challenge kf",
        "challenge @carol glacier black",
        "games",
        "games 2",
        "games finished",
        "games finished 2",
        "history",
        "history #1",
        "export",
        "export #1",
        "replay #1",
        "analysis #1",
        "analysis #1",
        "pings",
        "pings off",
        "pings on",
        "vacation",
        "vacation 1",
        "board",
        "board #1",
        "decline",
        "decline 2",
        "rules glacier",
        "help",
        "leaderboard",
        "leaderboard kf",
        "leaderboard kf week",
        "leaderboard glacier all 2",
        "stats",
        "stats @bob",
        "ambit",
        "Nf3",
        "place Qd4",
        "giveup",
        "ambit easy",
        "ambit medium",
        "daily",
        "Ka1",
        "daily kf",
        "daily kf a1",
        "daily kf top",
        "lang ru",
        "lang auto",
        "settings",
        "settings daily on 09:00",
        "settings daily kf on 00:00",
        "settings",
        "settings daily kf off",
        "settings daily kf on 00:00",
        "settings language nb",
        "settings language auto",
        "nonsense words",
    ] {
        say("alice", text.into()).await;
    }
    for text in [
        "accept", "accept 3", "decline", "games", "board", "draw", "resign",
    ] {
        say("carol", text.into()).await;
    }
    say("carol", "challenge @dave kf".into()).await;
    say("dave", "accept".into()).await;
    say("dave", "draw".into()).await;
    say("carol", "draw".into()).await;
    say("carol", "challenge @dave kf".into()).await;
    say("dave", "accept".into()).await;
    say("carol", "resign".into()).await;
    // Takebacks and aborts: nothing to take back, an abort, a takeback declined and granted.
    say("carol", format!("challenge @dave kf seed:{seed}")).await;
    say("dave", "accept".into()).await;
    say("carol", "takeback".into()).await;
    say("dave", "abort".into()).await;
    say("carol", format!("challenge @dave kf seed:{seed}")).await;
    say("dave", "accept".into()).await;
    let first = AnyGame::start(GameKind::KnightFight, seed).legal_move_texts()[0].clone();
    say("carol", first).await;
    say("carol", "takeback".into()).await;
    say("dave", "decline".into()).await;
    say("carol", "takeback".into()).await;
    say("dave", "takeback".into()).await;
    say("carol", "resign".into()).await;
    say("dave", "forgetme".into()).await;
    say("dave", "forgetme confirm".into()).await;
    // The review asked for above, made by the worker (claim, progress, done), then shown.
    let posted = Dropped;
    service
        .review_due_games(kibitz::Platform::Console, "plans", &posted)
        .await
        .unwrap();
    say("alice", "analysis #1".into()).await;
    say("alice", "history #1".into()).await;
    // The daily posts' round (AMBIT's and Knight Fight's are due in "room") and the puzzles
    // made ahead: background work, bounded the same way.
    service
        .post_due_dailies(kibitz::Platform::Console, "plans", &posted)
        .await
        .unwrap();
    service.make_wanted_puzzles().await.unwrap();
    // A tournament: sign-up, start, the worker's pairing and post, what players ask.
    say("alice", "tournament create kf rr Plans Cup".into()).await;
    for player in ["alice", "bob", "carol"] {
        say(player, "tournament join".into()).await;
    }
    say("alice", "tournament #1".into()).await;
    say("alice", "tournament start".into()).await;
    for _ in 0..2 {
        service
            .advance_tournaments(kibitz::Platform::Console, "plans", &posted)
            .await
            .unwrap();
    }
    say("bob", "tournament pairings".into()).await;
    say("bob", "tournament standings".into()).await;
    say("carol", "tournaments".into()).await;
    say("carol", "tournament leave".into()).await;
    say("bob", "abort".into()).await;
    say("alice", "tournament cancel".into()).await;

    let statements: BTreeSet<String> = take_statements().into_iter().collect();
    assert!(
        statements.len() > 20,
        "the statement log caught only {statements:?}"
    );
    let mut connection = sqlx::SqliteConnection::connect(&url).await.unwrap();
    let tables: BTreeSet<String> = schema_names(&mut connection, "table").await;
    let mut scans = Vec::new();
    for sql in &statements {
        let verb = sql.split_whitespace().next().unwrap_or_default();
        if !["SELECT", "INSERT", "UPDATE", "DELETE", "WITH"]
            .iter()
            .any(|v| v.eq_ignore_ascii_case(verb))
        {
            continue;
        }
        let explain = format!("EXPLAIN QUERY PLAN {sql}");
        let mut query = sqlx::query(&explain);
        for _ in 0..parameters(sql) {
            query = query.bind(None::<i64>);
        }
        let rows = query
            .fetch_all(&mut connection)
            .await
            .unwrap_or_else(|error| {
                panic!("no plan for {sql}: {error}");
            });
        for row in rows {
            let detail: String = row.get("detail");
            // `SCAN games` (a whole table, or a whole index of it) is what must not be;
            // `SCAN` of a subquery's few rows and `SCAN CONSTANT ROW` are fine.
            let scanned = detail
                .strip_prefix("SCAN ")
                .map(|rest| rest.trim_start_matches("TABLE "))
                .and_then(|rest| rest.split_whitespace().next());
            if scanned.is_some_and(|table| tables.contains(table)) {
                scans.push(format!("{detail}\n    in: {sql}"));
            }
            // A chat's or a user's games are mostly finished ones: an index searched on
            // `chat_id` alone (a status written as `OR` keeps SQLite from using the index's
            // status column) reads every finished game too, so the search must bound the
            // status as well.
            let filters_status = sql.contains("status = $") || sql.contains("status IN (");
            if filters_status
                && detail.starts_with("SEARCH games USING")
                && !detail.contains("PRIMARY KEY")
                && !detail.contains("status=")
            {
                scans.push(format!(
                    "{detail} (status not in the search)\n    in: {sql}"
                ));
            }
        }
    }
    let indexes = schema_names(&mut connection, "index").await;
    assert!(
        scans.is_empty(),
        "{} of {} statements scan a whole table (indexes: {indexes:?}):\n{}",
        scans.len(),
        statements.len(),
        scans.join("\n")
    );
}

/// A poster that sends nothing anywhere (the statements are what this binary looks at).
struct Dropped;

impl kibitz::bot::schedule::Poster for Dropped {
    async fn post(&self, _chat: &str, _replies: Vec<kibitz::Outgoing>) -> Result<(), String> {
        Ok(())
    }
}

/// A service on a fresh SQLite file at `url`, its clock a second further on each reading.
async fn service(url: &str) -> Service {
    let store = Store::connect(url).await.unwrap();
    let clock = Arc::new(AtomicI64::new(1_795_942_800_000));
    Service::new(
        store,
        Arc::new(Renderer::new().unwrap()),
        Catalogue::load().unwrap(),
        Arc::new(move || clock.fetch_add(1000, Ordering::SeqCst)),
    )
}

/// The most statements one bare move in a running game may run: the chat, the speaker and
/// the chat's language (read for every command), the speaker's live games, the commit (an
/// update and an insert) and both players' names in one read. Before each command resolved
/// its game once, a Knight Fight move ran 8 (a name read per player) and a Glacier move
/// shaped like an AMBIT placement, with a puzzle open, 10 (the puzzle and the live games read
/// before the move, the live games again for it).
const BARE_MOVE_STATEMENTS: usize = 7;

/// The statements one bare move of `speaker` runs in the room, asserting that it was played.
async fn bare_move_statements(service: &Service, speaker: &str, mv: &str) -> Vec<String> {
    settle().await;
    take_statements();
    let replies = service.handle(&line("room", speaker, mv)).await;
    assert!(
        matches!(replies.first().map(|r| &r.body), Some(Body::Image { .. })),
        "{speaker}'s {mv} was refused: {replies:?}"
    );
    settle().await;
    // A connection the pool opens meanwhile runs its set-up (`PRAGMA …`): not the move's.
    let statements: Vec<String> = take_statements()
        .into_iter()
        .filter(|sql| !sql.starts_with("PRAGMA"))
        .collect();
    assert!(
        statements.len() <= BARE_MOVE_STATEMENTS,
        "{speaker}'s bare move {mv} ran {} statements, more than {BARE_MOVE_STATEMENTS}:\n{}",
        statements.len(),
        statements.join("\n")
    );
    statements
}

/// One bare move (`d3`, `Nf3`) in a running game: how many statements it runs in all. The
/// command reads the speaker's games once, and the picture needs no second read; a line
/// shaped like an AMBIT placement also reads the open puzzle, and where it is a legal move
/// as well it is asked about.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_bare_move_runs_few_statements() {
    let _turn = SERIAL.lock().await;
    log_statements();
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("count.db").display());
    let service = service(&url).await;
    let say = |speaker: &'static str, text: &str| {
        let incoming = line("room", speaker, text);
        let service = &service;
        async move { service.handle(&incoming).await }
    };
    let mut counts = Vec::new();

    let seed = 11;
    let mut game = AnyGame::start(GameKind::KnightFight, seed);
    say("alice", &format!("challenge @bob kf seed:{seed}")).await;
    say("bob", "accept").await;
    for speaker in ["alice", "bob", "alice"] {
        let mv = game.legal_move_texts().into_iter().next().unwrap();
        game.play_text(&mv).unwrap();
        counts.push(bare_move_statements(&service, speaker, &mv).await.len());
    }
    say("alice", "resign").await;

    // Glacier, while the mover also has an AMBIT puzzle open.
    say("carol", &format!("challenge @dave glacier seed:{seed}")).await;
    say("dave", "accept").await;
    say("carol", "ambit").await;
    let mut game = AnyGame::start(GameKind::Glacier, seed);
    // A move that is no placement (a knight's SAN move would be both, and is asked about).
    let mv = game.legal_move_texts().into_iter().next().expect("a move");
    assert!(kibitz::games::ambit::notation::parse_placement(&mv).is_err());
    game.play_text(&mv).unwrap();
    counts.push(bare_move_statements(&service, "carol", &mv).await.len());
    // A knight move in SAN reads as a placement too: it is asked about, and nothing changes.
    let reply = game.legal_move_texts().into_iter().next().expect("a move");
    game.play_text(&reply).unwrap();
    say("dave", &reply).await;
    let knight = ["Nc3", "Nf3", "Na3", "Nh3"]
        .into_iter()
        .find(|mv| game.clone().play_text(mv).is_ok())
        .expect("a knight move");
    let asked = say("carol", knight).await;
    assert_eq!(asked.len(), 1);
    let Body::Text(question) = &asked[0].body else {
        panic!("a question: {asked:?}");
    };
    let both = format!("place {knight} or move {knight} #2");
    assert!(question.contains(&both), "{question}");
    eprintln!("statements per bare move (Knight Fight x3, Glacier with a puzzle open): {counts:?}");
}

/// The names of the schema's objects of `kind` (`table`, `index`), sorted.
async fn schema_names(connection: &mut sqlx::SqliteConnection, kind: &str) -> BTreeSet<String> {
    sqlx::query("SELECT name FROM sqlite_master WHERE type = $1")
        .bind(kind)
        .fetch_all(connection)
        .await
        .unwrap()
        .iter()
        .map(|row| row.get::<String, _>("name"))
        .collect()
}
