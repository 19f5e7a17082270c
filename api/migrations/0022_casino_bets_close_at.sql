-- CASINO.md §4.2: for a timed window the server's bet-close timestamp is authoritative, and a bet
-- received after it is refused, even before the engine's next tick suspends the market. A
-- casino round's markets carry the round's close; place_runner_bet refuses a bet at or after it.
-- Sports markets leave it NULL (their feed and admins suspend them).
ALTER TABLE markets ADD COLUMN bets_close_at timestamptz;
