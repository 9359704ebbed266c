//! The words of the rules: a rules error, an ending's reason or a game's move usage as a
//! catalogue message, and a rules error said in a language's words for whoever asks (the
//! chat's replies, the command line).

use crate::bot::i18n::Catalogue;
use crate::bot::msg::{Msg, msg};
use crate::games::{EndReason, GameKind, RulesError};

pub(crate) fn rules_message(error: &RulesError) -> Msg {
    error_message(error, Quoting::Cut)
}

/// How a message keeps the arguments a rules error quotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Quoting {
    /// Cut to what a chat reply shows ([`Msg::with`]).
    Cut,
    /// Whole, as the rules core gave them: the command line, whose user typed the text.
    Whole,
}

/// `error` as a catalogue message, its arguments kept as `quoting` says.
fn error_message(error: &RulesError, quoting: Quoting) -> Msg {
    let mut message = msg(error.key);
    for (name, value) in &error.args {
        message = with(message, quoting, name, value);
    }
    message
}

fn with(message: Msg, quoting: Quoting, name: &'static str, value: impl ToString) -> Msg {
    match quoting {
        Quoting::Cut => message.with(name, value),
        Quoting::Whole => Msg {
            key: message.key,
            args: message.args.with(name, value),
        },
    }
}

pub(crate) fn move_usage(kind: GameKind) -> Msg {
    match kind {
        GameKind::KnightFight => msg("move-usage-knight-fight"),
        GameKind::Glacier => msg("move-usage-glacier"),
        GameKind::ChesimalsOne | GameKind::ChesimalsTwo => msg("move-usage-chesimals"),
        GameKind::Critters => msg("move-usage-critters"),
    }
}

pub(super) fn reason_message(reason: EndReason) -> Msg {
    match reason {
        EndReason::NoMoves => msg("reason-no-moves"),
        EndReason::Resignation => msg("reason-resignation"),
        EndReason::Agreement => msg("reason-agreement"),
        EndReason::Checkmate => msg("reason-checkmate"),
        EndReason::Stalemate => msg("reason-stalemate"),
        EndReason::WhiteKingFrozen => msg("reason-white-king-frozen"),
        EndReason::BlackKingFrozen => msg("reason-black-king-frozen"),
        EndReason::BothKingsFrozen => msg("reason-both-kings-frozen"),
        EndReason::HalfMoveLimit => msg("reason-half-move-limit"),
        EndReason::RoyalChiefsCaptured => msg("reason-royal-chiefs-captured"),
        EndReason::BrainsKilled => msg("reason-brains-killed"),
        EndReason::GreenSquares => msg("reason-green-squares"),
        EndReason::BothPassed => msg("reason-both-passed"),
        EndReason::NoCaptureLimit => msg("reason-no-capture-limit"),
        EndReason::Timeout => msg("reason-timeout"),
    }
}

/// Why a move was refused. A Chesimals refusal inside a typed turn says which move of the
/// message it was and that nothing was played.
pub(super) fn refusal_message(
    error: &RulesError,
    quoting: Quoting,
    say: impl Fn(&Msg) -> String,
) -> Msg {
    let arg = |name: &str| {
        error
            .args
            .iter()
            .find(|(arg, _)| *arg == name)
            .map(|(_, value)| value.clone())
    };
    match (arg("number"), arg("move")) {
        (Some(number), Some(mv))
            if error.key.starts_with("chesimals-") && error.key != "chesimals-after-turn" =>
        {
            let refused = msg("chesimals-turn-refused");
            let refused = with(refused, quoting, "number", number);
            let refused = with(refused, quoting, "move", mv);
            with(
                refused,
                quoting,
                "reason",
                say(&error_message(error, quoting)),
            )
        }
        _ => error_message(error, quoting),
    }
}

/// A rules error in `language`'s words, as a refused move says it (a Chesimals refusal
/// inside a typed turn also says which move of the turn it was), every argument whole: for
/// the command line, which holds the catalogue but no chat.
pub fn rules_error_text(catalogue: &Catalogue, language: &str, error: &RulesError) -> String {
    let say = |message: &Msg| catalogue.text(language, message.key, &message.args);
    say(&refusal_message(error, Quoting::Whole, say))
}

/// Whether a refused bare line was not even shaped like a move, so it was not meant as one:
/// for Chesimals, when its first word is no action.
pub(super) fn not_a_move(error: &RulesError) -> bool {
    let first_word = error
        .args
        .iter()
        .find(|(name, _)| *name == "number")
        .is_none_or(|(_, number)| number == "1");
    error.key.ends_with("move-malformed") || (error.key == "chesimals-bad-move" && first_word)
}
