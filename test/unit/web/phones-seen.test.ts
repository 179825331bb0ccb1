import t from 'tap'
import { helpRequest } from './fixtures.ts'
import { applyRequestEvent, withPhonesSeen } from '../../../web/src/features/requests/list-merge.ts'

const HELD = helpRequest({
  request_id: 1,
  status: 'in progress',
  phone: '+358401234567',
  responder_id: 7,
  responder_phone: '+358407654321',
  updated_at: '2026-11-24T10:00:00.000Z',
})
const later = (fields: Parameters<typeof helpRequest>[0]) =>
  helpRequest({ ...HELD, phone: null, responder_phone: null, updated_at: '2026-11-24T10:05:00.000Z', ...fields })
const upsert = (request: ReturnType<typeof helpRequest>) =>
  applyRequestEvent([HELD], { type: 'request.upserted', request })[0]!

t.test('a list copy without numbers keeps the numbers already shown', async (t) => {
  const next = upsert(later({ description: 'Moved under the bridge' }))
  t.equal(next.description, 'Moved under the bridge', 'the change is applied')
  t.equal(next.phone, HELD.phone, 'the owner’s number stays')
  t.equal(next.responder_phone, HELD.responder_phone, 'the same responder’s number stays')
})

t.test('numbers that no longer apply are not kept', async (t) => {
  t.equal(upsert(later({ responder_id: 8 })).responder_phone, null, 'another responder: not the old one’s number')
  t.equal(upsert(later({ status: 'new', responder_id: null })).responder_phone, null, 'no responder')
  const done = upsert(later({ status: 'completed', responder_id: null }))
  t.same([done.phone, done.responder_phone], [null, null], 'completed: none at all')
  t.equal(upsert(later({ phone: '+358409999999' })).phone, '+358409999999', 'a number sent wins')
})

t.test('a refetched list keeps the numbers the held copies were shown', async (t) => {
  const other = helpRequest({ request_id: 2, phone: null })
  const [kept, fresh] = withPhonesSeen([HELD], [later({ description: 'Refetched' }), other])
  t.equal(kept?.description, 'Refetched', 'the fetched state')
  t.equal(kept?.phone, HELD.phone, 'with the number shown before')
  t.equal(fresh, other, 'a request not held before is as fetched')
})

t.test('the helper’s copy keeps the owner’s number only while they help', async (t) => {
  const released = later({ status: 'new', responder_id: null })
  t.equal(applyRequestEvent([HELD], { type: 'request.upserted', request: released }, 7)[0]?.phone, null, 'let go')
  const other = later({ responder_id: 8 })
  t.equal(applyRequestEvent([HELD], { type: 'request.upserted', request: other }, 7)[0]?.phone, null, 'replaced')
  t.equal(withPhonesSeen([HELD], [released], 7)[0]?.phone, null, 'a refetched list neither')
  t.equal(
    applyRequestEvent([HELD], { type: 'request.upserted', request: released }, 5)[0]?.phone,
    HELD.phone,
    'someone else who was shown it keeps it',
  )
})
