-- A repeat of a placement (the same user and Idempotency-Key) answers what its first call
-- answered (QUALITY T3: the stored result; the crash test, api/test/crash.test.ts): the wallet and
-- the market's book right after the bet are kept with the bet. Found by the crash test: a repeat
-- answered the wallet and book of the moment, and a refusal once the bet's market had closed
-- (a casino round). NULL on bets placed before this migration: their repeats answer the
-- current wallet and book, as before.
ALTER TABLE bets
  ADD COLUMN placed_balance_minor bigint,
  ADD COLUMN placed_exposure_minor bigint,
  ADD COLUMN placed_market_exposure_minor bigint,
  ADD COLUMN placed_pnl jsonb;
