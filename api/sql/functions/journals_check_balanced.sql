CREATE OR REPLACE FUNCTION public.journals_check_balanced()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  jid uuid;
  leg_count bigint;
  leg_sum numeric;
BEGIN
  IF TG_TABLE_NAME = 'journals' THEN
    jid := NEW.id;
  ELSE
    jid := NEW.journal_id;
  END IF;
  -- L1 at commit, each journal summed once per transaction (migration 0012): every entry fires
  -- too, after its journal (the rows' order), and skips while the journal checked last in this
  -- transaction is its own. One setting, not one per journal: PostgreSQL keeps every custom
  -- setting a session ever named for the session's life, and version 15 re-sorts them all to add
  -- one, so a mark per journal cost a pooled connection more with every journal it had posted
  -- (0.3 ms a journal on a fresh connection, 1.3 ms after 3,200; docs/rules/ledger-invariants.md).
  -- Entries of journals interleaved at commit are summed again: slower, never wrong.
  IF current_setting('backlay_l1.last', true) = jid::text THEN
    RETURN NULL;
  END IF;
  SELECT count(*), coalesce(sum(amount_minor), 0) INTO leg_count, leg_sum
    FROM entries WHERE journal_id = jid;
  IF leg_count < 2 OR leg_sum <> 0 THEN
    RAISE EXCEPTION 'journal % is unbalanced: % entries summing to %', jid, leg_count, leg_sum
      USING ERRCODE = 'check_violation';
  END IF;
  PERFORM set_config('backlay_l1.last', jid::text, true);
  RETURN NULL;
END $function$;
