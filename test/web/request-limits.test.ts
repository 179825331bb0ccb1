import t from 'tap'
import type { HelpRequest } from '../../web/src/features/requests/api.ts'
import { atActiveRequestLimit, atActiveResponseLimit } from '../../web/src/features/requests/limits.ts'

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
