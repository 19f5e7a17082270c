-- Registration hardening (issue 20 step 11, ADR 0024).
--
-- One self-registration per phone: the service refuses a phone already on an account (409) before
-- it inserts, and this index is the backstop when two registrations of one phone race.
CREATE UNIQUE INDEX registrations_phone_key ON registrations (phone);

-- The service's "is this phone on an account" lookup (users.phone is also set by agents).
CREATE INDEX users_phone ON users (phone) WHERE phone IS NOT NULL;

-- Each send deletes a batch of codes older than the longest send window (a day), oldest first.
CREATE INDEX otp_codes_created ON otp_codes (created_at);

-- The code's HMAC now covers the send's nonce (purpose:phone:nonce:code): codes issued before
-- this migration cannot be verified any more. They live 5 minutes; end them now, not as failures.
UPDATE otp_codes SET replaced_at = now() WHERE consumed_at IS NULL AND replaced_at IS NULL;
