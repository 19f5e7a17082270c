-- Step 4, performance: bets and positions keep their user and match without foreign keys
-- (ADR 0009).
--
-- Why: PostgreSQL checks a foreign key by locking the parent row FOR KEY SHARE.
-- - Every bet on a match locked the same `events` row. Concurrent batches then share that lock
--   through a MultiXact, and each new locker rewrites the tuple's xmax and writes WAL.
-- - Every bet of a player did the same to its `users` row.
-- On the bench this was about a fifth of PostgreSQL's CPU per bet (ADR 0009 has the figures).
--
-- The same guarantees, kept another way:
-- - Insert side. Only the placement functions (0011, 0013, 0015) write bets and positions. Each
--   function first takes the bet's market (or fancy) row on that match FOR KEY SHARE, and that
--   row references events. It then takes the player's wallet FOR UPDATE, and the wallet
--   references users. So the match and the player exist when the bet is written.
-- - Delete side.
--   - Users are never deleted: an account is locked or closed, never erased (records are kept,
--     as for the ledger). `users_never_deleted` enforces it.
--   - An event with positions cannot be deleted. The stale-event clean-up only removes
--     unimported closed events, which carry no bets. `events_keep_bets` enforces it: it first
--     locks the event's markets and fancies FOR UPDATE, which waits for a bet in flight (that
--     bet holds one of them FOR KEY SHARE). It then looks for positions with a fresh snapshot.
--     A bet that comes later waits on the same lock, and then finds its market gone
--     (MARKET_NOT_FOUND).
--   - Every bet writes its position in the same transaction, and positions are never deleted,
--     so "no positions" means "no bets".
-- The integration test checks B6 (no bet or position without its user and match) after every
-- test.

ALTER TABLE bets DROP CONSTRAINT bets_user_id_fkey, DROP CONSTRAINT bets_match_id_fkey;
ALTER TABLE positions DROP CONSTRAINT positions_user_id_fkey, DROP CONSTRAINT positions_match_id_fkey;

CREATE FUNCTION users_never_deleted() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'users are never deleted: lock the account instead (user %)', OLD.id
    USING ERRCODE = 'restrict_violation';
END $$;

CREATE TRIGGER users_never_deleted BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION users_never_deleted();

CREATE FUNCTION events_keep_bets() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  -- Wait for bets in flight on this event's markets and fancies, and hold off later ones.
  PERFORM 1 FROM markets m WHERE m.event_id = OLD.id ORDER BY m.id FOR UPDATE;
  PERFORM 1 FROM fancies f WHERE f.event_id = OLD.id ORDER BY f.id FOR UPDATE;
  IF EXISTS (SELECT 1 FROM positions p WHERE p.match_id = OLD.id) THEN
    RAISE EXCEPTION 'event % has bets and cannot be deleted', OLD.id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN OLD;
END $$;

CREATE TRIGGER events_keep_bets BEFORE DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION events_keep_bets();
