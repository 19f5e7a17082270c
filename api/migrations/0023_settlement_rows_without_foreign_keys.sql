-- settle_market writes one settlement_users row per player and one settlement_shares row per
-- (player, agent on its path) of every market it settles; each row checked up to three foreign
-- keys, each check a FOR KEY SHARE lock on a parent row (ADR 0009's cost). A casino round settles
-- many markets a minute, and the checks were about a third of its settlement's time (pnpm
-- bench:casino). The rows are written only by settle_market, from the settlement it has just
-- inserted and from users it has just joined, and users are never deleted (users_never_deleted);
-- the invariants (B4) check every row against its settlement after every test. So the keys are
-- dropped, as ADR 0009 did for bets, and what they guarded against is forbidden outright: a
-- settlement is never deleted (a rollback marks it reversed), and its per-user and per-agent
-- rows are never changed or deleted.
ALTER TABLE settlement_users DROP CONSTRAINT settlement_users_settlement_id_fkey,
                             DROP CONSTRAINT settlement_users_user_id_fkey;
ALTER TABLE settlement_shares DROP CONSTRAINT settlement_shares_settlement_id_fkey,
                              DROP CONSTRAINT settlement_shares_user_id_fkey,
                              DROP CONSTRAINT settlement_shares_agent_id_fkey;

CREATE TRIGGER settlements_no_delete BEFORE DELETE ON settlements
  FOR EACH STATEMENT EXECUTE FUNCTION backlay_forbid_change();
CREATE TRIGGER settlements_no_truncate BEFORE TRUNCATE ON settlements
  FOR EACH STATEMENT EXECUTE FUNCTION backlay_forbid_change();
CREATE TRIGGER settlement_users_append_only BEFORE UPDATE OR DELETE ON settlement_users
  FOR EACH STATEMENT EXECUTE FUNCTION backlay_forbid_change();
CREATE TRIGGER settlement_users_no_truncate BEFORE TRUNCATE ON settlement_users
  FOR EACH STATEMENT EXECUTE FUNCTION backlay_forbid_change();
CREATE TRIGGER settlement_shares_append_only BEFORE UPDATE OR DELETE ON settlement_shares
  FOR EACH STATEMENT EXECUTE FUNCTION backlay_forbid_change();
CREATE TRIGGER settlement_shares_no_truncate BEFORE TRUNCATE ON settlement_shares
  FOR EACH STATEMENT EXECUTE FUNCTION backlay_forbid_change();
