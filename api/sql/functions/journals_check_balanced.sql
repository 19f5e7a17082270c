CREATE OR REPLACE FUNCTION public.journals_check_balanced()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  leg_count bigint;
  leg_sum numeric;
BEGIN
  -- L1 at commit, once per journal written in the transaction (journals_balanced, deferred): it
  -- has at least two legs summing to 0. The legs are checked as well when the statement that
  -- writes them ends (entries_check_balanced, migration 0055); this catches the journal whose
  -- legs never came.
  SELECT count(*), coalesce(sum(amount_minor), 0) INTO leg_count, leg_sum
    FROM entries WHERE journal_id = NEW.id;
  IF leg_count < 2 OR leg_sum <> 0 THEN
    RAISE EXCEPTION 'journal % is unbalanced: % entries summing to %', NEW.id, leg_count, leg_sum
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $function$;
