import { renderApp, shown } from './render.ts'
import { act, screen } from '@testing-library/react'
import t, { type Test } from 'tap'
import { readFileSync } from 'node:fs'
import type { Language } from '../../web/src/shared/i18n/language.ts'

// What the app says while something waits (issue 41, "What waits tells the truth"): the offline banner, a slow
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
