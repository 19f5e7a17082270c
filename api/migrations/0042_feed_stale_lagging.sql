-- A feed whose messages arrive later than its staleness after they were sent ("running late",
-- ADR 0047) is stale as a silent one is: the leader records the reason 'lagging'.
ALTER TABLE feed_health DROP CONSTRAINT feed_health_stale_check;
ALTER TABLE feed_health ADD CONSTRAINT feed_health_stale_check CHECK (stale IN ('silent', 'disconnected', 'reconnected', 'lagging'));
