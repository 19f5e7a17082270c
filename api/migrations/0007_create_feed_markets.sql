-- Step 3: the odds feed as the API serves it. The feed ingest (one instance, advisory lock)
-- writes competitions, events, markets with their runners and prices, fancies and scores for
-- every match the provider offers; admins import matches (events.imported) and switch markets
-- and fancies on (active). Odds are integers in hundredths, bookmaker rates integers in paise
-- of a rupee (85 = 0.85), money in paise. Admin-owned columns (active, admin_suspended, limits)
-- are never written by the ingest.

-- Per-sport defaults for new markets and fancies (POST save-sport-settings).
ALTER TABLE sports
  ADD COLUMN min_stake_minor  bigint NOT NULL DEFAULT 10000 CHECK (min_stake_minor > 0),
  ADD COLUMN max_stake_minor  bigint NOT NULL DEFAULT 10000000,
  ADD COLUMN max_profit_minor bigint NOT NULL DEFAULT 50000000 CHECK (max_profit_minor > 0),
  ADD COLUMN bet_delay_sec    int NOT NULL DEFAULT 5 CHECK (bet_delay_sec BETWEEN 0 AND 60),
  ADD COLUMN updated_by       uuid REFERENCES users (id),
  ADD COLUMN updated_at       timestamptz NOT NULL DEFAULT now(),
  ADD CONSTRAINT sports_stakes_ordered CHECK (min_stake_minor <= max_stake_minor);

CREATE TABLE competitions (
  id         text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
  sport_id   int NOT NULL REFERENCES sports (sport_id),
  name       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX competitions_sport_idx ON competitions (sport_id, name);

-- Events: the feed's fields, plus the import and the admin switch. A player sees an event only
-- when it is imported and active.
ALTER TABLE events
  ADD COLUMN home        text NOT NULL DEFAULT '',
  ADD COLUMN away        text NOT NULL DEFAULT '',
  ADD COLUMN imported    boolean NOT NULL DEFAULT false,
  ADD COLUMN imported_at timestamptz,
  ADD COLUMN imported_by uuid REFERENCES users (id),
  ADD COLUMN active      boolean NOT NULL DEFAULT true,
  ADD COLUMN updated_at  timestamptz NOT NULL DEFAULT now(),
  ADD CONSTRAINT events_competition_fk FOREIGN KEY (competition_id) REFERENCES competitions (id);

CREATE INDEX events_imported_idx ON events (sport_id, status, open_date) WHERE imported;
CREATE INDEX events_competition_idx ON events (competition_id, open_date);

CREATE TABLE markets (
  -- The provider's market id (Betfair style '1.234…'), stable across imports.
  id               text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
  event_id         text NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  name             text NOT NULL,
  market_type      text NOT NULL CHECK (market_type IN ('match_odds', 'bookmaker', 'over_under')),
  sort_order       int NOT NULL,
  -- What the feed says; the status players see adds the admin's suspension on top.
  feed_status      text NOT NULL CHECK (feed_status IN ('open', 'suspended', 'ball_running', 'closed')),
  in_play          boolean NOT NULL DEFAULT false,
  active           boolean NOT NULL DEFAULT false,
  admin_suspended  boolean NOT NULL DEFAULT false,
  min_stake_minor  bigint NOT NULL CHECK (min_stake_minor > 0),
  max_stake_minor  bigint NOT NULL,
  max_profit_minor bigint NOT NULL CHECK (max_profit_minor > 0),
  bet_delay_sec    int NOT NULL CHECK (bet_delay_sec BETWEEN 0 AND 60),
  -- Winner selection id, or 'void'; set once with the final feed status 'closed'.
  result           text,
  resulted_at      timestamptz,
  -- Bumped by every feed change (RULES §7.11 marketVersion).
  version          bigint NOT NULL DEFAULT 1,
  updated_at       timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT markets_stakes_ordered CHECK (min_stake_minor <= max_stake_minor),
  CONSTRAINT markets_result_when_closed CHECK (result IS NULL OR feed_status = 'closed')
);

CREATE INDEX markets_event_idx ON markets (event_id, sort_order);

CREATE TABLE runners (
  market_id        text NOT NULL REFERENCES markets (id) ON DELETE CASCADE,
  selection_id     text NOT NULL CHECK (length(selection_id) BETWEEN 1 AND 64),
  name             text NOT NULL,
  sort_order       int NOT NULL,
  status           text NOT NULL CHECK (status IN ('active', 'winner', 'loser', 'removed')),
  -- Best first: backs highest price first, lays lowest first; sizes in paise.
  back_prices      int[] NOT NULL DEFAULT '{}',
  back_sizes_minor bigint[] NOT NULL DEFAULT '{}',
  lay_prices       int[] NOT NULL DEFAULT '{}',
  lay_sizes_minor  bigint[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (market_id, selection_id),
  CONSTRAINT runners_levels_paired CHECK (
    cardinality(back_prices) = cardinality(back_sizes_minor) AND cardinality(lay_prices) = cardinality(lay_sizes_minor))
);

CREATE TABLE fancies (
  id               text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
  event_id         text NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  name             text NOT NULL,
  gtype            text NOT NULL DEFAULT 'session',
  sort_order       int NOT NULL,
  feed_status      text NOT NULL CHECK (feed_status IN ('open', 'suspended', 'ball_running', 'closed')),
  active           boolean NOT NULL DEFAULT false,
  admin_suspended  boolean NOT NULL DEFAULT false,
  no_run           int NOT NULL CHECK (no_run >= 0),
  no_rate          int NOT NULL CHECK (no_rate > 0),
  yes_run          int NOT NULL CHECK (yes_run >= 0),
  yes_rate         int NOT NULL CHECK (yes_rate > 0),
  min_stake_minor  bigint NOT NULL CHECK (min_stake_minor > 0),
  max_stake_minor  bigint NOT NULL,
  max_profit_minor bigint NOT NULL CHECK (max_profit_minor > 0),
  bet_delay_sec    int NOT NULL CHECK (bet_delay_sec BETWEEN 0 AND 60),
  -- Runs (or the score at the fall of a wicket) once settled; a closed fancy without a result
  -- was voided (its event vanished from the provider).
  result           int,
  resulted_at      timestamptz,
  version          bigint NOT NULL DEFAULT 1,
  updated_at       timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT fancies_stakes_ordered CHECK (min_stake_minor <= max_stake_minor),
  CONSTRAINT fancies_lines_ordered CHECK (yes_run >= no_run),
  CONSTRAINT fancies_result_when_closed CHECK (result IS NULL OR feed_status = 'closed')
);

CREATE INDEX fancies_event_idx ON fancies (event_id, sort_order);

CREATE TABLE scores (
  event_id     text PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
  home         text NOT NULL,
  away         text NOT NULL,
  summary      text NOT NULL,
  detail       text[] NOT NULL DEFAULT '{}',
  in_play      boolean NOT NULL,
  ball_running boolean NOT NULL,
  updated_at   timestamptz NOT NULL
);

-- News lines (admin 'messages'); players see the active ones.
CREATE TABLE news_messages (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  text       text NOT NULL CHECK (length(text) BETWEEN 1 AND 500),
  active     boolean NOT NULL DEFAULT true,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX news_messages_created_idx ON news_messages (created_at DESC);

-- Stake buttons per user (button-values); no row means the defaults.
CREATE TABLE button_values (
  user_id      uuid PRIMARY KEY REFERENCES users (id),
  labels       text[] NOT NULL,
  values_minor bigint[] NOT NULL,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT button_values_paired CHECK (
    cardinality(labels) = cardinality(values_minor) AND cardinality(labels) BETWEEN 1 AND 10)
);
