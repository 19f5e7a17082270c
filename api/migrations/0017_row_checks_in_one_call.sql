-- Step 4, performance: the CHECK constraints of the tables every bet writes (bets, positions,
-- ledger_accounts) become one call per row of an IMMUTABLE function (ADR 0010).
--
-- Why: PostgreSQL reads a table's CHECK constraints from their stored text (pg_constraint.conbin)
-- again for every statement that writes the table, and compiles them again: ExecRelCheck calls
-- stringToNode and ExecPrepareExpr once per statement, and a placement is one statement per row.
-- - The bets table had 11 checks, about 12,000 characters of node text; ledger_accounts 6
--   (4,400); positions 3 (2,100). A bet writes all three tables.
-- - On the bench this was about a fifth of PostgreSQL's CPU per bet (perf: ExecConstraints
--   20.8 % of the postgres processes' samples, stringToNode alone 11.9 %).
-- - A plpgsql function is compiled once per connection, and its expressions once per
--   transaction; a constraint that only calls it has a short node text. 8 single-row INSERTs into
--   a copy of bets in one transaction: 0.23 ms without checks, 0.89–1.02 ms with the 11 checks,
--   0.43 ms with the one call.
--
-- The same rules, word for word, with the same names and the same answers:
-- - Each function evaluates every former constraint into one boolean array, in one expression.
--   As with CHECK, a rule that yields NULL passes; only false fails.
-- - When one is false, backlay_check_violation raises PostgreSQL's own check_violation (23514),
--   with its message ('new row for relation "bets" violates check constraint "bets_stake_minor_check"')
--   and the constraint's name in the error's CONSTRAINT field. So callers and tests that match a
--   constraint's name see no difference.
-- - The rules' order (and so the name raised first) is the old constraints' name order, the
--   order PostgreSQL checked them in.
-- A new rule on one of these tables goes into its function (a new migration replaces it), not
-- into a new CHECK constraint.

CREATE FUNCTION backlay_check_violation(p_table text, p_names text[], p_ok boolean[]) RETURNS boolean
  LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  FOR i IN 1 .. cardinality(p_ok) LOOP
    IF p_ok[i] IS FALSE THEN
      RAISE EXCEPTION 'new row for relation "%" violates check constraint "%"', p_table, p_names[i]
        USING ERRCODE = 'check_violation', TABLE = p_table, CONSTRAINT = p_names[i];
    END IF;
  END LOOP;
  RETURN true;
END $$;

-- bets (0009, 0010) -----------------------------------------------------------------------------
CREATE FUNCTION bets_row_check(
  market_type text, side text, odds_hundredths int, stake_minor bigint, status text, idempotency_key text,
  request_hash text, run_line int, pnl_minor bigint, settlement_id uuid, settled_at timestamptz, void_reason text
) RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  ok boolean[] := ARRAY[
    /* bets_fancy_has_line */ (market_type = 'fancy') = (run_line IS NOT NULL),
    /* bets_idempotency_key_check */ length(idempotency_key) BETWEEN 1 AND 255,
    /* bets_market_type_check */ market_type IN ('match_odds', 'bookmaker', 'over_under', 'fancy'),
    /* bets_odds_hundredths_check */ odds_hundredths > 100,
    -- ~ '^[0-9a-f]{64}$' without the regular expression (2.5 % of the CPU per bet): 64 characters,
    -- and none left once the hex digits are trimmed.
    /* bets_request_hash_check */ length(request_hash) = 64 AND ltrim(request_hash, '0123456789abcdef') = '',
    /* bets_run_line_check */ run_line >= 0,
    /* bets_settled_state */
      (status = 'open' AND pnl_minor IS NULL AND settlement_id IS NULL AND settled_at IS NULL AND void_reason IS NULL)
      OR (status = 'settled' AND pnl_minor IS NOT NULL AND settlement_id IS NOT NULL AND settled_at IS NOT NULL)
      OR (status = 'voided' AND pnl_minor = 0 AND settled_at IS NOT NULL AND void_reason IS NOT NULL),
    /* bets_side_check */
      (market_type = 'fancy' AND side IN ('YES', 'NO')) OR (market_type <> 'fancy' AND side IN ('BACK', 'LAY')),
    /* bets_stake_minor_check */ stake_minor > 0,
    /* bets_status_check */ status IN ('open', 'settled', 'voided'),
    /* bets_void_reason_check */ length(void_reason) BETWEEN 1 AND 200];
BEGIN
  IF false = ANY (ok) THEN
    RETURN backlay_check_violation('bets', ARRAY['bets_fancy_has_line', 'bets_idempotency_key_check', 'bets_market_type_check',
      'bets_odds_hundredths_check', 'bets_request_hash_check', 'bets_run_line_check', 'bets_settled_state', 'bets_side_check',
      'bets_stake_minor_check', 'bets_status_check', 'bets_void_reason_check'], ok);
  END IF;
  RETURN true;
END $$;

ALTER TABLE bets
  DROP CONSTRAINT bets_fancy_has_line, DROP CONSTRAINT bets_idempotency_key_check, DROP CONSTRAINT bets_market_type_check,
  DROP CONSTRAINT bets_odds_hundredths_check, DROP CONSTRAINT bets_request_hash_check, DROP CONSTRAINT bets_run_line_check,
  DROP CONSTRAINT bets_settled_state, DROP CONSTRAINT bets_side_check, DROP CONSTRAINT bets_stake_minor_check,
  DROP CONSTRAINT bets_status_check, DROP CONSTRAINT bets_void_reason_check,
  ADD CONSTRAINT bets_rules CHECK (bets_row_check(market_type, side, odds_hundredths, stake_minor, status, idempotency_key,
    request_hash, run_line, pnl_minor, settlement_id, settled_at, void_reason));

-- positions (0009, 0010) ------------------------------------------------------------------------
CREATE FUNCTION positions_row_check(exposure_minor bigint, market_type text, status text) RETURNS boolean
  LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  ok boolean[] := ARRAY[
    /* positions_exposure_minor_check */ exposure_minor >= 0,
    /* positions_market_type_check */ market_type IN ('match_odds', 'bookmaker', 'over_under', 'fancy'),
    /* positions_status_check */ status IN ('open', 'settled')];
BEGIN
  IF false = ANY (ok) THEN
    RETURN backlay_check_violation('positions',
      ARRAY['positions_exposure_minor_check', 'positions_market_type_check', 'positions_status_check'], ok);
  END IF;
  RETURN true;
END $$;

ALTER TABLE positions
  DROP CONSTRAINT positions_exposure_minor_check, DROP CONSTRAINT positions_market_type_check, DROP CONSTRAINT positions_status_check,
  ADD CONSTRAINT positions_rules CHECK (positions_row_check(exposure_minor, market_type, status));

-- ledger_accounts (0002) ------------------------------------------------------------------------
CREATE FUNCTION ledger_accounts_row_check(
  kind text, user_id uuid, code text, balance_minor bigint, exposure_minor bigint, version bigint, allow_negative boolean
) RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  ok boolean[] := ARRAY[
    -- L5: available = balance − exposure never goes below zero unless the account may.
    /* ledger_accounts_available_nonnegative */ allow_negative OR balance_minor - exposure_minor >= 0,
    /* ledger_accounts_code_check */ code ~ '^system:[a-z0-9_:-]+$',
    /* ledger_accounts_exposure_minor_check */ exposure_minor >= 0,
    /* ledger_accounts_kind_check */ kind IN ('user', 'system'),
    /* ledger_accounts_owner */
      (kind = 'user' AND user_id IS NOT NULL AND code IS NULL) OR (kind = 'system' AND user_id IS NULL AND code IS NOT NULL),
    /* ledger_accounts_version_check */ version >= 0];
BEGIN
  IF false = ANY (ok) THEN
    RETURN backlay_check_violation('ledger_accounts', ARRAY['ledger_accounts_available_nonnegative', 'ledger_accounts_code_check',
      'ledger_accounts_exposure_minor_check', 'ledger_accounts_kind_check', 'ledger_accounts_owner', 'ledger_accounts_version_check'], ok);
  END IF;
  RETURN true;
END $$;

ALTER TABLE ledger_accounts
  DROP CONSTRAINT ledger_accounts_available_nonnegative, DROP CONSTRAINT ledger_accounts_code_check,
  DROP CONSTRAINT ledger_accounts_exposure_minor_check, DROP CONSTRAINT ledger_accounts_kind_check,
  DROP CONSTRAINT ledger_accounts_owner, DROP CONSTRAINT ledger_accounts_version_check,
  ADD CONSTRAINT ledger_accounts_rules CHECK (ledger_accounts_row_check(kind, user_id, code, balance_minor, exposure_minor, version,
    allow_negative));
