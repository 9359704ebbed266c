-- Turn pings (issue #16): whether a player is mentioned (notified) when it is their move.
ALTER TABLE users ADD COLUMN pings INTEGER NOT NULL DEFAULT 1;
