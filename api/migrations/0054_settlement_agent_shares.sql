-- ADR 0079: a settlement's partnership split is stored per (settlement, agent, the agent's child on
-- the player's path) instead of one settlement_shares row per player and ancestor. settle_market
-- still computes every player's split exactly as before (docs/rules/money.md §7.9: a non-root
-- agent's amount from a player is trunc(−net × own ÷ 10,000), the root takes the remainder per
-- player) and stores the sums: for the nearest agent the child is the player (a row per player),
-- above it the child is the next agent down (a row per distinct child). `own_share_bps` depends
-- only on the agent and its child, so every per-player figure stays recomputable
-- (settlement_player_shares).
CREATE TABLE settlement_agent_shares (
  settlement_id uuid NOT NULL,
  -- The agent's child on the path of the players this row sums: the player itself below its
  -- nearest agent. A child has one parent, so (settlement, child) is the key.
  child_id      uuid NOT NULL,
  agent_id      uuid NOT NULL,
  own_share_bps int NOT NULL CHECK (own_share_bps BETWEEN 0 AND 10000),
  amount_minor  bigint NOT NULL,
  PRIMARY KEY (settlement_id, child_id)
);
CREATE INDEX settlement_agent_shares_agent_idx ON settlement_agent_shares (agent_id, settlement_id);

-- No foreign keys, as settlement_shares since migration 0023: written only by settle_market,
-- never changed nor deleted.
CREATE TRIGGER settlement_agent_shares_append_only BEFORE UPDATE OR DELETE ON settlement_agent_shares
  FOR EACH STATEMENT EXECUTE FUNCTION backlay_forbid_change();
CREATE TRIGGER settlement_agent_shares_no_truncate BEFORE TRUNCATE ON settlement_agent_shares
  FOR EACH STATEMENT EXECUTE FUNCTION backlay_forbid_change();

-- The settlements written before this migration, regrouped into the new shape, so every reader
-- reads one table. A player's path is its `ancestors` (root first; no route changes a parent, so
-- the path now is the path at the settlement). The per-player rows stay in settlement_shares,
-- which nothing writes any more (an INSERT is refused from here on).
-- backfill:begin
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM settlement_shares ss JOIN users u ON u.id = ss.user_id
             GROUP BY ss.settlement_id, coalesce(u.ancestors[array_position(u.ancestors, ss.agent_id) + 1], ss.user_id), ss.agent_id
             HAVING min(ss.own_share_bps) <> max(ss.own_share_bps)) THEN
    RAISE EXCEPTION 'a settlement has two own shares for one agent and child' USING ERRCODE = 'check_violation';
  END IF;
END $$;
INSERT INTO settlement_agent_shares (settlement_id, child_id, agent_id, own_share_bps, amount_minor)
SELECT ss.settlement_id, coalesce(u.ancestors[array_position(u.ancestors, ss.agent_id) + 1], ss.user_id), ss.agent_id,
       min(ss.own_share_bps), sum(ss.amount_minor)
FROM settlement_shares ss JOIN users u ON u.id = ss.user_id
WHERE NOT EXISTS (SELECT 1 FROM settlement_agent_shares x WHERE x.settlement_id = ss.settlement_id)
GROUP BY ss.settlement_id, 2, ss.agent_id;
-- backfill:end

CREATE TRIGGER settlement_shares_frozen BEFORE INSERT ON settlement_shares
  FOR EACH STATEMENT EXECUTE FUNCTION backlay_forbid_change();

-- A settlement posts one entry per player: 10,000 for the betting bench's market. Each checked two
-- foreign keys, a lookup and a FOR KEY SHARE lock per row and key (≈ 3 % of the settlement's CPU,
-- ADR 0079). Entries are written by the SQL functions only, from a journal and accounts they have
-- just inserted or locked. So, as migration 0023 did for the settlement rows, the keys become one
-- set-based check per INSERT statement (entries_check_actor: every new entry's journal and
-- account exist), and what the keys also guarded, the deletion of a referenced row, is forbidden
-- outright: journals are append-only already, ledger accounts are never deleted from here on.
ALTER TABLE entries DROP CONSTRAINT entries_journal_id_fkey,
                    DROP CONSTRAINT entries_account_id_fkey;
CREATE TRIGGER ledger_accounts_no_delete BEFORE DELETE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION backlay_forbid_change();
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION backlay_forbid_change();
-- entries_one_leg_per_account (journal_id, account_id) serves every lookup by journal.
DROP INDEX entries_journal_id_idx;
