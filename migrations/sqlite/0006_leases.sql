-- A job that only one process may do at a time (Telegram's long polling): held by `holder`
-- until `until` (ms), renewed while it works, taken over once it runs out.
CREATE TABLE leases (
    name TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    until BIGINT NOT NULL
);
