CREATE OR REPLACE FUNCTION public.journals_check_audited()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NEW.actor_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM audit_log WHERE journal_id = NEW.id AND actor_id = NEW.actor_id
  ) THEN
    RAISE EXCEPTION 'journal % by % has no audit row', NEW.id, NEW.actor_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $function$;
