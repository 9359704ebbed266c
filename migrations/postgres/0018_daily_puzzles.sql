-- A chat's daily posts per puzzle (issue #45): AMBIT's as before, and the day's puzzle of a
-- two-player game (`settings daily glacier on`), each with its own time and claim. What was
-- there is AMBIT's.
ALTER TABLE daily_settings ADD COLUMN puzzle TEXT NOT NULL DEFAULT 'ambit';
ALTER TABLE daily_settings ALTER COLUMN puzzle DROP DEFAULT;
ALTER TABLE daily_settings DROP CONSTRAINT daily_settings_pkey;
ALTER TABLE daily_settings ADD PRIMARY KEY (chat_id, puzzle);
-- The scheduler's rounds: the posts due by a minute, and whether any chat wants a game's
-- puzzle posted (then it is made ahead of the first post and request).
CREATE INDEX daily_settings_due ON daily_settings (enabled, minute_of_day);
CREATE INDEX daily_settings_by_puzzle ON daily_settings (puzzle, enabled);

ALTER TABLE daily_posts ADD COLUMN puzzle TEXT NOT NULL DEFAULT 'ambit';
ALTER TABLE daily_posts ALTER COLUMN puzzle DROP DEFAULT;
ALTER TABLE daily_posts DROP CONSTRAINT daily_posts_pkey;
ALTER TABLE daily_posts ADD PRIMARY KEY (chat_id, puzzle, day);
