-- Each game's maximum payout multiplier (issue 29): the most a round of it can ever pay, as a
-- multiple of the round's stakes. The wallet refuses a credit that would take a round's credits
-- above its debits (not rolled back) times this (LIMIT_EXCEEDED, a security event, a metric), so
-- a provider's signed credit can no longer pay any amount it likes. Registered with the game.
ALTER TABLE casino_int_games ADD COLUMN max_multiplier numeric(11, 2) CHECK (max_multiplier >= 1);

-- Backlay Studio's originals get their real maxima (@backlay/shared/casino STUDIO_MAX_MULTIPLIERS;
-- seed.ts sets them again at every start); sport_betting takes no callbacks (1); a game some
-- admin registered before this migration gets 1 000× until the Super Admin's registry says more.
UPDATE casino_int_games SET max_multiplier = CASE
  WHEN provider_id = 'backlay-studio' AND code = 'crash' THEN 100000
  WHEN provider_id = 'backlay-studio' AND code = 'mines' THEN 5148297
  WHEN provider_id = 'backlay-studio' AND code = 'plinko' THEN 1000
  WHEN provider_id = 'sport_betting' THEN 1
  ELSE 1000 END;
ALTER TABLE casino_int_games ALTER COLUMN max_multiplier SET NOT NULL;

-- The check sums a player's round (as the round's close does): by round, not by scanning the player.
CREATE INDEX casino_int_transactions_round ON casino_int_transactions (provider_id, round_id, user_id);
