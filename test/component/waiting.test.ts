import { renderApp, shown } from './render.ts'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { readFileSync } from 'node:fs'
import { mock } from 'node:test'
import { createElement, type ReactElement } from 'react'
import t, { type Test } from 'tap'
import { NO_ABILITIES } from '../../server/domain/shared/abilities.ts'
import { MessageComposer } from '../../web/src/features/conversation/MessageComposer.tsx'
import { PendingMessages } from '../../web/src/features/outbox/PendingMessages.tsx'
import { PendingRequests } from '../../web/src/features/outbox/PendingRequests.tsx'
import type { OutboxItem } from '../../web/src/features/outbox/outbox-item.ts'
import { createOutboxSlice, UNDO_MS, type OutboxEntry } from '../../web/src/features/outbox/slice.ts'
import type { StoredUser } from '../../web/src/features/account/session/stored-user.ts'
import { withTexts, type TextArea } from '../../web/src/shared/i18n/catalog-loader.ts'
import type { Language } from '../../web/src/shared/i18n/language.ts'
import { SLOW_SEND_MS } from '../../web/src/shared/hooks/useTakingLong.ts'
import { addSlices, useStore } from '../../web/src/shared/store/store.ts'
import { waitUntil } from '../wait.ts'

// What the app says while something waits, and says truly: the offline banner, a slow
// send, an undone cancel. Docs: docs/outbox.md ("Where it shows") and docs/pwa.md.

/** The browser's word on the network, as the app reads it (navigator.onLine and the online/offline events). */
function setOnline(t: Test, online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online })
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'))
  })
  t.teardown(() => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true })
    window.dispatchEvent(new Event('online'))
  })
}

/**
 * The banner and the outbox say the same of what is written offline: kept on the phone, sent by itself when the
 * signal returns (docs/outbox.md, "Where it shows"). The tail is the outbox's own line under an offline conversation
 * (outboxofflinemessages), word for word.
 */
const BANNER: Record<Language, { text: string; sameAsOutbox: string }> = {
  english: {
    text: 'You are offline. Saved screens still work. What you write is kept on your phone and sent by itself when there is signal.',
    sameAsOutbox: 'sent by itself when there is signal.',
  },
  finnish: {
    text: 'Olet offline-tilassa. Tallennetut näkymät toimivat. Mitä kirjoitat, säilyy puhelimessasi ja lähtee itsestään, kun kenttää taas on.',
    sameAsOutbox: 'lähtee itsestään, kun kenttää taas on.',
  },
  swedish: {
    text: 'Du är offline. Sparade vyer fungerar. Det du skriver sparas i telefonen och skickas av sig självt när du har täckning igen.',
    sameAsOutbox: 'skickas av sig självt när du har täckning igen.',
  },
}

const LOCALES: Record<Language, string> = { english: 'en', finnish: 'fi', swedish: 'sv' }

/** The outbox's line under an offline conversation, as the language's catalog has it. */
function outboxLine(language: Language): string {
  const catalog = readFileSync(
    new URL(`../../web/src/locales/${LOCALES[language]}/messages.po`, import.meta.url),
    'utf8',
  )
  return /msgid "outboxofflinemessages"\nmsgstr "(.*)"/.exec(catalog)?.[1] ?? ''
}

for (const language of ['english', 'finnish', 'swedish'] as const) {
  t.test(`the offline banner says what is written waits and goes by itself (${language})`, async (t) => {
    const { pageErrors } = await renderApp(t, '/info', language)
    await shown(() => screen.queryByRole('heading', { level: 1 }))
    const banner = () => document.querySelector<HTMLElement>('.offline-banner')
    t.equal(banner()?.hidden, true, 'online: no banner')
    setOnline(t, false)
    t.equal(banner()?.hidden, false, 'offline: the banner shows')
    t.equal(banner()?.getAttribute('role'), 'status', 'as a status, read out when it comes')
    const { text, sameAsOutbox } = BANNER[language]
    t.equal(banner()?.textContent, text)
    t.ok(text.endsWith(sameAsOutbox), 'the banner ends in these words')
    t.ok(outboxLine(language).endsWith(sameAsOutbox), 'and so does the outbox’s line under a conversation')
    t.notMatch(banner()?.textContent ?? '', /need a connection|vaativat yhteyden|behövs en anslutning/)
    t.same(pageErrors, [], 'no errors in the page')
  })
}

/**
 * One part of a signed-in user's screen, with the store's slices it reads and its area's texts, as the app has them
 * once that screen has loaded. Removed when the test ends, with what it put in the store.
 */
async function renderPart(t: Test, part: ReactElement, area: TextArea) {
  await useStore.getState().setLanguage('english')
  await withTexts(area, () => Promise.resolve())()
  useStore.setState({ status: 'loggedIn', user: USER })
  const user = userEvent.setup({ document })
  render(createElement(I18nProvider, { i18n }, part))
  t.teardown(() => {
    cleanup()
    useStore.setState({ status: 'loggedOut', user: null, outbox: [], outboxSending: null })
    localStorage.clear()
  })
  return { user }
}

const USER = {
  user_id: 7,
  user_name: 'Heikki',
  phone: '+358401110002',
  radius: 10,
  language: 'english',
  quietStart: null,
  quietEnd: null,
  hourlyCap: 10,
  availableToHelp: true,
  availableUntil: null,
  abilities: NO_ABILITIES,
} satisfies StoredUser

/** `fetch` for the POSTs to `path`: each waits until the test answers it; the rest as render.ts answers them. */
function holdPosts(t: Test, path: string) {
  const held: Array<(response: Response) => void> = []
  const fetchBefore = globalThis.fetch
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href)
    if (url.pathname !== path || init?.method !== 'POST') return fetchBefore(input, init)
    return new Promise<Response>((resolve) => held.push(resolve))
  }
  t.teardown(() => {
    globalThis.fetch = fetchBefore
  })
  return held
}

/** Timers of the test's own making for what happens after N seconds: Node's mock timers, setTimeout only. */
function fakeTimers(t: Test) {
  mock.timers.enable({ apis: ['setTimeout'] })
  t.teardown(() => mock.timers.reset())
  return {
    /** Moves the clock on, running what falls due and what React then renders. */
    tick: (ms: number) =>
      act(async () => {
        mock.timers.tick(ms)
        await settle()
      }),
    real: () => mock.timers.reset(),
  }
}

/** Lets what a click started run its promise callbacks (not timers). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve))

t.test('a slow message says "Sending…" in the Send button’s place after 2 s, not before', async (t) => {
  addSlices(createOutboxSlice)
  const held = holdPosts(t, '/api/requests/5/messages')
  const sent: string[] = []
  const { user } = await renderPart(
    t,
    createElement(MessageComposer, {
      requestId: 5,
      side: 'helper',
      category: 'bicycle_maintenance',
      onSent: (message) => sent.push(message.text),
    }),
    'request-detail',
  )
  await user.type(screen.getByLabelText('Your message'), 'Coming')
  const button = screen.getByRole('button', { name: 'Send' })
  const timers = fakeTimers(t)
  await act(async () => {
    fireEvent.click(button)
    await settle()
  })
  t.equal(held.length, 1, 'the message is on its way')
  t.equal(button.textContent, 'Send', 'at once: no flicker of a quick send')
  t.ok(button.hasAttribute('disabled'), 'but no second tap')
  await timers.tick(SLOW_SEND_MS - 1)
  t.equal(button.textContent, 'Send', 'not before 2 s')
  await timers.tick(1)
  t.equal(button.textContent, 'Sending…', 'after 2 s it says so, in place')
  timers.real()
  const message = { message_id: '9', request_id: 5, author_id: 7, author_name: 'Heikki', text: 'Coming' }
  held[0]!(Response.json({ ...message, created_at: new Date().toISOString() }, { status: 201 }))
  await waitUntil(() => button.textContent === 'Send' && !button.hasAttribute('disabled'))
  t.same(sent, ['Coming'], 'sent once the answer came')
})

/** A message waiting in the outbox, as the slice shows it after a send that found no network. */
function waitingMessage(key: string, text: string): OutboxEntry {
  const item: OutboxItem = {
    key,
    userId: USER.user_id,
    kind: 'message',
    path: '/api/requests/5/messages',
    body: { text },
    requestId: 5,
    createdAt: Date.now(),
    attempts: 1,
    nextAttemptAt: Date.now(),
    refusal: null,
  }
  return { item, status: 'waiting' }
}

t.test('a waiting item a round has been sending for 2 s says "Sending…" instead of waiting for signal', async (t) => {
  addSlices(createOutboxSlice)
  await renderPart(t, createElement(PendingMessages, { requestId: 5, messages: [] }), 'request-detail')
  act(() => useStore.setState({ outbox: [waitingMessage('k1', 'On my way')] }))
  const status = () => screen.getByText(/Waiting for signal|Sending…/)
  t.equal(status().textContent, 'Waiting for signal — it will be sent by itself')
  const timers = fakeTimers(t)
  act(() => useStore.setState({ outboxSending: 'k1' }))
  await timers.tick(SLOW_SEND_MS - 1)
  t.equal(status().textContent, 'Waiting for signal — it will be sent by itself', 'not before 2 s')
  await timers.tick(1)
  t.equal(status().textContent, 'Sending…', 'then in its place')
  act(() => useStore.setState({ outboxSending: null }))
  t.equal(status().textContent, 'Waiting for signal — it will be sent by itself', 'no answer: waiting again')
})

/** A help request waiting in the outbox: the card at the top of the list that says it is not sent yet. */
function waitingRequest(key: string, description: string): OutboxEntry {
  const entry = waitingMessage(key, '')
  const body = { category: 'bicycle_maintenance', description, latitude: 60.17, longitude: 24.94, isApproximate: 0 }
  return { ...entry, item: { ...entry.item, kind: 'request', path: '/api/requests', body, requestId: null } }
}

t.test(
  'Cancel sending of a help request offers Undo, which puts it back; without it, it goes after a while',
  async (t) => {
    addSlices(createOutboxSlice)
    useStore.setState({ requests: [] })
    const { user } = await renderPart(t, createElement(PendingRequests), 'main')
    act(() => useStore.setState({ outbox: [waitingRequest('k1', 'Chain off near the square')] }))
    t.ok(screen.queryByRole('link', { name: 'Send by SMS to someone you trust' }), 'waiting: the SMS fallback too')
    await user.click(screen.getByRole('button', { name: 'Cancel sending' }))
    t.ok(screen.queryByText('Cancelled — it will not be sent'), 'one tap says it is cancelled')
    t.ok(screen.queryByText('Chain off near the square'), 'and keeps the request in sight')
    t.notOk(screen.queryByRole('link', { name: 'Send by SMS to someone you trust' }), 'no SMS of a cancelled request')
    t.same(
      useStore.getState().outbox.map((entry) => entry.status),
      ['cancelled'],
      'not waiting: no round sends it',
    )
    await user.click(screen.getByRole('button', { name: 'Undo' }))
    t.ok(screen.queryByText('Waiting for signal — it will be sent by itself'), 'Undo: waiting again')
    t.same(
      useStore.getState().outbox.map((entry) => [entry.item.key, entry.status]),
      [['k1', 'waiting']],
      'the same item, with its key',
    )

    const timers = fakeTimers(t)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel sending' }))
      await settle()
    })
    await timers.tick(UNDO_MS - 1)
    t.ok(screen.queryByRole('button', { name: 'Undo' }), 'Undo is there for a while')
    await timers.tick(1)
    t.notOk(screen.queryByText('Chain off near the square'), 'then the cancelled request is gone')
    t.same(useStore.getState().outbox, [], 'from the store too')
  },
)
