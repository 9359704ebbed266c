-- Guild life: daily posts, leaderboards, ratings.

-- The community a chat belongs to (a Discord guild as `discord:<guild id>`); leaderboards
-- and ratings are kept per community, or per chat where there is none (a Telegram group).
ALTER TABLE chats ADD COLUMN community TEXT;
CREATE INDEX chats_by_community ON chats (community);

-- A day may now have a daily at each level (a channel picks its level); a user still plays
-- one daily a day. SQLite cannot change a primary key in place, so both tables are rebuilt.
CREATE TABLE ambit_dailies_new (
    day TEXT NOT NULL,
    level TEXT NOT NULL,
    footprint TEXT NOT NULL,
    min_pieces INTEGER NOT NULL,
    solutions BIGINT NOT NULL,
    solution TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (day, level)
);
INSERT INTO ambit_dailies_new (day, level, footprint, min_pieces, solutions, solution, created_at)
    SELECT day, level, footprint, min_pieces, solutions, solution, created_at FROM ambit_dailies;

-- `chat_id` is the chat the attempt counts for; `played_in` the chat it is played in (a
-- Telegram daily counts for the group whose link was followed and is played in private).
CREATE TABLE ambit_attempts_new (
    id INTEGER PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id),
    chat_id BIGINT NOT NULL REFERENCES chats (id),
    played_in BIGINT NOT NULL REFERENCES chats (id),
    day TEXT,
    level TEXT NOT NULL,
    state TEXT NOT NULL,
    status TEXT NOT NULL,
    stars INTEGER,
    solution TEXT NOT NULL,
    started_at BIGINT NOT NULL,
    finished_at BIGINT,
    version BIGINT NOT NULL,
    UNIQUE (user_id, day),
    FOREIGN KEY (day, level) REFERENCES ambit_dailies_new (day, level)
);
INSERT INTO ambit_attempts_new (id, user_id, chat_id, played_in, day, level, state, status,
        stars, solution, started_at, finished_at, version)
    SELECT id, user_id, chat_id, chat_id, day, level, state, status, stars, solution,
        started_at, finished_at, version
    FROM ambit_attempts;

DROP TABLE ambit_attempts;
DROP TABLE ambit_dailies;
ALTER TABLE ambit_dailies_new RENAME TO ambit_dailies;
ALTER TABLE ambit_attempts_new RENAME TO ambit_attempts;
CREATE INDEX ambit_attempts_open ON ambit_attempts (user_id, played_in, status);
CREATE INDEX ambit_attempts_by_day ON ambit_attempts (day, chat_id);

-- A channel's daily post: on or off, its UTC minute of the day and its level (`auto`: the
-- weekday's level).
CREATE TABLE daily_settings (
    chat_id BIGINT PRIMARY KEY REFERENCES chats (id),
    enabled INTEGER NOT NULL,
    minute_of_day INTEGER NOT NULL,
    level TEXT NOT NULL,
    updated_by BIGINT REFERENCES users (id),
    updated_at BIGINT NOT NULL
);

-- One row per channel and day once a scheduler claims the post. `posted_at` is set after the
-- platform took it; an unfinished claim whose lease ran out is taken over (its holder died).
CREATE TABLE daily_posts (
    chat_id BIGINT NOT NULL REFERENCES chats (id),
    day TEXT NOT NULL,
    claimed_by TEXT NOT NULL,
    lease_until BIGINT NOT NULL,
    attempts INTEGER NOT NULL,
    posted_at BIGINT,
    PRIMARY KEY (chat_id, day)
);

-- Glicko-2 ratings and results per community, game and player.
CREATE TABLE ratings (
    scope TEXT NOT NULL,
    kind TEXT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users (id),
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    wins INTEGER NOT NULL,
    draws INTEGER NOT NULL,
    losses INTEGER NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (scope, kind, user_id)
);

-- A finished game is rated once: `rated_at` is set in the transaction that rates it.
ALTER TABLE games ADD COLUMN rated_at BIGINT;
CREATE INDEX games_unrated ON games (status, rated_at);
