CREATE OR REPLACE FUNCTION public.journals_check_balanced()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  jid uuid;
  mark text;
  leg_count bigint;
  leg_sum numeric;
BEGIN
  IF TG_TABLE_NAME = 'journals' THEN
    jid := NEW.id;
  ELSE
    jid := NEW.journal_id;
  END IF;
  mark := 'backlay_l1.j' || replace(jid::text, '-', '');
  IF current_setting(mark, true) = 'ok' THEN
    RETURN NULL;
  END IF;
  SELECT count(*), coalesce(sum(amount_minor), 0) INTO leg_count, leg_sum
    FROM entries WHERE journal_id = jid;
  IF leg_count < 2 OR leg_sum <> 0 THEN
    RAISE EXCEPTION 'journal % is unbalanced: % entries summing to %', jid, leg_count, leg_sum
      USING ERRCODE = 'check_violation';
  END IF;
  PERFORM set_config(mark, 'ok', true);
  RETURN NULL;
END $function$;
