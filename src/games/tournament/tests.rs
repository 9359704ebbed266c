//! Pairings checked by playing whole tournaments with random results.

use super::*;
use crate::games::rng::SeededRng;
use std::collections::{HashMap, HashSet};

/// A Swiss played out: `players` seeded by rating, `rounds` rounds, results drawn at random
/// with the higher rating more likely to win, and the player seeded `withdraws.1` leaving
/// before round `withdraws.0`. Every round's pairing is checked as it comes.
fn play_swiss(players: usize, rounds: usize, seed: u64, withdraws: Option<(usize, usize)>) {
    let mut rng = SeededRng::new(seed);
    let mut field: Vec<Entrant> = (0..players)
        .map(|i| Entrant {
            id: 100 + i as i64,
            rating: 2000 - 10 * i as i32 + rng.below(30) as i32,
            ..Entrant::default()
        })
        .collect();
    let mut byes = 0;
    for round in 0..rounds {
        if let Some((when, who)) = withdraws
            && when == round
        {
            let id = 100 + who as i64;
            field.retain(|e| e.id != id);
        }
        let pairing = pair_swiss(&field);
        let context = format!("seed {seed}, {players} players, round {}", round + 1);
        check_round(&field, &pairing, &context);
        byes += usize::from(pairing.bye.is_some());
        let index: HashMap<i64, usize> = field.iter().enumerate().map(|(i, e)| (e.id, i)).collect();
        for game in &pairing.games {
            let (w, b) = (index[&game.white], index[&game.black]);
            let edge = i64::from(field[w].rating - field[b].rating);
            let roll = rng.below(1000) as i64 + edge.clamp(-300, 300);
            let (white_points, black_points) = match roll {
                r if r > 600 => (2, 0),
                r if r > 450 => (1, 1),
                _ => (0, 2),
            };
            field[w].points += white_points;
            field[b].points += black_points;
            field[w].colours.push(Side::White);
            field[b].colours.push(Side::Black);
            field[w].opponents.push(game.black);
            field[b].opponents.push(game.white);
        }
        if let Some(bye) = pairing.bye {
            let e = &mut field[index[&bye]];
            e.points += 2;
            e.had_bye = true;
        }
    }
    assert!(byes <= rounds);
}

/// The properties every round of a Swiss keeps (the fields here are large enough for all of
/// them to be possible): everyone plays once or has the bye, only an odd field has one, no
/// rematch, no second bye, the colour rule, and no two games whose four players could be
/// paired with less difference in points without a rematch or a broken colour rule.
fn check_round(field: &[Entrant], round: &Round, context: &str) {
    let mut seen = HashSet::new();
    for game in &round.games {
        assert!(
            seen.insert(game.white) && seen.insert(game.black),
            "{context}: twice"
        );
    }
    if let Some(bye) = round.bye {
        assert!(seen.insert(bye), "{context}: the bye also plays");
    }
    assert_eq!(seen.len(), field.len(), "{context}: someone is left out");
    assert_eq!(
        round.bye.is_some(),
        field.len() % 2 == 1,
        "{context}: the bye"
    );
    let by_id: HashMap<i64, &Entrant> = field.iter().map(|e| (e.id, e)).collect();
    if let Some(bye) = round.bye {
        assert!(!by_id[&bye].had_bye, "{context}: a second bye for {bye}");
    }
    for game in &round.games {
        let (w, b) = (by_id[&game.white], by_id[&game.black]);
        assert!(
            !w.opponents.contains(&b.id),
            "{context}: rematch {} {}",
            w.id,
            b.id
        );
        for (player, side) in [(w, Side::White), (b, Side::Black)] {
            let mut colours = player.colours.clone();
            colours.push(side);
            assert!(
                keeps_colour_rule(&colours),
                "{context}: {} has {colours:?}",
                player.id
            );
        }
    }
    // Two-game exchanges: a better pairing of four players would be a better matching.
    let legal = |a: &Entrant, b: &Entrant| {
        !a.opponents.contains(&b.id)
            && [(a, b), (b, a)].iter().any(|(white, black)| {
                let mut wc = white.colours.clone();
                wc.push(Side::White);
                let mut bc = black.colours.clone();
                bc.push(Side::Black);
                keeps_colour_rule(&wc) && keeps_colour_rule(&bc)
            })
    };
    let cost = |a: &Entrant, b: &Entrant| {
        let d = u64::from(a.points.abs_diff(b.points));
        d * d
    };
    for (i, g) in round.games.iter().enumerate() {
        for h in &round.games[i + 1..] {
            let [a, b, c, d] = [g.white, g.black, h.white, h.black].map(|id| by_id[&id]);
            let now = cost(a, b) + cost(c, d);
            for ((p, q), (r, s)) in [((a, c), (b, d)), ((a, d), (b, c))] {
                if legal(p, q) && legal(r, s) {
                    assert!(
                        cost(p, q) + cost(r, s) >= now,
                        "{context}: {}-{} and {}-{} would be closer in points as {}-{} and {}-{}",
                        a.id,
                        b.id,
                        c.id,
                        d.id,
                        p.id,
                        q.id,
                        r.id,
                        s.id
                    );
                }
            }
        }
    }
}

fn keeps_colour_rule(colours: &[Side]) -> bool {
    let whites = colours.iter().filter(|&&c| c == Side::White).count() as i64;
    let difference = whites - (colours.len() as i64 - whites);
    difference.abs() <= 2 && !colours.windows(3).any(|w| w[0] == w[1] && w[1] == w[2])
}

#[test]
fn a_64_player_7_round_swiss_keeps_every_rule_whatever_the_results() {
    for seed in 1..=12 {
        play_swiss(64, 7, seed, None);
    }
}

#[test]
fn odd_fields_get_one_bye_each_and_a_withdrawal_leaves_the_rest_paired() {
    for seed in 1..=30 {
        play_swiss(9, 5, seed, Some((2, 4)));
        play_swiss(15, 6, seed, None);
        play_swiss(10, 5, seed, Some((3, 0)));
    }
}

#[test]
fn round_one_is_the_top_half_against_the_bottom_half_with_colours_alternating() {
    let field: Vec<Entrant> = (0..8)
        .map(|i| Entrant {
            id: i,
            rating: 2000 - 10 * i as i32,
            ..Entrant::default()
        })
        .collect();
    let round = pair_swiss(&field);
    let games: Vec<(i64, i64)> = round.games.iter().map(|g| (g.white, g.black)).collect();
    assert_eq!(games, vec![(0, 4), (5, 1), (2, 6), (7, 3)]);
    assert_eq!(round.bye, None);
    // Seven players: the lowest seed sits out.
    assert_eq!(pair_swiss(&field[..7]).bye, Some(6));
}

#[test]
fn a_round_robin_meets_everyone_once_a_cycle_with_balanced_colours() {
    for players in 2..=16 {
        for cycles in [1, 2] {
            let places = players + players % 2;
            let rounds = (places - 1) * cycles;
            let mut met: HashMap<(usize, usize), Vec<bool>> = HashMap::new();
            let mut colours = vec![Vec::new(); players];
            let seeded: Vec<i64> = (0..players as i64).collect();
            for round in 0..rounds {
                let Some(Round { games, bye }) = round_robin_round(&seeded, cycles, round) else {
                    panic!("{players} players: no round {round}");
                };
                let mut seen = HashSet::new();
                for game in &games {
                    let (white, black) = (game.white as usize, game.black as usize);
                    assert!(seen.insert(white) && seen.insert(black));
                    let key = (white.min(black), white.max(black));
                    met.entry(key).or_default().push(white < black);
                    colours[white].push(Side::White);
                    colours[black].push(Side::Black);
                }
                if let Some(bye) = bye {
                    assert!(seen.insert(bye as usize));
                }
                assert_eq!(seen.len(), players, "{players} players, round {round}");
                assert_eq!(bye.is_some(), players % 2 == 1);
            }
            assert!(round_robin_round(&seeded, cycles, rounds).is_none());
            assert_eq!(met.len(), players * (players - 1) / 2, "{players} players");
            for (pair, times) in &met {
                assert_eq!(times.len(), cycles, "{pair:?}");
                if cycles == 2 {
                    assert_ne!(times[0], times[1], "{pair:?}: the same colours twice");
                }
            }
            for (player, had) in colours.iter().enumerate() {
                let whites = had.iter().filter(|&&c| c == Side::White).count();
                let difference = whites.abs_diff(had.len() - whites);
                assert!(difference <= 1, "{players} x{cycles}: {player} has {had:?}");
                assert!(
                    !had.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]),
                    "{players} x{cycles}: {player} has {had:?}"
                );
            }
        }
    }
}

#[test]
fn standings_count_points_then_buchholz_cut_one_then_sonneborn_berger() {
    use Side::{Black, White};
    // 1 beats 2 and draws 3; 2 beats 3; 3 beats 4; 4 has a bye; 1 beats 4.
    let games = [
        PlayedGame {
            white: 1,
            black: 2,
            winner: Some(White),
        },
        PlayedGame {
            white: 3,
            black: 1,
            winner: None,
        },
        PlayedGame {
            white: 3,
            black: 2,
            winner: Some(Black),
        },
        PlayedGame {
            white: 4,
            black: 3,
            winner: Some(Black),
        },
        PlayedGame {
            white: 1,
            black: 4,
            winner: Some(White),
        },
    ];
    let table = standings(&[1, 2, 3, 4], &games, &[4]);
    let order: Vec<i64> = table.iter().map(|s| s.id).collect();
    // Points: 1 has 5, 3 has 3, 2 and 4 have 2 (4's from the bye), and 4 is ahead on
    // Buchholz (below).
    assert_eq!(order, vec![1, 3, 4, 2]);
    let one = &table[0];
    // 1 met 2 (2), 3 (3), 4 (2): cut the lowest 2 -> 5; SB: beat 2 and 4 (2 + 2), drew 3
    // (3 / 2): in quarters 2*2 + 2*2 + 3 = 11.
    assert_eq!(
        (one.points, one.buchholz, one.sonneborn_berger, one.games),
        (5, 5, 11, 3)
    );
    // 2 and 4 tie on points; 2 met 1 (5) and 3 (3): cut 3 -> 5; 4 met 3 (3), 1 (5) and the
    // bye (0): cut 0 -> 8. So 4 is ahead of 2 on Buchholz.
    let two = table.iter().find(|s| s.id == 2).unwrap();
    let four = table.iter().find(|s| s.id == 4).unwrap();
    assert_eq!((two.buchholz, four.buchholz), (5, 8));
}

#[test]
fn on_fire_is_the_last_two_games_won() {
    let result = |won| ArenaResult {
        won,
        berserk: false,
    };
    assert!(!on_fire(&[result(Some(true))]));
    assert!(on_fire(&[
        result(None),
        result(Some(true)),
        result(Some(true))
    ]));
    assert!(!on_fire(&[
        result(Some(true)),
        result(Some(true)),
        result(None)
    ]));
    // What on fire means for the score: the third win in a row counts double.
    let three = [result(Some(true)), result(Some(true)), result(Some(true))];
    assert_eq!(arena_points(&three), 2 + 2 + 4);
}
