-- Hindi is a language of the product (issue 36, ADR 0078): a new site offers English and Hindi
-- unless its Admin chooses otherwise, and the default site, which migration 0049 made with
-- English alone (its column default, from before the product spoke Hindi), offers both. A site
-- whose languages an Admin set keeps them; English stays the default language everywhere.
ALTER TABLE sites ALTER COLUMN languages SET DEFAULT '{en,hi}';
UPDATE sites SET languages = '{en,hi}' WHERE is_default AND languages = '{en}';
