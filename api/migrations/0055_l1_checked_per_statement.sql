-- L1 (every journal has at least two legs and they sum to 0) was checked at commit by a deferred
-- constraint trigger FOR EACH ROW on entries as well as on journals: one PL/pgSQL call per entry,
-- each skipping when its journal had just been summed (migration 0012, ADR 0007). A settlement
-- writes one entry per player in one INSERT, so a casino round of 950 players paid 950 calls at its
-- commit, about a tenth of the round's settlement (docs/bench/casino-engine.md).
--
-- Every writer writes a journal's legs in one INSERT (insertEntries in ledger.repository.ts,
-- settle_market, rollback_settlement). So the legs are now checked once per INSERT statement,
-- after it, over the journals its rows name (transition table new_entries), all their legs
-- summed, earlier statements' included: a journal's legs balance when the statement that writes
-- them ends. The journal's own deferred check stays (journals_balanced, one call per journal at
-- commit): a journal whose legs never came still refuses the commit. The new trigger is named to
-- run after entries_check_actor (statement triggers run in name order), so an entry naming no
-- journal or account is told so first. Its function's body is sql/functions/
-- entries_check_balanced.sql (ADR 0013), applied by the migrator after the migrations, in the
-- same transaction, before any entry is written.
DROP TRIGGER entries_balanced ON entries;

CREATE FUNCTION entries_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;

CREATE TRIGGER entries_sum_to_zero AFTER INSERT ON entries
  REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION entries_check_balanced();
