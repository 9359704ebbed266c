-- The computer on both sides of a game (issue #44: a tournament's computer players meet each
-- other): `computer_level` stays the level of the computer as the invitee; this is the
-- challenger's level when the challenger is the computer too. NULL in every other game.
ALTER TABLE games ADD COLUMN challenger_level BIGINT;
