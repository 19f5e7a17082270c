-- Racing (issue 30, ADR 0041, docs/racing-rules.md). A market has as many winners as the feed
-- says (Betfair's numberOfWinners: 1 for WIN, 2-4 for PLACE): every placed runner wins in full.
-- A non-runner (runner status 'removed') keeps its reduction factor (Betfair's adjustmentFactor,
-- a percentage) and the time it was removed: settlement voids the bets on it and reduces the
-- price of bets on the other runners matched before that time (R-3 of the racing rules).
-- feed_placed: the placed runners the feed gave when it closed a market of several winners
-- (sorted; settled as PLACED), as feed_result holds a single winner.
ALTER TABLE markets
  ADD COLUMN number_of_winners int NOT NULL DEFAULT 1 CHECK (number_of_winners BETWEEN 1 AND 10),
  ADD COLUMN feed_placed text[],
  ADD CONSTRAINT markets_feed_placed_when_closed CHECK (feed_placed IS NULL OR feed_status = 'closed');

ALTER TABLE runners
  ADD COLUMN adjustment_factor numeric(5, 2) CHECK (adjustment_factor >= 0 AND adjustment_factor < 100),
  ADD COLUMN removed_at timestamptz,
  ADD CONSTRAINT runners_removed_at_when_removed CHECK (removed_at IS NULL OR status = 'removed');

-- Betfair's event types for racing. Switched off until the player's racing screens exist (ADR
-- 0041): the feed can import and settle races, an admin switches a sport on.
INSERT INTO sports (sport_id, name, sort_order, active) VALUES
  (7, 'Horse Racing', 4, false),
  (4339, 'Greyhound Racing', 5, false);
