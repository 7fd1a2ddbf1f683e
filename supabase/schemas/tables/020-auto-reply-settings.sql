-- public.auto_reply_settings, as the migrations leave it (supabase/schemas/README.md: Changing a table).

create table public.auto_reply_settings (
  user_id uuid default auth.uid() not null,
  enabled boolean default true not null,
  reply_template text default 'Hi {first_name},

Thank you for your email. I''m Chloe, the AI assistant for our team, and I''ll make sure the right person gets back to you shortly.

In the meantime, you can book a quick demo at a time that suits you: {demo_link}

Kind regards,
Chloe'::text not null,
  demo_link text,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint auto_reply_settings_pkey PRIMARY KEY (user_id),
  constraint auto_reply_settings_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint auto_reply_settings_demo_link_at_most_2048_chars CHECK (char_length(demo_link) <= 2048),
  constraint auto_reply_settings_demo_link_is_http_url CHECK (demo_link IS NULL OR demo_link = ''::text OR demo_link ~* '^https?://[^\s]+$'::text),
  constraint auto_reply_settings_reply_template_at_most_5000_chars CHECK (char_length(reply_template) <= 5000)
);

alter table public.auto_reply_settings enable row level security;

create policy "auto_reply_settings_insert_own" on public.auto_reply_settings
  as permissive for insert to authenticated
  with check ((user_id = ( SELECT auth.uid() AS uid)));

create policy "auto_reply_settings_select_own" on public.auto_reply_settings
  as permissive for select to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)));

create policy "auto_reply_settings_update_own" on public.auto_reply_settings
  as permissive for update to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)))
  with check ((user_id = ( SELECT auth.uid() AS uid)));

create trigger auto_reply_settings_touch_updated_at BEFORE INSERT OR UPDATE ON public.auto_reply_settings FOR EACH ROW EXECUTE FUNCTION public.touch_updated_at();

revoke all on table public.auto_reply_settings from public, anon, authenticated, service_role;
grant insert, select, update on table public.auto_reply_settings to authenticated;
grant delete, insert, select, update on table public.auto_reply_settings to service_role;

comment on table public.auto_reply_settings is 'Per-user auto-reply configuration; the template may use {first_name} and {demo_link}.';
