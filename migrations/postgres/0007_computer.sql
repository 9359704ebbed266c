-- Games against the computer. `computer_level` (1-8) marks such a game; the computer is the
-- side played by the platform's computer user. While it is the computer's turn in a game
-- being played, `engine_due` holds the time it became due; a process that takes the move
-- claims it (`engine_holder` until `engine_until`) without changing the game's version, so a
-- player's racing command still wins or loses against the engine's commit by the version.
ALTER TABLE games ADD COLUMN computer_level INTEGER;
ALTER TABLE games ADD COLUMN engine_due BIGINT;
ALTER TABLE games ADD COLUMN engine_holder TEXT;
ALTER TABLE games ADD COLUMN engine_until BIGINT;
CREATE INDEX games_engine_due ON games (engine_due) WHERE engine_due IS NOT NULL;

-- A player's results against the computer, per game and level: kept apart from the ratings.
CREATE TABLE computer_results (
    user_id BIGINT NOT NULL REFERENCES users (id),
    kind TEXT NOT NULL,
    level INTEGER NOT NULL,
    wins INTEGER NOT NULL DEFAULT 0,
    draws INTEGER NOT NULL DEFAULT 0,
    losses INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, kind, level)
);

-- Whether a chat lets its members play the computer (1, the default) or not (0).
ALTER TABLE chats ADD COLUMN computer_allowed INTEGER NOT NULL DEFAULT 1;
