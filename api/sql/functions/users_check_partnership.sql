CREATE OR REPLACE FUNCTION public.users_check_partnership()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  parent_share int;
  child_share int;
BEGIN
  IF NEW.parent_id IS NOT NULL THEN
    SELECT partnership_share_bps INTO parent_share FROM users WHERE id = NEW.parent_id;
    IF NEW.partnership_share_bps > parent_share THEN
      RAISE EXCEPTION 'partnership % bps of % is above its parent''s % bps', NEW.partnership_share_bps, NEW.username, parent_share
        USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT max(partnership_share_bps) INTO child_share FROM users WHERE parent_id = NEW.id;
    IF child_share IS NOT NULL AND NEW.partnership_share_bps < child_share THEN
      RAISE EXCEPTION 'partnership % bps of % is below a child''s % bps', NEW.partnership_share_bps, NEW.username, child_share
        USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NEW;
END $function$;
