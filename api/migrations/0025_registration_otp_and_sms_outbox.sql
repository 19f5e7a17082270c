-- Self-registration (issue 20, ADR 0017): one-time codes sent by SMS, the demo SMS outbox, spent
-- proof-of-work captcha solutions and the record of each registration.
--
-- otp_codes: a code is stored only as HMAC-SHA256(server secret, purpose:phone:code), never in
-- clear. At most one live code per (phone, purpose): a resend marks the old one replaced. Each
-- verify attempt is one conditional UPDATE (attempts = attempts + 1 WHERE attempts < 5), so 50
-- concurrent guesses evaluate exactly 5; consumed_at makes a code single use. Times come from the
-- API's clock (tests inject one), not now(), so expiry and the send windows agree with it.
CREATE TABLE otp_codes (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  phone       text NOT NULL CHECK (phone ~ '^[6-9][0-9]{9}$'),
  purpose     text NOT NULL CHECK (purpose IN ('register', 'reset')),
  code_hmac   bytea NOT NULL CHECK (octet_length(code_hmac) = 32),
  attempts    integer NOT NULL DEFAULT 0 CHECK (attempts BETWEEN 0 AND 5),
  ip          text,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL CHECK (expires_at > created_at),
  consumed_at timestamptz,
  replaced_at timestamptz
);
CREATE UNIQUE INDEX otp_codes_one_live ON otp_codes (phone, purpose) WHERE consumed_at IS NULL AND replaced_at IS NULL;
CREATE INDEX otp_codes_phone_sent ON otp_codes (phone, created_at);
CREATE INDEX otp_codes_ip_sent ON otp_codes (ip, created_at);

-- The demo SMS gateway (SMS_PROVIDER=outbox): every message the platform would send, readable by
-- admin and sadmin in the admin area. A real gateway replaces the writer, not this table's readers.
CREATE TABLE sms_outbox (
  id         bigserial PRIMARY KEY,
  phone      text NOT NULL,
  purpose    text NOT NULL,
  body       text NOT NULL CHECK (length(body) <= 320),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_outbox_newest ON sms_outbox (id DESC);

-- A solved captcha challenge is accepted once: its signature is kept until the challenge expires.
CREATE TABLE captcha_spent (
  signature  text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);

-- Who registered, from where: the request's address, user agent and Accept-Language (taken by the
-- server), and what the client said about itself (`logs`), kept only as an untrusted note.
CREATE TABLE registrations (
  user_id         uuid PRIMARY KEY REFERENCES users (id),
  phone           text NOT NULL,
  ip              text,
  user_agent      text,
  accept_language text,
  client_note     jsonb,
  created_at      timestamptz NOT NULL DEFAULT now()
);
