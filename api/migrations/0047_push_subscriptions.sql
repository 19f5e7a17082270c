-- Browser push subscriptions (issue 34, Web Push with VAPID): one row per browser a user turned
-- notifications on in. The endpoint is the push service's URL for that browser (unique: a browser
-- re-subscribing moves to its new owner); p256dh and auth are the browser's keys that encrypt
-- each message (RFC 8291). A push service answering 404 or 410 drops the row.
CREATE TABLE push_subscriptions (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL REFERENCES users (id),
  endpoint    text NOT NULL UNIQUE CHECK (length(endpoint) BETWEEN 10 AND 2048),
  p256dh      text NOT NULL CHECK (p256dh ~ '^[A-Za-z0-9_-]{86,88}$'),
  auth        text NOT NULL CHECK (auth ~ '^[A-Za-z0-9_-]{22,24}$'),
  created_at  timestamptz NOT NULL DEFAULT now(),
  last_sent_at timestamptz,
  failures    int NOT NULL DEFAULT 0 CHECK (failures >= 0)
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id, created_at);
