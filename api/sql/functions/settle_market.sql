CREATE OR REPLACE FUNCTION public.settle_market(p_market text, p_result jsonb, p_source text, p_actor uuid)
 RETURNS TABLE(outcome text, settlement_id uuid, settlement_version integer, journal_id uuid, bet_count integer, user_count integer, users_pnl bigint, commission_total bigint)
 LANGUAGE plpgsql
AS $function$
#variable_conflict use_column
DECLARE
  v_type text;
  v_match text;
  v_name text;
  v_kind text := p_result ->> 'type';
  v_markets text[];
  v_live settlements%ROWTYPE;
  v_version int;
  v_sid uuid;
  v_jid uuid;
  v_basis text;
  v_winners text[];
  v_k int;
  v_runs int;
  v_removed_ids text[];
  v_removed_factors numeric[];
  v_removed_at timestamptz[];
  v_bets int;
  v_users int;
  v_pnl bigint;
  v_commission bigint;
  v_now timestamptz := clock_timestamp();
  v_agents uuid[];
  v_agent_totals bigint[];
  v_moved boolean;
  v_bad_root boolean;
  v_user_ids uuid[];
  v_user_nets bigint[];
  v_acc_ids uuid[];
  v_acc_users uuid[];
  v_acc_versions bigint[];
  v_acc_balances bigint[];
BEGIN
  -- 1. The market rows, FOR UPDATE: bets in flight finish first, later ones see the result. A
  -- settlement is of one market (p_market), or of a whole casino round (CASINO_ROUND): p_market
  -- is then the round's key and its markets are <key>.<code> for each market code of the result.
  IF v_kind = 'CASINO_ROUND' THEN
    IF jsonb_typeof(p_result -> 'outcomes') IS DISTINCT FROM 'object' OR coalesce(p_result ->> 'round', '') = ''
       OR NOT EXISTS (SELECT 1 FROM jsonb_object_keys(p_result -> 'outcomes')) THEN
      RAISE EXCEPTION 'result % does not fit a casino round', p_result USING ERRCODE = 'invalid_parameter_value';
    END IF;
    v_markets := ARRAY(SELECT p_market || '.' || k.code FROM jsonb_object_keys(p_result -> 'outcomes') AS k (code) ORDER BY 1);
    PERFORM 1 FROM markets m WHERE m.id = ANY (v_markets) ORDER BY m.id FOR UPDATE;
    SELECT min(m.market_type), min(m.event_id), min(e.name) || ' round ' || (p_result ->> 'round')
      INTO v_type, v_match, v_name
    FROM markets m JOIN events e ON e.id = m.event_id
    WHERE m.id = ANY (v_markets)
    HAVING count(*) = cardinality(v_markets) AND count(DISTINCT m.event_id) = 1 AND bool_and(m.market_type = 'casino');
  ELSE
    v_markets := ARRAY[p_market];
    SELECT m.market_type, m.event_id, m.name INTO v_type, v_match, v_name FROM markets m WHERE m.id = p_market FOR UPDATE;
    IF v_type IS NULL THEN
      SELECT 'fancy', f.event_id, f.name INTO v_type, v_match, v_name FROM fancies f WHERE f.id = p_market FOR UPDATE;
    END IF;
  END IF;
  IF v_type IS NULL THEN
    RETURN QUERY SELECT 'NOT_FOUND', NULL::uuid, NULL::int, NULL::uuid, 0, 0, 0::bigint, 0::bigint;
    RETURN;
  END IF;
  IF p_source NOT IN ('feed', 'admin', 'casino') THEN
    RAISE EXCEPTION 'unknown settlement source %', p_source USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF NOT ((v_kind = 'VOID') OR (v_kind = 'RUNS' AND v_type = 'fancy' AND (p_result ->> 'runs')::int >= 0)
          OR (v_kind IN ('WINNER', 'DEAD_HEAT', 'PLACED') AND v_type NOT IN ('fancy', 'casino'))
          OR (v_kind = 'CASINO_ROUND' AND v_type = 'casino')) THEN
    RAISE EXCEPTION 'result % does not fit market % (%)', p_result, p_market, v_type USING ERRCODE = 'invalid_parameter_value';
  END IF;
  -- A casino round's result (docs/rules/casino-games.md §1.0.3) names, per market code and runner, how a back bet
  -- settles: WIN, WIN_REDUCED or WIN_PAYTABLE with its profit per 100 of stake, PUSH, HALF_LOSE,
  -- LOSE or VOID. Every runner with an open bet must have one.
  IF v_kind = 'CASINO_ROUND' AND EXISTS (
      SELECT 1 FROM bets b CROSS JOIN LATERAL (SELECT p_result -> 'outcomes' -> substr(b.market_id, length(p_market) + 2) -> b.selection_id AS o) x
      WHERE b.market_id = ANY (v_markets) AND b.status = 'open'
        AND (coalesce(x.o ->> 'rule', '') NOT IN ('WIN', 'LOSE', 'PUSH', 'HALF_LOSE', 'VOID', 'WIN_REDUCED', 'WIN_PAYTABLE')
             OR (x.o ->> 'rule' IN ('WIN_REDUCED', 'WIN_PAYTABLE') AND coalesce(jsonb_typeof(x.o -> 'profit'), '') <> 'number'))) THEN
    RAISE EXCEPTION 'casino result % has no valid outcome for a runner with bets on %', p_result, p_market USING ERRCODE = 'invalid_parameter_value';
  END IF;

  -- 2. Once per result.
  SELECT * INTO v_live FROM settlements s WHERE s.market_id = p_market AND s.reversed_at IS NULL;
  IF FOUND THEN
    RETURN QUERY SELECT CASE WHEN v_live.result = p_result THEN 'ALREADY_SETTLED' ELSE 'DIFFERENT_RESULT' END,
      v_live.id, v_live.version, v_live.journal_id, v_live.bets, v_live.users, v_live.users_pnl_minor, v_live.commission_minor;
    RETURN;
  END IF;
  IF p_source IN ('feed', 'casino') AND EXISTS (SELECT 1 FROM settlements s WHERE s.market_id = p_market) THEN
    RETURN QUERY SELECT 'SKIPPED', NULL::uuid, NULL::int, NULL::uuid, 0, 0, 0::bigint, 0::bigint;
    RETURN;
  END IF;
  v_version := coalesce((SELECT max(s.version) FROM settlements s WHERE s.market_id = p_market), 0) + 1;
  INSERT INTO settlements (market_id, market_type, match_id, version, result, source, actor_id, bets, users,
                           users_pnl_minor, commission_minor, created_at)
    VALUES (p_market, v_type, v_match, v_version, p_result, p_source, p_actor, 0, 0, 0, 0, v_now)
    RETURNING id INTO v_sid;

  -- 3. Every open bet's P&L (one UPDATE) and per user W, turnover and commission.
  v_winners := CASE v_kind WHEN 'WINNER' THEN ARRAY[p_result ->> 'selectionId']
                           WHEN 'DEAD_HEAT' THEN ARRAY(SELECT jsonb_array_elements_text(p_result -> 'selectionIds'))
                           WHEN 'PLACED' THEN ARRAY(SELECT jsonb_array_elements_text(p_result -> 'selectionIds'))
                           ELSE '{}'::text[] END;
  -- A dead heat divides the stake by k; each placed runner of a PLACE market wins in full.
  v_k := CASE WHEN v_kind = 'PLACED' THEN 1 ELSE greatest(cardinality(v_winners), 1) END;
  v_runs := CASE WHEN v_kind = 'RUNS' THEN (p_result ->> 'runs')::int END;
  v_basis := coalesce((SELECT r.basis FROM commission_rules r WHERE r.market_type = v_type), 'NONE');

  -- Non-runners (docs/racing-rules.md R-3): a bet on a removed runner is void; a bet on another
  -- runner matched before a removal has its price multiplied by (1 − factor/100) for each such
  -- removal, rounded to the nearest hundredth (half up), never below 1.01 (reduced_odds, the rule
  -- the positions were re-priced with at the removal: reprice_runner_positions, ADR 0046).
  -- The removals are read once into arrays: a market without any (every market but a race with
  -- a non-runner) settles with no per-bet work beyond an empty-array test.
  SELECT coalesce(array_agg(r.selection_id), '{}'), coalesce(array_agg(r.adjustment_factor), '{}'),
         coalesce(array_agg(r.removed_at), '{}')
    INTO v_removed_ids, v_removed_factors, v_removed_at
    FROM runners r
    WHERE r.market_id = p_market AND r.status = 'removed' AND v_kind IN ('WINNER', 'DEAD_HEAT', 'PLACED');

  WITH settled AS (
    UPDATE bets b SET status = 'settled', settlement_id = v_sid, settled_at = v_now,
      pnl_minor = CASE
        WHEN v_kind = 'VOID' OR b.selection_id = ANY (v_removed_ids) THEN 0
        WHEN v_kind = 'CASINO_ROUND' THEN (CASE p_result -> 'outcomes' -> substr(b.market_id, length(p_market) + 2) -> b.selection_id ->> 'rule'
            WHEN 'WIN' THEN floor(((CASE WHEN b.side = 'BACK' THEN 1 ELSE -1 END) * b.stake_minor * (b.odds_hundredths - 100))::numeric / 100)::bigint
            WHEN 'WIN_REDUCED' THEN floor(((CASE WHEN b.side = 'BACK' THEN 1 ELSE -1 END) * b.stake_minor
                                           * (p_result -> 'outcomes' -> substr(b.market_id, length(p_market) + 2) -> b.selection_id ->> 'profit')::numeric) / 100)::bigint
            WHEN 'WIN_PAYTABLE' THEN floor(((CASE WHEN b.side = 'BACK' THEN 1 ELSE -1 END) * b.stake_minor
                                           * (p_result -> 'outcomes' -> substr(b.market_id, length(p_market) + 2) -> b.selection_id ->> 'profit')::numeric) / 100)::bigint
            WHEN 'HALF_LOSE' THEN (CASE WHEN b.side = 'BACK' THEN -1 ELSE 1 END) * (b.stake_minor / 2)
            WHEN 'LOSE' THEN (CASE WHEN b.side = 'BACK' THEN -1 ELSE 1 END) * b.stake_minor
            ELSE 0 END)
        WHEN (CASE WHEN v_kind = 'RUNS' THEN b.run_line <= v_runs ELSE b.selection_id = ANY (v_winners) END)
          THEN floor(((CASE WHEN b.side IN ('BACK', 'YES') THEN 1 ELSE -1 END) * b.stake_minor
                      * ((CASE WHEN cardinality(v_removed_ids) = 0 THEN b.odds_hundredths
                              ELSE reduced_odds(b.odds_hundredths, b.created_at, v_removed_factors, v_removed_at) END)
                         - 100 * v_k))::numeric / (100 * v_k))::bigint
        ELSE (CASE WHEN b.side IN ('BACK', 'YES') THEN -1 ELSE 1 END) * b.stake_minor
      END
    WHERE b.market_id = ANY (v_markets) AND b.status = 'open'
    RETURNING b.user_id, b.pnl_minor, b.stake_minor),
  per_user AS (
    SELECT s.user_id, sum(s.pnl_minor)::bigint AS w, sum(s.stake_minor)::bigint AS turnover, count(*)::int AS n
    FROM settled s GROUP BY s.user_id),
  rated AS (
    SELECT pu.user_id, pu.w, pu.turnover, c.amount AS commission, pu.w - c.amount AS net, u.ancestors
    FROM per_user pu
    JOIN users u ON u.id = pu.user_id
    LEFT JOIN users parent ON parent.id = u.parent_id
    CROSS JOIN LATERAL (SELECT least(u.commission_bps, coalesce(parent.commission_bps, u.commission_bps))::bigint AS rate) r
    CROSS JOIN LATERAL (SELECT CASE v_basis
        WHEN 'NET_WIN' THEN greatest(pu.w, 0) * r.rate / 10000
        WHEN 'TURNOVER' THEN pu.turnover * r.rate / 10000
        ELSE 0 END AS amount) c),
  inserted AS (
    INSERT INTO settlement_users (settlement_id, user_id, gross_pnl_minor, commission_minor, net_minor, turnover_minor)
    SELECT v_sid, r.user_id, r.w, r.commission, r.net, r.turnover FROM rated r
    RETURNING user_id, gross_pnl_minor, commission_minor, net_minor),
  -- 4. Partnership (docs/rules/money.md §7.9), in the same statement: ancestors are root first; an
  -- agent's own share is its cumulative share minus that of its child on the path (the player,
  -- share 0, for the nearest agent). A non-root agent's amount from a player is
  -- trunc(−net × own ÷ 10,000), computed per player as it always was; the root takes the
  -- remainder per player. Stored summed per agent and child on the path (ADR 0079): own depends
  -- only on the two, so settlement_player_shares gives every player's figure back from the rows.
  -- Each distinct path is read once (its agents' shares), not once per player.
  levels AS (
    SELECT c.ancestors, a.agent_id, a.pos, c.ancestors[a.pos + 1] AS child_id, ag.partnership_share_bps AS share,
           ag.partnership_share_bps - coalesce(lead(ag.partnership_share_bps) OVER (PARTITION BY c.ancestors ORDER BY a.pos), 0) AS own
    FROM (SELECT DISTINCT r.ancestors FROM rated r) c
    CROSS JOIN LATERAL unnest(c.ancestors) WITH ORDINALITY AS a (agent_id, pos)
    JOIN users ag ON ag.id = a.agent_id),
  -- Below the root: per agent and child (the player itself below its nearest agent), the sum of
  -- the per-player truncated amounts; the root's child on the path comes along (one per row).
  below AS (
    SELECT l.agent_id, coalesce(l.child_id, r.user_id) AS child_id, coalesce(r.ancestors[2], r.user_id) AS top_child,
           min(l.own) AS own, sum((-r.net * l.own) / 10000) AS amount
    FROM rated r JOIN levels l ON l.ancestors = r.ancestors AND l.pos > 1
    GROUP BY 1, 2, 3),
  -- The root, per child: each player's remainder −net − Σ its other agents' amounts, summed, is
  -- Σ −net of the players below that child minus Σ of the rows below it.
  tops AS (
    SELECT l.agent_id, coalesce(r.ancestors[2], r.user_id) AS child_id, min(l.own) AS own, sum(-r.net) AS lost
    FROM rated r JOIN levels l ON l.ancestors = r.ancestors AND l.pos = 1
    GROUP BY 1, 2),
  shares AS (
    INSERT INTO settlement_agent_shares (settlement_id, child_id, agent_id, own_share_bps, amount_minor)
    SELECT v_sid, b.child_id, b.agent_id, b.own, b.amount FROM below b
    UNION ALL
    SELECT v_sid, t.child_id, t.agent_id, t.own, t.lost - coalesce(x.amount, 0)
    FROM tops t LEFT JOIN (SELECT b.top_child, sum(b.amount) AS amount FROM below b GROUP BY 1) x ON x.top_child = t.child_id
    RETURNING agent_id, amount_minor),
  agent_totals AS (
    SELECT sh.agent_id, sum(sh.amount_minor)::bigint AS total FROM shares sh GROUP BY 1 HAVING bool_or(sh.amount_minor <> 0))
  -- The summary of step 8 from the rows just written, not from a second pass over them.
  SELECT coalesce((SELECT sum(pu.n) FROM per_user pu), 0)::int, count(*)::int,
         coalesce(sum(i.gross_pnl_minor), 0)::bigint, coalesce(sum(i.commission_minor), 0)::bigint, coalesce(bool_or(i.net_minor <> 0), false),
         (SELECT array_agg(t.agent_id ORDER BY t.agent_id) FROM agent_totals t), (SELECT array_agg(t.total ORDER BY t.agent_id) FROM agent_totals t),
         EXISTS (SELECT 1 FROM levels l WHERE l.pos = 1 AND l.share <> 10000),
         -- The players and their nets for steps 6 and 7 (one pass: the two arrays stay aligned).
         array_agg(i.user_id), array_agg(i.net_minor)
    INTO v_bets, v_users, v_pnl, v_commission, v_moved, v_agents, v_agent_totals, v_bad_root, v_user_ids, v_user_nets
  FROM inserted i;
  IF v_bad_root THEN
    RAISE EXCEPTION 'the root of a player path does not hold 100 %%' USING ERRCODE = 'check_violation';
  END IF;

  -- 5. The agents' P&L accounts, created on first use (in code order): those with a share ≠ 0.
  INSERT INTO ledger_accounts (kind, code, allow_negative)
  SELECT 'system', 'system:agent_pnl:' || x.agent_id::text, true
  FROM unnest(v_agents) AS x (agent_id)
  ORDER BY 2
  ON CONFLICT (code) DO NOTHING;

  -- 6. Every touched account, locked in id order: the wallets of the settled users and of the
  -- market's open positions, and the agents' P&L accounts. Looked up by key (two arrays, one
  -- bitmap scan of each unique index), not by a scan of every account filtered by IN: that
  -- scanned the whole table (every wallet, and its dead versions) for each settlement.
  -- The locked rows' ids, owners, versions and balances are kept (arrays in id order, the rows
  -- stay locked so they cannot change): step 7 posts from them without looking each account up again.
  SELECT coalesce(array_agg(x.id), '{}'), coalesce(array_agg(x.user_id), '{}'), coalesce(array_agg(x.version), '{}'),
         coalesce(array_agg(x.balance_minor), '{}')
    INTO v_acc_ids, v_acc_users, v_acc_versions, v_acc_balances
  FROM (
    SELECT a.id, a.user_id, a.version, a.balance_minor FROM ledger_accounts a
    WHERE a.user_id = ANY (coalesce(v_user_ids, '{}') || ARRAY(SELECT p.user_id FROM positions p WHERE p.market_id = ANY (v_markets) AND p.status = 'open'))
       OR a.code = ANY (ARRAY(SELECT 'system:agent_pnl:' || x.agent_id::text FROM unnest(v_agents) AS x (agent_id)))
    ORDER BY a.id FOR UPDATE) x;

  -- 7. ONE journal for the whole market (or round) (none when every leg is 0), the entries with each
  -- account's next version and running balance, the balances and released exposure in the same
  -- UPDATE (so balance − exposure is checked on the final figures), positions settled.
  IF v_moved THEN
    INSERT INTO journals (code, event_type, event_ref, request_hash, remark, actor_id)
      VALUES ('MARKET_SETTLE', 'market.settled', p_market || ':' || v_version,
              encode(sha256(convert_to(p_market || ':' || v_version || ':' || p_result::text, 'UTF8')), 'hex'),
              left('Settlement of ' || v_name || ' (v' || v_version || ')', 200), NULL)
      RETURNING id INTO v_jid;
  END IF;

  WITH released AS (
    UPDATE positions p SET status = 'settled', updated_at = now()
    WHERE p.market_id = ANY (v_markets) AND p.status = 'open'
    RETURNING p.user_id, p.exposure_minor),
  locked AS (
    SELECT * FROM unnest(v_acc_ids, v_acc_users, v_acc_versions, v_acc_balances) AS l (account_id, user_id, version, balance_minor)),
  delta AS (
    SELECT d.account_id, sum(d.amount)::bigint AS amount, sum(d.exposure)::bigint AS exposure
    FROM (
      SELECT l.account_id, u.net AS amount, 0::bigint AS exposure
        FROM unnest(v_user_ids, v_user_nets) AS u (user_id, net) JOIN locked l ON l.user_id = u.user_id
      UNION ALL
      SELECT l.account_id, 0, -r.exposure_minor FROM released r JOIN locked l ON l.user_id = r.user_id
      UNION ALL
      SELECT a.id, x.total, 0
        FROM unnest(v_agents, v_agent_totals) AS x (agent_id, total) JOIN ledger_accounts a ON a.code = 'system:agent_pnl:' || x.agent_id::text
    ) d GROUP BY d.account_id),
  posted AS (
    INSERT INTO entries (journal_id, account_id, amount_minor, version, prev_balance_minor, curr_balance_minor)
    SELECT v_jid, d.account_id, d.amount, l.version + 1, l.balance_minor, l.balance_minor + d.amount
    FROM delta d JOIN locked l ON l.account_id = d.account_id
    WHERE d.amount <> 0
    ORDER BY d.account_id
    RETURNING 1)
  -- A result stands (ADR 0046): a wallet it takes below what it held keeps the difference as its
  -- shortfall instead of refusing the whole market (with positions re-priced at each removal a
  -- loss never exceeds the exposure released; this covers what the rounding of a dead heat or a
  -- turnover commission can add). Agents' P&L accounts may go negative anyway. The accounts are
  -- found by the ids locked in step 6 (every account of delta is one): joined to delta alone, the
  -- planner, which cannot see how few rows delta holds, hashed the whole table (a scan of every
  -- account for each settlement).
  UPDATE ledger_accounts a
  SET balance_minor = a.balance_minor + d.amount,
      version = a.version + CASE WHEN d.amount <> 0 THEN 1 ELSE 0 END,
      exposure_minor = a.exposure_minor + d.exposure,
      shortfall_minor = CASE WHEN a.kind = 'user'
                             THEN greatest(a.shortfall_minor, a.exposure_minor + d.exposure - a.balance_minor - d.amount)
                             ELSE a.shortfall_minor END
  FROM delta d
  WHERE a.id = ANY (v_acc_ids) AND a.id = d.account_id AND (d.amount <> 0 OR d.exposure <> 0);

  -- 8. The summary (counted in step 3), and no more bets on these markets.
  UPDATE settlements s SET bets = v_bets, users = v_users, users_pnl_minor = v_pnl, commission_minor = v_commission,
                           journal_id = v_jid
  WHERE s.id = v_sid;
  IF v_type = 'fancy' THEN
    UPDATE fancies f SET admin_suspended = true, updated_at = now() WHERE f.id = p_market AND NOT f.admin_suspended;
  ELSE
    UPDATE markets m SET admin_suspended = true, updated_at = now() WHERE m.id = ANY (v_markets) AND NOT m.admin_suspended;
  END IF;

  RETURN QUERY SELECT 'SETTLED', v_sid, v_version, v_jid, v_bets, v_users, v_pnl, v_commission;
END $function$;
