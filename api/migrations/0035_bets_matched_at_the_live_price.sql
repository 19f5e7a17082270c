-- Best execution (issue 29, ADR 0034): a bet asked at a price the market beats is matched at the
-- market's price, never at the worse price asked. `price_shown` (and `odds_hundredths`, `run_line`)
-- now hold the price the bet was matched at; `requested_price` keeps what the request asked, in
-- the unit of the price that can improve: runner markets the odds in hundredths, bookmaker the
-- rate (as price_shown), fancy the line in runs (as run_line). NULL on bets placed before this
-- migration (they were booked at the price asked).
ALTER TABLE bets ADD COLUMN requested_price int;

-- The placement functions answer the bet's matched price (bet_price, bet_run_line): their result
-- tables change, so the old definitions go (IF EXISTS: on a new database the files have not run
-- yet); the files of api/sql/functions create the new ones.
DROP FUNCTION IF EXISTS place_runner_bets(uuid[], text[], text[], text[], text[], text[], text[], integer[], bigint[], boolean[], uuid[], text[]);
DROP FUNCTION IF EXISTS place_fancy_bets_checked(uuid[], text[], text[], text[], text[], text[], integer[], integer[], bigint[], boolean[], uuid[], text[]);
DROP FUNCTION IF EXISTS place_runner_bet(uuid, text, text, text, text, text, text, integer, bigint, boolean, uuid, text);
DROP FUNCTION IF EXISTS place_fancy_bet_checked(uuid, text, text, text, text, text, integer, integer, bigint, boolean, uuid, text);
DROP FUNCTION IF EXISTS placement_refusal_answer(uuid, text, text, text);
DROP FUNCTION IF EXISTS placed_bet_replay(uuid, text, text);
