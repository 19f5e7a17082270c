-- Double-entry, append-only ledger in integer paise (DESIGN §3, QUALITY §2 L1–L9, L17).
-- A journal is one business event; its entries sum to zero; balances on ledger_accounts are a
-- cache of the entry chain, updated in the same transaction under a row lock.

-- Raised by every append-only table on UPDATE, DELETE or TRUNCATE.
CREATE FUNCTION backlay_forbid_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END $$;

CREATE TABLE ledger_accounts (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id        uuid UNIQUE REFERENCES users (id),
  kind           text NOT NULL CHECK (kind IN ('user','system')),
  code           text UNIQUE CHECK (code ~ '^system:[a-z0-9_:-]+$'),
  balance_minor  bigint NOT NULL DEFAULT 0,
  exposure_minor bigint NOT NULL DEFAULT 0 CHECK (exposure_minor >= 0),
  version        bigint NOT NULL DEFAULT 0 CHECK (version >= 0),
  allow_negative boolean NOT NULL DEFAULT false,
  created_at     timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_accounts_owner CHECK (
    (kind = 'user' AND user_id IS NOT NULL AND code IS NULL)
    OR (kind = 'system' AND user_id IS NULL AND code IS NOT NULL)),
  -- L5: available = balance − exposure never goes below zero unless the account may.
  CONSTRAINT ledger_accounts_available_nonnegative CHECK (allow_negative OR balance_minor - exposure_minor >= 0)
);

-- The source of demo play chips; the only account that starts negative.
INSERT INTO ledger_accounts (kind, code, allow_negative) VALUES ('system', 'system:mint', true);

-- Every user owns exactly one wallet account from the moment it exists.
CREATE FUNCTION users_create_ledger_account() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_accounts (user_id, kind) VALUES (NEW.id, 'user');
  RETURN NEW;
END $$;

CREATE TRIGGER users_create_ledger_account
  AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION users_create_ledger_account();

CREATE TABLE journals (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code                text NOT NULL CHECK (code ~ '^[A-Z][A-Z0-9_]*$'),
  event_type          text NOT NULL CHECK (length(event_type) BETWEEN 1 AND 64),
  event_ref           text NOT NULL CHECK (length(event_ref) BETWEEN 1 AND 255),
  idempotency_key     text CHECK (length(idempotency_key) BETWEEN 1 AND 255),
  request_hash        text NOT NULL CHECK (request_hash ~ '^[0-9a-f]{64}$'),
  remark              text NOT NULL DEFAULT '',
  actor_id            uuid REFERENCES users (id),
  reverses_journal_id uuid REFERENCES journals (id),
  created_at          timestamptz NOT NULL DEFAULT now(),
  -- L8: one journal per business event.
  CONSTRAINT journals_event_key UNIQUE (event_type, event_ref)
);

-- L8: at most one effect per (actor, idempotency key); the system actor (NULL) counts as one.
CREATE UNIQUE INDEX journals_idempotency_key
  ON journals (actor_id, idempotency_key) NULLS NOT DISTINCT
  WHERE idempotency_key IS NOT NULL;

CREATE TABLE entries (
  id                 bigserial PRIMARY KEY,
  journal_id         uuid NOT NULL REFERENCES journals (id),
  account_id         uuid NOT NULL REFERENCES ledger_accounts (id),
  amount_minor       bigint NOT NULL CHECK (amount_minor <> 0),
  version            bigint NOT NULL CHECK (version >= 1),
  prev_balance_minor bigint NOT NULL,
  curr_balance_minor bigint NOT NULL,
  -- L17: the database clock at the moment of writing (after the account lock), not the
  -- transaction start, so times never go backwards along an account's version chain.
  created_at         timestamptz NOT NULL DEFAULT clock_timestamp(),
  CONSTRAINT entries_running_balance CHECK (curr_balance_minor = prev_balance_minor + amount_minor),
  CONSTRAINT entries_account_version UNIQUE (account_id, version),
  -- L9: one leg per account in a journal (debit account ≠ credit account).
  CONSTRAINT entries_one_leg_per_account UNIQUE (journal_id, account_id)
);

CREATE INDEX entries_journal_id_idx ON entries (journal_id);

-- L7: entries and journals are never changed or removed; corrections are reversing journals.
CREATE TRIGGER entries_append_only BEFORE UPDATE OR DELETE ON entries
  FOR EACH ROW EXECUTE FUNCTION backlay_forbid_change();
CREATE TRIGGER entries_no_truncate BEFORE TRUNCATE ON entries
  FOR EACH STATEMENT EXECUTE FUNCTION backlay_forbid_change();
CREATE TRIGGER journals_append_only BEFORE UPDATE OR DELETE ON journals
  FOR EACH ROW EXECUTE FUNCTION backlay_forbid_change();
CREATE TRIGGER journals_no_truncate BEFORE TRUNCATE ON journals
  FOR EACH STATEMENT EXECUTE FUNCTION backlay_forbid_change();

-- L1: at commit, every touched journal has at least two entries and they sum to zero.
CREATE FUNCTION journals_check_balanced() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  jid uuid;
  leg_count bigint;
  leg_sum numeric;
BEGIN
  IF TG_TABLE_NAME = 'journals' THEN
    jid := NEW.id;
  ELSE
    jid := NEW.journal_id;
  END IF;
  SELECT count(*), coalesce(sum(amount_minor), 0) INTO leg_count, leg_sum
    FROM entries WHERE journal_id = jid;
  IF leg_count < 2 OR leg_sum <> 0 THEN
    RAISE EXCEPTION 'journal % is unbalanced: % entries summing to %', jid, leg_count, leg_sum
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER journals_balanced AFTER INSERT ON journals
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION journals_check_balanced();
CREATE CONSTRAINT TRIGGER entries_balanced AFTER INSERT ON entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION journals_check_balanced();
