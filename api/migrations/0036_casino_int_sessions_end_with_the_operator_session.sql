-- A game session lives only as long as the operator session that launched it (issue 29): a
-- logout, a newer sign-in, a password change or an upline's reset, a lock, or the operator
-- session's own expiry ends it, and from then on the wallet refuses its debits (SESSION_EXPIRED).
-- Credits and rollbacks of its open rounds still settle (CW-1 rule 6).
ALTER TABLE casino_int_sessions ADD COLUMN operator_session_id uuid REFERENCES sessions (id);

-- Launches made before this migration name no operator session: they take no new stake.
COMMENT ON COLUMN casino_int_sessions.operator_session_id IS
  'The operator session (sessions.id) the launch came from; the game session is live only while it is. NULL: launched before migration 0036, never live again.';
