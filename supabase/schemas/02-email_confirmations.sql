/**
 * ---------------------------------------------------------------------------
 * Confirmed emails
 * ---------------------------------------------------------------------------
 * With "Confirm email" off, Auth confirms every address at sign-up, so
 * auth.users.email_confirmed_at proves nothing. A confirmation here is written
 * only by public.confirm_my_email, when the caller's token says it was issued
 * by opening an emailed link or code minutes ago.
 */

create table public.email_confirmations (
  user_id uuid not null,
  email text not null,
  confirmed_at timestamp with time zone not null default now(),
  constraint email_confirmations_pkey PRIMARY KEY (user_id),
  constraint email_confirmations_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);

comment on table public.email_confirmations is 'Addresses people proved they read (an emailed link opened), for reports that count; written by confirm_my_email only.';

-- The API roles get only what is granted here.
revoke all on table public.email_confirmations from anon, authenticated, service_role;
grant select on table public.email_confirmations to authenticated;
grant select, insert, update, delete on table public.email_confirmations to service_role;

alter table public.email_confirmations enable row level security;

create policy "People can see their own email confirmation"
  on public.email_confirmations for select to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)));
