//! `kibitz bench delivery`: how close to the platforms' limits replies go out, with none
//! refused. Each platform runs against a stand-in inside this process that enforces the
//! platform's published limits (429 with `retry_after` past them) and counts what it took:
//!
//! - Telegram (`telegram.rs`): replies for `--chats` chats (every other one a group) queued
//!   in the outbox of a temporary SQLite database, delivered by the real adapter (its lanes,
//!   its pacer, teloxide) under 30 messages/s overall, 1/s per chat and 20/min per group;
//! - Discord (`discord.rs`): posts to `--chats` channels, one lane per channel, through the
//!   adapter's own REST client, which paces itself by the `X-RateLimit-*` headers the
//!   stand-in sends (5 posts per 5 s per channel) and the global 50 requests/s.
//!
//! The sustained rate is what the stand-in took in the steady window: from [`WARM_UP`] (3 s)
//! after the first delivery (the start: connections opened, the first second's burst) for
//! `--seconds`, divided by `--seconds`. Twice what the window could take is queued, so that
//! the senders never run short of sends that may go before the window ends. "refused"
//! counts the stand-in's 429s over the whole run.
//!
//! The stand-ins are the bench's own, not the e2e tests' (`tests/e2e/*_standin.rs`): those
//! record every call and serve faults for the tests' questions, these only referee the
//! limits and count; the tests referee the bot with code the bot does not ship.

mod discord;
mod telegram;
mod window;

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The start left out of the measure: 200 connections opened at once, the first second's
/// burst and the sends it leaves to finish. Counted per second from the first delivery, both
/// platforms delivered unevenly in their first 2 to 3 s (Telegram e.g. 60, 17, 27, 16, then
/// 30 every second; Discord 100, 16, 37, 47, then 50) and exactly at the limit after.
pub const WARM_UP: Duration = Duration::from_secs(3);
/// How long the bench waits for a first delivery before it gives up.
const FIRST_DELIVERY: Duration = Duration::from_secs(30);

#[derive(clap::Args, Clone, Debug)]
pub struct DeliveryArgs {
    /// Telegram chats (every other one a group) and Discord channels with replies waiting.
    #[arg(long, default_value_t = 200)]
    pub chats: usize,
    /// The steady window measured, in seconds, after 3 s of warm-up.
    #[arg(long, default_value_t = 10)]
    pub seconds: u64,
}

/// What a stand-in saw: deliveries as they were taken, and its 429s.
#[derive(Clone)]
pub(crate) struct Stand(Arc<Seen>);

struct Seen {
    delivered: Mutex<Vec<Instant>>,
    refused: AtomicUsize,
    window: Duration,
}

/// One platform's figures.
#[derive(Clone, Copy, Debug)]
pub struct Measured {
    /// Deliveries in the steady window.
    pub delivered: usize,
    pub window: Duration,
    pub refused: usize,
}

impl Measured {
    pub fn per_second(&self) -> f64 {
        self.delivered as f64 / self.window.as_secs_f64().max(1e-9)
    }
}

impl Stand {
    fn new(window: Duration) -> Stand {
        Stand(Arc::new(Seen {
            delivered: Mutex::new(Vec::new()),
            refused: AtomicUsize::new(0),
            window,
        }))
    }

    fn delivered(&self) -> std::sync::MutexGuard<'_, Vec<Instant>> {
        self.0
            .delivered
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Counts one delivery at `now`; its number, as a message id.
    fn deliver(&self, now: Instant) -> usize {
        let mut delivered = self.delivered();
        delivered.push(now);
        delivered.len()
    }

    fn refuse(&self) {
        self.0.refused.fetch_add(1, Ordering::Relaxed);
    }

    /// Waits for the first delivery, then for the steady window's end; what it held.
    async fn measure(&self) -> Result<Measured, String> {
        let asked = Instant::now();
        let first = loop {
            if let Some(&first) = self.delivered().first() {
                break first;
            }
            if asked.elapsed() > FIRST_DELIVERY {
                return Err(format!("nothing delivered in {FIRST_DELIVERY:?}"));
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        let (from, to) = (first + WARM_UP, first + WARM_UP + self.0.window);
        tokio::time::sleep_until(to.into()).await;
        let delivered = self
            .delivered()
            .iter()
            .filter(|&&t| t >= from && t < to)
            .count();
        Ok(Measured {
            delivered,
            window: self.0.window,
            refused: self.0.refused.load(Ordering::Relaxed),
        })
    }
}

/// Serves `app` on a free loopback port; its base URL and the server's task.
async fn serve(app: axum::Router) -> Result<(String, tokio::task::JoinHandle<()>), String> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .map_err(|e| e.to_string())?;
    let address = listener.local_addr().map_err(|e| e.to_string())?;
    let server = tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    Ok((format!("http://{address}/"), server))
}

/// A temporary folder for the bench's database, removed afterwards.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Result<Scratch, String> {
        let path = std::env::temp_dir().join(format!(
            "kibitz-delivery-{}-{:x}",
            std::process::id(),
            (crate::system_clock())()
        ));
        std::fs::create_dir_all(&path)
            .map_err(|e| format!("cannot make {}: {e}", path.display()))?;
        Ok(Scratch(path))
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `F of the limit` as the report writes it.
fn line(platform: &str, places: &str, unit: &str, measured: &Measured, limit: usize) -> String {
    let rate = measured.per_second();
    format!(
        "{platform}: {places}, {rate:.1} {unit}/s = {:.2} of the limit, {} refused",
        rate / limit as f64,
        measured.refused
    )
}

/// Runs both platforms, one after the other; the report's lines.
pub async fn delivery(args: &DeliveryArgs) -> Result<Vec<String>, String> {
    if args.chats == 0 || args.seconds == 0 {
        return Err("--chats and --seconds must be at least 1".to_string());
    }
    let window = Duration::from_secs(args.seconds);
    // Twice what the window could take, and then some: near the window's end what is left
    // must still be spread over many chats, or the per-chat limits (and Discord's one post
    // at a time per channel) leave the senders short of sends that may go, and the rate
    // measured is the backlog's, not the limits'.
    let backlog = |per_second: usize| 2 * per_second * (args.seconds as usize + 5);
    let telegram = telegram::run(
        args.chats,
        backlog(telegram::OVERALL_PER_SECOND),
        Stand::new(window),
    )
    .await?;
    let discord = discord::run(
        args.chats,
        backlog(discord::GLOBAL_PER_SECOND),
        Stand::new(window),
    )
    .await?;
    Ok(vec![
        line(
            "Telegram",
            &format!("{} chats", args.chats),
            "messages",
            &telegram,
            telegram::OVERALL_PER_SECOND,
        ),
        line(
            "Discord",
            &format!("{} channels", args.chats),
            "requests",
            &discord,
            discord::GLOBAL_PER_SECOND,
        ),
    ])
}
