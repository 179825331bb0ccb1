import t, { type Test } from 'tap'
import { buildTestApp } from '../../helper.ts'
import type { Actor } from '../../requests.ts'
import { signedIn } from '../../signed-in.ts'

type Stored = { request_id: number | null; reporter_id: number | null; reported_id: number; about: string }

/**
 * docs/admin.md, "Moderation": who may report whom on a request (owner, helper, former helper, stranger, admin,
 * visitor), the 400s, the 409 of a second report and the 429 of the daily limit under a parallel burst. No answer
 * carries a phone number.
 */
t.test('reports', async (t) => {
  const app = await buildTestApp(t)
  const [owner, helper, second, stranger, admin] = await Promise.all([
    signedIn(app, 'Owner'),
    signedIn(app, 'Helper'),
    signedIn(app, 'Second'),
    signedIn(app, 'Stranger'),
    signedIn(app, 'Admin', true),
  ])
  const phones = [owner, helper, second, stranger, admin].map((who) => who.user.user.phone)
  const noPhone = (t: Test, body: unknown, where: string) => {
    const text = JSON.stringify(body)
    t.notOk(
      phones.some((phone) => text.includes(phone) || text.includes(phone.slice(4))),
      `${where}: no phone number`,
    )
  }
  const url = (id: number) => `/api/requests/${id}/reports`
  const report = (who: Actor, id: number, body: object) => who.send<{ report_id: number }>('POST', url(id), body)
  const stored = async (reportId: number) =>
    (
      await app.sql<Stored[]>`
      select request_id, reporter_id, reported_id, about from reports where report_id = ${reportId}
    `
    )[0]
  const idOf = (who: Actor) => who.user.user.user_id

  const id = (await owner.create()).body.request_id
  t.equal((await helper.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)

  t.test('about the owner: anyone who sees the request but the owner', async (t) => {
    for (const who of [helper, stranger, admin]) {
      const answer = await report(who, id, { about: 'owner', reason: 'fake' })
      t.equal(answer.status, 201, who.user.user.user_name)
      t.same(Object.keys(answer.body), ['report_id'])
      noPhone(t, answer.body, 'the answer')
      t.same(await stored(answer.body.report_id), {
        request_id: id,
        reporter_id: idOf(who),
        reported_id: idOf(owner),
        about: 'owner',
      })
    }
    t.match(await report(owner, id, { about: 'owner', reason: 'spam' }), {
      status: 400,
      body: { message: 'You cannot report yourself' },
    })
  })

  t.test('about the helper: the owner and admins, about the current one', async (t) => {
    const answer = await report(owner, id, { about: 'responder', reason: 'harassment', details: '  Rude words  ' })
    t.equal(answer.status, 201)
    t.same(await stored(answer.body.report_id), {
      request_id: id,
      reporter_id: idOf(owner),
      reported_id: idOf(helper),
      about: 'responder',
    })
    const [row] = await app.sql<{ details: string }[]>`
      select details from reports where report_id = ${answer.body.report_id}`
    t.equal(row!.details, 'Rude words', 'the details trimmed')
    t.equal((await report(admin, id, { about: 'responder', reason: 'unsafe' })).status, 201)
    for (const who of [stranger, second])
      t.match(await report(who, id, { about: 'responder', reason: 'unsafe' }), {
        status: 403,
        body: { message: 'Only the owner of the request or an admin can report its helper' },
      })
    t.equal((await report(helper, id, { about: 'responder', reason: 'unsafe' })).status, 403, 'the helper either')
  })

  t.test('after a release and a removal: the most recent helper', async (t) => {
    const other = (await owner.create({ description: 'Chain broke' })).body.request_id
    t.match(await report(owner, other, { about: 'responder', reason: 'no_show' }), {
      status: 409,
      body: { message: 'Nobody has helped with this request' },
    })
    await helper.send('PUT', `/api/requests/${other}/addresponder`)
    await helper.send('PUT', `/api/requests/${other}/removeresponder`, { removedBy: 'responder' })
    const released = await report(owner, other, { about: 'responder', reason: 'no_show' })
    t.equal(released.status, 201)
    t.equal((await stored(released.body.report_id))!.reported_id, idOf(helper), 'the helper who released it')
    await second.send('PUT', `/api/requests/${other}/addresponder`)
    await owner.send('PUT', `/api/requests/${other}/removeresponder`, { removedBy: 'owner' })
    const removed = await report(owner, other, { about: 'responder', reason: 'no_show' })
    t.equal(removed.status, 201)
    t.equal((await stored(removed.body.report_id))!.reported_id, idOf(second), 'the one removed last')
    for (const former of [helper, second])
      t.equal((await report(former, other, { about: 'responder', reason: 'no_show' })).status, 403, 'a former helper')
    // The former helper may still report the owner: they saw the request.
    t.equal((await report(second, other, { about: 'owner', reason: 'harassment' })).status, 201)
    t.equal((await owner.send('PUT', `/api/requests/${other}/setready`, { gotHelp: 0 })).status, 200)
    t.equal((await report(stranger, other, { about: 'owner', reason: 'fake' })).status, 201, 'completed: still')
  })

  t.test('who may report whom, as the app asks', async (t) => {
    const options = async (who: Actor) => (await who.get(url(id))).body
    t.same(await options(owner), [{ about: 'responder', user_name: 'Helper', reported: true }])
    t.same(await options(helper), [{ about: 'owner', user_name: 'Owner', reported: true }])
    t.same(await options(second), [{ about: 'owner', user_name: 'Owner', reported: false }])
    t.same(await options(admin), [
      { about: 'owner', user_name: 'Owner', reported: true },
      { about: 'responder', user_name: 'Helper', reported: true },
    ])
    noPhone(t, await options(admin), 'the options')
  })

  t.test('visitors 401; a request one may not see 404', async (t) => {
    const visitor = await app.inject({ method: 'POST', url: url(id), payload: { about: 'owner', reason: 'spam' } })
    t.equal(visitor.statusCode, 401)
    t.equal((await app.inject({ method: 'GET', url: url(id) })).statusCode, 401)
    const testRequest = (await admin.create({ isTest: 1 })).body.request_id
    t.equal((await report(stranger, testRequest, { about: 'owner', reason: 'spam' })).status, 404, 'a test request')
    const deleted = (await stranger.create()).body.request_id
    await stranger.send('DELETE', `/api/requests/${deleted}`)
    t.equal((await report(second, deleted, { about: 'owner', reason: 'spam' })).status, 404, 'a deleted one')
    t.equal((await report(second, 2_000_000_000, { about: 'owner', reason: 'spam' })).status, 404)
    t.equal((await second.get(url(deleted))).status, 404)
  })

  t.test('bad bodies are 400 with a message, never stored', async (t) => {
    const [before] = await app.sql<{ n: number }[]>`select count(*)::int as n from reports`
    const refusals: Array<[object, string]> = [
      [{ about: 'owner', reason: 'rude' }, 'Choose a reason: harassment, unsafe, no_show, fake, spam or other'],
      [{ about: 'owner', reason: '' }, 'Choose a reason: harassment, unsafe, no_show, fake, spam or other'],
      [{ about: 'neighbour', reason: 'spam' }, 'Report the owner or the responder of the request'],
      [{ about: 'owner', reason: 'spam', details: 'x'.repeat(501) }, 'Details can be at most 500 characters'],
      [{ about: 'owner', reason: 'spam', details: 'Bell\u0007' }, 'Contains invalid characters'],
      [{ about: 'owner', reason: 'spam', details: 'Nul\u0000' }, 'Contains invalid characters'],
      [{ about: 'owner' }, 'Please fill in all fields'],
    ]
    for (const [body, message] of refusals) {
      const answer = await report(second, id, body)
      t.equal(answer.status, 400, JSON.stringify(body).slice(0, 60))
      t.equal((answer.body as { message?: string }).message, message)
    }
    t.equal((await report(second, id, { about: 'owner', reason: 'spam', details: 42 })).status, 400)
    const [after] = await app.sql<{ n: number }[]>`select count(*)::int as n from reports`
    t.equal(after!.n, before!.n)
    const long = await report(second, id, { about: 'owner', reason: 'other', details: 'ä'.repeat(500) })
    t.equal(long.status, 201, '500 characters are fine')
  })

  t.test('the same person on the same request again: 409, also in parallel', async (t) => {
    t.match(await report(second, id, { about: 'owner', reason: 'spam' }), {
      status: 409,
      body: { message: 'You have already reported this person on this request' },
    })
    const fresh = await signedIn(app, 'Fresh')
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => report(fresh, id, { about: 'owner', reason: 'unsafe' })),
    )
    t.same(answers.map((answer) => answer.status).sort(), [201, 409, 409, 409, 409, 409, 409, 409])
    const [count] = await app.sql<{ n: number }[]>`
      select count(*)::int as n from reports where reporter_id = ${idOf(fresh)}`
    t.equal(count!.n, 1)
  })
})

t.test('at most 10 reports a Helsinki day per user, under a parallel burst', async (t) => {
  const app = await buildTestApp(t)
  const [reporter, owner] = await Promise.all([signedIn(app, 'Reporter'), signedIn(app, 'Many')])
  // Requests written straight to the table: the owner's own daily limit is not what is tested here.
  const ids = await app.sql<{ request_id: number }[]>`
    insert into requests (owner_id, category, description)
    select ${owner.user.user.user_id}, 'other', 'Request ' || n from generate_series(1, 16) n
    returning request_id
  `
  // One reported yesterday (Helsinki) does not count.
  const yesterday = ids.pop()!.request_id
  t.equal(
    (await reporter.send('POST', `/api/requests/${yesterday}/reports`, { about: 'owner', reason: 'spam' })).status,
    201,
  )
  await app.sql`update reports set created_at = now() - interval '1 day 1 hour'`

  const answers = await Promise.all(
    ids.map(({ request_id }) =>
      app.inject({
        method: 'POST',
        url: `/api/requests/${request_id}/reports`,
        headers: { authorization: `Bearer ${reporter.user.token}` },
        payload: { about: 'owner', reason: 'spam' },
      }),
    ),
  )
  const statuses = answers.map((answer) => answer.statusCode)
  t.equal(statuses.filter((status) => status === 201).length, 10, 'exactly 10 of 15 get through')
  t.equal(statuses.filter((status) => status === 429).length, 5)
  const refused = answers.find((answer) => answer.statusCode === 429)!
  t.same(refused.json(), { message: 'You can send at most 10 reports a day' })
  const retryAfter = Number(refused.headers['retry-after'])
  t.ok(retryAfter >= 1 && retryAfter <= 25 * 3600, `Retry-After until the next Helsinki day (${retryAfter} s)`)
  const [count] = await app.sql<{ n: number }[]>`
    select count(*)::int as n from reports where reporter_id = ${reporter.user.user.user_id}`
  t.equal(count!.n, 11)
  const other = await signedIn(app, 'Other')
  t.equal(
    (await other.send('POST', `/api/requests/${ids[0]!.request_id}/reports`, { about: 'owner', reason: 'spam' }))
      .status,
    201,
    'the limit is per reporter',
  )
})
