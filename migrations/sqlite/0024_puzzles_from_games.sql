-- Daily puzzles from the games played on this deployment (issue #45): the finished games of
-- a kind in a period, most recent first, and which game a day's puzzle was taken from (none:
-- engine self-play).
CREATE INDEX games_finished_by_kind ON games (kind, status, updated_at);
ALTER TABLE game_puzzles ADD COLUMN source_game BIGINT;
