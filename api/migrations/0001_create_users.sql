-- Users of the six-tier hierarchy (SPEC §6). Every non-root user hangs under a parent exactly
-- one tier above it; `ancestors` (root first) is maintained by a trigger from the parent's
-- chain, so downline checks are a single indexed lookup and can never drift from parent_id.

CREATE FUNCTION backlay_role_tier(role text) RETURNS int
  LANGUAGE sql IMMUTABLE STRICT
  AS $$ SELECT array_position(ARRAY['admin','sadmin','smdl','mdl','dl','user']::text[], role) $$;

CREATE TABLE users (
  id                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username               text NOT NULL CHECK (username ~ '^[A-Za-z0-9._-]{3,20}$'),
  display_name           text NOT NULL DEFAULT '',
  phone                  text,
  role                   text NOT NULL CHECK (role IN ('admin','sadmin','smdl','mdl','dl','user')),
  parent_id              uuid REFERENCES users (id),
  ancestors              uuid[] NOT NULL DEFAULT '{}',
  status                 text NOT NULL DEFAULT 'active' CHECK (status IN ('active','locked','closed')),
  bet_lock               boolean NOT NULL DEFAULT false,
  password_hash          text NOT NULL,
  txn_password_hash      text,
  must_change_password   boolean NOT NULL DEFAULT true,
  created_by             uuid REFERENCES users (id),
  created_at             timestamptz NOT NULL DEFAULT now(),
  last_login_at          timestamptz,
  -- The login before the current one: what the user is shown after signing in.
  previous_login_at      timestamptz,
  partnership_share_bps  int NOT NULL DEFAULT 0 CHECK (partnership_share_bps BETWEEN 0 AND 10000),
  credit_reference_minor bigint NOT NULL DEFAULT 0 CHECK (credit_reference_minor >= 0),
  exposure_limit_minor   bigint CHECK (exposure_limit_minor >= 0),
  commission_bps         int NOT NULL DEFAULT 0 CHECK (commission_bps BETWEEN 0 AND 10000),
  -- Only the top tier has no parent, and the top tier never has one.
  CONSTRAINT users_root_has_no_parent CHECK ((role = 'admin') = (parent_id IS NULL)),
  CONSTRAINT users_root_full_share CHECK (role <> 'admin' OR partnership_share_bps = 10000)
);

CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username));
CREATE INDEX users_parent_id_idx ON users (parent_id);
CREATE INDEX users_ancestors_gin ON users USING gin (ancestors);

-- A child's role is exactly one tier below its parent's; ancestors = parent's ancestors + parent.
CREATE FUNCTION users_check_hierarchy() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  parent_role text;
  parent_ancestors uuid[];
BEGIN
  IF NEW.parent_id IS NULL THEN
    NEW.ancestors := '{}';
    RETURN NEW;
  END IF;
  SELECT role, ancestors INTO parent_role, parent_ancestors FROM users WHERE id = NEW.parent_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'parent % does not exist', NEW.parent_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF backlay_role_tier(NEW.role) <> backlay_role_tier(parent_role) + 1 THEN
    RAISE EXCEPTION 'role % cannot be a child of role %', NEW.role, parent_role
      USING ERRCODE = 'check_violation';
  END IF;
  NEW.ancestors := parent_ancestors || NEW.parent_id;
  RETURN NEW;
END $$;

CREATE TRIGGER users_check_hierarchy
  BEFORE INSERT OR UPDATE OF parent_id, role, ancestors ON users
  FOR EACH ROW EXECUTE FUNCTION users_check_hierarchy();
