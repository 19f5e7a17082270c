CREATE OR REPLACE FUNCTION public.users_create_ledger_account()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO ledger_accounts (user_id, kind) VALUES (NEW.id, 'user');
  RETURN NEW;
END $function$;
