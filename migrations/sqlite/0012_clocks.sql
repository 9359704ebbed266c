-- Game clocks (issue #16). `time_control` is the challenge's (`3d`, `10m+5s`; NULL: no clock).
-- Once the game runs, `white_ms`/`black_ms` are each side's time at the start of its turn and
-- `turn_since` when the side to move began; `deadline` is when that side runs out, `remind_at`
-- when it is reminded (correspondence, a quarter left; NULL once sent). A process that
-- handles a deadline or a reminder claims it (`clock_holder` until `clock_until`) without
-- changing the game's version.
ALTER TABLE games ADD COLUMN time_control TEXT;
ALTER TABLE games ADD COLUMN white_ms BIGINT;
ALTER TABLE games ADD COLUMN black_ms BIGINT;
ALTER TABLE games ADD COLUMN turn_since BIGINT;
ALTER TABLE games ADD COLUMN deadline BIGINT;
ALTER TABLE games ADD COLUMN remind_at BIGINT;
ALTER TABLE games ADD COLUMN clock_holder TEXT;
ALTER TABLE games ADD COLUMN clock_until BIGINT;
CREATE INDEX games_deadline ON games (deadline) WHERE deadline IS NOT NULL;
CREATE INDEX games_remind_at ON games (remind_at) WHERE remind_at IS NOT NULL;
