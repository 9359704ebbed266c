-- The AMBIT daily puzzle, made once per UTC date and kept: a later generator change never
-- changes a past or present daily.
CREATE TABLE ambit_dailies (
    day TEXT PRIMARY KEY,
    footprint TEXT NOT NULL,
    level TEXT NOT NULL,
    min_pieces INTEGER NOT NULL,
    solutions BIGINT NOT NULL,
    solution TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

-- One AMBIT attempt: a daily (one per user and day) or a practice puzzle. `chat_id` is the
-- chat the attempt counts for (a group's leaderboard), `state` the puzzle state text.
CREATE TABLE ambit_attempts (
    id INTEGER PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id),
    chat_id BIGINT NOT NULL REFERENCES chats (id),
    day TEXT REFERENCES ambit_dailies (day),
    level TEXT NOT NULL,
    state TEXT NOT NULL,
    status TEXT NOT NULL,
    stars INTEGER,
    solution TEXT NOT NULL,
    started_at BIGINT NOT NULL,
    finished_at BIGINT,
    version BIGINT NOT NULL,
    UNIQUE (user_id, day)
);
CREATE INDEX ambit_attempts_open ON ambit_attempts (user_id, chat_id, status);
CREATE INDEX ambit_attempts_by_day ON ambit_attempts (day, chat_id);
