-- A game puzzle opened in private through a group's link (`/start puzzle-glacier_<group>`,
-- issue #45): the player's answer of that day counts for the group, as a daily link does.
CREATE TABLE puzzle_links (
    day TEXT NOT NULL,
    kind TEXT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users (id),
    chat_id BIGINT NOT NULL REFERENCES chats (id),
    linked_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, day, kind)
);
-- A chat's rows by index: SQLite checks this table whenever a chat row is written.
CREATE INDEX puzzle_links_by_chat ON puzzle_links (chat_id);
