-- Forum topics (issue #16): the Telegram topic a game was started in, where its background
-- posts (the computer's moves, reminders, timeouts) go; NULL: the chat itself.
ALTER TABLE games ADD COLUMN thread TEXT;
