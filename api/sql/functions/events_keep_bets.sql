CREATE OR REPLACE FUNCTION public.events_keep_bets()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- Wait for bets in flight on this event's markets and fancies, and hold off later ones.
  PERFORM 1 FROM markets m WHERE m.event_id = OLD.id ORDER BY m.id FOR UPDATE;
  PERFORM 1 FROM fancies f WHERE f.event_id = OLD.id ORDER BY f.id FOR UPDATE;
  IF EXISTS (SELECT 1 FROM positions p WHERE p.match_id = OLD.id) THEN
    RAISE EXCEPTION 'event % has bets and cannot be deleted', OLD.id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN OLD;
END $function$;
