-- POST /api/admin/reports/:id/decision (warn)

begin

select reported_id, reporter_id from reports where report_id = $1 and reported_id is not null for no key update

insert into moderation_decisions (report_id, action, reason, days, decided_by) values ($1, $2, $3, $4, $5) on conflict (report_id) do nothing returning decided_at + make_interval(days => coalesce(days, 0)) as until

insert into user_notices (user_id, report_id, kind) values ($1, $2, $3) on conflict on constraint user_notices_once do nothing

insert into user_notices (user_id, report_id, kind) values ($1, $2, $3) on conflict on constraint user_notices_once do nothing

commit

select pg_notify($1, $2)

select pg_notify($1, $2)

select pg_notify($1, $2)

select r.report_id, r.created_at, r.reason, r.details, r.request_id, r.reporter_id, reporter.user_name as reporter_name, d.action, d.reason as decision_reason, d.days, d.decided_at, d.decided_by, admin.user_name as decided_by_name , r.reported_id, reported.user_name as reported_name, counts.open_reports, counts.total_reports from reports r left join users reporter on reporter.user_id = r.reporter_id left join moderation_decisions d on d.report_id = r.report_id left join users admin on admin.user_id = d.decided_by join users reported on reported.user_id = r.reported_id cross join lateral ( select count(*) filter (where od.report_id is null)::int as open_reports, count(*)::int as total_reports from reports o left join moderation_decisions od on od.report_id = o.report_id where o.reported_id = r.reported_id ) counts where r.report_id = $1
