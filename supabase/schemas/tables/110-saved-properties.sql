-- public.saved_properties, as the migrations leave it (supabase/schemas/README.md: Changing a table).

create table public.saved_properties (
  id uuid default gen_random_uuid() not null,
  user_id uuid default auth.uid() not null,
  title text,
  address text,
  price numeric,
  bedrooms integer,
  property_type text,
  key_features text[] default '{}'::text[] not null,
  agent_name text,
  agency_name text,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  _modified timestamp with time zone default clock_timestamp() not null,
  _deleted boolean default false not null,
  _writer text,
  listing_url text,
  portal text,
  portal_id text,
  _writer_seq bigint,
  constraint saved_properties_pkey PRIMARY KEY (id),
  constraint saved_properties_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint saved_properties_address_at_most_500_chars CHECK (char_length(address) <= 500),
  constraint saved_properties_agency_name_at_most_200_chars CHECK (char_length(agency_name) <= 200),
  constraint saved_properties_agent_name_at_most_200_chars CHECK (char_length(agent_name) <= 200),
  constraint saved_properties_bedrooms_at_most_1000 CHECK (bedrooms <= 1000),
  constraint saved_properties_bedrooms_not_negative CHECK (bedrooms >= 0),
  constraint saved_properties_key_features_at_most_200_chars CHECK (public.longest_text(key_features) <= 200),
  constraint saved_properties_key_features_at_most_50_items CHECK (cardinality(key_features) <= 50),
  constraint saved_properties_key_features_no_duplicates CHECK (public.has_no_duplicates(key_features)),
  constraint saved_properties_key_features_no_nulls CHECK (array_position(key_features, NULL::text) IS NULL),
  constraint saved_properties_listing_url_at_most_2048_chars CHECK (char_length(listing_url) <= 2048),
  constraint saved_properties_listing_url_is_http_url CHECK (listing_url IS NULL OR public.is_http_url(listing_url)),
  constraint saved_properties_portal_and_id_together CHECK ((portal IS NULL) = (portal_id IS NULL)),
  constraint saved_properties_portal_id_format CHECK (portal_id ~ '^[A-Za-z0-9_-]{1,64}$'::text),
  constraint saved_properties_portal_values CHECK (portal = ANY (ARRAY['rightmove'::text, 'zoopla'::text])),
  constraint saved_properties_price_at_most_10000000000 CHECK (price <= '10000000000'::bigint::numeric),
  constraint saved_properties_price_not_negative CHECK (price >= 0::numeric),
  constraint saved_properties_property_type_at_most_200_chars CHECK (char_length(property_type) <= 200),
  constraint saved_properties_title_at_most_500_chars CHECK (char_length(title) <= 500),
  constraint saved_properties_writer_length CHECK (length(_writer) <= 64)
);

create index saved_properties_user_sync_idx on public.saved_properties using btree (user_id, _modified, id);
create unique index saved_properties_one_per_listing on public.saved_properties using btree (user_id, portal, portal_id) WHERE ((portal_id IS NOT NULL) AND (NOT _deleted));

alter table public.saved_properties enable row level security;

create policy "saved_properties_insert_own" on public.saved_properties
  as permissive for insert to authenticated
  with check ((user_id = ( SELECT auth.uid() AS uid)));

create policy "saved_properties_select_own" on public.saved_properties
  as permissive for select to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)));

create policy "saved_properties_update_own" on public.saved_properties
  as permissive for update to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)))
  with check ((user_id = ( SELECT auth.uid() AS uid)));

create trigger saved_properties_announce_insert AFTER INSERT ON public.saved_properties REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.announce_sync_change('user_id');

create trigger saved_properties_announce_update AFTER UPDATE ON public.saved_properties REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.announce_sync_change('user_id');

create trigger saved_properties_limit AFTER INSERT ON public.saved_properties FOR EACH STATEMENT EXECUTE FUNCTION public.limit_saved_properties();

create trigger saved_properties_limit_restored AFTER UPDATE ON public.saved_properties REFERENCING OLD TABLE AS restored_old NEW TABLE AS restored_new FOR EACH STATEMENT EXECUTE FUNCTION public.limit_restored_saved_properties();

create trigger saved_properties_refuse_removed_insert BEFORE INSERT ON public.saved_properties FOR EACH ROW EXECUTE FUNCTION public.refuse_removed_insert();

create trigger saved_properties_stamp_sync_columns BEFORE INSERT OR UPDATE ON public.saved_properties FOR EACH ROW EXECUTE FUNCTION public.stamp_sync_columns();

revoke all on table public.saved_properties from public, anon, authenticated, service_role;
grant insert, select, update on table public.saved_properties to authenticated;
grant delete, insert, select, update on table public.saved_properties to service_role;

comment on table public.saved_properties is 'Properties a user saved. Synced to devices by (_modified, id); soft-deleted through _deleted.';
comment on column public.saved_properties.listing_url is 'The listing the property was saved from (the extension), for a link back.';
comment on column public.saved_properties.portal is 'The portal the listing is on: rightmove or zoopla.';
comment on column public.saved_properties.portal_id is 'The portal''s own id of the listing: saving it again updates this row.';
