-- What a chat adapter must remember across restarts, per platform: small key/value facts
-- (Telegram's last handled update id) and the replies decided but not yet delivered.
CREATE TABLE platform_state (
    platform TEXT NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (platform, key)
);

-- Replies in the order they must be sent; a row is deleted once the platform has taken it.
-- `payload` is the adapter's own description of the send; `attachment` holds a picture.
CREATE TABLE platform_outbox (
    id INTEGER PRIMARY KEY,
    platform TEXT NOT NULL,
    payload TEXT NOT NULL,
    attachment BLOB,
    created_at BIGINT NOT NULL
);
CREATE INDEX platform_outbox_by_platform ON platform_outbox (platform, id);
