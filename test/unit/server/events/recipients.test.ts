import t from 'tap'
import { distanceKm } from '../../../../server/domain/shared/distance.ts'
import { isRecipient, type ChangedRequest, type Listener } from '../../../../server/events/recipients.ts'

const HELSINKI = { latitude: 60.1699, longitude: 24.9384 }
const TAMPERE = { latitude: 61.4978, longitude: 23.761 }

t.test('distance is haversine with a 12742 km earth diameter', async (t) => {
  t.equal(distanceKm(HELSINKI, HELSINKI), 0)
  const km = distanceKm(HELSINKI, TAMPERE)
  t.ok(km > 160 && km < 162, `Helsinki-Tampere is about 161 km (got ${km.toFixed(2)})`)
  t.equal(distanceKm(HELSINKI, TAMPERE).toFixed(6), distanceKm(TAMPERE, HELSINKI).toFixed(6), 'symmetric')
})

t.test('recipients of a change', async (t) => {
  const request: ChangedRequest = { owner_id: 1, responder_id: 2, is_test: false, ...HELSINKI }
  const listener = (changes: Partial<Listener>): Listener => ({
    user_id: 9,
    is_admin: false,
    blocked_either_way: [],
    radius: 10,
    ...TAMPERE,
    ...changes,
  })

  t.ok(isRecipient(request, listener({ user_id: 1 })), 'the owner, wherever they are')
  t.ok(isRecipient(request, listener({ user_id: 2 })), 'the helper, wherever they are')
  t.ok(isRecipient(request, listener({ user_id: 3 }), 3), 'the previous helper')
  t.ok(isRecipient(request, listener({ is_admin: true })), 'admins')
  t.notOk(isRecipient(request, listener({})), 'outside the radius')
  t.ok(isRecipient(request, listener({ radius: 200 })), 'inside a larger radius')
  t.ok(isRecipient(request, listener({ ...HELSINKI, radius: 1 })), 'inside')
  t.ok(
    isRecipient(request, listener({ latitude: null, longitude: null })),
    'a user sharing no location gets everything',
  )
  t.ok(
    isRecipient({ ...request, latitude: null, longitude: null }, listener({})),
    'a request without location reaches everyone',
  )
  const test = { ...request, is_test: true }
  t.notOk(isRecipient(test, listener({ ...HELSINKI })), 'test requests: not to ordinary users nearby')
  t.notOk(isRecipient(test, listener({ user_id: 2 })), 'nor to a helper who is no admin')
  t.ok(isRecipient(test, listener({ is_admin: true })), 'admins only')

  const blocked = { blocked_either_way: [1] }
  t.notOk(isRecipient(request, listener({ ...HELSINKI, ...blocked })), 'a block with the owner: not even nearby')
  t.notOk(isRecipient(request, listener({ user_id: 3, ...blocked }), 3), 'nor as the previous helper')
  t.ok(isRecipient(request, listener({ ...HELSINKI, blocked_either_way: [2] })), 'a block with its helper: seen')
  t.ok(isRecipient(request, listener({ is_admin: true, ...blocked })), 'admins see it, whoever they blocked')
})
