import t from 'tap'
import type { HelpRequest } from '../../../web/src/features/requests/api.ts'
import { atActiveRequestLimit, atActiveResponseLimit } from '../../../web/src/features/requests/limits.ts'
import { hoursLeft, takeOverPauseEnd } from '../../../web/src/features/requests/take-over-pause.ts'
import { ApiError } from '../../../web/src/shared/api/errors.ts'
import { letGoPauseMessage } from '../../../server/domain/requests/let-go.ts'
import { REQUEST_ERRORS } from '../../../server/domain/requests/errors.ts'

const ME = 7

function request(fields: Partial<HelpRequest>): HelpRequest {
  return { isOwnRequest: false, status: 'new', responder_id: null, ...fields } as HelpRequest
}

t.test('"Ask for help" waits at two active requests of one’s own', async (t) => {
  const own = (status: HelpRequest['status']) => request({ isOwnRequest: true, status })
  t.notOk(atActiveRequestLimit([own('new'), own('completed'), request({}), request({})]), 'one active')
  t.ok(atActiveRequestLimit([own('new'), own('in progress')]), 'two active')
  t.notOk(atActiveRequestLimit([own('completed'), own('completed'), own('new')]), 'completed ones do not count')
})

t.test('"I’m working on it" waits while helping with two requests', async (t) => {
  const helping = (status: HelpRequest['status'], responder = ME) => request({ responder_id: responder, status })
  t.notOk(atActiveResponseLimit([helping('in progress'), helping('completed')], ME), 'one running')
  t.ok(atActiveResponseLimit([helping('in progress'), helping('in progress')], ME), 'two running')
  t.notOk(atActiveResponseLimit([helping('in progress', 8), helping('in progress', 8)], ME), 'someone else’s')
})

t.test('"I’m working on it" waits out the take-over budget the server named', async (t) => {
  const now = Date.parse('2026-11-29T10:00:00Z')
  const paused = new ApiError(429, letGoPauseMessage(5 * 3600 - 60), 5 * 3600 - 60)
  const until = takeOverPauseEnd(paused, now)
  t.equal(until, now + (5 * 3600 - 60) * 1000, 'until the Retry-After the server gave')
  t.equal(hoursLeft(until!, now), 5, 'about 5 hours')
  t.equal(hoursLeft(until!, until! - 1000), 1, 'never less than 1 hour while it lasts')
  t.equal(
    takeOverPauseEnd(new ApiError(429, 'Too many requests, please try again later.', 30), now),
    null,
    'another 429 is no pause',
  )
  t.equal(takeOverPauseEnd(new ApiError(409, REQUEST_ERRORS.responseLimit), now), null, 'nor another refusal')
})
