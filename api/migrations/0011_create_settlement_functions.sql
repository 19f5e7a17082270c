-- Step 4, part 3: the money functions on top of 0009/0010 (RULES §7.1–§7.9, ADR 0007).
--
--   place_bet(...)          runner markets; replaced here (same signature) so that it also writes
--                           positions.market_type / match_id, honours the market bet-locks and the
--                           user's exposure limit, and cannot race a settlement.
--   place_fancy_bet(...)    fancy (session) markets: the run book {"lines": [...], "zones": [...]}.
--   settle_market(...)      one market or fancy, set-based: bets, per-user P&L and commission,
--                           partnership shares, ONE journal, exposure released, positions settled.
--   rollback_settlement(..) the reversing journal, bets and positions re-opened.
--
-- Lock order, everywhere: the market (or fancy) row, then ledger_accounts rows by id. A bet takes
-- the market row FOR KEY SHARE (it does not conflict with the feed's price updates), a settlement,
-- a rollback and a void take it FOR UPDATE: a settlement waits for the bets in flight, and a bet
-- that arrives during a settlement waits for it and then sees the market settled.
--
-- Integer rules are exactly those of shared/src/domain: a win is floor(±s·(o−100)/100) (a k-way
-- dead heat floor(±s·(o−100k)/(100k))), a loss ∓s; fancy YES ≡ BACK and NO ≡ LAY at odds 100 + R
-- winning when runs ≥ line; commission floor(max(0, W)·rate/10000) (NET_WIN) or
-- floor(turnover·rate/10000) (TURNOVER) with rate = least(user, parent); partnership amounts
-- trunc(−net·own/10000) with the residue on the root (distributePartnership).

-- ---------------------------------------------------------------------------------------------
-- Runner markets.
-- Outcomes: ACCEPTED, REPLAY, IDEMPOTENCY_MISMATCH, MARKET_SUSPENDED, MARKET_LOCKED,
-- EXPOSURE_LIMIT (market_exposure = the market's exposure after the bet, exposure = the limit),
-- INSUFFICIENT_FUNDS (exposure = the total the bet would have left). On a refusal nothing is written.
CREATE OR REPLACE FUNCTION place_bet(
  p_user uuid, p_key text, p_hash text, p_match text, p_market text, p_selection text,
  p_side text, p_odds int, p_price_shown int, p_stake bigint, p_runners text[]
) RETURNS TABLE (
  outcome text, bet_id uuid, pnl jsonb, market_exposure bigint, balance bigint, exposure bigint
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_account uuid;
  v_balance bigint;
  v_exposure bigint;
  v_old_pnl jsonb;
  v_old_exp bigint;
  v_new_pnl jsonb := '{}'::jsonb;
  v_new_exp bigint;
  v_min bigint := 0;
  v_total bigint;
  v_sign bigint := CASE WHEN p_side = 'BACK' THEN 1 ELSE -1 END;
  v_win bigint;
  v_lose bigint;
  v_value bigint;
  v_runner text;
  v_market_type text;
  v_open boolean;
  v_limit bigint;
  v_prior bets%ROWTYPE;
BEGIN
  -- 0. The market row, key-share locked (see the header): no settlement can start under this bet.
  SELECT m.market_type, (m.active AND NOT m.admin_suspended AND m.feed_status = 'open')
    INTO v_market_type, v_open FROM markets m WHERE m.id = p_market AND m.event_id = p_match FOR KEY SHARE;

  -- 1. The wallet lock: every bet of this user waits here, in order.
  SELECT a.id, a.balance_minor, a.exposure_minor INTO v_account, v_balance, v_exposure
    FROM ledger_accounts a WHERE a.user_id = p_user FOR UPDATE;
  IF v_account IS NULL THEN
    RAISE EXCEPTION 'no wallet for user %', p_user;
  END IF;

  -- 2. Idempotency, under the lock (concurrent repeats of one key serialize on the wallet).
  SELECT * INTO v_prior FROM bets b WHERE b.user_id = p_user AND b.idempotency_key = p_key;
  IF FOUND THEN
    SELECT p.pnl, p.exposure_minor INTO v_old_pnl, v_old_exp
      FROM positions p WHERE p.user_id = p_user AND p.market_id = v_prior.market_id;
    RETURN QUERY SELECT CASE WHEN v_prior.request_hash = p_hash THEN 'REPLAY' ELSE 'IDEMPOTENCY_MISMATCH' END,
      v_prior.id, v_old_pnl, v_old_exp, v_balance, v_exposure;
    RETURN;
  END IF;

  -- 3. The market is open and has no live settlement; no market bet-lock on the user's chain.
  IF v_open IS NOT TRUE OR EXISTS (SELECT 1 FROM settlements s WHERE s.market_id = p_market AND s.reversed_at IS NULL) THEN
    RETURN QUERY SELECT 'MARKET_SUSPENDED', NULL::uuid, NULL::jsonb, NULL::bigint, v_balance, v_exposure;
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM market_bet_locks l JOIN users u ON u.id = p_user
             WHERE l.market_id = p_market AND (l.user_id = u.id OR l.user_id = ANY (u.ancestors))) THEN
    RETURN QUERY SELECT 'MARKET_LOCKED', NULL::uuid, NULL::jsonb, NULL::bigint, v_balance, v_exposure;
    RETURN;
  END IF;

  -- 4. The position: a separate statement, so its snapshot is taken after the lock.
  SELECT p.pnl, p.exposure_minor INTO v_old_pnl, v_old_exp
    FROM positions p WHERE p.user_id = p_user AND p.market_id = p_market;
  v_old_pnl := coalesce(v_old_pnl, '{}'::jsonb);
  v_old_exp := coalesce(v_old_exp, 0);

  -- 5. The bet's P&L per runner (integer maths, floor like mulDivFloor).
  v_win := floor((v_sign * p_stake * (p_odds - 100))::numeric / 100)::bigint;
  v_lose := -v_sign * p_stake;
  FOREACH v_runner IN ARRAY p_runners LOOP
    v_value := coalesce((v_old_pnl ->> v_runner)::bigint, 0)
             + CASE WHEN v_runner = p_selection THEN v_win ELSE v_lose END;
    v_new_pnl := v_new_pnl || jsonb_build_object(v_runner, v_value);
    v_min := least(v_min, v_value);
  END LOOP;
  v_new_exp := -v_min;
  v_total := v_exposure - v_old_exp + v_new_exp;

  -- 6. Limits and funds: a bet that does not raise this market's exposure is always accepted (T4).
  IF v_new_exp > v_old_exp THEN
    SELECT u.exposure_limit_minor INTO v_limit FROM users u WHERE u.id = p_user;
    IF v_limit IS NOT NULL AND v_new_exp > v_limit THEN
      RETURN QUERY SELECT 'EXPOSURE_LIMIT', NULL::uuid, v_new_pnl, v_new_exp, v_balance, v_limit;
      RETURN;
    END IF;
    IF v_balance - v_total < 0 THEN
      RETURN QUERY SELECT 'INSUFFICIENT_FUNDS', NULL::uuid, v_new_pnl, v_new_exp, v_balance, v_total;
      RETURN;
    END IF;
  END IF;

  -- 7. The writes.
  INSERT INTO bets (user_id, match_id, market_id, market_type, selection_id, side, odds_hundredths, price_shown,
                    stake_minor, idempotency_key, request_hash)
    VALUES (p_user, p_match, p_market, v_market_type, p_selection, p_side, p_odds, p_price_shown,
            p_stake, p_key, p_hash)
    RETURNING id INTO bet_id;
  INSERT INTO positions (user_id, market_id, market_type, match_id, pnl, exposure_minor, status)
    VALUES (p_user, p_market, v_market_type, p_match, v_new_pnl, v_new_exp, 'open')
    ON CONFLICT (user_id, market_id) DO UPDATE SET pnl = EXCLUDED.pnl, exposure_minor = EXCLUDED.exposure_minor,
                                                   status = 'open', updated_at = now();
  UPDATE ledger_accounts SET exposure_minor = v_total WHERE id = v_account;

  RETURN QUERY SELECT 'ACCEPTED', bet_id, v_new_pnl, v_new_exp, v_balance, v_total;
END $$;

-- ---------------------------------------------------------------------------------------------
-- Fancy (session) markets: YES at (line, rate) wins floor(s·R/100) when runs ≥ line, else −s;
-- NO wins s when runs < line, else floor(−s·R/100). The position is the run book
-- {"lines": [t1 < … < tn], "zones": [p0 … pn]} (shared/src/domain/fancy.ts FancyBook), updated in
-- O(zones) exactly like applyFancyBet: split the zone holding a new line, add the bet to each zone.
-- Outcomes: those of place_bet, plus ODDS_CHANGED when the live line moved against the user or
-- the live rate differs (checked again here, on the key-share locked row).
CREATE FUNCTION place_fancy_bet(
  p_user uuid, p_key text, p_hash text, p_match text, p_fancy text, p_side text, p_line int, p_rate int, p_stake bigint
) RETURNS TABLE (
  outcome text, bet_id uuid, pnl jsonb, market_exposure bigint, balance bigint, exposure bigint
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_account uuid;
  v_balance bigint;
  v_exposure bigint;
  v_old_pnl jsonb;
  v_old_exp bigint;
  v_lines int[];
  v_zones bigint[];
  v_n int;
  v_at int;
  v_win bigint;
  v_lose bigint;
  v_new_pnl jsonb;
  v_new_exp bigint;
  v_total bigint;
  v_open boolean;
  v_live_line int;
  v_live_rate int;
  v_limit bigint;
  v_prior bets%ROWTYPE;
BEGIN
  IF p_side NOT IN ('YES', 'NO') OR p_line < 0 OR p_rate <= 0 OR p_stake <= 0 THEN
    RAISE EXCEPTION 'bad fancy bet % % @ % stake %', p_side, p_line, p_rate, p_stake USING ERRCODE = 'invalid_parameter_value';
  END IF;
  -- 0. The fancy row, key-share locked.
  SELECT (f.active AND NOT f.admin_suspended AND f.feed_status = 'open'),
         CASE WHEN p_side = 'YES' THEN f.yes_run ELSE f.no_run END,
         CASE WHEN p_side = 'YES' THEN f.yes_rate ELSE f.no_rate END
    INTO v_open, v_live_line, v_live_rate
    FROM fancies f WHERE f.id = p_fancy AND f.event_id = p_match FOR KEY SHARE;

  -- 1. The wallet lock.
  SELECT a.id, a.balance_minor, a.exposure_minor INTO v_account, v_balance, v_exposure
    FROM ledger_accounts a WHERE a.user_id = p_user FOR UPDATE;
  IF v_account IS NULL THEN
    RAISE EXCEPTION 'no wallet for user %', p_user;
  END IF;

  -- 2. Idempotency, under the lock.
  SELECT * INTO v_prior FROM bets b WHERE b.user_id = p_user AND b.idempotency_key = p_key;
  IF FOUND THEN
    SELECT p.pnl, p.exposure_minor INTO v_old_pnl, v_old_exp
      FROM positions p WHERE p.user_id = p_user AND p.market_id = v_prior.market_id;
    RETURN QUERY SELECT CASE WHEN v_prior.request_hash = p_hash THEN 'REPLAY' ELSE 'IDEMPOTENCY_MISMATCH' END,
      v_prior.id, v_old_pnl, v_old_exp, v_balance, v_exposure;
    RETURN;
  END IF;

  -- 3. Open, unsettled, the same line or better and the same rate (RULES §7.11), no market lock.
  IF v_open IS NOT TRUE OR EXISTS (SELECT 1 FROM settlements s WHERE s.market_id = p_fancy AND s.reversed_at IS NULL) THEN
    RETURN QUERY SELECT 'MARKET_SUSPENDED', NULL::uuid, NULL::jsonb, NULL::bigint, v_balance, v_exposure;
    RETURN;
  END IF;
  IF v_live_rate <> p_rate OR (p_side = 'YES' AND v_live_line > p_line) OR (p_side = 'NO' AND v_live_line < p_line) THEN
    RETURN QUERY SELECT 'ODDS_CHANGED', NULL::uuid, NULL::jsonb, NULL::bigint, v_balance, v_exposure;
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM market_bet_locks l JOIN users u ON u.id = p_user
             WHERE l.market_id = p_fancy AND (l.user_id = u.id OR l.user_id = ANY (u.ancestors))) THEN
    RETURN QUERY SELECT 'MARKET_LOCKED', NULL::uuid, NULL::jsonb, NULL::bigint, v_balance, v_exposure;
    RETURN;
  END IF;

  -- 4. The position (its own statement: a snapshot after the lock).
  SELECT p.pnl, p.exposure_minor INTO v_old_pnl, v_old_exp
    FROM positions p WHERE p.user_id = p_user AND p.market_id = p_fancy;
  v_old_exp := coalesce(v_old_exp, 0);
  v_lines := coalesce((SELECT array_agg(x::int ORDER BY o) FROM jsonb_array_elements_text(v_old_pnl -> 'lines') WITH ORDINALITY t (x, o)),
                      '{}'::int[]);
  v_zones := coalesce((SELECT array_agg(x::bigint ORDER BY o) FROM jsonb_array_elements_text(v_old_pnl -> 'zones') WITH ORDINALITY t (x, o)),
                      ARRAY[0]::bigint[]);
  v_n := cardinality(v_lines);

  -- 5. Split the zone holding the new line (both halves keep its value), then add the bet:
  -- zones after the line's index are "runs ≥ line".
  v_at := (SELECT count(*) FROM unnest(v_lines) t (x) WHERE t.x < p_line);
  IF v_at >= v_n OR v_lines[v_at + 1] <> p_line THEN
    v_lines := v_lines[1:v_at] || p_line || v_lines[v_at + 1:v_n];
    v_zones := v_zones[1:v_at + 1] || v_zones[v_at + 1] || v_zones[v_at + 2:v_n + 1];
  END IF;
  IF p_side = 'YES' THEN
    v_win := floor((p_stake * p_rate)::numeric / 100)::bigint;
    v_lose := -p_stake;
  ELSE
    v_win := floor((-p_stake * p_rate)::numeric / 100)::bigint;
    v_lose := p_stake;
  END IF;
  SELECT array_agg(z.v + CASE WHEN z.i > v_at + 1 THEN v_win ELSE v_lose END ORDER BY z.i)
    INTO v_zones FROM unnest(v_zones) WITH ORDINALITY z (v, i);
  v_new_exp := greatest(0, -(SELECT min(z) FROM unnest(v_zones) z));
  v_new_pnl := jsonb_build_object('lines', to_jsonb(v_lines), 'zones', to_jsonb(v_zones));
  v_total := v_exposure - v_old_exp + v_new_exp;

  -- 6. Limits and funds (a risk-reducing bet always passes).
  IF v_new_exp > v_old_exp THEN
    SELECT u.exposure_limit_minor INTO v_limit FROM users u WHERE u.id = p_user;
    IF v_limit IS NOT NULL AND v_new_exp > v_limit THEN
      RETURN QUERY SELECT 'EXPOSURE_LIMIT', NULL::uuid, v_new_pnl, v_new_exp, v_balance, v_limit;
      RETURN;
    END IF;
    IF v_balance - v_total < 0 THEN
      RETURN QUERY SELECT 'INSUFFICIENT_FUNDS', NULL::uuid, v_new_pnl, v_new_exp, v_balance, v_total;
      RETURN;
    END IF;
  END IF;

  -- 7. The writes.
  INSERT INTO bets (user_id, match_id, market_id, market_type, selection_id, side, odds_hundredths, price_shown,
                    run_line, stake_minor, idempotency_key, request_hash)
    VALUES (p_user, p_match, p_fancy, 'fancy', p_fancy, p_side, 100 + p_rate, p_rate, p_line, p_stake, p_key, p_hash)
    RETURNING id INTO bet_id;
  INSERT INTO positions (user_id, market_id, market_type, match_id, pnl, exposure_minor, status)
    VALUES (p_user, p_fancy, 'fancy', p_match, v_new_pnl, v_new_exp, 'open')
    ON CONFLICT (user_id, market_id) DO UPDATE SET pnl = EXCLUDED.pnl, exposure_minor = EXCLUDED.exposure_minor,
                                                   status = 'open', updated_at = now();
  UPDATE ledger_accounts SET exposure_minor = v_total WHERE id = v_account;

  RETURN QUERY SELECT 'ACCEPTED', bet_id, v_new_pnl, v_new_exp, v_balance, v_total;
END $$;

-- ---------------------------------------------------------------------------------------------
-- Settlement of one market or fancy with a result (contracts/bets.ts DeclaredResult as jsonb:
-- {"type":"WINNER","selectionId"} | {"type":"DEAD_HEAT","selectionIds":[…]} | {"type":"RUNS","runs"}
-- | {"type":"VOID"}). Set-based: one UPDATE for the bets, one INSERT per summary table, one
-- journal. Outcomes:
--   SETTLED           settled now as `settlement_version`;
--   ALREADY_SETTLED   a live settlement with an equal result exists: nothing changes;
--   DIFFERENT_RESULT  a live settlement with another result exists: nothing changes (a correction
--                     is rollback_settlement + settle_market in one transaction);
--   SKIPPED           p_source 'feed' and the market has a settlement row (live or rolled back):
--                     after an admin rollback the feed never settles it again;
--   NOT_FOUND         no such market or fancy.
CREATE FUNCTION settle_market(p_market text, p_result jsonb, p_source text, p_actor uuid)
RETURNS TABLE (
  outcome text, settlement_id uuid, settlement_version int, journal_id uuid,
  bet_count int, user_count int, users_pnl bigint, commission_total bigint
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_type text;
  v_match text;
  v_name text;
  v_kind text := p_result ->> 'type';
  v_live settlements%ROWTYPE;
  v_version int;
  v_sid uuid;
  v_jid uuid;
  v_basis text;
  v_winners text[];
  v_k int;
  v_runs int;
  v_bets int;
  v_users int;
  v_pnl bigint;
  v_commission bigint;
  v_now timestamptz := clock_timestamp();
BEGIN
  -- 1. The market row, FOR UPDATE: bets in flight finish first, later ones see the result.
  SELECT m.market_type, m.event_id, m.name INTO v_type, v_match, v_name FROM markets m WHERE m.id = p_market FOR UPDATE;
  IF v_type IS NULL THEN
    SELECT 'fancy', f.event_id, f.name INTO v_type, v_match, v_name FROM fancies f WHERE f.id = p_market FOR UPDATE;
  END IF;
  IF v_type IS NULL THEN
    RETURN QUERY SELECT 'NOT_FOUND', NULL::uuid, NULL::int, NULL::uuid, 0, 0, 0::bigint, 0::bigint;
    RETURN;
  END IF;
  IF p_source NOT IN ('feed', 'admin') THEN
    RAISE EXCEPTION 'unknown settlement source %', p_source USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF NOT ((v_kind = 'VOID') OR (v_kind = 'RUNS' AND v_type = 'fancy' AND (p_result ->> 'runs')::int >= 0)
          OR (v_kind IN ('WINNER', 'DEAD_HEAT') AND v_type <> 'fancy')) THEN
    RAISE EXCEPTION 'result % does not fit market % (%)', p_result, p_market, v_type USING ERRCODE = 'invalid_parameter_value';
  END IF;

  -- 2. Once per result.
  SELECT * INTO v_live FROM settlements s WHERE s.market_id = p_market AND s.reversed_at IS NULL;
  IF FOUND THEN
    RETURN QUERY SELECT CASE WHEN v_live.result = p_result THEN 'ALREADY_SETTLED' ELSE 'DIFFERENT_RESULT' END,
      v_live.id, v_live.version, v_live.journal_id, v_live.bets, v_live.users, v_live.users_pnl_minor, v_live.commission_minor;
    RETURN;
  END IF;
  IF p_source = 'feed' AND EXISTS (SELECT 1 FROM settlements s WHERE s.market_id = p_market) THEN
    RETURN QUERY SELECT 'SKIPPED', NULL::uuid, NULL::int, NULL::uuid, 0, 0, 0::bigint, 0::bigint;
    RETURN;
  END IF;
  v_version := coalesce((SELECT max(s.version) FROM settlements s WHERE s.market_id = p_market), 0) + 1;
  INSERT INTO settlements (market_id, market_type, match_id, version, result, source, actor_id, bets, users,
                           users_pnl_minor, commission_minor, created_at)
    VALUES (p_market, v_type, v_match, v_version, p_result, p_source, p_actor, 0, 0, 0, 0, v_now)
    RETURNING id INTO v_sid;

  -- 3. Every open bet's P&L (one UPDATE) and per user W, turnover and commission.
  v_winners := CASE v_kind WHEN 'WINNER' THEN ARRAY[p_result ->> 'selectionId']
                           WHEN 'DEAD_HEAT' THEN ARRAY(SELECT jsonb_array_elements_text(p_result -> 'selectionIds'))
                           ELSE '{}'::text[] END;
  v_k := greatest(cardinality(v_winners), 1);
  v_runs := CASE WHEN v_kind = 'RUNS' THEN (p_result ->> 'runs')::int END;
  v_basis := coalesce((SELECT r.basis FROM commission_rules r WHERE r.market_type = v_type), 'NONE');

  WITH settled AS (
    UPDATE bets b SET status = 'settled', settlement_id = v_sid, settled_at = v_now,
      pnl_minor = CASE
        WHEN v_kind = 'VOID' THEN 0
        WHEN (CASE WHEN v_kind = 'RUNS' THEN b.run_line <= v_runs ELSE b.selection_id = ANY (v_winners) END)
          THEN floor(((CASE WHEN b.side IN ('BACK', 'YES') THEN 1 ELSE -1 END) * b.stake_minor
                      * (b.odds_hundredths - 100 * v_k))::numeric / (100 * v_k))::bigint
        ELSE (CASE WHEN b.side IN ('BACK', 'YES') THEN -1 ELSE 1 END) * b.stake_minor
      END
    WHERE b.market_id = p_market AND b.status = 'open'
    RETURNING b.user_id, b.pnl_minor, b.stake_minor),
  per_user AS (
    SELECT s.user_id, sum(s.pnl_minor)::bigint AS w, sum(s.stake_minor)::bigint AS turnover
    FROM settled s GROUP BY s.user_id)
  INSERT INTO settlement_users (settlement_id, user_id, gross_pnl_minor, commission_minor, net_minor, turnover_minor)
  SELECT v_sid, pu.user_id, pu.w, c.amount, pu.w - c.amount, pu.turnover
  FROM per_user pu
  JOIN users u ON u.id = pu.user_id
  LEFT JOIN users parent ON parent.id = u.parent_id
  CROSS JOIN LATERAL (SELECT least(u.commission_bps, coalesce(parent.commission_bps, u.commission_bps))::bigint AS rate) r
  CROSS JOIN LATERAL (SELECT CASE v_basis
      WHEN 'NET_WIN' THEN greatest(pu.w, 0) * r.rate / 10000
      WHEN 'TURNOVER' THEN pu.turnover * r.rate / 10000
      ELSE 0 END AS amount) c;

  -- 4. Partnership (RULES §7.9): ancestors are root first; an agent's own share is its cumulative
  -- share minus that of its child on the path (the player, share 0, for the nearest agent).
  WITH path AS (
    SELECT su.user_id, su.net_minor, a.agent_id, a.pos, ag.partnership_share_bps AS share,
           lead(ag.partnership_share_bps, 1, 0) OVER (PARTITION BY su.user_id ORDER BY a.pos) AS child_share
    FROM settlement_users su
    JOIN users u ON u.id = su.user_id
    CROSS JOIN LATERAL unnest(u.ancestors) WITH ORDINALITY AS a (agent_id, pos)
    JOIN users ag ON ag.id = a.agent_id
    WHERE su.settlement_id = v_sid),
  amounts AS (
    SELECT p.*, p.share - p.child_share AS own, (-p.net_minor * (p.share - p.child_share)) / 10000 AS amount
    FROM path p)
  INSERT INTO settlement_shares (settlement_id, user_id, agent_id, own_share_bps, amount_minor)
  SELECT v_sid, x.user_id, x.agent_id, x.own,
         CASE WHEN x.pos = 1 THEN x.amount + (-x.net_minor - sum(x.amount) OVER (PARTITION BY x.user_id)) ELSE x.amount END
  FROM amounts x;
  IF EXISTS (SELECT 1 FROM settlement_shares ss JOIN users ag ON ag.id = ss.agent_id
             WHERE ss.settlement_id = v_sid AND ag.parent_id IS NULL AND ag.partnership_share_bps <> 10000) THEN
    RAISE EXCEPTION 'the root of a player path does not hold 100 %%' USING ERRCODE = 'check_violation';
  END IF;

  -- 5. The agents' P&L accounts, created on first use (in code order).
  INSERT INTO ledger_accounts (kind, code, allow_negative)
  SELECT 'system', x.code, true
  FROM (SELECT DISTINCT 'system:agent_pnl:' || ss.agent_id::text AS code FROM settlement_shares ss
        WHERE ss.settlement_id = v_sid AND ss.amount_minor <> 0) x
  ORDER BY x.code
  ON CONFLICT (code) DO NOTHING;

  -- 6. Every touched account, locked in id order: the wallets of the settled users and of the
  -- market's open positions, and the agents' P&L accounts.
  PERFORM 1 FROM ledger_accounts a
  WHERE a.user_id IN (SELECT su.user_id FROM settlement_users su WHERE su.settlement_id = v_sid
                      UNION SELECT p.user_id FROM positions p WHERE p.market_id = p_market AND p.status = 'open')
     OR a.code IN (SELECT DISTINCT 'system:agent_pnl:' || ss.agent_id::text FROM settlement_shares ss
                   WHERE ss.settlement_id = v_sid AND ss.amount_minor <> 0)
  ORDER BY a.id FOR UPDATE;

  -- 7. ONE journal for the whole market (none when every leg is 0), the entries with each
  -- account's next version and running balance, the balances and released exposure in the same
  -- UPDATE (so balance − exposure is checked on the final figures), positions settled.
  IF EXISTS (SELECT 1 FROM settlement_users su WHERE su.settlement_id = v_sid AND su.net_minor <> 0) THEN
    INSERT INTO journals (code, event_type, event_ref, request_hash, remark, actor_id)
      VALUES ('MARKET_SETTLE', 'market.settled', p_market || ':' || v_version,
              encode(sha256(convert_to(p_market || ':' || v_version || ':' || p_result::text, 'UTF8')), 'hex'),
              left('Settlement of ' || v_name || ' (v' || v_version || ')', 200), NULL)
      RETURNING id INTO v_jid;
  END IF;

  WITH released AS (
    UPDATE positions p SET status = 'settled', updated_at = now()
    WHERE p.market_id = p_market AND p.status = 'open'
    RETURNING p.user_id, p.exposure_minor),
  delta AS (
    SELECT d.account_id, sum(d.amount)::bigint AS amount, sum(d.exposure)::bigint AS exposure
    FROM (
      SELECT a.id AS account_id, su.net_minor AS amount, 0::bigint AS exposure
        FROM settlement_users su JOIN ledger_accounts a ON a.user_id = su.user_id WHERE su.settlement_id = v_sid
      UNION ALL
      SELECT a.id, 0, -r.exposure_minor FROM released r JOIN ledger_accounts a ON a.user_id = r.user_id
      UNION ALL
      SELECT a.id, sum(ss.amount_minor), 0
        FROM settlement_shares ss JOIN ledger_accounts a ON a.code = 'system:agent_pnl:' || ss.agent_id::text
        WHERE ss.settlement_id = v_sid GROUP BY a.id
    ) d GROUP BY d.account_id),
  posted AS (
    INSERT INTO entries (journal_id, account_id, amount_minor, version, prev_balance_minor, curr_balance_minor)
    SELECT v_jid, d.account_id, d.amount, a.version + 1, a.balance_minor, a.balance_minor + d.amount
    FROM delta d JOIN ledger_accounts a ON a.id = d.account_id
    WHERE d.amount <> 0
    ORDER BY d.account_id
    RETURNING 1)
  UPDATE ledger_accounts a
  SET balance_minor = a.balance_minor + d.amount,
      version = a.version + CASE WHEN d.amount <> 0 THEN 1 ELSE 0 END,
      exposure_minor = a.exposure_minor + d.exposure
  FROM delta d
  WHERE a.id = d.account_id AND (d.amount <> 0 OR d.exposure <> 0);

  -- 8. The summary, and no more bets on this market.
  SELECT count(*)::int, coalesce(sum(su.gross_pnl_minor), 0)::bigint, coalesce(sum(su.commission_minor), 0)::bigint
    INTO v_users, v_pnl, v_commission FROM settlement_users su WHERE su.settlement_id = v_sid;
  SELECT count(*)::int INTO v_bets FROM bets b WHERE b.settlement_id = v_sid;
  UPDATE settlements s SET bets = v_bets, users = v_users, users_pnl_minor = v_pnl, commission_minor = v_commission,
                           journal_id = v_jid
  WHERE s.id = v_sid;
  IF v_type = 'fancy' THEN
    UPDATE fancies f SET admin_suspended = true, updated_at = now() WHERE f.id = p_market AND NOT f.admin_suspended;
  ELSE
    UPDATE markets m SET admin_suspended = true, updated_at = now() WHERE m.id = p_market AND NOT m.admin_suspended;
  END IF;

  RETURN QUERY SELECT 'SETTLED', v_sid, v_version, v_jid, v_bets, v_users, v_pnl, v_commission;
END $$;

-- ---------------------------------------------------------------------------------------------
-- Rollback of the market's live settlement: the reversing journal (MARKET_SETTLE_REVERSAL,
-- reverses_journal_id), its bets back to open, its positions re-opened with their exposure. The
-- settlement row is kept, marked reversed. Outcomes:
--   ROLLED_BACK   done;
--   NOT_SETTLED   no live settlement;
--   UNDERFUNDED   a wallet would end with balance − exposure < 0 (e.g. its winnings were
--                 withdrawn): nothing changes, `underfunded` names the users;
--   NOT_FOUND     no such market or fancy.
CREATE FUNCTION rollback_settlement(p_market text, p_actor uuid)
RETURNS TABLE (outcome text, settlement_id uuid, settlement_version int, journal_id uuid, underfunded text[])
LANGUAGE plpgsql AS $$
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

  -- Lock every touched account in id order, then check the final figures before any write.
  PERFORM 1 FROM ledger_accounts a
  WHERE a.id IN (SELECT e.account_id FROM entries e WHERE e.journal_id = v_live.journal_id)
     OR a.user_id IN (SELECT p.user_id FROM positions p WHERE p.market_id = p_market AND p.status = 'settled')
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

  SELECT array_agg(u.username ORDER BY u.username) INTO v_short
  FROM rollback_delta d JOIN ledger_accounts a ON a.id = d.account_id JOIN users u ON u.id = a.user_id
  WHERE NOT a.allow_negative AND (a.balance_minor + d.amount) - (a.exposure_minor + d.exposure) < 0;
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
END $$;
