CREATE OR REPLACE FUNCTION public.entries_check_balanced()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  bad record;
BEGIN
  -- L1, once per INSERT statement over its new rows (transition table new_entries, migration
  -- 0055): every journal they name has, with the legs earlier statements wrote, at least two legs
  -- summing to 0. A journal's legs are written by one statement, so it balances when that ends.
  SELECT x.journal_id, s.legs, s.total INTO bad
  FROM (SELECT DISTINCT e.journal_id FROM new_entries e) x
  CROSS JOIN LATERAL (
    SELECT count(*) AS legs, coalesce(sum(e.amount_minor), 0) AS total FROM entries e WHERE e.journal_id = x.journal_id
  ) s
  WHERE s.legs < 2 OR s.total <> 0
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'journal % is unbalanced: % entries summing to %', bad.journal_id, bad.legs, bad.total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $function$;
