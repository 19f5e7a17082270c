-- The last foreign key on settlement's hot path: bets.settlement_id → settlements. settle_market
-- sets it on every bet it settles, from the settlement row it inserted a statement earlier, and
-- each check was a FOR KEY SHARE lock on that one parent row, 10,000 times for a 10,000-bet
-- market: about a tenth of the bets UPDATE (auto_explain, pnpm bench:casino). Nothing else sets
-- it but rollback_settlement (to NULL); settlements are never deleted (migration 0023); and the
-- invariant B3 checks after every test that a settled bet's settlement exists, is live and is
-- its market's (or its casino round's). So it goes, as ADR 0009 did for the bets' other parents.
ALTER TABLE bets DROP CONSTRAINT bets_settlement_fk;
