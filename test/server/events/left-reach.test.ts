import t from 'tap'
import { leftReach } from '../../../server/events/left-reach.ts'
import type { BusMessage } from '../../../server/events/bus.ts'
import type { ChangedRequest, Listener } from '../../../server/events/recipients.ts'
import { buildTestApp, tempDir } from '../../helper.ts'
import { actor } from '../../requests.ts'

const HELSINKI = { latitude: 60.1699, longitude: 24.9384 }
const TAMPERE = { latitude: 61.4978, longitude: 23.761 }
const NOWHERE = { latitude: null, longitude: null }

t.test('who loses a request that moved: those it reached before and not now', async (t) => {
  const movedTo: ChangedRequest = { owner_id: 1, responder_id: 2, is_test: false, ...TAMPERE }
  const listener = (changes: Partial<Listener>): Listener => ({
    user_id: 9,
    is_admin: false,
    radius: 10,
    ...HELSINKI,
    ...changes,
  })
  t.ok(leftReach(movedTo, listener({}), HELSINKI), 'a neighbour of the old place')
  t.ok(leftReach(movedTo, listener({}), NOWHERE), 'anyone, when it had no location before')
  t.notOk(leftReach(movedTo, listener({ ...TAMPERE }), HELSINKI), 'not a neighbour of the new place')
  t.notOk(leftReach(movedTo, listener({ radius: 200 }), HELSINKI), 'not one whose radius covers both')
  t.notOk(leftReach(movedTo, listener({ ...NOWHERE }), HELSINKI), 'not one who shares no location: sees all')
  t.notOk(leftReach(movedTo, listener({ user_id: 1 }), HELSINKI), 'not the owner')
  t.notOk(leftReach(movedTo, listener({ user_id: 2 }), HELSINKI), 'not the responder')
  t.notOk(leftReach(movedTo, listener({ is_admin: true }), HELSINKI), 'not an admin')
  t.notOk(leftReach({ ...movedTo, ...NOWHERE }, listener({}), HELSINKI), 'not when it now has no location')
})

t.test('moving a request publishes where it was', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })
  const owner = await actor(app, dataDir, 'Owner')
  const id = (await owner.create(HELSINKI)).body.request_id
  const published: BusMessage[] = []
  const publish = app.events.publish.bind(app.events)
  app.events.publish = async (message) => {
    published.push(message)
    return publish(message)
  }
  t.equal((await owner.send('PUT', `/api/requests/${id}/location`, { ...TAMPERE, isApproximate: 0 })).status, 200)
  t.equal((await owner.send('PUT', `/api/requests/${id}/location`, { ...NOWHERE, isApproximate: 0 })).status, 200)
  t.match(published, [
    { type: 'request', requestId: id, previousPlace: HELSINKI },
    { type: 'request', requestId: id, previousPlace: TAMPERE },
  ])
})
