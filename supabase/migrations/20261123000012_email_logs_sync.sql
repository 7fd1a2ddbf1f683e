-- email_logs becomes a synced table, pulled by devices and never pushed (like
-- share_agreement_status): the voice assistant tells a signed-in user about the emails of the last
-- 24 hours from the device's own copy, so a flaky network does not empty its context (issue 14).
--
--  1. The sync columns every synced table has (docs/decisions/003-sync.md): `_modified`, `_deleted`,
--     and `updated_at`, `_writer`, `_landed`, which the shared stamping trigger writes. The trigger
--     takes the transaction id before it reads the clock, which is what sync_horizon() relies on:
--     no per-row column is needed for the pull guard.
--  2. Privileges stay as they were: the owner may only SELECT (RLS: own rows). Logs are written by
--     server functions with the service role.
--  3. Rows are never hard-deleted while their user exists: a hard delete is never pulled, so a
--     device would keep the log. Disconnecting a mailbox (the owner deletes its gmail_accounts row)
--     used to delete its logs by cascade; now the logs lose their account and become soft-deleted
--     tombstones, with what they said erased, and the deletion reaches every device.
--  4. sync_pull accepts 'email_logs'; sync_push refuses it by name, as it does share_agreement_status.

-- ---------------------------------------------------------------------------------------------
-- Sync columns
-- ---------------------------------------------------------------------------------------------
-- A volatile default: rows already stored get distinct, increasing _modified values.
alter table public.email_logs
  add column updated_at timestamptz not null default now(),
  add column _modified timestamptz not null default clock_timestamp(),
  add column _deleted boolean not null default false,
  add column _writer text constraint email_logs_writer_length check (length(_writer) <= 64),
  add column _landed jsonb not null default '{}'::jsonb;

-- Pull checkpoints read one user's rows in (_modified, id) order.
create index email_logs_user_sync_idx on public.email_logs (user_id, _modified, id);

create trigger email_logs_stamp_sync_columns
  before insert or update on public.email_logs
  for each row execute function public.stamp_sync_columns();

-- ---------------------------------------------------------------------------------------------
-- A disconnected mailbox: its logs become tombstones instead of vanishing
-- ---------------------------------------------------------------------------------------------
alter table public.email_logs
  drop constraint email_logs_account_belongs_to_user,
  alter column gmail_account_id drop not null;

-- Still composite (a log's account belongs to the log's user). Deleting the account clears only
-- gmail_account_id; the trigger below then marks the log deleted.
alter table public.email_logs
  add constraint email_logs_account_belongs_to_user foreign key (gmail_account_id, user_id)
    references public.gmail_accounts (id, user_id) on delete set null (gmail_account_id),
  add constraint email_logs_without_account_is_deleted check (gmail_account_id is not null or _deleted);

create function public.email_logs_mailbox_gone()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.gmail_account_id is null then
    new._deleted := true;
    -- The user removed the mailbox: what its emails said goes with it.
    new.sender_email := '';
    new.sender_name := null;
    new.subject := null;
  end if;
  return new;
end
$$;

comment on function public.email_logs_mailbox_gone() is
  'BEFORE UPDATE on email_logs: a log whose mailbox was disconnected becomes a soft-deleted tombstone (pulled by devices), its content erased.';

revoke execute on function public.email_logs_mailbox_gone() from public, anon, authenticated;

-- BEFORE triggers fire in name order: the tombstone (e...m...) before the stamping (e...s...).
create trigger email_logs_mailbox_gone
  before update of gmail_account_id on public.email_logs
  for each row execute function public.email_logs_mailbox_gone();

comment on table public.email_logs is
  'Emails the assistant handled. Written only by server functions (service role); read-only for the owner. Synced down to devices by (_modified, id) (pull only); delete by setting _deleted, never by a hard delete.';

-- ---------------------------------------------------------------------------------------------
-- sync_pull: email_logs is a synced table
-- ---------------------------------------------------------------------------------------------
-- As in 20261122000006_sync.sql, plus email_logs in the list of tables.
create or replace function public.sync_pull(p_table text, p_checkpoint jsonb, p_limit integer)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_limit integer := greatest(1, least(coalesce(p_limit, 100), 1000));
  v_after_modified timestamptz := '-infinity';
  v_after_id uuid := '00000000-0000-0000-0000-000000000000';
  v_horizon timestamptz;
  v_documents jsonb;
  v_last jsonb;
begin
  if p_table is null or p_table not in
       ('saved_properties', 'share_subscriptions', 'share_agreement_status', 'agent_assessments',
        'email_logs') then
    raise exception 'sync_unknown_table: % is not a synced table', coalesce(p_table, 'null')
      using errcode = '22023',
            hint = 'One of saved_properties, share_subscriptions, share_agreement_status, agent_assessments, email_logs.';
  end if;

  -- The horizon is only safe with a snapshot taken after it (see sync_horizon): at REPEATABLE
  -- READ or SERIALIZABLE the snapshot was taken at the transaction's first statement.
  if current_setting('transaction_isolation') <> 'read committed' then
    raise exception 'sync_pull_needs_read_committed: sync_pull must run at READ COMMITTED, not %',
      current_setting('transaction_isolation')
      using errcode = '25000';
  end if;

  if p_checkpoint is not null and jsonb_typeof(p_checkpoint) <> 'null' then
    if jsonb_typeof(p_checkpoint) <> 'object'
       or jsonb_typeof(p_checkpoint -> 'modified') is distinct from 'string'
       or jsonb_typeof(p_checkpoint -> 'id') is distinct from 'string' then
      raise exception 'sync_bad_checkpoint: a checkpoint is {"modified": timestamptz text, "id": uuid}'
        using errcode = '22023', detail = format('Got %s.', p_checkpoint);
    end if;
    v_after_modified := (p_checkpoint ->> 'modified')::timestamptz;
    v_after_id := (p_checkpoint ->> 'id')::uuid;
  end if;

  -- Its own statement, before the read below: the read's snapshot must be the later one.
  v_horizon := public.sync_horizon();

  execute format(
    $q$
    select coalesce(jsonb_agg(d.doc order by d._modified, d.id), '[]'::jsonb)
      from (select to_jsonb(t) as doc, t._modified, t.id
              from public.%I as t
             where (t._modified, t.id) > ($1, $2)
               and t._modified < $3
             order by t._modified, t.id
             limit $4) as d
    $q$, p_table)
    into v_documents
    using v_after_modified, v_after_id, v_horizon, v_limit;

  if jsonb_array_length(v_documents) = 0 then
    return jsonb_build_object('documents', v_documents,
                              'checkpoint', coalesce(p_checkpoint, 'null'::jsonb));
  end if;

  v_last := v_documents -> -1;
  return jsonb_build_object(
    'documents', v_documents,
    'checkpoint', jsonb_build_object('modified', v_last -> '_modified', 'id', v_last -> 'id'));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- sync_push: email_logs is pull-only
-- ---------------------------------------------------------------------------------------------
-- As in 20261123000011_limits_and_signing_facts.sql, plus: email_logs is refused by name (the
-- owner has no write privilege on it; without this it would be called an unknown table).
create or replace function public.sync_push(p_table text, p_rows jsonb)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  c_server_owned constant text[] := array['created_at', 'updated_at', '_modified', '_writer', '_landed'];
  -- Set by the server during the write whatever the device sends: never a device's change.
  c_trigger_owned constant text[] := array['completed_at'];
  -- The server's own signing facts: a device cannot write them (no privilege), and an app from
  -- before 20261123000011 still holds its own values in signed documents. Not refused (that
  -- document could then never be sent): the server's values stand and come back on the next pull.
  c_server_set constant text[] := array['effective_date', 'payment_reference', 'signature_timestamp'];
  c_max_rows constant integer := 200;
  v_rel regclass;
  v_columns_all text[];
  v_insertable text[];
  v_updatable text[];
  v_element jsonb;
  v_new jsonb;
  v_new_row jsonb;
  v_assumed jsonb;
  v_writer text;
  v_write_id text;
  v_id_text text;
  v_id uuid;
  v_current jsonb;
  v_assumed_row jsonb;
  v_columns text;
  v_assignments text;
  v_count bigint;
  v_conflict_ids uuid[] := '{}';
  v_conflicts jsonb := '[]'::jsonb;
  v_errors jsonb := '[]'::jsonb;
  v_row jsonb;
  v_hidden text;
  v_c text;
  v_code text;
  v_message text;
  v_detail text;
  v_hint text;
  v_column text;
  v_constraint text;
begin
  if p_table = 'share_agreement_status' then
    raise exception 'sync_pull_only_table: share_agreement_status is read-only for devices (only staff change it)'
      using errcode = '42501';
  end if;
  if p_table = 'email_logs' then
    raise exception 'sync_pull_only_table: email_logs is read-only for devices (only the email assistant writes it)'
      using errcode = '42501';
  end if;
  if p_table is null or p_table not in ('saved_properties', 'share_subscriptions', 'agent_assessments') then
    raise exception 'sync_unknown_table: % is not a synced table', coalesce(p_table, 'null')
      using errcode = '22023',
            hint = 'One of saved_properties, share_subscriptions, agent_assessments.';
  end if;
  if p_rows is null or jsonb_typeof(p_rows) = 'null' then
    return jsonb_build_object('conflicts', '[]'::jsonb, 'errors', '[]'::jsonb);
  end if;
  if jsonb_typeof(p_rows) <> 'array' then
    raise exception 'sync_bad_rows: p_rows must be a JSON array of {"new", "assumed"}'
      using errcode = '22023';
  end if;
  if jsonb_array_length(p_rows) > c_max_rows then
    raise exception 'sync_batch_too_large: at most % rows per call, % sent', c_max_rows, jsonb_array_length(p_rows)
      using errcode = '54000',
            hint = 'Send the rows in batches of at most 200.';
  end if;

  v_rel := format('public.%I', p_table)::regclass;

  select coalesce(array_agg(a.attname::text order by a.attnum), '{}'),
         coalesce(array_agg(a.attname::text order by a.attnum)
                    filter (where has_column_privilege(v_rel, a.attnum, 'INSERT')), '{}'),
         coalesce(array_agg(a.attname::text order by a.attnum)
                    filter (where has_column_privilege(v_rel, a.attnum, 'UPDATE') and a.attname <> 'id'), '{}')
    into v_columns_all, v_insertable, v_updatable
    from pg_catalog.pg_attribute as a
   where a.attrelid = v_rel
     and a.attnum > 0
     and not a.attisdropped
     and a.attname <> all (c_server_owned);

  for v_element in select e.value from jsonb_array_elements(p_rows) as e loop
    v_new := v_element -> 'new';
    v_assumed := v_element -> 'assumed';
    if jsonb_typeof(v_assumed) = 'null' then
      v_assumed := null;
    end if;
    v_id_text := case when jsonb_typeof(v_new) = 'object' then v_new ->> 'id' end;
    v_writer := case when jsonb_typeof(v_element -> 'writer') = 'string'
                     then left(v_element ->> 'writer', 64) end;
    v_write_id := case when jsonb_typeof(v_element -> 'write_id') = 'string'
                       then left(v_element ->> 'write_id', 64) end;
    v_current := null;
    v_assumed_row := null;

    begin
      if jsonb_typeof(v_new) is distinct from 'object' or v_id_text is null then
        raise exception 'sync_bad_row: each element needs "new", a row object with an id'
          using errcode = '22023';
      end if;
      if v_assumed is not null and jsonb_typeof(v_assumed) <> 'object' then
        raise exception 'sync_bad_row: "assumed" must be a row object or null'
          using errcode = '22023';
      end if;
      v_id := v_id_text::uuid;
      perform pg_catalog.set_config('chloe.sync_writer', coalesce(v_writer, ''), true);
      perform pg_catalog.set_config('chloe.sync_write_id', coalesce(v_write_id, ''), true);

      execute format('select to_jsonb(t) from public.%I as t where t.id = $1 for update', p_table)
        into v_current using v_id;
      if v_current is null then
        execute format('select to_jsonb(t) from public.%I as t where t.id = $1', p_table)
          into v_current using v_id;
      end if;

      if v_current is null then
        v_hidden := public.sync_hidden_row(p_table, v_id);
        if v_hidden = 'expired' then
          raise exception 'agent_assessments_link_expired: this assessment link has expired'
            using errcode = '42501', constraint = 'agent_assessments_link_expired',
                  hint = 'Ask whoever sent the link for a new one.';
        elsif v_hidden = 'taken' then
          raise exception 'sync_id_taken: % already belongs to a row this caller cannot see', v_id
            using errcode = '42501', constraint = 'sync_id_taken',
                  hint = 'Make a new id (crypto.randomUUID()) for a new row.';
        end if;
        select string_agg(format('%I', c), ', ')
          into v_columns
          from unnest(v_insertable) as c
         where v_new ? c;
        if v_columns is null then
          raise exception 'permission denied for table %', p_table using errcode = '42501';
        end if;
        execute format('insert into public.%I (%s) select %s from jsonb_populate_record(null::public.%I, $1)',
                       p_table, v_columns, v_columns, p_table)
          using v_new;

      elsif v_assumed is null and (v_writer is null or v_current ->> '_writer' is distinct from v_writer) then
        v_conflict_ids := v_conflict_ids || v_id;

      else
        if v_assumed is not null then
          execute format('select to_jsonb(r) from jsonb_populate_record(null::public.%I, $1) as r', p_table)
            into v_assumed_row using v_assumed;
        end if;

        if (v_writer is not null and v_current ->> '_writer' = v_writer)
           or (v_current - c_server_owned) = (v_assumed_row - c_server_owned) then
          execute format('select to_jsonb(r) from jsonb_populate_record(null::public.%I, $1) as r', p_table)
            into v_new_row using v_new;

          -- A column the device may not write, changed by the device (it differs from the server's
          -- and from what the device last saw): refused by name rather than dropped. A null is a
          -- device that never had the value, not a change.
          foreach v_c in array v_columns_all loop
            if v_c <> 'id' and v_c <> all (v_updatable) and v_c <> all (c_server_set) and v_new ? v_c
               and jsonb_typeof(v_new -> v_c) <> 'null'
               and (v_new_row -> v_c) is distinct from (v_current -> v_c)
               and (v_assumed_row is null or (v_new_row -> v_c) is distinct from (v_assumed_row -> v_c)) then
              raise exception 'sync_read_only_column: % is set by the server and cannot be changed', v_c
                using errcode = '42501', column = v_c, constraint = 'sync_read_only_column';
            end if;
          end loop;

          -- A submitted assessment keeps its answers: a change is refused, a repeat of the same
          -- answers (a push whose answer was lost) is not a change.
          if p_table = 'agent_assessments' and v_current ->> 'status' = 'completed' then
            foreach v_c in array v_updatable loop
              if v_c <> all (c_trigger_owned) and v_new ? v_c
                 and (v_new_row -> v_c) is distinct from (v_current -> v_c) then
                raise exception 'agent_assessments_already_completed: this assessment was submitted on % and cannot be changed',
                  to_char((v_current ->> 'completed_at')::timestamptz at time zone 'Europe/London', 'FMDD FMMonth YYYY')
                  using errcode = '42501', constraint = 'agent_assessments_already_completed',
                        column = v_c;
              end if;
            end loop;
          end if;

          select string_agg(format('%1$I = r.%1$I', c), ', ')
            into v_assignments
            from unnest(v_updatable) as c
           where v_new ? c;
          if v_assignments is not null then
            execute format(
              'update public.%I as t set %s from jsonb_populate_record(null::public.%I, $1) as r
                where t.id = $2 and t._modified = $3',
              p_table, v_assignments, p_table)
              using v_new, v_id, (v_current ->> '_modified')::timestamptz;
            get diagnostics v_count = row_count;
            if v_count = 0 then
              v_conflict_ids := v_conflict_ids || v_id;
            end if;
          end if;
        else
          v_conflict_ids := v_conflict_ids || v_id;
        end if;
      end if;

    exception when others then
      get stacked diagnostics
        v_code = returned_sqlstate,
        v_message = message_text,
        v_detail = pg_exception_detail,
        v_hint = pg_exception_hint,
        v_column = column_name,
        v_constraint = constraint_name;
      v_errors := v_errors || jsonb_build_array(jsonb_build_object(
        'id', v_id_text,
        'code', v_code,
        'message', v_message,
        'detail', nullif(v_detail, ''),
        'hint', nullif(v_hint, ''),
        'column', nullif(v_column, ''),
        'constraint', nullif(v_constraint, ''),
        'current', v_current));
    end;
  end loop;
  perform pg_catalog.set_config('chloe.sync_writer', '', true);
  perform pg_catalog.set_config('chloe.sync_write_id', '', true);

  for v_id in select u.id from unnest(v_conflict_ids) with ordinality as u(id, n)
                group by u.id order by min(u.n) loop
    execute format('select to_jsonb(t) from public.%I as t where t.id = $1', p_table)
      into v_row using v_id;
    if v_row is not null then
      v_conflicts := v_conflicts || jsonb_build_array(v_row);
    end if;
  end loop;

  return jsonb_build_object('conflicts', v_conflicts, 'errors', v_errors);
end
$$;
