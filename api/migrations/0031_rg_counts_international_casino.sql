-- Responsible gambling's loss limits (ADR 0019) count the international casino's play too: its
-- wallet debits, credits and rollbacks (ADR 0020) are wins and losses on the player's wallet,
-- like the sports and live casino settlements already listed.
INSERT INTO rg_loss_journal_codes (code) VALUES ('CASINO_INT_DEBIT'), ('CASINO_INT_CREDIT'), ('CASINO_INT_ROLLBACK');
