-- Messages between a request's owner and its helper (issue 16, part 1).

-- One conversation per owner and helper pair: `helper_id` is the responder the message was exchanged with, so a
-- later helper never reads what the owner wrote to an earlier one. Deleted with the request (and its purge).
create table request_messages (
  message_id bigint generated always as identity primary key,
  request_id integer not null references requests on delete cascade,
  helper_id integer not null references users on delete cascade,
  author_id integer not null references users on delete cascade,
  text text not null check (char_length(text) between 1 and 500),
  created_at timestamptz not null default now()
);
create index request_messages_pair_idx on request_messages (request_id, helper_id, message_id);
-- The hourly limit counts one author's messages on one request.
create index request_messages_author_idx on request_messages (request_id, author_id, created_at);

-- How far each participant has read a request's conversation: the unread count, and pending pushes to drop.
create table request_message_reads (
  request_id integer not null references requests on delete cascade,
  user_id integer not null references users on delete cascade,
  last_read_id bigint not null,
  primary key (request_id, user_id)
);

-- A message's push waits a little (the recipient may read it on screen first) and goes with the message.
alter table push_jobs add column message_id bigint references request_messages on delete cascade;
create index push_jobs_message_idx on push_jobs (message_id) where message_id is not null;
