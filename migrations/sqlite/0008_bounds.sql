-- Indexes that bound every per-command statement by what the command is about (a chat's
-- live games, one user's games, one handle), not by how many rows the tables hold.

-- A chat's live games: those being played and the challenges not yet expired.
CREATE INDEX games_live ON games (chat_id, status, created_at);
-- A chat's finished games of one kind by time (a week's or month's leaderboard).
CREATE INDEX games_finished ON games (chat_id, status, kind, updated_at);
-- One user's games, per role; the last finished one by time.
CREATE INDEX games_by_challenger ON games (challenger_id, chat_id, status);
CREATE INDEX games_by_invitee ON games (invitee_id, chat_id, status);
CREATE INDEX games_by_white ON games (white_id, chat_id, status, updated_at);
CREATE INDEX games_by_black ON games (black_id, chat_id, status, updated_at);
-- `@handle` look-ups are case-insensitive.
CREATE INDEX users_by_lower_handle ON users (platform, LOWER(handle));
-- `forgetme`.
CREATE INDEX ratings_by_user ON ratings (user_id);
CREATE INDEX daily_settings_by_updater ON daily_settings (updated_by);
-- Child keys of foreign keys, which a change to their parent row (a chat, a user) looks up.
CREATE INDEX ambit_attempts_by_chat ON ambit_attempts (chat_id);
CREATE INDEX ambit_attempts_by_played_in ON ambit_attempts (played_in);
CREATE INDEX moves_by_user ON moves (user_id);
