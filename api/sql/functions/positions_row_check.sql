CREATE OR REPLACE FUNCTION public.positions_row_check(exposure_minor bigint, market_type text, status text)
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
DECLARE
  ok boolean[] := ARRAY[
    /* positions_exposure_minor_check */ exposure_minor >= 0,
    /* positions_market_type_check */ market_type IN ('match_odds', 'bookmaker', 'over_under', 'fancy', 'casino'),
    /* positions_status_check */ status IN ('open', 'settled')];
BEGIN
  IF false = ANY (ok) THEN
    RETURN backlay_check_violation('positions',
      ARRAY['positions_exposure_minor_check', 'positions_market_type_check', 'positions_status_check'], ok);
  END IF;
  RETURN true;
END $function$;
