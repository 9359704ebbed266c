//! The page's own words, from the bot's catalogue in the viewer's language: one catalogue for
//! the chat and the board.

use crate::bot::Service;
use serde_json::{Map, Value};

/// The page's name for each word, and its catalogue key.
const WORDS: [(&str, &str); 45] = [
    ("loading", "board-word-loading"),
    ("no_game", "board-word-no-game"),
    ("open_from_chat", "board-word-open-from-chat"),
    ("channel_games", "board-word-channel-games"),
    ("no_channel_games", "board-word-no-channel-games"),
    ("place_piece", "board-word-place-piece"),
    ("solved", "board-word-solved"),
    ("puzzle_over", "board-word-puzzle-over"),
    ("lives", "board-word-lives"),
    ("footprint", "board-word-footprint"),
    ("covered", "board-word-covered"),
    ("your_move", "board-word-your-move"),
    ("waiting", "board-word-waiting"),
    ("watching", "board-word-watching"),
    ("challenge", "board-word-challenge"),
    ("done", "board-word-done"),
    ("pass", "board-word-pass"),
    ("undo", "board-word-undo"),
    ("resign", "board-word-resign"),
    ("resign_sure", "board-word-resign-sure"),
    ("draw", "board-word-draw"),
    ("takeback", "board-word-takeback"),
    ("abort", "board-word-abort"),
    ("yes", "board-word-yes"),
    ("no", "board-word-no"),
    ("white_wins", "board-word-white-wins"),
    ("black_wins", "board-word-black-wins"),
    ("drawn", "board-word-drawn"),
    ("ice_age", "board-word-ice-age"),
    ("white", "board-word-white"),
    ("black", "board-word-black"),
    ("abort_sure", "board-word-abort-sure"),
    ("ice", "board-word-ice"),
    ("blocked", "board-word-blocked"),
    // The accessible names of the pieces and units, by the letter the board sends.
    ("piece_k", "board-word-king"),
    ("piece_q", "board-word-queen"),
    ("piece_r", "board-word-rook"),
    ("piece_b", "board-word-bishop"),
    ("piece_n", "board-word-knight"),
    ("piece_p", "board-word-pawn"),
    ("piece_C", "board-word-chief"),
    ("piece_N", "board-word-knight"),
    ("piece_W", "board-word-warmachine"),
    ("piece_E", "board-word-elephant"),
    ("piece_G", "board-word-guard"),
];

/// The page's words in the language of `locale`.
pub fn board_words(service: &Service, locale: Option<&str>) -> Value {
    let mut words = Map::new();
    for (name, key) in WORDS {
        words.insert(name.to_string(), Value::String(service.phrase(locale, key)));
    }
    Value::Object(words)
}
