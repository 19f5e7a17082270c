CREATE OR REPLACE FUNCTION public.runner_exposure(p_pnl jsonb, p_all_lose bigint, p_winners integer)
 RETURNS bigint
 LANGUAGE sql
 IMMUTABLE
AS $function$
  -- The exposure of a runner position (docs/rules/money.md §7.1; docs/racing-rules.md R-2): p_pnl the one-winner
  -- vector P[r], p_all_lose A the P&L if every runner loses, k = p_winners placed runners. The
  -- worst k placed runners: A + the k smallest D[r] = the k smallest P − (k − 1)·A; E = max(0, −that).
  -- With k = 1 it is max(0, −min P). place_runner_bet (k > 1) and reprice_runner_positions use it.
  SELECT greatest(0, -(coalesce(sum(x.v), 0) - greatest(count(*) - 1, 0) * p_all_lose))::bigint
  FROM (SELECT (e.value)::bigint AS v FROM jsonb_each_text(p_pnl) e ORDER BY 1 LIMIT greatest(p_winners, 1)) x
$function$;
