-- `settings tournaments members` (issue #44): a chat's members may make tournaments, not
-- only its admins. Off (admins only) unless an admin says so.
ALTER TABLE chats ADD COLUMN tournaments_by_members BIGINT NOT NULL DEFAULT 0;
-- `tournament create … start:"sat 18:00"`: when the tournaments' worker starts it by itself.
ALTER TABLE tournaments ADD COLUMN starts_at BIGINT;
