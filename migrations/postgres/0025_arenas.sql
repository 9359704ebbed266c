-- Arena tournaments (issue #44): how long one runs, and when it ends once started. A player
-- who finishes a game is paired again until then; the games under way then finish.
ALTER TABLE tournaments ADD COLUMN arena_minutes BIGINT;
ALTER TABLE tournaments ADD COLUMN ends_at BIGINT;
