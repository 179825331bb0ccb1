-- PUT /api/user/location

begin

select latitude, longitude, location_updated_at, reach_latitude, reach_longitude, reach_located_at, location_reported_at from users where user_id = $1 for no key update

select statement_timestamp() as now

update users set latitude = $1, longitude = $2, location_updated_at = $3, location_reported_at = $4 , reach_latitude = $5, reach_longitude = $6, reach_located_at = $7 where user_id = $8

commit

select pg_notify($1, $2)
