-- Step 4, part 2: fancy bets, market bet-locks, results and settlement (RULES §7.4–§7.9,
-- ADR 0007). Tables only; the functions that write them (place_fancy_bet, settle_market,
-- rollback_settlement) come in 0011.
--
-- Bets on fancies: a fancy bet is a binary bet on "runs ≥ line": YES is a BACK and NO a LAY at
-- decimal odds 1 + rate/100, so odds_hundredths = 100 + rate, price_shown = rate and run_line =
-- the line. Fancy ids and market ids are both provider ids from separate namespaces
-- (`123456789-F01` vs `1.234…`), so bets.market_id names either; it has no foreign key any more.

ALTER TABLE bets DROP CONSTRAINT bets_market_id_fkey;
ALTER TABLE bets DROP CONSTRAINT bets_market_type_check;
ALTER TABLE bets ADD CONSTRAINT bets_market_type_check
  CHECK (market_type IN ('match_odds', 'bookmaker', 'over_under', 'fancy'));
ALTER TABLE bets DROP CONSTRAINT bets_side_check;
ALTER TABLE bets ADD CONSTRAINT bets_side_check CHECK (
  (market_type = 'fancy' AND side IN ('YES', 'NO')) OR (market_type <> 'fancy' AND side IN ('BACK', 'LAY')));

ALTER TABLE bets
  ADD COLUMN run_line      int CHECK (run_line >= 0),
  -- The bet's own P&L, set by the settlement that settled it (0 for a voided bet).
  ADD COLUMN pnl_minor     bigint,
  ADD COLUMN settlement_id uuid,
  ADD COLUMN settled_at    timestamptz,
  ADD COLUMN void_reason   text CHECK (length(void_reason) BETWEEN 1 AND 200),
  ADD COLUMN voided_by     uuid REFERENCES users (id),
  ADD CONSTRAINT bets_fancy_has_line CHECK ((market_type = 'fancy') = (run_line IS NOT NULL)),
  ADD CONSTRAINT bets_settled_state CHECK (
    (status = 'open' AND pnl_minor IS NULL AND settlement_id IS NULL AND settled_at IS NULL AND void_reason IS NULL)
    OR (status = 'settled' AND pnl_minor IS NOT NULL AND settlement_id IS NOT NULL AND settled_at IS NOT NULL)
    OR (status = 'voided' AND pnl_minor = 0 AND settled_at IS NOT NULL AND void_reason IS NOT NULL));

CREATE INDEX bets_open_market_idx ON bets (market_id) WHERE status = 'open';
CREATE INDEX bets_user_status_idx ON bets (user_id, status, created_at DESC);
CREATE INDEX bets_settlement_idx ON bets (settlement_id) WHERE settlement_id IS NOT NULL;

-- Positions: runner markets keep {selectionId: pnl}; fancies keep the run book
-- {"lines": [t1 … tn], "zones": [p0 … pn]} (shared/src/domain/fancy.ts FancyBook). A settled
-- position is kept (a rollback re-opens it) and no longer counts in the wallet's exposure:
-- ledger_accounts.exposure_minor = Σ exposure_minor of the user's OPEN positions.
ALTER TABLE positions DROP CONSTRAINT positions_market_id_fkey;
ALTER TABLE positions
  ADD COLUMN market_type text NOT NULL DEFAULT 'match_odds'
    CHECK (market_type IN ('match_odds', 'bookmaker', 'over_under', 'fancy')),
  ADD COLUMN match_id    text REFERENCES events (id),
  ADD COLUMN status      text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settled'));
UPDATE positions p SET match_id = m.event_id, market_type = m.market_type FROM markets m WHERE m.id = p.market_id;
ALTER TABLE positions ALTER COLUMN match_id SET NOT NULL;
CREATE INDEX positions_market_open_idx ON positions (market_id) WHERE status = 'open';
CREATE INDEX positions_match_idx ON positions (match_id, user_id);

-- A bet-lock on one market for a subtree: nobody at or below user_id may bet on market_id.
CREATE TABLE market_bet_locks (
  user_id    uuid NOT NULL REFERENCES users (id),
  market_id  text NOT NULL CHECK (length(market_id) BETWEEN 1 AND 64),
  locked_by  uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, market_id)
);
CREATE INDEX market_bet_locks_market_idx ON market_bet_locks (market_id);

-- Commission basis per market type (RULES §7.6): NET_WIN on the user's net market win,
-- TURNOVER on stakes, NONE. The rate is users.commission_bps capped by the parent's.
CREATE TABLE commission_rules (
  market_type text PRIMARY KEY CHECK (market_type IN ('match_odds', 'bookmaker', 'over_under', 'fancy')),
  basis       text NOT NULL CHECK (basis IN ('NET_WIN', 'TURNOVER', 'NONE'))
);
INSERT INTO commission_rules VALUES ('match_odds', 'NET_WIN'), ('over_under', 'NET_WIN'), ('bookmaker', 'NONE'), ('fancy', 'NONE');

-- One row per (market, settlement version). A rollback marks the row reversed (and posts the
-- reversing journal); a new declaration makes version + 1. At most one live row per market.
CREATE TABLE settlements (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  market_id           text NOT NULL CHECK (length(market_id) BETWEEN 1 AND 64),
  market_type         text NOT NULL CHECK (market_type IN ('match_odds', 'bookmaker', 'over_under', 'fancy')),
  match_id            text NOT NULL REFERENCES events (id),
  version             int NOT NULL CHECK (version >= 1),
  -- shared/src/contracts/bets.ts DeclaredResult: {"type":"WINNER","selectionId":…} | DEAD_HEAT | RUNS | VOID
  result              jsonb NOT NULL,
  source              text NOT NULL CHECK (source IN ('feed', 'admin')),
  actor_id            uuid REFERENCES users (id),
  -- NULL when no money moved (every user's net P&L was 0, e.g. a void).
  journal_id          uuid REFERENCES journals (id),
  bets                int NOT NULL CHECK (bets >= 0),
  users               int NOT NULL CHECK (users >= 0),
  users_pnl_minor     bigint NOT NULL,
  commission_minor    bigint NOT NULL CHECK (commission_minor >= 0),
  created_at          timestamptz NOT NULL DEFAULT clock_timestamp(),
  reversed_at         timestamptz,
  reversed_by         uuid REFERENCES users (id),
  reversal_journal_id uuid REFERENCES journals (id),
  CONSTRAINT settlements_market_version UNIQUE (market_id, version)
);
CREATE UNIQUE INDEX settlements_one_live ON settlements (market_id) WHERE reversed_at IS NULL;
CREATE INDEX settlements_match_idx ON settlements (match_id);
CREATE INDEX settlements_created_idx ON settlements (created_at);

ALTER TABLE bets ADD CONSTRAINT bets_settlement_fk FOREIGN KEY (settlement_id) REFERENCES settlements (id);

-- Per user of a settlement: W (gross), commission, net = W − commission (what the wallet got).
CREATE TABLE settlement_users (
  settlement_id    uuid NOT NULL REFERENCES settlements (id),
  user_id          uuid NOT NULL REFERENCES users (id),
  gross_pnl_minor  bigint NOT NULL,
  commission_minor bigint NOT NULL CHECK (commission_minor >= 0),
  net_minor        bigint NOT NULL,
  turnover_minor   bigint NOT NULL CHECK (turnover_minor >= 0),
  PRIMARY KEY (settlement_id, user_id),
  CONSTRAINT settlement_users_net CHECK (net_minor = gross_pnl_minor - commission_minor)
);
CREATE INDEX settlement_users_user_idx ON settlement_users (user_id);

-- Per (settlement, user, agent on the user's path): the agent's own share of −net (RULES §7.9),
-- rounding residue on the root (T28). Σ over agents = −net per user.
CREATE TABLE settlement_shares (
  settlement_id uuid NOT NULL REFERENCES settlements (id),
  user_id       uuid NOT NULL REFERENCES users (id),
  agent_id      uuid NOT NULL REFERENCES users (id),
  own_share_bps int NOT NULL CHECK (own_share_bps BETWEEN 0 AND 10000),
  amount_minor  bigint NOT NULL,
  PRIMARY KEY (settlement_id, user_id, agent_id)
);
CREATE INDEX settlement_shares_agent_idx ON settlement_shares (agent_id, settlement_id);
