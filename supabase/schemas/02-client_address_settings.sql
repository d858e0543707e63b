-- ---------------------------------------------------------------------------
-- The deployment's setting: which request header carries the client address
-- ---------------------------------------------------------------------------

create table public.client_address_settings (
  single_row boolean not null default true,
  header text not null default 'cf-connecting-ip'::text,
  constraint client_address_settings_pkey PRIMARY KEY (single_row),
  constraint client_address_settings_header_check CHECK (header ~ '^[a-z0-9-]+$'::text),
  constraint client_address_settings_single_row_check CHECK (single_row)
);

comment on table public.client_address_settings is 'Which request header carries the client address (lower case): one the deployment''s gateway sets and a client cannot. Hosted Supabase: cf-connecting-ip.';

-- No API role reads or writes this table directly.
revoke all on table public.client_address_settings from anon, authenticated, service_role;

alter table public.client_address_settings enable row level security;

-- Rows the schema holds from the start (they are part of it, not demo data).
insert into public.client_address_settings (single_row, header) values
  (true, 'cf-connecting-ip');
