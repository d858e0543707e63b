/**
 * ---------------------------------------------------------------------------
 * Saved search alert channels
 * ---------------------------------------------------------------------------
 * How a saved search's alerts reach its person: by push, by email, or both
 * (no row: push only, as before email existed). When is the search's own
 * `alerts` (instant or daily). email_stopped says why email alerts went off
 * without the person turning them off: the address bounced, or they
 * unsubscribed from an email; the saved search shows it.
 */

create table public.saved_search_channels (
  saved_search_id uuid not null,
  user_id uuid not null default auth.uid(),
  push boolean not null default true,
  email boolean not null default false,
  email_stopped text,
  email_stopped_at timestamp with time zone,
  updated_at timestamp with time zone not null default now(),
  constraint saved_search_channels_pkey PRIMARY KEY (saved_search_id),
  constraint saved_search_channels_email_stopped_valid CHECK (email_stopped = ANY (ARRAY['bounced'::text, 'unsubscribed'::text])),
  constraint saved_search_channels_saved_search_id_fkey FOREIGN KEY (saved_search_id) REFERENCES public.saved_searches(id) ON DELETE CASCADE,
  constraint saved_search_channels_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);

comment on table public.saved_search_channels is 'Push, email or both for a saved search''s alerts; no row means push only.';
comment on column public.saved_search_channels.email_stopped is 'bounced or unsubscribed: why email alerts went off without the person turning them off.';

create index saved_search_channels_user_idx ON public.saved_search_channels using btree (user_id);

-- The API roles get only what is granted here.
revoke all on table public.saved_search_channels from anon, authenticated, service_role;
grant select, insert, update, delete on table public.saved_search_channels to authenticated;
grant select, insert, update, delete on table public.saved_search_channels to service_role;

alter table public.saved_search_channels enable row level security;

create trigger stamp_saved_search_channels before insert or update on public.saved_search_channels
  for each row execute function public.stamp_saved_search_channels();

/**
 * ---------------------------------------------------------------------------
 * Row level security
 * ---------------------------------------------------------------------------
 */
create policy "Users can delete their searches' channels"
  on public.saved_search_channels for delete to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)));

create policy "Users can set channels of their own searches"
  on public.saved_search_channels for insert to authenticated
  with check (((user_id = ( SELECT auth.uid() AS uid)) AND (EXISTS ( SELECT 1
   FROM public.saved_searches s
  WHERE ((s.id = saved_search_channels.saved_search_id) AND (s.user_id = ( SELECT auth.uid() AS uid)))))));

create policy "Users can change their searches' channels"
  on public.saved_search_channels for update to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)))
  with check ((user_id = ( SELECT auth.uid() AS uid)));

create policy "Users can view their searches' channels"
  on public.saved_search_channels for select to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)));
