import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildTestApp, tempDir, twoInstances } from '../../helper.ts'
import { browserSubscription, readPush, startPushService } from '../../push-service.ts'
import { openEvents, receivedBeforeMarker, type ServerEvent } from '../../event-client.ts'
import { actorFor, type Actor, type Json } from '../../requests.ts'
import { signedIn, signedInUser } from '../../signed-in.ts'
import { BLOCK_ERRORS } from '../../../server/domain/blocks/errors.ts'
import { BLOCKS_PER_USER } from '../../../server/domain/blocks/blocks.ts'
import { nextWaveRecipients } from '../../../server/push/wave-selection.ts'
import { requestForEvent } from '../../../server/domain/requests/requests.ts'
import { suspendAccount } from '../../../server/domain/moderation/suspension.ts'
import { announceChanged } from '../../../server/plugins/suspensions.ts'
import { waitUntil } from '../../wait.ts'

/** Blocks between users (docs/safety.md, "Blocks"): who may block whom, and every effect, both ways. */

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
}

const idOf = (actor: Actor) => actor.user.user.user_id
const ids = (body: unknown) => (body as Array<{ request_id: number }>).map((row) => row.request_id)
const block = (actor: Actor, requestId: number, about: 'owner' | 'responder') =>
  actor.send<{ block_id: number; user_name: string; message?: string }>('POST', `/api/requests/${requestId}/block`, {
    about,
  })

t.test('who may block whom', async (t) => {
  const app = await buildTestApp(t)
  const [owner, helper, stranger, admin] = await Promise.all([
    signedIn(app, 'Olga'),
    signedIn(app, 'Hemmo'),
    signedIn(app, 'Sami'),
    signedIn(app, 'Aino', true),
  ])
  const { body: request } = await owner.create()
  const id = request.request_id

  t.equal((await block(owner, id, 'owner')).body.message, BLOCK_ERRORS.self, 'the owner about themselves: 400')
  t.equal((await block(owner, id, 'owner')).status, 400)
  const nobody = await block(owner, id, 'responder')
  t.same([nobody.status, nobody.body.message], [409, BLOCK_ERRORS.noHelper], 'no helper ever: 409')
  const notOwner = await block(stranger, id, 'responder')
  t.same([notOwner.status, notOwner.body.message], [403, BLOCK_ERRORS.notOwner], 'the helper: the owner only')
  t.equal((await block(stranger, id, 'nobody' as 'owner')).status, 400, 'an unknown `about`: 400')
  t.equal((await block(stranger, 999_999, 'owner')).status, 404, 'an unknown request: 404')
  const visitor = await app.inject({ method: 'POST', url: `/api/requests/${id}/block`, payload: { about: 'owner' } })
  t.equal(visitor.statusCode, 401, 'visitors: 401')

  // The helper releases: the owner may still block exactly them, the most recent helper.
  t.equal((await helper.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
  t.equal((await helper.send('PUT', `/api/requests/${id}/removeresponder`, { removedBy: 'responder' })).status, 200)
  t.equal((await block(helper, id, 'responder')).status, 403, 'the former helper cannot block "the helper"')
  const former = await block(owner, id, 'responder')
  t.equal(former.status, 201, 'the owner blocks the former helper')
  t.same(Object.keys(former.body).sort(), ['block_id', 'user_name'], 'no id or phone of the other in the answer')
  t.equal(former.body.user_name, 'Hemmo')
  const again = await block(owner, id, 'responder')
  t.same([again.status, again.body.block_id], [201, former.body.block_id], 'a retried block makes nothing new')

  const byAdmin = await block(admin, id, 'owner')
  t.equal(byAdmin.status, 201, 'an admin who sees the request may block its owner too')
  const list = await admin.get('/api/user/blocks')
  t.same(
    (list.body as Json[]).map((row) => Object.keys(row).sort()),
    [['block_id', 'created_at', 'user_name']],
    'the list: the id, name and time of each, nothing else',
  )
  t.same(await owner.get('/api/user/blocks').then((r) => (r.body as Json[]).map((b) => b.user_name)), ['Hemmo'])
  t.same((await helper.get('/api/user/blocks')).body, [], 'nobody sees the blocks made against them')

  // Lifting: only the blocker. Anyone else's block looks like one that does not exist.
  const lift = (actor: Actor, blockId: number) => actor.send('DELETE', `/api/user/blocks/${blockId}`)
  t.equal((await lift(helper, former.body.block_id)).status, 404, 'the blocked user cannot lift it')
  t.equal((await lift(stranger, former.body.block_id)).status, 404, 'nor anyone else')
  t.equal((await lift(owner, former.body.block_id)).status, 204, 'the blocker can')
  t.equal((await lift(owner, former.body.block_id)).status, 404, 'once')
})

t.test('a block works both ways: lists, delta, detail, take-over, thanks and alerts', async (t) => {
  const app = await buildTestApp(t)
  const [owner, blocker, bystander] = await Promise.all([
    signedIn(app, 'Oona'),
    signedIn(app, 'Bruno'),
    signedIn(app, 'Veera'),
  ])
  const { body: oonas } = await owner.create()
  const { body: brunos } = await blocker.create({ description: 'Need a pump' })
  const before = await blocker.get('/api/requests')
  const cursor = (await blocker.get('/api/requests')).body as unknown
  t.ok(ids(before.body).includes(oonas.request_id), 'seen before the block')
  const sinceResponse = await app.inject({
    url: '/api/requests',
    headers: { authorization: `Bearer ${blocker.user.token}` },
  })
  const since = sinceResponse.headers['x-sync-cursor'] as string
  const ownerSince = (
    await app.inject({ url: '/api/requests?all=1', headers: { authorization: `Bearer ${owner.user.token}` } })
  ).headers['x-sync-cursor'] as string
  t.ok(cursor && since && ownerSince)

  const made = await block(blocker, oonas.request_id, 'owner')
  t.equal(made.status, 201)

  for (const [who, other, theirs] of [
    [blocker, owner, oonas],
    [owner, blocker, brunos],
  ] as const) {
    const name = who.user.user.user_name
    t.notOk(ids((await who.get('/api/requests')).body).includes(theirs.request_id), `${name}: not in the list`)
    t.notOk(ids((await who.get('/api/requests?all=1')).body).includes(theirs.request_id), `${name}: nor show-all`)
    t.equal((await who.get(`/api/requests/${theirs.request_id}`)).status, 404, `${name}: the detail is 404`)
    const takeOver = await who.send('PUT', `/api/requests/${theirs.request_id}/addresponder`)
    t.same([takeOver.status, takeOver.body.message], [403, BLOCK_ERRORS.takeOver], `${name}: no take-over, told why`)
    t.ok(ids((await bystander.get('/api/requests')).body).includes(theirs.request_id), 'others still see it')
    void other
  }

  // A delta from a cursor made before the block drops the other's request; lifting brings it back.
  const delta = await blocker.get(`/api/requests?since=${encodeURIComponent(since)}`)
  t.ok((delta.body as unknown as { removed: number[] }).removed.includes(oonas.request_id), 'the delta removes it')
  const ownerDelta = await owner.get(`/api/requests?all=1&since=${encodeURIComponent(ownerSince)}`)
  t.ok((ownerDelta.body as unknown as { removed: number[] }).removed.includes(brunos.request_id), 'both ways')
  const afterBlock = (
    await app.inject({ url: '/api/requests', headers: { authorization: `Bearer ${blocker.user.token}` } })
  ).headers['x-sync-cursor'] as string
  t.equal((await blocker.send('DELETE', `/api/user/blocks/${made.body.block_id}`)).status, 204)
  const back = await blocker.get(`/api/requests?since=${encodeURIComponent(afterBlock)}`)
  t.ok(ids((back.body as unknown as { requests: unknown }).requests).includes(oonas.request_id), 'lifted: back')
  t.equal((await blocker.get(`/api/requests/${oonas.request_id}`)).status, 200, 'and the detail opens again')

  // Alerts: the waves pass over anyone with a block with the owner.
  t.equal((await block(blocker, oonas.request_id, 'owner')).status, 201)
  const near = { latitude: 60.17, longitude: 24.94 }
  await app.sql`update users set latitude = ${near.latitude}, longitude = ${near.longitude}, radius = 50`
  await app.sql`
    insert into push_subscriptions (endpoint, user_id, p256dh, auth)
    select 'https://push.invalid/' || user_id, user_id, 'k', 'a' from users
  `
  const wave = await nextWaveRecipients(app.sql, { ...oonas, owner_id: idOf(owner), ...near }, 10)
  const alerted = wave.map((row) => row.user_id)
  t.ok(alerted.includes(idOf(bystander)), 'a bystander is alerted')
  t.notOk(alerted.includes(idOf(blocker)), 'the blocker is not')
})

t.test('a block ends a running response at once, live on every instance', async (t) => {
  const { a, b } = await twoInstances(t)
  const [baseA, baseB] = [await listen(a), await listen(b)]
  const owner = actorFor(a, await signedInUser(a, { user_name: 'Ossi' }))
  const helper = actorFor(b, await signedInUser(a, { user_name: 'Heli' }))
  const bystander = actorFor(a, await signedInUser(a, { user_name: 'Ville' }))
  const ownerEvents = await openEvents(baseA, owner.user.token)
  const helperEvents = await openEvents(baseB, helper.user.token)
  t.teardown(() => [ownerEvents, helperEvents].forEach((client) => client.close()))

  const { body: request } = await owner.create()
  const id = request.request_id
  t.equal((await helper.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
  await helperEvents.next((e) => e.type === 'request.upserted' && e.request?.status === 'in progress')

  const made = await block(owner, id, 'responder')
  t.equal(made.status, 201)
  const detail = await owner.get(`/api/requests/${id}`)
  t.same([detail.body.status, detail.body.responder_id], ['new', null], 'the request waits for a helper again')
  const [response] = await a.sql<{ outcome: string }[]>`
    select outcome from request_responses where request_id = ${id} and responder_id = ${idOf(helper)}
  `
  t.equal(response?.outcome, 'removed', 'ended as a final removal')
  await ownerEvents.next((e) => e.type === 'request.upserted' && e.request?.status === 'new')
  await helperEvents.next((e) => e.type === 'refetch')
  t.pass('the helper’s app on the other instance is told to fetch its list again')
  // The block's change and the helper's reload travel as two bus messages, either may arrive first.
  await helperEvents.next((e) => e.type === 'request.hidden' && e.request_id === id)
  t.pass('but that it is gone from their screen')
  const upserted = (event: ServerEvent) => event.type === 'request.upserted' && event.request?.request_id === id
  const tookOver = helperEvents.events.findIndex((e) => upserted(e) && e.request?.status === 'in progress')
  // The block's own change: the request back to new (a repeat of the take-over's news may come first).
  const changeAfterBlock = helperEvents.events
    .slice(tookOver + 1)
    .filter((e) => upserted(e) && e.request?.status !== 'in progress')
  t.same(changeAfterBlock, [], 'the helper heard nothing of the change itself')
  const refetched = helperEvents.events.findIndex((event) => event.type === 'refetch')
  const later = (event: ServerEvent) => upserted(event) && helperEvents.events.indexOf(event) > refetched
  const heard = await receivedBeforeMarker(helperEvents, later, async () => {
    await owner.send('PUT', `/api/requests/${id}`, { description: 'Still need a pump' })
    const { body: other } = await bystander.create({ description: 'Marker request' })
    return (event) => event.type === 'request.upserted' && event.request?.request_id === other.request_id
  })
  t.notOk(heard, 'nor of any later change to the owner’s request')
  const message = await helper.send('POST', `/api/requests/${id}/messages`, { text: 'hello?' })
  t.equal(message.status, 404, 'the former helper cannot write to the owner')
})

t.test('the removed helper is told it is gone even where their block set was reloaded first', async (t) => {
  // The block's change and the helper's reload are two bus messages; here the reload is made to come first.
  const app = await buildTestApp(t)
  const base = await listen(app)
  const owner = await signedIn(app, 'Olli')
  const helper = await signedIn(app, 'Hanna')
  const helperEvents = await openEvents(base, helper.user.token)
  t.teardown(() => helperEvents.close())
  const { body: request } = await owner.create()
  const id = request.request_id
  t.equal((await helper.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
  await helperEvents.next((e) => e.type === 'request.upserted' && e.request?.status === 'in progress')

  // What the block's transaction writes, without its bus messages: the order is this test's.
  await app.sql`insert into blocks (blocker_id, blocked_id, request_id) values (${idOf(owner)}, ${idOf(helper)}, ${id})`
  await app.sql`update requests set status = 'new', responder_id = null, responder_distance_km = null where request_id = ${id}`
  await app.events.hub.reloadUser(idOf(helper))
  const row = await requestForEvent(app.sql, id)
  const before = helperEvents.events.length
  app.events.hub.deliverRow(
    { type: 'request', requestId: id, previousHelperId: idOf(helper), removedBy: 'owner', hiddenFrom: idOf(helper) },
    row,
  )
  // One socket delivers in order: what deliverRow wrote comes before this marker.
  app.events.hub.sendToUsers([idOf(helper)], { type: 'notices.changed' })
  const marker = await helperEvents.next(
    (e) => e.type === 'notices.changed' && helperEvents.events.indexOf(e) >= before,
  )
  const heard = helperEvents.events.slice(before, helperEvents.events.indexOf(marker))
  t.same(heard, [{ type: 'request.hidden', request_id: id }], 'only that it is gone from their screen')
})

t.test('the helper who blocks the owner leaves; the owner is told by push as after a release', async (t) => {
  const service = await startPushService(tempDir(t))
  t.teardown(() => service.close())
  const app = await buildTestApp(
    t,
    { PUSH_ENDPOINT_HOSTS: service.allowlistEntry, LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' },
    { pushCa: service.ca },
  )
  const [owner, helper] = await Promise.all([signedIn(app, 'Outi'), signedIn(app, 'Harri')])
  const devices = {
    owner: browserSubscription(service.origin, 'owner-phone'),
    helper: browserSubscription(service.origin, 'helper-phone'),
  }
  t.equal((await owner.send('POST', '/api/subscriptions/subscribe', devices.owner.json)).status, 201)
  t.equal((await helper.send('POST', '/api/subscriptions/subscribe', devices.helper.json)).status, 201)
  const pushesTo = (device: 'owner' | 'helper') =>
    service.received
      .filter((push) => push.id === `${device}-phone`)
      .map((push) => readPush(push, devices[device]).notification)
  const { body: request } = await owner.create()
  const id = request.request_id
  // The alert first: a take-over stands down whatever alert was not sent yet.
  await waitUntil(() => pushesTo('helper').length >= 1)
  t.equal((await helper.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
  t.equal((await block(helper, id, 'owner')).status, 201)
  const [response] = await app.sql<{ outcome: string }[]>`
    select outcome from request_responses where request_id = ${id}
  `
  t.equal(response?.outcome, 'released', 'the response ended; the helper can never take it again')
  t.equal((await owner.get(`/api/requests/${id}`)).body.status, 'new', 'the request waits for a helper again')

  // Taken, then released: the second push to the owner is the release.
  await waitUntil(() => pushesTo('owner').length >= 2)
  t.match(pushesTo('owner')[1], { title: /open again|avoinna|öppen igen/ }, 'the owner hears their helper left')
  t.same(
    pushesTo('helper').map((push) => push.title),
    ['Someone nearby needs help'],
    'the helper got only the alert that came before: nothing of the block',
  )
})

t.test('the block limit holds under a parallel burst', async (t) => {
  const app = await buildTestApp(t)
  const blocker = await signedIn(app, 'Bertta')
  const owners = await Promise.all([1, 2, 3, 4, 5].map((n) => signedIn(app, `Owner${n}`)))
  const requests = await Promise.all(owners.map(async (owner) => (await owner.create()).body.request_id))
  await app.sql`
    insert into users (user_name, phone, password_hash)
    select 'filler' || n, '+35850' || lpad(n::text, 7, '0'), 'x' from generate_series(1, ${BLOCKS_PER_USER - 1}) n
  `
  await app.sql`
    insert into blocks (blocker_id, blocked_id)
    select ${idOf(blocker)}, user_id from users where user_name like 'filler%'
  `
  const answers = await Promise.all(requests.map((id) => block(blocker, id, 'owner')))
  t.same(
    answers.map((answer) => answer.status).sort(),
    [201, 409, 409, 409, 409],
    `exactly one more block fits under ${BLOCKS_PER_USER}`,
  )
  t.ok(answers.filter((answer) => answer.status === 409).every((answer) => answer.body.message === BLOCK_ERRORS.limit))
})

t.test('a take-over racing a block never leaves a response between the two', async (t) => {
  const app = await buildTestApp(t)
  for (let round = 0; round < 6; round++) {
    const [owner, helper] = await Promise.all([signedIn(app, `RaceOwner${round}`), signedIn(app, `RaceHelper${round}`)])
    const { body: request } = await owner.create()
    const { body: probe } = await helper.create({ description: 'so the owner may block the helper' })
    const [takeOver, made] = await Promise.all([
      helper.send('PUT', `/api/requests/${request.request_id}/addresponder`),
      block(owner, probe.request_id, 'owner'),
    ])
    t.equal(made.status, 201)
    const [running] = await app.sql<{ n: number }[]>`
      select count(*)::int as n from request_responses where request_id = ${request.request_id} and ended_at is null
    `
    t.equal(running!.n, 0, `round ${round}: no running response (take-over answered ${takeOver.status})`)
  }
})

t.test('the block route answers as the detail does: 404 alike for every request the caller cannot open', async (t) => {
  const app = await buildTestApp(t)
  const [owner, rude, stranger, blocked, admin] = await Promise.all([
    signedIn(app, 'Olli'),
    signedIn(app, 'Rude'),
    signedIn(app, 'Sanni'),
    signedIn(app, 'Bea'),
    signedIn(app, 'Aada', true),
  ])
  const stored = async () => (await app.sql<{ n: number }[]>`select count(*)::int as n from blocks`)[0]!.n
  const notFound = async (who: Actor, id: number, about: 'owner' | 'responder', why: string) => {
    const answer = await block(who, id, about)
    t.same([answer.status, answer.body.message, answer.body.user_name], [404, 'Request not found', undefined], why)
  }

  // An open request of a suspended owner: its detail is 404 for all but admins, and so is blocking its owner.
  const { body: rudes } = await rude.create()
  const until = new Date(Date.now() + 7 * 86_400_000)
  await app.events.transaction(async (tx, announce) =>
    announceChanged(
      announce,
      await suspendAccount(tx, { userId: idOf(rude), until, reason: 'Rude words', decidedBy: idOf(admin) }),
    ),
  )
  await app.events.publish({ type: 'user', userId: idOf(rude) })
  t.equal((await stranger.get(`/api/requests/${rudes.request_id}`)).status, 404, 'the detail: 404')
  await notFound(stranger, rudes.request_id, 'owner', 'a suspended owner: 404, no name')
  await notFound(stranger, rudes.request_id, 'responder', 'about its helper too')

  // A test request, for a non-admin; an unknown id.
  const { body: test } = await admin.create({ isTest: 1 })
  await notFound(stranger, test.request_id, 'owner', 'a test request: 404')
  await notFound(stranger, 999_999, 'owner', 'no such request: 404')

  // The owner blocked this user: to them the owner's requests do not exist, whatever `about` names.
  const { body: ollis } = await owner.create()
  t.equal((await blocked.send('PUT', `/api/requests/${ollis.request_id}/addresponder`)).status, 200)
  t.equal((await block(owner, ollis.request_id, 'responder')).status, 201, 'the owner blocks their helper')
  t.equal((await blocked.get(`/api/requests/${ollis.request_id}`)).status, 404, 'the detail: 404')
  await notFound(blocked, ollis.request_id, 'responder', 'the blocked user, about the helper: 404, not 403')
  await notFound(blocked, ollis.request_id, 'owner', 'about the owner: 404')

  t.equal(await stored(), 1, 'only the owner’s block was stored')
  t.equal((await block(admin, rudes.request_id, 'owner')).status, 201, 'an admin, who sees the request, may block')
})

t.test(
  'a delta names only the ids the caller’s app could hold: not a blocker’s, nor a suspended owner’s',
  async (t) => {
    const app = await buildTestApp(t)
    const [blocker, blocked, rude, admin] = await Promise.all([
      signedIn(app, 'Berit'),
      signedIn(app, 'Unto'),
      signedIn(app, 'Rauli'),
      signedIn(app, 'Aarne', true),
    ])
    const { body: berits } = await blocker.create({ description: 'Need a pump' })
    const { body: raulis } = await rude.create({ description: 'Chain broke' })
    t.equal((await blocked.send('PUT', `/api/requests/${berits.request_id}/addresponder`)).status, 200)
    t.equal((await block(blocker, berits.request_id, 'responder')).status, 201, 'Berit blocks her helper')
    await app.events.transaction(async (tx, announce) =>
      announceChanged(
        announce,
        await suspendAccount(tx, {
          userId: idOf(rude),
          until: new Date(Date.now() + 86_400_000),
          reason: 'Rude words',
          decidedBy: idOf(admin),
        }),
      ),
    )
    // The block and the suspension are older than the cursor: stamped back past its 30 s overlap, as if made a
    // minute ago.
    await app.sql`update blocks set created_at = created_at - interval '1 minute'`
    await app.sql`update account_suspensions set decided_at = decided_at - interval '1 minute'`
    await app.sql`update requests set updated_at = updated_at - interval '1 minute'`
    const cursorOf = async (who: Actor, query: string) =>
      (await app.inject({ url: `/api/requests${query}`, headers: { authorization: `Bearer ${who.user.token}` } }))
        .headers['x-sync-cursor'] as string
    const nearby = await cursorOf(blocked, '')
    const all = await cursorOf(blocked, '?all=1')
    const adminCursor = await cursorOf(admin, '?all=1')

    // Both hidden requests change after the cursor: Berit edits hers, an admin deletes Rauli's.
    t.equal(
      (await blocker.send('PUT', `/api/requests/${berits.request_id}`, { description: 'Pump found' })).status,
      200,
    )
    t.equal((await admin.send('DELETE', `/api/requests/${raulis.request_id}`)).status, 204)

    for (const [what, query] of [
      ['nearby', `?since=${encodeURIComponent(nearby)}`],
      ['show-all', `?all=1&since=${encodeURIComponent(all)}`],
    ] as const) {
      const delta = (await blocked.get(`/api/requests${query}`)).body as unknown as {
        requests: Json[]
        removed: number[]
      }
      t.notOk(delta.removed.includes(berits.request_id), `${what}: the blocker’s change is not named`)
      t.notOk(delta.removed.includes(raulis.request_id), `${what}: nor the suspended owner’s`)
      t.notOk(ids(delta.requests).includes(berits.request_id), `${what}: nor sent`)
    }
    const adminDelta = (await admin.get(`/api/requests?all=1&since=${encodeURIComponent(adminCursor)}`))
      .body as unknown as { requests: Json[]; removed: number[] }
    t.ok(adminDelta.removed.includes(raulis.request_id), 'an admin, who saw it, hears it is gone')
  },
)
