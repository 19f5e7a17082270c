-- Issue step 6 item 10: a declared result is checked against the feed.
--
-- markets.result / fancies.result keep the FIRST result the feed gave (a stored result never
-- changes: the runners' winner/loser and the feed auto-settlement read it). The feed's word can
-- still change after that (a correction), and an admin may have declared another result before
-- the feed gave one. So the feed's LATEST result is kept on its own:
-- - markets.feed_result  the feed's latest result of a closed market: a selection id or 'void';
-- - fancies.feed_result  the feed's latest runs of a closed fancy (NULL on a closed fancy: void).
-- The results list compares the live settlement with these and flags a market whose settled
-- result differs from the feed's; accept-feed-result re-settles it on the feed's result.

ALTER TABLE markets ADD COLUMN feed_result text,
  ADD CONSTRAINT markets_feed_result_when_closed CHECK (feed_result IS NULL OR feed_status = 'closed');
ALTER TABLE fancies ADD COLUMN feed_result int,
  ADD CONSTRAINT fancies_feed_result_when_closed CHECK (feed_result IS NULL OR feed_status = 'closed');

UPDATE markets SET feed_result = result WHERE result IS NOT NULL;
UPDATE fancies SET feed_result = result WHERE result IS NOT NULL;
