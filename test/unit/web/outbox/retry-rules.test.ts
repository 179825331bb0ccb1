import t from 'tap'
import { ApiError } from '../../../../web/src/shared/api/errors.ts'
import { RECONNECT_MAX_MS } from '../../../../web/src/shared/live/backoff.ts'
import {
  nextAttemptAt,
  outcomeOf,
  outcomeOfStatus,
  SEND_TIMEOUT_MS,
} from '../../../../web/src/features/outbox/retry-rules.ts'
import { isIdempotencyKey, newIdempotencyKey, outboxPath } from '../../../../web/src/features/outbox/outbox-item.ts'

t.test('no answer, a timeout and a 5xx are sent again; 401 is the session; any other 4xx is a refusal', async (t) => {
  for (const status of [0, 408, 500, 502, 503, 504]) t.equal(outcomeOfStatus(status), 'retry', `${status}`)
  t.equal(outcomeOfStatus(401), 'session')
  // The daily limit (429), the active limit and a taken request (409), not allowed (403), a changed body (422), a
  // validation error (400), a request gone (404): the server decided, so sending again would be refused again.
  for (const status of [400, 403, 404, 409, 413, 422, 429]) t.equal(outcomeOfStatus(status), 'refused', `${status}`)
})

t.test('thrown values: an ApiError by its status, anything else as no answer', async (t) => {
  t.equal(outcomeOf(new ApiError(0, 'Failed to fetch')), 'retry')
  t.equal(outcomeOf(new ApiError(503, 'Service Unavailable')), 'retry')
  t.equal(outcomeOf(new ApiError(429, 'You have reached the daily request limit.')), 'refused')
  t.equal(outcomeOf(new ApiError(401, 'Unauthorized')), 'session')
  t.equal(outcomeOf(new DOMException('The operation was aborted.', 'AbortError')), 'retry')
  t.equal(outcomeOf(new TypeError('Failed to fetch')), 'retry')
})

t.test('the backoff between attempts: 1 s doubling to 30 s, with jitter in the upper half', async (t) => {
  const now = 1_000_000
  const low = () => 0
  const high = () => 0.999999
  t.equal(nextAttemptAt(1, now, low), now + 500, 'after the first attempt: between 0.5 and 1 s')
  t.equal(nextAttemptAt(1, now, high), now + 1000)
  t.equal(nextAttemptAt(2, now, high), now + 2000)
  t.equal(nextAttemptAt(3, now, high), now + 4000)
  t.equal(nextAttemptAt(20, now, high), now + RECONNECT_MAX_MS, 'capped')
  t.equal(nextAttemptAt(20, now, low), now + RECONNECT_MAX_MS / 2, 'never much less than planned')
  t.ok(SEND_TIMEOUT_MS >= 10_000, 'a weak signal gets time for one attempt')
})

t.test('the key: a UUID the server accepts, new every time; the paths of the three calls', async (t) => {
  const a = newIdempotencyKey()
  const b = newIdempotencyKey()
  t.ok(isIdempotencyKey(a), a)
  t.not(a, b)
  t.ok(isIdempotencyKey('a'.repeat(100)))
  t.notOk(isIdempotencyKey('a'.repeat(101)), 'at most 100 characters')
  t.notOk(isIdempotencyKey(''), 'at least one')
  t.notOk(isIdempotencyKey('key with spaces'))
  t.equal(outboxPath('request', null), '/api/requests')
  t.equal(outboxPath('message', 12), '/api/requests/12/messages')
  t.equal(outboxPath('thanks', 12), '/api/requests/12/thanks')
})
