import t from 'tap'
import { purgeConversations } from '../../../server/domain/conversation/conversation.ts'
import { buildTestApp } from '../../helper.ts'
import type { Actor } from '../../requests.ts'
import { signedIn } from '../../signed-in.ts'

/** The hourly limit under a real parallel burst, the unread count and read marker, and what deletes messages. */
t.test('message limits, unread counts and deletion', async (t) => {
  const app = await buildTestApp(t, { DATABASE_POOL_MAX: 25 })
  let owner: Actor
  let helper: Actor
  let people = 0
  const url = (id: number, rest = '') => `/api/requests/${id}/messages${rest}`
  /** A request in progress between a new owner and a new helper (the daily and active limits stay out of the way). */
  const inProgress = async (description: string) => {
    people += 1
    ;[owner, helper] = await Promise.all([signedIn(app, `Owner ${people}`), signedIn(app, `Helper ${people}`)])
    const id = (await owner.create({ description })).body.request_id
    t.equal((await helper.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
    return id
  }
  const count = async (id: number) =>
    (await app.sql<{ n: number }[]>`select count(*)::int as n from request_messages where request_id = ${id}`)[0]!.n
  const unread = async (who: Actor) => (await who.get('/api/messages/unread')).body as unknown as object[]

  t.test('100 parallel messages from one user: exactly 30 stored, the rest 429 with a message', async (t) => {
    const id = await inProgress('Burst')
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => helper.send('POST', url(id), { text: `Message ${i}` })),
    )
    t.equal(answers.filter((a) => a.status === 201).length, 30)
    const refused = answers.filter((a) => a.status === 429)
    t.equal(refused.length, 70)
    t.ok(refused.every((a) => a.body.message === 'You have sent too many messages on this request. Try again later.'))
    t.equal(await count(id), 30)
    t.equal((await owner.send('POST', url(id), { text: 'The owner has a limit of their own' })).status, 201)
    const retry = await app.inject({
      method: 'POST',
      url: url(id),
      headers: { authorization: `Bearer ${helper.user.token}` },
      payload: { text: 'Again' },
    })
    t.equal(retry.statusCode, 429)
    const seconds = Number(retry.headers['retry-after'])
    t.ok(seconds > 3500 && seconds <= 3600, `Retry-After is when the oldest leaves the hour (${seconds})`)

    // A rolling hour: once the oldest messages are older than an hour, that many may be sent again.
    await app.sql`
      update request_messages set created_at = now() - interval '61 minutes'
      where message_id in (
        select message_id from request_messages where request_id = ${id} and author_id = ${helper.user.user.user_id}
        order by message_id limit 2
      )
    `
    const again = await Promise.all(
      Array.from({ length: 5 }, () => helper.send('POST', url(id), { text: 'An hour later' })),
    )
    t.equal(again.filter((a) => a.status === 201).length, 2)
  })

  t.test('unread counts per request, and the read marker', async (t) => {
    const id = await inProgress('Unread')
    const sent = []
    for (const text of ['On my way', 'Two minutes', 'I am here'])
      sent.push((await helper.send<{ message_id: string }>('POST', url(id), { text })).body.message_id)
    t.match(await unread(owner), [{ request_id: id, unread: 3 }])
    t.notOk(
      (await unread(helper)).some((row) => (row as { request_id: number }).request_id === id),
      "one's own messages are never unread",
    )
    t.equal((await owner.send('PUT', url(id, '/read'), { lastReadId: sent[1] })).status, 204)
    t.match(await unread(owner), [{ request_id: id, unread: 1 }])
    t.equal((await owner.send('PUT', url(id, '/read'), { lastReadId: sent[0] })).status, 204, 'never moves back')
    t.match(await unread(owner), [{ request_id: id, unread: 1 }])
    t.equal((await owner.send('PUT', url(id, '/read'), { lastReadId: '999999999' })).status, 204)
    t.notOk((await unread(owner)).some((row) => (row as { request_id: number }).request_id === id))
    const marker = (await owner.get(url(id))).body as unknown as { lastReadId: string }
    t.equal(marker.lastReadId, sent[2], 'capped at the newest message')
    for (const lastReadId of ['x', '', '-1', '9999999999999999999'])
      t.equal((await owner.send('PUT', url(id, '/read'), { lastReadId })).status, 400, `${lastReadId}: 400`)
    const admin = await signedIn(app, 'Admin', true)
    t.equal((await admin.send('PUT', url(id, '/read'), { lastReadId: sent[2] })).status, 403)
  })

  t.test('deleting the request deletes its messages and read markers', async (t) => {
    const id = await inProgress('To delete')
    await helper.send('POST', url(id), { text: 'Hello' })
    await owner.send('POST', url(id), { text: 'Hi' })
    t.equal(await count(id), 2)
    t.equal((await owner.send('DELETE', `/api/requests/${id}`)).status, 204)
    t.equal(await count(id), 0)
    const [reads] = await app.sql<{ n: number }[]>`
      select count(*)::int as n from request_message_reads where request_id = ${id}`
    t.equal(reads!.n, 0)
    t.equal((await owner.get(url(id))).status, 404)
  })

  t.test('an account deleted: its requests and their messages go (foreign keys cascade)', async (t) => {
    const leaving = await signedIn(app, 'Leaving')
    const id = (await leaving.create({ description: 'Cascade' })).body.request_id
    await helper.send('PUT', `/api/requests/${id}/addresponder`)
    await helper.send('POST', url(id), { text: 'Hello' })
    await app.sql`delete from users where user_id = ${leaving.user.user.user_id}`
    t.equal(await count(id), 0)
  })

  t.test('REQUEST_HISTORY_DAYS after completion, the purge deletes the conversation', async (t) => {
    const completed = async (description: string) => {
      const id = await inProgress(description)
      await helper.send('POST', url(id), { text: 'Done soon' })
      await owner.send('PUT', `/api/requests/${id}/setready`, { gotHelp: 1 })
      return id
    }
    const recent = await completed('Recent')
    const old = await completed('Old')
    const active = await inProgress('Active')
    await helper.send('POST', url(active), { text: 'Still going' })
    await app.sql`update requests set completed_at = now() - interval '8 days' where request_id = ${old}`
    t.equal(await purgeConversations(app.sql, 7), 1)
    t.equal(await count(old), 0)
    t.equal(await count(recent), 1)
    t.equal(await count(active), 1)
  })
})
