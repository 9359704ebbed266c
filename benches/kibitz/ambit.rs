//! AMBIT benchmarks: generate + grade one puzzle, a year of dailies, and the solver's median
//! and worst time over 1,000 generated puzzles (printed before criterion's own figures).

use criterion::Criterion;
use kibitz::games::ambit::{Date, Level, daily_puzzle, generate, solve};
use std::hint::black_box;
use std::time::{Duration, Instant};

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// The figures the issue asks for, measured directly.
fn report() {
    for level in Level::ALL {
        let mut times: Vec<Duration> = (0..1000u64)
            .map(|seed| {
                let start = Instant::now();
                black_box(generate(seed, level));
                start.elapsed()
            })
            .collect();
        let worst = *times.iter().max().unwrap_or(&Duration::ZERO);
        println!(
            "ambit generate+grade {level}: median {:?}, worst {worst:?} (1,000 seeds)",
            median(&mut times)
        );
    }

    let start = Instant::now();
    let mut date = Date::new(2027, 1, 1).expect("a date");
    let mut days = 0;
    while date.year() == 2027 {
        black_box(daily_puzzle(date));
        days += 1;
        date = date.succ().expect("a next day");
    }
    println!("ambit dailies of 2027: {days} in {:?}", start.elapsed());

    let puzzles: Vec<_> = (0..1000u64)
        .map(|seed| generate(seed, Level::ALL[seed as usize % 3]).footprint)
        .collect();
    let mut times: Vec<(Duration, usize)> = puzzles
        .iter()
        .enumerate()
        .map(|(i, &footprint)| {
            let start = Instant::now();
            black_box(solve(footprint));
            (start.elapsed(), i)
        })
        .collect();
    times.sort();
    let (worst, which) = times[times.len() - 1];
    println!(
        "ambit solve over 1,000 generated puzzles: median {:?}, worst {worst:?} ({})",
        times[times.len() / 2].0,
        puzzles[which]
    );
}

pub fn ambit(c: &mut Criterion) {
    report();
    let mut seed = 0u64;
    for level in Level::ALL {
        c.bench_function(&format!("ambit generate+grade {level}"), |b| {
            b.iter(|| {
                seed += 1;
                generate(black_box(seed), level)
            })
        });
    }
    let hard = generate(7, Level::Hard).footprint;
    c.bench_function("ambit solve hard", |b| b.iter(|| solve(black_box(hard))));
    c.bench_function("ambit daily", |b| {
        let date = Date::new(2027, 3, 14).expect("a date");
        b.iter(|| daily_puzzle(black_box(date)))
    });
}
