-- L16 (a journal started by a user touches only that user's wallet and its downline's) was a
-- BEFORE INSERT trigger FOR EACH ROW: one PL/pgSQL call and one journals lookup per entry. A
-- market's settlement writes one entry per player in one INSERT (10,000 for a 100k-bet market),
-- so the check cost about as much as a pass over those entries again (ADR 0028). It now runs once
-- per statement, AFTER INSERT over the statement's new rows (a transition table), with the same
-- rule and the same error for the first offending entry; the statement still fails as a whole.
-- The function's new body is sql/functions/entries_check_actor.sql (ADR 0013), which the
-- migrator applies after the migrations in the same transaction, before any entry is written.
DROP TRIGGER entries_check_actor ON entries;

CREATE TRIGGER entries_check_actor AFTER INSERT ON entries
  REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION entries_check_actor();
