-- Chats (channels, groups, private chats) and users as each platform names them.
CREATE TABLE chats (
    id INTEGER PRIMARY KEY,
    platform TEXT NOT NULL,
    external_id TEXT NOT NULL,
    title TEXT,
    created_at BIGINT NOT NULL,
    UNIQUE (platform, external_id)
);

CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    platform TEXT NOT NULL,
    external_id TEXT NOT NULL,
    display_name TEXT NOT NULL,
    handle TEXT,
    locale TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (platform, external_id)
);
CREATE INDEX users_by_handle ON users (platform, handle);

-- A game from the challenge on: status is 'challenge', 'ongoing', 'finished' or 'declined'.
-- `version` grows by one with every change, so two racing changes cannot both commit.
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
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
    plies INTEGER NOT NULL DEFAULT 0,
    version BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX games_by_chat ON games (chat_id, status);

CREATE TABLE moves (
    game_id BIGINT NOT NULL REFERENCES games (id),
    ply INTEGER NOT NULL,
    side TEXT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users (id),
    notation TEXT NOT NULL,
    position_after TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
