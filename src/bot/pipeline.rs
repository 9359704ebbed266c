//! A line's way through the service: the bounds at the edge, the context read from the
//! store, the command read and dispatched to its handler, and the reply, the metrics and the
//! log of what became of it.

use crate::bot::ambit;
use crate::bot::bare;
use crate::bot::command::{Command, Parsed};
use crate::bot::context::Context;
use crate::bot::display_name;
use crate::bot::help;
use crate::bot::i18n;
use crate::bot::incoming::{Incoming, UserInfo};
use crate::bot::language;
use crate::bot::league;
use crate::bot::limits;
use crate::bot::msg::{Msg, msg};
use crate::bot::outcome::{Outcome, Refusal, UNREAD, command_word, store_time};
use crate::bot::pings;
use crate::bot::platform::Platform;
use crate::bot::play;
use crate::bot::reply::{Outgoing, Pressed};
use crate::bot::service::Service;
use crate::bot::tournament;
use crate::games::Timestamp;
use crate::store::UserRecord;
use tracing::Instrument;

/// The languages of one line's replies.
#[derive(Clone, Copy, Debug)]
struct Languages<'a> {
    public: &'a str,
    own: &'a str,
}

impl Service {
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
        let now = self.now();
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
    fn languages(
        &self,
        incoming: &Incoming,
        user: &UserRecord,
        chat_language: Option<&str>,
    ) -> Languages<'_> {
        let chat = self.catalogue.serving(chat_language);
        let own = self
            .catalogue
            .serving(user.locale.as_deref())
            .or_else(|| self.catalogue.serving(incoming.locale.as_deref()))
            .or(chat)
            .unwrap_or(i18n::DEFAULT_LANGUAGE);
        Languages {
            public: chat.unwrap_or(own),
            own,
        }
    }

    /// The bounds every line meets before anything is read or stored: the per-user rate
    /// limit (not on the console, the operator's own terminal) and the line's length.
    /// `Err(None)`: dropped without a word; else the refusal, and whether it was the rate
    /// limit's.
    fn at_the_edge(
        &self,
        incoming: &Incoming,
        now: Timestamp,
    ) -> Result<(), Option<(Msg, Outcome)>> {
        let platform = incoming.platform;
        if platform != Platform::Console {
            // The group's share first: a line it drops does not also spend the user's own
            // tokens (which would earn the burst a second refusal). Only platforms that pace
            // groups declare a share; elsewhere it answers every line.
            if !incoming.chat.private {
                let verdict =
                    self.group_shares
                        .check(platform, &incoming.chat.id, &incoming.user.id, now);
                bounded(verdict, platform, "group share", || {
                    let share = self
                        .group_shares
                        .share(platform)
                        .map_or(0, |s| s.per_minute);
                    msg("group-share-limited").number("commands", share)
                })?;
            }
            let verdict = self.limiter.check(platform, &incoming.user.id, now);
            bounded(verdict, platform, "rate limit", || {
                msg("rate-limited")
                    .number("commands", limits::RATE_COMMANDS)
                    .number("seconds", (limits::RATE_WINDOW_MS / 1000) as u32)
            })?;
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
        now: Timestamp,
    ) -> Result<Vec<Outgoing>, Refusal> {
        let platform = incoming.platform;
        // The store work every command does before its own: `kibitz_store_seconds`, step
        // `context` (failed tries too: a locked database is slow before it fails).
        let started = std::time::Instant::now();
        let read = async {
            let chat = self
                .store()
                .enter_chat(
                    platform,
                    &incoming.chat.id,
                    incoming.chat.title.as_deref(),
                    incoming
                        .chat
                        .community
                        .as_deref()
                        .map(|c| format!("{}:{c}", platform.as_str()))
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
            let found = self.languages(incoming, &user, chat.language.as_deref());
            Ok::<_, Refusal>((chat.id, user, mentioned, found))
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
            Pressed::of(&command)
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
            Command::Help(topic) => Ok(vec![help::help(self, context, topic.as_deref())]),
            Command::Rules(game) => help::rules(self, context, game.as_deref()),
            Command::Challenge(args) => play::challenge::challenge(self, context, args).await,
            Command::Accept(game) => play::challenge::accept(self, context, game).await,
            Command::Decline(game) => play::challenge::decline(self, context, game).await,
            Command::Move { text, game } => {
                play::moves::play_move(self, context, &text, game, true).await
            }
            Command::Bare(text) => bare::bare(self, context, &text).await,
            Command::Ambit(level) => ambit::puzzle::ambit_practice(self, context, level).await,
            Command::GamePuzzle {
                kind,
                ask,
                for_chat,
            } => {
                crate::bot::game_puzzle::game_puzzle(self, context, kind, ask, for_chat.as_deref())
                    .await
            }
            Command::Daily(for_chat) => {
                ambit::daily::ambit_daily(self, context, for_chat.as_deref()).await
            }
            Command::Leaderboard(request) => {
                league::leaderboard::leaderboard(self, context, request).await
            }
            Command::Stats(handle) => league::stats::stats(self, context, handle.as_deref()).await,
            Command::ForgetMe { confirmed } => {
                league::forget::forget_me(self, context, confirmed).await
            }
            Command::Tournament(ask) => tournament::tournament(self, context, ask).await,
            Command::Settings(change) => league::settings::settings(self, context, change).await,
            Command::Lang(code) => language::set_language(self, context, code.as_deref()).await,
            Command::Place(text) => ambit::puzzle::ambit_place(self, context, &text).await,
            Command::GiveUp => ambit::puzzle::ambit_giveup(self, context).await,
            Command::Hint => ambit::hint::ambit_hint(self, context).await,
            Command::Board { game, flip } => play::moves::board(self, context, game, flip).await,
            Command::Resign { game, confirmed } => {
                if confirmed || !context.incoming.platform.asks_before_resigning() {
                    play::moves::resign(self, context, game).await
                } else {
                    Ok(vec![play::moves::resign_question(self, context, game)])
                }
            }
            Command::Draw(game) => play::moves::draw(self, context, game).await,
            Command::Takeback(game) => play::takeback::takeback(self, context, game).await,
            Command::Abort(game) => play::takeback::abort(self, context, game).await,
            Command::Pings(choice) => pings::pings(self, context, choice).await,
            Command::Vacation(days) => play::vacation::vacation(self, context, days).await,
            Command::Games {
                finished: false,
                page,
            } => play::listing::games(self, context, page).await,
            Command::Games {
                finished: true,
                page,
            } => play::history::finished_games(self, context, page).await,
            Command::History(game) => play::history::history(self, context, game).await,
            Command::UnitMoves { square, game } => {
                play::unit_moves::unit_moves(self, context, &square, game).await
            }
            Command::Export(game) => play::export::export(self, context, game).await,
            Command::Replay(game) => play::export::replay(self, context, game).await,
            Command::Analysis(game) => play::analysis::analysis(self, context, game).await,
        }
    }

    async fn remember(
        &self,
        platform: Platform,
        user: &UserInfo,
        now: Timestamp,
    ) -> Result<UserRecord, Refusal> {
        Ok(self
            .store()
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
}

/// What a rate limit's `verdict` makes of a line: answered, refused once with `refusal`
/// (logged as `limit` reached), or dropped without a word.
fn bounded(
    verdict: limits::Verdict,
    platform: Platform,
    limit: &'static str,
    refusal: impl FnOnce() -> Msg,
) -> Result<(), Option<(Msg, Outcome)>> {
    match verdict {
        limits::Verdict::Answer => Ok(()),
        limits::Verdict::Refuse => {
            tracing::info!(platform = platform.as_str(), limit, "limit reached");
            Err(Some((refusal(), Outcome::Limited)))
        }
        limits::Verdict::Drop => {
            tracing::debug!(
                platform = platform.as_str(),
                limit,
                "line dropped by a limit"
            );
            Err(None)
        }
    }
}
