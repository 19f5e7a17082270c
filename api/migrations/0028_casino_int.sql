-- International casino (issue 19, ADR 0020, CASINO.md §3.2 CW-1): a registry of game providers
-- and their games, the single-use launch tokens and the sessions they open, the wallet callbacks'
-- idempotency records (one row per (provider, transactionId), inserted in the same transaction as
-- its journal), the rounds and their partnership shares, the replay cache of nonces and the
-- reconciliation runs. Money moves only through journals between a player's wallet and the
-- provider's clearing account system:cw1_clearing:<provider>; a closed round's net leaves the
-- clearing account to the agents' P&L accounts (L13: clearing nets to 0 per closed round).

CREATE TABLE casino_int_providers (
  id           text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9_-]{0,39}$'),
  name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  -- X-Partner-Id of both directions.
  partner_id   text NOT NULL UNIQUE CHECK (partner_id ~ '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$'),
  -- Base URL of the provider's API ('' for sport_betting: our own exchange, no callbacks).
  launch_url   text NOT NULL CHECK (length(launch_url) <= 300),
  currencies   text[] NOT NULL CHECK (cardinality(currencies) BETWEEN 1 AND 10),
  -- False for sport_betting: same wallet, no CW-1 at all.
  seamless     boolean NOT NULL DEFAULT true,
  enabled      boolean NOT NULL DEFAULT true,
  sort_order   int NOT NULL DEFAULT 100,
  created_at   timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT casino_int_providers_seamless_url CHECK (NOT seamless OR launch_url ~ '^https?://')
);

-- Up to two active secrets per provider during a rotation (CW-1): retired ones are kept, marked.
-- HMAC needs the secret itself on both sides, so it is stored as is (ADR 0020).
CREATE TABLE casino_int_secrets (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id text NOT NULL REFERENCES casino_int_providers (id),
  secret      text NOT NULL CHECK (length(secret) BETWEEN 32 AND 200),
  created_at  timestamptz NOT NULL DEFAULT now(),
  retired_at  timestamptz
);
CREATE INDEX casino_int_secrets_active ON casino_int_secrets (provider_id) WHERE retired_at IS NULL;

CREATE TABLE casino_int_games (
  provider_id  text NOT NULL REFERENCES casino_int_providers (id),
  code         text NOT NULL CHECK (code ~ '^[a-z0-9][a-z0-9_-]{0,39}$'),
  name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  image        text NOT NULL CHECK (length(image) <= 300),
  category     text NOT NULL CHECK (category ~ '^[a-z0-9][a-z0-9_-]{0,39}$'),
  sub_category text NOT NULL CHECK (sub_category ~ '^[a-z0-9][a-z0-9_-]{0,39}$'),
  enabled      boolean NOT NULL DEFAULT true,
  sort_order   int NOT NULL DEFAULT 100,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider_id, code)
);

-- A launch: the token's SHA-256 only (the token itself goes to the provider once). Single use:
-- authenticate sets authenticated_at (once) before token_expires_at; the session it opens lives
-- until expires_at. Bound to player, currency and game.
CREATE TABLE casino_int_sessions (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash       text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  user_id          uuid NOT NULL REFERENCES users (id),
  provider_id      text NOT NULL REFERENCES casino_int_providers (id),
  game_code        text NOT NULL,
  currency         text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  -- The address the API saw (never the client's ipAddress field).
  ip               text NOT NULL,
  device           text NOT NULL CHECK (device IN ('desktop', 'mobile')),
  created_at       timestamptz NOT NULL DEFAULT now(),
  token_expires_at timestamptz NOT NULL,
  authenticated_at timestamptz,
  expires_at       timestamptz NOT NULL
);
CREATE INDEX casino_int_sessions_user ON casino_int_sessions (user_id, created_at);

-- The answer to each wallet request, by the provider's requestId: a retry of the same requestId
-- gets these exact bytes back (CW-1).
CREATE TABLE casino_int_requests (
  provider_id  text NOT NULL REFERENCES casino_int_providers (id),
  request_id   text NOT NULL CHECK (length(request_id) BETWEEN 1 AND 100),
  request_hash text NOT NULL CHECK (request_hash ~ '^[0-9a-f]{64}$'),
  response     text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider_id, request_id)
);

-- One row per money transaction (debit, credit, rollback) and per tombstone (a rollback that
-- overtook its debit: the debit's id, so the late debit is refused). Key = (provider,
-- transaction_id) under a unique index, inserted in the journal's own transaction (CW-1 rule 8).
-- Append-only: a debit's fate (credited, rolled back) is read from the rows that refer to it.
CREATE TABLE casino_int_transactions (
  id                 bigserial PRIMARY KEY,
  provider_id        text NOT NULL REFERENCES casino_int_providers (id),
  transaction_id     text NOT NULL CHECK (length(transaction_id) BETWEEN 1 AND 100),
  type               text NOT NULL CHECK (type IN ('debit', 'credit', 'rollback', 'tombstone')),
  ref_transaction_id text CHECK (length(ref_transaction_id) BETWEEN 1 AND 100),
  user_id            uuid NOT NULL REFERENCES users (id),
  round_id           text NOT NULL CHECK (length(round_id) BETWEEN 1 AND 100),
  game_code          text NOT NULL,
  amount_minor       bigint NOT NULL CHECK (amount_minor >= 0),
  -- SHA-256 of the canonical payload (the body without requestId), CW-1 rule 1.
  payload_hash       text NOT NULL CHECK (payload_hash ~ '^[0-9a-f]{64}$'),
  -- The stored answer (rules 2 and the byte-identical retry).
  response           text NOT NULL,
  journal_id         uuid REFERENCES journals (id),
  created_at         timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT casino_int_transactions_key UNIQUE (provider_id, transaction_id),
  CONSTRAINT casino_int_transactions_ref CHECK ((type IN ('credit', 'rollback')) = (ref_transaction_id IS NOT NULL)),
  CONSTRAINT casino_int_transactions_no_money CHECK (type <> 'tombstone' OR (amount_minor = 0 AND journal_id IS NULL))
);
CREATE INDEX casino_int_transactions_ref_idx ON casino_int_transactions (provider_id, ref_transaction_id) WHERE ref_transaction_id IS NOT NULL;
CREATE INDEX casino_int_transactions_day ON casino_int_transactions (provider_id, created_at);
CREATE INDEX casino_int_transactions_user ON casino_int_transactions (user_id, created_at);
CREATE TRIGGER casino_int_transactions_append_only
  BEFORE UPDATE OR DELETE ON casino_int_transactions
  FOR EACH ROW EXECUTE FUNCTION backlay_forbid_change();

-- A player's round at a provider (several players may share the provider's round id). Closed by a
-- credit with roundClosed, or roundClose: its net (debits − credits − rollbacks, the player's loss)
-- then leaves the clearing account to the agents' P&L accounts in close_journal_id.
CREATE TABLE casino_int_rounds (
  provider_id      text NOT NULL REFERENCES casino_int_providers (id),
  round_id         text NOT NULL,
  user_id          uuid NOT NULL REFERENCES users (id),
  game_code        text NOT NULL,
  status           text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  opened_at        timestamptz NOT NULL DEFAULT now(),
  closed_at        timestamptz,
  -- The player's P&L of the round once closed (credits + rollbacks − debits), paise.
  pnl_minor        bigint,
  close_journal_id uuid REFERENCES journals (id),
  PRIMARY KEY (provider_id, round_id, user_id),
  CONSTRAINT casino_int_rounds_closed CHECK ((status = 'closed') = (closed_at IS NOT NULL AND pnl_minor IS NOT NULL))
);
CREATE INDEX casino_int_rounds_user_closed ON casino_int_rounds (user_id, closed_at) WHERE status = 'closed';

-- Each agent's share of a closed round (RULES §7.9, shared/src/domain/partnership.ts).
CREATE TABLE casino_int_round_shares (
  provider_id   text NOT NULL,
  round_id      text NOT NULL,
  user_id       uuid NOT NULL,
  agent_id      uuid NOT NULL REFERENCES users (id),
  own_share_bps int NOT NULL,
  amount_minor  bigint NOT NULL,
  PRIMARY KEY (provider_id, round_id, user_id, agent_id),
  FOREIGN KEY (provider_id, round_id, user_id) REFERENCES casino_int_rounds (provider_id, round_id, user_id)
);
CREATE INDEX casino_int_round_shares_agent ON casino_int_round_shares (agent_id);

-- The replay cache of CW-1 nonces (10 min), shared by every API instance.
CREATE TABLE casino_int_nonces (
  provider_id text NOT NULL,
  nonce       uuid NOT NULL,
  expires_at  timestamptz NOT NULL,
  PRIMARY KEY (provider_id, nonce)
);
CREATE INDEX casino_int_nonces_expiry ON casino_int_nonces (expires_at);

-- The last reconciliation of a provider's day against its GET /v1/reports/transactions.
CREATE TABLE casino_int_reconciliations (
  provider_id text NOT NULL REFERENCES casino_int_providers (id),
  day         date NOT NULL,
  status      text NOT NULL CHECK (status IN ('matched', 'mismatched', 'failed')),
  error       text,
  their_count int NOT NULL DEFAULT 0,
  mismatches  jsonb NOT NULL DEFAULT '[]'::jsonb,
  ran_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider_id, day)
);

-- The demo's second provider: our own exchange in the frame (same wallet, no callbacks). The
-- studio (backlay-studio) is seeded at start from STUDIO_URL / STUDIO_SECRET (casino-int/seed.ts).
INSERT INTO casino_int_providers (id, name, partner_id, launch_url, currencies, seamless, sort_order)
  VALUES ('sport_betting', 'Sport Betting', 'sport_betting', '', ARRAY['INR'], false, 200);
INSERT INTO casino_int_games (provider_id, code, name, image, category, sub_category, sort_order)
  VALUES ('sport_betting', 'exchange', 'Exchange', '/api/casino-int/images/exchange.svg', 'sports', 'exchange', 1);
