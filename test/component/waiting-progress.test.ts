import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, render, screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { createElement } from 'react'
import t, { type Test } from 'tap'
import { loadAppSlices } from '../../web/src/app/store.ts'
import type { WaitingProgress } from '../../web/src/features/requests/waiting-progress.ts'
import type { Service } from '../../web/src/features/services/api.ts'
import { withTexts } from '../../web/src/shared/i18n/catalog-loader.ts'
import { useStore } from '../../web/src/shared/store/store.ts'
import { helpRequest } from '../unit/web/fixtures.ts'
import { waitUntil } from '../wait.ts'
import { answers, shown } from './render.ts'

// The waiting owner's progress when nobody is near (docs/product.md#progress-while-waiting, "When nobody is near"):
// the owner's request detail as the app shows it, its calls answered here, a live `request.progress` event put into
// the store as the event stream does. The block's layout at 390 px and its colours stay in
// test/e2e/waiting-progress.test.ts.

const ID = 7
const REQUEST = helpRequest({
  request_id: ID,
  category: 'bicycle_maintenance',
  description: 'Chain snapped on the ridge road',
  latitude: 66.5,
  longitude: 25.7,
  isOwnRequest: true,
  views: 0,
  mayActAbout: [],
})
const SHOP: Service = {
  service_id: 1,
  category: 'shop',
  latitude: 66.51,
  longitude: 25.71,
  logo_url: null,
  address: null,
  phone: '+358401112222',
  certified: false,
  opening_hours: null,
  localizations: [{ language: 'en', name: 'Ridge Bikes', description: '', url: null }],
}
const soon = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString()
const progress = (fields: Partial<WaitingProgress>): WaitingProgress => ({
  alerted: 0,
  reached: 0,
  opened: 0,
  fitting: 0,
  fitting_ability: 'repair_kit',
  rounds: 1,
  last_round_alerted: 0,
  next_wave_at: soon(300),
  alert_more_available_at: soon(100),
  ...fields,
})

/** The owner's detail of request 7, its progress answered as `first`. */
async function openDetail(t: Test, first: WaitingProgress) {
  // What the app logs as an error (a text missing from the loaded catalogs among them) is checked at its end.
  const consoleError = console.error
  const pageErrors: string[] = []
  console.error = (...args: unknown[]) => pageErrors.push(args.map(String).join(' '))
  await loadAppSlices()
  await useStore.getState().setLanguage('english')
  answers.set(`GET /api/requests/${ID}`, () => ({ body: REQUEST }))
  answers.set(`GET /api/requests/${ID}/progress`, () => ({ body: first }))
  answers.set('GET /api/services', () => ({ body: [SHOP] }))
  // The detail opens from the main screen, whose texts (the list's, the outbox's) are loaded by then.
  await withTexts('main', () => Promise.resolve())()
  const { RequestDetailDialog } = await withTexts(
    'request-detail',
    () => import('../../web/src/app/request-detail/RequestDetailDialog.tsx'),
  )()
  render(createElement(I18nProvider, { i18n }, createElement(RequestDetailDialog, { requestId: ID, onClose() {} })))
  t.teardown(() => {
    cleanup()
    answers.clear()
    useStore.getState().waitingProgressAfterLogout()
    console.error = consoleError
  })
  const block = await shown(() => screen.queryByRole('region', { name: 'Finding a helper' }))
  /** The texts the screen asked for that its catalogs lack (i18n's "missing" logs them): none. */
  const missingTexts = () => pageErrors.filter((line) => line.startsWith('No "'))
  return { block, missingTexts }
}

t.test('before the first round: no helpers alerted yet, and the other ways stay where they were', async (t) => {
  const { block, missingTexts } = await openDetail(
    t,
    progress({ rounds: 0, last_round_alerted: null, next_wave_at: soon(0) }),
  )
  await shown(() => within(block).queryByText('No helpers alerted yet'))
  t.notOk(within(block).queryByText('No helpers within reach yet'), 'nothing is known of reach before a round')
  t.notOk(within(block).queryByText('Meanwhile, other ways to get help:'), 'no other ways in the block')
  t.notOk(within(block).queryByRole('link', { name: 'Life in danger? Call 112' }), 'nor the 112 line')
  t.equal(screen.getAllByRole('link', { name: 'Life in danger? Call 112' }).length, 1, 'the 112 line further down')
  t.equal(screen.getAllByRole('region', { name: 'Help nearby while you wait' }).length, 1, 'and the services')
  t.same(missingTexts(), [], 'every text in the loaded catalogs')
})

t.test('the first round found nobody: said so, with the services, the SMS and 112 in the block', async (t) => {
  const { block, missingTexts } = await openDetail(t, progress({}))
  await shown(() => within(block).queryByText('No helpers within reach yet'))
  t.notOk(within(block).queryByText('No helpers alerted yet'), 'not "alerted yet": a round ran and found nobody')
  t.ok(within(block).queryByText('Next alert round in 5 minutes'), 'the next round still comes')
  t.ok(within(block).queryByText('Meanwhile, other ways to get help:'), 'what else to do, right there')
  const services = within(block).getByRole('region', { name: 'Help nearby while you wait' })
  await shown(() => within(services).queryByText('Ridge Bikes'))
  t.ok(within(services).queryByRole('link', { name: 'Call Ridge Bikes' }), 'the nearest service with its call link')
  const sms = within(block).getByRole('link', { name: 'Send by SMS to someone you trust' })
  const body = decodeURIComponent(sms.getAttribute('href')!.replace(/^sms:\?&body=/, ''))
  t.match(body, /Bicycle maintenance: Chain snapped on the ridge road/, 'the SMS carries the request')
  t.match(body, /mlat=66\.5&mlon=25\.7/, 'and its point')
  t.equal(within(block).getByRole('link', { name: 'Life in danger? Call 112' }).getAttribute('href'), 'tel:112')
  t.equal(screen.getAllByRole('link', { name: 'Life in danger? Call 112' }).length, 1, 'the 112 line once, not twice')
  t.equal(screen.getAllByRole('region', { name: 'Help nearby while you wait' }).length, 1, 'the services once')
  t.same(missingTexts(), [], 'every text in the loaded catalogs')
})

t.test('alerting more finds no one new: said so instead of "being alerted"', async (t) => {
  const before = progress({ alerted: 3, last_round_alerted: 3, alert_more_available_at: soon(-1) })
  const { block, missingTexts } = await openDetail(t, before)
  await shown(() => within(block).queryByText('3 helpers alerted'))
  t.notOk(within(block).queryByText('Meanwhile, other ways to get help:'), 'the round found helpers: no other ways')
  const asked = { ...before, next_wave_at: soon(0), alert_more_available_at: soon(120) }
  answers.set(`POST /api/requests/${ID}/alert-more`, () => ({ body: asked, status: 202 }))
  await userEvent.setup({ document }).click(within(block).getByRole('button', { name: 'Alert more helpers now' }))
  await shown(() => within(block).queryByText('More helpers are being alerted.'))
  t.ok(within(block).queryByText('Alerting helpers now…'), 'the round is going out')

  // The asked round ran and alerted nobody new: the live event says so.
  useStore
    .getState()
    .waitingProgressArrived(ID, { ...asked, rounds: 2, last_round_alerted: 0, next_wave_at: soon(300) })
  await shown(() => within(block).queryByText('No one new to alert right now'))
  t.ok(within(block).queryByText('3 helpers alerted'), 'the count stays at 3')
  await waitUntil(() => within(block).queryByText('More helpers are being alerted.') === null)
  t.pass('"More helpers are being alerted." is gone')
  t.ok(within(block).queryByRole('link', { name: 'Send by SMS to someone you trust' }), 'the SMS in the block')
  t.ok(within(block).queryByRole('link', { name: 'Life in danger? Call 112' }), 'and the 112 line')
  t.same(missingTexts(), [], 'every text in the loaded catalogs')
})
