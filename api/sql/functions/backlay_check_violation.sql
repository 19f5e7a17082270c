CREATE OR REPLACE FUNCTION public.backlay_check_violation(p_table text, p_names text[], p_ok boolean[])
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
BEGIN
  FOR i IN 1 .. cardinality(p_ok) LOOP
    IF p_ok[i] IS FALSE THEN
      RAISE EXCEPTION 'new row for relation "%" violates check constraint "%"', p_table, p_names[i]
        USING ERRCODE = 'check_violation', TABLE = p_table, CONSTRAINT = p_names[i];
    END IF;
  END LOOP;
  RETURN true;
END $function$;
