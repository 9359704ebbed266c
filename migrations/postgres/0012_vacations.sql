-- Vacations (issue #16): while a player is on vacation (vacation_from to vacation_until) their
-- correspondence clocks stand still; vacation_days were taken in the UTC month vacation_month.
ALTER TABLE users ADD COLUMN vacation_from BIGINT;
ALTER TABLE users ADD COLUMN vacation_until BIGINT;
ALTER TABLE users ADD COLUMN vacation_month TEXT;
ALTER TABLE users ADD COLUMN vacation_days INTEGER NOT NULL DEFAULT 0;
