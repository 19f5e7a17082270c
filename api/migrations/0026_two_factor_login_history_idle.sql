-- Account security (issue 20): TOTP two-factor, recovery codes, the role requirement, login
-- history and the session's last-seen time of the server-side idle timeout (ADR 0018).

-- 1. TOTP per user. The secret is AES-256-GCM ciphertext (auth/two-factor-crypto.ts), never the
-- plain secret. A pending secret waits for its first code; confirming moves it to totp_secret.
-- totp_last_step is the last accepted 30 s step: a code of that step or earlier is refused.
ALTER TABLE users ADD COLUMN totp_secret text;
ALTER TABLE users ADD COLUMN totp_pending_secret text;
ALTER TABLE users ADD COLUMN totp_enabled_at timestamptz;
ALTER TABLE users ADD COLUMN totp_last_step bigint;
ALTER TABLE users ADD CONSTRAINT users_totp_enabled_has_secret CHECK ((totp_enabled_at IS NULL) = (totp_secret IS NULL));

-- 2. Recovery codes: SHA-256 hex of each (they are 80-bit random, so no slow hash is needed).
CREATE TABLE two_factor_recovery_codes (
  id         bigserial PRIMARY KEY,
  user_id    uuid NOT NULL REFERENCES users (id),
  code_hash  text NOT NULL CHECK (code_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at    timestamptz,
  UNIQUE (user_id, code_hash)
);

-- 3. The agent roles that must use two-factor (one row; admin and sadmin change it).
CREATE TABLE two_factor_policy (
  id             boolean PRIMARY KEY DEFAULT true CHECK (id),
  required_roles text[] NOT NULL DEFAULT '{}'
    CHECK (required_roles <@ ARRAY['admin','sadmin','smdl','mdl','dl']::text[]),
  updated_by     uuid REFERENCES users (id),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
INSERT INTO two_factor_policy (id) VALUES (true);

-- 4. Every login attempt. user_id is null when the username matches no account; the caller is
-- never told which (the answer is the same 401).
CREATE TABLE login_history (
  id          bigserial PRIMARY KEY,
  user_id     uuid REFERENCES users (id),
  username    text NOT NULL,
  area        text NOT NULL CHECK (area IN ('player','admin')),
  occurred_at timestamptz NOT NULL DEFAULT now(),
  ip          text,
  device      text NOT NULL,
  location    text NOT NULL,
  success     boolean NOT NULL,
  reason      text NOT NULL CHECK (reason IN (
    'ok','two_factor_pending','invalid_credentials','wrong_area','locked','throttled',
    'two_factor_invalid','two_factor_throttled'))
);
CREATE INDEX login_history_user_idx ON login_history (user_id, occurred_at DESC, id DESC);

-- 5. Idle timeout: the last request of a session, written at most once a minute per session
-- (auth/idle-sessions.ts keeps the exact time in memory), and the new end reason.
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz;
ALTER TABLE sessions DROP CONSTRAINT sessions_ended_reason_check;
ALTER TABLE sessions ADD CONSTRAINT sessions_ended_reason_check
  CHECK (ended_reason IN ('replaced','logout','password_changed','refresh_reuse','locked','password_reset','idle'));
