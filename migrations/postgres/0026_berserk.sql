-- An arena player who halved their own clock before their first move (issue #44): a win
-- then scores one point more.
ALTER TABLE tournament_games ADD COLUMN white_berserk BIGINT NOT NULL DEFAULT 0;
ALTER TABLE tournament_games ADD COLUMN black_berserk BIGINT NOT NULL DEFAULT 0;
