import type { Language } from '../domain/accounts/rules.ts'

/**
 * Every push the server sends is a Declarative Web Push message (W3C Push API, "declarative push message"; WebKit's
 * "Meet Declarative Web Push"): Safari on iPhone and iPad (18.4 and later) shows it by itself, even when the service
 * worker does not run, and every other browser hands the same JSON to our worker's `push` event
 * (web/src/features/pwa/push/notification.ts). One payload for all browsers: docs/adr/0007-declarative-web-push.md.
 */
export const DECLARATIVE_PUSH = 8030

/** The `lang` of a notification: the BCP 47 tag of the recipient's language. */
const LANG: Record<Language, 'fi' | 'sv' | 'en'> = { finnish: 'fi', swedish: 'sv', english: 'en' }

/** What a push shows, as texts.ts words it in the recipient's language. */
export interface PushNotice {
  title: string
  body: string
  /** The in-app path a tap opens: the app with this request's detail open. */
  path: string
  /** One notification per tag on the device: a newer one replaces the older. */
  tag: string
  /** Shown without sound or vibration: a stand-down only corrects what the phone already shows. */
  silent?: true
}

/**
 * The message as it is queued and as it arrives. Not `mutable` as queued: for most pushes our worker would change
 * nothing, so Safari shows them without waking the worker at all. A push that asks for a receipt (an alert) is made
 * `mutable` as it is sent (withReceipt), so the worker runs and confirms it. No `app_badge`: the app keeps no count
 * worth a badge.
 */
export interface DeclarativeMessage {
  web_push: typeof DECLARATIVE_PUSH
  notification: {
    title: string
    body: string
    /**
     * What a tap opens; the format requires an absolute URL. Queued as the in-app path: the worker puts the public
     * origin in front as it sends (withPublicOrigin), so pushes queued before a change of address open the new one.
     */
    navigate: string
    tag: string
    lang: 'fi' | 'sv' | 'en'
    silent?: true
  }
}

/**
 * The flat copy that the workers of releases before declarative push read (`{title, body, url, tag, silent}`), beside
 * the declarative members, which ignore it. Until a device's browser has replaced such a worker, it would otherwise
 * show the app's name without text, and a stand-down beside its alert (docs/adr/0007-declarative-web-push.md).
 * Remove once no worker of those releases can be running.
 */
export interface FlatCopy {
  title: string
  body: string
  url: string
  tag: string
  silent?: true
}

/** The queued payload of a notice: a declarative message whose `navigate` is still the in-app path. */
export function declarativePayload(notice: PushNotice, language: Language): string {
  const message: DeclarativeMessage & FlatCopy = {
    title: notice.title,
    body: notice.body,
    url: notice.path,
    tag: notice.tag,
    ...(notice.silent ? { silent: true } : {}),
    web_push: DECLARATIVE_PUSH,
    notification: {
      title: notice.title,
      body: notice.body,
      navigate: notice.path,
      tag: notice.tag,
      lang: LANG[language],
      ...(notice.silent ? { silent: true } : {}),
    },
  }
  return JSON.stringify(message)
}

function isDeclarative(message: unknown): message is DeclarativeMessage {
  if (typeof message !== 'object' || message === null) return false
  const { web_push, notification } = message as Partial<Record<keyof DeclarativeMessage, unknown>>
  return (
    web_push === DECLARATIVE_PUSH &&
    typeof notification === 'object' &&
    notification !== null &&
    typeof (notification as { navigate?: unknown }).navigate === 'string'
  )
}

/**
 * Where a practice alert's `navigate` carries its send time: replaced as it is sent (withReceipt), so the app can
 * tell the user how long the alert took (docs/live-and-push.md, "Practice alert").
 */
export const SENT_AT = 'SENT_AT'

/**
 * A push that asks for a receipt, as it goes out (docs/adr/0016-alert-receipts.md): `receipt`, the token the
 * service worker confirms it with, beside the declarative members (the format ignores unknown members, as it does
 * the flat copy), and `mutable: true`, so that Safari runs the worker, which confirms it, instead of showing the
 * message by itself. `sentAt` (ms since the epoch): the send time a practice alert's `navigate` carries in place of
 * SENT_AT. A payload that is not a declarative message goes as it is.
 */
export function withReceipt(payload: string, receipt: string, sentAt: number | null): string {
  return editDeclarative(payload, (message) => {
    const marked = message as DeclarativeMessage & Partial<FlatCopy> & { mutable?: true; receipt?: string }
    marked.mutable = true
    marked.receipt = receipt
    if (sentAt !== null) {
      marked.notification.navigate = marked.notification.navigate.replace(SENT_AT, String(sentAt))
      // The flat copy says what the declarative message says (docs/adr/0007-declarative-web-push.md).
      if (typeof marked.url === 'string') marked.url = marked.url.replace(SENT_AT, String(sentAt))
    }
  })
}

/**
 * The payload as it goes out: `navigate` made absolute on the public origin (PUBLIC_URL). A payload that is not a
 * declarative message (queued by an earlier release) goes as it is: the worker still reads that shape.
 */
export function withPublicOrigin(payload: string, origin: string): string {
  return editDeclarative(payload, (message) => {
    message.notification.navigate = new URL(message.notification.navigate, origin).href
  })
}

/** `payload` with `edit` made to its declarative message; anything else (not JSON, an older shape) as it is. */
function editDeclarative(payload: string, edit: (message: DeclarativeMessage) => void): string {
  let message: unknown
  try {
    message = JSON.parse(payload)
  } catch {
    return payload
  }
  if (!isDeclarative(message)) return payload
  edit(message)
  return JSON.stringify(message)
}
