CREATE OR REPLACE FUNCTION public.reprice_runner_positions(p_markets text[])
 RETURNS TABLE(user_id uuid)
 LANGUAGE plpgsql
AS $function$
#variable_conflict use_column
BEGIN
  -- ADR 0046: every open position of these runner markets rebuilt from its open bets when a
  -- runner was removed or reinstated (the ingest, in the transaction that writes the runner):
  -- a bet on a non-runner is void (0 on every runner), a bet matched before a removal counts at
  -- its reduced price (reduced_odds, as settle_market settles it), the vector lists the runners
  -- not removed, the exposure is the worst k placed runners (runner_exposure). Each wallet's
  -- exposure follows; a wallet the reduction takes below zero keeps what it is short in
  -- shortfall_minor (L5: available >= −shortfall). Returns the wallets whose exposure changed.
  --
  -- Locks as every money path takes them: the markets by id (FOR UPDATE: placements in flight on
  -- them finish first, later ones read the new runners), then the wallets by account id.
  PERFORM 1 FROM markets m WHERE m.id = ANY (p_markets) ORDER BY m.id FOR UPDATE;
  PERFORM 1 FROM ledger_accounts a
  WHERE a.user_id = ANY (ARRAY(SELECT p.user_id FROM positions p WHERE p.market_id = ANY (p_markets) AND p.status = 'open'))
  ORDER BY a.id FOR UPDATE;

  RETURN QUERY
  WITH mk AS (
    SELECT m.id, m.number_of_winners AS k,
           ARRAY(SELECT r.selection_id FROM runners r WHERE r.market_id = m.id AND r.status <> 'removed') AS listed,
           ARRAY(SELECT r.selection_id FROM runners r WHERE r.market_id = m.id AND r.status = 'removed') AS gone,
           ARRAY(SELECT r.adjustment_factor FROM runners r WHERE r.market_id = m.id AND r.status = 'removed' ORDER BY r.selection_id) AS factors,
           ARRAY(SELECT r.removed_at FROM runners r WHERE r.market_id = m.id AND r.status = 'removed' ORDER BY r.selection_id) AS removed_at
    FROM markets m WHERE m.id = ANY (p_markets)),
  bet AS (
    SELECT b.user_id, b.market_id, b.selection_id, x.sgn * b.stake_minor AS signed_stake,
           floor((x.sgn * b.stake_minor * (CASE WHEN cardinality(mk.gone) = 0 THEN b.odds_hundredths
                                                ELSE reduced_odds(b.odds_hundredths, b.created_at, mk.factors, mk.removed_at) END - 100))::numeric
                 / 100)::bigint AS win
    FROM bets b JOIN mk ON mk.id = b.market_id
    CROSS JOIN LATERAL (SELECT CASE WHEN b.side = 'BACK' THEN 1 ELSE -1 END AS sgn) x
    WHERE b.status = 'open' AND NOT (b.selection_id = ANY (mk.gone))),
  pos AS (
    SELECT p.user_id, p.market_id, p.exposure_minor AS old_exposure, mk.k, mk.listed
    FROM positions p JOIN mk ON mk.id = p.market_id WHERE p.status = 'open'),
  cell AS (
    SELECT pos.user_id, pos.market_id, r.sel,
           coalesce(sum(CASE WHEN x.selection_id = r.sel THEN x.win ELSE -x.signed_stake END), 0)::bigint AS v
    FROM pos CROSS JOIN LATERAL unnest(pos.listed) AS r (sel)
    LEFT JOIN bet x ON x.user_id = pos.user_id AND x.market_id = pos.market_id
    GROUP BY pos.user_id, pos.market_id, r.sel),
  rebuilt AS (
    SELECT pos.user_id, pos.market_id, pos.old_exposure, v.pnl,
           runner_exposure(v.pnl, coalesce((SELECT sum(-x.signed_stake) FROM bet x
                                            WHERE x.user_id = pos.user_id AND x.market_id = pos.market_id), 0)::bigint, pos.k) AS exposure
    FROM pos
    CROSS JOIN LATERAL (SELECT coalesce(jsonb_object_agg(c.sel, c.v), '{}'::jsonb) AS pnl FROM cell c
                        WHERE c.user_id = pos.user_id AND c.market_id = pos.market_id) v),
  changed AS (
    UPDATE positions p SET pnl = r.pnl, exposure_minor = r.exposure, updated_at = now()
    FROM rebuilt r
    WHERE p.user_id = r.user_id AND p.market_id = r.market_id AND (p.pnl <> r.pnl OR p.exposure_minor <> r.exposure)
    RETURNING p.user_id, r.exposure - r.old_exposure AS delta)
  UPDATE ledger_accounts a
  SET exposure_minor = a.exposure_minor + d.delta,
      shortfall_minor = greatest(a.shortfall_minor, a.exposure_minor + d.delta - a.balance_minor)
  FROM (SELECT c.user_id, sum(c.delta)::bigint AS delta FROM changed c GROUP BY c.user_id HAVING sum(c.delta) <> 0) d
  WHERE a.user_id = d.user_id
  RETURNING a.user_id;
END $function$;
