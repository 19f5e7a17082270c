-- L16 (a journal started by a user touches only that user's wallet and its downline's) was a
-- BEFORE INSERT trigger FOR EACH ROW: one PL/pgSQL call and one journals lookup per entry. A
-- market's settlement writes one entry per player in one INSERT (10,000 for a 100k-bet market),
-- so the check cost about as much as a pass over those entries again (ADR 0028). It now runs once
-- per statement, AFTER INSERT over the statement's new rows (a transition table), with the same
-- rule and the same error for the first offending entry; the statement still fails as a whole.
-- The function's body is sql/functions/entries_check_actor.sql (ADR 0013); it is replaced here
-- first because the new trigger needs it.
DROP TRIGGER entries_check_actor ON entries;

CREATE OR REPLACE FUNCTION entries_check_actor() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  SELECT e.journal_id, j.actor_id AS actor, u.id AS owner INTO bad
  FROM new_entries e
  JOIN journals j ON j.id = e.journal_id
  JOIN ledger_accounts a ON a.id = e.account_id
  JOIN users u ON u.id = a.user_id
  WHERE j.actor_id IS NOT NULL AND u.id <> j.actor_id AND NOT (u.ancestors @> ARRAY[j.actor_id])
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'journal % by % touches the wallet of %, who is not in its downline', bad.journal_id, bad.actor, bad.owner
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER entries_check_actor AFTER INSERT ON entries
  REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION entries_check_actor();
