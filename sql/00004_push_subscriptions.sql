-- Web push subscriptions: one row per browser (endpoint); a user may have several devices.
create table push_subscriptions (
  endpoint text primary key,
  user_id integer not null references users on delete cascade,
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null default now(),
  last_sent_at timestamptz
);
create index push_subscriptions_user_idx on push_subscriptions (user_id);
