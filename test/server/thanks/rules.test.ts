import t from 'tap'
import { buildTestApp } from '../../helper.ts'
import type { Actor } from '../../requests.ts'
import { signedIn } from '../../signed-in.ts'

type Trust = { responder_helped: number | null; thanks: { text: string; owner_name: string } | null }

/** docs/product.md#thanks-and-helped-counts: who may thank, when, how often; the text rule; who reads what. */
t.test('thank-you rules', async (t) => {
  const app = await buildTestApp(t)
  const [owner, helper, stranger, admin] = await Promise.all([
    signedIn(app, 'Owner'),
    signedIn(app, 'Helper'),
    signedIn(app, 'Stranger'),
    signedIn(app, 'Admin', true),
  ])
  const thank = (who: Actor, id: number, text: unknown = 'Thank you so much!') =>
    who.send('POST', `/api/requests/${id}/thanks`, { text })
  const trust = async (who: Actor, id: number) =>
    (await who.get(`/api/requests/${id}/thanks`)) as unknown as { status: number; body: Trust }
  const helped = async (who: Actor) => (await who.get('/api/user/helped')).body.helped as number

  /**
   * A request of a new owner's (each owner may create 5 a day), taken over by the helper, then marked ready with
   * `gotHelp`.
   */
  let owners = 0
  const completedWith = async (gotHelp: boolean) => {
    const by = await signedIn(app, `Cyclist${++owners}`)
    const id = (await by.create()).body.request_id
    t.equal((await helper.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
    t.equal((await by.send('PUT', `/api/requests/${id}/setready`, { gotHelp })).status, 200)
    return { id, by }
  }

  t.test('before completion, without help, without a helper: 409 with a reason', async (t) => {
    const open = (await owner.create()).body.request_id
    t.match(await thank(owner, open), { status: 409, body: { message: /once the request is marked ready/ } })
    t.equal((await helper.send('PUT', `/api/requests/${open}/addresponder`)).status, 200)
    t.match(await thank(owner, open), { status: 409, body: { message: /once the request is marked ready/ } })
    t.equal((await owner.send('PUT', `/api/requests/${open}/setready`, { gotHelp: 0 })).status, 200)
    t.match(await thank(owner, open), { status: 409, body: { message: /only when help was received/ } })

    const alone = (await owner.create()).body.request_id
    t.equal((await owner.send('PUT', `/api/requests/${alone}/setready`, { gotHelp: 1 })).status, 200)
    t.match(await thank(owner, alone), { status: 409, body: { message: /Nobody was helping/ } })
  })

  t.test('only the owner: the helper, a stranger and an admin get 403; a hidden request 404', async (t) => {
    const { id } = await completedWith(true)
    for (const who of [helper, stranger, admin])
      t.match(await thank(who, id), { status: 403, body: { message: /Only the person who asked/ } })
    t.match(await thank(owner, 2_000_000), { status: 404 })
    const test = (await admin.create({ isTest: 1 })).body.request_id
    t.match(await thank(owner, test), { status: 404 }, 'a test request is invisible to the owner of none')
  })

  t.test('the text: 1-200 characters of any text but control characters', async (t) => {
    const { id, by } = await completedWith(true)
    for (const text of ['', '   ', 'x'.repeat(201), 'Kiitos\u0000', 'Thanks\u0007', 'Thanks\ud800'])
      t.match(await thank(by, id, text), { status: 400 }, JSON.stringify(text).slice(0, 30))
    t.match(await thank(by, id, 42), { status: 400 }, 'not a string')
    t.equal((await app.sql`select 1 from request_thanks where request_id = ${id}`).length, 0, 'nothing stored')
    const ordinary = `Thanks <3 (really) "${'å'.repeat(170)}" 😀`
    t.match(
      await thank(by, id, `  ${ordinary}  `),
      { status: 201, body: { text: ordinary } },
      'stored trimmed, as written',
    )
  })

  t.test('once: a second thank-you is 409, and of 20 in parallel exactly one is stored', async (t) => {
    const { id, by } = await completedWith(true)
    t.match(await thank(by, id, 'You saved my day!'), {
      status: 201,
      body: { request_id: id, owner_name: by.user.user.user_name, text: 'You saved my day!' },
    })
    t.match(await thank(by, id, 'Again'), { status: 409, body: { message: /already thanked/ } })

    const { id: burst, by: burstOwner } = await completedWith(true)
    const answers = await Promise.all(Array.from({ length: 20 }, () => thank(burstOwner, burst)))
    t.same(answers.map((a) => a.status).sort(), [201, ...Array<number>(19).fill(409)])
    t.equal((await app.sql`select 1 from request_thanks where request_id = ${burst}`).length, 1)
  })

  t.test('the thank-you is read by its owner and helper only; the count goes with the helper’s name', async (t) => {
    const { id, by } = await completedWith(true)
    t.match(await trust(by, id), { body: { canThank: true, thanks: null } })
    t.match(await trust(helper, id), { body: { canThank: false } })
    t.equal((await thank(by, id, 'Kiitos tosi paljon!')).status, 201)
    t.match(await trust(by, id), { body: { canThank: false } }, 'thanked already')
    for (const who of [by, helper])
      t.match(await trust(who, id), {
        status: 200,
        body: { thanks: { text: 'Kiitos tosi paljon!', owner_name: by.user.user.user_name } },
      })
    for (const who of [stranger, admin, owner]) t.match(await trust(who, id), { status: 200, body: { thanks: null } })
    t.match(await trust(by, id), { body: { responder_helped: null } }, 'completed: no helper shown, no count')

    const open = (await stranger.create()).body.request_id
    t.match(await trust(admin, open), { body: { responder_helped: null, thanks: null } }, 'nobody helps yet')
    t.equal((await helper.send('PUT', `/api/requests/${open}/addresponder`)).status, 200)
    const count = await helped(helper)
    for (const who of [stranger, owner, admin, helper])
      t.match(await trust(who, open), { status: 200, body: { responder_helped: count } })
    t.equal((await stranger.send('PUT', `/api/requests/${open}/setready`, { gotHelp: 1 })).status, 200)
  })
})

/** Counts: distinct cyclists helped, with "help received", real requests only. */
t.test('helped counts', async (t) => {
  const app = await buildTestApp(t)
  const [helper, other, a, b, admin] = await Promise.all([
    signedIn(app, 'Helper'),
    signedIn(app, 'Other'),
    signedIn(app, 'Ann'),
    signedIn(app, 'Bob'),
    signedIn(app, 'Admin', true),
  ])
  const helped = async (who: Actor) => {
    const answer = await who.get('/api/user/helped')
    t.equal(answer.status, 200)
    return answer.body.helped as number
  }
  const done = async (owner: Actor, gotHelp: boolean, by: Actor = helper) => {
    const id = (await owner.create()).body.request_id
    t.equal((await by.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
    t.equal((await owner.send('PUT', `/api/requests/${id}/setready`, { gotHelp })).status, 200)
  }

  t.equal(await helped(helper), 0)
  await done(a, false)
  t.equal(await helped(helper), 0, 'no help received: not counted')
  // Only admins see test requests, so no helper can take one over; one marked a test before it is done stands for it.
  const test = (await admin.create()).body.request_id
  t.equal((await helper.send('PUT', `/api/requests/${test}/addresponder`)).status, 200)
  await app.sql`update requests set is_test = true where request_id = ${test}`
  t.equal((await admin.send('PUT', `/api/requests/${test}/setready`, { gotHelp: 1 })).status, 200)
  t.equal(await helped(helper), 0, 'a test request: not counted')
  await done(a, true)
  t.equal(await helped(helper), 1)
  await done(a, true)
  t.equal(await helped(helper), 1, 'the same cyclist again: still one cyclist')
  await done(b, true)
  t.equal(await helped(helper), 2)
  await done(b, true, other)
  t.equal(await helped(other), 1, 'each helper their own')
  t.equal(await helped(a), 0)

  // A released request that someone else then completes counts for that someone only.
  const id = (await a.create()).body.request_id
  t.equal((await helper.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
  t.equal((await helper.send('PUT', `/api/requests/${id}/removeresponder`, { removedBy: 'responder' })).status, 200)
  t.equal((await other.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
  t.equal((await a.send('PUT', `/api/requests/${id}/setready`, { gotHelp: 1 })).status, 200)
  t.equal(await helped(helper), 2)
  t.equal(await helped(other), 2)
  t.equal((await app.inject({ url: '/api/user/helped' })).statusCode, 401)
})
