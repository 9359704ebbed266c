-- The language an admin chose for a chat's public messages (`settings language ru`); a
-- user's own choice (`lang ru`) lives in users.locale.
ALTER TABLE chats ADD COLUMN language TEXT;
