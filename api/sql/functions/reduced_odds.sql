CREATE OR REPLACE FUNCTION public.reduced_odds(p_odds integer, p_matched_at timestamp with time zone, p_factors numeric[], p_removed_at timestamp with time zone[])
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
AS $function$
  -- A bet's price after the market's non-runners (docs/racing-rules.md R-3, ADR 0041 and 0046):
  -- multiplied by (1 − factor/100) for each removal after the bet was matched, to the nearest
  -- hundredth half up, never below 1.01; unchanged without such a removal. The one home of the
  -- rule: settle_market prices the bets with it, reprice_runner_positions the positions.
  SELECT coalesce((SELECT greatest(101, round(p_odds * round(exp(sum(ln(1 - x.f / 100))), 12)))::int
                   FROM unnest(p_factors, p_removed_at) AS x(f, t)
                   WHERE x.f > 0 AND x.t IS NOT NULL AND p_matched_at < x.t
                   HAVING count(*) > 0), p_odds)
$function$;
