-- Issue #41: the chat an outbox row goes to, in a column of its own, so that forgetting a chat
-- finds its waiting replies by index instead of reading every row's JSON. Rows queued before
-- take it from their payload (a button's answer has none and stays NULL).
ALTER TABLE platform_outbox ADD COLUMN chat TEXT;
UPDATE platform_outbox SET chat = CAST(json_extract(payload, '$.chat') AS TEXT)
    WHERE json_valid(payload) AND json_extract(payload, '$.chat') IS NOT NULL;
CREATE INDEX platform_outbox_by_chat ON platform_outbox (platform, chat);
