CREATE OR REPLACE FUNCTION public.users_check_hierarchy()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  parent_role text;
  parent_ancestors uuid[];
BEGIN
  IF NEW.parent_id IS NULL THEN
    NEW.ancestors := '{}';
    RETURN NEW;
  END IF;
  SELECT role, ancestors INTO parent_role, parent_ancestors FROM users WHERE id = NEW.parent_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'parent % does not exist', NEW.parent_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF backlay_role_tier(NEW.role) <> backlay_role_tier(parent_role) + 1 THEN
    RAISE EXCEPTION 'role % cannot be a child of role %', NEW.role, parent_role
      USING ERRCODE = 'check_violation';
  END IF;
  NEW.ancestors := parent_ancestors || NEW.parent_id;
  RETURN NEW;
END $function$;
