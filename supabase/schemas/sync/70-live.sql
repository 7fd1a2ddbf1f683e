-- The live channel (docs/decisions/021-live-sync-channel.md): a write to a synced table tells the
-- devices that may read it to pull now, through a private Realtime broadcast. The message says
-- only which table changed ({"table": …}); the devices pull it as they always do, so a missed
-- message costs latency (the 30-s re-sync and the re-sync on every join catch up), never data.
--
-- Topics: 'sync:user:<user id>' for a user's rows, and 'sync:assessment:<sha-256 of the token,
-- hex>' for an assessment link's row (the link has no account; knowing the topic means knowing
-- the link, and the policy checks the link is valid).

-- The topic an assessment link's devices listen on. The app computes the same
-- (src/data/live-target.ts).
create or replace function public.sync_assessment_topic(p_token text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select 'sync:assessment:' || encode(sha256(convert_to(p_token, 'UTF8')), 'hex')
$$;

comment on function public.sync_assessment_topic(text) is
  'The live-channel topic of an assessment link: sync:assessment:<sha-256 of its token, hex>.';

revoke execute on function public.sync_assessment_topic(text) from public;
grant execute on function public.sync_assessment_topic(text) to anon, authenticated, service_role;

-- AFTER INSERT / UPDATE ... FOR EACH STATEMENT REFERENCING NEW TABLE AS changed, with the
-- column that names who may read a row (tg_argv[0]: user_id, or token for an assessment): one
-- message per reader per statement, however many rows it wrote. SECURITY DEFINER because
-- realtime.send inserts into realtime.messages, which the writer (a user, a link holder) may not,
-- and it swallows that refusal as a warning.
create or replace function public.announce_sync_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_reader text;
begin
  for v_reader in execute format('select distinct %I::text from changed where %1$I is not null', tg_argv[0]) loop
    perform realtime.send(
      jsonb_build_object('table', tg_table_name),
      'pull',
      case when tg_argv[0] = 'token' then public.sync_assessment_topic(v_reader) else 'sync:user:' || v_reader end,
      true
    );
  end loop;
  return null;
end
$$;

comment on function public.announce_sync_change() is
  'AFTER INSERT/UPDATE statement trigger of the synced tables: a private broadcast "pull" per reader (tg_argv[0] names the reader column).';

revoke execute on function public.announce_sync_change() from public, anon, authenticated;

-- The policy on realtime.messages asks this (SECURITY DEFINER: a link holder cannot read
-- agent_assessments without the token header, which a websocket does not carry).
create or replace function public.may_hear_sync_topic(p_topic text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when p_topic like 'sync:user:%' then p_topic = 'sync:user:' || (select auth.uid())::text
    when p_topic like 'sync:assessment:%' then exists (
      select from public.agent_assessments a
       where public.sync_assessment_topic(a.token) = p_topic
         and a.expires_at > now()
    )
    else false
  end
$$;

comment on function public.may_hear_sync_topic(text) is
  'True when the caller may join the live-channel topic: their own sync:user topic, or the topic of a valid assessment link.';

revoke execute on function public.may_hear_sync_topic(text) from public;
grant execute on function public.may_hear_sync_topic(text) to anon, authenticated;
