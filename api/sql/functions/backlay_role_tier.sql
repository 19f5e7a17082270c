CREATE OR REPLACE FUNCTION public.backlay_role_tier(role text)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE STRICT
AS $function$ SELECT array_position(ARRAY['admin','sadmin','smdl','mdl','dl','user']::text[], role) $function$;
