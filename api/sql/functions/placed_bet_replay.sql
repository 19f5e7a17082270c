CREATE OR REPLACE FUNCTION public.placed_bet_replay(p_user uuid, p_key text, p_hash text)
 RETURNS TABLE(outcome text, pnl jsonb, market_exposure bigint, balance bigint, exposure bigint, bet_id uuid, bet_market_type text, bet_status text, bet_created_at timestamp with time zone, bet_price integer, bet_run_line integer)
 LANGUAGE plpgsql
 STABLE
AS $function$
#variable_conflict use_column
-- The repeat of a placement (place_runner_bet, place_fancy_bet_checked): no row when the user has
-- no bet of this Idempotency-Key; IDEMPOTENCY_MISMATCH when its bet was another request; else
-- REPLAY with the first call's answer, kept with the bet (0033): the wallet and the market's
-- book right after it, and the bet as placed (open), whatever happened since. Bets placed
-- before 0033 answer the current wallet and book. The price is the one the bet was matched at
-- (best execution, 0035).
BEGIN
  RETURN QUERY
  SELECT CASE WHEN b.request_hash <> p_hash THEN 'IDEMPOTENCY_MISMATCH' ELSE 'REPLAY' END,
         coalesce(b.placed_pnl, p.pnl), coalesce(b.placed_market_exposure_minor, p.exposure_minor),
         coalesce(b.placed_balance_minor, a.balance_minor), coalesce(b.placed_exposure_minor, a.exposure_minor),
         b.id, b.market_type, 'open'::text, b.created_at, b.price_shown, b.run_line
    FROM bets b
    JOIN ledger_accounts a ON a.user_id = b.user_id
    LEFT JOIN positions p ON p.user_id = b.user_id AND p.market_id = b.market_id
   WHERE b.user_id = p_user AND b.idempotency_key = p_key;
END $function$;
