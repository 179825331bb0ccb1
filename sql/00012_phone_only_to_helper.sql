-- The owner's choice "Show my phone number only to the person who helps" (issue 16): when set, the owner's number
-- goes to the current responder alone (server/domain/requests.ts phonesFor), not to admins or users nearby.
alter table requests add column phone_only_to_helper boolean not null default false;
