CREATE OR REPLACE FUNCTION public.settlement_player_shares(p_settlement uuid, p_user uuid)
 RETURNS TABLE(user_id uuid, agent_id uuid, child_id uuid, own_share_bps integer, amount_minor bigint)
 LANGUAGE plpgsql
 STABLE
AS $function$
#variable_conflict use_column
BEGIN
  -- Each player's partnership split of a settlement (every player's with p_user NULL, or p_user's), recomputed from
  -- the rows kept (ADR 0079): the player's net_minor in settlement_users, and the settlement's
  -- settlement_agent_shares, walked from the row whose child is the player up to the root (the
  -- path as it was at the settlement). The rule is settle_market's step 4 (docs/rules/money.md
  -- §7.9): a non-root agent's amount is trunc(−net × own ÷ 10,000), the root takes the remainder.
  -- Summed per (agent, child) these are the stored amounts; per player they sum to −net.
  RETURN QUERY
  WITH RECURSIVE up AS (
    SELECT su.user_id, su.net_minor, s.agent_id, s.child_id, s.own_share_bps, 1 AS depth
    FROM settlement_users su
    JOIN settlement_agent_shares s ON s.settlement_id = su.settlement_id AND s.child_id = su.user_id
    WHERE su.settlement_id = p_settlement AND (p_user IS NULL OR su.user_id = p_user)
    UNION ALL
    SELECT up.user_id, up.net_minor, s.agent_id, s.child_id, s.own_share_bps, up.depth + 1
    FROM up JOIN settlement_agent_shares s ON s.settlement_id = p_settlement AND s.child_id = up.agent_id),
  amounts AS (
    SELECT up.*, (-up.net_minor * up.own_share_bps) / 10000 AS amount,
           up.depth = max(up.depth) OVER (PARTITION BY up.user_id) AS is_root
    FROM up)
  SELECT x.user_id, x.agent_id, x.child_id, x.own_share_bps,
         (CASE WHEN x.is_root THEN -x.net_minor - coalesce(sum(x.amount) FILTER (WHERE NOT x.is_root) OVER (PARTITION BY x.user_id), 0)
               ELSE x.amount END)::bigint
  FROM amounts x
  ORDER BY x.user_id, x.depth;
END $function$;
