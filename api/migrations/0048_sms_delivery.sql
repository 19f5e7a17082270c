-- SMS delivery (issue 34): a gateway's delivery reports and the sender's retries. A message the
-- gateway accepted (sent) becomes delivered or undelivered when the gateway reports on it
-- (POST /api/sms-delivery-report, matched by the gateway's id); the first final report wins, and
-- report_status keeps the gateway's own word for it. attempts counts the POSTs (a network failure,
-- a 5xx or a 429 is tried again, a refusal is not).
ALTER TABLE sms_messages DROP CONSTRAINT sms_messages_status_check;
ALTER TABLE sms_messages ADD CONSTRAINT sms_messages_status_check CHECK (status IN ('queued', 'sent', 'failed', 'delivered', 'undelivered'));
ALTER TABLE sms_messages
  ADD COLUMN attempts      smallint NOT NULL DEFAULT 0 CHECK (attempts BETWEEN 0 AND 10),
  ADD COLUMN report_status text CHECK (length(report_status) <= 40),
  ADD COLUMN reported_at   timestamptz;
CREATE INDEX sms_messages_provider_id ON sms_messages (provider, provider_message_id) WHERE provider_message_id IS NOT NULL;
CREATE INDEX sms_messages_created ON sms_messages (created_at);
