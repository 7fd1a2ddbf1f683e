-- Agent assessment progress: the step the agency last reached, so the wizard reopens there on
-- any device and the link's creator sees how far it got. Written by the token holder like any
-- answer (and synced); the check keeps it within the seven steps.
alter table public.agent_assessments
  add column last_step smallint not null default 1
    constraint agent_assessments_last_step_1_to_7 check (last_step between 1 and 7);

grant update (last_step) on table public.agent_assessments to anon, authenticated;
