-- Daily puzzles of the two-player games (issue #45): one a day and game, made from engine
-- self-play with the deployment's secret in the seed and kept once made, with the puzzle's
-- own Glicko-2 rating (solvers beat it, missers lose to it).
CREATE TABLE game_puzzles (
    day TEXT NOT NULL,
    kind TEXT NOT NULL,
    position TEXT NOT NULL,
    solution TEXT NOT NULL,
    shown TEXT NOT NULL,
    difficulty TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (day, kind)
);
-- One answer a player, day and game; it counts for the chat it was given in.
CREATE TABLE game_puzzle_answers (
    day TEXT NOT NULL,
    kind TEXT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users (id),
    chat_id BIGINT NOT NULL REFERENCES chats (id),
    answer TEXT NOT NULL,
    solved INTEGER NOT NULL,
    answered_at BIGINT NOT NULL,
    PRIMARY KEY (day, kind, user_id)
);
CREATE INDEX game_puzzle_answers_by_user ON game_puzzle_answers (user_id, kind, day);
CREATE INDEX game_puzzle_answers_by_chat ON game_puzzle_answers (chat_id, kind, day);
-- A player's puzzle rating per game.
CREATE TABLE puzzle_ratings (
    user_id BIGINT NOT NULL REFERENCES users (id),
    kind TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (user_id, kind)
);
