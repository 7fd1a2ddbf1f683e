-- public.demo_requests, as the migrations leave it (supabase/schemas/README.md: Changing a table).

create table public.demo_requests (
  id uuid default gen_random_uuid() not null,
  professional_type text not null,
  name text not null,
  company text not null,
  email text not null,
  phone text not null,
  description text default ''::text not null,
  website text default ''::text not null,
  marketing boolean default false not null,
  ai_name text default 'Chloe'::text not null,
  created_at timestamp with time zone default now() not null,
  constraint demo_requests_pkey PRIMARY KEY (id),
  constraint demo_requests_ai_name_1_to_100_chars CHECK (char_length(btrim(ai_name)) >= 1 AND char_length(btrim(ai_name)) <= 100),
  constraint demo_requests_company_at_least_2_chars CHECK (char_length(btrim(company)) >= 2),
  constraint demo_requests_company_at_most_200_chars CHECK (char_length(company) <= 200),
  constraint demo_requests_description_at_most_5000_chars CHECK (char_length(description) <= 5000),
  constraint demo_requests_email_at_most_320_chars CHECK (char_length(email) <= 320),
  constraint demo_requests_email_format CHECK (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text),
  constraint demo_requests_name_at_least_2_chars CHECK (char_length(btrim(name)) >= 2),
  constraint demo_requests_name_at_most_200_chars CHECK (char_length(name) <= 200),
  constraint demo_requests_phone_at_least_10_chars CHECK (char_length(btrim(phone)) >= 10),
  constraint demo_requests_phone_at_most_40_chars CHECK (char_length(phone) <= 40),
  constraint demo_requests_professional_type_values CHECK (professional_type = ANY (ARRAY['agent'::text, 'lawyer'::text, 'mortgage'::text, 'firm'::text])),
  constraint demo_requests_website_at_most_2048_chars CHECK (char_length(website) <= 2048),
  constraint demo_requests_website_is_http_url CHECK (COALESCE(website, ''::text) = ''::text OR public.is_http_url(website))
);

-- Not validated: requests made before phones were checked keep the number they were sent with.
alter table public.demo_requests
  add constraint demo_requests_phone_format CHECK (public.is_phone(phone)) not valid;

alter table public.demo_requests enable row level security;

create policy "demo_requests_insert_anyone" on public.demo_requests
  as permissive for insert to anon, authenticated
  with check (true);

create trigger demo_requests_guard BEFORE INSERT ON public.demo_requests FOR EACH ROW EXECUTE FUNCTION public.guard_demo_request();

create trigger demo_requests_one_per_call AFTER INSERT ON public.demo_requests REFERENCING NEW TABLE AS inserted_requests FOR EACH STATEMENT EXECUTE FUNCTION public.one_demo_request_per_call();

revoke all on table public.demo_requests from public, anon, authenticated, service_role;
grant insert on table public.demo_requests to anon, authenticated;
grant delete, insert, select, update on table public.demo_requests to service_role;

comment on table public.demo_requests is 'Demo requests from the signup/hire forms: insert-only for clients (use Prefer: return=minimal), read by staff.';
