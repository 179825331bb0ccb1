-- POST /api/admin/users/:id/phone-view

with target as (select user_id, phone from users where user_id = $1), logged as ( insert into admin_phone_views (admin_id, user_id) select $2, user_id from target returning user_id ) select target.phone from target join logged using (user_id)
