-- Sign-in sessions and rotating refresh tokens (QUALITY T10). One live session per user: a new
-- login ends the others. Refresh tokens are stored only as SHA-256 hex, never raw.

CREATE TABLE sessions (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id      uuid NOT NULL REFERENCES users (id),
  area         text NOT NULL CHECK (area IN ('player','admin')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  -- Absolute lifetime: no refresh extends a session past this.
  expires_at   timestamptz NOT NULL,
  ended_at     timestamptz,
  ended_reason text CHECK (ended_reason IN ('replaced','logout','password_changed','refresh_reuse','locked')),
  ip           text,
  user_agent   text,
  CONSTRAINT sessions_end_has_reason CHECK ((ended_at IS NULL) = (ended_reason IS NULL))
);

-- Backstop for single-session enforcement: at most one live session per user.
CREATE UNIQUE INDEX sessions_one_live_per_user ON sessions (user_id) WHERE ended_at IS NULL;

CREATE TABLE refresh_tokens (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  session_id  uuid NOT NULL REFERENCES sessions (id),
  family_id   uuid NOT NULL,
  parent_id   uuid REFERENCES refresh_tokens (id),
  token_hash  text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  revoked_at  timestamptz,
  replaced_by uuid REFERENCES refresh_tokens (id)
);

CREATE INDEX refresh_tokens_session_id_idx ON refresh_tokens (session_id);
CREATE INDEX refresh_tokens_family_id_idx ON refresh_tokens (family_id);
