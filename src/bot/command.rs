//! The command grammar shared by every chat: text chats type it, Discord's slash commands and
//! every button are turned into the same text.

/// A game named by its number, `#12` (or `12` where no move could be meant).
pub type GameRef = i64;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Help(Option<String>),
    Rules(Option<String>),
    Challenge(ChallengeArgs),
    Accept(Option<GameRef>),
    Decline(Option<GameRef>),
    Move {
        text: String,
        game: Option<GameRef>,
    },
    /// `flip` draws the board from Black's side.
    Board {
        game: Option<GameRef>,
        flip: bool,
    },
    Resign(Option<GameRef>),
    Draw(Option<GameRef>),
    /// `games [page]`, pages from 1.
    Games(usize),
    /// AMBIT practice, with an optional level.
    Ambit(Option<String>),
    /// Today's daily; a Telegram deep link names the group it counts for.
    Daily(Option<String>),
    Place(String),
    GiveUp,
    /// `leaderboard [game] [week|month|all] [page]`: the words as typed.
    Leaderboard(Vec<String>),
    /// `stats [@user]`.
    Stats(Option<String>),
    /// `forgetme`, then `forgetme confirm`.
    ForgetMe {
        confirmed: bool,
    },
    /// `settings …`: the words after the command.
    Settings(Vec<String>),
    /// `lang [code|auto]`: the speaker's own language.
    Lang(Option<String>),
    /// Not a command word: possibly a bare move or placement.
    Bare(String),
}

impl Command {
    /// Whether the command changes a chat's settings, which only its admins may do. A
    /// platform that learns who is an admin only by asking (Telegram) asks for these alone.
    pub fn needs_admin(&self) -> bool {
        matches!(self, Command::Settings(words) if !words.is_empty())
    }

    /// The chat (its platform id, as typed) the command acts in besides the one it is said
    /// in, where the speaker must be a member: a Telegram deep link to a group's daily. The
    /// platform that can tell (Telegram) asks and fills `Incoming::membership`; the service
    /// counts nothing for a chat without a member's answer.
    pub fn needs_membership(&self) -> Option<&str> {
        match self {
            Command::Daily(Some(chat)) => Some(chat),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChallengeArgs {
    /// `@handle` as typed, without the `@`.
    pub opponent: Option<String>,
    /// The words that are not a handle, colour or seed: the game's name.
    pub game: String,
    pub color: Option<String>,
    pub seed: Option<String>,
    /// Critters advanced options as typed, lower case: `growth`, `promotion`, `brains:3`.
    pub options: Vec<String>,
}

/// Why a command line could not be read; each names the command whose usage to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    Usage(&'static str),
    BadGameRef(String),
}

/// The command words, in the order `help` lists them.
pub const COMMANDS: [&str; 20] = [
    "help",
    "rules",
    "play",
    "challenge",
    "accept",
    "decline",
    "move",
    "board",
    "resign",
    "draw",
    "games",
    "ambit",
    "daily",
    "place",
    "giveup",
    "leaderboard",
    "stats",
    "settings",
    "forgetme",
    "lang",
];

/// Reads one chat line. A leading `/` and a Telegram-style `@botname` suffix on the command
/// word are ignored.
pub fn parse(line: &str) -> Result<Command, ParseError> {
    let line = line.trim();
    let without_slash = line.strip_prefix('/').unwrap_or(line);
    let mut words = without_slash.split_whitespace();
    let Some(first) = words.next() else {
        return Ok(Command::Help(None));
    };
    let word = first.split('@').next().unwrap_or(first).to_lowercase();
    let rest: Vec<&str> = words.collect();
    let command = match word.as_str() {
        // Telegram's deep link `t.me/<bot>?start=daily_<group>` arrives as `/start daily_<group>`.
        "start" => match rest.first().map(|w| w.to_lowercase()) {
            Some(payload) if payload == "daily" => Command::Daily(None),
            Some(payload) if payload.starts_with("daily_") => {
                Command::Daily(Some(payload["daily_".len()..].to_string()))
            }
            topic => Command::Help(topic),
        },
        "help" | "h" | "?" => Command::Help(rest.first().map(|w| w.to_lowercase())),
        "rules" => Command::Rules((!rest.is_empty()).then(|| rest.join(" "))),
        "challenge" => Command::Challenge(parse_challenge(&rest)),
        // One word for everything there is to play: the puzzles, or a challenge.
        "play" => match rest.split_first() {
            None => return Err(ParseError::Usage("play")),
            Some((first, levels)) if is_word(first, &["ambit", "puzzle"]) => match levels {
                [] => Command::Ambit(None),
                [level] => Command::Ambit(Some(level.to_string())),
                _ => return Err(ParseError::Usage("play")),
            },
            Some((first, [])) if is_word(first, &["daily", "today"]) => Command::Daily(None),
            Some(_) => Command::Challenge(parse_challenge(&rest)),
        },
        "accept" => Command::Accept(optional_ref(&rest, "accept")?),
        "decline" | "withdraw" | "cancel" => Command::Decline(optional_ref(&rest, "decline")?),
        "move" | "m" => parse_move(&rest)?,
        "board" | "show" => {
            let flip = rest.iter().any(|w| w.eq_ignore_ascii_case("flip"));
            let others: Vec<&str> = rest
                .iter()
                .copied()
                .filter(|w| !w.eq_ignore_ascii_case("flip"))
                .collect();
            Command::Board {
                game: optional_ref(&others, "board")?,
                flip,
            }
        }
        "resign" => Command::Resign(optional_ref(&rest, "resign")?),
        "draw" => Command::Draw(optional_ref(&rest, "draw")?),
        "games" => match rest.as_slice() {
            [] => Command::Games(1),
            [page] => match page.trim_start_matches("page:").parse::<usize>() {
                Ok(page) => Command::Games(page.max(1)),
                Err(_) => return Err(ParseError::Usage("games")),
            },
            _ => return Err(ParseError::Usage("games")),
        },
        "ambit" | "puzzle" => match rest.as_slice() {
            [] => Command::Ambit(None),
            ["daily"] => Command::Daily(None),
            [level] => Command::Ambit(Some(level.to_string())),
            _ => return Err(ParseError::Usage("ambit")),
        },
        "daily" | "today" => Command::Daily(None),
        "place" | "p" => match rest.as_slice() {
            [] => return Err(ParseError::Usage("place")),
            words => Command::Place(words.join("")),
        },
        "giveup" | "give-up" | "reveal" => Command::GiveUp,
        "leaderboard" | "lb" | "top" | "standings" => {
            Command::Leaderboard(rest.iter().map(|w| w.to_lowercase()).collect())
        }
        "stats" | "profile" => match rest.as_slice() {
            [] => Command::Stats(None),
            [who] => Command::Stats(Some(who.trim_start_matches('@').to_string())),
            _ => return Err(ParseError::Usage("stats")),
        },
        "forgetme" | "forget-me" | "deleteme" => match rest.as_slice() {
            [] => Command::ForgetMe { confirmed: false },
            [word] if word.eq_ignore_ascii_case("confirm") => Command::ForgetMe { confirmed: true },
            _ => return Err(ParseError::Usage("forgetme")),
        },
        "lang" | "language" | "язык" | "språk" => match rest.as_slice() {
            [] => Command::Lang(None),
            [code] => Command::Lang(Some(code.to_lowercase())),
            _ => return Err(ParseError::Usage("lang")),
        },
        "settings" | "config" => Command::Settings(rest.iter().map(|w| w.to_lowercase()).collect()),
        _ if line.starts_with('/') => Command::Help(Some(word)),
        _ => Command::Bare(line.to_string()),
    };
    Ok(command)
}

fn is_word(word: &str, words: &[&str]) -> bool {
    words.iter().any(|w| w.eq_ignore_ascii_case(word))
}

fn parse_challenge(words: &[&str]) -> ChallengeArgs {
    let mut args = ChallengeArgs::default();
    let mut game_words = Vec::new();
    for &word in words {
        let lower = word.to_lowercase();
        if let Some(handle) = word.strip_prefix('@').filter(|h| !h.is_empty()) {
            args.opponent.get_or_insert_with(|| handle.to_string());
        } else if matches!(lower.as_str(), "white" | "black" | "random") {
            args.color = Some(lower);
        } else if let Some(seed) = lower.strip_prefix("seed:").or(lower.strip_prefix("seed=")) {
            args.seed = Some(seed.to_string());
        } else if matches!(lower.as_str(), "growth" | "promotion") || lower.starts_with("brains") {
            args.options.push(lower);
        } else {
            game_words.push(word);
        }
    }
    args.game = game_words.join(" ");
    args
}

/// `move d3/g7 #12`: the last word is the game when it starts with `#`.
fn parse_move(words: &[&str]) -> Result<Command, ParseError> {
    let (game, words) = match words.split_last() {
        Some((last, before)) if last.starts_with('#') => (Some(game_ref(last)?), before),
        _ => (None, words),
    };
    if words.is_empty() {
        return Err(ParseError::Usage("move"));
    }
    Ok(Command::Move {
        text: words.join(" "),
        game,
    })
}

fn optional_ref(words: &[&str], command: &'static str) -> Result<Option<GameRef>, ParseError> {
    match words {
        [] => Ok(None),
        [one] => game_ref(one).map(Some),
        _ => Err(ParseError::Usage(command)),
    }
}

fn game_ref(word: &str) -> Result<GameRef, ParseError> {
    let digits = word.strip_prefix('#').unwrap_or(word);
    digits
        .parse::<i64>()
        .ok()
        .filter(|&id| id > 0)
        .ok_or_else(|| ParseError::BadGameRef(word.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
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
                game: Some(7),
                flip: true
            })
        );
        assert_eq!(parse("ACCEPT 3"), Ok(Command::Accept(Some(3))));
        assert_eq!(
            parse("move d3/g7 #2"),
            Ok(Command::Move {
                text: "d3/g7".into(),
                game: Some(2)
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
        assert_eq!(parse("/ambit daily"), Ok(Command::Daily(None)));
        assert_eq!(
            parse("/start daily_-1001234"),
            Ok(Command::Daily(Some("-1001234".into())))
        );
        assert_eq!(parse("/start"), Ok(Command::Help(None)));
        assert_eq!(
            parse("leaderboard Glacier WEEK 2"),
            Ok(Command::Leaderboard(vec![
                "glacier".into(),
                "week".into(),
                "2".into()
            ]))
        );
        assert_eq!(parse("stats @Bob"), Ok(Command::Stats(Some("Bob".into()))));
        assert_eq!(
            parse("forgetme confirm"),
            Ok(Command::ForgetMe { confirmed: true })
        );
        assert_eq!(parse("forgetme now"), Err(ParseError::Usage("forgetme")));
        assert_eq!(parse("lang RU"), Ok(Command::Lang(Some("ru".into()))));
        assert_eq!(parse("/lang"), Ok(Command::Lang(None)));
        assert_eq!(parse("ambit hard"), Ok(Command::Ambit(Some("hard".into()))));
        assert_eq!(parse("place N f3"), Ok(Command::Place("Nf3".into())));
        assert_eq!(parse("place"), Err(ParseError::Usage("place")));
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
        assert_eq!(args.color.as_deref(), Some("black"));
        assert_eq!(args.seed.as_deref(), Some("42"));
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
        assert_eq!(args.color.as_deref(), Some("black"));
    }

    #[test]
    fn play_starts_a_puzzle_the_daily_or_a_challenge() {
        assert_eq!(parse("play ambit"), Ok(Command::Ambit(None)));
        assert_eq!(
            parse("/play Puzzle hard"),
            Ok(Command::Ambit(Some("hard".into())))
        );
        assert_eq!(parse("play daily"), Ok(Command::Daily(None)));
        let Ok(Command::Challenge(args)) = parse("play @Bob glacier white") else {
            panic!("not a challenge");
        };
        assert_eq!(args.game, "glacier");
        assert_eq!(args.opponent.as_deref(), Some("Bob"));
        assert_eq!(parse("play"), Err(ParseError::Usage("play")));
        assert_eq!(parse("play ambit easy now"), Err(ParseError::Usage("play")));
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
        assert_eq!(named("/start"), None);
    }

    #[test]
    fn malformed_arguments_name_the_usage() {
        assert_eq!(parse("move"), Err(ParseError::Usage("move")));
        assert_eq!(parse("resign 1 2"), Err(ParseError::Usage("resign")));
        assert_eq!(parse("board #x"), Err(ParseError::BadGameRef("#x".into())));
        assert_eq!(parse("accept 0"), Err(ParseError::BadGameRef("0".into())));
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
