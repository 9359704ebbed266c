-- Secrets of this deployment, made once (random, from the operating system) and shared by
-- every process on the database. `daily` is mixed into the AMBIT daily's seed, so that nobody
-- without it can make a day's puzzle in advance. Never logged.
CREATE TABLE deployment_secrets (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

-- A day's daily that stays played after `forgetme`: a keyed hash (HMAC with the `daily`
-- secret) of the day, the platform and the user's platform id, which names nobody; kept for
-- that day only.
CREATE TABLE ambit_played_markers (
    day TEXT NOT NULL,
    marker TEXT NOT NULL,
    PRIMARY KEY (day, marker)
);
