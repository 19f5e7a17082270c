-- The number of a player's round in a game of the international casino (1, 2, 3, … per player,
-- provider and game, in the order the rounds opened): statements and reports name a round by it
-- ("Crash · round 3 · won ₹131"), never by the provider's opaque round id. Given once when the
-- round opens (the player's wallet row is locked then, so the numbers of one player never race).
ALTER TABLE casino_int_rounds ADD COLUMN round_no int;
UPDATE casino_int_rounds r SET round_no = n.no
FROM (
  SELECT provider_id, round_id, user_id,
         row_number() OVER (PARTITION BY provider_id, user_id, game_code ORDER BY opened_at, round_id) AS no
  FROM casino_int_rounds
) n
WHERE n.provider_id = r.provider_id AND n.round_id = r.round_id AND n.user_id = r.user_id;
ALTER TABLE casino_int_rounds ALTER COLUMN round_no SET NOT NULL;
ALTER TABLE casino_int_rounds ADD CONSTRAINT casino_int_rounds_round_no CHECK (round_no >= 1);
CREATE UNIQUE INDEX casino_int_rounds_number ON casino_int_rounds (user_id, provider_id, game_code, round_no);
