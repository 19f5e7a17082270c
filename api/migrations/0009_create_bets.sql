-- Step 4: bet placement on runner markets (match odds, bookmaker, over/under) (RULES §7.1, §7.2;
-- DESIGN §2). Every bet is stored unchanged; `positions` caches the user's P&L per runner of
-- each market and its exposure; ledger_accounts.exposure_minor is the sum of the positions.
--
-- Design: the money part is ONE database call, `place_bet(...)`. It locks the wallet row
-- FOR UPDATE, reads the position in a separate statement (a fresh snapshot after the lock, so
-- concurrent bets of one user never work on a stale vector), applies the bet to the vector,
-- checks the funds, and writes the bet, the position and the wallet exposure. The per-bet P&L
-- is the same integer rule as shared/src/domain/exposure.ts (win = floor(±s·(o−100)/100),
-- lose = ∓s); the API test compares the stored vectors with the pure functions.

CREATE TABLE bets (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id          uuid NOT NULL REFERENCES users (id),
  match_id         text NOT NULL REFERENCES events (id),
  market_id        text NOT NULL REFERENCES markets (id),
  market_type      text NOT NULL CHECK (market_type IN ('match_odds', 'bookmaker', 'over_under')),
  selection_id     text NOT NULL,
  side             text NOT NULL CHECK (side IN ('BACK', 'LAY')),
  -- Decimal odds in hundredths (bookmaker: 100 + rate in paise, RULES §7.2).
  odds_hundredths  int NOT NULL CHECK (odds_hundredths > 100),
  -- The price as the user saw it: decimal odds in hundredths, or the bookmaker rate.
  price_shown      int NOT NULL,
  stake_minor      bigint NOT NULL CHECK (stake_minor > 0),
  status           text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settled', 'voided')),
  idempotency_key  text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 255),
  request_hash     text NOT NULL CHECK (request_hash ~ '^[0-9a-f]{64}$'),
  created_at       timestamptz NOT NULL DEFAULT clock_timestamp(),
  CONSTRAINT bets_idempotency_key UNIQUE (user_id, idempotency_key)
);

CREATE INDEX bets_user_match_idx ON bets (user_id, match_id, created_at);
CREATE INDEX bets_market_idx ON bets (market_id);

CREATE TABLE positions (
  user_id        uuid NOT NULL REFERENCES users (id),
  market_id      text NOT NULL REFERENCES markets (id),
  -- selection id → P&L in paise if that runner wins.
  pnl            jsonb NOT NULL,
  exposure_minor bigint NOT NULL CHECK (exposure_minor >= 0),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, market_id)
);

-- Outcomes: ACCEPTED, REPLAY (same key and body: the first bet), IDEMPOTENCY_MISMATCH,
-- MARKET_SUSPENDED, INSUFFICIENT_FUNDS (its `exposure` is the total the bet would have left).
-- On a refusal nothing is written.
CREATE FUNCTION place_bet(
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
  v_prior bets%ROWTYPE;
BEGIN
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

  -- 3. The market, as it is now.
  SELECT m.market_type, (m.active AND NOT m.admin_suspended AND m.feed_status = 'open')
    INTO v_market_type, v_open FROM markets m WHERE m.id = p_market AND m.event_id = p_match;
  IF v_open IS NOT TRUE THEN
    RETURN QUERY SELECT 'MARKET_SUSPENDED', NULL::uuid, NULL::jsonb, NULL::bigint, v_balance, v_exposure;
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

  -- 6. Funds: a bet that does not raise this market's exposure is always accepted (RULES §7.1 T4).
  IF v_new_exp > v_old_exp AND v_balance - v_total < 0 THEN
    RETURN QUERY SELECT 'INSUFFICIENT_FUNDS', NULL::uuid, v_new_pnl, v_new_exp, v_balance, v_total;
    RETURN;
  END IF;

  -- 7. The writes.
  INSERT INTO bets (user_id, match_id, market_id, market_type, selection_id, side, odds_hundredths, price_shown,
                    stake_minor, idempotency_key, request_hash)
    VALUES (p_user, p_match, p_market, v_market_type, p_selection, p_side, p_odds, p_price_shown,
            p_stake, p_key, p_hash)
    RETURNING id INTO bet_id;
  INSERT INTO positions (user_id, market_id, pnl, exposure_minor) VALUES (p_user, p_market, v_new_pnl, v_new_exp)
    ON CONFLICT (user_id, market_id) DO UPDATE SET pnl = EXCLUDED.pnl, exposure_minor = EXCLUDED.exposure_minor,
                                                   updated_at = now();
  UPDATE ledger_accounts SET exposure_minor = v_total WHERE id = v_account;

  RETURN QUERY SELECT 'ACCEPTED', bet_id, v_new_pnl, v_new_exp, v_balance, v_total;
END $$;
