-- The traffic sources a site knows: the `network` values of its partners' landing URLs. Where a
-- site lets visitors search only when they come from a traffic source
-- (settings.logged_out_search_trafficsource), it is one of these: any made-up `trafficsource=x`
-- opened the whole member search to scrapers. Lower case; kept server-side (not in the public
-- settings), so that the list is not handed to anyone who asks.
ALTER TABLE sites ADD COLUMN traffic_sources text[] NOT NULL DEFAULT '{}'
  CHECK (traffic_sources::text = lower(traffic_sources::text));
