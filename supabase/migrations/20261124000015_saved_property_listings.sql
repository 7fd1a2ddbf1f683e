-- Issue 17: saved properties come from the browser extension, which saves Rightmove and Zoopla
-- listings. A saved property keeps where it came from, so the app can link back to the listing and
-- the extension can save the same listing again as an update rather than a second copy.
--
--  1. listing_url (an http(s) address), portal ('rightmove' or 'zoopla') and portal_id (the
--     portal's own listing id): set together or not at all.
--  2. One live row per listing per user: saving a listing again finds it; a removed one (soft
--     deleted) does not stand in the way of saving it anew.
-- Devices sync the new columns like the others (sync_push reads the table's columns itself).

alter table public.saved_properties
  add column listing_url text
    constraint saved_properties_listing_url_is_http_url check (listing_url is null or public.is_http_url(listing_url))
    constraint saved_properties_listing_url_at_most_2048_chars check (char_length(listing_url) <= 2048),
  add column portal text
    constraint saved_properties_portal_values check (portal in ('rightmove', 'zoopla')),
  add column portal_id text
    constraint saved_properties_portal_id_format check (portal_id ~ '^[A-Za-z0-9_-]{1,64}$'),
  add constraint saved_properties_portal_and_id_together check ((portal is null) = (portal_id is null));

comment on column public.saved_properties.listing_url is 'The listing the property was saved from (the extension), for a link back.';
comment on column public.saved_properties.portal is 'The portal the listing is on: rightmove or zoopla.';
comment on column public.saved_properties.portal_id is 'The portal''s own id of the listing: saving it again updates this row.';

create unique index saved_properties_one_per_listing
  on public.saved_properties (user_id, portal, portal_id)
  where portal_id is not null and not _deleted;
