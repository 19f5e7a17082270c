-- Sports and events (matches). Events stay empty until the feed module imports them; later
-- migrations extend the table (competitions, markets).

CREATE TABLE sports (
  sport_id   int PRIMARY KEY,
  name       text NOT NULL UNIQUE,
  sort_order int NOT NULL,
  active     boolean NOT NULL DEFAULT true
);

-- SPEC §3: 4 Cricket, 1 Soccer, 2 Tennis (shown in this order).
INSERT INTO sports (sport_id, name, sort_order) VALUES
  (4, 'Cricket', 1),
  (1, 'Soccer', 2),
  (2, 'Tennis', 3);

CREATE TABLE events (
  -- The provider's event id (Betfair-style numeric string), stable across imports.
  id             text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
  sport_id       int NOT NULL REFERENCES sports (sport_id),
  competition_id text,
  name           text NOT NULL,
  open_date      timestamptz NOT NULL,
  status         text NOT NULL DEFAULT 'upcoming' CHECK (status IN ('upcoming','inplay','closed')),
  in_play        boolean NOT NULL DEFAULT false,
  created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX events_sport_status_idx ON events (sport_id, status, open_date);
