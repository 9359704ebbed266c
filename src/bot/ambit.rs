//! AMBIT in chat: practice puzzles, the daily puzzle (one attempt per user and day, timed,
//! private replies, a share line that spoils nothing), placements and giving up.

use super::notes::figurine;
use super::play::rules_message;
use super::{Button, Context, Incoming, Membership, Msg, Outgoing, Refusal, Service, msg};
use crate::games::ambit::notation::PartialPlacement;
use crate::games::ambit::{
    self, DailySecret, Date, Game, GameStatus, Level, PlaceOutcome, Placement, generate,
};
use crate::games::glacier::Role;
use crate::games::rng::SeededRng;
use crate::games::{Side, Square};
use crate::render::AmbitView;
use crate::store::{AttemptRecord, AttemptStatus, DailyRecord, NewAttempt, StoreError};
use std::hash::{BuildHasher, RandomState};

/// The name of the daily's secret among the deployment's secrets.
const DAILY_SECRET: &str = "daily";

/// Daily puzzles are numbered from this day on (#1).
const FIRST_DAILY: (i32, u8, u8) = (2026, 1, 1);

pub(crate) fn today(now_ms: i64) -> Option<Date> {
    Date::from_unix_seconds(now_ms.div_euclid(1000))
}

pub(crate) fn daily_number(date: Date) -> i64 {
    let (y, m, d) = FIRST_DAILY;
    let first = Date::new(y, m, d).map_or(0, Date::days_since_epoch);
    date.days_since_epoch() - first + 1
}

/// `2:31` or `1:02:03`.
pub(crate) fn duration_text(ms: i64) -> String {
    let seconds = ms.max(0) / 1000;
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// A piece as the rack's buttons show it: its figurine and its letter (`♘ N`).
fn rack_label(piece: ambit::Piece) -> String {
    let role = match piece {
        ambit::Piece::King => Role::King,
        ambit::Piece::Queen => Role::Queen,
        ambit::Piece::Rook => Role::Rook,
        ambit::Piece::Bishop => Role::Bishop,
        ambit::Piece::Knight => Role::Knight,
    };
    format!("{} {}", figurine(Side::White, role), piece.letter())
}

pub(crate) fn stars_text(stars: u8) -> String {
    (0..ambit::LIVES)
        .map(|i| if i < stars { '★' } else { '☆' })
        .collect()
}

fn level_message(level: &str) -> Msg {
    match level {
        "easy" => msg("ambit-level-easy"),
        "hard" => msg("ambit-level-hard"),
        _ => msg("ambit-level-medium"),
    }
}

fn parse_solution(text: &str) -> Vec<Placement> {
    text.split_whitespace()
        .filter_map(|p| ambit::notation::parse_placement(p).ok())
        .collect()
}

impl Service {
    /// `ambit [level]`: a new practice puzzle.
    pub(crate) async fn ambit_practice(
        &self,
        context: &Context<'_>,
        level: Option<&str>,
    ) -> Result<Vec<Outgoing>, Refusal> {
        let level = match level {
            Some(text) => Level::parse(text)
                .map_err(|e| Refusal::User(vec![rules_message(&e), msg("cmd-ambit")]))?,
            None => Level::Easy,
        };
        let mut lines = Vec::new();
        for open in self
            .store
            .open_attempts(context.user.id, context.chat_id)
            .await?
        {
            if open.day.is_none() {
                self.finish(open, AttemptStatus::GivenUp, None, context.now)
                    .await?;
                lines.push(msg("ambit-set-aside"));
            }
        }
        let seed = SeededRng::new(RandomState::new().hash_one(context.now)).next_u64();
        let puzzle = generate(seed, level);
        let attempt = self
            .store
            .start_attempt(
                &NewAttempt {
                    user_id: context.user.id,
                    chat_id: context.chat_id,
                    played_in: context.chat_id,
                    day: None,
                    level: level.name().to_string(),
                    state: Game::new(puzzle.footprint).text(),
                    solution: ambit::notation::placements_text(&puzzle.solution),
                },
                context.now,
            )
            .await?;
        lines.push(msg("ambit-practice-start").with(
            "level",
            self.say(context.language, &level_message(level.name())),
        ));
        lines.push(msg("ambit-how"));
        let game = self.ambit_game(&attempt)?;
        Ok(vec![self.ambit_picture(
            context.language,
            &attempt,
            &game,
            lines,
            AmbitView::default(),
        )?])
    }

    /// `daily`: today's puzzle, the same for everyone, one attempt per user. A Telegram deep
    /// link names the group the attempt counts for (`for_chat`), played in private.
    pub(crate) async fn ambit_daily(
        &self,
        context: &Context<'_>,
        for_chat: Option<&str>,
    ) -> Result<Vec<Outgoing>, Refusal> {
        let platform = context.incoming.platform;
        if for_chat.is_none()
            && !context.incoming.chat.private
            && !platform.private_replies_in_chat()
        {
            // The board would spoil the puzzle for the whole group: the button leads to the
            // private chat (the adapter makes it a link there), where the daily counts for
            // this group.
            let language = context.own_language;
            return Ok(vec![
                Outgoing::text(self.say(language, &msg("daily-in-private"))).with_buttons(vec![
                    Button {
                        label: self.say(language, &msg("button-play-daily")),
                        command: "daily".to_string(),
                    },
                ]),
            ]);
        }
        let date = today(context.now)
            .ok_or_else(|| Refusal::Store(StoreError::Corrupt("clock out of range".into())))?;
        let counts_for = match for_chat {
            Some(external) => {
                // A link counts the daily for a group: opened in the private chat only, and
                // only for a member of that group, as the platform says.
                if !context.incoming.chat.private {
                    return Err(msg("daily-link-private-only").into());
                }
                match context.incoming.membership {
                    Some(Membership::Member) => {}
                    Some(Membership::Unknown) => return Err(msg("daily-link-unverified").into()),
                    Some(Membership::NotMember) | None => {
                        return Err(msg("daily-link-not-member").into());
                    }
                }
                self.store
                    .chat_by_external_id(context.incoming.platform.as_str(), external)
                    .await?
                    .ok_or_else(|| msg("daily-link-unknown"))?
            }
            None => context.chat_id,
        };
        let day = date.to_string();
        if self
            .store
            .daily_attempt(context.user.id, &day)
            .await?
            .is_none()
        {
            // Played, then forgotten (`forgetme`): the day's daily stays played.
            let marker = self
                .played_marker(&day, context.incoming, context.now)
                .await?;
            if self.store.daily_played_marked(&day, &marker).await? {
                return Err(msg("ambit-daily-forgotten").into());
            }
        }
        let level = self.daily_level_of(counts_for, date).await?;
        let daily = self.daily_record(date, level, context.now).await?;
        let attempt = self
            .store
            .start_attempt(
                &NewAttempt {
                    user_id: context.user.id,
                    chat_id: counts_for,
                    played_in: context.chat_id,
                    day: Some(daily.day.clone()),
                    level: daily.level.clone(),
                    state: Game::new(self.footprint_of(&daily)?).text(),
                    solution: daily.solution.clone(),
                },
                context.now,
            )
            .await?;
        let game = self.ambit_game(&attempt)?;
        let mut lines = vec![
            msg("ambit-daily-title")
                .with("number", daily_number(date))
                .with(
                    "level",
                    self.say(context.own_language, &level_message(&attempt.level)),
                ),
        ];
        let mut view = AmbitView::default();
        if attempt.status == AttemptStatus::Ongoing {
            if attempt.played_in != context.chat_id {
                // Started elsewhere (the group, or another link): it is played where it began.
                lines.push(msg("ambit-daily-elsewhere"));
            }
            lines.push(msg("ambit-how"));
        } else {
            lines.push(msg("ambit-daily-done"));
            lines.push(self.share_line(context, &attempt, &game, date));
            lines.push(msg("ambit-solution").with("solution", &attempt.solution));
            view.solution = parse_solution(&attempt.solution);
        }
        let mut reply = self.ambit_picture(context.own_language, &attempt, &game, lines, view)?;
        reply.private = true;
        Ok(vec![reply])
    }

    /// The level of the daily a chat plays: its setting, else the weekday's.
    pub(crate) async fn daily_level_of(&self, chat_id: i64, date: Date) -> Result<Level, Refusal> {
        let setting = self.store.daily_setting(chat_id).await?;
        Ok(setting
            .and_then(|s| Level::parse(&s.level).ok())
            .unwrap_or_else(|| ambit::daily_level(date)))
    }

    pub(crate) async fn daily_record(
        &self,
        date: Date,
        level: Level,
        now: i64,
    ) -> Result<DailyRecord, Refusal> {
        let day = date.to_string();
        if let Some(daily) = self.store.daily(&day, level.name()).await? {
            return Ok(daily);
        }
        // Made once per day and level and kept: later generator changes leave stored dailies
        // alone. The deployment's secret is in the seed, so nobody can make it in advance.
        let secret = self.daily_secret(now).await?.clone();
        let puzzle =
            tokio::task::spawn_blocking(move || ambit::secret_daily_puzzle(date, level, &secret))
                .await
                .map_err(|e| StoreError::Corrupt(format!("daily generation failed: {e}")))?;
        let record = DailyRecord {
            day,
            footprint: ambit::notation::footprint_text(puzzle.footprint),
            level: puzzle.level.name().to_string(),
            min_pieces: puzzle.grade.min_pieces as i64,
            solutions: puzzle.grade.solutions as i64,
            solution: ambit::notation::placements_text(&puzzle.solution),
        };
        Ok(self.store.keep_daily(&record, now).await?)
    }

    /// The deployment's daily secret: the one in the database, made there (random) by the
    /// first process that needs it; every process on the database reads the same one.
    pub(crate) async fn daily_secret(&self, now: i64) -> Result<&DailySecret, Refusal> {
        Ok(self
            .daily_secret
            .get_or_try_init(|| async {
                let fresh = DailySecret::random()
                    .map_err(|e| StoreError::Corrupt(format!("no random source: {e}")))?;
                let stored = self
                    .store
                    .deployment_secret(DAILY_SECRET, &fresh.to_hex(), now)
                    .await?;
                DailySecret::from_hex(&stored).ok_or_else(|| {
                    StoreError::Corrupt("the stored daily secret is not 64 hex digits".into())
                })
            })
            .await?)
    }

    /// What marks the daily of `day` as played by the speaker of `incoming` once Kibitz has
    /// forgotten them: a keyed hash of the day, platform and platform user id, which names
    /// nobody without the secret and differs from day to day.
    pub(crate) async fn played_marker(
        &self,
        day: &str,
        incoming: &Incoming,
        now: i64,
    ) -> Result<String, Refusal> {
        let secret = self.daily_secret(now).await?;
        let mac = secret.mac(&[
            b"kibitz daily played",
            day.as_bytes(),
            incoming.platform.as_str().as_bytes(),
            incoming.user.id.as_bytes(),
        ]);
        Ok(mac.iter().map(|b| format!("{b:02x}")).collect())
    }

    pub(crate) fn footprint_of(&self, daily: &DailyRecord) -> Result<ambit::Footprint, Refusal> {
        ambit::notation::parse_footprint(&daily.footprint)
            .map_err(|e| Refusal::Store(StoreError::Corrupt(format!("daily {}: {e}", daily.day))))
    }

    fn ambit_game(&self, attempt: &AttemptRecord) -> Result<Game, Refusal> {
        Game::parse(&attempt.state).map_err(|e| {
            Refusal::Store(StoreError::Corrupt(format!("attempt {}: {e}", attempt.id)))
        })
    }

    /// The user's open puzzle in this chat (the one started last).
    pub(crate) async fn open_attempt(
        &self,
        context: &Context<'_>,
    ) -> Result<Option<AttemptRecord>, Refusal> {
        Ok(self
            .store
            .open_attempts(context.user.id, context.chat_id)
            .await?
            .into_iter()
            .next())
    }

    /// `place Nf3`.
    pub(crate) async fn ambit_place(
        &self,
        context: &Context<'_>,
        text: &str,
    ) -> Result<Vec<Outgoing>, Refusal> {
        let Some(attempt) = self.open_attempt(context).await? else {
            return Err(msg("ambit-no-puzzle").into());
        };
        self.ambit_place_in(context, text, attempt).await
    }

    /// `place Nf3`, or a bare `Nf3` while a puzzle is open, in the open puzzle `attempt`.
    pub(crate) async fn ambit_place_in(
        &self,
        context: &Context<'_>,
        text: &str,
        attempt: AttemptRecord,
    ) -> Result<Vec<Outgoing>, Refusal> {
        if let Some(partial) = ambit::notation::parse_partial_placement(text) {
            let game = self.ambit_game(&attempt)?;
            return self.rack_step(context, &attempt, &game, partial);
        }
        let placement = ambit::notation::parse_placement(text)
            .map_err(|e| Refusal::User(vec![rules_message(&e), msg("cmd-place")]))?;
        let mut game = self.ambit_game(&attempt)?;
        let outcome = game.place(placement).map_err(|e| rules_message(&e))?;
        let mut lines: Vec<Msg> = outcome.notes(placement).iter().map(rules_message).collect();
        if let PlaceOutcome::Placed { .. } = outcome {
            lines.insert(0, msg("ambit-placed").with("placement", placement));
        }
        let mut attempt = attempt;
        attempt.state = game.text();
        let status = match game.status() {
            GameStatus::Ongoing => AttemptStatus::Ongoing,
            GameStatus::Solved => AttemptStatus::Solved,
            GameStatus::GameOver => AttemptStatus::GameOver,
        };
        let mut view = AmbitView::default();
        if let PlaceOutcome::Invalid { offending, .. } = &outcome {
            view.attempt = Some((placement, offending.clone()));
        }
        let attempt = if status == AttemptStatus::Ongoing {
            self.save_attempt(&attempt).await?
        } else {
            let stars = game.stars();
            let saved = self.finish(attempt, status, stars, context.now).await?;
            lines.extend(self.ending_lines(context, &saved, &game));
            if status == AttemptStatus::GameOver {
                view.solution = parse_solution(&saved.solution);
            }
            saved
        };
        let language = Self::attempt_language(context, &attempt);
        let mut reply = self.ambit_picture(language, &attempt, &game, lines, view)?;
        reply.private = attempt.day.is_some();
        let mut replies = vec![reply];
        replies.extend(self.public_share(context, &attempt, &game));
        Ok(replies)
    }

    /// A press on the rack (`place N`: which file?) or on a file (`place Nf`: which
    /// square?): the next choices as buttons, every empty square offered, safe or not, so
    /// that the buttons spoil nothing.
    fn rack_step(
        &self,
        context: &Context<'_>,
        attempt: &AttemptRecord,
        game: &Game,
        partial: PartialPlacement,
    ) -> Result<Vec<Outgoing>, Refusal> {
        let empty = |file: u8, rank: u8| game.piece_on(Square::new(file, rank)).is_none();
        let file_letter = |file: u8| char::from(b'a' + file);
        let (text, buttons) = match partial {
            PartialPlacement::Piece(piece) => {
                let buttons = (0..8u8)
                    .filter(|&file| (0..8).any(|rank| empty(file, rank)))
                    .map(|file| Button {
                        label: file_letter(file).to_string(),
                        command: format!("place {}{}", piece.letter(), file_letter(file)),
                    })
                    .collect();
                let text = msg("ambit-pick-file").with("piece", rack_label(piece));
                (text, buttons)
            }
            PartialPlacement::PieceOnFile(piece, file) => {
                let buttons: Vec<Button> = (0..8u8)
                    .filter(|&rank| empty(file, rank))
                    .map(|rank| {
                        let square = format!("{}{}", file_letter(file), rank + 1);
                        Button {
                            command: format!("place {}{square}", piece.letter()),
                            label: square,
                        }
                    })
                    .collect();
                if buttons.is_empty() {
                    return Err(msg("ambit-file-full")
                        .with("file", file_letter(file))
                        .into());
                }
                let text = msg("ambit-pick-rank")
                    .with("piece", rack_label(piece))
                    .with("file", file_letter(file));
                (text, buttons)
            }
        };
        let language = Self::attempt_language(context, attempt);
        let mut reply = Outgoing::text(self.say(language, &text)).with_buttons(buttons);
        reply.private = attempt.day.is_some();
        Ok(vec![reply])
    }

    /// `giveup`: ends the open puzzle and shows a minimal solution.
    pub(crate) async fn ambit_giveup(
        &self,
        context: &Context<'_>,
    ) -> Result<Vec<Outgoing>, Refusal> {
        let Some(attempt) = self.open_attempt(context).await? else {
            return Err(msg("ambit-no-puzzle").into());
        };
        let game = self.ambit_game(&attempt)?;
        let attempt = self
            .finish(attempt, AttemptStatus::GivenUp, None, context.now)
            .await?;
        let mut lines = vec![msg("ambit-given-up")];
        lines.extend(self.ending_lines(context, &attempt, &game));
        let view = AmbitView {
            solution: parse_solution(&attempt.solution),
            ..AmbitView::default()
        };
        let language = Self::attempt_language(context, &attempt);
        let mut reply = self.ambit_picture(language, &attempt, &game, lines, view)?;
        reply.private = attempt.day.is_some();
        let mut replies = vec![reply];
        replies.extend(self.public_share(context, &attempt, &game));
        Ok(replies)
    }

    /// `board` with no two-player game: the open puzzle, if any.
    pub(crate) async fn ambit_board(
        &self,
        context: &Context<'_>,
    ) -> Result<Option<Vec<Outgoing>>, Refusal> {
        let Some(attempt) = self.open_attempt(context).await? else {
            return Ok(None);
        };
        let game = self.ambit_game(&attempt)?;
        let mut reply = self.ambit_picture(
            Self::attempt_language(context, &attempt),
            &attempt,
            &game,
            vec![msg("ambit-how")],
            AmbitView::default(),
        )?;
        reply.private = attempt.day.is_some();
        Ok(Some(vec![reply]))
    }

    /// The solution, and for a daily the time and the share line.
    fn ending_lines(
        &self,
        context: &Context<'_>,
        attempt: &AttemptRecord,
        game: &Game,
    ) -> Vec<Msg> {
        let mut lines = Vec::new();
        if let Some(date) = attempt.day.as_deref().and_then(|d| Date::parse(d).ok()) {
            lines.push(self.share_line(context, attempt, game, date));
        }
        if attempt.status != AttemptStatus::Solved {
            lines.push(msg("ambit-solution").with("solution", &attempt.solution));
        }
        lines
    }

    /// A daily's replies are the player's alone, so in their own language.
    fn attempt_language<'c>(context: &Context<'c>, attempt: &AttemptRecord) -> &'c str {
        if attempt.day.is_some() {
            context.own_language
        } else {
            context.language
        }
    }

    /// When a daily played in a channel ends, the channel sees the spoiler-free share line
    /// (the board itself was only for the player).
    fn public_share(
        &self,
        context: &Context<'_>,
        attempt: &AttemptRecord,
        game: &Game,
    ) -> Option<Outgoing> {
        let date = Date::parse(attempt.day.as_deref()?).ok()?;
        if attempt.status == AttemptStatus::Ongoing
            || context.incoming.chat.private
            || attempt.played_in != attempt.chat_id
        {
            return None;
        }
        let share = self.say(
            context.language,
            &self.share_line(context, attempt, game, date),
        );
        Some(Outgoing::text(
            self.say(
                context.language,
                &msg("ambit-share-public")
                    .with("player", &context.user.display_name)
                    .with("share", share),
            ),
        ))
    }

    /// A share line that spoils nothing: day, stars, time, pieces used.
    fn share_line(
        &self,
        context: &Context<'_>,
        attempt: &AttemptRecord,
        game: &Game,
        date: Date,
    ) -> Msg {
        let time = attempt
            .finished_at
            .map(|end| duration_text(end - attempt.started_at))
            .unwrap_or_else(|| "–".to_string());
        let result = match attempt.status {
            AttemptStatus::Solved => stars_text(attempt.stars.unwrap_or(0).clamp(0, 3) as u8),
            _ => self.say(context.language, &msg("ambit-share-unsolved")),
        };
        msg("ambit-share")
            .with("number", daily_number(date))
            .with("result", result)
            .with("time", time)
            .number("pieces", game.placements().len() as u32)
    }

    async fn save_attempt(&self, attempt: &AttemptRecord) -> Result<AttemptRecord, Refusal> {
        match self.store.save_attempt(attempt).await {
            Err(StoreError::Conflict) => Err(msg("ambit-conflict").into()),
            other => Ok(other?),
        }
    }

    async fn finish(
        &self,
        mut attempt: AttemptRecord,
        status: AttemptStatus,
        stars: Option<u8>,
        now: i64,
    ) -> Result<AttemptRecord, Refusal> {
        attempt.status = status;
        attempt.stars = stars.map(i64::from);
        attempt.finished_at = Some(now);
        self.save_attempt(&attempt).await
    }

    pub(crate) fn ambit_picture(
        &self,
        language: &str,
        attempt: &AttemptRecord,
        game: &Game,
        lines: Vec<Msg>,
        mut view: AmbitView,
    ) -> Result<Outgoing, Refusal> {
        let mut texts: Vec<String> = lines.iter().map(|m| self.say(language, m)).collect();
        let lives = msg("ambit-lives").with("stars", stars_text(game.lives()));
        texts.push(self.say(language, &lives));
        view.title = match &attempt.day {
            Some(day) => {
                let number = Date::parse(day).map(daily_number).unwrap_or_default();
                self.say(language, &msg("ambit-daily-short").with("number", number))
            }
            None => self.say(language, &msg("ambit-practice-short")),
        };
        view.caption = texts.first().cloned().unwrap_or_default();
        let png = self.renderer.render_ambit(game, &view)?;
        let mut reply = Outgoing::image(png, texts.join("\n"));
        // The rack: a piece's button asks for its file, then its square.
        if game.status() == GameStatus::Ongoing {
            reply.buttons = ambit::Piece::ALL
                .into_iter()
                .map(|piece| Button {
                    label: rack_label(piece),
                    command: format!("place {}", piece.letter()),
                })
                .collect();
        }
        Ok(reply)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dailies_are_numbered_from_the_first_of_january_2026() {
        let first = Date::new(2026, 1, 1).unwrap();
        assert_eq!(daily_number(first), 1);
        assert_eq!(daily_number(Date::new(2026, 11, 29).unwrap()), 333);
        assert_eq!(daily_number(Date::new(2027, 1, 1).unwrap()), 366);
    }

    #[test]
    fn durations_and_stars_read_well() {
        assert_eq!(duration_text(151_000), "2:31");
        assert_eq!(duration_text(3_723_000), "1:02:03");
        assert_eq!(duration_text(-5), "0:00");
        assert_eq!(stars_text(2), "★★☆");
        assert_eq!(today(0), Date::new(1970, 1, 1));
    }
}
