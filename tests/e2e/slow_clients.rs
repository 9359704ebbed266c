//! Slow and greedy clients against the HTTP listener, on loopback only: 3,000 connections
//! from one address that each send half a request head and wait, a body sent a byte at a
//! time, a kept-alive connection left idle. The listener holds at most its per-address
//! share, closes each after its time limit, and answers `/healthz` from another address
//! meanwhile.

use axum::Router;
use axum::body::Bytes;
use axum::routing::post;
use futures_util::future::join_all;
use kibitz::http::{self, Limits};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::watch;

const SLOW_CONNECTIONS: usize = 3_000;

/// Long enough that no held connection can time out before the cap's closes are counted,
/// however slowly a loaded machine accepts 3,000 connections.
const HEADER_TIMEOUT: Duration = Duration::from_secs(6);

fn limits() -> Limits {
    Limits {
        header_timeout: HEADER_TIMEOUT,
        request_timeout: Duration::from_secs(2),
        max_connections: 512,
        max_per_address: 64,
    }
}

/// A connection to `to` from the loopback address `from` (127.0.0.2: another client than
/// the probes on 127.0.0.1).
async fn connect_from(from: [u8; 4], to: SocketAddr) -> Option<TcpStream> {
    let socket = TcpSocket::new_v4().ok()?;
    socket.bind(SocketAddr::from((from, 0))).ok()?;
    tokio::time::timeout(Duration::from_secs(5), socket.connect(to))
        .await
        .ok()?
        .ok()
}

/// Whether the server closed `stream` within `wait` (an end of stream or a reset), rather
/// than holding it open.
async fn closed_within(stream: &mut TcpStream, wait: Duration) -> bool {
    let mut buffer = [0u8; 512];
    loop {
        match tokio::time::timeout(wait, stream.read(&mut buffer)).await {
            Err(_) => return false,
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            // A response (408, say) before the close: read on.
            Ok(Ok(_)) => continue,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_clients_are_capped_and_cut_off_while_the_probes_answer() {
    let health = Router::new().route("/healthz", axum::routing::get(|| async { "ok\n" }));
    let app = health.route(
        "/echo",
        post(|body: Bytes| async move { body.len().to_string() }),
    );
    let bound = http::bind("127.0.0.1:0").await.unwrap();
    let addr = bound.local_addr().unwrap();
    let (stop, stopped) = watch::channel(false);
    let listener = tokio::spawn(http::serve(bound, app, stopped, limits()));

    // 3,000 connections from 127.0.0.2, each half a request head, then silence.
    let opened = Instant::now();
    let connects = (0..SLOW_CONNECTIONS).map(|_| async move {
        let mut stream = connect_from([127, 0, 0, 2], addr).await?;
        let half = b"GET /healthz HTTP/1.1\r\nHost: x\r\n";
        stream.write_all(half).await.ok()?;
        Some(stream)
    });
    let mut streams: Vec<TcpStream> = join_all(connects).await.into_iter().flatten().collect();
    let opening = opened.elapsed();
    // Those over the per-address cap are closed as soon as they are accepted; the rest are
    // held. Every connection was accepted after `opened`, so none of the held ones can reach
    // its header time limit before `opened + HEADER_TIMEOUT`: counting closes until a second
    // before that tells the cap's closes from the time limit's, on a busy machine too.
    let count_until = (opened + HEADER_TIMEOUT - Duration::from_secs(1))
        .saturating_duration_since(Instant::now());
    let held = join_all(
        streams
            .iter_mut()
            .map(|stream| closed_within(stream, count_until)),
    )
    .await
    .into_iter()
    .filter(|closed| !closed)
    .count();
    assert!(
        (1..=64).contains(&held),
        "{held} slow connections held of {} opened",
        streams.len()
    );

    // Meanwhile the probe, from 127.0.0.1, is answered.
    let probe_started = Instant::now();
    let answer = reqwest::get(format!("http://{addr}/healthz"))
        .await
        .unwrap();
    let probe = probe_started.elapsed();
    assert_eq!(answer.status(), 200);
    println!(
        "{} connections opened in {opening:?}, {held} held, /healthz answered in {probe:?}",
        streams.len()
    );
    assert!(probe < Duration::from_secs(1), "/healthz took {probe:?}");

    // Past the header time limit every held connection is closed.
    let closed = join_all(
        streams
            .iter_mut()
            .map(|stream| closed_within(stream, HEADER_TIMEOUT + Duration::from_secs(2))),
    )
    .await;
    assert!(
        closed.iter().all(|&c| c),
        "a half-sent head is held past its time limit"
    );
    drop(streams);

    // A body a byte at a time gets 408 once the request's time is up, and the connection ends.
    let mut slow_body = connect_from([127, 0, 0, 3], addr).await.unwrap();
    let head = "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n";
    slow_body.write_all(head.as_bytes()).await.unwrap();
    let started = Instant::now();
    let mut answer = Vec::new();
    for _ in 0..20 {
        if slow_body.write_all(b"x").await.is_err() {
            break;
        }
        let mut buffer = [0u8; 256];
        if let Ok(Ok(read @ 1..)) =
            tokio::time::timeout(Duration::from_millis(300), slow_body.read(&mut buffer)).await
        {
            answer.extend_from_slice(&buffer[..read]);
            break;
        }
    }
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer:?}");
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "{:?}",
        started.elapsed()
    );

    // A kept-alive connection left idle is closed after the header time limit.
    let mut idle = connect_from([127, 0, 0, 4], addr).await.unwrap();
    idle.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let mut buffer = [0u8; 512];
    let read = idle.read(&mut buffer).await.unwrap();
    assert!(String::from_utf8_lossy(&buffer[..read]).starts_with("HTTP/1.1 200"));
    assert!(closed_within(&mut idle, HEADER_TIMEOUT + Duration::from_secs(2)).await);

    stop.send(true).unwrap();
    let served = tokio::time::timeout(Duration::from_secs(10), listener)
        .await
        .expect("the listener stops")
        .expect("no panic");
    assert!(served.is_ok(), "{served:?}");
}
