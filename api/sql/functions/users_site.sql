CREATE OR REPLACE FUNCTION public.users_site()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
END $function$;
