-- place_bet and place_fancy_bet (migrations 0009 and 0011) were the first placement functions.
-- Product code calls place_runner_bet(s) and place_fancy_bet(s)_checked (migrations 0013, 0015),
-- which carry the same checks and more (session, locks, bet delay); nothing calls these two.
-- From here on every function lives in api/sql/functions, one file each (ADR 0013); these two
-- have no file, so they are dropped.
DROP FUNCTION place_bet(uuid, text, text, text, text, text, text, integer, integer, bigint, text[]);
DROP FUNCTION place_fancy_bet(uuid, text, text, text, text, text, integer, integer, bigint);
