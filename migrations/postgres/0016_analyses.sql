-- The engine's review of a finished game (issue #45): asked for once in a chat, searched
-- position by position by whichever process claims it, kept for good (a second request is
-- answered from here). `evaluations` is the JSON list of the positions searched so far, so a
-- review a stopped process left half done goes on where it stopped.
CREATE TABLE analyses (
    game_id BIGINT PRIMARY KEY REFERENCES games (id),
    chat_id BIGINT NOT NULL REFERENCES chats (id),
    -- Who asked (no reference: a user's row changing must not search this table).
    requested_by BIGINT NOT NULL,
    requested_at BIGINT NOT NULL,
    positions BIGINT NOT NULL,
    evaluations TEXT NOT NULL DEFAULT '[]',
    holder TEXT,
    claimed_until BIGINT,
    finished_at BIGINT
);
-- The queue: unfinished reviews, oldest request first. A chat's reviews (its open one, and
-- the reference to chats, which a chat's row changing checks) by chat.
CREATE INDEX analyses_queue ON analyses (requested_at, game_id) WHERE finished_at IS NULL;
CREATE INDEX analyses_by_chat ON analyses (chat_id, finished_at);
