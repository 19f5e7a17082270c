-- Step 5: deposits and withdrawals by UPI and bank transfer with manual approval by the upline
-- (SPEC §2, §3, §7 "Payments"; QUALITY §2 L8, L10, L11, L13; T6, T13).
--
-- Money design (api/README.md "Payments"): a withdraw request moves its amount at once from the
-- player's wallet to the clearing account system:withdraw_hold (journal WITHDRAW_HOLD, event
-- withdraw.hold/<request id>). Approval moves it from there to the approving agent's wallet
-- (WITHDRAW_PAYOUT), rejection back to the player (WITHDRAW_RELEASE); both are the one
-- decision journal of the request (event payment.decision/<request id>). A deposit approval
-- is one journal from the approving agent's wallet to the player (DEPOSIT_CREDIT, same event
-- key); a deposit rejection moves no money.

-- The clearing account of pending withdrawals. Its balance is the sum of the pending holds; it
-- may never go negative (ledger_accounts_available_nonnegative).
INSERT INTO ledger_accounts (kind, code) VALUES ('system', 'system:withdraw_hold');

-- L16: the journals of payments are manual actions and always name their actor.
ALTER TABLE journals ADD CONSTRAINT journals_payment_has_actor
  CHECK (code NOT IN ('DEPOSIT_CREDIT', 'WITHDRAW_HOLD', 'WITHDRAW_PAYOUT', 'WITHDRAW_RELEASE') OR actor_id IS NOT NULL);

-- The operator's receiving accounts shown on the deposit page (one row; admin and sadmin edit it).
CREATE TABLE payment_settings (
  id                  boolean PRIMARY KEY DEFAULT true CHECK (id),
  upi_id              text NOT NULL DEFAULT '' CHECK (length(upi_id) <= 320),
  upi_name            text NOT NULL DEFAULT '' CHECK (length(upi_name) <= 100),
  account_holder_name text NOT NULL DEFAULT '' CHECK (length(account_holder_name) <= 100),
  account_number      text NOT NULL DEFAULT '' CHECK (account_number = '' OR account_number ~ '^[0-9]{9,18}$'),
  ifsc_code           text NOT NULL DEFAULT '' CHECK (ifsc_code = '' OR ifsc_code ~ '^[A-Z]{4}0[A-Z0-9]{6}$'),
  updated_by          uuid REFERENCES users (id),
  updated_at          timestamptz NOT NULL DEFAULT now()
);

INSERT INTO payment_settings (id) VALUES (true);

-- A player's saved payout accounts. Deleting one only marks it (deleted_at): a withdraw request
-- keeps a copy of where to pay, and history stays readable.
CREATE TABLE saved_bank_accounts (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id             uuid NOT NULL REFERENCES users (id),
  account_holder_name text NOT NULL CHECK (length(account_holder_name) BETWEEN 2 AND 100),
  account_number      text NOT NULL CHECK (account_number ~ '^[0-9]{9,18}$'),
  ifsc_code           text NOT NULL CHECK (ifsc_code ~ '^[A-Z]{4}0[A-Z0-9]{6}$'),
  created_at          timestamptz NOT NULL DEFAULT now(),
  deleted_at          timestamptz
);

CREATE UNIQUE INDEX saved_bank_accounts_live_key
  ON saved_bank_accounts (user_id, account_number, ifsc_code) WHERE deleted_at IS NULL;
CREATE INDEX saved_bank_accounts_user_idx ON saved_bank_accounts (user_id, created_at);

CREATE TABLE saved_upis (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id    uuid NOT NULL REFERENCES users (id),
  -- UPI_ID_PATTERN (PostgreSQL regexes allow at most 255 repetitions: the length is a separate check).
  upi_id     text NOT NULL CHECK (upi_id ~ '^[a-zA-Z0-9._-]{2,}@[a-zA-Z][a-zA-Z0-9]{2,64}$' AND length(upi_id) <= 322),
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE UNIQUE INDEX saved_upis_live_key ON saved_upis (user_id, lower(upi_id)) WHERE deleted_at IS NULL;
CREATE INDEX saved_upis_user_idx ON saved_upis (user_id, created_at);

-- Re-encoded deposit screenshots. The file is <UPLOADS_DIR>/<id>.<png|jpg>, outside any served
-- folder; only GET /api/payment-screenshot/:id serves it, to the owner and its upline.
CREATE TABLE payment_screenshots (
  id           uuid PRIMARY KEY,
  owner_id     uuid NOT NULL REFERENCES users (id),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  byte_size    int NOT NULL CHECK (byte_size > 0),
  width_px     int NOT NULL CHECK (width_px BETWEEN 1 AND 2560),
  height_px    int NOT NULL CHECK (height_px BETWEEN 1 AND 2560),
  -- SHA-256 of the stored (re-encoded) bytes.
  sha256       text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payment_requests (
  id                    uuid PRIMARY KEY,
  user_id               uuid NOT NULL REFERENCES users (id),
  type                  text NOT NULL CHECK (type IN ('deposit', 'withdraw')),
  amount_minor          bigint NOT NULL CHECK (amount_minor > 0),
  account_type          text NOT NULL CHECK (account_type IN ('upi', 'bank')),
  remark                text NOT NULL DEFAULT '' CHECK (length(remark) <= 200),
  status                text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  -- Deposit: the bank's transaction reference (upper case) and the screenshot.
  utr_no                text CHECK (utr_no ~ '^[A-Z0-9]{12,22}$'),
  screenshot_id         uuid UNIQUE REFERENCES payment_screenshots (id),
  -- Withdraw: the saved account chosen and a copy of where to pay.
  payout_account_id     uuid,
  payout_upi_id         text,
  payout_holder_name    text,
  payout_account_number text,
  payout_ifsc_code      text,
  hold_journal_id       uuid UNIQUE REFERENCES journals (id),
  -- The decision (L10: set exactly once, by the guarded transition from 'pending').
  decided_by            uuid REFERENCES users (id),
  decided_at            timestamptz,
  decision_remark       text CHECK (length(decision_remark) <= 200),
  decision_journal_id   uuid UNIQUE REFERENCES journals (id),
  created_at            timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT payment_requests_deposit_fields CHECK (
    type <> 'deposit' OR (utr_no IS NOT NULL AND screenshot_id IS NOT NULL AND hold_journal_id IS NULL
                          AND payout_account_id IS NULL)),
  CONSTRAINT payment_requests_withdraw_fields CHECK (
    type <> 'withdraw' OR (utr_no IS NULL AND screenshot_id IS NULL AND hold_journal_id IS NOT NULL
                           AND payout_account_id IS NOT NULL
                           AND (CASE account_type
                                  WHEN 'upi' THEN payout_upi_id IS NOT NULL
                                  ELSE payout_account_number IS NOT NULL AND payout_ifsc_code IS NOT NULL
                                       AND payout_holder_name IS NOT NULL END))),
  -- L10: pending ⇔ undecided; every decision moves money except a deposit rejection.
  CONSTRAINT payment_requests_decision_fields CHECK (
    CASE status
      WHEN 'pending' THEN decided_by IS NULL AND decided_at IS NULL AND decision_journal_id IS NULL
      ELSE decided_by IS NOT NULL AND decided_at IS NOT NULL
           AND (decision_journal_id IS NULL) = (type = 'deposit' AND status = 'rejected') END)
);

-- T6: a UTR credits at most one deposit, whatever its status (a second claim is 409).
CREATE UNIQUE INDEX payment_requests_utr_key ON payment_requests (utr_no) WHERE utr_no IS NOT NULL;
CREATE INDEX payment_requests_user_idx ON payment_requests (user_id, type, created_at);
CREATE INDEX payment_requests_pending_idx ON payment_requests (type, created_at) WHERE status = 'pending';

-- L10: pending → approved | rejected exactly once, and nothing else ever changes: the only
-- UPDATE allowed is the decision itself; terminal rows and the request's facts are frozen.
CREATE FUNCTION payment_requests_check_transition() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'payment_requests rows are never deleted' USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.status <> 'pending' THEN
    RAISE EXCEPTION 'payment request % is already %', OLD.id, OLD.status USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.status NOT IN ('approved', 'rejected') THEN
    RAISE EXCEPTION 'payment request % can only move from pending to approved or rejected', OLD.id
      USING ERRCODE = 'check_violation';
  END IF;
  IF (NEW.id, NEW.user_id, NEW.type, NEW.amount_minor, NEW.account_type, NEW.remark, NEW.utr_no, NEW.screenshot_id,
      NEW.payout_account_id, NEW.payout_upi_id, NEW.payout_holder_name, NEW.payout_account_number,
      NEW.payout_ifsc_code, NEW.hold_journal_id, NEW.created_at)
     IS DISTINCT FROM
     (OLD.id, OLD.user_id, OLD.type, OLD.amount_minor, OLD.account_type, OLD.remark, OLD.utr_no, OLD.screenshot_id,
      OLD.payout_account_id, OLD.payout_upi_id, OLD.payout_holder_name, OLD.payout_account_number,
      OLD.payout_ifsc_code, OLD.hold_journal_id, OLD.created_at) THEN
    RAISE EXCEPTION 'payment request % facts cannot change', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER payment_requests_transition BEFORE UPDATE OR DELETE ON payment_requests
  FOR EACH ROW EXECUTE FUNCTION payment_requests_check_transition();
CREATE TRIGGER payment_requests_no_truncate BEFORE TRUNCATE ON payment_requests
  FOR EACH STATEMENT EXECUTE FUNCTION backlay_forbid_change();

-- L8/T3: at most one effect per (caller, operation, Idempotency-Key). The row is written first
-- in the transaction that makes the effect, so a concurrent repeat waits on this key and then
-- answers the stored result; `response` is filled before that transaction commits.
CREATE TABLE payment_idempotency (
  actor_id        uuid NOT NULL REFERENCES users (id),
  operation       text NOT NULL CHECK (operation IN ('request', 'decision')),
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 255),
  request_hash    text NOT NULL CHECK (request_hash ~ '^[0-9a-f]{64}$'),
  request_id      uuid REFERENCES payment_requests (id),
  response        jsonb,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (actor_id, operation, idempotency_key)
);
