-- A device's pushes in its own order (docs/decisions/030-two-writers-one-truth.md): each push
-- carries a number that only grows on the device ("seq"), and a row keeps the one of the push
-- that wrote it, beside _writer. A request of that device arriving late, after a newer push of
-- the same device landed, then changes nothing (sync_push_rows). Set by the stamping trigger
-- only, as _writer is.

alter table public.saved_properties add column _writer_seq bigint;
alter table public.share_subscriptions add column _writer_seq bigint;
alter table public.share_agreement_status add column _writer_seq bigint;
alter table public.agent_assessments add column _writer_seq bigint;
alter table public.email_logs add column _writer_seq bigint;

-- Read as _writer is (the link holder's columns are granted one by one).
grant select (_writer_seq) on table public.agent_assessments to anon, authenticated;
