CREATE OR REPLACE FUNCTION public.entries_check_actor()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  actor uuid;
  owner uuid;
  owner_ancestors uuid[];
BEGIN
  SELECT actor_id INTO actor FROM journals WHERE id = NEW.journal_id;
  IF actor IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT u.id, u.ancestors INTO owner, owner_ancestors
    FROM ledger_accounts a JOIN users u ON u.id = a.user_id
    WHERE a.id = NEW.account_id;
  IF owner IS NOT NULL AND owner <> actor AND NOT (owner_ancestors @> ARRAY[actor]) THEN
    RAISE EXCEPTION 'journal % by % touches the wallet of %, who is not in its downline', NEW.journal_id, actor, owner
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $function$;
