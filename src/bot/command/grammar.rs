//! The grammar: a line read into a [`Command`], once.

use super::args::{self, BoardRequest, game_ref};
use super::error::ParseError;
use super::parsed::{Command, Parsed, PuzzleAsk};
use super::word::Word;
use crate::games::GameKind;

impl Parsed {
    pub fn of(line: &str) -> Parsed {
        Parsed {
            command: parse(line),
        }
    }
}

/// Reads one chat line. A leading `/` and a Telegram-style `@botname` suffix on the command
/// word are ignored.
pub fn parse(line: &str) -> Result<Command, ParseError> {
    let line = line.trim();
    let without_slash = line.strip_prefix('/').unwrap_or(line);
    let mut words = without_slash.split_whitespace();
    let Some(first) = words.next() else {
        return Ok(Command::Help(None));
    };
    let typed = first.split('@').next().unwrap_or(first);
    let rest: Vec<&str> = words.collect();
    match Word::lookup(typed) {
        Some(word) => parse_word(word, &rest),
        // Telegram's deep link `t.me/<bot>?start=daily_<group>` arrives as `/start daily_<group>`.
        None if typed.eq_ignore_ascii_case("start") => Ok(start(&rest)),
        None if line.starts_with('/') => Ok(Command::Help(Some(typed.to_lowercase()))),
        None => Ok(bare(line)),
    }
}

/// A line without a command word: a move with its game's number before or after it
/// (`bxc3 #3`, `#3 bxc3`) is read as `move bxc3 #3`; anything else is left bare.
fn bare(line: &str) -> Command {
    let words: Vec<&str> = line.split_whitespace().collect();
    let numbered = |word: &&str| word.len() > 1 && word.starts_with('#');
    let (game, rest) = match words.as_slice() {
        [first, rest @ ..] if numbered(first) && !rest.is_empty() => (*first, rest),
        [rest @ .., last] if numbered(last) && !rest.is_empty() => (*last, rest),
        _ => return Command::Bare(line.to_string()),
    };
    match args::game_ref(game) {
        Ok(id) => Command::Move {
            text: rest.join(" "),
            game: Some(id),
        },
        Err(_) => Command::Bare(line.to_string()),
    }
}

/// Telegram's `/start [payload]`: a deep link's payload, else the help.
fn start(rest: &[&str]) -> Command {
    match rest.first().map(|w| w.to_lowercase()) {
        Some(payload) if payload == "daily" => Command::Daily(None),
        Some(payload) if payload.starts_with("daily_") => {
            Command::Daily(Some(payload["daily_".len()..].to_string()))
        }
        // A game puzzle's link from a group: `puzzle-<game>_<group>`.
        Some(payload) if payload.starts_with("puzzle-") => {
            let linked = payload["puzzle-".len()..]
                .split_once('_')
                .and_then(|(game, group)| Some((GameKind::parse(game)?, group)));
            match linked {
                Some((kind, group)) => Command::GamePuzzle {
                    kind,
                    ask: PuzzleAsk::Show,
                    for_chat: Some(group.to_string()),
                },
                None => Command::Help(Some(payload)),
            }
        }
        topic => Command::Help(topic),
    }
}

fn lower(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| w.to_lowercase()).collect()
}

/// The words after a command word, read as that command's arguments.
fn parse_word(word: Word, rest: &[&str]) -> Result<Command, ParseError> {
    let usage = || ParseError::Usage(word);
    let command = match word {
        Word::Help => Command::Help(rest.first().map(|w| w.to_lowercase())),
        Word::Rules => Command::Rules((!rest.is_empty()).then(|| rest.join(" "))),
        Word::Challenge => Command::Challenge(args::challenge(rest)?),
        Word::Play => play(rest)?,
        Word::Accept => Command::Accept(args::optional_ref(rest, word)?),
        Word::Decline => Command::Decline(args::optional_ref(rest, word)?),
        Word::Move => play_move(rest)?,
        Word::Board => {
            let (flip, others) = args::flag(rest, "flip");
            let game = args::optional_ref(&others, word)?;
            Command::Board { game, flip }
        }
        Word::Resign => {
            let (confirmed, others) = args::flag(rest, "confirm");
            let game = args::optional_ref(&others, word)?;
            Command::Resign { game, confirmed }
        }
        Word::Draw => Command::Draw(args::optional_ref(rest, word)?),
        Word::Takeback => Command::Takeback(args::optional_ref(rest, word)?),
        Word::Abort => Command::Abort(args::optional_ref(rest, word)?),
        Word::Pings => match rest {
            [] => Command::Pings(None),
            [choice] => match choice.to_lowercase().as_str() {
                "on" | "yes" => Command::Pings(Some(true)),
                "off" | "no" => Command::Pings(Some(false)),
                _ => return Err(usage()),
            },
            _ => return Err(usage()),
        },
        Word::Games => {
            let (finished, others) = args::flag(rest, "finished");
            Command::Games {
                finished,
                page: args::games_page(&others)?,
            }
        }
        Word::History => match rest {
            // `moves e14 [#id]`: where the unit on e14 may go.
            [square, others @ ..] if args::game_ref(square).is_err() => Command::UnitMoves {
                square: square.to_string(),
                game: args::optional_ref(others, word)?,
            },
            _ => Command::History(args::optional_ref(rest, word)?),
        },
        Word::Export => Command::Export(args::optional_ref(rest, word)?),
        Word::Replay => Command::Replay(args::optional_ref(rest, word)?),
        Word::Analysis => Command::Analysis(args::optional_ref(rest, word)?),
        Word::Vacation => match rest {
            [] => Command::Vacation(None),
            [days] => Command::Vacation(Some(
                days.trim_end_matches(['d', 'D'])
                    .parse::<u32>()
                    .map_err(|_| usage())?,
            )),
            _ => return Err(usage()),
        },
        Word::Ambit => match rest {
            [] => Command::Ambit(None),
            ["daily"] => Command::Daily(None),
            [level] => Command::Ambit(Some(args::level(level)?)),
            _ => return Err(usage()),
        },
        Word::Daily => match rest {
            [] => Command::Daily(None),
            [game, more @ ..] => {
                let kind = GameKind::parse(game).ok_or_else(usage)?;
                let ask = match more {
                    [] => PuzzleAsk::Show,
                    [word] if word.eq_ignore_ascii_case("top") => PuzzleAsk::Standings,
                    words => PuzzleAsk::Answer(words.join(" ")),
                };
                Command::GamePuzzle {
                    kind,
                    ask,
                    for_chat: None,
                }
            }
        },
        Word::Place => match rest {
            [] => return Err(usage()),
            words => Command::Place(words.join("")),
        },
        Word::GiveUp => Command::GiveUp,
        Word::Hint => Command::Hint,
        Word::Leaderboard => Command::Leaderboard(BoardRequest::parse(&lower(rest))?),
        Word::Stats => match rest {
            [] => Command::Stats(None),
            [who] => Command::Stats(Some(who.trim_start_matches('@').to_string())),
            _ => return Err(usage()),
        },
        Word::ForgetMe => match rest {
            [] => Command::ForgetMe { confirmed: false },
            [confirm] if confirm.eq_ignore_ascii_case("confirm") => {
                Command::ForgetMe { confirmed: true }
            }
            _ => return Err(usage()),
        },
        Word::Lang => match rest {
            [] => Command::Lang(None),
            [code] => Command::Lang(Some(code.to_lowercase())),
            _ => return Err(usage()),
        },
        Word::Tournament => Command::Tournament(super::tournament_args::tournament(rest)?),
        Word::Settings => Command::Settings(args::settings(&lower(rest))?),
    };
    Ok(command)
}

/// `play`: one word for everything there is to play: the puzzles, or a challenge.
fn play(rest: &[&str]) -> Result<Command, ParseError> {
    match rest.split_first() {
        None => Err(ParseError::Usage(Word::Play)),
        Some((first, levels)) if Word::lookup(first) == Some(Word::Ambit) => match levels {
            [] => Ok(Command::Ambit(None)),
            [level] => Ok(Command::Ambit(Some(args::level(level)?))),
            _ => Err(ParseError::Usage(Word::Play)),
        },
        Some((first, [])) if Word::lookup(first) == Some(Word::Daily) => Ok(Command::Daily(None)),
        Some(_) => Ok(Command::Challenge(args::challenge(rest)?)),
    }
}

/// `move d3/g7 #12`: the last word is the game when it starts with `#`.
fn play_move(words: &[&str]) -> Result<Command, ParseError> {
    let (game, words) = match words.split_last() {
        Some((last, before)) if last.starts_with('#') => (Some(game_ref(last)?), before),
        _ => (None, words),
    };
    if words.is_empty() {
        return Err(ParseError::Usage(Word::Move));
    }
    Ok(Command::Move {
        text: words.join(" "),
        game,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::command::args::Color;
    use crate::games::GameKind;
    use crate::games::ambit::Level;
    use crate::games::standings::Period;
    use proptest::prelude::*;

    #[test]
    fn commands_read_with_and_without_slash_and_bot_suffix() {
        assert_eq!(
            parse("/board@KibitzBot"),
            Ok(Command::Board {
                game: None,
                flip: false
            })
        );
        assert_eq!(
            parse("board flip #7"),
            Ok(Command::Board {
                game: Some(crate::store::GameId(7)),
                flip: true
            })
        );
        assert_eq!(
            parse("ACCEPT 3"),
            Ok(Command::Accept(Some(crate::store::GameId(3))))
        );
        assert_eq!(
            parse("move d3/g7 #2"),
            Ok(Command::Move {
                text: "d3/g7".into(),
                game: Some(crate::store::GameId(2))
            })
        );
        assert_eq!(
            parse("move 57"),
            Ok(Command::Move {
                text: "57".into(),
                game: None
            })
        );
        assert_eq!(parse("d3"), Ok(Command::Bare("d3".into())));
        for line in ["bxc3 #3", "#3 bxc3", "move bxc3 #3"] {
            let expected = Command::Move {
                text: "bxc3".into(),
                game: Some(crate::store::GameId(3)),
            };
            assert_eq!(parse(line), Ok(expected), "{line}");
        }
        assert_eq!(parse("#3"), Ok(Command::Bare("#3".into())));
        assert_eq!(parse("gg #x"), Ok(Command::Bare("gg #x".into())));
        assert_eq!(
            parse("moves e14 #2"),
            Ok(Command::UnitMoves {
                square: "e14".into(),
                game: Some(crate::store::GameId(2))
            })
        );
        assert_eq!(
            parse("moves #2"),
            Ok(Command::History(Some(crate::store::GameId(2))))
        );
        assert_eq!(
            parse("history 9"),
            Ok(Command::History(Some(crate::store::GameId(9))))
        );
        assert_eq!(parse("/ambit daily"), Ok(Command::Daily(None)));
        assert_eq!(
            parse("/start daily_-1001234"),
            Ok(Command::Daily(Some("-1001234".into())))
        );
        assert_eq!(parse("/start"), Ok(Command::Help(None)));
        assert_eq!(
            parse("leaderboard Glacier WEEK 2"),
            Ok(Command::Leaderboard(BoardRequest {
                game: Some(GameKind::Glacier),
                period: Period::Week,
                page: 2
            }))
        );
        assert_eq!(parse("stats @Bob"), Ok(Command::Stats(Some("Bob".into()))));
        assert_eq!(
            parse("forgetme confirm"),
            Ok(Command::ForgetMe { confirmed: true })
        );
        assert_eq!(
            parse("forgetme now"),
            Err(ParseError::Usage(Word::ForgetMe))
        );
        assert_eq!(parse("lang RU"), Ok(Command::Lang(Some("ru".into()))));
        assert_eq!(parse("/lang"), Ok(Command::Lang(None)));
        assert_eq!(parse("ambit hard"), Ok(Command::Ambit(Some(Level::Hard))));
        assert_eq!(parse("place N f3"), Ok(Command::Place("Nf3".into())));
        assert_eq!(parse("place"), Err(ParseError::Usage(Word::Place)));
        assert_eq!(
            parse("/frobnicate"),
            Ok(Command::Help(Some("frobnicate".into())))
        );
    }

    #[test]
    fn challenge_words_come_in_any_order() {
        let Ok(Command::Challenge(args)) = parse("challenge knight fight black @Bob seed:42")
        else {
            panic!("not a challenge");
        };
        assert_eq!(args.opponent.as_deref(), Some("Bob"));
        assert_eq!(args.game, "knight fight");
        assert_eq!(args.color, Some(Color::Black));
        assert_eq!(args.seed, Some(42));
        assert!(args.options.is_empty());
    }

    #[test]
    fn critters_options_are_picked_out_of_the_challenge() {
        let Ok(Command::Challenge(args)) = parse("challenge @Bob critters growth Brains:3 black")
        else {
            panic!("not a challenge");
        };
        assert_eq!(args.game, "critters");
        assert_eq!(args.options, vec!["growth", "brains:3"]);
        assert_eq!(args.color, Some(Color::Black));
    }

    #[test]
    fn play_starts_a_puzzle_the_daily_or_a_challenge() {
        assert_eq!(parse("play ambit"), Ok(Command::Ambit(None)));
        assert_eq!(
            parse("/play Puzzle hard"),
            Ok(Command::Ambit(Some(Level::Hard)))
        );
        assert_eq!(parse("play daily"), Ok(Command::Daily(None)));
        let Ok(Command::Challenge(args)) = parse("play @Bob glacier white") else {
            panic!("not a challenge");
        };
        assert_eq!(args.game, "glacier");
        assert_eq!(args.opponent.as_deref(), Some("Bob"));
        assert_eq!(parse("play"), Err(ParseError::Usage(Word::Play)));
        assert_eq!(
            parse("play ambit easy now"),
            Err(ParseError::Usage(Word::Play))
        );
    }

    #[test]
    fn only_changing_settings_needs_an_admin() {
        let needs = |line: &str| parse(line).is_ok_and(|c| c.needs_admin());
        assert!(needs("/settings daily 09:00 easy"));
        assert!(needs("settings language ru"));
        assert!(!needs("settings"));
        assert!(!needs("daily"));
        assert!(!needs("leaderboard"));
    }

    #[test]
    fn a_daily_link_names_the_group_to_check() {
        let named = |line: &str| {
            parse(line)
                .ok()
                .and_then(|c| c.needs_membership().map(str::to_string))
        };
        assert_eq!(named("/start daily_-1001234"), Some("-1001234".into()));
        assert_eq!(named("daily"), None);
        assert_eq!(
            named("/start puzzle-glacier_-1001234"),
            Some("-1001234".into())
        );
        assert_eq!(
            parse("/start puzzle-knight-fight_-5"),
            Ok(Command::GamePuzzle {
                kind: GameKind::KnightFight,
                ask: PuzzleAsk::Show,
                for_chat: Some("-5".into()),
            })
        );
        assert_eq!(
            parse("/start puzzle-chess_-5"),
            Ok(Command::Help(Some("puzzle-chess_-5".into())))
        );
        assert_eq!(named("/start"), None);
    }

    #[test]
    fn malformed_arguments_name_the_usage() {
        assert_eq!(parse("move"), Err(ParseError::Usage(Word::Move)));
        assert_eq!(parse("resign 1 2"), Err(ParseError::Usage(Word::Resign)));
        assert_eq!(parse("board #x"), Err(ParseError::BadGameRef("#x".into())));
        assert_eq!(parse("accept 0"), Err(ParseError::BadGameRef("0".into())));
    }

    #[test]
    fn resigning_may_carry_its_confirmation() {
        assert_eq!(
            parse("resign"),
            Ok(Command::Resign {
                game: None,
                confirmed: false
            })
        );
        assert_eq!(
            parse("resign CONFIRM #4"),
            Ok(Command::Resign {
                game: Some(crate::store::GameId(4)),
                confirmed: true
            })
        );
        assert_eq!(
            parse("resign #4 confirm"),
            parse("resign confirm #4"),
            "in any order"
        );
    }

    #[test]
    fn malformed_typed_arguments_say_which_word() {
        assert_eq!(
            parse("challenge glacier seed:x1"),
            Err(ParseError::BadSeed("x1".into()))
        );
        let Err(ParseError::BadLevel(error)) = parse("play ambit impossible") else {
            panic!("a level error");
        };
        assert_eq!(error.key, "ambit-level-unknown");
        assert!(matches!(parse("ambit 9"), Err(ParseError::BadLevel(_))));
        assert_eq!(
            parse("lb chess960"),
            Err(ParseError::LeaderboardWord("chess960".into()))
        );
        assert_eq!(parse("games x"), Err(ParseError::Usage(Word::Games)));
        let games = |finished, page| Ok(Command::Games { finished, page });
        assert_eq!(parse("games page:3"), games(false, 3));
        assert_eq!(parse("games 0"), games(false, 1));
        assert_eq!(parse("games finished 2"), games(true, 2));
        assert_eq!(parse("games finished"), games(true, 1));
        assert_eq!(
            parse("settings Colour red"),
            Err(ParseError::UnknownSetting("colour".into()))
        );
    }

    #[test]
    fn a_malformed_settings_line_still_needs_an_admin() {
        assert!(Parsed::of("settings daily noon").needs_admin());
        assert!(Parsed::of("settings colour").needs_admin());
        assert!(!Parsed::of("lb chess960").needs_admin());
        assert!(!Parsed::of("settings").needs_admin());
        assert_eq!(
            Parsed::of("/start daily_-100").needs_membership(),
            Some("-100")
        );
    }

    proptest! {
        #[test]
        fn no_line_makes_the_parser_panic(line in ".{0,80}") {
            let _ = parse(&line);
        }

        #[test]
        fn command_like_lines_never_panic(word in "/?[a-z]{1,9}", rest in "[ #@a-z0-9/:=-]{0,30}") {
            let _ = parse(&format!("{word} {rest}"));
        }
    }
}
