-- Discord threads (issue #16): whether an accepted challenge in this chat opens a thread for
-- its game (settings threads on|off; on by default, where the bot may create threads). The
-- game's thread is then its `games.thread`, as a Telegram forum topic is.
ALTER TABLE chats ADD COLUMN game_threads INTEGER NOT NULL DEFAULT 1;
