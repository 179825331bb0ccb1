import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, render, screen, within } from '@testing-library/react'
import { createElement } from 'react'
import t, { type Test } from 'tap'
import { loadAppSlices } from '../../web/src/app/store.ts'
import type { HelpRequest } from '../../web/src/features/requests/api.ts'
import { withTexts } from '../../web/src/shared/i18n/catalog-loader.ts'
import type { Language } from '../../web/src/shared/i18n/language.ts'
import { useStore } from '../../web/src/shared/store/store.ts'
import { shown } from './render.ts'

// The admin's live list marks an open request whose owner is suspended or banned (docs/admin.md): users no longer
// see it, admins do, and the tag says why. The server decides `ownerSuspended` (test/server/moderation/
// suspension.test.ts: only to admins, only when true); the dashboard's live behaviour is test/e2e/admin-live.test.ts's.

const NOW = new Date().toISOString()

function request(id: number, fields: Partial<HelpRequest>): HelpRequest {
  return {
    request_id: id,
    category: 'bicycle_maintenance',
    description: 'Ketju katkesi',
    status: 'new',
    isApproximate: 0,
    is_test: false,
    user_name: `Omistaja ${id}`,
    responder_id: null,
    responder_user_name: null,
    created_at: NOW,
    updated_at: NOW,
    ...fields,
  } as HelpRequest
}

async function renderList(t: Test, language: Language, requests: HelpRequest[]) {
  await loadAppSlices()
  await useStore.getState().setLanguage(language)
  const { LiveList } = await withTexts(
    'admin',
    () => import('../../web/src/features/admin/overview/live/LiveList.tsx'),
  )()
  render(createElement(I18nProvider, { i18n }, createElement(LiveList, { requests, flashes: new Map(), onOpen() {} })))
  t.teardown(cleanup)
  return Promise.all(
    requests.map((each) => shown(() => document.querySelector<HTMLElement>(`[data-request-id="${each.request_id}"]`))),
  )
}

for (const [language, tag] of [
  ['english', 'Owner suspended: hidden from users'],
  ['finnish', 'Omistajan tili jäädytetty: piilossa käyttäjiltä'],
  ['swedish', 'Ägaren avstängd: dold för användarna'],
] as const) {
  t.test(`a suspended owner's request carries the tag, another does not (${language})`, async (t) => {
    const [suspended, other] = await renderList(t, language, [request(1, { ownerSuspended: true }), request(2, {})])
    t.ok(within(suspended!).queryByText(tag), `the suspended owner's request: "${tag}"`)
    t.equal(within(other!).queryByText(tag), null, 'no tag on the other one')
    t.equal(screen.getAllByRole('button').length, 2, 'both requests are listed')
  })
}
