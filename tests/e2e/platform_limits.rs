//! The stand-ins enforce the platforms' limits (429 past them), and busy runs of the bot's
//! senders stay under them: replies for many Telegram chats through the outbox under
//! Telegram's real pace, posts to many Discord channels paced by the `X-RateLimit-*`
//! headers. How fast they went is `kibitz bench delivery`'s question, not these tests'.

use crate::standin_limits::{Buckets, Sliding};
use crate::{discord_standin, telegram_standin};
use kibitz::chat::discord::RetryPolicy;
use kibitz::chat::discord::rest::Rest;
use kibitz::chat::pacing::Limits;
use kibitz::chat::telegram;
use kibitz::{Catalogue, Platform, Renderer, Service, Store, system_clock};
use reqwest::Method;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[test]
fn the_referee_counts_sliding_windows_less_the_jitter_and_fixed_buckets() {
    let start = Instant::now();
    let at = |ms: u64| start + Duration::from_millis(ms);
    let mut sliding = Sliding::new(2, Duration::from_secs(1));
    for ms in [0, 10] {
        assert_eq!(sliding.wait(&7, at(ms)), None);
        sliding.record(7, at(ms));
    }
    assert_eq!(sliding.wait(&7, at(20)), Some(Duration::from_millis(880)));
    assert_eq!(sliding.wait(&8, at(20)), None);
    assert_eq!(sliding.wait(&7, at(900)), None);
    let mut buckets = Buckets::default();
    let limit = (2, Duration::from_secs(5));
    assert!(buckets.take("posts", "1", limit, at(0)).1);
    assert!(buckets.take("posts", "1", limit, at(10)).1);
    let (window, fits) = buckets.take("posts", "1", limit, at(20));
    assert!(!fits);
    assert_eq!(window.reset_at, at(5000));
    assert!(
        buckets.take("posts", "2", limit, at(30)).1,
        "per major parameter"
    );
    assert!(
        buckets.take("posts", "1", limit, at(5000)).1,
        "a fresh window"
    );
}

async fn post(url: &str, body: &Value, authorization: Option<&str>) -> reqwest::Response {
    let mut request = reqwest::Client::new().post(url).json(body);
    if let Some(authorization) = authorization {
        request = request.header("Authorization", authorization);
    }
    request.send().await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_telegram_standin_answers_429_past_telegrams_limits() {
    let standin = telegram_standin::StandIn::start().await;
    let send = format!("{}bot{}/sendMessage", standin.url, telegram_standin::TOKEN);
    let to = |chat: i64| json!({"chat_id": chat, "text": "hello"});
    assert_eq!(post(&send, &to(5), None).await.status(), 200);
    let second = post(&send, &to(5), None).await;
    assert_eq!(second.status(), 429);
    let body: Value = second.json().await.unwrap();
    assert_eq!(body["parameters"]["retry_after"], 1, "{body}");
    assert_eq!(post(&send, &to(6), None).await.status(), 200);
    assert_eq!(standin.limit_refusals(), 1);
    // A group's minute and the overall second, made small to be reached.
    standin.enforce(Limits {
        overall_per_second: 100,
        chat_per_second: 100,
        group_per_minute: 2,
    });
    for expected in [200, 200, 429] {
        assert_eq!(post(&send, &to(-9), None).await.status(), expected);
    }
    standin.enforce(Limits {
        overall_per_second: 2,
        chat_per_second: 100,
        group_per_minute: 100,
    });
    for (chat, expected) in [(1, 200), (2, 200), (3, 429)] {
        assert_eq!(post(&send, &to(chat), None).await.status(), expected);
    }
    assert_eq!(standin.limit_refusals(), 3);
    // An injected 429 is served as before and is not a limit's.
    standin.fail_next(
        "sendMessage",
        telegram_standin::Fault::TooManyRequests { retry_after: 3 },
        1,
    );
    assert_eq!(post(&send, &to(-20), None).await.status(), 429);
    assert_eq!(standin.limit_refusals(), 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_discord_standin_tells_its_buckets_and_answers_429_past_them() {
    let standin = discord_standin::StandIn::start().await;
    let bot = format!("Bot {}", discord_standin::TOKEN);
    let channel = |id: u64| format!("{}/api/v10/channels/{id}/messages", standin.url);
    let body = json!({"content": "hello"});
    let mut remaining = Vec::new();
    for _ in 0..5 {
        let answer = post(&channel(1), &body, Some(&bot)).await;
        assert_eq!(answer.status(), 200);
        let headers = answer.headers();
        for name in [
            "x-ratelimit-limit",
            "x-ratelimit-reset",
            "x-ratelimit-reset-after",
        ] {
            assert!(headers.contains_key(name), "{name}: {headers:?}");
        }
        assert!(headers.contains_key("x-ratelimit-bucket"), "{headers:?}");
        remaining.push(
            headers["x-ratelimit-remaining"]
                .to_str()
                .unwrap()
                .to_string(),
        );
    }
    assert_eq!(remaining, ["4", "3", "2", "1", "0"]);
    let sixth = post(&channel(1), &body, Some(&bot)).await;
    assert_eq!(sixth.status(), 429);
    let told: Value = sixth.json().await.unwrap();
    assert_eq!(told["global"], false, "{told}");
    assert!(told["retry_after"].as_f64().unwrap() > 0.0, "{told}");
    // Another channel has a window of its own.
    assert_eq!(post(&channel(2), &body, Some(&bot)).await.status(), 200);
    assert_eq!(standin.limit_refusals(), 1);
    // An injected 429 is served as before and is not a limit's.
    standin.fail_next(
        "/channels/3/",
        discord_standin::Fault::TooManyRequests { retry_after: 0.5 },
        1,
    );
    assert_eq!(post(&channel(3), &body, Some(&bot)).await.status(), 429);
    assert_eq!(standin.limit_refusals(), 1);
}

/// The chat of the `index`th of the run's chats: every other one a group.
fn chat(index: usize) -> i64 {
    let id = 3_000 + index as i64;
    if index.is_multiple_of(2) { -id } else { id }
}

/// 40 chats (half of them groups) with 3 replies each waiting in the outbox, sent by the
/// adapter under Telegram's real pace: every reply arrives, in order, and the stand-in
/// refused none for going past Telegram's limits.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replies_for_many_chats_go_out_under_telegrams_limits_with_no_429() {
    let standin = telegram_standin::StandIn::start().await;
    let dir = tempfile::tempdir().unwrap();
    let store = Store::connect(&format!("sqlite://{}", dir.path().join("t.db").display()))
        .await
        .unwrap();
    let service = Arc::new(Service::new(
        store.clone(),
        Arc::new(Renderer::new().unwrap()),
        Catalogue::load().unwrap(),
        system_clock(),
    ));
    let (chats, each) = (40, 3);
    let rows: Vec<_> = (0..each)
        .flat_map(|round| (0..chats).map(move |index| (round, index)))
        .map(|(round, index)| telegram::text_reply(chat(index), &format!("reply {round}")).unwrap())
        .collect();
    store
        .queue_outbox(Platform::Telegram, &rows, service.now())
        .await
        .unwrap();
    let mut config = crate::telegram::config(&standin);
    config.limits = Limits::default();
    standin.enforce(Limits::default());
    let (stop, shutdown) = tokio::sync::watch::channel(false);
    let task = {
        let service = service.clone();
        tokio::spawn(async move { telegram::run(&service, config, shutdown).await })
    };
    let sent = |calls: &[telegram_standin::Call]| {
        calls
            .iter()
            .filter(|c| c.method == "sendmessage" && c.answered())
            .count()
    };
    let calls = standin
        .wait_for("every reply", |calls| sent(calls) >= chats * each)
        .await;
    assert_eq!(
        standin.limit_refusals(),
        0,
        "429s for going past the limits"
    );
    for index in 0..chats {
        let texts: Vec<&str> = calls
            .iter()
            .filter(|c| c.method == "sendmessage" && c.answered() && c.chat() == chat(index))
            .map(|c| c.text())
            .collect();
        assert_eq!(texts, ["reply 0", "reply 1", "reply 2"], "chat {index}");
    }
    let _ = stop.send(true);
    let ended = tokio::time::timeout(Duration::from_secs(10), task).await;
    assert!(matches!(ended, Ok(Ok(Ok(())))), "{ended:?}");
    store.close().await;
}

/// 30 channels with 2 posts each and one with 7, all at once through the adapter's REST
/// client: more than the global 50 a second, and more than the channel bucket's 5 in 5 s.
/// Every post is taken and none was refused for going past a limit: the client waited as the
/// headers told it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn posts_to_many_channels_are_paced_by_the_headers_with_no_429() {
    let standin = discord_standin::StandIn::start().await;
    let retry = RetryPolicy {
        attempts: 3,
        first_delay: Duration::from_millis(100),
        max_delay: Duration::from_secs(1),
        max_retry_after: Duration::from_secs(10),
    };
    let rest = Rest::for_token(
        &standin.url,
        discord_standin::TOKEN,
        retry,
        Duration::from_secs(10),
    )
    .unwrap();
    let lanes = (0..31u64).map(|lane| {
        let rest = &rest;
        async move {
            let posts = if lane == 0 { 7 } else { 2 };
            for post in 0..posts {
                let path = format!("/channels/{}/messages", 50_000 + lane);
                rest.call(
                    "channel post",
                    Method::POST,
                    &path,
                    &json!({"content": format!("post {post}")}),
                    &[],
                )
                .await
                .unwrap();
            }
        }
    });
    futures_util::future::join_all(lanes).await;
    let calls = standin.calls();
    let taken = calls.iter().filter(|c| c.answered()).count();
    assert_eq!(taken, 7 + 30 * 2, "{calls:#?}");
    assert_eq!(
        standin.limit_refusals(),
        0,
        "429s for going past the limits"
    );
}
