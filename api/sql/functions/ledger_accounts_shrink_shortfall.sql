CREATE OR REPLACE FUNCTION public.ledger_accounts_shrink_shortfall()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- ADR 0046: a wallet's shortfall never exceeds what it is still short, so only the re-pricing at
  -- a removal and a settlement (which raise it in the same UPDATE) can take available below zero.
  NEW.shortfall_minor := greatest(0, least(NEW.shortfall_minor, NEW.exposure_minor - NEW.balance_minor));
  RETURN NEW;
END $function$;
