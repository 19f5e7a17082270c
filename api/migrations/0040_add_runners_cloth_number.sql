-- Racing screens (issue 30, ADR 0045). A runner's number on the race card (Betfair's catalogue
-- metadata CLOTH_NUMBER; a greyhound's trap): what a racing screen, a bet list and a report show
-- beside the runner's name. Null outside racing (and for a race card without numbers). The
-- biggest fields in racing run 40; 99 leaves room and refuses nonsense.
ALTER TABLE runners
  ADD COLUMN cloth_number int CHECK (cloth_number BETWEEN 1 AND 99);

-- The player's racing screens exist now (ADR 0045): horse racing and greyhounds are switched on
-- (migration 0039 inserted them off). An admin can still switch either off at Sports.
UPDATE sports SET active = true WHERE sport_id IN (7, 4339);
