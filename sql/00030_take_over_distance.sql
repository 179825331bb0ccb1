-- The helper's distance as the owner is told it (docs/requests.md, "The helper's distance"): whole kilometres from
-- the helper's last reported location snapped to a grid of about 1 km to the request, computed once, in the
-- take-over's statement, and kept. Computed on every answer from the helper's exact position, the figure let an
-- owner who moved the request along a few bearings find where the rounding flips and so where the helper was.
-- Null without a helper or when either location was unknown at the take-over; a request taken over before this
-- migration shows none until its next take-over.
alter table requests add column responder_distance_km integer;
alter table requests add constraint requests_new_has_no_distance check (status <> 'new' or responder_distance_km is null);

-- When the owner last moved the request (PUT /api/requests/{id}/location): one move per 10 s per request
-- (docs/product.md, "Limits"), checked and recorded under the request's row lock.
alter table requests add column location_moved_at timestamptz;
