-- Responsible gambling (issue 20 step 11, ADR 0019): a player's own deposit, loss and stake
-- limits, the reality-check interval, time-outs and self-exclusions. The one check is the function
-- rg_refusal (sql/functions/rg_refusal.sql), called by bet placement, deposits and wallet debits
-- inside their own transactions.

-- 1. The flag that lets every money path skip the check: true once the player has set any limit
-- or exclusion. It sits on the wallet row that placement already locks, so a player without
-- limits costs nothing more per bet. It is cleared only by the service, never by the check.
ALTER TABLE ledger_accounts ADD COLUMN rg_active boolean NOT NULL DEFAULT false;

-- 2. One row per (player, limit). amount_minor is the limit in force (null: none). A pending
-- change (an increase, or a removal when pending_amount_minor is null) waits 24 hours: it applies
-- from pending_from on, read lazily by rg_refusal and folded into amount_minor by the next write.
CREATE TABLE rg_limits (
  user_id              uuid NOT NULL REFERENCES users (id),
  limit_type           text NOT NULL CHECK (limit_type IN (
    'deposit_day', 'deposit_week', 'deposit_month', 'loss_day', 'loss_week', 'loss_month', 'stake')),
  amount_minor         bigint CHECK (amount_minor > 0 AND amount_minor <= 1000000000000),
  pending_amount_minor bigint CHECK (pending_amount_minor > 0 AND pending_amount_minor <= 1000000000000),
  pending_from         timestamptz,
  updated_at           timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, limit_type),
  CONSTRAINT rg_limits_pending_has_time CHECK (pending_from IS NOT NULL OR pending_amount_minor IS NULL)
);

-- 3. The reality-check reminder: every N minutes of play (null: off). Applies at once.
CREATE TABLE rg_settings (
  user_id               uuid PRIMARY KEY REFERENCES users (id),
  reality_check_minutes int CHECK (reality_check_minutes BETWEEN 5 AND 240),
  updated_at            timestamptz NOT NULL DEFAULT now()
);

-- 4. Time-outs (24 hours to 6 weeks) and self-exclusions (6 months to 5 years). Append-only:
-- nobody lifts one, the player included; it ends at ends_at.
CREATE TABLE rg_exclusions (
  id         bigserial PRIMARY KEY,
  user_id    uuid NOT NULL REFERENCES users (id),
  kind       text NOT NULL CHECK (kind IN ('time_out', 'self_exclusion')),
  starts_at  timestamptz NOT NULL DEFAULT now(),
  ends_at    timestamptz NOT NULL,
  CONSTRAINT rg_exclusions_ends_after_start CHECK (ends_at > starts_at)
);
CREATE INDEX rg_exclusions_user_idx ON rg_exclusions (user_id, ends_at DESC);
CREATE TRIGGER rg_exclusions_append_only BEFORE UPDATE OR DELETE ON rg_exclusions
  FOR EACH ROW EXECUTE FUNCTION backlay_forbid_change();
CREATE TRIGGER rg_exclusions_no_truncate BEFORE TRUNCATE ON rg_exclusions
  FOR EACH STATEMENT EXECUTE FUNCTION backlay_forbid_change();

-- 5. The journal codes whose wallet legs are a player's wins and losses for the loss limit:
-- settlements and their rollbacks (sports and live casino). Another game wallet (CW-1) adds its
-- debit and credit codes here in its own migration; rg_refusal needs no change.
CREATE TABLE rg_loss_journal_codes (
  code text PRIMARY KEY CHECK (code ~ '^[A-Z][A-Z0-9_]{0,63}$')
);
INSERT INTO rg_loss_journal_codes (code) VALUES ('MARKET_SETTLE'), ('MARKET_SETTLE_REVERSAL');

-- 6. Deposits in a window: a player's deposit requests by time (payment_requests_user_idx covers
-- it), chip deposits through the wallet's entries (entries_account_created_idx covers it).
