-- Per-user quiet hours and a cap on new-request pushes per hour (issue 15). Both bound only the alerts of the
-- waves about other people's new requests (server/push/waves.ts); news of the user's own request or of the one
-- they help always goes.

-- Quiet hours as Helsinki wall-clock times, start included and end excluded; start after end wraps midnight
-- (22:00-07:00). Both null: none. Equal times would be either nothing or the whole day, so they are refused.
alter table users
  add column quiet_start time,
  add column quiet_end time,
  add column hourly_alert_cap smallint not null default 6,
  add constraint users_quiet_hours_check check (
    (quiet_start is null and quiet_end is null)
    or (quiet_start is not null and quiet_end is not null and quiet_start <> quiet_end)
  ),
  add constraint users_hourly_alert_cap_check check (hourly_alert_cap between 1 and 30);

-- Whether `moment` falls within the quiet hours from `starts` to `ends`, read on the clock in Helsinki.
create function in_quiet_hours(starts time, ends time, moment timestamptz)
returns boolean
language sql immutable parallel safe
as $$
  select case
    when starts is null or ends is null then false
    when starts < ends then
      (moment at time zone 'Europe/Helsinki')::time >= starts and (moment at time zone 'Europe/Helsinki')::time < ends
    else
      (moment at time zone 'Europe/Helsinki')::time >= starts or (moment at time zone 'Europe/Helsinki')::time < ends
  end
$$;

-- When each user was alerted of others' new requests within the last hour: at most their hourly_alert_cap times.
-- A wave locks the rows of the helpers it picks and appends now() only where fewer than the cap are that recent,
-- in its own transaction: two instances running waves at the same moment cannot both push someone past the cap
-- (server/push/alert-quota.ts, which also tells why no two waves can deadlock). Older times go on each append.
create table push_alert_quota (
  user_id integer primary key references users on delete cascade,
  recent timestamptz[] not null default '{}'
);

-- Every user has their row from the start: a wave only ever locks rows, never inserts them, so it cannot wait on
-- another transaction's insert of the same key.
insert into push_alert_quota (user_id) select user_id from users;

create function create_push_alert_quota() returns trigger
language plpgsql
as $$
begin
  insert into push_alert_quota (user_id) values (new.user_id);
  return new;
end
$$;

create trigger users_push_alert_quota after insert on users
  for each row execute function create_push_alert_quota();
