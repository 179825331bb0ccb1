-- Server-wide settings the app generates once and shares between instances
-- (for example signing keys when none are configured), so a new install needs no configuration.
create table app_settings (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);
