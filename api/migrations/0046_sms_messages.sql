-- Text messages sent through a real SMS gateway (issue 34, SMS_PROVIDER=http): one row per
-- message, written in the sender's transaction (queued), then updated once the gateway answered:
-- sent (with the gateway's id for its delivery reports) or failed (with the reason). The body is
-- never stored: it carries the one-time code. The demo outbox (sms_outbox) is unchanged.
CREATE TABLE sms_messages (
  id                  bigserial PRIMARY KEY,
  phone               text NOT NULL CHECK (phone ~ '^[0-9]{10}$'),
  purpose             text NOT NULL CHECK (length(purpose) BETWEEN 1 AND 40),
  provider            text NOT NULL CHECK (length(provider) BETWEEN 1 AND 40),
  status              text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  provider_message_id text CHECK (length(provider_message_id) <= 200),
  error               text CHECK (length(error) <= 500),
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_messages_newest ON sms_messages (id DESC);
