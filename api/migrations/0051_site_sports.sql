-- Sports per site (issue 35, ADR 0074 "Content per site"): a site switches sports off for its own
-- players, as it does casino tables. Sport ids as `sports.sport_id` stores them; served with the
-- cached site directory, so no request reads this column.
ALTER TABLE sites ADD COLUMN sports_off int[] NOT NULL DEFAULT '{}' CHECK (cardinality(sports_off) <= 200);
