//! The product, independent of any chat platform: an [`Incoming`] line in, [`Outgoing`]
//! replies out.

mod ambit;
pub mod command;
mod display_name;
mod help;
pub mod i18n;
mod language;
mod league;
mod limits;
pub mod log_duration;
mod notes;
mod pings;
mod platform;
mod play;
pub mod schedule;
mod suggest;

pub use play::{
    CLOCK_LEASE_MS, CLOCK_SCAN, ENGINE_LEASE_MS, replay_pictures, rules_error_text, run_clocks,
    run_computer,
};

use crate::games::ambit::DailySecret;
use crate::render::{RenderError, Renderer};
use crate::store::{Store, StoreError, UserRecord};
use command::{Command, Parsed, Word};
use i18n::{Args, Catalogue};
use std::sync::Arc;
use tracing::Instrument;

pub use platform::Platform;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatInfo {
    /// The platform's id of the chat (channel, group or private chat).
    pub id: String,
    pub title: Option<String>,
    pub private: bool,
    /// The community the chat belongs to, whose leaderboards it shares (a Discord guild id);
    /// `None` where the chat is its own community (a Telegram group, the console).
    pub community: Option<String>,
    /// The forum topic of the chat the line came from (Telegram's `message_thread_id`), where
    /// its replies, and the posts of games started there, go.
    pub thread: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserInfo {
    /// The platform's id of the user.
    pub id: String,
    /// The name to show.
    pub name: String,
    /// The `@handle` others type to name them, without the `@`.
    pub handle: Option<String>,
}

/// One thing a user said or pressed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Incoming {
    pub platform: Platform,
    pub chat: ChatInfo,
    pub user: UserInfo,
    /// The command line; a pressed button carries the command line it stands for.
    pub text: String,
    /// The user's language as the platform reports it (`en`, `ru`, `nb-NO`, …).
    pub locale: Option<String>,
    /// Users the platform says the line mentions, in order.
    pub mentions: Vec<UserInfo>,
    /// The speaker may change this chat's settings (Discord: Manage Server; Telegram: a group
    /// administrator; anyone in a private chat or the console).
    pub admin: bool,
    /// Whether the speaker is in the chat the command names (`Command::needs_membership`: a
    /// Telegram deep link to a group's daily), as the platform answered; `None` where nobody
    /// asked, which counts as not a member.
    pub membership: Option<Membership>,
    /// The line is a button pressed under one of the bot's messages: the first reply says
    /// what becomes of that message ([`Outgoing::pressed`]).
    pub pressed: bool,
}

/// The platform's answer to "is the speaker in that chat?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Membership {
    Member,
    NotMember,
    /// The platform could not be asked (an error, no answer).
    Unknown,
}

/// A button under a reply; pressing it sends `command` as the presser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    pub label: String,
    pub command: String,
    /// The command is played in the presser's private chat with the bot (today's daily: its
    /// board would spoil the puzzle for a group). A platform without private replies in a
    /// group (`Platform::private_replies_in_chat`) makes such a button lead there (Telegram:
    /// a link that starts the daily, counted for the group).
    pub plays_in_private: bool,
}

impl Button {
    pub fn new(label: impl Into<String>, command: impl Into<String>) -> Button {
        Button {
            label: label.into(),
            command: command.into(),
            plays_in_private: false,
        }
    }

    /// The button that starts today's daily, which is played in private.
    pub fn daily(label: impl Into<String>) -> Button {
        Button {
            plays_in_private: true,
            ..Button::new(label, Word::Daily.as_str())
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
    /// service ([`Service::open_thread`]).
    pub opens_thread: Option<NewThread>,
    /// For the chat itself, not the thread the line came from: a game's result, which the
    /// channel its thread hangs off sees too.
    pub in_parent: bool,
}

/// A thread to open for a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewThread {
    pub game: i64,
    /// The thread's name, as the game's players read it.
    pub name: String,
}

/// What a reply to a button press does to the message that carried the button. The service
/// decides by the command ([`Command::press_effect`]) and only when the press did what it
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
}

/// A message of the catalogue with its arguments, said later in the reader's language.
#[derive(Clone, Debug)]
pub struct Msg {
    pub key: &'static str,
    pub args: Args,
}

pub fn msg(key: &'static str) -> Msg {
    Msg {
        key,
        args: Args::new(),
    }
}

impl Msg {
    /// An argument; what quotes the user's words is cut short ([`limits::bound_arg`]).
    pub fn with(mut self, name: &'static str, value: impl ToString) -> Self {
        self.args = self
            .args
            .with(name, limits::bound_arg(name, value.to_string()));
        self
    }

    /// A numeric argument, for plural forms.
    pub fn number(mut self, name: &'static str, value: u32) -> Self {
        self.args = self.args.number(name, i64::from(value));
        self
    }
}

/// Why a command did nothing.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Refusal {
    /// The user asked for something that cannot be done; these lines explain why.
    #[error("refused: {0:?}")]
    User(Vec<Msg>),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Render(#[from] RenderError),
}

impl From<Msg> for Refusal {
    fn from(message: Msg) -> Self {
        Refusal::User(vec![message])
    }
}

/// What became of a line, as `kibitz_commands_total` and the log say it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    /// Answered as asked.
    Ok,
    /// Refused with a reason for the user: a malformed line, a rule, a line too long.
    Refused,
    /// An internal fault (the database, the renderer): the user was told it failed.
    Error,
    /// Stopped by the per-user rate limit (refused once, then dropped).
    Limited,
}

impl Outcome {
    const fn as_str(self) -> &'static str {
        match self {
            Outcome::Ok => "ok",
            Outcome::Refused => "refused",
            Outcome::Error => "error",
            Outcome::Limited => "limited",
        }
    }
}

/// The command word of a line stopped before it was read (rate limit, length).
const UNREAD: &str = "unread";

/// The command word of a line for metrics and logs: a word of the vocabulary
/// ([`Word::as_str`]; `play` is counted as what it became), `bare` for a line without one
/// (a move or a placement), `unknown` for a line that named no command it could be read
/// as. Never what was typed.
fn command_word(parsed: &Parsed) -> &'static str {
    let word = match &parsed.command {
        Ok(command) => match command {
            Command::Help(_) => Word::Help,
            Command::Rules(_) => Word::Rules,
            Command::Challenge(_) => Word::Challenge,
            Command::Accept(_) => Word::Accept,
            Command::Decline(_) => Word::Decline,
            Command::Move { .. } => Word::Move,
            Command::Board { .. } => Word::Board,
            Command::Resign { .. } => Word::Resign,
            Command::Draw(_) => Word::Draw,
            Command::Takeback(_) => Word::Takeback,
            Command::Abort(_) => Word::Abort,
            Command::Pings(_) => Word::Pings,
            Command::Vacation(_) => Word::Vacation,
            Command::Games { .. } => Word::Games,
            Command::History(_) | Command::UnitMoves { .. } => Word::History,
            Command::Export(_) => Word::Export,
            Command::Replay(_) => Word::Replay,
            Command::Ambit(_) => Word::Ambit,
            Command::Daily(_) => Word::Daily,
            Command::Place(_) => Word::Place,
            Command::GiveUp => Word::GiveUp,
            Command::Leaderboard(_) => Word::Leaderboard,
            Command::Stats(_) => Word::Stats,
            Command::ForgetMe { .. } => Word::ForgetMe,
            Command::Settings(_) => Word::Settings,
            Command::Lang(_) => Word::Lang,
            Command::Bare(_) => return "bare",
        },
        Err(error) => match error.word() {
            Some(word) => word,
            None => return "unknown",
        },
    };
    word.as_str()
}

/// Records the time the store took for one step of a command since `started`
/// (`kibitz_store_seconds`, label `step`).
pub(crate) fn store_time(step: &'static str, started: std::time::Instant) {
    metrics::histogram!("kibitz_store_seconds", "step" => step)
        .record(started.elapsed().as_secs_f64());
}

/// Milliseconds since the Unix epoch; injectable so tests can move time.
pub type Clock = Arc<dyn Fn() -> i64 + Send + Sync>;

pub fn system_clock() -> Clock {
    Arc::new(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as i64)
            .unwrap_or_default()
    })
}

/// The bot: every chat's commands go through one of these.
pub struct Service {
    store: Store,
    renderer: Arc<Renderer>,
    catalogue: Catalogue,
    clock: Clock,
    /// The deployment's daily secret, read (or made) in the database at first need.
    daily_secret: tokio::sync::OnceCell<DailySecret>,
    /// Finished games whose rating failed (e.g. "database is locked"), to be retried by
    /// [`Service::retry_deferred_ratings`] while the process runs.
    deferred_ratings: std::sync::Mutex<Vec<i64>>,
    limiter: limits::RateLimiter,
    /// The computer opponent's searches and worker bell.
    computer: play::Computer,
}

/// The languages of one line's replies.
#[derive(Clone, Copy, Debug)]
struct Languages<'a> {
    public: &'a str,
    own: &'a str,
}

/// What a command handler knows about the line it serves.
pub(crate) struct Context<'a> {
    pub incoming: &'a Incoming,
    /// The language of replies the chat reads.
    pub language: &'a str,
    /// The language of replies only the speaker reads (private, ephemeral).
    pub own_language: &'a str,
    pub chat_id: i64,
    pub user: UserRecord,
    /// The users the line mentions, as stored.
    pub mentioned: Vec<UserRecord>,
    pub now: i64,
    /// The speaker may change this chat's settings.
    pub admin: bool,
}

impl Context<'_> {
    /// The platform, when the line was said in a thread (or forum topic) of the chat: the
    /// news of a game it ends goes there, and its result to the chat too where the platform
    /// plays games in threads of their own (`Service::report`).
    pub fn in_thread(&self) -> Option<Platform> {
        self.incoming
            .chat
            .thread
            .as_ref()
            .map(|_| self.incoming.platform)
    }
}

impl Service {
    pub fn new(store: Store, renderer: Arc<Renderer>, catalogue: Catalogue, clock: Clock) -> Self {
        Service {
            store,
            renderer,
            catalogue,
            clock,
            daily_secret: tokio::sync::OnceCell::new(),
            deferred_ratings: std::sync::Mutex::default(),
            limiter: limits::RateLimiter::default(),
            computer: play::Computer::default(),
        }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The time by the service's clock (milliseconds since the Unix epoch): what adapters
    /// record in the store goes by the same clock as what the service records.
    pub fn now(&self) -> i64 {
        (self.clock)()
    }

    /// Answers one line. Never fails: a refusal or an internal fault becomes a reply.
    pub async fn handle(&self, incoming: &Incoming) -> Vec<Outgoing> {
        self.handle_with(incoming, None, false).await
    }

    /// Reads a line's command once, for a platform that must ask something before the line
    /// is answered (`Parsed::needs_admin`, `Parsed::needs_membership`); then
    /// [`Service::handle_parsed`] answers it.
    pub fn read(&self, incoming: &Incoming) -> Parsed {
        Parsed::of(&incoming.text)
    }

    /// [`Service::handle`] for a line already [`read`](Service::read).
    pub async fn handle_parsed(&self, incoming: &Incoming, parsed: Parsed) -> Vec<Outgoing> {
        self.handle_with(incoming, Some(parsed), false).await
    }

    /// Like [`Service::handle`], for platforms that can show a reply to the speaker alone
    /// (Discord's ephemeral replies): a refusal comes back private, since only the one whose
    /// command or button press did nothing needs to read why.
    pub async fn handle_privately_refused(&self, incoming: &Incoming) -> Vec<Outgoing> {
        self.handle_with(incoming, None, true).await
    }

    /// Every platform's lines come through here, so this is where each line is measured
    /// (`kibitz_commands_total`, `kibitz_command_seconds`) and logged: one span a line with
    /// the platform, the chat's id and the command word, and one closing event with the
    /// outcome and how long it took. Ids and words of the vocabulary only: what people
    /// write stays out of the log and the metrics.
    async fn handle_with(
        &self,
        incoming: &Incoming,
        parsed: Option<Parsed>,
        private_refusals: bool,
    ) -> Vec<Outgoing> {
        // A duration, so the monotonic clock: the service's clock is for what is recorded,
        // and a test's may stand still.
        let started = std::time::Instant::now();
        let platform = incoming.platform.as_str();
        let span = tracing::info_span!(
            "line",
            platform,
            chat = %incoming.chat.id,
            command = tracing::field::Empty,
        );
        let (replies, command, outcome) = self
            .answer(incoming, parsed, private_refusals, &span)
            .instrument(span.clone())
            .await;
        let elapsed = started.elapsed();
        metrics::counter!(
            "kibitz_commands_total",
            "platform" => platform,
            "command" => command,
            "outcome" => outcome.as_str(),
        )
        .increment(1);
        metrics::histogram!(
            "kibitz_command_seconds",
            "platform" => platform,
            "command" => command,
        )
        .record(elapsed.as_secs_f64());
        if command == UNREAD {
            // A line read is recorded as soon as it is read, for what is logged meanwhile;
            // a field recorded twice would show twice.
            span.record("command", command);
        }
        let duration_ms = crate::bot::log_duration::duration_ms(elapsed);
        span.in_scope(|| match outcome {
            // A flood's lines at debug, as before: a spammer must not fill the log.
            Outcome::Limited => {
                tracing::debug!(outcome = outcome.as_str(), duration_ms, "line handled");
            }
            _ => tracing::info!(outcome = outcome.as_str(), duration_ms, "line handled"),
        });
        replies
    }

    /// The replies to a line, its command word ([`command_word`]; `unread` for a line
    /// stopped at the edge) and what became of it. `parsed`: the line as the platform had
    /// it read; else it is read here, after the edge's bounds (a line dropped or too long
    /// is not read at all).
    async fn answer(
        &self,
        incoming: &Incoming,
        parsed: Option<Parsed>,
        private_refusals: bool,
        span: &tracing::Span,
    ) -> (Vec<Outgoing>, &'static str, Outcome) {
        // Until the user and chat are read, the platform's word for the user's language.
        let guess = self.catalogue.language_for(incoming.locale.as_deref());
        let mut languages = Languages {
            public: guess,
            own: guess,
        };
        let now = (self.clock)();
        match self.at_the_edge(incoming, now) {
            Ok(()) => {}
            Err(None) => return (Vec::new(), UNREAD, Outcome::Limited),
            Err(Some((refusal, outcome))) => {
                let mut reply = Outgoing::text(self.say(guess, &refusal));
                reply.private = private_refusals;
                return (vec![reply], UNREAD, outcome);
            }
        }
        let parsed = parsed.unwrap_or_else(|| self.read(incoming));
        let command = command_word(&parsed);
        span.record("command", command);
        match self
            .handle_inner(incoming, parsed, &mut languages, now)
            .await
        {
            Ok(replies) => (replies, command, Outcome::Ok),
            Err(Refusal::User(lines)) => {
                let language = if private_refusals {
                    languages.own
                } else {
                    languages.public
                };
                let mut reply = Outgoing::text(self.say_all(language, &lines));
                reply.private = private_refusals;
                (vec![reply], command, Outcome::Refused)
            }
            Err(fault) => {
                tracing::error!(error = %fault, chat = %incoming.chat.id, "command failed");
                let reply = Outgoing::text(self.say(languages.public, &msg("internal-error")));
                (vec![reply], command, Outcome::Error)
            }
        }
    }

    /// The languages of a line's replies: the user's own choice (`lang`), else the platform's
    /// locale for the user, else the chat's default, else English, for what only the user
    /// reads; the chat's default (else the user's language) for what the channel reads.
    async fn languages(
        &self,
        incoming: &Incoming,
        user: &UserRecord,
        chat_id: i64,
    ) -> Result<Languages<'_>, Refusal> {
        let chat = self.store.chat_language(chat_id).await?;
        let chat = self.catalogue.serving(chat.as_deref());
        let own = self
            .catalogue
            .serving(user.locale.as_deref())
            .or_else(|| self.catalogue.serving(incoming.locale.as_deref()))
            .or(chat)
            .unwrap_or(i18n::DEFAULT_LANGUAGE);
        Ok(Languages {
            public: chat.unwrap_or(own),
            own,
        })
    }

    /// The bounds every line meets before anything is read or stored: the per-user rate
    /// limit (not on the console, the operator's own terminal) and the line's length.
    /// `Err(None)`: dropped without a word; else the refusal, and whether it was the rate
    /// limit's.
    fn at_the_edge(&self, incoming: &Incoming, now: i64) -> Result<(), Option<(Msg, Outcome)>> {
        if incoming.platform != Platform::Console {
            match self
                .limiter
                .check(incoming.platform, &incoming.user.id, now)
            {
                limits::Verdict::Answer => {}
                limits::Verdict::Refuse => {
                    tracing::info!(platform = incoming.platform.as_str(), "rate limit reached");
                    return Err(Some((
                        msg("rate-limited")
                            .number("commands", limits::RATE_COMMANDS)
                            .number("seconds", (limits::RATE_WINDOW_MS / 1000) as u32),
                        Outcome::Limited,
                    )));
                }
                limits::Verdict::Drop => {
                    tracing::debug!(
                        platform = incoming.platform.as_str(),
                        "line dropped by the rate limit"
                    );
                    return Err(None);
                }
            }
        }
        if incoming.text.len() > limits::MAX_LINE_CHARS
            && incoming.text.chars().count() > limits::MAX_LINE_CHARS
        {
            tracing::debug!(bytes = incoming.text.len(), "line too long");
            return Err(Some((
                msg("line-too-long").number("max", limits::MAX_LINE_CHARS as u32),
                Outcome::Refused,
            )));
        }
        Ok(())
    }

    async fn handle_inner<'s>(
        &'s self,
        incoming: &Incoming,
        parsed: Parsed,
        languages: &mut Languages<'s>,
        now: i64,
    ) -> Result<Vec<Outgoing>, Refusal> {
        let platform = incoming.platform.as_str();
        // The store work every command does before its own: `kibitz_store_seconds`, step
        // `context` (failed tries too: a locked database is slow before it fails).
        let started = std::time::Instant::now();
        let read = async {
            let chat_id = self
                .store
                .upsert_chat(
                    platform,
                    &incoming.chat.id,
                    incoming.chat.title.as_deref(),
                    incoming
                        .chat
                        .community
                        .as_deref()
                        .map(|c| format!("{platform}:{c}"))
                        .as_deref(),
                    now,
                )
                .await?;
            let user = self.remember(platform, &incoming.user, now).await?;
            let mut mentioned = Vec::new();
            // Only the first few mentions of a line are stored; a challenge uses the first.
            for other in incoming.mentions.iter().take(limits::MAX_MENTIONS) {
                mentioned.push(self.remember(platform, other, now).await?);
            }
            let found = self.languages(incoming, &user, chat_id).await?;
            Ok::<_, Refusal>((chat_id, user, mentioned, found))
        }
        .await;
        store_time("context", started);
        let (chat_id, user, mentioned, found) = read?;
        *languages = found;
        let context = Context {
            incoming,
            language: languages.public,
            own_language: languages.own,
            chat_id,
            user,
            mentioned,
            now,
            admin: incoming.admin,
        };
        // `Word::needs_admin`: even a malformed change is refused to others as not theirs.
        if parsed.needs_admin() && !context.admin {
            return Err(msg("settings-not-admin").into());
        }
        let command = parsed.command.map_err(help::parse_refusal)?;
        let effect = if incoming.pressed {
            command.press_effect()
        } else {
            Pressed::Kept
        };
        let mut replies = self.dispatch(&context, command).await?;
        if let Some(first) = replies.first_mut() {
            first.pressed = effect;
        }
        Ok(replies)
    }

    /// Runs one command; every command has its arm (no fallback, so a new one must be added).
    async fn dispatch(
        &self,
        context: &Context<'_>,
        command: Command,
    ) -> Result<Vec<Outgoing>, Refusal> {
        match command {
            Command::Help(topic) => Ok(vec![self.help(context, topic.as_deref())]),
            Command::Rules(game) => self.rules(context, game.as_deref()),
            Command::Challenge(args) => self.challenge(context, args).await,
            Command::Accept(game) => self.accept(context, game).await,
            Command::Decline(game) => self.decline(context, game).await,
            Command::Move { text, game } => self.play_move(context, &text, game, true).await,
            Command::Bare(text) => self.bare(context, &text).await,
            Command::Ambit(level) => self.ambit_practice(context, level).await,
            Command::Daily(for_chat) => self.ambit_daily(context, for_chat.as_deref()).await,
            Command::Leaderboard(request) => self.leaderboard(context, request).await,
            Command::Stats(handle) => self.stats(context, handle.as_deref()).await,
            Command::ForgetMe { confirmed } => self.forget_me(context, confirmed).await,
            Command::Settings(change) => self.settings(context, change).await,
            Command::Lang(code) => self.set_language(context, code.as_deref()).await,
            Command::Place(text) => self.ambit_place(context, &text).await,
            Command::GiveUp => self.ambit_giveup(context).await,
            Command::Board { game, flip } => self.board(context, game, flip).await,
            Command::Resign { game, confirmed } => {
                if confirmed || !context.incoming.platform.asks_before_resigning() {
                    self.resign(context, game).await
                } else {
                    Ok(vec![self.resign_question(context, game)])
                }
            }
            Command::Draw(game) => self.draw(context, game).await,
            Command::Takeback(game) => self.takeback(context, game).await,
            Command::Abort(game) => self.abort(context, game).await,
            Command::Pings(choice) => self.pings(context, choice).await,
            Command::Vacation(days) => self.vacation(context, days).await,
            Command::Games {
                finished: false,
                page,
            } => self.games(context, page).await,
            Command::Games {
                finished: true,
                page,
            } => self.finished_games(context, page).await,
            Command::History(game) => self.history(context, game).await,
            Command::UnitMoves { square, game } => self.unit_moves(context, &square, game).await,
            Command::Export(game) => self.export(context, game).await,
            Command::Replay(game) => self.replay(context, game).await,
        }
    }

    /// A line with no command word: an AMBIT placement while a puzzle is open and the line
    /// is a legal move in none of the speaker's games, else a move. A line that is both is
    /// asked about. The speaker's running games are read once, for both questions; the
    /// puzzle only when the line could be a placement.
    async fn bare(&self, context: &Context<'_>, text: &str) -> Result<Vec<Outgoing>, Refusal> {
        let placement_shaped = crate::games::ambit::notation::parse_placement(text).is_ok();
        let running = self.running_games(context).await?;
        if placement_shaped && let Some(attempt) = self.open_attempt(context).await? {
            let fit = running.fit(context.user.id, text);
            let Some(&game) = fit.legal.first() else {
                return self.ambit_place_in(context, text, attempt).await;
            };
            let text = text.trim();
            return Err(msg("bare-placement-or-move")
                .with("text", crate::games::quote(text))
                .with("id", game)
                .with("place", format!("place {text}"))
                .with("move", format!("move {text} #{game}"))
                .into());
        }
        self.play_bare(context, text, running).await
    }

    /// The question before a resignation (`Platform::asks_before_resigning`), for the speaker
    /// alone, with a button that resigns.
    fn resign_question(&self, context: &Context<'_>, game: Option<command::GameRef>) -> Outgoing {
        let language = context.own_language;
        let mut command = format!("{} confirm", Word::Resign);
        if let Some(id) = game {
            command.push_str(&format!(" #{id}"));
        }
        let button = Button::new(self.say(language, &msg("button-resign-confirm")), command);
        let mut question =
            Outgoing::text(self.say(language, &msg("resign-confirm"))).with_buttons(vec![button]);
        question.private = true;
        question
    }

    async fn remember(
        &self,
        platform: &str,
        user: &UserInfo,
        now: i64,
    ) -> Result<UserRecord, Refusal> {
        Ok(self
            .store
            .upsert_user(
                platform,
                &user.id,
                &limits::cut(
                    &display_name::or_id(display_name::clean(&user.name), &user.id),
                    limits::MAX_NAME_CHARS,
                ),
                user.handle
                    .as_deref()
                    .map(|h| limits::cut(&display_name::clean(h), limits::MAX_NAME_CHARS))
                    .as_deref(),
                now,
            )
            .await?)
    }

    /// A catalogue text without arguments in the language of `locale`, for what an adapter
    /// says before there is a line to handle (the console's word on input that is no text).
    pub fn phrase(&self, locale: Option<&str>, key: &'static str) -> String {
        self.say(self.catalogue.language_for(locale), &msg(key))
    }

    pub(crate) fn say(&self, language: &str, message: &Msg) -> String {
        self.catalogue.text(language, message.key, &message.args)
    }

    /// `message`, built with [`NAME_STAND_IN`] for a name, said with `name` in its place,
    /// and where in the text the name is: for a mention marked by its place, which no
    /// user's text can forge (as the daily's spoiler is found).
    pub(crate) fn say_naming(
        &self,
        language: &str,
        message: &Msg,
        name: &str,
    ) -> (String, Option<std::ops::Range<usize>>) {
        let said = self.say(language, message);
        match said.find(NAME_STAND_IN) {
            Some(at) => (
                said.replacen(NAME_STAND_IN, name, 1),
                Some(at..at + name.len()),
            ),
            None => (said, None),
        }
    }

    pub(crate) fn say_all(&self, language: &str, messages: &[Msg]) -> String {
        messages
            .iter()
            .map(|m| self.say(language, m))
            .collect::<Vec<_>>()
            .join("\n")
    }
}
