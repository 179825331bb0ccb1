import t from 'tap'
import type { SharedRequest } from '../../../server/schemas/share-link.ts'
import { canShareNatively, smsHref } from '../../../web/src/features/share-link/share-message.ts'
import {
  formatClock,
  headlineOf,
  initialSharedState,
  isFinal,
  sharedReducer,
} from '../../../web/src/features/share-link/shared-view.ts'

const waiting: SharedRequest = {
  category: 'bicycle_maintenance',
  status: 'new',
  description: 'Flat tyre',
  latitude: 60.17,
  longitude: 24.94,
  isApproximate: true,
  created_at: '2026-03-14T10:00:00.000Z',
  updated_at: '2026-03-14T10:00:00.000Z',
  completed_at: null,
  helper: null,
  expires_at: '2026-03-15T10:00:00.000Z',
}
const helping: SharedRequest = {
  ...waiting,
  status: 'in progress',
  helper: { user_name: 'Aino', on_my_way: false, distance_km: 3 },
}
const closed: SharedRequest = { ...waiting, status: 'completed', completed_at: '2026-03-14T11:00:00.000Z' }

t.test('the headline follows the request', async (t) => {
  t.equal(headlineOf(waiting), 'waiting')
  t.equal(headlineOf(helping), 'helping')
  t.equal(headlineOf({ ...helping, helper: { ...helping.helper!, on_my_way: true } }), 'onTheWay')
  t.equal(headlineOf(closed), 'closed')
})

t.test('answers, failures and the end of a link', async (t) => {
  const failedFirst = sharedReducer(initialSharedState, { type: 'failed' })
  t.match(failedFirst, { phase: 'failed', request: null, failing: true }, 'no answer yet: the error shows')
  t.notOk(isFinal(failedFirst), 'and it is asked again')

  const shown = sharedReducer(failedFirst, { type: 'answer', request: waiting, at: 1000 })
  t.same(shown, { phase: 'shown', request: waiting, checkedAt: 1000, failing: false })
  const stale = sharedReducer(shown, { type: 'failed' })
  t.same(stale, { ...shown, failing: true }, 'a shown request stays, marked as maybe old')
  t.notOk(isFinal(stale))

  const later = sharedReducer(stale, { type: 'answer', request: helping, at: 2000 })
  t.match(later, { request: helping, checkedAt: 2000, failing: false })
  t.notOk(isFinal(later))
  t.ok(isFinal(sharedReducer(later, { type: 'answer', request: closed, at: 3000 })), 'closed: nothing more to ask')
  const gone = sharedReducer(later, { type: 'gone' })
  t.match(gone, { phase: 'gone', request: null })
  t.ok(isFinal(gone), 'gone: nothing more to ask')
})

t.test('times of day, with the weekday when not today', async (t) => {
  const now = Date.parse('2026-03-14T12:00:00')
  const sameDay = formatClock(new Date('2026-03-14T14:32:00').toISOString(), now, 'en-GB')
  t.equal(sameDay, '14:32')
  t.match(formatClock(new Date('2026-03-15T09:05:00').toISOString(), now, 'en-GB'), /^Sun,? 0?9:05$/)
  t.match(formatClock(new Date('2026-03-14T14:32:00').toISOString(), now, 'fi'), /^14[.:]32$/)
})

t.test('the SMS link and the share menu', async (t) => {
  const href = smsHref({ text: 'Seuraa täältä:', url: 'https://pyoraapu.fi/s/abc' })
  t.equal(href, 'sms:?&body=Seuraa%20t%C3%A4%C3%A4lt%C3%A4%3A%20https%3A%2F%2Fpyoraapu.fi%2Fs%2Fabc')
  const payload = { title: 'My help request', text: 'Follow it:', url: 'https://pyoraapu.fi/s/abc' }
  t.notOk(canShareNatively(payload, {}), 'no Web Share API: the copy and SMS ways only')
  t.ok(canShareNatively(payload, { share: async () => {} }))
  t.notOk(canShareNatively(payload, { share: async () => {}, canShare: () => false }), 'the browser says no')
})
