CREATE OR REPLACE FUNCTION public.ledger_accounts_row_check(kind text, user_id uuid, code text, balance_minor bigint, exposure_minor bigint, version bigint, allow_negative boolean, shortfall_minor bigint)
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
DECLARE
  ok boolean[] := ARRAY[
    -- L5: available = balance − exposure never goes below zero unless the account may, or below
    -- minus the shortfall a non-runner's reduction or a settlement left (ADR 0046).
    /* ledger_accounts_available_nonnegative */ allow_negative OR balance_minor - exposure_minor >= -shortfall_minor,
    /* ledger_accounts_code_check */ code ~ '^system:[a-z0-9_:-]+$',
    /* ledger_accounts_exposure_minor_check */ exposure_minor >= 0,
    /* ledger_accounts_kind_check */ kind IN ('user', 'system'),
    /* ledger_accounts_owner */
      (kind = 'user' AND user_id IS NOT NULL AND code IS NULL) OR (kind = 'system' AND user_id IS NULL AND code IS NOT NULL),
    /* ledger_accounts_version_check */ version >= 0,
    /* ledger_accounts_shortfall_check */ shortfall_minor >= 0];
BEGIN
  IF false = ANY (ok) THEN
    RETURN backlay_check_violation('ledger_accounts', ARRAY['ledger_accounts_available_nonnegative', 'ledger_accounts_code_check',
      'ledger_accounts_exposure_minor_check', 'ledger_accounts_kind_check', 'ledger_accounts_owner', 'ledger_accounts_version_check',
      'ledger_accounts_shortfall_check'], ok);
  END IF;
  RETURN true;
END $function$;
