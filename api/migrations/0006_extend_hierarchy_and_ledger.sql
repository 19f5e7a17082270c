-- Step 2: the agent hierarchy (partnership bounds, locks), chip transfers between a parent and
-- its direct child, reversals, and the backstops of QUALITY §2 L8, L14 and L16.

-- L14: a player holds no partnership share (the root's 100 % is 0001's users_root_full_share).
ALTER TABLE users ADD CONSTRAINT users_player_no_share CHECK (role <> 'user' OR partnership_share_bps = 0);
ALTER TABLE users ADD CONSTRAINT users_display_name_length CHECK (length(display_name) <= 50);

-- L14: cumulative shares never grow downwards: a row's share is at most its parent's and at
-- least each child's. Concurrency is the services' job (they lock the parent row, then the
-- row, top-down, before changing a share or adding a child); this trigger is the backstop.
CREATE FUNCTION users_check_partnership() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  parent_share int;
  child_share int;
BEGIN
  IF NEW.parent_id IS NOT NULL THEN
    SELECT partnership_share_bps INTO parent_share FROM users WHERE id = NEW.parent_id;
    IF NEW.partnership_share_bps > parent_share THEN
      RAISE EXCEPTION 'partnership % bps of % is above its parent''s % bps', NEW.partnership_share_bps, NEW.username, parent_share
        USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT max(partnership_share_bps) INTO child_share FROM users WHERE parent_id = NEW.id;
    IF child_share IS NOT NULL AND NEW.partnership_share_bps < child_share THEN
      RAISE EXCEPTION 'partnership % bps of % is below a child''s % bps', NEW.partnership_share_bps, NEW.username, child_share
        USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER users_check_partnership
  BEFORE INSERT OR UPDATE OF partnership_share_bps, parent_id ON users
  FOR EACH ROW EXECUTE FUNCTION users_check_partnership();

-- An agent's password reset ends the account's sessions with its own reason.
ALTER TABLE sessions DROP CONSTRAINT sessions_ended_reason_check;
ALTER TABLE sessions ADD CONSTRAINT sessions_ended_reason_check
  CHECK (ended_reason IN ('replaced','logout','password_changed','refresh_reuse','locked','password_reset'));

-- L7/L8: a journal is reversed at most once, never by itself.
CREATE UNIQUE INDEX journals_reversed_once ON journals (reverses_journal_id) WHERE reverses_journal_id IS NOT NULL;
ALTER TABLE journals ADD CONSTRAINT journals_not_self_reversal CHECK (reverses_journal_id <> id);
-- L16: a manual adjustment (chips given or taken by an agent) always names its actor.
ALTER TABLE journals ADD CONSTRAINT journals_manual_has_actor
  CHECK (code NOT IN ('CHIP_DEPOSIT', 'CHIP_WITHDRAW') OR actor_id IS NOT NULL);

-- The account statement reads one account's entries in a date range.
CREATE INDEX entries_account_created_idx ON entries (account_id, created_at);

-- L16: the audit row of a journal points at it, so "every journal with an actor has an audit
-- row" is a join, and a deferred trigger can refuse a commit that forgot one.
ALTER TABLE audit_log ADD COLUMN journal_id uuid REFERENCES journals (id);
CREATE INDEX audit_log_journal_idx ON audit_log (journal_id) WHERE journal_id IS NOT NULL;
CREATE INDEX audit_log_target_idx ON audit_log (target, created_at);

CREATE FUNCTION journals_check_audited() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.actor_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM audit_log WHERE journal_id = NEW.id AND actor_id = NEW.actor_id
  ) THEN
    RAISE EXCEPTION 'journal % by % has no audit row', NEW.id, NEW.actor_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER journals_audited AFTER INSERT ON journals
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION journals_check_audited();

-- L16: a journal started by a user may touch only that user's wallet and the wallets of its
-- downline (system accounts are not users and are always allowed).
CREATE FUNCTION entries_check_actor() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  actor uuid;
  owner uuid;
  owner_ancestors uuid[];
BEGIN
  SELECT actor_id INTO actor FROM journals WHERE id = NEW.journal_id;
  IF actor IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT u.id, u.ancestors INTO owner, owner_ancestors
    FROM ledger_accounts a JOIN users u ON u.id = a.user_id
    WHERE a.id = NEW.account_id;
  IF owner IS NOT NULL AND owner <> actor AND NOT (owner_ancestors @> ARRAY[actor]) THEN
    RAISE EXCEPTION 'journal % by % touches the wallet of %, who is not in its downline', NEW.journal_id, actor, owner
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER entries_check_actor BEFORE INSERT ON entries
  FOR EACH ROW EXECUTE FUNCTION entries_check_actor();
