-- How many hints a player took in an AMBIT attempt: a daily's share line shows them (💡).
ALTER TABLE ambit_attempts ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
