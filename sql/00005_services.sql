-- Cyclist-friendly services on the public map, with their texts per language.

create table services (
  service_id integer generated always as identity primary key,
  -- The id in the source the service was imported from: a re-import updates instead of duplicating.
  external_id text unique,
  category text not null check (category in (
    'rental_service', 'accommodation', 'restaurant', 'event', 'attraction', 'shop', 'transportation', 'experience', 'venue'
  )),
  latitude double precision not null check (latitude between -90 and 90),
  longitude double precision not null check (longitude between -180 and 180),
  logo_url text,
  address text,
  phone text,
  -- The cyclist-welcome certificate badge.
  certified boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table service_localizations (
  service_id integer not null references services on delete cascade,
  language text not null check (language in ('fi', 'en', 'sv')),
  name text not null check (char_length(name) between 1 and 200),
  description text check (char_length(description) <= 5000),
  url text,
  primary key (service_id, language)
);
