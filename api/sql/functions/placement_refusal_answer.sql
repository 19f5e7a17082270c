CREATE OR REPLACE FUNCTION public.placement_refusal_answer(p_user uuid, p_key text, p_hash text, p_outcome text)
 RETURNS TABLE(outcome text, pnl jsonb, market_exposure bigint, balance bigint, exposure bigint, bet_id uuid, bet_market_type text, bet_status text, bet_created_at timestamp with time zone, bet_price integer, bet_run_line integer, rg jsonb)
 LANGUAGE plpgsql
 STABLE
AS $function$
#variable_conflict use_column
-- The answer of a placement (place_runner_bet, place_fancy_bet_checked) that a check before the
-- wallet lock refused with p_outcome. The session's refusals (section A) stand as they are. Two
-- answers outrank the others (the market, the price, the stake, the delay), and are looked for
-- only then, so an accepted bet never pays for them:
-- a repeat of a placed bet answers its first call's answer, kept with the bet, whatever happened
-- since (placed_bet_replay; docs/rules/test-plan.md T3, ADR 0026), and a time-out or self-exclusion is the
-- answer whatever the market's state (its code, SELF_EXCLUDED or TIME_OUT, with the refusal in
-- rg; ADR 0019: only an exclusion refuses a zero amount with no risk). Otherwise p_outcome.
-- Always one row. Every refusal is an error code of the contract (ADR 0053).
BEGIN
  IF p_outcome IN ('TOKEN_INVALID', 'ACCOUNT_LOCKED', 'SESSION_ENDED', 'CHANGE_PASSWORD_REQUIRED', 'FORBIDDEN') THEN
    outcome := p_outcome;
    RETURN NEXT;
    RETURN;
  END IF;
  RETURN QUERY SELECT r.*, NULL::jsonb FROM placed_bet_replay(p_user, p_key, p_hash) r;
  IF FOUND THEN
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.user_id = p_user AND a.rg_active) THEN
    rg := rg_refusal(p_user, 'stake', 0, NULL, NULL);
  END IF;
  outcome := coalesce(rg ->> 'kind', p_outcome);
  RETURN NEXT;
END $function$;
