-- One open draft per investor, held by Postgres (docs/decisions/030-two-writers-one-truth.md).
--
-- 1. A user with more than one open draft (devices that each started one before this migration)
--    keeps one: the newest, with every field it lacks taken from the next newest draft that has
--    it. The others are removed as devices remove rows (_deleted): devices pull the removal.
-- 2. Every open draft moves to the id its account's devices derive (subscription_draft_id): a
--    copy under that id, then the old row removed. Its payment reference moves with it.
-- 3. From here on the unique index keeps it at one, and check_share_subscription_id keeps a new
--    row on the derived id.
-- 4. _landed goes: sync_push no longer reads it (devices order their own pushes; ADR 030).

do $$
declare
  v_user uuid;
  v_keep public.share_subscriptions;
  v_other public.share_subscriptions;
begin
  for v_user in
    select user_id from public.share_subscriptions
     where status = 'draft' and not _deleted
     group by user_id having count(*) > 1
  loop
    select * into v_keep from public.share_subscriptions
     where user_id = v_user and status = 'draft' and not _deleted
     order by updated_at desc, id limit 1;
    for v_other in
      select * from public.share_subscriptions
       where user_id = v_user and status = 'draft' and not _deleted and id <> v_keep.id
       order by updated_at desc, id
    loop
      v_keep.subscriber_name := coalesce(v_keep.subscriber_name, v_other.subscriber_name);
      v_keep.subscriber_address := coalesce(v_keep.subscriber_address, v_other.subscriber_address);
      v_keep.subscriber_email := coalesce(v_keep.subscriber_email, v_other.subscriber_email);
      v_keep.subscriber_phone := coalesce(v_keep.subscriber_phone, v_other.subscriber_phone);
      v_keep.signature_data := coalesce(v_keep.signature_data, v_other.signature_data);
      update public.share_subscriptions set _deleted = true where id = v_other.id;
    end loop;
    update public.share_subscriptions
       set subscriber_name = v_keep.subscriber_name,
           subscriber_address = v_keep.subscriber_address,
           subscriber_email = v_keep.subscriber_email,
           subscriber_phone = v_keep.subscriber_phone,
           signature_data = v_keep.signature_data
     where id = v_keep.id;
  end loop;
end
$$;

do $$
declare
  v_draft public.share_subscriptions;
  v_id uuid;
begin
  for v_draft in
    select * from public.share_subscriptions where status = 'draft' and not _deleted
  loop
    v_id := public.subscription_draft_id(v_draft.user_id, (
      select count(*)::integer from public.share_subscriptions as s
       where s.user_id = v_draft.user_id and s.status <> 'draft' and not s._deleted));
    continue when v_id = v_draft.id;
    update public.share_subscriptions set _deleted = true, payment_reference = null where id = v_draft.id;
    insert into public.share_subscriptions (
      id, user_id, subscriber_name, subscriber_address, subscriber_email, subscriber_phone,
      number_of_shares, subscription_price, total_amount, payment_reference, signature_data,
      signature_method, status)
    values (
      v_id, v_draft.user_id, v_draft.subscriber_name, v_draft.subscriber_address,
      v_draft.subscriber_email, v_draft.subscriber_phone, v_draft.number_of_shares,
      v_draft.subscription_price, v_draft.total_amount, v_draft.payment_reference,
      v_draft.signature_data, v_draft.signature_method, 'draft');
  end loop;
end
$$;

create unique index share_subscriptions_one_open_draft
  on public.share_subscriptions (user_id)
  where status = 'draft' and not _deleted;

-- After the row's own checks, so a refused value is named before a wrong id.
create constraint trigger share_subscriptions_check_id
  after insert on public.share_subscriptions
  for each row execute function public.check_share_subscription_id();

alter table public.saved_properties drop column _landed;
alter table public.share_subscriptions drop column _landed;
alter table public.share_agreement_status drop column _landed;
alter table public.agent_assessments drop column _landed;
alter table public.email_logs drop column _landed;
