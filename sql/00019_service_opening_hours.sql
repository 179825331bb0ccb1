-- Opening hours of a service (docs/services.md#opening-hours): OpenStreetMap's opening_hours syntax, such as
-- "Mo-Fr 10:00-18:00; Sa 10:00-15:00"; null when unknown. The app checks the syntax with the opening_hours library
-- before it writes; the database only keeps the length the API allows.
alter table services add column opening_hours text check (char_length(opening_hours) between 1 and 255);
