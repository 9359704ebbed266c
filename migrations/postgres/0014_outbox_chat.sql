-- Issue #41: the chat an outbox row goes to, in a column of its own, so that forgetting a chat
-- finds its waiting replies by index instead of reading every row's JSON. Rows queued before
-- take it from their payload (a button's answer has none and stays NULL).
ALTER TABLE platform_outbox ADD COLUMN chat TEXT;
-- Every payload is written by serde as a JSON object; the guard keeps a stray text from
-- failing the migration.
UPDATE platform_outbox SET chat = payload::jsonb ->> 'chat' WHERE payload LIKE '{%}';
CREATE INDEX platform_outbox_by_chat ON platform_outbox (platform, chat);
