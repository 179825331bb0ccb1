-- POST /api/user/test-alert

begin

select language from users where user_id = $1 for no key update

select count(*)::int as recent, extract(epoch from min(asked_at) + interval '1 hour' - statement_timestamp())::float8 as retry_after, exists (select 1 from push_subscriptions where user_id = $1) as subscribed from practice_alerts where user_id = $2 and asked_at > statement_timestamp() - interval '1 hour'

insert into practice_alerts (user_id, asked_at) values ($1, statement_timestamp())

with queued as ( insert into push_jobs (endpoint, payload, urgency, ttl, receipt, stale) select s.endpoint, texts.payload, $1, $2, gen_random_uuid(), false from unnest($3::int[], $4::text[]) as wanted (user_id, language) join unnest($5::text[], $6::text[]) as texts (language, payload) using (language) join push_subscriptions s on s.user_id = wanted.user_id returning endpoint, receipt), receipts as ( insert into push_receipts (receipt, endpoint, user_id, request_id, kind) select q.receipt, q.endpoint, s.user_id, $7::int, $8 from queued q join push_subscriptions s using (endpoint) ) select count(*)::int as queued from queued

commit
