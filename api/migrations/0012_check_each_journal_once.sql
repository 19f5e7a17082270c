-- L1 stays a deferred check at commit, but each journal is summed once per transaction instead
-- of once per entry. The constraint trigger fires for every entry row; for a settlement journal
-- with n legs the old body summed all n entries n times (O(n²): about a minute for 10k legs).
-- At commit every entry of the transaction exists already (deferred triggers run after the last
-- statement), so the first firing for a journal sees all of its legs, and the later firings of
-- the same journal in the same transaction may stop early. The mark is a transaction-local
-- setting, gone at commit or rollback.
CREATE OR REPLACE FUNCTION journals_check_balanced() RETURNS trigger
  LANGUAGE plpgsql AS $$
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
END $$;
