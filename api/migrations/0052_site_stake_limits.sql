-- Stake limits per site (issue 35, ADR 0074 "Content per site"): a site may set tighter stake
-- limits for its own players; null is the market's own. At placement the tighter of the
-- market's and the site's applies. Served with the cached site directory, so no bet reads them.
ALTER TABLE sites
  ADD COLUMN min_stake_minor bigint CHECK (min_stake_minor > 0),
  ADD COLUMN max_stake_minor bigint CHECK (max_stake_minor > 0),
  ADD CONSTRAINT sites_stake_limits_order CHECK (min_stake_minor IS NULL OR max_stake_minor IS NULL OR min_stake_minor <= max_stake_minor);
