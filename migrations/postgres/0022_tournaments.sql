-- Tournaments (issue #44): a chat's Swiss or round robin, its entrants, and each round's
-- games. `round` counts the rounds paired so far (0 before the start); pairing the next
-- round is claimed by moving it on from the value read, so two processes never pair one
-- round twice. Past the last round it is `rounds + 1`: the podium. `posted_round` is the
-- last round whose pairings (or podium) the chat was sent, claimed like the daily post.
CREATE TABLE tournaments (
    id BIGSERIAL PRIMARY KEY,
    chat_id BIGINT NOT NULL REFERENCES chats (id),
    kind TEXT NOT NULL,
    format TEXT NOT NULL,
    rounds BIGINT NOT NULL,
    time_control TEXT,
    name TEXT NOT NULL,
    created_by BIGINT NOT NULL REFERENCES users (id),
    state TEXT NOT NULL,
    round BIGINT NOT NULL DEFAULT 0,
    posted_round BIGINT NOT NULL DEFAULT 0,
    post_holder TEXT,
    post_lease_until BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    started_at BIGINT,
    finished_at BIGINT
);
CREATE INDEX tournaments_by_chat ON tournaments (chat_id, id);
CREATE INDEX tournaments_by_state ON tournaments (state, id);
CREATE INDEX tournaments_by_creator ON tournaments (created_by);

CREATE TABLE tournament_entries (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    user_id BIGINT NOT NULL REFERENCES users (id),
    -- The order of joining, by which equal seeds are ranked.
    joined_at BIGINT NOT NULL,
    -- The round the player joined before (1 at sign-up; 2 for a Swiss latecomer).
    joined_round BIGINT NOT NULL,
    -- The seeding rating, fixed when the tournament starts (or the latecomer joins).
    rating BIGINT NOT NULL,
    -- The round after which the player withdrew; NULL while they play on.
    withdrawn_after BIGINT,
    PRIMARY KEY (tournament_id, user_id)
);
CREATE INDEX tournament_entries_by_user ON tournament_entries (user_id);

-- A round's boards: a game, or a bye (no black, no game).
CREATE TABLE tournament_games (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    round BIGINT NOT NULL,
    board BIGINT NOT NULL,
    white_id BIGINT NOT NULL REFERENCES users (id),
    black_id BIGINT REFERENCES users (id),
    game_id BIGINT REFERENCES games (id),
    PRIMARY KEY (tournament_id, round, board)
);
CREATE UNIQUE INDEX tournament_games_by_game ON tournament_games (game_id);
CREATE INDEX tournament_games_by_white ON tournament_games (white_id);
CREATE INDEX tournament_games_by_black ON tournament_games (black_id);
