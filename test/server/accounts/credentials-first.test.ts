import t from 'tap'
import type { InjectOptions } from 'fastify'
import { bearer } from '../../accounts.ts'
import { RAW_BODIES } from '../../fuzz/arbitraries.ts'
import { apiOperations, type Operation } from '../../fuzz/operations.ts'
import { buildTestApp } from '../../helper.ts'
import { signedInUser } from '../../signed-in.ts'

/**
 * Who is asking is checked before what is asked (docs/security.md, "Credentials before input"): a call without a
 * valid credential is refused with 401 whatever its path, query and body, and a non-admin's call to an admin route
 * with 403. An answer about the input (400, 413, 415) would tell a stranger what a route takes.
 */

/** Bodies that fail at every step before a handler: parsing, size, content type, the schema. */
const BAD_BODIES: { contentType: string; payload: string | Buffer }[] = [
  { contentType: 'application/json', payload: '{"surely not a field": [1, 2, 3]}' },
  { contentType: 'application/json', payload: '[]' },
  ...RAW_BODIES.filter(({ payload }) => payload.length < 1_000 || payload.length > 1_048_576),
]

/** The operation's path and query with values no schema takes: a word for a number, an overlong text. */
function badUrl(operation: Operation): string {
  const path = operation.path.replace(/\{[^}]+\}/g, 'not-a-number')
  const query = operation.parameters
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) => `${parameter.name}=${'x'.repeat(300)}`)
  return query.length > 0 ? `${path}?${query.join('&')}` : path
}

/** Every bad call of an operation: each bad body with the bad URL, and the bad URL alone. */
function badCalls(operation: Operation, headers: Record<string, string>): InjectOptions[] {
  const url = badUrl(operation)
  return [
    { method: operation.method, url, headers },
    ...BAD_BODIES.map(({ contentType, payload }) => ({
      method: operation.method,
      url,
      headers: { ...headers, 'content-type': contentType },
      payload,
    })),
  ]
}

t.test('every route that needs a credential refuses a call without one with 401, whatever the input', async (t) => {
  const app = await buildTestApp(t, { METRICS_TOKEN: 'credentials-first-metrics-token' })
  // The event stream authenticates in its first message, after the upgrade (docs/live-and-push.md).
  const operations = (await apiOperations(app)).filter((op) => op.credentialsRequired && op.path !== '/api/events')
  t.ok(operations.length >= 40, `${operations.length} operations need a credential`)
  const callers: [string, Record<string, string>][] = [
    ['no credential', {}],
    ['a garbage bearer token', bearer('not.a.token')],
  ]
  for (const operation of operations)
    for (const [who, headers] of callers) {
      const statuses = new Set<number>()
      for (const call of badCalls(operation, headers)) {
        const answer = await app.inject(call)
        statuses.add(answer.statusCode)
        if (answer.statusCode === 401) continue
        t.fail(`${operation.method} ${operation.path}, ${who}: ${answer.statusCode} ${answer.body.slice(0, 200)}`)
      }
      if (statuses.size === 1 && statuses.has(401)) t.pass(`${operation.method} ${operation.path}, ${who}: 401`)
    }
})

t.test('every admin route refuses a signed-in non-admin with 403, whatever the input', async (t) => {
  const app = await buildTestApp(t)
  const user = await signedInUser(app, { user_name: 'NotAnAdmin' })
  const operations = (await apiOperations(app)).filter((op) => op.credentialsRequired && op.tags.includes('admin'))
  t.ok(operations.length >= 10, `${operations.length} admin operations`)
  for (const operation of operations) {
    const statuses = new Set<number>()
    for (const call of badCalls(operation, bearer(user.token))) {
      const answer = await app.inject(call)
      statuses.add(answer.statusCode)
      if (answer.statusCode !== 403)
        t.fail(`${operation.method} ${operation.path}: ${answer.statusCode} ${answer.body.slice(0, 200)}`)
    }
    if (statuses.size === 1 && statuses.has(403)) t.pass(`${operation.method} ${operation.path}: 403`)
  }
})
