-- Messages the bot edits in place later (a review's progress, issue #45): the platform's id of
-- a sent message under the name the service gave it, so that whichever process goes on with
-- the work can edit it. Rows older than a day are dropped.
CREATE TABLE kept_messages (
    platform TEXT NOT NULL,
    name TEXT NOT NULL,
    message_id TEXT NOT NULL,
    kept_at BIGINT NOT NULL,
    PRIMARY KEY (platform, name)
);
CREATE INDEX kept_messages_by_age ON kept_messages (kept_at);
