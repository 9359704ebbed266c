//! Perft leaves per second: Glacier Chess's generator against shakmaty's, in the same run, on
//! the standard perft positions (ice-free, so both count the same tree).

use criterion::{BenchmarkId, Criterion, Throughput};
use kibitz::TwoPlayerGame;
use kibitz::games::glacier::Position;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};
use std::hint::black_box;
use std::time::Duration;

/// Name, FEN, depth and the known leaf count. The depths keep one count near 2-5 million
/// leaves (a few tens of milliseconds) so the whole group runs in well under a minute.
const POSITIONS: [(&str, &str, u32, u64); 5] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
        4_865_609,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
        4_085_603,
    ),
    (
        "position3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        5,
        674_624,
    ),
    (
        "position4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        4,
        422_333,
    ),
    (
        "position5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        4,
        2_103_487,
    ),
];

pub fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(3));
    for (name, fen, depth, nodes) in POSITIONS {
        let glacier = match Position::parse_position(fen) {
            Ok(position) => position,
            Err(error) => panic!("{name}: {error}"),
        };
        let parsed = match fen.parse::<Fen>() {
            Ok(parsed) => parsed,
            Err(error) => panic!("{name}: {error}"),
        };
        let chess: Chess = match parsed.into_position(CastlingMode::Standard) {
            Ok(position) => position,
            Err(error) => panic!("{name}: {error}"),
        };
        assert_eq!(glacier.perft_bulk(depth), nodes, "{name}");
        assert_eq!(shakmaty::perft(&chess, depth), nodes, "{name}");
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new("glacier", name), &depth, |b, &depth| {
            b.iter(|| black_box(&glacier).perft_bulk(depth))
        });
        group.bench_with_input(BenchmarkId::new("shakmaty", name), &depth, |b, &depth| {
            b.iter(|| shakmaty::perft(black_box(&chess), depth))
        });
    }
    group.finish();
}
