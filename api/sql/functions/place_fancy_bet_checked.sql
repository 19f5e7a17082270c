CREATE OR REPLACE FUNCTION public.place_fancy_bet_checked(p_user uuid, p_key text, p_hash text, p_match text, p_fancy text, p_side text, p_line integer, p_rate integer, p_stake bigint, p_waited boolean, p_session uuid, p_area text)
 RETURNS TABLE(outcome text, detail jsonb, pnl jsonb, market_exposure bigint, balance bigint, exposure bigint, bet_id uuid, bet_market_type text, bet_status text, bet_created_at timestamp with time zone, bet_price integer, bet_run_line integer)
 LANGUAGE plpgsql
AS $function$
#variable_conflict use_variable
DECLARE
  v_s_user uuid;
  v_s_area text;
  v_s_live boolean;
  v_ended_reason text;
  v_blocked boolean;
  v_bet_locked boolean;
  v_role text;
  v_setup boolean;
  v_limit bigint;
  v_ancestors uuid[];
  v_name text;
  v_status text;
  v_delay int;
  v_min_stake bigint;
  v_max_stake bigint;
  v_max_profit bigint;
  v_profit bigint;
  v_live_line int;
  v_live_rate int;
  v_line int;
  v_active boolean;
  v_admin_suspended boolean;
  v_feed_status text;
  v_account uuid;
  v_old_pnl jsonb;
  v_old_exp bigint;
  v_lines int[];
  v_zones bigint[];
  v_n int;
  v_at int;
  v_win bigint;
  v_lose bigint;
  v_rg boolean;
  v_rg_refusal jsonb;
  v_lock text;
  v_new_pnl jsonb;
  v_new_exp bigint;
  v_total bigint;
BEGIN
  IF p_side NOT IN ('YES', 'NO') OR p_line < 0 OR p_rate <= 0 OR p_stake <= 0 THEN
    RAISE EXCEPTION 'bad fancy bet % % @ % stake %', p_side, p_line, p_rate, p_stake USING ERRCODE = 'invalid_parameter_value';
  END IF;

  <<place>>
  BEGIN
    SELECT (u.status <> 'active' OR coalesce(anc.inactive, false)),
           (u.status <> 'active' OR u.bet_lock OR coalesce(anc.inactive, false) OR coalesce(anc.bet_locked, false)),
           u.role, (u.must_change_password OR u.txn_password_hash IS NULL), u.exposure_limit_minor, u.ancestors
      INTO v_blocked, v_bet_locked, v_role, v_setup, v_limit, v_ancestors
      FROM users u
      CROSS JOIN LATERAL (SELECT bool_or(a.status <> 'active') AS inactive, bool_or(a.bet_lock) AS bet_locked
                          FROM users a WHERE a.id = ANY (u.ancestors)) anc
      WHERE u.id = p_user;

    -- A. The session (HTTP callers).
    IF p_session IS NOT NULL THEN
      SELECT s.user_id, s.area, (s.ended_at IS NULL AND s.expires_at > now()), s.ended_reason
        INTO v_s_user, v_s_area, v_s_live, v_ended_reason
        FROM sessions s WHERE s.id = p_session;
      IF v_s_user IS NULL OR v_s_user <> p_user OR v_s_area IS DISTINCT FROM p_area THEN outcome := 'TOKEN_INVALID'; EXIT place; END IF;
      IF v_blocked THEN outcome := 'ACCOUNT_LOCKED'; EXIT place; END IF;
      IF NOT v_s_live THEN outcome := 'SESSION_ENDED'; EXIT place; END IF;
      IF v_setup THEN outcome := 'CHANGE_PASSWORD_REQUIRED'; EXIT place; END IF;
      IF v_role <> 'user' THEN outcome := 'FORBIDDEN'; EXIT place; END IF;
    END IF;

    -- B. The fancy, key-share locked; the live line and rate of the bet's side.
    SELECT f.name, f.active, f.admin_suspended, f.feed_status,
           CASE WHEN p_side = 'YES' THEN f.yes_run ELSE f.no_run END,
           CASE WHEN p_side = 'YES' THEN f.yes_rate ELSE f.no_rate END,
           f.min_stake_minor, f.max_stake_minor, f.max_profit_minor, f.bet_delay_sec
      INTO v_name, v_active, v_admin_suspended, v_feed_status, v_live_line, v_live_rate, v_min_stake, v_max_stake, v_max_profit, v_delay
      FROM fancies f WHERE f.id = p_fancy AND f.event_id = p_match FOR KEY SHARE;
    IF v_name IS NULL THEN outcome := 'NOT_FOUND'; EXIT place; END IF;
    v_status := CASE WHEN v_feed_status = 'closed' THEN 'closed' WHEN v_admin_suspended THEN 'suspended' ELSE v_feed_status END;
    IF NOT v_active OR v_status <> 'open' THEN
      IF NOT v_active THEN v_status := 'switched off'; END IF;
      outcome := 'MARKET_SUSPENDED'; EXIT place;
    END IF;
    -- YES (runs ≥ line) takes a line not higher, NO a line not lower; the rate must be the same.
    IF v_live_rate <> p_rate OR (p_side = 'YES' AND v_live_line > p_line) OR (p_side = 'NO' AND v_live_line < p_line) THEN
      outcome := 'ODDS_CHANGED'; EXIT place;
    END IF;
    -- Best execution (0035): the bet is matched at the live line, never the worse one asked.
    v_line := v_live_line;
    IF p_stake < v_min_stake OR p_stake > v_max_stake THEN outcome := 'STAKE_OUT_OF_RANGE'; EXIT place; END IF;
    v_profit := CASE WHEN p_side = 'YES' THEN floor((p_stake * p_rate)::numeric / 100)::bigint ELSE p_stake END;
    IF v_profit > v_max_profit THEN outcome := 'STAKE_OUT_OF_RANGE'; EXIT place; END IF;
    IF v_bet_locked IS NOT FALSE THEN outcome := 'BETTING_LOCKED'; v_lock := 'account'; EXIT place; END IF;

    -- C. The bet delay.
    IF v_delay > 0 AND NOT p_waited THEN outcome := 'DELAY'; EXIT place; END IF;

    -- D. The money part (0011 place_fancy_bet). 1. The wallet lock.
    SELECT a.id, a.balance_minor, a.exposure_minor, a.rg_active INTO v_account, balance, exposure, v_rg
      FROM ledger_accounts a WHERE a.user_id = p_user FOR UPDATE;
    IF v_account IS NULL THEN
      RAISE EXCEPTION 'no wallet for user %', p_user;
    END IF;

    -- 2. Idempotency, under the lock (concurrent repeats of one key serialize on the wallet).
    IF EXISTS (SELECT 1 FROM bets b WHERE b.user_id = p_user AND b.idempotency_key = p_key) THEN
      SELECT r.* INTO outcome, pnl, market_exposure, balance, exposure, bet_id, bet_market_type, bet_status, bet_created_at, bet_price, bet_run_line
        FROM placed_bet_replay(p_user, p_key, p_hash) r;
      EXIT place;
    END IF;

    -- 3. A time-out or self-exclusion is the answer whatever the market's state, as before the
    -- lock (placement_refusal_answer). Then no live settlement, no market bet-lock.
    IF v_rg THEN
      v_rg_refusal := rg_refusal(p_user, 'stake', 0, NULL, NULL);
      IF v_rg_refusal IS NOT NULL THEN outcome := v_rg_refusal ->> 'kind'; EXIT place; END IF;
    END IF;
    IF EXISTS (SELECT 1 FROM settlements s WHERE s.market_id = p_fancy AND s.reversed_at IS NULL) THEN
      outcome := 'MARKET_SUSPENDED'; v_status := 'settled'; EXIT place;
    END IF;
    IF EXISTS (SELECT 1 FROM market_bet_locks l
               WHERE l.market_id = p_fancy AND (l.user_id = p_user OR l.user_id = ANY (v_ancestors))) THEN
      outcome := 'BETTING_LOCKED'; v_lock := 'market'; EXIT place;
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
    v_at := (SELECT count(*) FROM unnest(v_lines) t (x) WHERE t.x < v_line);
    IF v_at >= v_n OR v_lines[v_at + 1] <> v_line THEN
      v_lines := v_lines[1:v_at] || v_line || v_lines[v_at + 1:v_n];
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
    v_total := exposure - v_old_exp + v_new_exp;
    pnl := v_new_pnl;
    market_exposure := v_new_exp;

    -- 6. Limits and funds (a risk-reducing bet always passes).
    -- Responsible gambling (ADR 0019), only for a wallet its player's limits or exclusions flag:
    -- the stake limit on what this bet can lose, the loss limits on the exposure it leaves.
    IF v_rg THEN
      v_rg_refusal := rg_refusal(p_user, 'stake', greatest(0, -least(v_win, v_lose)),
                                 CASE WHEN v_new_exp > v_old_exp THEN v_total END, NULL);
      IF v_rg_refusal IS NOT NULL THEN outcome := v_rg_refusal ->> 'kind'; EXIT place; END IF;
    END IF;
    IF v_new_exp > v_old_exp THEN
      IF v_limit IS NOT NULL AND v_new_exp > v_limit THEN outcome := 'EXPOSURE_LIMIT'; exposure := v_limit; EXIT place; END IF;
      IF balance - v_total < 0 THEN outcome := 'INSUFFICIENT_FUNDS'; exposure := v_total; EXIT place; END IF;
    END IF;

    -- 7. The writes.
    INSERT INTO bets (user_id, match_id, market_id, market_type, selection_id, side, odds_hundredths, price_shown,
                      run_line, stake_minor, idempotency_key, request_hash,
                      placed_balance_minor, placed_exposure_minor, placed_market_exposure_minor, placed_pnl, requested_price)
      VALUES (p_user, p_match, p_fancy, 'fancy', p_fancy, p_side, 100 + p_rate, p_rate, v_line, p_stake, p_key, p_hash,
              balance, v_total, v_new_exp, v_new_pnl, p_line)
      RETURNING id, created_at, status INTO bet_id, bet_created_at, bet_status;
    INSERT INTO positions (user_id, market_id, market_type, match_id, pnl, exposure_minor, status)
      VALUES (p_user, p_fancy, 'fancy', p_match, v_new_pnl, v_new_exp, 'open')
      ON CONFLICT (user_id, market_id) DO UPDATE SET pnl = EXCLUDED.pnl, exposure_minor = EXCLUDED.exposure_minor,
                                                     status = 'open', updated_at = now();
    UPDATE ledger_accounts SET exposure_minor = v_total WHERE id = v_account;
    outcome := 'ACCEPTED';
    exposure := v_total;
    bet_market_type := 'fancy';
    bet_price := p_rate;
    bet_run_line := v_line;
  END place;

  -- A refusal decided before the wallet lock: a repeat of a placed bet or an exclusion may outrank it.
  IF v_account IS NULL THEN
    SELECT r.* INTO outcome, pnl, market_exposure, balance, exposure, bet_id, bet_market_type, bet_status, bet_created_at, bet_price, bet_run_line, v_rg_refusal
      FROM placement_refusal_answer(p_user, p_key, p_hash, outcome) r;
  END IF;

  -- outcome: ACCEPTED, REPLAY, DELAY, or the refusal as the contract's error code (ADR 0053), the
  -- one name from here to the client. detail: the facts its message names (betting/refusals.ts).
  -- Where one code has two checks, the facts tell them apart: NOT_FOUND without a marketName is
  -- the market's; STAKE_OUT_OF_RANGE with a profit is the maximum profit's (profit is computed
  -- once the stake passed); BETTING_LOCKED's betLock says 'account' or 'market'.
  IF outcome NOT IN ('ACCEPTED', 'REPLAY') THEN
    detail := jsonb_build_object(
      'marketName', v_name, 'marketStatus', v_status, 'delaySec', v_delay, 'liveLine', v_live_line, 'liveRate', v_live_rate,
      'profit', v_profit::text, 'minStake', v_min_stake::text, 'maxStake', v_max_stake::text, 'maxProfit', v_max_profit::text,
      'endedReason', v_ended_reason, 'betLock', v_lock, 'rg', v_rg_refusal);
  END IF;
  RETURN NEXT;
END $function$;
