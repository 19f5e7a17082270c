CREATE OR REPLACE FUNCTION public.entries_check_actor()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  bad record;
BEGIN
  -- L16, once per INSERT statement over its new rows (transition table new_entries): the first
  -- entry of a journal started by a user that touches the wallet of someone who is neither that
  -- user nor in its downline. System accounts have no user and always pass.
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
