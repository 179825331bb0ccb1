-- What a helper can help with (docs/product.md#abilities): kit they carry, a vehicle, first aid, the languages they
-- speak. Ticked in Settings (PUT /api/user/abilities), read by the push waves to alert first those whose abilities
-- fit a request and to tell them why (server/push/wave-selection.ts), and never shown to other users.
--
-- Columns on users rather than a table of their own: the four values are read whole with the user (the session,
-- every `user` answer) and by the wave query for each candidate it ranks, where they come with the users row the
-- index scan has already fetched; a table would cost a join or a lookup per candidate. The lists are small fixed
-- sets (server/domain/shared/abilities.ts), checked here too, so no stored value is outside them.
alter table users
  add column ability_kit text[] not null default '{}',
  add column ability_transport text[] not null default '{}',
  add column ability_first_aid boolean not null default false,
  add column ability_languages text[] not null default '{}',
  add constraint users_ability_kit_check check (
    ability_kit <@ array[
      'pump_presta', 'pump_schrader', 'spare_tube', 'patch_kit', 'tyre_levers', 'chain_tool', 'multi_tool',
      'ebike_charger', 'lights'
    ]::text[]
  ),
  add constraint users_ability_transport_check check (
    ability_transport <@ array['car_with_rack', 'cargo_bike', 'van']::text[]
  ),
  add constraint users_ability_languages_check check (ability_languages <@ array['fi', 'sv', 'en']::text[]);

-- The ability an alert named as its reason (a kit or transport item, e.g. 'pump_presta' or 'car_with_rack'): the
-- helper's abilities fit the request. Null: they did not, or the request's category asks for none. The owner's
-- progress counts the alerts that fit.
alter table push_alerts add column ability text;
