-- Takebacks and aborts (issue #16). A takeback never deletes a move: it is an event, and the
-- moves it took back point at it (`undone_by`); the game's position goes back to the last
-- move that stands. `takeback_offer` is the side that asked, while the question is open.
CREATE TABLE game_events (
    id INTEGER PRIMARY KEY,
    game_id BIGINT NOT NULL REFERENCES games (id),
    kind TEXT NOT NULL,
    user_id BIGINT REFERENCES users (id),
    created_at BIGINT NOT NULL
);
CREATE INDEX game_events_by_game ON game_events (game_id);
CREATE INDEX game_events_by_user ON game_events (user_id);
ALTER TABLE moves ADD COLUMN undone_by BIGINT REFERENCES game_events (id);
-- The foreign key's child look-up (an event's insert checks its moves).
CREATE INDEX moves_by_undone ON moves (undone_by);
ALTER TABLE games ADD COLUMN takeback_offer TEXT;
