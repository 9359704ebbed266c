-- A chat's daily posts per puzzle (issue #45): AMBIT's as before, and the day's puzzle of a
-- two-player game (`settings daily glacier on`), each with its own time and claim. The
-- tables are made anew with the puzzle in their keys; what was there is AMBIT's.
CREATE TABLE daily_settings_new (
    chat_id BIGINT NOT NULL REFERENCES chats (id),
    puzzle TEXT NOT NULL,
    enabled INTEGER NOT NULL,
    minute_of_day INTEGER NOT NULL,
    level TEXT NOT NULL,
    updated_by BIGINT REFERENCES users (id),
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (chat_id, puzzle)
);
INSERT INTO daily_settings_new
    SELECT chat_id, 'ambit', enabled, minute_of_day, level, updated_by, updated_at
    FROM daily_settings;
DROP TABLE daily_settings;
ALTER TABLE daily_settings_new RENAME TO daily_settings;
CREATE INDEX daily_settings_by_updater ON daily_settings (updated_by);
-- The scheduler's rounds: the posts due by a minute, and whether any chat wants a game's
-- puzzle posted (then it is made ahead of the first post and request).
CREATE INDEX daily_settings_due ON daily_settings (enabled, minute_of_day);
CREATE INDEX daily_settings_by_puzzle ON daily_settings (puzzle, enabled);

CREATE TABLE daily_posts_new (
    chat_id BIGINT NOT NULL REFERENCES chats (id),
    puzzle TEXT NOT NULL,
    day TEXT NOT NULL,
    claimed_by TEXT NOT NULL,
    lease_until BIGINT NOT NULL,
    attempts INTEGER NOT NULL,
    posted_at BIGINT,
    PRIMARY KEY (chat_id, puzzle, day)
);
INSERT INTO daily_posts_new
    SELECT chat_id, 'ambit', day, claimed_by, lease_until, attempts, posted_at FROM daily_posts;
DROP TABLE daily_posts;
ALTER TABLE daily_posts_new RENAME TO daily_posts;
