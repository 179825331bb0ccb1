-- POST /api/admin/reports/:id/decision (ban)

begin

select reported_id, reporter_id from reports where report_id = $1 and reported_id is not null for no key update

insert into moderation_decisions (report_id, action, reason, days, decided_by) values ($1, $2, $3, $4, $5) on conflict (report_id) do nothing returning decided_at + make_interval(days => coalesce(days, 0)) as until

insert into user_notices (user_id, report_id, kind) values ($1, $2, $3) on conflict on constraint user_notices_once do nothing

select 1 from users where user_id = $1 for no key update

update account_suspensions set lifted_at = now(), lifted_by = $1 where user_id = $2 and lifted_at is null

insert into account_suspensions (user_id, ends_at, reason, decided_by) values ($1, $2, $3, $4)

update sessions set revoked_at = now(), revoked_reason = $1 where user_id = $2 and revoked_at is null

delete from push_subscriptions where user_id = $1

with released as ( update requests set status = 'new', responder_id = null, responder_distance_km = null, updated_at = now() where status = 'in progress' and responder_id = $1 returning request_id ), ended as ( update request_responses set ended_at = now(), outcome = 'removed' where ended_at is null and request_id in (select request_id from released) ) select request_id from released

delete from responder_positions where responder_id = $1

update requests set updated_at = now() where owner_id = $1 and deleted_at is null and status <> 'completed' returning request_id

with released as ( update requests set status = 'new', responder_id = null, responder_distance_km = null, updated_at = now() where status = 'in progress' and request_id = any($1::int[]) returning request_id ), ended as ( update request_responses set ended_at = now(), outcome = 'removed' where ended_at is null and request_id in (select request_id from released) ) select request_id from released

delete from responder_positions where request_id = any($1::int[])

insert into push_waves (request_id) select unnest($1::int[]) on conflict (request_id) do update set due_at = now()

select pg_notify($1, $2)

select pg_notify($1, $2)

select pg_notify($1, $2)

commit

select pg_notify($1, $2)

select pg_notify($1, $2)

select r.report_id, r.created_at, r.reason, r.details, r.request_id, r.reporter_id, reporter.user_name as reporter_name, d.action, d.reason as decision_reason, d.days, d.decided_at, d.decided_by, admin.user_name as decided_by_name , r.reported_id, reported.user_name as reported_name, counts.open_reports, counts.total_reports from reports r left join users reporter on reporter.user_id = r.reporter_id left join moderation_decisions d on d.report_id = r.report_id left join users admin on admin.user_id = d.decided_by join users reported on reported.user_id = r.reported_id cross join lateral ( select count(*) filter (where od.report_id is null)::int as open_reports, count(*)::int as total_reports from reports o left join moderation_decisions od on od.report_id = o.report_id where o.reported_id = r.reported_id ) counts where r.report_id = $1
