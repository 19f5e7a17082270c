-- White-label sites (issue 35, ADR 0074): many branded sites on one deployment. A site is an
-- Admin's subtree with a face: its domains, name, logo, colours, support contact, languages and
-- maintenance switch. Every user belongs to exactly one site; usernames are unique per site, so
-- the same name may exist on two sites. The Super Admin (the root) belongs to the default site
-- and may sign in on any site's domain; its name is unique across every site, so a sign-in is
-- never ambiguous.
CREATE TABLE sites (
  id                   text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{1,31}$'),
  name                 text NOT NULL CHECK (length(name) BETWEEN 2 AND 40),
  -- The one site a request of an unknown host is answered as (the platform's own).
  is_default           boolean NOT NULL DEFAULT false,
  -- The Admin whose subtree this is; null for the default site (everything not under another site).
  admin_id             uuid UNIQUE REFERENCES users (id),
  -- {"primary": "#rrggbb", "accent": "#rrggbb", "header": "#rrggbb", "headerText": "#rrggbb"}
  theme                jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(theme) = 'object'),
  -- A data: URL of an SVG, PNG or WebP image (shown in an <img>, so no script of it ever runs).
  logo                 text CHECK (logo IS NULL OR (logo ~ '^data:image/(svg\+xml|png|webp);base64,[A-Za-z0-9+/=]+$' AND length(logo) <= 90000)),
  support_email        text NOT NULL DEFAULT '' CHECK (length(support_email) <= 120),
  support_phone        text NOT NULL DEFAULT '' CHECK (length(support_phone) <= 20),
  default_language     text NOT NULL DEFAULT 'en' CHECK (default_language IN ('en','hi')),
  languages            text[] NOT NULL DEFAULT '{en}' CHECK (languages <@ ARRAY['en','hi'] AND cardinality(languages) >= 1),
  maintenance          boolean NOT NULL DEFAULT false,
  maintenance_message  text NOT NULL DEFAULT '' CHECK (length(maintenance_message) <= 300),
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT sites_default_has_no_admin CHECK (NOT is_default OR admin_id IS NULL),
  CONSTRAINT sites_language_offered CHECK (default_language = ANY (languages))
);
CREATE UNIQUE INDEX sites_one_default ON sites (is_default) WHERE is_default;

-- A host name (lower case, no port) answers as exactly one site.
CREATE TABLE site_domains (
  domain   text PRIMARY KEY CHECK (domain ~ '^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?$' AND domain !~ '\.\.'),
  site_id  text NOT NULL REFERENCES sites (id) ON DELETE CASCADE
);
CREATE INDEX site_domains_site ON site_domains (site_id);

INSERT INTO sites (id, name, is_default, theme)
VALUES ('backlay', 'Backlay', true, '{"primary": "#0b3d2e", "accent": "#f2b705", "header": "#0b3d2e", "headerText": "#ffffff"}');

ALTER TABLE users ADD COLUMN site_id text REFERENCES sites (id);
UPDATE users SET site_id = 'backlay';
ALTER TABLE users ALTER COLUMN site_id SET NOT NULL;

DROP INDEX users_username_lower_key;
CREATE UNIQUE INDEX users_site_username_key ON users (site_id, lower(username));
CREATE INDEX users_site_role ON users (site_id, role);

-- A user's site: given for an Admin (a child of the root) or the root itself, else its parent's.
-- Below an Admin the site is always the parent's; a root's name is unique on every site, and no
-- site user may take a root's name.
CREATE FUNCTION users_site() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  parent_role text;
  parent_site text;
BEGIN
  IF NEW.parent_id IS NOT NULL THEN
    SELECT role, site_id INTO parent_role, parent_site FROM users WHERE id = NEW.parent_id;
    IF parent_role <> 'admin' THEN
      IF NEW.site_id IS NOT NULL AND NEW.site_id <> parent_site THEN
        RAISE EXCEPTION 'a user''s site is its parent''s' USING ERRCODE = 'check_violation';
      END IF;
      NEW.site_id := parent_site;
    ELSIF NEW.site_id IS NULL THEN
      NEW.site_id := parent_site;
    END IF;
  ELSIF NEW.site_id IS NULL THEN
    NEW.site_id := (SELECT id FROM sites WHERE is_default);
  END IF;
  IF TG_OP = 'INSERT' OR NEW.username IS DISTINCT FROM OLD.username OR NEW.site_id IS DISTINCT FROM OLD.site_id THEN
    IF EXISTS (SELECT 1 FROM users u WHERE lower(u.username) = lower(NEW.username) AND u.id <> NEW.id
               AND (NEW.role = 'admin' OR u.role = 'admin')) THEN
      RAISE EXCEPTION 'username % is taken', NEW.username
        USING ERRCODE = 'unique_violation', CONSTRAINT = 'users_site_username_key';
    END IF;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER users_site
  BEFORE INSERT OR UPDATE OF parent_id, site_id, username ON users
  FOR EACH ROW EXECUTE FUNCTION users_site();

-- The site a session was signed in on: its tokens answer only there. A sign-in names it; a
-- session written without one is on its user's site.
ALTER TABLE sessions ADD COLUMN site_id text REFERENCES sites (id);
UPDATE sessions s SET site_id = u.site_id FROM users u WHERE u.id = s.user_id;
ALTER TABLE sessions ALTER COLUMN site_id SET NOT NULL;

CREATE FUNCTION sessions_site() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.site_id IS NULL THEN
    NEW.site_id := (SELECT site_id FROM users WHERE id = NEW.user_id);
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER sessions_site BEFORE INSERT ON sessions FOR EACH ROW EXECUTE FUNCTION sessions_site();
