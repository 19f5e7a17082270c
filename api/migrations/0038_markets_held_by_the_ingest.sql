-- Markets that protect themselves (issue 30, ADR 0039). The ingest holds a market suspended on
-- its own word, apart from the feed's status and from an admin's suspension (admin_suspended,
-- which the ingest never touches): 'stale' when the provider went silent past its staleness,
-- disconnected or reconnected; 'in_play' when the market turned in play on its pre-match prices.
-- A held market has
-- feed_status 'suspended' (so placement, which reads feed_status, refuses it as before) and
-- reopens, taking the feed's status again, only on a message received after held_at.
-- fed_at: when the provider received the last message the market's row comes from.
ALTER TABLE markets
  ADD COLUMN fed_at timestamptz,
  ADD COLUMN hold_reason text CHECK (hold_reason IN ('stale', 'in_play')),
  ADD COLUMN held_at timestamptz,
  ADD CONSTRAINT markets_hold_complete CHECK ((hold_reason IS NULL) = (held_at IS NULL));

ALTER TABLE fancies
  ADD COLUMN fed_at timestamptz,
  ADD COLUMN hold_reason text CHECK (hold_reason IN ('stale')),
  ADD COLUMN held_at timestamptz,
  ADD CONSTRAINT fancies_hold_complete CHECK ((hold_reason IS NULL) = (held_at IS NULL));

-- The feed's health as the ingest's leader last saw it (one row, written at most every second
-- and whenever the feed turns stale): GET /api/feed-status answers the same from any instance.
-- stale_suspensions counts every leader's stale holds.
CREATE TABLE feed_health (
  id                 boolean PRIMARY KEY DEFAULT true CHECK (id),
  provider           text NOT NULL,
  connected          boolean NOT NULL,
  last_message_at    timestamptz,
  reconnects         integer NOT NULL CHECK (reconnects >= 0),
  markets_subscribed integer NOT NULL CHECK (markets_subscribed >= 0),
  lag_ms             integer,
  last_error         text,
  stale_after_ms     integer NOT NULL,
  stale              text CHECK (stale IN ('silent', 'disconnected', 'reconnected')),
  stale_suspensions  bigint NOT NULL DEFAULT 0 CHECK (stale_suspensions >= 0),
  checked_at         timestamptz NOT NULL
);
