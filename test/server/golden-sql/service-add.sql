-- POST /api/services

begin

insert into services ("external_id","category","latitude","longitude","logo_url","address","phone","certified","opening_hours")values($1,$2,$3,$4,$5,$6,$7,$8,$9) returning service_id, true as inserted

delete from service_localizations where service_id = $1

insert into service_localizations ("service_id","language","name","description","url")values($1,$2,$3,$4,$5)

commit

select pg_notify($1, $2)
