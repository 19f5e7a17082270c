CREATE OR REPLACE FUNCTION public.journals_check_balanced()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- L1 at commit, once per journal written in the transaction (journals_balanced, deferred): its
  -- legs came. That they number two or more and sum to 0 is entries_check_balanced's to say, when
  -- each statement that writes legs ends (migration 0055); legs are never changed nor deleted, so
  -- a journal with legs at commit is a balanced one.
  IF NOT EXISTS (SELECT 1 FROM entries WHERE journal_id = NEW.id) THEN
    RAISE EXCEPTION 'journal % is unbalanced: 0 entries summing to 0', NEW.id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $function$;
