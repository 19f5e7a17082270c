-- Cash out (docs/rules/money.md §7.8, ADR 0056): a cash out is the hedge bet(s) the normal placement
-- writes, plus this record of the request and a link row per bet, so that My Bets, the bet lists
-- and the agents' reports can say "Cash out". Settlement needs nothing: the bets settle as bets.
CREATE TABLE cash_outs (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id          uuid NOT NULL,
  idempotency_key  text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 255),
  request_hash     text NOT NULL,
  match_id         text NOT NULL,
  market_id        text NOT NULL,
  percent          int NOT NULL CHECK (percent BETWEEN 1 AND 100),
  -- The guaranteed amount the hedge took (paise; negative: a cash out at a loss).
  value_minor      bigint NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX cash_outs_market ON cash_outs (market_id, user_id);

CREATE TABLE cash_out_bets (
  -- No foreign key to bets (ADR 0009: bets keep no references; events_keep_bets guards them).
  bet_id       uuid PRIMARY KEY,
  cash_out_id  uuid NOT NULL REFERENCES cash_outs (id)
);
CREATE INDEX cash_out_bets_cash_out ON cash_out_bets (cash_out_id);
