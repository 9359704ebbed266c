-- The PostgreSQL schema: the same tables as migrations/sqlite/0001-0005 together (PostgreSQL
-- support began at that point). Integers are BIGINT and keys BIGSERIAL, so every number reads
-- as i64 as it does from SQLite.

CREATE TABLE chats (
    id BIGSERIAL PRIMARY KEY,
    platform TEXT NOT NULL,
    external_id TEXT NOT NULL,
    title TEXT,
    created_at BIGINT NOT NULL,
    community TEXT,
    language TEXT,
    UNIQUE (platform, external_id)
);
CREATE INDEX chats_by_community ON chats (community);

CREATE TABLE users (
    id BIGSERIAL PRIMARY KEY,
    platform TEXT NOT NULL,
    external_id TEXT NOT NULL,
    display_name TEXT NOT NULL,
    handle TEXT,
    locale TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (platform, external_id)
);
CREATE INDEX users_by_handle ON users (platform, LOWER(handle));

CREATE TABLE games (
    id BIGSERIAL PRIMARY KEY,
    chat_id BIGINT NOT NULL REFERENCES chats (id),
    kind TEXT NOT NULL,
    seed BIGINT NOT NULL,
    start_position TEXT NOT NULL,
    position TEXT NOT NULL,
    challenger_id BIGINT NOT NULL REFERENCES users (id),
    invitee_id BIGINT REFERENCES users (id),
    challenger_color TEXT NOT NULL,
    white_id BIGINT REFERENCES users (id),
    black_id BIGINT REFERENCES users (id),
    status TEXT NOT NULL,
    result TEXT,
    draw_offer TEXT,
    last_move TEXT,
    plies BIGINT NOT NULL DEFAULT 0,
    version BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    rated_at BIGINT
);
CREATE INDEX games_by_chat ON games (chat_id, status);
CREATE INDEX games_unrated ON games (status, rated_at);

CREATE TABLE moves (
    game_id BIGINT NOT NULL REFERENCES games (id),
    ply BIGINT NOT NULL,
    side TEXT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users (id),
    notation TEXT NOT NULL,
    position_after TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);

CREATE TABLE platform_state (
    platform TEXT NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (platform, key)
);

CREATE TABLE platform_outbox (
    id BIGSERIAL PRIMARY KEY,
    platform TEXT NOT NULL,
    payload TEXT NOT NULL,
    attachment BYTEA,
    created_at BIGINT NOT NULL
);
CREATE INDEX platform_outbox_by_platform ON platform_outbox (platform, id);

CREATE TABLE ambit_dailies (
    day TEXT NOT NULL,
    level TEXT NOT NULL,
    footprint TEXT NOT NULL,
    min_pieces BIGINT NOT NULL,
    solutions BIGINT NOT NULL,
    solution TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (day, level)
);

CREATE TABLE ambit_attempts (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id),
    chat_id BIGINT NOT NULL REFERENCES chats (id),
    played_in BIGINT NOT NULL REFERENCES chats (id),
    day TEXT,
    level TEXT NOT NULL,
    state TEXT NOT NULL,
    status TEXT NOT NULL,
    stars BIGINT,
    solution TEXT NOT NULL,
    started_at BIGINT NOT NULL,
    finished_at BIGINT,
    version BIGINT NOT NULL,
    UNIQUE (user_id, day),
    FOREIGN KEY (day, level) REFERENCES ambit_dailies (day, level)
);
CREATE INDEX ambit_attempts_open ON ambit_attempts (user_id, played_in, status);
CREATE INDEX ambit_attempts_by_day ON ambit_attempts (day, chat_id);

CREATE TABLE daily_settings (
    chat_id BIGINT PRIMARY KEY REFERENCES chats (id),
    enabled BIGINT NOT NULL,
    minute_of_day BIGINT NOT NULL,
    level TEXT NOT NULL,
    updated_by BIGINT REFERENCES users (id),
    updated_at BIGINT NOT NULL
);

CREATE TABLE daily_posts (
    chat_id BIGINT NOT NULL REFERENCES chats (id),
    day TEXT NOT NULL,
    claimed_by TEXT NOT NULL,
    lease_until BIGINT NOT NULL,
    attempts BIGINT NOT NULL,
    posted_at BIGINT,
    PRIMARY KEY (chat_id, day)
);

CREATE TABLE ratings (
    scope TEXT NOT NULL,
    kind TEXT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users (id),
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    wins BIGINT NOT NULL,
    draws BIGINT NOT NULL,
    losses BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (scope, kind, user_id)
);
