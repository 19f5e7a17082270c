CREATE OR REPLACE FUNCTION public.sessions_site()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NEW.site_id IS NULL THEN
    NEW.site_id := (SELECT site_id FROM users WHERE id = NEW.user_id);
  END IF;
  RETURN NEW;
END $function$;
