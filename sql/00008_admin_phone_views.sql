-- The admin dashboard's users list shows a phone number only on demand, and every such look is recorded (issue 14):
-- who looked, at whose number, when. The record outlives the admin's account (admin_id then null) but not the
-- user's: a deleted account leaves no phone-related trace.
create table admin_phone_views (
  view_id bigint generated always as identity primary key,
  admin_id integer references users (user_id) on delete set null,
  user_id integer not null references users (user_id) on delete cascade,
  viewed_at timestamptz not null default now()
);

create index admin_phone_views_user_idx on admin_phone_views (user_id);
create index admin_phone_views_admin_idx on admin_phone_views (admin_id);
