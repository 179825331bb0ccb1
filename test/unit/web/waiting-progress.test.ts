import t from 'tap'
import {
  progressView,
  searchOutcome,
  stillAlertingAfterAsk,
  type WaitingProgress,
} from '../../../web/src/features/requests/waiting-progress.ts'
import { parseServerEvent } from '../../../web/src/shared/live/server-events.ts'

const NOW = Date.parse('2026-05-01T09:00:00Z')
const at = (seconds: number) => new Date(NOW + seconds * 1000).toISOString()
const progress = (next: number | null, available: number | null): WaitingProgress => ({
  alerted: 15,
  reached: 11,
  opened: 3,
  fitting: 0,
  fitting_ability: null,
  rounds: 1,
  last_round_alerted: 15,
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

t.test('searchOutcome: nobody within reach, no one new, or searching', async (t) => {
  const round = (alerted: number, rounds: number | null, last: number | null, next: number | null = 300) => ({
    ...progress(next, 60),
    alerted,
    rounds,
    last_round_alerted: last,
  })
  t.equal(searchOutcome(round(0, 0, null)), 'searching', 'the first round has not run yet')
  t.equal(searchOutcome(round(0, 1, 0)), 'nobody', 'the first round found nobody')
  t.equal(searchOutcome(round(0, 3, 0)), 'nobody', 'nor did the later ones')
  t.equal(searchOutcome(round(0, null, null, null)), 'nobody', 'the rounds are over and none alerted anyone')
  t.equal(searchOutcome(round(3, 1, 3)), 'searching', 'the latest round alerted 3')
  t.equal(searchOutcome(round(3, 2, 0)), 'no-one-new', 'the next round (asked for) found nobody new')
  t.equal(searchOutcome(round(5, 3, 2)), 'searching', 'a later round found 2 more')
  t.equal(searchOutcome(round(3, null, null, null)), 'searching', 'the rounds are over: the counts tell it')
})

t.test('stillAlertingAfterAsk: "More helpers are being alerted." until the asked round comes back empty', async (t) => {
  const after = (rounds: number | null, last: number | null) => ({
    ...progress(0, 120),
    rounds,
    last_round_alerted: last,
  })
  t.ok(stillAlertingAfterAsk(after(1, 3), 1), 'the asked round has not run yet')
  t.ok(stillAlertingAfterAsk(after(1, 0), 1), 'not yet, even though the round before found nobody new')
  t.ok(stillAlertingAfterAsk(after(2, 4), 1), 'it ran and alerted 4 more')
  t.notOk(stillAlertingAfterAsk(after(2, 0), 1), 'it ran and found nobody new: the block says so instead')
  t.notOk(stillAlertingAfterAsk(after(null, null), 1), 'it was the last round: the counts tell what it did')
})

t.test('request.progress events are parsed; malformed ones ignored', async (t) => {
  const event = { type: 'request.progress', request_id: 7, progress: progress(240, 60) }
  t.same(parseServerEvent(JSON.stringify(event)), event)
  t.equal(parseServerEvent(JSON.stringify({ ...event, progress: { alerted: '15' } })), null)
  const withoutReached: Partial<WaitingProgress> = progress(240, 60)
  delete withoutReached.reached
  t.equal(parseServerEvent(JSON.stringify({ ...event, progress: withoutReached })), null, 'reached is a count too')
  t.equal(parseServerEvent(JSON.stringify({ ...event, request_id: '7' })), null)
  t.equal(
    parseServerEvent(JSON.stringify({ ...event, progress: { ...progress(240, 60), last_round_alerted: '0' } })),
    null,
    'the latest round is a count or null',
  )
  const nulls = { ...event, progress: { ...progress(null, null), rounds: null, last_round_alerted: null } }
  t.same(parseServerEvent(JSON.stringify(nulls)), nulls, 'no round left: both null')
})
