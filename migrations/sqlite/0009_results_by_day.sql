-- Each player's wins, draws and losses per scope, game and UTC day, kept when a game is rated,
-- so a week's or a month's leaderboard reads at most 31 days of rows per player instead of
-- every game finished in the period.
CREATE TABLE game_results_by_day (
    scope TEXT NOT NULL,
    kind TEXT NOT NULL,
    day BIGINT NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    wins BIGINT NOT NULL,
    draws BIGINT NOT NULL,
    losses BIGINT NOT NULL,
    PRIMARY KEY (scope, kind, day, user_id)
);
CREATE INDEX game_results_by_day_by_user ON game_results_by_day (user_id);

-- The games rated before this table was made.
INSERT INTO game_results_by_day (scope, kind, day, user_id, wins, draws, losses)
SELECT scope, kind, day, user_id, SUM(won), SUM(drawn), SUM(lost) FROM (
    SELECT COALESCE(c.community, 'chat:' || c.id) AS scope, g.kind AS kind,
        g.updated_at / 86400000 AS day, g.white_id AS user_id,
        CASE WHEN g.result LIKE 'white wins%' THEN 1 ELSE 0 END AS won,
        CASE WHEN g.result LIKE 'draw%' THEN 1 ELSE 0 END AS drawn,
        CASE WHEN g.result LIKE 'black wins%' THEN 1 ELSE 0 END AS lost
    FROM games g JOIN chats c ON c.id = g.chat_id
    WHERE g.status = 'finished' AND g.rated_at IS NOT NULL AND g.white_id IS NOT NULL
        AND g.black_id IS NOT NULL AND g.white_id <> g.black_id
        AND (g.result LIKE 'white wins%' OR g.result LIKE 'black wins%' OR g.result LIKE 'draw%')
    UNION ALL
    SELECT COALESCE(c.community, 'chat:' || c.id), g.kind, g.updated_at / 86400000, g.black_id,
        CASE WHEN g.result LIKE 'black wins%' THEN 1 ELSE 0 END,
        CASE WHEN g.result LIKE 'draw%' THEN 1 ELSE 0 END,
        CASE WHEN g.result LIKE 'white wins%' THEN 1 ELSE 0 END
    FROM games g JOIN chats c ON c.id = g.chat_id
    WHERE g.status = 'finished' AND g.rated_at IS NOT NULL AND g.white_id IS NOT NULL
        AND g.black_id IS NOT NULL AND g.white_id <> g.black_id
        AND (g.result LIKE 'white wins%' OR g.result LIKE 'black wins%' OR g.result LIKE 'draw%')
) AS results
GROUP BY scope, kind, day, user_id;
