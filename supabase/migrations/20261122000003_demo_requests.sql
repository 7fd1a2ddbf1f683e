-- Demo requests from the professional signup and hire forms. Anyone may submit one (signed in or
-- not); nobody but staff (service role) may read, change or delete them: they hold other
-- people's contact details. The form's validation rules are repeated here because the table is
-- writable by the anonymous key, i.e. by anyone who bypasses the form.

create table public.demo_requests (
  -- A client may send its own id: a queued request re-sent after an uncertain failure then
  -- fails with 23505 (already received) instead of creating a duplicate.
  id uuid primary key default gen_random_uuid(),
  professional_type text not null
    constraint demo_requests_professional_type_values
      check (professional_type in ('agent', 'lawyer', 'mortgage', 'firm')),
  name text not null
    constraint demo_requests_name_at_least_2_chars check (char_length(btrim(name)) >= 2)
    constraint demo_requests_name_at_most_200_chars check (char_length(name) <= 200),
  company text not null
    constraint demo_requests_company_at_least_2_chars check (char_length(btrim(company)) >= 2)
    constraint demo_requests_company_at_most_200_chars check (char_length(company) <= 200),
  -- Deliberately basic (something@something.tld): the form validates properly, this only keeps
  -- obvious junk out.
  email text not null
    constraint demo_requests_email_format check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$')
    constraint demo_requests_email_at_most_320_chars check (char_length(email) <= 320),
  phone text not null
    constraint demo_requests_phone_at_least_10_chars check (char_length(btrim(phone)) >= 10)
    constraint demo_requests_phone_at_most_40_chars check (char_length(phone) <= 40),
  -- Upper bounds: the table is open to anonymous inserts, so cap what one request can store.
  description text not null default ''
    constraint demo_requests_description_at_most_5000_chars check (char_length(description) <= 5000),
  website text not null default ''
    constraint demo_requests_website_at_most_2048_chars check (char_length(website) <= 2048),
  marketing boolean not null default false,
  ai_name text not null default 'Chloe'
    constraint demo_requests_ai_name_1_to_100_chars
      check (char_length(btrim(ai_name)) between 1 and 100),
  created_at timestamptz not null default now()
);

comment on table public.demo_requests is
  'Demo requests from the signup/hire forms: insert-only for clients (use Prefer: return=minimal), read by staff.';

alter table public.demo_requests enable row level security;

-- Insert only. Without SELECT a client cannot read rows back, so inserts must use
-- Prefer: return=minimal (supabase-js: insert() without .select()).
revoke all on table public.demo_requests from anon, authenticated;
grant insert on table public.demo_requests to anon, authenticated;

create policy demo_requests_insert_anyone on public.demo_requests
  for insert to anon, authenticated
  with check (true);
