-- Content per site (issue 35, ADR 0074 "Content per site"): what a site's players see comes from
-- their site. News lines name a site (null: every site); a site switches off live casino tables
-- and international casino providers for itself; the operator's payment details are one row per
-- site (the single global row becomes the default site's); a site names the DL its new players
-- register under.
ALTER TABLE news_messages ADD COLUMN site_id text REFERENCES sites (id) ON DELETE CASCADE;
CREATE INDEX news_messages_site_created_idx ON news_messages (site_id, created_at DESC);

ALTER TABLE sites
  ADD COLUMN casino_tables_off text[] NOT NULL DEFAULT '{}' CHECK (cardinality(casino_tables_off) <= 200),
  ADD COLUMN casino_providers_off text[] NOT NULL DEFAULT '{}' CHECK (cardinality(casino_providers_off) <= 200),
  ADD COLUMN registration_agent_id uuid REFERENCES users (id);

ALTER TABLE payment_settings ADD COLUMN site_id text REFERENCES sites (id) ON DELETE CASCADE;
UPDATE payment_settings SET site_id = (SELECT id FROM sites WHERE is_default);
ALTER TABLE payment_settings ALTER COLUMN site_id SET NOT NULL;
ALTER TABLE payment_settings DROP CONSTRAINT payment_settings_pkey;
ALTER TABLE payment_settings DROP COLUMN id;
ALTER TABLE payment_settings ADD PRIMARY KEY (site_id);
