-- A player's bet preferences (issue 33, ADR 0055), edited in the bet slip, on the odds page and on
-- the Stake buttons page; no row means the defaults. `odds_acceptance` says what a runner bet
-- (match odds, bookmaker, casino) does when the live price differs from the one asked, at
-- placement and again at the end of the bet delay: 'better' (the default, as before: matched at
-- the live price when it is the same or better for the player, else "Odds changed"), 'any'
-- (matched at the live price whichever way it moved) or 'exact' (matched only at the price asked).
-- One-click betting: a price click places at once at `one_click_stake_minor` (whole rupees, as a
-- stake button) when `one_click` is on.
CREATE TABLE bet_preferences (
  user_id               uuid PRIMARY KEY REFERENCES users (id),
  odds_acceptance       text NOT NULL DEFAULT 'better',
  one_click             boolean NOT NULL DEFAULT false,
  one_click_stake_minor bigint NOT NULL DEFAULT 10000,
  updated_at            timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT bet_preferences_odds_acceptance CHECK (odds_acceptance IN ('better', 'any', 'exact')),
  CONSTRAINT bet_preferences_one_click_stake CHECK (
    one_click_stake_minor BETWEEN 100 AND 100000000 AND one_click_stake_minor % 100 = 0)
);

-- The acceptance a runner bet was placed under (NULL: placed before this migration, under the
-- old rule, which is 'better'). Invariant B7 reads it: a bet under 'any' may be matched at a
-- price worse than the one asked; a bet under 'exact' only at the price asked.
ALTER TABLE bets ADD COLUMN odds_acceptance text;
ALTER TABLE bets ADD CONSTRAINT bets_odds_acceptance CHECK (odds_acceptance IN ('better', 'any', 'exact'));

-- place_runner_bet(s) take the acceptance the request sent (NULL: the stored one): their
-- signatures change, so the old definitions go; the files of api/sql/functions create the new ones.
DROP FUNCTION IF EXISTS place_runner_bets(uuid[], text[], text[], text[], text[], text[], text[], integer[], bigint[], boolean[], uuid[], text[]);
DROP FUNCTION IF EXISTS place_runner_bet(uuid, text, text, text, text, text, text, integer, bigint, boolean, uuid, text);
