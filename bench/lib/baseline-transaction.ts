/**
 * The database work of a description edit, done by postgres.js alone: what the ws baseline runs before its fan-out
 * when it is given a DATABASE_URL (docs/performance.md, "What a change costs beside the same transaction"). The same
 * four round trips as the server's change (docs/performance.md, "Round trips of a change"): begin; the request's row
 * locked; the write, its read-back with the owner's row and the NOTIFY in one statement; commit. And, as the server's
 * bus does, it listens on the channel it notifies and hears its own NOTIFY come back. What it leaves out is what the
 * comparison prices: HTTP routing and validation, the token and the session, the rules, shaping per audience and
 * choosing recipients.
 */
import postgres from 'postgres'

const CHANNEL = 'bench_baseline'

export interface BaselineTransaction {
  /** Edits the request's description in one transaction; resolves after the commit. */
  edit(requestId: number, description: string): Promise<void>
  close(): Promise<void>
}

export async function baselineTransaction(databaseUrl: string): Promise<BaselineTransaction> {
  const sql = postgres(databaseUrl, { max: 10, onnotice: () => {} })
  // Heard and dropped: the server's bus reads its own messages back too, and that is what is priced here.
  await sql.listen(CHANNEL, () => {})
  return {
    async edit(requestId, description) {
      await sql.begin(async (tx) => {
        await tx`select request_id from requests where request_id = ${requestId} for no key update`
        await tx`
          with changed as (
            update requests set description = ${description}, updated_at = now()
            where request_id = ${requestId}
            returning *
          )
          select changed.*, owner.user_name, pg_notify(${CHANNEL}, json_build_object(
            'type', 'request', 'requestId', changed.request_id, 'previousResponderId', null
          )::text)
          from changed join users owner on owner.user_id = changed.owner_id
        `
      })
    },
    async close() {
      await sql.end()
    },
  }
}
