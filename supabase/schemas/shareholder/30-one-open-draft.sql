-- One open draft per investor (docs/decisions/030-two-writers-one-truth.md). A draft's id is one
-- every device of its account works out alone, offline too: two devices (or two tabs) that start a
-- draft apart start the same row, and the second to reach the server meets the first as any
-- conflict does, merged field by field. The id comes from the user and the number of their
-- subscriptions that are signed or cancelled, so a draft started after a signing is a new row.
-- A unique index holds the invariant (share_subscriptions_one_open_draft, a migration); the
-- trigger below keeps a client from starting a draft under any other id, which the account's
-- other devices would never find (or under the id of another account's draft).

-- A UUID (version 8, RFC 9562) from SHA-256 of 'chloe:share-subscription-draft:<user>:<n>':
-- hex digits 1-12, '8', 14-16, the variant digit ('89ab' by the 17th digit, mod 4), 18-32. The
-- app makes the same id (src/data/draft-id.ts); a test compares the two.
create or replace function public.subscription_draft_id(p_user_id uuid, p_generation integer)
returns uuid
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select (substr(d.h, 1, 12) || '8' || substr(d.h, 14, 3)
          || substr('89ab', (position(substr(d.h, 17, 1) in '0123456789abcdef') - 1) % 4 + 1, 1)
          || substr(d.h, 18, 15))::uuid
    from (select encode(sha256(convert_to(
            'chloe:share-subscription-draft:' || p_user_id::text || ':' || p_generation::text, 'UTF8')), 'hex') as h) as d
$$;

comment on function public.subscription_draft_id(uuid, integer) is
  'The id of a user''s open share-subscription draft, given how many of their subscriptions are signed or cancelled: every device derives the same one.';

revoke execute on function public.subscription_draft_id(uuid, integer) from public;
grant execute on function public.subscription_draft_id(uuid, integer) to anon, authenticated, service_role;

-- AFTER INSERT (a constraint trigger, so the table's own checks speak first): a subscription a
-- client creates takes the id its account's devices derive. Runs as the caller, so it counts what
-- the caller may see: another user's rows are refused by RLS whatever it finds. Rows made by the
-- platform (the seed, staff) keep their own ids.
create or replace function public.check_share_subscription_id()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_signed integer;
begin
  if not public.is_api_client() or new._deleted then
    return new;
  end if;
  select count(*)::integer into v_signed
    from public.share_subscriptions as s
   where s.user_id = new.user_id and s.status <> 'draft' and not s._deleted and s.id <> new.id;
  if new.id is distinct from public.subscription_draft_id(new.user_id, v_signed) then
    raise exception 'share_subscriptions_draft_id: a new share subscription takes the id its account''s devices derive'
      using errcode = '23514', constraint = 'share_subscriptions_draft_id',
            hint = 'public.subscription_draft_id(user_id, the number of signed or cancelled subscriptions).';
  end if;
  return new;
end
$$;

comment on function public.check_share_subscription_id() is
  'AFTER INSERT on share_subscriptions (constraint trigger): an API client''s new subscription takes the derived draft id (subscription_draft_id).';

revoke execute on function public.check_share_subscription_id() from public, anon, authenticated;
