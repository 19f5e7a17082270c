CREATE OR REPLACE FUNCTION public.place_runner_bet(p_user uuid, p_key text, p_hash text, p_match text, p_market text, p_selection text, p_side text, p_price_shown integer, p_stake bigint, p_waited boolean, p_session uuid, p_area text, p_acceptance text)
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
  v_live int;
  v_market_type text;
  v_active boolean;
  v_admin_suspended boolean;
  v_feed_status text;
  v_close_at timestamptz;
  v_runner_status text;
  v_back int;
  v_lay int;
  v_runners text[];
  v_price int;
  v_odds int;
  v_account uuid;
  v_old_pnl jsonb;
  v_old_exp bigint;
  v_new_pnl jsonb := '{}'::jsonb;
  v_new_exp bigint;
  v_min bigint := 0;
  v_total bigint;
  v_sign bigint := CASE WHEN p_side = 'BACK' THEN 1 ELSE -1 END;
  v_win bigint;
  v_lose bigint;
  v_rg boolean;
  v_rg_refusal jsonb;
  v_lock text;
  v_value bigint;
  v_runner text;
  v_winners int;
  v_all_lose bigint;
  v_acceptance text;
BEGIN
  <<place>>
  BEGIN
    -- The user and its ancestors' flags: account lock, bet lock, role, first-login gate, limit.
    SELECT (u.status <> 'active' OR coalesce(anc.inactive, false)),
           (u.status <> 'active' OR u.bet_lock OR coalesce(anc.inactive, false) OR coalesce(anc.bet_locked, false)),
           u.role, (u.must_change_password OR u.txn_password_hash IS NULL), u.exposure_limit_minor, u.ancestors,
           -- The odds acceptance (ADR 0055): the one the request sent, else the player's stored one.
           coalesce(p_acceptance, (SELECT bp.odds_acceptance FROM bet_preferences bp WHERE bp.user_id = p_user), 'better')
      INTO v_blocked, v_bet_locked, v_role, v_setup, v_limit, v_ancestors, v_acceptance
      FROM users u
      CROSS JOIN LATERAL (SELECT bool_or(a.status <> 'active') AS inactive, bool_or(a.bet_lock) AS bet_locked
                          FROM users a WHERE a.id = ANY (u.ancestors)) anc
      WHERE u.id = p_user;

    -- A. The session (HTTP callers), as the auth hook checks it.
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

    -- B. The market, key-share locked (no settlement can start under this bet), then its runners.
    SELECT m.name, m.market_type, m.active, m.admin_suspended, m.feed_status,
           m.min_stake_minor, m.max_stake_minor, m.max_profit_minor, m.bet_delay_sec, m.bets_close_at, m.number_of_winners
      INTO v_name, v_market_type, v_active, v_admin_suspended, v_feed_status, v_min_stake, v_max_stake, v_max_profit, v_delay, v_close_at,
           v_winners
      FROM markets m WHERE m.id = p_market AND m.event_id = p_match FOR KEY SHARE;
    IF v_name IS NULL THEN outcome := 'NOT_FOUND'; EXIT place; END IF;
    v_status := CASE WHEN v_feed_status = 'closed' THEN 'closed' WHEN v_admin_suspended THEN 'suspended' ELSE v_feed_status END;
    -- A timed window (a casino round) closes at its time, not at the engine's next tick.
    IF v_close_at IS NOT NULL AND clock_timestamp() >= v_close_at AND v_status = 'open' THEN v_status := 'closed'; END IF;
    IF NOT v_active OR v_status <> 'open' THEN
      IF NOT v_active THEN v_status := 'switched off'; END IF;
      outcome := 'MARKET_SUSPENDED'; EXIT place;
    END IF;

    SELECT array_agg(r.selection_id) FILTER (WHERE r.status <> 'removed'),
           max(r.status) FILTER (WHERE r.selection_id = p_selection),
           max(r.back_prices[1]) FILTER (WHERE r.selection_id = p_selection),
           max(r.lay_prices[1]) FILTER (WHERE r.selection_id = p_selection)
      INTO v_runners, v_runner_status, v_back, v_lay
      FROM runners r WHERE r.market_id = p_market;
    IF v_runner_status IS DISTINCT FROM 'active' THEN outcome := 'NOT_FOUND'; EXIT place; END IF;

    v_live := CASE WHEN p_side = 'BACK' THEN v_back ELSE v_lay END;
    -- The odds acceptance (ADR 0055), here and again after the bet delay: 'better' refuses a live
    -- price worse than the one asked, 'exact' any other price, 'any' none (only no price at all).
    IF v_live IS NULL
       OR (v_acceptance = 'better' AND ((p_side = 'BACK' AND v_live < p_price_shown) OR (p_side = 'LAY' AND v_live > p_price_shown)))
       OR (v_acceptance = 'exact' AND v_live <> p_price_shown) THEN
      outcome := 'ODDS_CHANGED'; EXIT place;
    END IF;
    -- Best execution (0035): the bet is matched at the live price (under 'any' even a worse one;
    -- the limits, the exposure and the funds below are all checked at it).
    v_price := v_live;
    v_odds := CASE WHEN v_market_type = 'bookmaker' THEN 100 + v_price ELSE v_price END;
    -- A price asked at or below 1.00 is refused, whatever the market offers.
    IF v_odds <= 100 OR (v_market_type <> 'bookmaker' AND p_price_shown <= 100) OR p_price_shown <= 0 THEN
      outcome := 'VALIDATION'; EXIT place;
    END IF;

    IF p_stake < v_min_stake OR p_stake > v_max_stake THEN outcome := 'STAKE_OUT_OF_RANGE'; EXIT place; END IF;
    v_profit := CASE WHEN p_side = 'BACK' THEN floor((p_stake * (v_odds - 100))::numeric / 100)::bigint ELSE p_stake END;
    IF v_profit > v_max_profit THEN outcome := 'STAKE_OUT_OF_RANGE'; EXIT place; END IF;
    IF v_bet_locked IS NOT FALSE THEN outcome := 'BETTING_LOCKED'; v_lock := 'account'; EXIT place; END IF;

    -- C. The bet delay: the caller waits and calls again.
    IF v_delay > 0 AND NOT p_waited THEN outcome := 'DELAY'; EXIT place; END IF;

    -- D. The money part (0011 place_bet). 1. The wallet lock: every bet of this user waits here.
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
    -- lock (placement_refusal_answer; only an exclusion refuses a zero amount with no risk). Then
    -- no live settlement; no market bet-lock on the user's chain.
    IF v_rg THEN
      v_rg_refusal := rg_refusal(p_user, 'stake', 0, NULL, NULL);
      IF v_rg_refusal IS NOT NULL THEN outcome := v_rg_refusal ->> 'kind'; EXIT place; END IF;
    END IF;
    IF EXISTS (SELECT 1 FROM settlements s WHERE s.market_id = p_market AND s.reversed_at IS NULL) THEN
      outcome := 'MARKET_SUSPENDED'; v_status := 'settled'; EXIT place;
    END IF;
    IF EXISTS (SELECT 1 FROM market_bet_locks l
               WHERE l.market_id = p_market AND (l.user_id = p_user OR l.user_id = ANY (v_ancestors))) THEN
      outcome := 'BETTING_LOCKED'; v_lock := 'market'; EXIT place;
    END IF;

    -- 4. The position: a separate statement, so its snapshot is taken after the lock.
    SELECT p.pnl, p.exposure_minor INTO v_old_pnl, v_old_exp
      FROM positions p WHERE p.user_id = p_user AND p.market_id = p_market;
    v_old_pnl := coalesce(v_old_pnl, '{}'::jsonb);
    v_old_exp := coalesce(v_old_exp, 0);

    -- 5. The bet's P&L per runner (integer maths, floor like mulDivFloor).
    v_win := floor((v_sign * p_stake * (v_odds - 100))::numeric / 100)::bigint;
    v_lose := -v_sign * p_stake;
    FOREACH v_runner IN ARRAY v_runners LOOP
      v_value := coalesce((v_old_pnl ->> v_runner)::bigint, 0)
               + CASE WHEN v_runner = p_selection THEN v_win ELSE v_lose END;
      v_new_pnl := v_new_pnl || jsonb_build_object(v_runner, v_value);
      v_min := least(v_min, v_value);
    END LOOP;
    v_new_exp := -v_min;
    -- A market with k > 1 winners (a PLACE market, docs/racing-rules.md R-2): P[r] = A + D[r], A the
    -- P&L if every runner loses (each bet's losing leg, this one included; a bet on a non-runner is
    -- void, ADR 0046), D[r] what r's placing adds. The worst k placed runners: runner_exposure.
    IF v_winners > 1 THEN
      SELECT coalesce(sum(CASE WHEN b.side = 'BACK' THEN -b.stake_minor ELSE b.stake_minor END), 0) + v_lose
        INTO v_all_lose
        FROM bets b WHERE b.user_id = p_user AND b.market_id = p_market AND b.status = 'open' AND b.selection_id = ANY (v_runners);
      v_new_exp := runner_exposure(v_new_pnl, v_all_lose, v_winners);
    END IF;
    v_total := exposure - v_old_exp + v_new_exp;
    pnl := v_new_pnl;
    market_exposure := v_new_exp;

    -- 6. Limits and funds: a bet that does not raise this market's exposure is always accepted (T4).
    -- Responsible gambling (ADR 0019), only for a wallet its player's limits or exclusions flag:
    -- the stake limit on what this bet can lose, the loss limits on the exposure it leaves.
    IF v_rg THEN
      v_rg_refusal := rg_refusal(p_user, 'stake', greatest(0, -least(v_win, v_lose)),
                                 CASE WHEN v_new_exp > v_old_exp THEN v_total END, NULL);
      IF v_rg_refusal IS NOT NULL THEN outcome := v_rg_refusal ->> 'kind'; EXIT place; END IF;
    END IF;
    IF v_new_exp > v_old_exp THEN
      -- EXPOSURE_LIMIT: exposure = the limit; INSUFFICIENT_FUNDS: exposure = the total after the bet.
      IF v_limit IS NOT NULL AND v_new_exp > v_limit THEN outcome := 'EXPOSURE_LIMIT'; exposure := v_limit; EXIT place; END IF;
      IF balance - v_total < 0 THEN outcome := 'INSUFFICIENT_FUNDS'; exposure := v_total; EXIT place; END IF;
    END IF;

    -- 7. The writes.
    INSERT INTO bets (user_id, match_id, market_id, market_type, selection_id, side, odds_hundredths, price_shown,
                      stake_minor, idempotency_key, request_hash,
                      placed_balance_minor, placed_exposure_minor, placed_market_exposure_minor, placed_pnl, requested_price, odds_acceptance)
      VALUES (p_user, p_match, p_market, v_market_type, p_selection, p_side, v_odds, v_price,
              p_stake, p_key, p_hash, balance, v_total, v_new_exp, v_new_pnl, p_price_shown, v_acceptance)
      RETURNING id, created_at, status INTO bet_id, bet_created_at, bet_status;
    INSERT INTO positions (user_id, market_id, market_type, match_id, pnl, exposure_minor, status)
      VALUES (p_user, p_market, v_market_type, p_match, v_new_pnl, v_new_exp, 'open')
      ON CONFLICT (user_id, market_id) DO UPDATE SET pnl = EXCLUDED.pnl, exposure_minor = EXCLUDED.exposure_minor,
                                                     status = 'open', updated_at = now();
    UPDATE ledger_accounts SET exposure_minor = v_total WHERE id = v_account;
    outcome := 'ACCEPTED';
    exposure := v_total;
    bet_market_type := v_market_type;
    bet_price := v_price;
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
      'marketName', v_name, 'marketStatus', v_status, 'delaySec', v_delay, 'liveQuotedHundredths', v_live,
      'profit', v_profit::text, 'minStake', v_min_stake::text, 'maxStake', v_max_stake::text, 'maxProfit', v_max_profit::text,
      'endedReason', v_ended_reason, 'betLock', v_lock, 'rg', v_rg_refusal);
  END IF;
  RETURN NEXT;
END $function$;
