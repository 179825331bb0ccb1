import t from 'tap'
import { progressView, type WaitingProgress } from '../../../web/src/features/requests/waiting-progress.ts'
import { parseServerEvent } from '../../../web/src/shared/live/server-events.ts'

const NOW = Date.parse('2026-05-01T09:00:00Z')
const at = (seconds: number) => new Date(NOW + seconds * 1000).toISOString()
const progress = (next: number | null, available: number | null): WaitingProgress => ({
  alerted: 15,
  reached: 11,
  opened: 3,
  fitting: 0,
  fitting_ability: null,
  next_wave_at: next === null ? null : at(next),
  alert_more_available_at: available === null ? null : at(available),
})

t.test('progressView: the next round and the alert-more button', async (t) => {
  t.same(progressView(progress(240, 60), NOW), {
    next: { kind: 'at', at: at(240) },
    alertMore: { kind: 'wait', until: at(60) },
  })
  t.same(progressView(progress(240, -1), NOW).alertMore, { kind: 'ready' }, 'available since a second')
  t.same(progressView(progress(240, 0), NOW).alertMore, { kind: 'ready' }, 'available from that very moment')
  t.same(progressView(progress(3, 120), NOW).next, { kind: 'now' }, 'due within a few seconds: going out now')
  t.same(progressView(progress(-30, 120), NOW).next, { kind: 'now' }, 'overdue: the worker is on it')
  t.same(
    progressView(progress(null, null), NOW),
    { next: { kind: 'none' }, alertMore: { kind: 'hidden' } },
    'no more rounds: no button',
  )
  t.same(progressView(progress(null, 60), NOW).alertMore, { kind: 'hidden' }, 'nothing to hurry without a round')
})

t.test('request.progress events are parsed; malformed ones ignored', async (t) => {
  const event = { type: 'request.progress', request_id: 7, progress: progress(240, 60) }
  t.same(parseServerEvent(JSON.stringify(event)), event)
  t.equal(parseServerEvent(JSON.stringify({ ...event, progress: { alerted: '15' } })), null)
  const withoutReached: Partial<WaitingProgress> = progress(240, 60)
  delete withoutReached.reached
  t.equal(parseServerEvent(JSON.stringify({ ...event, progress: withoutReached })), null, 'reached is a count too')
  t.equal(parseServerEvent(JSON.stringify({ ...event, request_id: '7' })), null)
})
