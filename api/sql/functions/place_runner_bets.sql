CREATE OR REPLACE FUNCTION public.place_runner_bets(p_users uuid[], p_keys text[], p_hashes text[], p_matches text[], p_markets text[], p_selections text[], p_sides text[], p_prices integer[], p_stakes bigint[], p_waited boolean[], p_sessions uuid[], p_areas text[], p_acceptances text[])
 RETURNS TABLE(ord integer, outcome text, detail jsonb, pnl jsonb, market_exposure bigint, balance bigint, exposure bigint, bet_id uuid, bet_market_type text, bet_status text, bet_created_at timestamp with time zone, bet_price integer, bet_run_line integer)
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM 1 FROM markets m WHERE m.id = ANY (p_markets) ORDER BY m.id FOR KEY SHARE;
  -- The wallets of the batch, all at once in the one order of every money lock (the account id:
  -- settle_market, rollback_settlement, the ledger's journals); each bet then finds its own held.
  PERFORM 1 FROM ledger_accounts a WHERE a.user_id = ANY (p_users) ORDER BY a.id FOR UPDATE;
  FOR i IN 1 .. coalesce(cardinality(p_users), 0) LOOP
    RETURN QUERY SELECT i, r.* FROM place_runner_bet(
      p_users[i], p_keys[i], p_hashes[i], p_matches[i], p_markets[i], p_selections[i],
      p_sides[i], p_prices[i], p_stakes[i], p_waited[i], p_sessions[i], p_areas[i], p_acceptances[i]) r;
  END LOOP;
END $function$;
