//! `tournament …`: what a tournament command asks for, read from its words.

use super::error::ParseError;
use super::word::Word;
use crate::store::TournamentId;

/// What `tournament …` asks for. A tournament not named is the chat's newest one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentAsk {
    /// `tournament` (or `tournaments`): the chat's tournaments.
    List,
    /// `tournament #3`: one tournament, as it stands.
    Show(TournamentId),
    /// `tournament create <game> [swiss|rr|double] [rounds:N] [time:1d] [name…]`.
    Create(NewTournamentArgs),
    Join(Option<TournamentId>),
    /// `tournament berserk [#game]`: halve your clock before your first move in an arena
    /// game, for a point more if you win it.
    Berserk(Option<crate::store::GameId>),
    /// `tournament add computer [level:N] [#id]`: the computer as a player, at a level.
    AddComputer {
        level: Option<String>,
        tournament: Option<TournamentId>,
    },
    Leave(Option<TournamentId>),
    Start(Option<TournamentId>),
    Cancel(Option<TournamentId>),
    Standings(Option<TournamentId>),
    Pairings(Option<TournamentId>),
}

/// The words of `tournament create`, as typed; the handler checks them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NewTournamentArgs {
    pub game: String,
    /// The format word (`swiss` unless said).
    pub format: Option<String>,
    /// `rounds:N` (a Swiss's; a round robin's follow from its field).
    pub rounds: Option<String>,
    /// `time:…`, a time control as `challenge` takes it.
    pub time: Option<String>,
    /// `start:18:00` or `start:"sat 18:00"`: when it starts by itself (UTC).
    pub start: Option<String>,
    /// `duration:60m`: how long an arena runs.
    pub duration: Option<String>,
    /// The words left: the tournament's name.
    pub name: String,
}

/// Reads the words after `tournament`.
pub(super) fn tournament(words: &[&str]) -> Result<TournamentAsk, ParseError> {
    let usage = || ParseError::Usage(Word::Tournament);
    let Some((first, rest)) = words.split_first() else {
        return Ok(TournamentAsk::List);
    };
    let named = |rest: &[&str]| -> Result<Option<TournamentId>, ParseError> {
        match rest {
            [] => Ok(None),
            [one] => tournament_ref(one).map(Some),
            _ => Err(usage()),
        }
    };
    Ok(match first.to_lowercase().as_str() {
        "create" | "new" => TournamentAsk::Create(create(rest).ok_or_else(usage)?),
        "join" => TournamentAsk::Join(named(rest)?),
        "berserk" => TournamentAsk::Berserk(match rest {
            [] => None,
            [game] => Some(super::args::game_ref(game).map_err(|_| usage())?),
            _ => return Err(usage()),
        }),
        "add" => add_computer(rest).ok_or_else(usage)?,
        "leave" | "withdraw" => TournamentAsk::Leave(named(rest)?),
        "start" => TournamentAsk::Start(named(rest)?),
        "cancel" => TournamentAsk::Cancel(named(rest)?),
        "standings" | "table" => TournamentAsk::Standings(named(rest)?),
        "pairings" | "round" => TournamentAsk::Pairings(named(rest)?),
        "list" if rest.is_empty() => TournamentAsk::List,
        _ if rest.is_empty() => TournamentAsk::Show(tournament_ref(first)?),
        _ => return Err(usage()),
    })
}

/// `add computer [level:N|N] [#id]`.
fn add_computer(words: &[&str]) -> Option<TournamentAsk> {
    let (first, rest) = words.split_first()?;
    if !super::word::COMPUTER_WORDS.contains(&first.to_lowercase().as_str()) {
        return None;
    }
    let mut level = None;
    let mut tournament = None;
    for word in rest {
        if word.starts_with('#') {
            tournament = Some(tournament_ref(word).ok()?);
        } else if level.is_none() {
            level = Some(word.to_lowercase().trim_start_matches("level:").to_string());
        } else {
            return None;
        }
    }
    Some(TournamentAsk::AddComputer { level, tournament })
}

fn create(words: &[&str]) -> Option<NewTournamentArgs> {
    let (game, rest) = words.split_first()?;
    let mut args = NewTournamentArgs {
        game: game.to_string(),
        ..NewTournamentArgs::default()
    };
    let mut name = Vec::new();
    let mut words = rest.iter();
    while let Some(word) = words.next() {
        let lower = word.to_lowercase();
        if let Some(start) = lower.strip_prefix("start:") {
            // `start:"sat 18:00"` comes as two words: the quote is read to its end.
            let mut start = start.to_string();
            if start.starts_with('"') && !(start.len() > 1 && start.ends_with('"')) {
                for more in words.by_ref() {
                    start.push(' ');
                    start.push_str(&more.to_lowercase());
                    if more.ends_with('"') {
                        break;
                    }
                }
            }
            args.start = Some(start.trim_matches('"').to_string());
        } else if let Some(duration) = lower.strip_prefix("duration:") {
            args.duration = Some(duration.to_string());
        } else if let Some(rounds) = lower.strip_prefix("rounds:") {
            args.rounds = Some(rounds.to_string());
        } else if let Some(time) = lower.strip_prefix("time:") {
            args.time = Some(time.to_string());
        } else if args.format.is_none()
            && name.is_empty()
            && crate::games::tournament::Format::parse(&lower).is_some()
        {
            args.format = Some(lower);
        } else {
            name.push(*word);
        }
    }
    args.name = name.join(" ");
    Some(args)
}

/// `#3` or `3`.
fn tournament_ref(word: &str) -> Result<TournamentId, ParseError> {
    super::args::numbered(word)
        .map(TournamentId)
        .ok_or(ParseError::Usage(Word::Tournament))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_words_of_each_ask_read_as_it() {
        assert_eq!(tournament(&[]), Ok(TournamentAsk::List));
        assert_eq!(
            tournament(&["#3"]),
            Ok(TournamentAsk::Show(TournamentId(3)))
        );
        assert_eq!(
            tournament(&["join", "3"]),
            Ok(TournamentAsk::Join(Some(TournamentId(3))))
        );
        assert_eq!(
            tournament(&["Standings"]),
            Ok(TournamentAsk::Standings(None))
        );
        assert_eq!(
            tournament(&["add", "computer", "level:5", "#2"]),
            Ok(TournamentAsk::AddComputer {
                level: Some("5".into()),
                tournament: Some(TournamentId(2)),
            })
        );
        assert_eq!(
            tournament(&["add", "bot"]),
            Ok(TournamentAsk::AddComputer {
                level: None,
                tournament: None,
            })
        );
        assert_eq!(
            tournament(&["create", "glacier", "rr", "time:3d", "Winter", "Cup"]),
            Ok(TournamentAsk::Create(NewTournamentArgs {
                game: "glacier".into(),
                format: Some("rr".into()),
                rounds: None,
                time: Some("3d".into()),
                start: None,
                duration: None,
                name: "Winter Cup".into(),
            }))
        );
        assert_eq!(
            tournament(&["create", "kf", "start:\"Sat", "18:00\"", "Night"]),
            Ok(TournamentAsk::Create(NewTournamentArgs {
                game: "kf".into(),
                start: Some("sat 18:00".into()),
                name: "Night".into(),
                ..NewTournamentArgs::default()
            }))
        );
        assert_eq!(
            tournament(&["create", "kf", "arena", "duration:45m", "time:3m+2s"]),
            Ok(TournamentAsk::Create(NewTournamentArgs {
                game: "kf".into(),
                format: Some("arena".into()),
                time: Some("3m+2s".into()),
                duration: Some("45m".into()),
                ..NewTournamentArgs::default()
            }))
        );
        assert_eq!(
            tournament(&["create", "knight-fight", "rounds:5", "Friday", "swiss"]),
            Ok(TournamentAsk::Create(NewTournamentArgs {
                game: "knight-fight".into(),
                format: None,
                rounds: Some("5".into()),
                time: None,
                start: None,
                duration: None,
                name: "Friday swiss".into(),
            }))
        );
    }

    #[test]
    fn words_that_fit_no_ask_are_refused_with_the_usage() {
        for words in [
            &["create"][..],
            &["join", "x"],
            &["dance"],
            &["start", "1", "2"],
            &["add", "alice"],
        ] {
            assert_eq!(
                tournament(words),
                Err(ParseError::Usage(Word::Tournament)),
                "{words:?}"
            );
        }
    }
}
