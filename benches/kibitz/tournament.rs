//! Swiss pairings of a large field: the blossom matching over every pair is O(n^3).

use criterion::Criterion;
use kibitz::games::Side;
use kibitz::games::tournament::{Entrant, pair_swiss};
use std::hint::black_box;

/// `players` after `rounds` rounds paired by `pair_swiss` itself, the higher seed winning
/// each game (so the score groups are those of a real event).
fn field_after(players: usize, rounds: usize) -> Vec<Entrant> {
    let mut field: Vec<Entrant> = (0..players)
        .map(|i| Entrant {
            id: i as i64,
            rating: 2500 - i as i32,
            ..Entrant::default()
        })
        .collect();
    for _ in 0..rounds {
        let round = pair_swiss(&field);
        for game in &round.games {
            let (w, b) = (game.white as usize, game.black as usize);
            let winner = if field[w].rating >= field[b].rating {
                w
            } else {
                b
            };
            field[winner].points += 2;
            field[w].colours.push(Side::White);
            field[b].colours.push(Side::Black);
            field[w].opponents.push(game.black);
            field[b].opponents.push(game.white);
        }
        if let Some(bye) = round.bye {
            field[bye as usize].points += 2;
            field[bye as usize].had_bye = true;
        }
    }
    field
}

pub fn tournament(c: &mut Criterion) {
    let mut group = c.benchmark_group("tournament");
    group.sample_size(10);
    for players in [64, 1000] {
        let field = field_after(players, 3);
        group.bench_function(format!("swiss round 4 of {players} players"), |b| {
            b.iter(|| pair_swiss(black_box(&field)))
        });
    }
    group.finish();
}
