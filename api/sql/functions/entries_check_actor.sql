CREATE OR REPLACE FUNCTION public.entries_check_actor()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  bad record;
BEGIN
  -- Once per INSERT statement over its new rows (transition table new_entries).
  -- The journal and the account of every new entry exist: in place of the foreign keys, checked
  -- here per statement instead of per row (migration 0054, ADR 0079); neither is ever deleted.
  SELECT e.journal_id, e.account_id INTO bad
  FROM new_entries e
  WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = e.account_id)
  LIMIT 1;
  IF NOT FOUND THEN
    SELECT x.journal_id, NULL::uuid AS account_id INTO bad
    FROM (SELECT DISTINCT e.journal_id FROM new_entries e) x
    WHERE NOT EXISTS (SELECT 1 FROM journals j WHERE j.id = x.journal_id)
    LIMIT 1;
  END IF;
  IF FOUND THEN
    RAISE EXCEPTION 'an entry of journal % names no such %', bad.journal_id, CASE WHEN bad.account_id IS NULL THEN 'journal' ELSE 'account ' || bad.account_id END
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  -- L16: the first entry of a journal started by a user that touches the wallet of someone who is
  -- neither that user nor in its downline. System accounts have no user and always pass.
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
END $function$;
