//! What the service hands back: replies, their buttons, spoilers and mentions, and what a
//! press does to the message it was made on.

use crate::bot::command::{Command, Word};

/// A button under a reply; pressing it sends `command` as the presser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    pub label: String,
    pub command: String,
    /// The command is played in the presser's private chat with the bot (today's daily: its
    /// board would spoil the puzzle for a group), started there by this word. A platform
    /// without private replies in a group (`Platform::private_replies_in_chat`) makes such a
    /// button lead there (Telegram: a link `?start=<word>_<group>` that starts it, counted
    /// for the group).
    pub private_start: Option<String>,
}

impl Button {
    pub fn new(label: impl Into<String>, command: impl Into<String>) -> Button {
        Button {
            label: label.into(),
            command: command.into(),
            private_start: None,
        }
    }

    /// The button that starts today's daily, which is played in private.
    pub fn daily(label: impl Into<String>) -> Button {
        Button::in_private(label, Word::Daily.as_str(), "daily")
    }

    /// A button whose `command` is played in private, started there by `start` (a word of
    /// letters, digits and `-`, which a Telegram deep link carries).
    pub fn in_private(
        label: impl Into<String>,
        command: impl Into<String>,
        start: impl Into<String>,
    ) -> Button {
        Button {
            private_start: Some(start.into()),
            ..Button::new(label, command)
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Body {
    Text(String),
    /// A PNG picture with a caption.
    Image {
        png: Vec<u8>,
        caption: String,
    },
    /// A file with a caption: a game's record (`.pgn`, `.txt`) or its animated replay
    /// (`.gif`, which platforms show as an animation: [`Body::is_animation`]).
    File {
        name: String,
        bytes: Vec<u8>,
        caption: String,
    },
}

impl Body {
    /// A file the platforms play as an animation (a replay) rather than offer as a document.
    pub fn is_animation(&self) -> bool {
        matches!(self, Body::File { name, .. } if name.ends_with(".gif"))
    }
}

/// A reply. Its text is plain text, shown as it is: whatever a user wrote that it quotes (a
/// name with `||` or `[link](…)` in it) stays literal on every platform. The only formatting
/// is what the service itself asks for through `spoilers`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outgoing {
    pub body: Body,
    pub buttons: Vec<Button>,
    /// Only for the user who spoke (Discord: ephemeral; Telegram: private chat).
    pub private: bool,
    /// Byte ranges of the text (or caption) shown behind a spoiler, in order, not
    /// overlapping, at character boundaries.
    pub spoilers: Vec<std::ops::Range<usize>>,
    /// Names in the text (or caption) that mention their user, so that the platform
    /// notifies them (a turn ping): at character boundaries, not overlapping a spoiler.
    pub mentions: Vec<Mention>,
    /// What becomes of the message whose button was pressed, on the first reply to a press
    /// (`Incoming::pressed`); [`Pressed::Kept`] everywhere else.
    pub pressed: Pressed,
    /// The game this reply starts is played in a thread opened off the reply's message
    /// (`Platform::games_in_threads`); the adapter opens it where it may and tells the
    /// service (`play::thread::open_thread`).
    pub opens_thread: Option<NewThread>,
    /// For the chat itself, not the thread the line came from: a game's result, which the
    /// channel its thread hangs off sees too.
    pub in_parent: bool,
    /// A text edited in place as background work goes on (a review's progress), or `None`.
    pub live: Option<Live>,
    /// The game this reply shows, which a platform serving the board app offers to open
    /// there (a button of its own kind: a Telegram web app); `None` for other replies.
    pub board: Option<BoardButton>,
}

/// The board app's button under a game's or a puzzle's picture: what it opens, and the
/// button's words in the reply's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardButton {
    pub opens: BoardOpens,
    pub label: String,
}

/// What the board app opens on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardOpens {
    Game(crate::store::GameId),
    /// An AMBIT attempt (its id): a puzzle is its player's alone.
    Puzzle(i64),
}

impl BoardOpens {
    /// Its name in a launch parameter: `g12`, `p7`.
    pub fn param(self) -> String {
        match self {
            BoardOpens::Game(game) => format!("g{}", game.0),
            BoardOpens::Puzzle(attempt) => format!("p{attempt}"),
        }
    }

    /// What a launch parameter names, if it is one.
    pub fn from_param(text: &str) -> Option<BoardOpens> {
        let number = |digits: &str| digits.parse::<i64>().ok().filter(|id| *id > 0);
        match text.split_at_checked(1)? {
            ("g", id) => number(id).map(|id| BoardOpens::Game(crate::store::GameId(id))),
            ("p", id) => number(id).map(BoardOpens::Puzzle),
            _ => None,
        }
    }

    /// The page's query naming it: `game=12`, `puzzle=7`.
    pub fn query(self) -> (&'static str, String) {
        match self {
            BoardOpens::Game(game) => ("game", game.0.to_string()),
            BoardOpens::Puzzle(attempt) => ("puzzle", attempt.to_string()),
        }
    }
}

/// A text message that later texts replace in place, named by a key the service chooses
/// (`analysis:12`). The adapter keeps the platform's id of the message under the key in the
/// store (`Store::keep_message`), so that any process can edit it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Live {
    /// A new message, kept under the key once sent.
    Start(String),
    /// In place of the message kept under the key. Where there is none (not sent yet, or a
    /// platform that cannot edit: the console prints it as a line), it is dropped or shown
    /// anew, never an error: it only says how far the work has got.
    Update(String),
}

/// A thread to open for a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewThread {
    pub game: i64,
    /// The thread's name, as the game's players read it.
    pub name: String,
}

/// What a reply to a button press does to the message that carried the button. The service
/// decides by the command ([`Pressed::of`]) and only when the press did what it
/// asked: a refused press (someone else's Accept) leaves the message and its buttons alone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pressed {
    /// Left as it is: its buttons stay usable (the daily's *Play*, pressed by everyone).
    #[default]
    Kept,
    /// Its buttons are spent and taken off; the reply is a new message (a move's picture).
    Spent,
    /// The reply takes its place, picture, text and buttons (a page turned, the AMBIT rack's
    /// next step, a challenge answered). Where the platform cannot put this reply there (a
    /// text where a picture stood on Telegram, a public reply in place of a private one), the
    /// message is treated as [`Pressed::Spent`] and the reply posted anew.
    Replaced,
}

impl Pressed {
    /// What a press of a button that sends this command does to the message carrying the
    /// button, once the command did what it asked. Pages, the AMBIT rack and the answers to
    /// a question (a challenge, a draw offer, a takeback) take the place of the message they
    /// were pressed under; a move or a resignation spends the buttons it was pressed among
    /// (they no longer fit the game); what anyone may press again (the daily's *Play*, a new
    /// puzzle) leaves them.
    pub(crate) fn of(command: &Command) -> Pressed {
        match command {
            Command::Leaderboard(_)
            | Command::Games { .. }
            | Command::History(_)
            | Command::Place(_)
            | Command::Accept(_)
            | Command::Decline(_)
            | Command::Draw(_)
            | Command::Takeback(_)
            | Command::ForgetMe { .. } => Pressed::Replaced,
            Command::Move { .. }
            | Command::Bare(_)
            | Command::Resign { .. }
            | Command::Abort(_) => Pressed::Spent,
            Command::Help(_)
            | Command::Rules(_)
            | Command::Challenge(_)
            | Command::Board { .. }
            | Command::Pings(_)
            | Command::Vacation(_)
            | Command::Ambit(_)
            | Command::Daily(_)
            | Command::GamePuzzle { .. }
            | Command::GiveUp
            | Command::Hint
            | Command::Stats(_)
            | Command::Settings(_)
            | Command::Tournament(_)
            | Command::Export(_)
            | Command::Replay(_)
            | Command::Analysis(_)
            | Command::UnitMoves { .. }
            | Command::Lang(_) => Pressed::Kept,
        }
    }
}

/// What a message is said with in place of a name that is to be a mention
/// ([`Service::say_naming`]): a private-use character, which no catalogue line holds.
pub(crate) const NAME_STAND_IN: &str = "\u{E001}";

/// A name in a reply that mentions its user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mention {
    /// The name's byte range in the text.
    pub range: std::ops::Range<usize>,
    /// The platform's id of the user.
    pub user: String,
}

impl Outgoing {
    /// A public reply of `body` with nothing else to it.
    fn of(body: Body) -> Self {
        Outgoing {
            body,
            buttons: Vec::new(),
            private: false,
            spoilers: Vec::new(),
            mentions: Vec::new(),
            pressed: Pressed::Kept,
            opens_thread: None,
            in_parent: false,
            live: None,
            board: None,
        }
    }

    pub fn text(text: impl Into<String>) -> Self {
        Outgoing::of(Body::Text(text.into()))
    }

    pub fn image(png: Vec<u8>, caption: impl Into<String>) -> Self {
        Outgoing::of(Body::Image {
            png,
            caption: caption.into(),
        })
    }

    pub fn file(name: impl Into<String>, bytes: Vec<u8>, caption: impl Into<String>) -> Self {
        Outgoing::of(Body::File {
            name: name.into(),
            bytes,
            caption: caption.into(),
        })
    }

    /// The text (or caption) with the spoilers the service marked; each adapter shows them
    /// its platform's way.
    pub fn text_and_spoilers(&self) -> (&str, &[std::ops::Range<usize>]) {
        let text = match &self.body {
            Body::Text(text) => text,
            Body::Image { caption, .. } | Body::File { caption, .. } => caption,
        };
        (text, &self.spoilers)
    }

    pub fn with_buttons(mut self, buttons: Vec<Button>) -> Self {
        self.buttons = buttons;
        self
    }

    /// Adds `line` as the text's (or caption's) last line with `hidden` in place of its
    /// `stand_in`, behind a spoiler. The spoiler is marked by its place in the text, not by
    /// marks in it that a player's name could imitate: the line is said (translated) with
    /// the stand-in, which is then replaced.
    pub(crate) fn push_line_with_spoiler(&mut self, line: &str, stand_in: &str, hidden: &str) {
        let text = match &mut self.body {
            Body::Text(text) => text,
            Body::Image { caption, .. } | Body::File { caption, .. } => caption,
        };
        if !text.is_empty() {
            text.push('\n');
        }
        let offset = text.len();
        if let Some(at) = line.find(stand_in) {
            self.spoilers.push(offset + at..offset + at + hidden.len());
        }
        text.push_str(&line.replacen(stand_in, hidden, 1));
    }
}

/// What a line is said with where a spoiler goes ([`Outgoing::push_line_with_spoiler`]): a
/// private-use character no translation or name contains.
pub(crate) const SPOILER_STAND_IN: &str = "\u{E000}";
