CREATE OR REPLACE FUNCTION public.users_never_deleted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'users are never deleted: lock the account instead (user %)', OLD.id
    USING ERRCODE = 'restrict_violation';
END $function$;
