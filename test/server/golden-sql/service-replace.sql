-- PUT /api/services/:id

begin

update services set "external_id"=$1,"category"=$2,"latitude"=$3,"longitude"=$4,"logo_url"=$5,"address"=$6,"phone"=$7,"certified"=$8,"opening_hours"=$9, updated_at = now() where service_id = $10 returning service_id, false as inserted

delete from service_localizations where service_id = $1

insert into service_localizations ("service_id","language","name","description","url")values($1,$2,$3,$4,$5)

commit

select pg_notify($1, $2)
