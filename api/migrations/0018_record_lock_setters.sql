-- Issue 15 item 1: a lock belongs to the agent that set it. An agent may lift a lock only when
-- it set it itself or an account below it did; a lock set by one of its ancestors is out of its
-- reach (policy.ts decideLift). So each lock records who set it:
-- - users.locked_by      the setter of status = 'locked' (NULL while the account is not locked);
-- - users.bet_locked_by  the setter of bet_lock = true (NULL while betting is open);
-- - market_bet_locks.locked_by already exists (0010).
--
-- Placement (0013/0015/0016) still reads only u.bet_lock and the ancestors' bet_lock: the setter
-- matters to who may lift a lock, never to whether a bet is refused, so the hot path is untouched.
--
-- Locks set before this migration get their setter from the audit log (the latest users.lock /
-- users.bet_lock row of the account, whose actor is the agent that called the route). A lock with
-- no such row (written outside the API) keeps NULL, which the policy treats as set by the top of
-- the account's chain: only that root may lift it.

ALTER TABLE users
  ADD COLUMN locked_by     uuid REFERENCES users (id),
  ADD COLUMN bet_locked_by uuid REFERENCES users (id);

UPDATE users u SET locked_by = (
  SELECT a.actor_id FROM audit_log a
  WHERE a.action = 'users.lock' AND a.target = 'user:' || u.id::text
  ORDER BY a.created_at DESC, a.id DESC LIMIT 1)
WHERE u.status = 'locked';

UPDATE users u SET bet_locked_by = (
  SELECT a.actor_id FROM audit_log a
  WHERE a.action = 'users.bet_lock' AND a.target = 'user:' || u.id::text
  ORDER BY a.created_at DESC, a.id DESC LIMIT 1)
WHERE u.bet_lock;
