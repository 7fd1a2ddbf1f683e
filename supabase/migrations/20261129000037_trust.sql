-- A link's creator reads the agency's answers and never changes them (docs/product/security.md),
-- even while holding the link's token: they were shown the link when they made it. Signed in,
-- their requests name them, and the token holder's update policy no longer matches. (The link
-- itself stays a key: sent without a session it answers as the agency, whoever sends it.)
-- coalesce: an anonymous caller (no uid) and a link the platform made (no creator) are never the
-- creator; a comparison with null would refuse them both.
drop policy agent_assessments_update_token_holder on public.agent_assessments;

create policy agent_assessments_update_token_holder on public.agent_assessments
  for update to anon, authenticated
  using (
    token = (select public.request_assessment_token())
    and expires_at > now()
    and status = 'pending'
    and coalesce(created_by <> (select auth.uid()), true)
  )
  with check (
    token = (select public.request_assessment_token())
    and expires_at > now()
    and coalesce(created_by <> (select auth.uid()), true)
  );

-- Demo requests (supabase/schemas/demo-requests.sql): a flood from a few places must not shut out
-- everyone else. Each attempt also keeps its network (an IPv4 /24, an IPv6 /48), hashed, so many
-- addresses of one network count as one place, and whether it was that place's first this hour:
-- only repeats count against the hourly total, so a newcomer's first request is never refused by
-- what others sent.
alter table public.demo_request_attempts
  add column network_key text not null default 'unknown',
  add column first_this_hour boolean not null default false;
create index demo_request_attempts_network_at on public.demo_request_attempts (network_key, at);
create index demo_request_attempts_at on public.demo_request_attempts (at);
comment on table public.demo_request_attempts is
  'Demo requests per client and per network (SHA-256 of the address and of its /24 or /48), kept a day: the rate limits of guard_demo_request. No API access.';

-- A typed signature is the subscriber's name as given in step 1 (case and spacing aside): the
-- name typed is kept with the subscription, so the server can hold the rule, not only the wizard.
-- Rows signed before keep theirs (the signed-row guard freezes every column).
alter table public.share_subscriptions
  add column signature_name text
    constraint share_subscriptions_signature_name_at_most_200_chars check (char_length(signature_name) <= 200);

grant insert (signature_name), update (signature_name) on table public.share_subscriptions to authenticated;
