-- Positions re-priced when a runner is removed or reinstated (ADR 0046, docs/racing-rules.md R-3).
-- The ingest re-prices every open position of the market in its own transaction
-- (reprice_runner_positions): the non-runner's bets void, the bets matched before a removal at
-- their reduced price (reduced_odds, the rule settle_market applies). A reduction can take more
-- than a position held, so a wallet's available may go below zero by what a reduction took:
-- ledger_accounts.shortfall_minor. It is raised only by the re-pricing and by a settlement (the
-- result stands, the market is never blocked by one wallet), and shrinks on every other write of
-- the wallet to what is still short (ledger_accounts_shrink_shortfall), so no other write can
-- take available lower. L5 becomes: available >= -shortfall (0 for every wallet nothing reduced).
ALTER TABLE ledger_accounts ADD COLUMN shortfall_minor bigint NOT NULL DEFAULT 0;

CREATE FUNCTION ledger_accounts_shrink_shortfall() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.shortfall_minor := greatest(0, least(NEW.shortfall_minor, NEW.exposure_minor - NEW.balance_minor));
  RETURN NEW;
END $$;

-- Only a wallet with a shortfall (before or after) runs it: every other write pays nothing.
CREATE TRIGGER ledger_accounts_shortfall BEFORE UPDATE ON ledger_accounts FOR EACH ROW
  WHEN (OLD.shortfall_minor > 0 OR NEW.shortfall_minor > 0) EXECUTE FUNCTION ledger_accounts_shrink_shortfall();

-- The row check takes the shortfall (a new argument: the old function is dropped with its constraint).
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_rules;
DROP FUNCTION ledger_accounts_row_check(text, uuid, text, bigint, bigint, bigint, boolean);
CREATE FUNCTION ledger_accounts_row_check(
  kind text, user_id uuid, code text, balance_minor bigint, exposure_minor bigint, version bigint, allow_negative boolean,
  shortfall_minor bigint
) RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN true; -- replaced by api/sql/functions/ledger_accounts_row_check.sql right after the migrations
END $$;
ALTER TABLE ledger_accounts
  ADD CONSTRAINT ledger_accounts_rules CHECK (ledger_accounts_row_check(kind, user_id, code, balance_minor, exposure_minor, version,
    allow_negative, shortfall_minor));
