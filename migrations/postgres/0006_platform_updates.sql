-- Updates a platform pushes to any of several processes (Telegram's webhook): each is claimed
-- by one process before it is handled and marked done in the transaction that queues its
-- replies, so a redelivered update (a retry, a load balancer's duplicate) is answered once.
-- `chat` keeps each chat's updates in order across processes.
CREATE TABLE platform_updates (
    platform TEXT NOT NULL,
    update_id BIGINT NOT NULL,
    chat TEXT NOT NULL,
    holder TEXT NOT NULL,
    claimed_at BIGINT NOT NULL,
    done_at BIGINT,
    PRIMARY KEY (platform, update_id)
);
CREATE INDEX platform_updates_by_chat ON platform_updates (platform, chat, update_id);
CREATE INDEX platform_updates_by_age ON platform_updates (claimed_at);
