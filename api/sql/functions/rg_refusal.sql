CREATE OR REPLACE FUNCTION public.rg_refusal(p_user uuid, p_action text, p_amount bigint, p_at_risk bigint, p_skip uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
AS $function$
#variable_conflict use_variable
-- The one responsible-gambling check (ADR 0019). NULL: allowed. Otherwise the refusal:
-- {kind, ...facts}, kind one of SELF_EXCLUDED, TIME_OUT, STAKE_LIMIT, LOSS_LIMIT, DEPOSIT_LIMIT.
-- p_action 'stake': p_amount is what the bet (or wallet debit) can lose, checked against the stake
--   limit; p_at_risk is the wallet's exposure after it (null: the bet raises no risk, so no loss
--   check), added to the net loss of settled play in each window for the loss limits.
-- p_action 'deposit': p_amount is the deposit; p_skip the payment request being approved, or the
--   chip-deposit journal just written, not to count twice. Windows are rolling: day 24 h, week 7 d, month 30 d, on the database clock.
DECLARE
  v_kind text;
  v_until timestamptz;
  v_limits jsonb;
  v_used bigint[];
  v_periods text[] := ARRAY['day', 'week', 'month'];
  v_limit bigint;
  v_i int;
BEGIN
  -- 1. A time-out or self-exclusion in force refuses every stake and deposit (a self-exclusion first).
  SELECT e.kind, e.ends_at INTO v_kind, v_until
    FROM rg_exclusions e
    WHERE e.user_id = p_user AND e.ends_at > now() AND e.starts_at <= now()
    ORDER BY (e.kind = 'self_exclusion') DESC, e.ends_at DESC
    LIMIT 1;
  IF v_kind IS NOT NULL THEN
    RETURN jsonb_build_object('kind', CASE WHEN v_kind = 'self_exclusion' THEN 'SELF_EXCLUDED' ELSE 'TIME_OUT' END,
                              'until', v_until);
  END IF;

  -- 2. The limits in force now: a pending change (increase or removal) counts from pending_from.
  SELECT coalesce(jsonb_object_agg(x.limit_type, x.eff::text), '{}'::jsonb) INTO v_limits
    FROM (SELECT l.limit_type,
                 CASE WHEN l.pending_from <= now() THEN l.pending_amount_minor ELSE l.amount_minor END AS eff
            FROM rg_limits l WHERE l.user_id = p_user) x
    WHERE x.eff IS NOT NULL;

  IF p_action = 'stake' THEN
    v_limit := (v_limits ->> 'stake')::bigint;
    IF v_limit IS NOT NULL AND p_amount > v_limit THEN
      RETURN jsonb_build_object('kind', 'STAKE_LIMIT', 'limitMinor', v_limit::text, 'amountMinor', p_amount::text);
    END IF;
    IF p_at_risk IS NULL OR NOT (v_limits ?| ARRAY['loss_day', 'loss_week', 'loss_month']) THEN
      RETURN NULL;
    END IF;
    -- Net loss of settled play per window: minus the wallet legs of the loss-counting journals.
    SELECT ARRAY[-coalesce(sum(e.amount_minor) FILTER (WHERE e.created_at > now() - interval '1 day'), 0),
                 -coalesce(sum(e.amount_minor) FILTER (WHERE e.created_at > now() - interval '7 days'), 0),
                 -coalesce(sum(e.amount_minor), 0)]::bigint[]
      INTO v_used
      FROM ledger_accounts a
      JOIN entries e ON e.account_id = a.id AND e.created_at > now() - interval '30 days'
      JOIN journals j ON j.id = e.journal_id
      WHERE a.user_id = p_user AND j.code IN (SELECT c.code FROM rg_loss_journal_codes c);
    FOR v_i IN 1..3 LOOP
      v_limit := (v_limits ->> ('loss_' || v_periods[v_i]))::bigint;
      IF v_limit IS NOT NULL AND v_used[v_i] + p_at_risk > v_limit THEN
        RETURN jsonb_build_object('kind', 'LOSS_LIMIT', 'period', v_periods[v_i], 'limitMinor', v_limit::text,
                                  'usedMinor', v_used[v_i]::text, 'atRiskMinor', p_at_risk::text);
      END IF;
    END LOOP;
    RETURN NULL;
  ELSIF p_action = 'deposit' THEN
    IF NOT (v_limits ?| ARRAY['deposit_day', 'deposit_week', 'deposit_month']) THEN
      RETURN NULL;
    END IF;
    -- Deposits per window: requests pending or approved, and chips an agent deposited.
    SELECT ARRAY[sum(d.day), sum(d.week), sum(d.month)]::bigint[] INTO v_used
      FROM (SELECT coalesce(sum(r.amount_minor) FILTER (WHERE r.created_at > now() - interval '1 day'), 0) AS day,
                   coalesce(sum(r.amount_minor) FILTER (WHERE r.created_at > now() - interval '7 days'), 0) AS week,
                   coalesce(sum(r.amount_minor), 0) AS month
              FROM payment_requests r
              WHERE r.user_id = p_user AND r.type = 'deposit' AND r.status IN ('pending', 'approved')
                AND r.created_at > now() - interval '30 days' AND r.id IS DISTINCT FROM p_skip
            UNION ALL
            SELECT coalesce(sum(e.amount_minor) FILTER (WHERE e.created_at > now() - interval '1 day'), 0),
                   coalesce(sum(e.amount_minor) FILTER (WHERE e.created_at > now() - interval '7 days'), 0),
                   coalesce(sum(e.amount_minor), 0)
              FROM ledger_accounts a
              JOIN entries e ON e.account_id = a.id AND e.created_at > now() - interval '30 days' AND e.amount_minor > 0
              JOIN journals j ON j.id = e.journal_id AND j.code = 'CHIP_DEPOSIT' AND j.id IS DISTINCT FROM p_skip
              WHERE a.user_id = p_user) d;
    FOR v_i IN 1..3 LOOP
      v_limit := (v_limits ->> ('deposit_' || v_periods[v_i]))::bigint;
      IF v_limit IS NOT NULL AND v_used[v_i] + p_amount > v_limit THEN
        RETURN jsonb_build_object('kind', 'DEPOSIT_LIMIT', 'period', v_periods[v_i], 'limitMinor', v_limit::text,
                                  'usedMinor', v_used[v_i]::text, 'amountMinor', p_amount::text,
                                  'remainingMinor', greatest(v_limit - v_used[v_i], 0)::text);
      END IF;
    END LOOP;
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'rg_refusal: unknown action %', p_action;
END $function$;
