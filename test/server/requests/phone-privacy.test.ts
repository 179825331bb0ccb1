import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildTestApp, tempDir } from '../../helper.ts'
import { type Actor, type Json } from '../../requests.ts'
import { openEvents, type EventClient, type ServerEvent } from '../../event-client.ts'
import { signedIn } from '../../signed-in.ts'

const HELSINKI = { latitude: 60.1699, longitude: 24.9384 }
const TAMPERE = { latitude: 61.4978, longitude: 23.761 }

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
}

/**
 * The phone fields of one request as `who` gets it from the list and from its detail. The list is the show-all one,
 * which has the request also for those out of its reach; the default list shapes requests alike.
 */
async function phonesSeenBy(who: Actor, id: number) {
  const list = (await who.get('/api/requests?all=1')).body.find((r: Json) => r.request_id === id)
  const detail = (await who.get(`/api/requests/${id}`)).body
  return {
    list: list && { phone: list.phone, responder_phone: list.responder_phone },
    detail: { phone: detail.phone, responder_phone: detail.responder_phone },
  }
}

t.test('phone numbers reach only whom the privacy statement names', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })
  const base = await listen(app)
  const sockets: EventClient[] = []
  t.teardown(() => sockets.forEach((socket) => socket.close()))

  const placed = async (name: string, where: typeof HELSINKI | null) => {
    const who = await signedIn(app, name)
    if (where) await who.send('PUT', '/api/user/location', where)
    else await app.sql`update users set latitude = null, longitude = null where user_id = ${who.user.user.user_id}`
    await who.send('PUT', '/api/user/radius', { radius: 10 })
    return who
  }
  const owner = await placed('Owner', HELSINKI)
  const helper = await placed('Helper', HELSINKI)
  const near = await placed('Neighbour', HELSINKI)
  const far = await placed('Faraway', TAMPERE)
  const hidden = await placed('Nowhere', null)
  const admin = await placed('Admin', TAMPERE)
  await app.sql`update users set is_admin = true where user_id = ${admin.user.user.user_id}`
  const ownerPhone = owner.user.user.phone
  const helperPhone = helper.user.user.phone

  const id = (await owner.create(HELSINKI)).body.request_id
  t.equal((await helper.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)

  t.test('the list carries numbers only between the two people of the request', async (t) => {
    for (const [who, name] of [
      [near, 'a neighbour'],
      [far, 'a user far away'],
      [hidden, 'a user sharing no location'],
      [admin, 'an admin'],
    ] as const) {
      t.same((await phonesSeenBy(who, id)).list, { phone: null, responder_phone: null }, name)
    }
    t.same((await phonesSeenBy(owner, id)).list, { phone: ownerPhone, responder_phone: helperPhone }, 'the owner')
    t.same((await phonesSeenBy(helper, id)).list, { phone: ownerPhone, responder_phone: helperPhone }, 'the helper')
  })

  t.test(
    'the detail shows the owner’s number to those within reach, the helper’s to the owner and admins',
    async (t) => {
      t.same((await phonesSeenBy(near, id)).detail, { phone: ownerPhone, responder_phone: null }, 'within the radius')
      t.same((await phonesSeenBy(far, id)).detail, { phone: null, responder_phone: null }, 'outside the radius')
      t.same((await phonesSeenBy(hidden, id)).detail, { phone: null, responder_phone: null }, 'not known to be near')
      t.same((await phonesSeenBy(admin, id)).detail, { phone: ownerPhone, responder_phone: helperPhone }, 'an admin')
      t.same((await phonesSeenBy(owner, id)).detail, { phone: ownerPhone, responder_phone: helperPhone }, 'the owner')
      t.same((await phonesSeenBy(helper, id)).detail, { phone: ownerPhone, responder_phone: helperPhone }, 'the helper')

      const viewed = await far.send<Json>('PUT', `/api/requests/${id}/add-view`)
      t.equal(viewed.body.phone, null, 'the answer to a change follows the same rule')
    },
  )

  t.test('a request without a location reaches everyone, so its number does', async (t) => {
    const other = await placed('Lost', HELSINKI)
    const unplaced = (await other.create({ latitude: null, longitude: null })).body.request_id
    t.equal((await phonesSeenBy(far, unplaced)).detail.phone, other.user.user.phone, 'far away')
    t.equal((await phonesSeenBy(hidden, unplaced)).detail.phone, other.user.user.phone, 'sharing no location')
    t.equal((await phonesSeenBy(far, unplaced)).list?.phone, null, 'yet not in the list')
  })

  t.test('live events carry numbers only to the two people of the request', async (t) => {
    const listening = await Promise.all([owner, helper, near, admin].map((who) => openEvents(base, who.user.token)))
    sockets.push(...listening)
    await owner.send('PUT', `/api/requests/${id}`, { description: 'Still waiting by the bridge' })
    const changed = (event: ServerEvent) =>
      event.type === 'request.upserted' && event.request?.description === 'Still waiting by the bridge'
    const [toOwner, toHelper, toNear, toAdmin] = await Promise.all(listening.map((socket) => socket.next(changed)))
    const phones = (event: ServerEvent) => ({
      phone: event.request?.phone,
      responder_phone: event.request?.responder_phone,
    })
    t.same(phones(toOwner!), { phone: ownerPhone, responder_phone: helperPhone }, 'the owner')
    t.same(phones(toHelper!), { phone: ownerPhone, responder_phone: helperPhone }, 'the helper')
    t.same(phones(toNear!), { phone: null, responder_phone: null }, 'a neighbour')
    t.same(phones(toAdmin!), { phone: null, responder_phone: null }, 'an admin')
  })

  t.test('a removed helper keeps no number; a completed request shows none', async (t) => {
    const helperEvents = await openEvents(base, helper.user.token)
    sockets.push(helperEvents)
    t.equal((await owner.send('PUT', `/api/requests/${id}/removeresponder`, { removedBy: 'owner' })).status, 200)
    const removal = await helperEvents.next((e) => e.type === 'request.upserted' && e.request?.responder_id === null)
    t.equal((removal as { removedBy?: string }).removedBy, 'owner', 'the helper hears who ended it')
    t.same([removal.request?.phone, removal.request?.responder_phone], [null, null], 'and no number any more')
    t.same((await phonesSeenBy(helper, id)).list, { phone: null, responder_phone: null }, 'no longer a participant')
    t.equal((await owner.send('PUT', `/api/requests/${id}/setready`, { gotHelp: 0 })).status, 200)
    for (const who of [owner, near, admin]) {
      t.same((await phonesSeenBy(who, id)).detail, { phone: null, responder_phone: null }, who.user.user.user_name)
    }
  })

  t.test('"only to the person who helps": nobody else gets the number, the helper from the take-over on', async (t) => {
    const careful = await placed('Careful', HELSINKI)
    const carefulPhone = careful.user.user.phone
    const made = await careful.create({ ...HELSINKI, phoneOnlyToHelper: 1 })
    t.equal(made.status, 201)
    t.equal(made.body.phoneOnlyToHelper, true, 'the choice is in the answer')
    const privateId = made.body.request_id
    const unplaced = await placed('Careful Lost', HELSINKI)
    const placeless = (await unplaced.create({ latitude: null, longitude: null, phoneOnlyToHelper: true })).body
    for (const [who, name] of [
      [near, 'a neighbour within reach'],
      [helper, 'a helper within reach, before taking it over'],
      [admin, 'an admin'],
    ] as const) {
      t.same((await phonesSeenBy(who, privateId)).detail, { phone: null, responder_phone: null }, name)
    }
    t.equal((await phonesSeenBy(far, placeless.request_id)).detail.phone, null, 'without location: nobody either')
    t.same((await phonesSeenBy(careful, privateId)).detail.phone, carefulPhone, 'the owner sees their own')

    const helperEvents = await openEvents(base, helper.user.token)
    const nearEvents = await openEvents(base, near.user.token)
    sockets.push(helperEvents, nearEvents)
    t.equal((await helper.send('PUT', `/api/requests/${privateId}/addresponder`)).status, 200)
    const taken = (e: ServerEvent) => e.type === 'request.upserted' && e.request?.request_id === privateId
    t.equal((await helperEvents.next(taken)).request?.phone, carefulPhone, 'the helper hears it live at the take-over')
    t.equal((await nearEvents.next(taken)).request?.phone, null, 'a neighbour does not')
    t.same((await phonesSeenBy(helper, privateId)).list?.phone, carefulPhone, 'the helper: in the list')
    t.same((await phonesSeenBy(helper, privateId)).detail.phone, carefulPhone, 'and in the detail')
    t.same((await phonesSeenBy(admin, privateId)).detail, { phone: null, responder_phone: helperPhone }, 'an admin')
    t.equal((await phonesSeenBy(near, privateId)).detail.phone, null, 'a neighbour')

    t.equal(
      (await helper.send('PUT', `/api/requests/${privateId}/removeresponder`, { removedBy: 'responder' })).status,
      200,
    )
    t.equal((await phonesSeenBy(helper, privateId)).detail.phone, null, 'a helper who withdrew has it no more')
    const bad = await careful.send('POST', '/api/requests', {
      category: 'other',
      description: 'x',
      isApproximate: 0,
      phoneOnlyToHelper: 'yes',
    })
    t.equal(bad.status, 400, 'the choice is a flag')
  })
})
