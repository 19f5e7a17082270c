-- Step 4, performance: many bets in ONE transaction (BENCH.md §4, §10; ADR 0008).
--
--   place_runner_bets(arrays…)        a batch of runner bets
--   place_fancy_bets_checked(arrays…) a batch of fancy bets
--
-- The API gathers the bets that arrive while its earlier batches are in flight (BetBatcher) and
-- sends them in one call. Each element of the arrays is one call of place_runner_bet /
-- place_fancy_bet_checked (0013), and the function calls exactly that, element after element, in
-- one transaction; so every check, every outcome, every refusal and every write of a bet is that
-- of the single call. Row `ord` (1-based) answers element `ord`.
--
-- What the batch adds is the lock order, so batches cannot deadlock with each other:
--   1. every market (fancy) of the batch FOR KEY SHARE, by id, before any wallet — the order of a
--      single call (the market, then the wallet), so a settlement that holds its market and waits
--      for a wallet never waits on a batch that waits for that market;
--   2. then the wallets, element after element: the caller sorts the elements by user id, so two
--      batches take the wallets they share in the same order.
-- A refusal writes nothing and the next element goes on. An error (none is expected: those are
-- bugs or timeouts) rolls the whole batch back; the caller then places each bet alone.

CREATE FUNCTION place_runner_bets(
  p_users uuid[], p_keys text[], p_hashes text[], p_matches text[], p_markets text[], p_selections text[],
  p_sides text[], p_prices int[], p_stakes bigint[], p_waited boolean[], p_sessions uuid[], p_areas text[]
) RETURNS TABLE (
  ord int, outcome text, detail jsonb, pnl jsonb, market_exposure bigint, balance bigint, exposure bigint,
  bet_id uuid, bet_market_type text, bet_status text, bet_created_at timestamptz
) LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM markets m WHERE m.id = ANY (p_markets) ORDER BY m.id FOR KEY SHARE;
  FOR i IN 1 .. coalesce(cardinality(p_users), 0) LOOP
    RETURN QUERY SELECT i, r.* FROM place_runner_bet(
      p_users[i], p_keys[i], p_hashes[i], p_matches[i], p_markets[i], p_selections[i],
      p_sides[i], p_prices[i], p_stakes[i], p_waited[i], p_sessions[i], p_areas[i]) r;
  END LOOP;
END $$;

CREATE FUNCTION place_fancy_bets_checked(
  p_users uuid[], p_keys text[], p_hashes text[], p_matches text[], p_fancies text[], p_sides text[],
  p_lines int[], p_rates int[], p_stakes bigint[], p_waited boolean[], p_sessions uuid[], p_areas text[]
) RETURNS TABLE (
  ord int, outcome text, detail jsonb, pnl jsonb, market_exposure bigint, balance bigint, exposure bigint,
  bet_id uuid, bet_market_type text, bet_status text, bet_created_at timestamptz
) LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM fancies f WHERE f.id = ANY (p_fancies) ORDER BY f.id FOR KEY SHARE;
  FOR i IN 1 .. coalesce(cardinality(p_users), 0) LOOP
    RETURN QUERY SELECT i, r.* FROM place_fancy_bet_checked(
      p_users[i], p_keys[i], p_hashes[i], p_matches[i], p_fancies[i], p_sides[i],
      p_lines[i], p_rates[i], p_stakes[i], p_waited[i], p_sessions[i], p_areas[i]) r;
  END LOOP;
END $$;
