import type { Sql } from 'postgres'
import { ACTIVE_REQUEST_LIMIT, ACTIVE_RESPONSE_LIMIT, DAILY_REQUEST_LIMIT } from '../server/domain/requests/rules.ts'
import { LIMIT_TIME_ZONE } from '../server/domain/shared/helsinki-day.ts'

/**
 * The SPEC's request rules as questions to the stored rows, each answering the rows that break it (none when it
 * holds). They read the tables, not the API, so a rule the server only appears to keep is still caught.
 */
export async function requestInvariantViolations(sql: Sql): Promise<Record<string, readonly unknown[]>> {
  const checks: Record<string, PromiseLike<readonly unknown[]>> = {
    'one running response per request': sql`
      select request_id, count(*)::int as running from request_responses
      where ended_at is null group by request_id having count(*) > 1`,
    'an open request in progress has exactly its helper running, every other request nobody': sql`
      select r.request_id, r.status, r.responder_id, r.deleted_at is not null as deleted,
        array_agg(rr.responder_id) filter (where rr.responder_id is not null) as running
      from requests r
      left join request_responses rr on rr.request_id = r.request_id and rr.ended_at is null
      group by r.request_id
      having case when r.status = 'in progress' and r.deleted_at is null
        then count(rr.responder_id) <> 1 or bool_or(rr.responder_id <> r.responder_id)
        else count(rr.responder_id) <> 0 end`,
    'nobody responds to their own request': sql`
      select rr.request_id, rr.responder_id from request_responses rr
      join requests r using (request_id) where rr.responder_id = r.owner_id`,
    [`at most ${ACTIVE_REQUEST_LIMIT} active requests per user`]: sql`
      select owner_id, count(*)::int as active from requests
      where deleted_at is null and status <> 'completed'
      group by owner_id having count(*) > ${ACTIVE_REQUEST_LIMIT}`,
    [`at most ${ACTIVE_RESPONSE_LIMIT} running responses per user`]: sql`
      select responder_id, count(*)::int as running from request_responses
      where ended_at is null group by responder_id having count(*) > ${ACTIVE_RESPONSE_LIMIT}`,
    [`at most ${DAILY_REQUEST_LIMIT} created per Helsinki day per user, deleted ones too`]: sql`
      select owner_id, (created_at at time zone ${LIMIT_TIME_ZONE})::date as day, count(*)::int as created
      from requests group by 1, 2 having count(*) > ${DAILY_REQUEST_LIMIT}`,
    'whoever released or was removed never responds to that request again': sql`
      select r.request_id, r.responder_id, rr.outcome from requests r
      join request_responses rr on rr.request_id = r.request_id and rr.responder_id = r.responder_id
      where r.status = 'in progress' and rr.outcome in ('released', 'removed')`,
    // Whether a response began after completion cannot be read from the times: now() is each transaction's start,
    // so a take-over that won the lock from a ready mark still waiting may carry the later time. The running
    // responses above and the unchanged history of completed requests (completedStates) answer it instead.
    'completed requests carry completed_at and got_help': sql`
      select request_id, status, completed_at, got_help from requests
      where (status = 'completed') <> (completed_at is not null and got_help is not null)`,
    // Recorded in the ready mark's transaction (thanks.ts recordHelp): never one without the other.
    'a real request completed with a helper is recorded for that helper': sql`
      select r.request_id, r.responder_id from requests r
      where r.status = 'completed' and not r.is_test and r.responder_id is not null
        and not exists (select 1 from helped_requests h where h.request_id = r.request_id and h.helper_id = r.responder_id)`,
    'with help received, its owner counts as a cyclist that helper helped': sql`
      select r.request_id, r.responder_id, r.owner_id from requests r
      where r.status = 'completed' and r.got_help and not r.is_test and r.responder_id is not null
        and not exists (select 1 from helped_cyclists c where c.helper_id = r.responder_id and c.owner_id = r.owner_id)`,
    'no help recorded for a request that is not a completed real one': sql`
      select h.request_id from helped_requests h join requests r using (request_id)
      where r.status <> 'completed' or r.is_test`,
  }
  const answers = await Promise.all(
    Object.entries(checks).map(async ([name, rows]) => [name, [...(await rows)]] as const),
  )
  return Object.fromEntries(answers.filter(([, rows]) => rows.length > 0))
}

/** What must never change once a request is completed: its helper, its outcome and its response history. */
export interface CompletedState {
  responder_id: number | null
  got_help: boolean
  responses: string
}

export async function completedStates(sql: Sql): Promise<Map<number, CompletedState>> {
  const rows = await sql<(CompletedState & { request_id: number })[]>`
    select r.request_id, r.responder_id, r.got_help,
      coalesce((select string_agg(rr.responder_id || ':' || coalesce(rr.outcome, 'running'), ',' order by rr.responder_id)
        from request_responses rr where rr.request_id = r.request_id), '') as responses
    from requests r where r.status = 'completed'
  `
  return new Map(rows.map(({ request_id, ...state }) => [request_id, state]))
}

/**
 * A simulated day passes: every stored time moves one Helsinki calendar day back, so each row keeps its calendar
 * day relative to the others (the daily-limit check stays meaningful) and today starts empty for everyone.
 */
export async function oneDayPasses(sql: Sql): Promise<void> {
  await sql.begin(async (tx) => {
    const back = (column: string) =>
      tx`${tx(column)} = ((${tx(column)} at time zone ${LIMIT_TIME_ZONE}) - interval '1 day') at time zone ${LIMIT_TIME_ZONE}`
    await tx`update requests set ${back('created_at')}, ${back('updated_at')}, ${back('completed_at')},
      ${back('deleted_at')}, ${back('first_responded_at')}`
    await tx`update request_responses set ${back('started_at')}, ${back('ended_at')}`
  })
}
