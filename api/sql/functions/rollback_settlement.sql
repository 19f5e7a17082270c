CREATE OR REPLACE FUNCTION public.rollback_settlement(p_market text, p_actor uuid)
 RETURNS TABLE(outcome text, settlement_id uuid, settlement_version integer, journal_id uuid, underfunded text[])
 LANGUAGE plpgsql
AS $function$
#variable_conflict use_column
DECLARE
  v_found boolean;
  v_live settlements%ROWTYPE;
  v_jid uuid;
  v_short text[];
BEGIN
  PERFORM 1 FROM markets m WHERE m.id = p_market FOR UPDATE;
  v_found := FOUND;
  IF NOT v_found THEN
    PERFORM 1 FROM fancies f WHERE f.id = p_market FOR UPDATE;
    v_found := FOUND;
  END IF;
  IF NOT v_found THEN
    RETURN QUERY SELECT 'NOT_FOUND', NULL::uuid, NULL::int, NULL::uuid, NULL::text[];
    RETURN;
  END IF;
  SELECT * INTO v_live FROM settlements s WHERE s.market_id = p_market AND s.reversed_at IS NULL FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'NOT_SETTLED', NULL::uuid, NULL::int, NULL::uuid, NULL::text[];
    RETURN;
  END IF;

  -- Lock every touched account in id order, then check the final figures before any write. The
  -- accounts are looked up by key (two arrays, one bitmap scan of each unique index): two IN
  -- subqueries joined by OR filtered a scan of every account.
  PERFORM 1 FROM ledger_accounts a
  WHERE a.id = ANY (ARRAY(SELECT e.account_id FROM entries e WHERE e.journal_id = v_live.journal_id))
     OR a.user_id = ANY (ARRAY(SELECT p.user_id FROM positions p WHERE p.market_id = p_market AND p.status = 'settled'))
  ORDER BY a.id FOR UPDATE;

  CREATE TEMP TABLE IF NOT EXISTS rollback_delta (account_id uuid PRIMARY KEY, amount bigint, exposure bigint) ON COMMIT DROP;
  TRUNCATE rollback_delta;
  INSERT INTO rollback_delta
  SELECT d.account_id, sum(d.amount)::bigint, sum(d.exposure)::bigint
  FROM (
    SELECT e.account_id, -e.amount_minor AS amount, 0::bigint AS exposure FROM entries e WHERE e.journal_id = v_live.journal_id
    UNION ALL
    SELECT a.id, 0, p.exposure_minor FROM positions p JOIN ledger_accounts a ON a.user_id = p.user_id
    WHERE p.market_id = p_market AND p.status = 'settled'
  ) d GROUP BY d.account_id;
  -- The planner knows nothing of a temporary table just filled (it takes ten pages: 1,360 rows), so
  -- the three statements below joined it to ledger_accounts by hashing every account, whatever the
  -- rollback's size: with 200,000 accounts the UPDATE took 47.6 ms for 5 touched and 81.7 ms for
  -- 500; analysed, 3.9 and 14.6 ms by the primary key (docs/bench/betting.md, 2026-12-01).
  ANALYZE rollback_delta;

  SELECT array_agg(u.username ORDER BY u.username) INTO v_short
  FROM rollback_delta d JOIN ledger_accounts a ON a.id = d.account_id JOIN users u ON u.id = a.user_id
  -- Never below zero, nor lower than a shortfall already is (ADR 0046: a wallet a reduction left short).
  WHERE NOT a.allow_negative AND (a.balance_minor + d.amount) - (a.exposure_minor + d.exposure) < least(0, a.balance_minor - a.exposure_minor);
  IF v_short IS NOT NULL THEN
    RETURN QUERY SELECT 'UNDERFUNDED', v_live.id, v_live.version, NULL::uuid, v_short;
    RETURN;
  END IF;

  IF v_live.journal_id IS NOT NULL THEN
    INSERT INTO journals (code, event_type, event_ref, request_hash, remark, actor_id, reverses_journal_id)
      VALUES ('MARKET_SETTLE_REVERSAL', 'market.settlement_reversed', p_market || ':' || v_live.version,
              encode(sha256(convert_to('rollback:' || p_market || ':' || v_live.version, 'UTF8')), 'hex'),
              'Rollback of settlement v' || v_live.version, NULL, v_live.journal_id)
      RETURNING id INTO v_jid;
    INSERT INTO entries (journal_id, account_id, amount_minor, version, prev_balance_minor, curr_balance_minor)
    SELECT v_jid, d.account_id, d.amount, a.version + 1, a.balance_minor, a.balance_minor + d.amount
    FROM rollback_delta d JOIN ledger_accounts a ON a.id = d.account_id
    WHERE d.amount <> 0
    ORDER BY d.account_id;
  END IF;
  UPDATE ledger_accounts a
  SET balance_minor = a.balance_minor + d.amount,
      version = a.version + CASE WHEN d.amount <> 0 THEN 1 ELSE 0 END,
      exposure_minor = a.exposure_minor + d.exposure
  FROM rollback_delta d
  WHERE a.id = d.account_id AND (d.amount <> 0 OR d.exposure <> 0);

  UPDATE positions p SET status = 'open', updated_at = now() WHERE p.market_id = p_market AND p.status = 'settled';
  UPDATE bets b SET status = 'open', pnl_minor = NULL, settlement_id = NULL, settled_at = NULL
  WHERE b.settlement_id = v_live.id AND b.status = 'settled';
  UPDATE settlements s SET reversed_at = clock_timestamp(), reversed_by = p_actor, reversal_journal_id = v_jid
  WHERE s.id = v_live.id;
  TRUNCATE rollback_delta;

  RETURN QUERY SELECT 'ROLLED_BACK', v_live.id, v_live.version, v_jid, NULL::text[];
END $function$;
