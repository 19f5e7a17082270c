-- Live casino (step 8, CASINO.md §1, §2 PF-1, §4.2). A table is an events row of kind 'casino'
-- (no sport) with one casino_tables row; each round adds its markets and runners of type
-- 'casino', so bets go through place_runner_bet(s), positions, the ledger and settle_market like
-- every sports bet. The round record (seed, cards, outcome, timestamps, status) is casino_rounds.

-- 1. Events: a kind, and no sport for a casino table.
ALTER TABLE events ADD COLUMN kind text NOT NULL DEFAULT 'sport' CHECK (kind IN ('sport', 'casino'));
ALTER TABLE events ALTER COLUMN sport_id DROP NOT NULL;
ALTER TABLE events ADD CONSTRAINT events_sport_of_kind CHECK ((kind = 'sport') = (sport_id IS NOT NULL));

-- 2. The market type 'casino' wherever market types are listed (bets and positions check theirs
-- in bets_row_check / positions_row_check, api/sql/functions).
ALTER TABLE markets DROP CONSTRAINT markets_market_type_check;
ALTER TABLE markets ADD CONSTRAINT markets_market_type_check
  CHECK (market_type IN ('match_odds', 'bookmaker', 'over_under', 'casino'));
ALTER TABLE settlements DROP CONSTRAINT settlements_market_type_check;
ALTER TABLE settlements ADD CONSTRAINT settlements_market_type_check
  CHECK (market_type IN ('match_odds', 'bookmaker', 'over_under', 'fancy', 'casino'));
ALTER TABLE commission_rules DROP CONSTRAINT commission_rules_market_type_check;
ALTER TABLE commission_rules ADD CONSTRAINT commission_rules_market_type_check
  CHECK (market_type IN ('match_odds', 'bookmaker', 'over_under', 'fancy', 'casino'));
-- The house edge of a table is in its prices (CASINO.md §1); no commission on top by default.
INSERT INTO commission_rules VALUES ('casino', 'NONE');
-- The engine settles its rounds with source 'casino' (never the feed, never an admin).
ALTER TABLE settlements DROP CONSTRAINT settlements_source_check;
ALTER TABLE settlements ADD CONSTRAINT settlements_source_check CHECK (source IN ('feed', 'admin', 'casino'));

-- 3. Tables: which game a table plays, its rule flags and limits, and whether it is enabled.
CREATE TABLE casino_tables (
  match_id         text PRIMARY KEY REFERENCES events (id),
  game_code        text NOT NULL UNIQUE CHECK (game_code ~ '^[a-z0-9]{2,20}$'),
  title            text NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
  category_id      int NOT NULL,
  -- The game definition's rule flags (CASINO.md: tieMode, suitPriority, firstSide…), validated by the engine.
  config           jsonb NOT NULL DEFAULT '{}'::jsonb,
  betting_seconds  int NOT NULL CHECK (betting_seconds BETWEEN 3 AND 300),
  min_stake_minor  bigint NOT NULL CHECK (min_stake_minor > 0),
  max_stake_minor  bigint NOT NULL,
  max_profit_minor bigint NOT NULL CHECK (max_profit_minor > 0),
  enabled          boolean NOT NULL DEFAULT true,
  sort_order       int NOT NULL,
  updated_by       uuid REFERENCES users (id),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT casino_tables_stakes_ordered CHECK (min_stake_minor <= max_stake_minor)
);

-- 4. PF-1 seed chains (CASINO.md §2.2): elements h_0 = secret … h_(length−1) = commitment, grown
-- by h → SHA-256(hex h); round n plays h_(length−1−n), so it serves length − 1 rounds. The
-- commitment is published when the chain opens; the salt of the client seed is fixed after it,
-- when the chain's first round opens.
CREATE TABLE casino_chains (
  id            bigserial PRIMARY KEY,
  match_id      text NOT NULL REFERENCES casino_tables (match_id),
  length        int NOT NULL CHECK (length >= 2),
  secret        text NOT NULL CHECK (secret ~ '^[0-9a-f]{64}$'),
  commitment    text NOT NULL CHECK (commitment ~ '^[0-9a-f]{64}$'),
  committed_at  timestamptz NOT NULL DEFAULT now(),
  salt          text CHECK (salt ~ '^[0-9a-f]{32}$'),
  salt_fixed_at timestamptz,
  -- Rounds opened on this chain (the last nonce used).
  used          int NOT NULL DEFAULT 0,
  CONSTRAINT casino_chains_used CHECK (used BETWEEN 0 AND length - 1),
  CONSTRAINT casino_chains_salt_after_commitment CHECK ((salt IS NULL) = (salt_fixed_at IS NULL) AND (salt_fixed_at IS NULL OR salt_fixed_at >= committed_at))
);
CREATE INDEX casino_chains_table_idx ON casino_chains (match_id, id DESC);

-- 5. Rounds: the record CASINO.md §4.2 asks for. The seed is committed when the round opens (the
-- shoe is a function of it); the API shows it only once the round is SETTLED or VOID.
CREATE TABLE casino_rounds (
  id               bigserial PRIMARY KEY,
  match_id         text NOT NULL REFERENCES casino_tables (match_id),
  game_code        text NOT NULL,
  chain_id         bigint NOT NULL REFERENCES casino_chains (id),
  nonce            int NOT NULL CHECK (nonce >= 1),
  config           jsonb NOT NULL,
  server_seed      text NOT NULL CHECK (server_seed ~ '^[0-9a-f]{64}$'),
  server_seed_hash text NOT NULL CHECK (server_seed_hash ~ '^[0-9a-f]{64}$'),
  client_seed      text NOT NULL CHECK (length(client_seed) BETWEEN 1 AND 200),
  status           text NOT NULL CHECK (status IN ('OPEN', 'CLOSED', 'SETTLED', 'VOID')),
  opened_at        timestamptz NOT NULL,
  closes_at        timestamptz NOT NULL,
  closed_at        timestamptz,
  -- When the engine settles a closed round (after the deal's animation).
  settle_at        timestamptz,
  settled_at       timestamptz,
  cards            text[],
  hands            jsonb,
  win              text,
  rdesc            text,
  -- Per market code, per selection: how a BACK bet settles (settle_market's CASINO result).
  outcomes         jsonb,
  void_reason      text CHECK (length(void_reason) BETWEEN 1 AND 200),
  CONSTRAINT casino_rounds_nonce UNIQUE (chain_id, nonce),
  CONSTRAINT casino_rounds_state CHECK (
    (status = 'OPEN' AND closed_at IS NULL AND cards IS NULL AND settled_at IS NULL AND void_reason IS NULL)
    OR (status = 'CLOSED' AND closed_at IS NOT NULL AND cards IS NOT NULL AND outcomes IS NOT NULL AND settle_at IS NOT NULL AND settled_at IS NULL)
    OR (status = 'SETTLED' AND closed_at IS NOT NULL AND cards IS NOT NULL AND outcomes IS NOT NULL AND settled_at IS NOT NULL)
    OR (status = 'VOID' AND settled_at IS NOT NULL AND void_reason IS NOT NULL))
);
-- At most one live round per table.
CREATE UNIQUE INDEX casino_rounds_one_live ON casino_rounds (match_id) WHERE status IN ('OPEN', 'CLOSED');
CREATE INDEX casino_rounds_table_idx ON casino_rounds (match_id, id DESC);
CREATE INDEX casino_rounds_settled_idx ON casino_rounds (settled_at);

-- 6. Enable and disable of a table is logged (AGCO 4.02(8), PA §811a.7(f)) in audit_log by the service.
