-- Site settings (key/value, edited by admin and sadmin) and the append-only audit log.

CREATE TABLE settings (
  key        text PRIMARY KEY CHECK (key ~ '^[a-z][a-z0-9_]*$'),
  value      text NOT NULL,
  updated_by uuid REFERENCES users (id),
  updated_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO settings (key, value) VALUES
  ('maintenance', 'false'),
  ('deposit_min', '100'),
  ('deposit_max', '100000');

CREATE TABLE audit_log (
  id         bigserial PRIMARY KEY,
  actor_id   uuid REFERENCES users (id),
  action     text NOT NULL CHECK (action ~ '^[a-z][a-z0-9_.]*$'),
  target     text NOT NULL,
  before     jsonb,
  after      jsonb,
  ip         text,
  request_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at);

-- L7: audit rows are never changed or removed.
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION backlay_forbid_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION backlay_forbid_change();
